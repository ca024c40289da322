"""ProPara's error rows: one per item scored below 1 (detail.Below), in the detail's
order, with the ids E1, E2, …. What a row shows of an item is made once per item
(RowItems); every column is kept as its values and per row the number of its value
(ErrorRows): the Python columns and the CSV files' fields are taken from them, each
value made a field once."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any

import numpy as np

from ...report import ERROR_COLUMNS, Coded, ColumnRows, error_ids, side_columns
from ...rowkeys import distinct_values, first_of_groups, row_keys
from ...spans import Document
from .detail import (
    CONVERSION_TEXT,
    MARKERS,
    MOVE_TEXT,
    SIDES,
    SINGULAR,
    STATUSES,
    Below,
    Item,
    ProcessDocuments,
    _taken,
    status_codes,
)
from .scores import QUESTIONS
from .summary import Move

#: The keys of an error row: the standard columns, then ProPara's own.
ROW_KEYS = (*ERROR_COLUMNS, "process_id", "question", "side", "item", "best", "score", "marker")
#: A row's marker by its status code (detail.status_codes).
STATUS_MARKERS = ("", *map(MARKERS.__getitem__, STATUSES[1:]))
#: A side's label by question code + 1 (0: the side has no item).
ITEM_LABELS = ("", *(SINGULAR[q] for q in QUESTIONS))

#: A column as its values and per row the number of its value (None: a value per row).
Numbered = tuple[Sequence[Any], np.ndarray | None]
#: The most values a column may have to be written into the CSV file with its neighbours
#: as one column (ErrorRows.csv_columns).
FEW = 64


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


def _texts(items: list[Item | None]) -> list[str]:
    """Each item's text ("" for None): item_text, without a call per item."""
    return ["" if item is None else item if type(item) is str else
            (MOVE_TEXT if type(item) is Move else CONVERSION_TEXT) % item for item in items]  # fmt: skip


def _steps(items: list[Item | None]) -> list[int]:
    """Each item's step (0 for an input or output and for None)."""
    return [0 if item is None or type(item) is str else item[3] for item in items]


def _unit_bounds(documents: ProcessDocuments, doc: np.ndarray, steps: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Each item's step as its unit's [start, end) in its process's document (`doc`: per
    item the document's number; -1, -1 for step 0): an item's unit taken from every
    document's units by its document's first unit and its step (every step is a unit of
    its document: detail.spans)."""
    counts, units = documents.units
    units = np.append(units, [[-1, -1]], axis=0)
    at = np.where(steps > 0, (np.cumsum(counts) - counts)[doc] + steps - 1, len(units) - 1)
    return units[at, 0], units[at, 1]


def _positions(start: np.ndarray, end: np.ndarray, steps: np.ndarray
               ) -> tuple[Numbered, Numbered, Numbered, Numbered]:  # fmt: skip
    """Each item's start, end, pieces ([[start, end]], [] without) and position (`step k`,
    "" without): the first three per distinct (start, end) pair (None for no start or end)
    and each item's pair, the position per step shown."""
    pairs, number = distinct_values(row_keys(start, end))
    first = first_of_groups(number, len(pairs))
    starts, ends = start[first].tolist(), end[first].tolist()
    parts = [[[a, b]] if a >= 0 else [] for a, b in zip(starts, ends, strict=True)]
    shown = np.where(start >= 0, steps, 0)
    bounds = ([v if v >= 0 else None for v in values] for values in (starts, ends))
    return (*((values, number) for values in bounds), (parts, number),
            (_step_texts(int(shown.max(initial=0))), shown))  # fmt: skip


