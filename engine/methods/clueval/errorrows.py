"""CLUEval's error tables as the report's error rows (the app's Errors view, the workbook's
error sheets, the CSV files): a column at a time for each side's table, its spans placed in
their documents by numpy, not a tuple per row."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...report import ERROR_COLUMNS, ColumnRows, blank_side, numbered_columns, side_columns
from ...rowkeys import ranges, run_starts
from .detail import DocumentMap, our_marks
from .errortables import NONE, ErrorRow
from .errortables import columns as error_columns
from .match import Matches
from .run import Run
from .spans import SpanTable

SHEETS = {"recall": "Recall errors", "precision": "Precision errors"}
C37 = "context from the candidate file (C37)"
_OWN_EXTRA = ("start", "end", "sentence", "sheet", "context_unit", "context_marked")


def error_rows(run: Run, documents: DocumentMap) -> ColumnRows:
    """The error tables as report error rows (columns), recall then precision, each on its own sheet."""
    keys = error_columns(run.layers)  # each error-table row's values, in this order
    sides = [_side_columns(run.errors[side], matches, documents, keys, side)
             for side, matches in (("recall", run.recall), ("precision", run.precision))]  # fmt: skip
    columns = [recall + precision for recall, precision in zip(*sides, strict=True)]
    names = tuple(map(_extra_name, keys))
    return numbered_columns((*ERROR_COLUMNS, *names, "start", "end", "sentence", "sheet"), columns, True)


def _extra_name(key: str) -> str:
    """§5.4 column names as error-row keys, kept apart from the standard columns."""
    if key == "context":
        return "context_marked"
    return f"{key} (layer)" if key in ERROR_COLUMNS or key in _OWN_EXTRA else key


def _side_columns(rows: list[ErrorRow], matches: Matches, documents: DocumentMap, keys: list[str],
                  side: str) -> list[list[Any]]:  # fmt: skip
    """The error rows of one side's error table, column by column in the rows' order."""
    x, y = matches.x, matches.y
    index = [row.index for row in rows]
    starts, ends = [x.starts[i] for i in index], [x.ends[i] for i in index]
    first, last = np.array(starts, dtype=np.int64), np.array(ends, dtype=np.int64)
    held = documents.index_all(first)  # the document of each row
    own = _own_spans(x, index, (first, last), documents, held)
    labels_y = [[row.values[f"{layer}_Y"] for layer in y.layers] for row in rows]
    other = _other_spans(y, [row.overlaps for row in rows], labels_y, documents)
    gold, system = (own, other) if side == "recall" else (other, own)
    names, units, unit_ids = _units(documents, held.tolist(), own[1])
    values = [[row.values[key] for row in rows] for key in keys]
    at = keys.index("context")
    values[at] = [our_marks(str(text), side) for text in values[at]]
    return [
        names, units, unit_ids, [row.values["error_type"] for row in rows], [""] * len(rows),
        *side_columns(gold, system), [C37 if row.context.from_candidate else "" for row in rows], *values,
        starts, ends, [x.sentence(i) for i in index], [SHEETS[side]] * len(rows),
    ]  # fmt: skip


def _units(documents: DocumentMap, held: list[int], within: list[int]) -> tuple[list[Any], ...]:
    """The name of each row's document (`held`), the number of the unit holding its span's
    start (`within`: in the document) and that unit's id ("" without unit ids)."""
    shown = [documents.documents[k] for k in held]
    units = [document.unit_of(position) for document, position in zip(shown, within, strict=True)]
    unit_ids = [document.unit_id(unit) if document.unit_ids else "" for document, unit in
                zip(shown, units, strict=True)]  # fmt: skip
    return [document.name for document in shown], [unit + 1 for unit in units], unit_ids


def _own_spans(x: SpanTable, index: list[int], bounds: tuple[np.ndarray, np.ndarray], documents: DocumentMap,
               held: np.ndarray) -> tuple[list[Any], ...]:  # fmt: skip
    """Each row's own span's values in SIDE_KEYS' order (label, start, end, parts, position,
    text), its corpus positions `bounds` (first, last) placed in its document (`held`)."""
    begins, finishes = (v.tolist() for v in documents.placed_in(held, *bounds))
    if documents.characters is None:  # the tokens joined, as the table holds them
        texts = [x.texts[i] for i in index]
    else:  # the text as written
        shown = [documents.documents[k] for k in held.tolist()]
        texts = [document.text(a, b) for document, a, b in zip(shown, begins, finishes, strict=True)]
    labels = ["/".join(x.labels[i]) for i in index]
    parts = [[[a, b]] for a, b in zip(begins, finishes, strict=True)]
    positions = [f"{s}-{e}" for s, e in zip(*(b.tolist() for b in bounds), strict=True)]
    return labels, begins, finishes, parts, positions, texts


def _other_spans(y: SpanTable, overlaps: list[range], labels_y: list[list[str]], documents: DocumentMap
                 ) -> tuple[list[Any], ...]:  # fmt: skip
    """The values of each row's overlapping spans of the other table in SIDE_KEYS' order,
    placed in the document of the first of them (a row without any: blank_side's)."""
    lo = np.array([r.start for r in overlaps], dtype=np.int64)
    counts = np.array([len(r) for r in overlaps], dtype=np.int64)
    taken = ranges(lo, counts)
    first, last = (np.array(column, dtype=np.int64)[taken] for column in (y.starts, y.ends))
    some, row_starts = counts > 0, run_starts(counts)
    held = np.repeat(documents.index_all(first[row_starts[some]]), counts[some])  # its row's first's
    begins, finishes = documents.placed_in(held, first, last)
    spans = OverlapSpans(y, documents, taken.tolist(), first.tolist(), last.tolist(), begins.tolist(),
                         finishes.tolist(), held.tolist())  # fmt: skip
    bounds = zip(row_starts.tolist(), (row_starts + counts).tolist(), labels_y, strict=True)
    rows = [spans.values(a, b, labels) for a, b, labels in bounds]
    return tuple(map(list, zip(*rows, strict=True))) if rows else ([], [], [], [], [], [])


class OverlapSpans:
    """The overlapping spans of every row, one after another (`taken`: their numbers in the
    other table; `first`, `last`: their corpus positions; `begins`, `finishes`: placed in
    the document of their row's first one, `held`)."""

    def __init__(self, y: SpanTable, documents: DocumentMap, *columns: list[int]) -> None:
        self.y, self.documents = y, documents
        self.taken, self.first, self.last, self.begins, self.finishes, self.held = columns

    def values(self, a: int, b: int, labels_y: list[str]) -> tuple[Any, ...]:
        """The values of spans a..b − 1 (one row's) in SIDE_KEYS' order (blank_side's without any)."""
        if a == b:
            return blank_side()
        begins, finishes = self.begins[a:b], self.finishes[a:b]
        if self.documents.characters is None:
            texts = [self.y.texts[k] for k in self.taken[a:b]]
        else:
            document = self.documents.documents[self.held[a]]
            texts = [document.text(p, q) for p, q in zip(begins, finishes, strict=True)]
        label = "" if labels_y[0] == NONE else "/".join(labels_y)
        parts = [[p, q] for p, q in zip(begins, finishes, strict=True)]
        position = " ".join(f"{s}-{e}" for s, e in zip(self.first[a:b], self.last[a:b], strict=True))
        return label, begins[0], finishes[-1], parts, position, " | ".join(texts)
