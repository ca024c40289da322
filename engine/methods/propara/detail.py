"""What a ProPara report shows beyond the scores: every summary item with its best
partner (the JSON `items`, the error table), one document per process (its sentences,
or one stand-in token per step) with the items as spans, and the action grid.

Item texts: an input or output is its participant; a conversion `destroyed → created at
location (step s)`; a move `participant: before → after (step s)` (locations as the
summary stores them: `null`, `unk` or the text).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import accumulate, chain, starmap
from typing import TYPE_CHECKING, Any

import numpy as np

from ...context import BOTH_MARK, GOLD_MARK, SYSTEM_MARK
from ...formats.spantable import SpanPlaces, SpanSequence
from ...report import ColumnRows, Table
from ...rowkeys import ranges, run_positions, run_starts
from ...spans import Document, LazyDocuments, Span
from . import shown
from .scores import BY_STEP, QUESTIONS
from .summary import Conversion, Move

if TYPE_CHECKING:
    from .scoring import ProcessScores

SINGULAR = {"inputs": "input", "outputs": "output", "conversions": "conversion", "moves": "move"}
#: The kinds of the spans of the questions whose items stand at a step (a unit of a process's document).
STEPPED = [SINGULAR[q] for q in BY_STEP]
MARKERS = {"missing": GOLD_MARK, "spurious": SYSTEM_MARK, "partial": BOTH_MARK}  # answer, prediction, both

Item = str | Conversion | Move


#: A conversion's and a move's text from its fields, in field order (% takes the tuple as it is).
CONVERSION_TEXT, MOVE_TEXT = "%s → %s at %s (step %s)", "%s: %s → %s (step %s)"
TEXTS = {Conversion: CONVERSION_TEXT.__mod__, Move: MOVE_TEXT.__mod__}


def item_text(item: Item) -> str:
    return item if isinstance(item, str) else TEXTS[type(item)](item)


def document_name(pid: int) -> str:
    return f"process {pid}"


def process_document(pid: int, steps: int, sentences: list[str] | None) -> Document:
    """The process as its sentences (words as tokens), one unit per step; without a text a
    step is one stand-in token `(step k)`."""
    if not sentences:
        tokens, units, ids = _stand_ins(steps)
        return Document(document_name(pid), list(tokens), list(units), list(ids), has_words=False)
    tokens: list[str] = []
    units: list[tuple[int, int]] = []
    for k in range(1, max(steps, len(sentences)) + 1):
        words = sentences[k - 1].split() if k <= len(sentences) else []
        start = len(tokens)
        tokens += words or [f"(step {k})"]
        units.append((start, len(tokens)))
    return Document(document_name(pid), tokens, units, [str(k) for k in range(1, len(units) + 1)])


class ProcessDocuments(LazyDocuments):
    """One document per process of the detail (process_document), made when read: the
    error rows take the documents' names and units without them (4,880 Documents made
    at once cost 12 ms at ProPara x10), and make only those whose sentences they search
    for an input or output."""

    def __init__(self, pids: list[int], steps: list[int], texts: dict[int, list[str]]) -> None:
        self.pids, self.steps = pids, steps
        self.sentences = list(map(texts.get, pids))
        self.names = list(map(document_name, pids))
        self.has_words = any(self.sentences)

    def document(self, k: int) -> Document:
        return process_document(self.pids[k], self.steps[k], self.sentences[k])

    @cached_property
    def units(self) -> tuple[np.ndarray, np.ndarray]:
        """Per document its number of units, and every document's units' starts and ends
        one after another (as process_document makes them: a step's words, or one token),
        made once: the error rows and each side's spans read them."""
        lengths = (max(n, len(found or ())) for n, found in zip(self.steps, self.sentences, strict=True))
        counts = np.fromiter(lengths, np.int64, len(self))
        tokens = np.ones(int(counts.sum()), np.int64)  # per unit its tokens
        first = np.cumsum(counts) - counts
        for k in (k for k, found in enumerate(self.sentences) if found):
            words = [len(sentence.split()) or 1 for sentence in self.sentences[k]]  # type: ignore[union-attr]
            tokens[first[k] : first[k] + len(words)] = words
        ends = np.cumsum(tokens)
        ends -= np.repeat(np.append(0, ends)[first], counts)  # each document's from 0
        return counts, np.stack([ends - tokens, ends], axis=1)


@lru_cache(maxsize=256)
def _stand_ins(steps: int) -> tuple[tuple[str, ...], tuple[tuple[int, int], ...], tuple[str, ...]]:
    """The tokens `(step k)`, units and unit ids of a document of `steps` steps without a
    text (the same for every process of that many steps)."""
    return (tuple(f"(step {k})" for k in range(1, steps + 1)), tuple((k, k + 1) for k in range(steps)),
            tuple(str(k) for k in range(1, steps + 1)))  # fmt: skip


#: The keys of an item of the JSON report.
ITEM_KEYS = ("process_id", "question", "side", "item", "best", "score")
SIDES = ("answer", "prediction")
#: A process's items in the detail's order: per question the answer's, then the prediction's
#: (a group's partner group is its number ^ 1).
GROUPS = tuple((q, side) for q in QUESTIONS for side in SIDES)
#: An item's kind by its status code (status_codes).
STATUSES = ("matched", "partial", "missing", "spurious")


def status_codes(scores: np.ndarray, sides: np.ndarray | int) -> np.ndarray:
    """Each item's kind (its number in STATUSES) by its best score and its side (its
    number in SIDES): matched, partial, missing (an answer's without credit) or spurious
    (a prediction's without)."""
    return np.where(scores >= 1.0, 0, np.where(scores > 0.0, 1, 2 + np.asarray(sides)))


def _flat(lists: list[Sequence[Any]]) -> list[Any]:
    return list(chain.from_iterable(lists))


def _taken(values: Sequence[Any], places: np.ndarray) -> list[Any]:
    """values[p] for each place p: taken by numpy (2.5 times as fast as a look-up each),
    a look-up each where they are fewer than a quarter of the values (numpy would first
    make an array of them all)."""
    if 4 * len(places) < len(values):
        return list(map(values.__getitem__, places.tolist()))
    return np.fromiter(values, object, len(values))[places].tolist()


class BestPairs:
    """Every item's best (score, partner) pair, a run of one side's items of one question
    at a time (in GROUPS' order per process): per run where its pairs start in one pool —
    the scoring's arrays (arrays.Matches) followed by the pairs of the questions scored
    item by item — or MATCHED (conversions equal to their counterparts': each item's partner
    is its counterpart, at score 1). The runs' starts are found for
    all processes at once, those scored item by item then put in; the pairs are taken
    from the pool at once, never a tuple per item."""

    MATCHED = -1

    def __init__(self, scores: ProcessScores, ordered: list[int]) -> None:
        self.arrays = [best for m in scores.matches.values() for best in (m.answer_best, m.prediction_best)]
        offsets = np.cumsum([0, *(len(best[0]) for best in self.arrays)]).tolist()
        processes = np.array(ordered, np.int64)
        others = np.array(scores.other, np.int64)[processes]
        starts = np.full((len(ordered), len(GROUPS)), self.MATCHED, np.int64)  # conversions: MATCHED
        for n, (q, m) in enumerate(scores.matches.items()):  # inputs, outputs, moves
            column = 2 * QUESTIONS.index(q)
            starts[:, column] = offsets[2 * n] + m.answers.bounds[processes]
            starts[:, column + 1] = offsets[2 * n + 1] + m.predictions.bounds[others]
        self.exact: list[tuple[float, int]] = []
        pooled = offsets[-1]  # where the pairs scored item by item start
        for row, k in enumerate(ordered):
            for q, found in scores.exact.get(k, {}).items():
                column, start = 2 * QUESTIONS.index(q), pooled + len(self.exact)
                starts[row, column : column + 2] = start, start + len(found.answer_best)
                self.exact += found.answer_best
                self.exact += found.prediction_best
        self.starts = starts.reshape(-1)

    def pairs(self, counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per item (the runs of `counts` items each) its best score and its partner's
        place among the other side's run (-1: none)."""
        exact = np.array(self.exact or [(0.0, -1)], dtype=[("score", float), ("where", np.int64)])
        score_pool = np.concatenate([*(best[0] for best in self.arrays), exact["score"]])
        where_pool = np.concatenate([*(best[1] for best in self.arrays), exact["where"]])
        position = run_positions(counts)  # each item's place in its run
        starts = np.repeat(self.starts, counts)
        matched = starts == self.MATCHED
        index = np.where(matched, 0, starts + position)
        return np.where(matched, 1.0, score_pool[index]), np.where(matched, position, where_pool[index])


Source = tuple[list[Item], list[Any], np.ndarray, np.ndarray]
#: Per question the JSON form of its items (shown).
JSON_FORMS: dict[str, Callable[[list[Any]], list[Any]]] = {
    "inputs": lambda names: list(map(shown.Named, names)),
    "outputs": lambda names: list(map(shown.Named, names)),
    "conversions": lambda items: list(starmap(shown.ConversionJSON, items)),
    "moves": lambda items: list(starmap(shown.MoveJSON, items)),
}


def _sources(scores: ProcessScores, ordered: list[int], q: str) -> list[Source]:
    """Per side (SIDES) the items of question q, their JSON forms (JSON_FORMS) and where
    the run of each process of `ordered` starts and ends among them: a file's inputs,
    outputs or moves (Summaries.events); the processes' conversions, one after another."""
    if q == "conversions":
        found = scores.conversion_lists(ordered)
        return [_listed([pair[side] for pair in found]) for side in range(len(SIDES))]
    files = scores.sources.answers, scores.sources.predictions
    numbers = [scores.processes[k].index for k in ordered], [scores.other[k] for k in ordered]
    result = []
    for summaries, processes in zip(files, numbers, strict=True):
        events = summaries.events(q)
        bounds, chosen = np.array(events.bounds, np.int64), np.array(processes, np.int64)
        result.append((events.items, JSON_FORMS[q](events.items), bounds[chosen], bounds[chosen + 1]))
    return result


def _listed(lists: list[list[Conversion]]) -> Source:
    """Conversion lists one after another, their JSON forms, and where each list starts and ends."""
    ends = np.fromiter(accumulate(map(len, lists)), np.int64, len(lists))
    items, starts = _flat(lists), ends - np.fromiter(map(len, lists), np.int64, len(lists))
    return items, JSON_FORMS["conversions"](items), starts, ends


class Gathered:
    """The detail's items, process by process: per group (GROUPS) of each process one
    run of one side's items of one question, their JSON forms (shown's structs) and
    their best (score, partner) pairs (BestPairs), the runs in the detail's order. The
    items and their JSON are taken from each file's at once (Summaries' events, each
    process's conversions), never a list per run."""

    def __init__(self, scores: ProcessScores, ordered: list[int]) -> None:
        self.best = BestPairs(scores, ordered)
        groups = [run for q in QUESTIONS for run in _sources(scores, ordered, q)]  # in GROUPS' order
        offsets = np.cumsum([0, *(len(items) for items, *_ in groups[:-1])])  # where each group's pool starts
        firsts = np.stack([offset + group[2] for offset, group in zip(offsets, groups, strict=True)], axis=1)
        self.counts = np.stack([ends - starts for *_, starts, ends in groups], axis=1).reshape(-1)
        self.starts = np.cumsum(self.counts) - self.counts  # per run where its items start
        index = np.repeat(firsts.reshape(-1) - self.starts, self.counts) + np.arange(int(self.counts.sum()))
        pools = _flat([items for items, *_ in groups]), _flat([forms for _, forms, *_ in groups])
        self.items: list[Item] = _taken(pools[0], index)
        self.shown: list[Any] = _taken(pools[1], index)

    @cached_property
    def paired(self) -> tuple[np.ndarray, np.ndarray]:
        """Per item its best score and its partner's place (BestPairs.pairs)."""
        return self.best.pairs(self.counts)

    def summaries(self, pids: list[int]) -> shown.Summaries:
        """Per process id (as text) the answer's and the prediction's summary as the
        diagnostics write them (shown.SummaryJSON), their lists cut from the runs: a side's
        inputs and outputs from the items, its conversions and moves from their JSON forms."""
        bounds = [*self.starts.tolist(), len(self.items)]
        answers, predictions = (shown.summaries(pids, *_runs(self.items, bounds, side, side + 2),
                                                *_runs(self.shown, bounds, side + 4, side + 6))
                                for side in range(len(SIDES)))  # fmt: skip
        return shown.Summaries(pids, answers, predictions)

    def items_and_below(self, pids: list[int], plain_numbers: bool) -> tuple[ColumnRows, Below]:
        """The JSON report's items (ColumnRows, ITEM_KEYS) and those scored below 1, in the
        detail's order, a column at a time."""
        counts, forms, items = self.counts, self.shown, self.items
        best, where = self.paired
        scores = best.tolist()
        run = np.repeat(np.arange(len(counts)), counts)
        # the partner's place in the items: the run of the other side (number ^ 1), its item `where`
        partner = np.where(where >= 0, self.starts[run ^ 1] + where, len(scores))
        groups = len(GROUPS)
        columns = (np.repeat(np.array(pids, object), counts.reshape(-1, groups).sum(axis=1)).tolist(),
                   *(np.repeat(np.array(names * len(pids), object), counts).tolist()
                     for names in ([q for q, _ in GROUPS], [side for _, side in GROUPS])),
                   shown.Shown(forms), shown.Shown(_taken([*forms, None], partner)), scores)  # fmt: skip
        rows = ColumnRows(dict(zip(ITEM_KEYS, columns, strict=True)), plain_numbers)
        low = np.flatnonzero(best < 1.0)
        below = Below(run[low] // groups, run[low] % groups, _taken(scores, low), items, low,
                      partner[low], pids)  # fmt: skip
        return rows, below


def _runs(pool: list[Any], bounds: list[int], *groups: int) -> list[list[list[Any]]]:
    """Per group of GROUPS given, each process's run of it cut from `pool` (`bounds`: where
    each run starts, then the end)."""
    w = len(GROUPS)
    return [list(map(pool.__getitem__, map(slice, bounds[g:-1:w], bounds[g + 1 :: w]))) for g in groups]


@dataclass
class Below:
    """The items scored below 1 (one error row each), in the detail's order, as columns:
    per row its place in the detail, group (of GROUPS: question and side) and score, its
    item's and its partner's number among `items` (every item of the detail; len(items):
    none); `pids`: the process id of each place."""

    places: np.ndarray
    groups: np.ndarray
    scores: list[float]
    items: list[Item]
    mine: np.ndarray
    partner: np.ndarray
    pids: list[int]


@dataclass
class Detail:
    """What a detailed run reports per answer process (in process id order): the
    diagnostics' score objects and the Processes table's rows, the JSON summaries and
    items, the documents, the error rows and the viewer's spans (made when first read)."""

    processes: list[dict[str, Any]]
    process_rows: list[list[Any]]
    summaries: shown.Summaries
    items: ColumnRows
    documents: ProcessDocuments
    errors: ColumnRows
    gold_spans: ProcessSpans
    system_spans: ProcessSpans


def process_detail(scores: ProcessScores, ordered: list[int], sentences: dict[int, list[str]] | None
                   ) -> Detail:  # fmt: skip
    """The detail of the answer processes `ordered` (numbers in `scores`), a column at a time."""
    from .errorrows import error_rows  # it builds on this module's Below

    gathered, pids = Gathered(scores, ordered), [scores.pids[k] for k in ordered]
    texts = sentences or {}
    steps = [max(scores.processes[k].sentences, scores.predicted[k].sentences) for k in ordered]
    documents = ProcessDocuments(pids, steps, texts)
    plain = all(-(1 << 63) <= pid < 1 << 63 for pid in scores.pids)  # ColumnRows.plain_numbers
    gold, system = (ProcessSpans(documents, gathered, side) for side in SIDES)
    items, below = gathered.items_and_below(pids, plain)
    return Detail(*process_scores(scores, ordered), gathered.summaries(pids), items, documents,
                  error_rows(below, documents, plain), gold, system)  # fmt: skip


def process_scores(scores: ProcessScores, ordered: list[int]) -> tuple[list[dict[str, Any]], list[list[Any]]]:
    """Per process of `ordered` its diagnostics score object (ProcessScores.diagnostics)
    and its row of the Processes table (PROCESS_COLUMNS), a column at a time."""
    pids = [scores.pids[k] for k in ordered]
    columns = [_taken(values, np.array(ordered, np.int64))
               for q in QUESTIONS for values in (scores.precision[q], scores.recall[q])]  # fmt: skip
    pairs = [[{"precision": p, "recall": r} for p, r in zip(columns[n], columns[n + 1], strict=True)]
             for n in range(0, len(columns), 2)]  # fmt: skip
    objects = [{"process_id": pid, "inputs": i, "outputs": o, "conversions": c, "moves": m}
               for pid, i, o, c, m in zip(pids, *pairs, strict=True)]  # fmt: skip
    return objects, list(map(list, zip(pids, *columns, strict=True)))


class ProcessSpans(SpanSequence):
    """One side's conversions and moves of every process (`documents` in the detail's
    order) at their steps, their status by the best scores Gathered has (BestPairs): their
    places as columns, each Span made when read (the command line shows none). Every such
    step is a unit of its document: it has max(the answer's, the prediction's sentence
    count) units, and an item's step is at most its own file's count."""

    def __init__(self, documents: ProcessDocuments, gathered: Gathered, side: str) -> None:
        self.documents, self.gathered, self.side = documents, gathered, side

    def __len__(self) -> int:
        return len(self._placed[0])

    @cached_property
    def _placed(self) -> tuple[np.ndarray, ...]:
        """Per span, process by process its conversions then its moves in item order: its
        item's number among the items, its kind (a number into STEPPED), its document, its
        unit's start and end."""
        gathered, width = self.gathered, len(GROUPS)
        groups = [GROUPS.index((q, self.side)) for q in BY_STEP]
        runs = (np.arange(len(self.documents))[:, None] * width + np.array(groups)).reshape(-1)
        counts = gathered.counts[runs]
        items = ranges(gathered.starts[runs], counts)
        steps = np.array([gathered.items[k].step for k in items.tolist()], dtype=np.int64)
        stepped = steps != 0
        kinds = np.repeat(np.tile(np.arange(len(groups)), len(self.documents)), counts)[stepped]
        items, docs, steps = items[stepped], np.repeat(runs // width, counts)[stepped], steps[stepped]
        unit_counts, units = self.documents.units
        unit = steps - 1 + np.where(steps > 0, 0, unit_counts[docs])  # a list's index from its end below 0
        at = run_starts(unit_counts)[docs] + unit
        return items, kinds, docs, units[at, 0], units[at, 1]

    @cached_property
    def _statuses(self) -> list[str]:
        return _taken(STATUSES, status_codes(self.gathered.paired[0], SIDES.index(self.side)))

    @cached_property
    def _lists(self) -> tuple[list[int], ...]:
        return tuple(column.tolist() for column in self._placed)

    def places(self) -> SpanPlaces:
        _, kinds, docs, starts, ends = self._placed
        places = SpanPlaces(self.documents.names, docs, starts, ends, kinds, STEPPED)
        places.kinds = places.label_set()  # a conversion's kind is its label, a move's too
        return places

    def span(self, i: int) -> Span:
        k, kind, doc, start, end = (column[i] for column in self._lists)
        item, label = self.gathered.items[k], STEPPED[kind]
        attrs = {"kind": label, "status": self._statuses[k], "step": item.step, "text": item_text(item)}
        return Span(start, end, label, self.documents.names[doc], attrs)


PROCESS_COLUMNS = ["process_id"] + [f"{q}_{m}" for q in QUESTIONS for m in ("precision", "recall")]


def processes_table(rows: list[list[Any]]) -> Table:
    """`rows`: per process its id, then precision and recall of each question (process_scores)."""
    return Table(PROCESS_COLUMNS, rows, "Processes", kind="detail",
                 note="Per answer process: precision and recall of each question.")  # fmt: skip