def _mentioned(columns: tuple[Numbered, ...], documents: ProcessDocuments, doc: np.ndarray, named: list[int],
               items: list[Item | None]) -> tuple[Numbered, ...]:  # fmt: skip
    """The start, end, pieces and position columns (_positions) with each input or output
    (`named`: their places; `doc`: per place its document's number) where the sentences
    mention it (each document made once)."""
    places = dict(zip(named, doc[named].tolist(), strict=True))
    docs = {k: documents[k] for k in dict.fromkeys(places.values())}
    found = {i: pieces for i, k in places.items() if (pieces := mentions(docs[k], items[i]))}  # type: ignore[arg-type]
    shown = {i: (*pieces[0], pieces, _unit_text(docs[places[i]], pieces)) for i, pieces in found.items()}
    result = []
    for k, (values, number) in enumerate(columns):
        values, number = [*values], number.copy()
        for i, made in shown.items():
            number[i] = len(values)
            values.append(made[k])
        result.append((values, number))
    return tuple(result)


def _step_texts(last: int) -> list[str]:
    """`step k` for k up to `last`, by k ("" for 0)."""
    return ["", *(f"step {k}" for k in range(1, last + 1))]


class RowItems:
    """The items the error rows show — their own and their partners', each once however
    many rows show it — and what a row shows of each: its step, and its start, end, pieces,
    position and text (SIDE_KEYS but the label) as values and per item the number of its
    value (Numbered). `rank`: per item number (Below.items; len(items): none) its place among them."""

    def __init__(self, below: Below, documents: ProcessDocuments) -> None:
        seen = np.zeros(len(below.items) + 1, bool)
        seen[below.mine] = seen[below.partner] = True
        place = np.zeros(len(seen), np.int64)
        place[below.partner] = place[below.mine] = below.places
        chosen = np.flatnonzero(seen)
        self.rank = np.cumsum(seen) - 1
        self.none = int(self.rank[-1]) if seen[-1] else -1  # the place of "no item", if a row has none
        items = _taken([*below.items, None], chosen)
        self.steps = np.array(_steps(items), np.int64)
        doc = place[chosen]
        columns = _positions(*_unit_bounds(documents, doc, self.steps), self.steps)
        if documents.has_words:
            named = [i for i, item in enumerate(items) if type(item) is str]
            columns = _mentioned(columns, documents, doc, named, items)
        self.texts = _texts(items)
        self.values: tuple[Numbered, ...] = (*columns, (self.texts, None))

    def side(self, places: np.ndarray, question: np.ndarray) -> tuple[Numbered, ...]:
        """One side's columns of the error rows in SIDE_KEYS' order (`places`: per row the
        place of its item on that side; `question`: per row its question's code): label
        (blank without an item), start, end, parts, position and text."""
        label = np.where(places != self.none, question + 1, 0)
        return ((ITEM_LABELS, label), *((values, places if number is None else number[places])
                                        for values, number in self.values))  # fmt: skip


