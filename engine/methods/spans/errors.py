"""The error rows of the methods over plain labelled spans (spans, nervaluate), built a
column at a time from the arrays the scoring has: per error its document, its gold and
system span (index into each side's table, -1 for none), its type and subtype. Only
the texts and positions are made per error; the rows are zipped from the columns."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...formats.columns import or_none
from ...formats.pairing import Paired
from ...formats.spantable import SpanTable
from ...report import ERROR_COLUMNS, ColumnRows, error_id_column
from ...spans import Document


def error_rows(paired: Paired, docs: np.ndarray, gold: np.ndarray, system: np.ndarray,
               types: Sequence[str], subtypes: Sequence[str]) -> ColumnRows:  # fmt: skip
    """One row per error, in the order given (ERROR_COLUMNS, ids E1, E2, …), kept as columns."""
    n = len(docs)
    runs = _runs(np.asarray(docs, dtype=np.int64))
    gold_side = _side(paired.gold, np.asarray(gold, dtype=np.int64), runs, paired.documents)
    system_side = _side(paired.system, np.asarray(system, dtype=np.int64), runs, paired.documents)
    anchors = np.where(gold >= 0, gold_side.starts, system_side.starts)
    names, units, unit_ids = _units(paired.documents, runs, anchors)
    columns = (
        error_id_column(n), names, units, unit_ids, types, subtypes,
        gold_side.labels, system_side.labels, gold_side.start_column(), gold_side.end_column(),
        system_side.start_column(), system_side.end_column(), gold_side.parts, system_side.parts,
        gold_side.positions, system_side.positions, gold_side.texts, system_side.texts, [""] * n,
    )  # fmt: skip
    return ColumnRows(dict(zip(ERROR_COLUMNS, columns, strict=True)))


def _runs(docs: np.ndarray) -> list[tuple[int, int, int]]:
    """(document, first, stop) of each run of errors in the same document."""
    cuts = [0, *(np.flatnonzero(docs[1:] != docs[:-1]) + 1).tolist(), len(docs)]
    return [(int(docs[a]), a, b) for a, b in zip(cuts, cuts[1:], strict=False) if b > a]


def _units(documents: list[Document], runs: list[tuple[int, int, int]], anchors: np.ndarray
           ) -> tuple[list[str], list[int], list[str]]:  # fmt: skip
    """Each error's document name, 1-based unit number and unit id (what Document.unit_of
    finds for the position of its gold span, else of its system span)."""
    names: list[str] = []
    units: list[int] = []
    unit_ids: list[str] = []
    for doc, first, stop in runs:
        document = documents[doc]
        starts = np.array([start for start, _ in document.units], dtype=np.int64)
        found = np.maximum(np.searchsorted(starts, anchors[first:stop], side="right") - 1, 0).tolist()
        names += [document.name] * (stop - first)
        units += [unit + 1 for unit in found]
        ids = document.unit_ids
        unit_ids += [ids[unit] for unit in found] if ids else [""] * (stop - first)
    return names, units, unit_ids


class _SideColumns:
    """One side's columns of the error rows (the blank values where an error has no span)."""

    def __init__(self, n: int) -> None:
        self.present = np.zeros(n, dtype=bool)
        self.starts = np.zeros(n, dtype=np.int64)
        self.ends = np.zeros(n, dtype=np.int64)
        self.labels: list[str] = [""] * n
        self.parts: list[list[list[int]]] = [[] for _ in range(n)]
        self.positions: list[str] = [""] * n
        self.texts: list[str] = [""] * n

    def start_column(self) -> list[int | None]:
        return or_none(self.starts, self.present)

    def end_column(self) -> list[int | None]:
        return or_none(self.ends, self.present)


def _side(table: SpanTable, index: np.ndarray, runs: list[tuple[int, int, int]],
          documents: list[Document]) -> _SideColumns:  # fmt: skip
    """The columns of one side: label, start, end, parts, position and text of each span."""
    side = _SideColumns(len(index))
    side.present = index >= 0
    rows = np.flatnonzero(side.present)
    spans = index[rows]
    side.starts[rows], side.ends[rows] = table.starts[spans], table.ends[spans]
    row_list, starts, ends = rows.tolist(), table.starts[spans].tolist(), table.ends[spans].tolist()
    labels = np.array(table.label_names, dtype=object)[table.labels[spans]].tolist() if len(rows) else []
    for row, label, start, end in zip(row_list, labels, starts, ends, strict=True):
        side.labels[row] = label
        side.parts[row] = [[start, end]]
        side.positions[row] = f"{start}-{end}"
    for span, row in zip(spans.tolist() if table.parts else [], row_list, strict=False):
        if table.parts.get(span):
            side.parts[row] = [list(p) for p in table.parts[span]]
            side.positions[row] = ",".join(f"{s}-{e}" for s, e in side.parts[row])
    bounds = np.searchsorted(rows, [(first, stop) for _, first, stop in runs]).tolist() if runs else []
    for (doc, _, _), (lo, hi) in zip(runs, bounds, strict=True):
        text = documents[doc].text
        for row, start, end in zip(row_list[lo:hi], starts[lo:hi], ends[lo:hi], strict=True):
            side.texts[row] = text(start, end)
    return side
