"""What a *SEM report shows beyond the scores: the document (the GOLD file's words,
one unit per sentence), the cue / scope / event spans of both sides, and one error row
per instance that is not a Full negation TP (specs/starsem.md §6.2, §6.3)."""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import Any

from ...report import ERROR_COLUMNS, Later, Report, numbered_rows, side_columns
from ...spans import Document, Span
from .model import Words, block_words

ELEMENTS = ("cue", "scope", "event")
VERDICT_KEYS = {"cue": "cue", "scope": "scope", "event": "negated"}
BOTH, GOLD_ONLY, SYSTEM_ONLY = "🟨", "🟩", "🟥"
#: The columns of an error row, in order: the standard ones, then *SEM's own.
ROW_KEYS = (*ERROR_COLUMNS, "sentence", "chapter", "sentence_id", "line", "cue", "scope", "event", "tokens",
            "gold_cue", "gold_scope", "gold_event", "gold_negation", "system_cue", "system_scope",
            "system_event", "system_negation")  # fmt: skip


class Layout:
    """The document built from the sentences in order: where each sentence starts, and
    its GOLD words (a sentence without negation keeps its block's text, its words read
    only when shown)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.words: list[Words | str | None] = []  # per unit: its words, a plain block, or none
        self.units: list[tuple[int, int]] = []
        self.starts: list[int] = []
        self.offsets: dict[int, int] = {}
        self.spans: dict[int, tuple[int, int]] = {}  # sentence number → its [start, end)

    def add(self, number: int, words: Words | str | None) -> None:
        """The next sentence: its GOLD words, the text of a block without negation (8 fields
        on every line, no other whitespace), or None when the reader kept none."""
        offset = self.units[-1][1] if self.units else 0
        size = 0 if words is None else words.count("\n") + 1 if isinstance(words, str) else len(words.words)
        self.offsets[number] = offset
        self.words.append(words)
        self.starts.append(offset)
        self.units.append((offset, offset + size))
        self.spans[number] = self.units[-1]

    def unit_words(self, unit: int) -> Words | None:
        """A unit's words (a plain block's read now, once)."""
        words = self.words[unit]
        if isinstance(words, str):
            words = self.words[unit] = block_words(words)
        return words

    def run(self, start: int, end: int) -> tuple[list[str], list[str]]:
        """The words and numbers (column 3) of document positions start..end − 1."""
        unit = bisect.bisect_right(self.starts, start) - 1
        words = self.unit_words(unit) if unit >= 0 else None
        if words is None:
            raise IndexError(start)
        first, size = self.starts[unit], len(words.words)
        a, b = start - first, end - first
        if b <= size:
            return words.words[a:b], words.numbers[a:b]
        if a >= size:
            raise IndexError(start)
        more, numbers = self.run(first + size, end)  # (a run into the next unit)
        return words.words[a:] + more, words.numbers[a:] + numbers

    def sentence(self, number: int) -> list[str]:
        """The words of a sentence (none when it has no unit)."""
        start, end = self.spans.get(number, (0, 0))
        if start == end:
            return []
        words = self.unit_words(bisect.bisect_right(self.starts, start) - 1)
        return list(words.words) if words is not None else []

    def document(self) -> Document:
        """The document; its tokens made when first read."""
        total = self.units[-1][1] if self.units else 0
        return Document(self.name, Later(total, part=self.tokens), self.units, self._unit_ids())

    def tokens(self, start: int, stop: int) -> list[str]:
        """The words of document positions start..stop − 1, unit by unit (one without
        words adds none)."""
        tokens: list[str] = []
        unit = bisect.bisect_right(self.starts, start) - 1
        while start < stop:
            first, end = self.units[unit]
            tokens += (self.unit_words(unit) or EMPTY).words[start - first : stop - first]
            start, unit = end, unit + 1
        return tokens

    def _unit_ids(self) -> list[str]:
        return [_unit_id(words) for words in self.words]


EMPTY = Words([], [], "", "")


def _unit_id(words: Words | str | None) -> str:
    if words is None:
        return ""
    if isinstance(words, str):
        chapter, number, _ = words.split("\t", 2)
        return f"{chapter} {number}".strip()
    return f"{words.chapter} {words.sentence_id}".strip()


def _runs(positions: list[int]) -> list[list[int]]:
    runs: list[list[int]] = []
    for p in sorted(set(positions)):
        if runs and p == runs[-1][1]:
            runs[-1][1] = p + 1
        else:
            runs.append([p, p + 1])
    return runs


def _scope_mark(in_gold: bool, in_system: bool) -> str:
    if in_gold:
        return BOTH if in_system else GOLD_ONLY
    return SYSTEM_ONLY if in_system else ""


def _text(pairs: Sequence[Sequence[Any]] | None) -> str:
    return " ".join([text for _, text in pairs or ()])


class DetailBuilder:
    """Fills a Report's documents, spans and error rows from the instance records."""

    def __init__(self, layout: Layout, label: str) -> None:
        self.layout = layout
        self.label = label

    def fill(self, report: Report, records: list[dict[str, Any]]) -> None:
        """The document, the error rows and the spans (made when the viewer reads them)."""
        layout = self.layout
        report.documents = [layout.document()]
        errors = [record for record in records if record["full"] != "TP"]
        rows = [self._error_row(record, layout.offsets.get(record["sentence"], 0)) for record in errors]
        report.gold_spans = self._later_spans(records, "gold")
        report.system_spans = self._later_spans(records, "system")
        report.set_errors(numbered_rows(ROW_KEYS, rows, plain_numbers=True))  # texts, whole numbers, None

    def _later_spans(self, records: list[dict[str, Any]], side: str) -> Later:
        """The spans of one side of every instance, made when first read."""
        key = f"{side}_elements"
        count = sum(bool(elements[kind]) for r in records if (elements := r[key]) for kind in ELEMENTS)

        def make() -> list[Span]:
            offsets = self.layout.offsets
            return [span for r in records for span in self._spans(r, side, offsets.get(r["sentence"], 0))]

        return Later(count, make)

    def _spans(self, record: dict[str, Any], side: str, offset: int) -> list[Span]:
        elements = record[f"{side}_elements"]
        if not elements:
            return []
        spans = []
        for kind in ELEMENTS:
            pairs = elements[kind]
            if not pairs:
                continue
            positions = [offset + index for index, _ in pairs]
            parts = _runs(positions)
            attrs = {"kind": kind, "status": record[VERDICT_KEYS[kind]] or "", "parts": parts,
                     "line": record["line"], "sentence": record["sentence"],
                     "negation": record[side] + 1, "text": _text(pairs)}  # fmt: skip
            spans.append(Span(parts[0][0], parts[-1][1], kind, self.layout.name, attrs))
        return spans

    def _side(self, record: dict[str, Any], side: str, offset: int) -> tuple[Any, ...]:
        """A side's values of an error row: SIDE_KEYS' (label, start, end, parts, position, text), then
        cue, scope and event texts and the negation's number."""
        elements = record[f"{side}_elements"]
        texts = tuple(_text(elements[kind]) if elements else "" for kind in ELEMENTS)
        negation = None if record[side] is None else record[side] + 1
        positions = [offset + i for kind in ("cue", "scope") for i, _ in elements[kind]] if elements else []
        if not positions:
            return ("", None, None, [], "", "", *texts, negation)
        parts = _runs(positions)
        runs = [self.layout.run(start, end) for start, end in parts]
        position = ",".join(
            numbers[0] if len(numbers) == 1 else f"{numbers[0]}-{numbers[-1]}" for _, numbers in runs
        )
        text = " ".join([word for words, _ in runs for word in words])
        return (self.label, parts[0][0], parts[-1][1], parts, position, text, *texts, negation)

    def _error_row(self, record: dict[str, Any], offset: int) -> tuple[Any, ...]:
        """The values of an error row, in ROW_KEYS' order but its id."""
        verdicts = {kind: record[VERDICT_KEYS[kind]] for kind in ELEMENTS}
        detail = ", ".join(f"{kind} {verdict}" for kind, verdict in verdicts.items() if verdict)
        gold, system = self._side(record, "gold", offset), self._side(record, "system", offset)
        unit = record["sentence"]
        unit_id = f"{record['chapter']} {record['sentence_id']}".strip()
        return (self.layout.name, unit, unit_id, record["full"], record["cue"], *side_columns(gold, system),
                detail, unit, record["chapter"], record["sentence_id"], record["line"], verdicts["cue"],
                verdicts["scope"] or "", verdicts["event"] or "", self._strip(record, offset),
                *gold[6:], *system[6:])  # fmt: skip

    def _strip(self, record: dict[str, Any], offset: int) -> str:
        """The sentence with both scopes marked and both cues bracketed (§6.3): only the
        marked words are rewritten."""
        if record["sentence"] not in self.layout.spans:
            return ""
        gold, system = record["gold_elements"] or {}, record["system_elements"] or {}
        words = self.layout.sentence(record["sentence"])
        n = len(words)
        for pairs, mark in ((system.get("cue", []), "⟨{}⟩"), (gold.get("cue", []), "[{}]")):
            for index in {i for i, _ in pairs if i < n}:
                words[index] = mark.format(words[index])
        g_scope = {i for i, _ in gold.get("scope", []) if i < n}
        s_scope = {i for i, _ in system.get("scope", []) if i < n}
        for index in g_scope | s_scope:
            words[index] = _scope_mark(index in g_scope, index in s_scope) + words[index]
        return " ".join(words)
