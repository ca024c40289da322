"""What a ProPara report shows beyond the scores: every summary item with its best
partner (the JSON `items`, the error table), one document per process (its sentences,
or one stand-in token per step) with the items as spans, and the action grid.

Item texts: an input or output is its participant; a conversion `destroyed → created at
location (step s)`; a move `participant: before → after (step s)` (locations as the
summary stores them: `null`, `unk` or the text).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...context import BOTH_MARK, GOLD_MARK, SYSTEM_MARK
from ...report import ERROR_COLUMNS, Later, Table
from ...spans import Document, Span
from .scores import QUESTIONS, QuestionScore
from .summary import Conversion, Move, Summary

SINGULAR = {"inputs": "input", "outputs": "output", "conversions": "conversion", "moves": "move"}
MARKERS = {"missing": GOLD_MARK, "spurious": SYSTEM_MARK, "partial": BOTH_MARK}  # answer, prediction, both

Item = str | Conversion | Move


def item_json(item: Item) -> dict[str, Any]:
    return {"participants": item} if isinstance(item, str) else item.diagnostics()


def item_text(item: Item) -> str:
    if isinstance(item, Conversion):
        return f"{item.destroyed} → {item.created} at {item.location} (step {item.step})"
    if isinstance(item, Move):
        return f"{item.participants}: {item.before} → {item.after} (step {item.step})"
    return item


def item_step(item: Item) -> int:
    return 0 if isinstance(item, str) else item.step


def document_name(pid: int) -> str:
    return f"process {pid}"


def process_document(pid: int, steps: int, sentences: list[str] | None) -> Document:
    """The process as its sentences (words as tokens), one unit per step; without a text a
    step is one stand-in token `(step k)`."""
    tokens: list[str] = []
    units: list[tuple[int, int]] = []
    texts = sentences or []
    for k in range(1, max(steps, len(texts)) + 1):
        words = texts[k - 1].split() if k <= len(texts) else []
        start = len(tokens)
        tokens += words or [f"(step {k})"]
        units.append((start, len(tokens)))
    return Document(document_name(pid), tokens, units, [str(k) for k in range(1, len(units) + 1)],
                    has_words=bool(texts))  # fmt: skip


@dataclass
class Entry:
    """One item of one side with its best partner on the other side."""

    pid: int
    question: str
    side: str  # "answer" or "prediction"
    item: Item
    best: Item | None
    score: float

    @property
    def kind(self) -> str:
        """matched, partial, missing (answer without credit) or spurious (prediction without)."""
        if self.score >= 1.0:
            return "matched"
        if self.score > 0.0:
            return "partial"
        return "missing" if self.side == "answer" else "spurious"

    def json(self) -> dict[str, Any]:
        return {"process_id": self.pid, "question": self.question, "side": self.side,
                "item": item_json(self.item), "best": None if self.best is None else item_json(self.best),
                "score": self.score}  # fmt: skip


def entries(answer: Summary, prediction: Summary, questions: dict[str, QuestionScore]) -> list[Entry]:
    """Per question: the answer items, then the prediction items."""
    found: list[Entry] = []
    for q in QUESTIONS:
        answers, predictions = getattr(answer, q), getattr(prediction, q)
        result = questions[q]
        for item, (best, where) in zip(answers, result.answer_best, strict=True):
            found.append(
                Entry(answer.pid, q, "answer", item, predictions[where] if where >= 0 else None, best)
            )
        for item, (best, where) in zip(predictions, result.prediction_best, strict=True):
            found.append(
                Entry(answer.pid, q, "prediction", item, answers[where] if where >= 0 else None, best)
            )
    return found


def _word(token: str) -> str:
    return token.strip(".,;:!?()\"'").casefold()


def mentions(doc: Document, participant: str) -> list[list[int]]:
    """Where the sentences mention a participant (any of its alternatives, `a OR b`), word
    for word, ignoring case and punctuation: [start, end) pieces; none without sentences."""
    if not doc.has_words:
        return []
    words = [_word(t) for t in doc.tokens]
    found = []
    for name in participant.split(" OR "):
        wanted = [w for w in (_word(t) for t in name.split()) if w]
        n = len(wanted)
        found += [[i, i + n] for i in range(len(words) - n + 1) if n and words[i : i + n] == wanted]
    return sorted(found)


def _unit_text(doc: Document, pieces: list[list[int]]) -> str:
    steps = dict.fromkeys(doc.unit_of(start) + 1 for start, _ in pieces)
    return "mentioned in step " + ", ".join(map(str, steps))


def _side(doc: Document, item: Item | None, text: str, label: str) -> tuple[Any, ...]:
    """One side of an error row: label, text, start, end, parts and position (blank
    without an item; no position where the item has no step and no mention)."""
    if item is None:
        return "", "", None, None, [], ""
    step = item_step(item)
    if step and step <= len(doc.units):
        start, end = doc.units[step - 1]
        return label, text, start, end, [[start, end]], f"step {step}"
    if isinstance(item, str) and (pieces := mentions(doc, item)):  # an input or output
        return label, text, pieces[0][0], pieces[0][1], pieces, _unit_text(doc, pieces)
    return label, text, None, None, [], ""


#: The keys of an error row: the standard columns, then ProPara's own.
ROW_KEYS = (*ERROR_COLUMNS, "process_id", "question", "side", "item", "best", "score", "marker")


def _row_values(doc: Document, entry: Entry) -> tuple[Any, ...]:
    """The values of an entry's error row in ROW_KEYS' order, without its id."""
    kind, label = entry.kind, SINGULAR[entry.question]
    item = item_text(entry.item)
    best = "" if entry.best is None else item_text(entry.best)
    mine, theirs = _side(doc, entry.item, item, label), _side(doc, entry.best, best, label)
    gold, system = (mine, theirs) if entry.side == "answer" else (theirs, mine)
    step = item_step(entry.item)
    return (doc.name, step, str(step) if step else "", kind, "", gold[0], system[0], *gold[2:4], *system[2:4],
            gold[4], system[4], gold[5], system[5], gold[1], system[1], f"{label} scored {entry.score:.3f}",
            entry.pid, entry.question, entry.side, item, best, entry.score, MARKERS[kind])  # fmt: skip


def error_rows(placed: list[tuple[Document, list[Entry]]]) -> list[dict[str, Any]]:
    """One row per item scored below 1, process by process (`placed`: each process's
    document and entries), with the ids E1, E2, …"""
    values = [_row_values(doc, entry) for doc, found in placed for entry in found if entry.score < 1.0]
    return [dict(zip(ROW_KEYS, (f"E{n}", *row), strict=True)) for n, row in enumerate(values, 1)]


def spans(doc: Document, found: list[Entry], side: str) -> list[Span]:
    """The conversions and moves of one side at their steps (status: their kind). Every
    such step is a unit of the document: it has max(the answer's, the prediction's
    sentence count) units, and an item's step is at most its own file's count."""
    result = []
    for entry in found:
        step = item_step(entry.item)
        if entry.side != side or not step:
            continue
        start, end = doc.units[step - 1]
        attrs = {"kind": SINGULAR[entry.question], "status": entry.kind, "step": step,
                 "text": item_text(entry.item)}  # fmt: skip
        result.append(Span(start, end, SINGULAR[entry.question], doc.name, attrs))
    return result


def later_spans(found: list[tuple[Document, list[Entry]]], side: str, count: int) -> Later:
    """The spans of one side of every process (`found`: its document and entries; `count`:
    the side's conversions and moves), made when first read: the command line shows none."""
    return Later(count, lambda: [span for doc, entries_ in found for span in spans(doc, entries_, side)])


PROCESS_COLUMNS = ["process_id"] + [f"{q}_{m}" for q in QUESTIONS for m in ("precision", "recall")]


def processes_table(scores: list[dict[str, Any]]) -> Table:
    """`scores`: per process its diagnostics score object (process_id, P and R per question)."""
    rows = [[s["process_id"], *(s[q][m] for q in QUESTIONS for m in ("precision", "recall"))]
            for s in scores]  # fmt: skip
    return Table(PROCESS_COLUMNS, rows, "Processes", kind="detail",
                 note="Per answer process: precision and recall of each question.")  # fmt: skip
