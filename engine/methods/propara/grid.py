"""The Grid table of a ProPara report: per answer process (in process id order), answer
participant and step, the gold and the predicted action and locations, built a column
at a time from the two files' Tables (numpy): each cell a code into one vocabulary of
the texts shown, so that a cell is compared as a number and becomes a string only once."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from functools import cached_property
from typing import Any

import numpy as np

from ...formats.propara_actions import ACTIONS, NULL, UNK, Process, Table, concatenated_ranges
from ...report import Coded, Later
from ...report import Table as ReportTable
from ...rowkeys import distinct_values, row_keys

SHOWN = {NULL: "-", UNK: "?"}  # the grid shows locations as the files write them
CELLS = ("action", "before", "after")
GRID_COLUMNS = ["process_id", "step", "sentence", "participant", "gold_action", "gold_before", "gold_after",
                "predicted_action", "predicted_before", "predicted_after", "differs"]  # fmt: skip

#: The `differs` cell of each (action, before, after) differing or not, numbered as
#: 4 × action + 2 × before + after.
DIFFERS = [", ".join(c for c, d in zip(CELLS, key, strict=True) if d)
           for key in itertools.product((False, True), repeat=3)]  # fmt: skip


class Vocabulary:
    """The texts a grid cell shows, numbered: 0 is the blank cell, then the actions, then
    the locations (as shown: `-`, `?` or the text; equal texts, one number)."""

    def __init__(self, table: Table) -> None:
        self.texts: list[str] = ["", *ACTIONS]
        numbers = {text: n for n, text in enumerate(self.texts)}
        self.action = np.arange(1, len(ACTIONS) + 1)
        places = table.locations.texts()
        self.location = np.zeros(max(places, default=0) + 1, np.int64)
        for code, text in places.items():
            shown = SHOWN.get(text, text)
            self.location[code] = numbers.setdefault(shown, len(numbers))
            if len(numbers) > len(self.texts):
                self.texts.append(shown)


def _partners(answers: Table, predictions: Table, parts: np.ndarray, process: np.ndarray) -> np.ndarray:
    """Per answer participant (`parts`, of predicted process `process`): the predicted
    participant of the same name in that process (-1: none)."""
    width = int(max(answers.part_name.max(initial=0), predictions.part_name.max(initial=0))) + 1
    keys = predictions.part_process * width + predictions.part_name
    wanted = process * width + answers.part_name[parts]
    if not len(keys):
        return np.full(len(wanted), -1, np.int64)
    order = np.argsort(keys, kind="stable")
    where = np.minimum(np.searchsorted(keys[order], wanted), len(order) - 1)
    return np.where(keys[order[where]] == wanted, order[where], -1)


def _cells(table: Table, words: Vocabulary, part: np.ndarray, step: np.ndarray, known: np.ndarray
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:  # fmt: skip
    """Action, location before and location after of each row's participant at its step
    (0, the blank, where `known` is false)."""
    slot = np.where(known, table.offset[np.maximum(part, 0)] + step, 1)
    action = np.where(known, words.action[table.actions[slot]], 0)
    before = np.where(known, words.location[table.track[slot - 1]], 0)
    after = np.where(known, words.location[table.track[slot]], 0)
    return action, before, after


class Grid:
    """The grid's rows of the answer processes `chosen` (by their number in the answers),
    their predictions being `predicted`."""

    def __init__(self, answers: Table, predictions: Table, chosen: Sequence[Process],
                 predicted: Sequence[Process]) -> None:  # fmt: skip
        self.answers, self.predictions = answers, predictions
        index = np.array([p.index for p in chosen], np.int64)
        self.steps = np.array([max(a.sentences, p.sentences) for a, p in zip(chosen, predicted, strict=True)],
                              np.int64)  # fmt: skip
        first, last = answers.process_parts[index], answers.process_parts[index + 1]
        self.parts = concatenated_ranges(first, last)  # answer participants, process by process
        self.part_process = np.repeat(np.arange(len(index)), last - first)  # its number in `chosen`
        self.pids = _whole_numbers([p.pid for p in chosen])
        self.sentences = (np.array([p.sentences for p in chosen], np.int64),
                          np.array([p.sentences for p in predicted], np.int64))  # fmt: skip
        other = np.array([p.index for p in predicted], np.int64)
        self.partner = _partners(answers, predictions, self.parts, other[self.part_process])

    def rows(self, texts: dict[int, list[str]] | None) -> GridRows:
        """Per participant and step: process id, step, sentence, participant, the gold and
        the predicted action, before and after, and the cells that differ."""
        lengths = self.steps[self.part_process]
        row_part = np.repeat(np.arange(len(self.parts)), lengths)
        step = np.arange(len(row_part)) - np.repeat(np.cumsum(lengths) - lengths, lengths) + 1
        process = self.part_process[row_part]
        words = Vocabulary(self.answers)
        gold = _cells(self.answers, words, self.parts[row_part], step, step <= self.sentences[0][process])
        partner = self.partner[row_part]
        known = (partner >= 0) & (step <= self.sentences[1][process])
        predicted = _cells(self.predictions, words, partner, step, known)
        differs = sum((g != p) * weight for g, p, weight in zip(gold, predicted, (4, 2, 1), strict=True))
        names, name = _names(self.answers, self.answers.part_name[self.parts[row_part]])
        steps = Coded(list(range(1, int(step.max(initial=0)) + 1)), step - 1)
        coded = [Coded(self.pids.tolist(), process), steps, self._sentences(texts, process, step),
                 Coded(names, name), *(Coded(words.texts, cells) for cells in (*gold, *predicted)),
                 Coded(DIFFERS, differs)]  # fmt: skip
        return GridRows(coded)

    def _sentences(self, texts: dict[int, list[str]] | None, process: np.ndarray, step: np.ndarray
                   ) -> Coded:  # fmt: skip
        """Each row's sentence ("" without one), as texts and a number into them per row."""
        if not texts:
            return Coded([""], np.zeros(len(step), np.int64))
        found = [texts.get(pid) or [] for pid in self.pids.tolist()]
        flat = ["", *itertools.chain.from_iterable(found)]
        count = np.array([len(t) for t in found], np.int64)
        start = np.cumsum(count) - count + 1
        return Coded(flat, np.where(step <= count[process], start[process] + step - 1, 0))