class ErrorRows(ColumnRows):
    """Error rows (ROW_KEYS) kept as each column's values and per row the number of its
    value (Numbered): the rows' columns are taken from them, and the CSV files' fields too,
    each value made a field once for every column showing it (the four texts: once).
    column_fields gives the fields the rows' column would get: a field depends on its
    value alone and on which kinds the column holds, and a column's values hold no kind
    its rows lack but None beside whole numbers (starts and ends: numbers either way)."""

    def __init__(self, coded: dict[str, Numbered], plain_numbers: bool) -> None:
        columns = {key: list(values) if index is None else _taken(values, index)
                   for key, (values, index) in coded.items()}  # fmt: skip
        super().__init__(columns, plain_numbers)
        self.coded = coded

    def coded_texts(self) -> dict[str, Coded]:
        """The coded columns whose values are all texts."""
        return {key: Coded(values, index) for key, (values, index) in self.coded.items()
                if index is not None and all(type(value) is str for value in values)}  # fmt: skip

    def csv_column(self, key: str) -> Sequence[Any]:
        from ...export.csv import Fields

        index = self.coded[key][1]
        made = self._value_fields[key]
        return Fields(made if index is None else _taken(made, index))

    def csv_columns(self, keys: Sequence[str]) -> list[Sequence[Any]] | None:
        """The CSV writer's columns for `keys`: each run of neighbouring columns of at
        most FEW values (a row's unit, type, labels, starts, …) as one column, its fields
        joined once per combination of values met, not once per row; the others as
        csv_column gives them."""
        if list(keys) != list(self.coded) or not len(self):
            return super().csv_columns(keys)
        few = [index is not None and len(values) <= FEW for values, index in self.coded.values()]
        runs: list[list[str]] = []
        for n, key in enumerate(keys):
            if n and few[n] and few[n - 1]:
                runs[-1].append(key)
            else:
                runs.append([key])
        return [self._joined(run) if len(run) > 1 else self.csv_column(run[0]) for run in runs]

    def _joined(self, run: list[str]) -> Sequence[Any]:
        """One CSV column standing for the columns `run` (coded, each of few values): per
        row the run's fields joined by commas, made once per combination."""
        from ...export.csv import Fields

        numbers = [self.coded[key][1] for key in run]
        combinations, number = distinct_values(row_keys(*numbers))
        first = first_of_groups(number, len(combinations))
        fields = [_taken(self._value_fields[key], at[first]) for key, at in zip(run, numbers, strict=True)]
        return Fields(_taken(list(map(",".join, zip(*fields, strict=True))), number))

    @cached_property
    def _value_fields(self) -> dict[str, list[str]]:
        """Per column its values' CSV fields, made once for every column showing them."""
        from ...export.csv import column_fields

        made: dict[int, list[str]] = {}  # per values (by id) their fields
        for values, _ in self.coded.values():
            if id(values) not in made:
                made[id(values)] = column_fields(list(values))
        return {key: made[id(values)] for key, (values, _) in self.coded.items()}


def error_rows(below: Below, documents: ProcessDocuments, plain_numbers: bool) -> ErrorRows:
    """One row per item scored below 1, in the detail's order, with the ids E1, E2, …
    (`documents`: per place in the detail its process's document; `plain_numbers`: every
    process id fits in 64 bits; ColumnRows), a column at a time: what a row shows of an
    item made once per item (RowItems)."""
    shown = RowItems(below, documents)
    mine, theirs = shown.rank[below.mine], shown.rank[below.partner]
    question, side = below.groups // len(SIDES), below.groups % len(SIDES)
    answer = side == 0  # an answer's item is gold, a prediction's system
    gold, system = (shown.side(np.where(answer, first, second), question)
                    for first, second in ((mine, theirs), (theirs, mine)))  # fmt: skip
    scores = np.array(below.scores, float)
    kind = status_codes(scores, side)
    steps, texts = shown.steps, shown.texts
    last, unit = int(steps.max(initial=0)), steps[mine]
    coded: list[Numbered] = [
        (error_ids(len(mine)), None), (documents.names, below.places),
        (list(range(last + 1)), unit), (_step_ids(last), unit), (STATUSES, kind),
        (("",), np.zeros_like(mine)), *side_columns(gold, system), _scored(question, scores),
        (below.pids, below.places), (QUESTIONS, question), (SIDES, side), (texts, mine), (texts, theirs),
        (below.scores, None), (STATUS_MARKERS, kind),
    ]  # fmt: skip
    return ErrorRows(dict(zip(ROW_KEYS, coded, strict=True)), plain_numbers)


def _scored(question: np.ndarray, scores: np.ndarray) -> Numbered:
    """Each row's detail `label scored 0.667`, made once per distinct question and score
    (numbered on arrays: the scores by their bits, -0.0 counted as 0.0)."""
    bits = (scores + 0.0).view(np.int64)  # -0.0 + 0.0 is 0.0
    distinct, number = distinct_values(row_keys(question, distinct_values(bits)[1]))
    first = first_of_groups(number, len(distinct))
    pairs = zip(question[first].tolist(), scores[first].tolist(), strict=True)
    return [f"{ITEM_LABELS[q + 1]} scored {score:.3f}" for q, score in pairs], number


def _step_ids(last: int) -> list[str]:
    """Each step as text ("" for 0), by step, up to `last`."""
    return ["", *map(str, range(1, last + 1))]
