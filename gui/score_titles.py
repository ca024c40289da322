"""Readable headers and one scale for the Scores tab's intervals and comparisons: a score's
interval columns (the engine's `precision_low`, `precision_high`) headed "precision" over
"95 % low" and "95 % high"; the comparison of two systems (engine/comparison.py) headed
"System A", "B − A", … with its scores (a, b, the difference and its interval) on the
window's scale (percent or fraction) where the row's score is one (precision, recall, F1)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QTableView

from engine.report import Table, score_title
from engine.scale import FRACTION, INTERVAL_ENDS, is_score, is_score_column

from .models import FrameModel, display

#: Room beside a header's text: its margins, no sort arrow (a sorted column's arrow may cover
#: the end of a two-line title until the sort is undone).
HEADER_PADDING = 14

#: The comparison table's columns that hold a score or a difference of scores.
COMPARED_SCORES = ("a", "b", "difference", "low", "high")

#: The comparison table's columns shown with their sign.
SIGNED = ("difference", "low", "high")


def level_text(level: float) -> str:
    """0.95 → '95 %'."""
    return f"{level * 100:g} %"


def key_titles(table: Table) -> dict[str, str]:
    """The header of each column of a score table: its key in words (Table.headers: 'Precision', 'F1')."""
    return dict(zip(table.columns, table.headers(), strict=True))


def table_titles(table: Table, level: float) -> dict[str, str]:
    """The header of each column of a score table: its key in words, an interval's in two
    lines (interval_titles)."""
    return {**key_titles(table), **interval_titles(table.columns, level)}


def interval_titles(columns: list[str], level: float) -> dict[str, str]:
    """The header of each interval column: its score's name in words over its end
    (`Precision` / `95 % low`), two short lines instead of one long name."""
    titles = {}
    for name in columns:
        for end in INTERVAL_ENDS:
            if name.endswith(end) and is_score_column(name):
                titles[name] = f"{score_title(name.removesuffix(end))}\n{level_text(level)} {end[1:]}"
    return titles


def comparison_titles(level: float) -> dict[str, str]:
    """The comparison table's headers, short enough for the table to fit beside the
    systems' own score tables at 1366 pixels (each explained by its tooltip)."""
    return {"table": "Table", "row": "Row", "score": "Score", "a": "A", "b": "B", "difference": "B − A",
            "low": f"{level_text(level)} CI\nlow", "high": f"{level_text(level)} CI\nhigh",
            "p_bootstrap": "p\nbootstrap", "p_randomization": "p\nrandom."}  # fmt: skip


def comparison_tooltips(level: float) -> dict[str, str]:
    """What each header of the comparison table means."""
    interval = f"the difference's {level_text(level)} paired bootstrap confidence interval"
    return {"a": "The score of system A (the System input)", "b": "The score of system B (the second system)",
            "difference": "B's score minus A's", "low": f"The low end of {interval}",
            "high": f"The high end of {interval}",
            "p_bootstrap": "p-value of the difference by paired bootstrap",
            "p_randomization": "p-value of the difference by approximate randomization"}  # fmt: skip


def fit_titled_columns(view: QTableView) -> None:
    """Each column of a two-line header as wide as its cells or the longer line (Qt keeps
    room for a sort arrow beside the widest line, which would widen them by a third)."""
    model, metrics = view.model(), view.horizontalHeader().fontMetrics()
    for column in range(model.columnCount()):
        title = str(model.headerData(column, Qt.Orientation.Horizontal))
        if "\n" in title:
            text = max(metrics.horizontalAdvance(line) for line in title.split("\n")) + HEADER_PADDING
            view.setColumnWidth(column, max(view.sizeHintForColumn(column), text))


class ComparisonModel(FrameModel):
    """The comparison of two systems: a row's a, b, difference and interval are on the
    window's scale where its score is a score (precision, recall, F1), as they are."""

    def _adopt(self, frame: pd.DataFrame) -> None:
        super()._adopt(frame)
        self._scores = {i for i, name in enumerate(frame.columns) if name in COMPARED_SCORES}
        scores = frame["score"] if "score" in frame.columns else pd.Series([], dtype=object)
        self._score_rows = np.array([is_score_column(str(s)) for s in scores], dtype=bool)

    def __init__(self, frame: pd.DataFrame, level: float) -> None:
        super().__init__(frame, titles=comparison_titles(level))
        self._tooltips = comparison_tooltips(level)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # fmt: skip
        if role == Qt.ItemDataRole.ToolTipRole and orientation == Qt.Orientation.Horizontal:
            return self._tooltips.get(self._column_name(section))
        return super().headerData(section, orientation, role)

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # fmt: skip
        if index.isValid() and index.column() in self._scores and not self._score_rows[index.row()]:
            value = self._cell(index.row(), index.column())
            if role == Qt.ItemDataRole.DisplayRole:
                return self._signed(index, display(value))
            if role == Qt.ItemDataRole.ToolTipRole:
                return repr(value)
        text = super().data(index, role)
        return self._signed(index, text) if role == Qt.ItemDataRole.DisplayRole else text

    def _signed(self, index: QModelIndex | QPersistentModelIndex, text: Any) -> Any:
        """A difference (and its interval's ends) in fractions with its sign, "+0.0333" as
        "-0.0333", as the command line shows it (in percent as the tests pin it: "33.33")."""
        value = self._cell(index.row(), index.column())
        signed = self.scale == FRACTION and self._column_name(index.column()) in SIGNED
        if signed and is_score(value) and value > 0:
            return f"+{text}"
        return text