def _whole_numbers(values: list[int]) -> np.ndarray:
    """Whole numbers as int64, or as Python integers (object) where one needs more than 64
    bits (a process id may: the JSON report and the workbook write it exactly)."""
    try:
        return np.array(values, np.int64)
    except OverflowError:
        return np.array(values, object)


def _names(table: Table, codes: np.ndarray) -> Coded:
    """The participants' names of the rows (name codes): the distinct names and per row its one."""
    distinct, number = distinct_values(codes)
    names = table.names.texts()
    return Coded([names[code] for code in distinct.tolist()], number)


#: The columns before the cells (process id, step, sentence, participant): the columns
#: after them are written as one text per distinct combination (GridRows.cells).
NAMED = 4


class GridRows(Later):
    """The grid's rows kept as numbers: per column (GRID_COLUMNS) its distinct texts (the
    process ids and steps: whole numbers) and each row's number into them. The rows are
    made as lists when read, or a part at a time (the JSON writer: never all held)."""

    def __init__(self, coded: list[Coded]) -> None:
        self.coded = coded
        self.shown = [np.array(texts, object) for texts, _ in coded]
        super().__init__(len(coded[1].number), part=self.lists)

    def coded_texts(self) -> dict[str, Coded]:
        return dict(zip(GRID_COLUMNS, self.coded, strict=True))

    @cached_property
    def cells(self) -> tuple[np.ndarray, np.ndarray]:
        """The seven cells after the participant (actions, locations, differs) as one column:
        per distinct combination the row where it first occurs, and per row its
        combination's number. Their texts are made once per combination (a few thousand),
        not once per row (132,050 at ProPara x10)."""
        keys = row_keys(*(number for _, number in self.coded[NAMED:]))
        _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        return first, inverse.reshape(-1)

    def lists(self, start: int, stop: int) -> list[tuple[Any, ...]]:
        """Rows `start` to `stop` (GRID_COLUMNS), each a tuple (a list's JSON and cells)."""
        return list(zip(*self._columns(slice(start, stop), len(self.coded)), strict=True))

    def _texts(self, column: int, rows: slice | np.ndarray) -> list[Any]:
        """The values of column `column` (of self.coded) in `rows`."""
        return self.shown[column][self.coded[column][1][rows]].tolist()

    def _columns(self, rows: slice, count: int) -> list[list[Any]]:
        """The first `count` columns of `rows`."""
        return [self._texts(k, rows) for k in range(count)]

    def json_parts(self, size: int, encode: Callable[[list[Any]], bytes]) -> Iterator[bytes | memoryview]:
        """The rows' JSON `size` rows at a time, each row's cells one JSON fragment made
        once per combination (cells); as lists where orjson refuses a text."""
        fragments = self._json_cells()
        for start in range(0, len(self), size):
            rows = slice(start, min(start + size, len(self)))
            part = self._json_part(rows, fragments, encode) if fragments is not None else None
            yield part if part is not None else memoryview(encode(self.lists(rows.start, rows.stop)))[1:-1]

    def _json_part(self, rows: slice, fragments: np.ndarray, encode: Callable[[list[Any]], bytes]
                   ) -> memoryview | None:  # fmt: skip
        """The JSON of `rows` with their cells' fragments; None where orjson refuses a text
        (the standard library's encoder, which writes it escaped, knows no fragment)."""
        tails = fragments[self.cells[1][rows]].tolist()
        try:
            return memoryview(encode(list(zip(*self._columns(rows, NAMED), tails, strict=True))))[1:-1]
        except TypeError:
            return None

    def _json_cells(self) -> np.ndarray | None:
        """Per combination of cells their JSON (an orjson.Fragment, no brackets); None
        where orjson refuses a text."""
        import orjson

        texts = [self._texts(k, self.cells[0]) for k in range(NAMED, len(self.coded))]
        try:
            fragments = [orjson.Fragment(orjson.dumps(row)[1:-1]) for row in zip(*texts, strict=True)]
        except orjson.JSONEncodeError:
            return None
        return np.array(fragments, object)

    def csv_columns(self, keys: Sequence[str]) -> list[Sequence[Any]] | None:
        """The CSV writer's columns (GRID_COLUMNS) as their fields, without a row made: each distinct value
        made a field once; the cells' fields joined once per combination (cells), one column
        standing for the last seven (the writer's Pieces of all eleven coded columns: 3% more
        instructions in ProPara x10's CSV run, their padded records' NULs deleted)."""
        from ...export.csv import Fields, column_fields  # here: a run writing no CSV does not load it

        fields = [np.array(column_fields(list(texts)), object) for texts, _ in self.coded]
        numbers = [number for _, number in self.coded]
        first, combination = self.cells
        cells = (f[number[first]].tolist() for f, number in zip(fields[NAMED:], numbers[NAMED:], strict=True))
        joined = np.array(list(map(",".join, zip(*cells, strict=True))), object)
        columns = [*zip(fields[:NAMED], numbers[:NAMED], strict=True), (joined, combination)]
        return [Fields(f[number].tolist()) for f, number in columns]


def grid_table(rows: GridRows) -> ReportTable:
    return ReportTable(GRID_COLUMNS, rows, "Grid", kind="detail",  # type: ignore[arg-type]  # rows made when read
                       note="Per process, participant and step: the gold and the predicted action and "
                       "locations before/after the step as the evaluator reads them ('-' does not exist, "
                       "'?' unknown); differs names the cells that differ.")  # fmt: skip
