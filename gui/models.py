"""Qt table models over engine tables (pandas DataFrames), sorted and filtered with pandas."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pandas as pd
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from engine.scale import DEFAULT_SCALE, FRACTION, is_score, is_score_column, on_scale, score_text

Index = QModelIndex | QPersistentModelIndex

#: Rows looked at to fit a column's width to its contents.
SAMPLED_ROWS = 100

#: Role giving the raw value of a cell (for tests and tooltips).
RAW_ROLE = Qt.ItemDataRole.UserRole


def is_missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and np.isnan(value))


def display(value: Any) -> str:
    """How a cell shows a value: scores with 4 decimals, missing values empty."""
    if is_missing(value):
        return ""
    if isinstance(value, float | np.floating):
        return f"{value:.4f}"
    if isinstance(value, list | tuple | np.ndarray):
        return ", ".join(display(v) for v in value)
    return str(value)


def plain(value: Any) -> Any:
    """A numpy scalar as the Python value it holds."""
    return value.item() if isinstance(value, np.generic) else value


def sort_order(column: pd.Series, ascending: bool) -> np.ndarray:
    """Row positions that sort a column: numbers by value, anything else by its text;
    missing values last, ties kept in table order."""
    numbers = pd.to_numeric(column, errors="coerce")
    present = column.map(lambda v: not is_missing(v) and v != "")
    if bool((numbers.notna() == present).all()):
        keys = numbers.to_numpy(dtype=float, na_value=np.nan)
    else:
        keys = column.map(display).str.casefold().to_numpy()
    order = pd.Series(keys).sort_values(ascending=ascending, kind="stable", na_position="last")
    return order.index.to_numpy()


class FrameModel(QAbstractTableModel):
    """A read-only model of a DataFrame; the view sorts it through `sort` (done by pandas,
    so that sorting a table of a million rows does not call Python per comparison)."""

    def __init__(
        self, frame: pd.DataFrame | None = None, parent: Any = None, titles: Mapping[str, str] | None = None
    ) -> None:
        super().__init__(parent)
        self._titles = dict(titles or {})  # column name → header shown (engine.report.COLUMN_TITLES)
        self._frame = pd.DataFrame()
        self._columns: list[np.ndarray] = []
        self._scores: set[int] = set()  # positions of the score columns (engine.scale)
        self.scale = DEFAULT_SCALE
        self.native = FRACTION  # the scale the table's scores are on (Table.scale)
        self.explain: dict[str, Callable[[Any], str]] = {}  # column → a cell value's tooltip
        self._adopt(frame if frame is not None else pd.DataFrame())

    def _adopt(self, frame: pd.DataFrame) -> None:
        """Keep the frame and its columns as arrays (a cell is then one array lookup)."""
        self._frame = frame
        self._columns = [frame.iloc[:, i].to_numpy() for i in range(len(frame.columns))]
        self._scores = {i for i, name in enumerate(frame.columns) if is_score_column(name)}

    def set_scale(self, scale: str, native: str | None = None) -> None:
        """Show the scores on `scale` (percent or fraction); `native`: the table's own scale."""
        self.scale = scale
        if native is not None:
            self.native = native
        if self.rowCount() and self._scores:
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, self.columnCount() - 1))

    @property
    def frame(self) -> pd.DataFrame:
        return self._frame

    def set_frame(self, frame: pd.DataFrame) -> None:
        self.beginResetModel()
        self._adopt(frame)
        self.endResetModel()

    def source_row(self, row: int) -> Any:
        """The frame's index label of a shown row (the row number in the engine's table)."""
        return self._frame.index[row]

    def row_of(self, label: Any) -> int | None:
        """The shown row of an index label, None when it is not shown."""
        found = np.flatnonzero(self._frame.index.to_numpy() == label)
        return int(found[0]) if len(found) else None

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._frame)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._frame.columns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        value = self._columns[index.column()][index.row()]
        score = index.column() in self._scores and is_score(value)
        if role == Qt.ItemDataRole.DisplayRole:
            return self._score_text(value) if score else display(value)
        if role == RAW_ROLE:
            return plain(value)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(index.column(), value, score)
        if role == Qt.ItemDataRole.TextAlignmentRole and isinstance(value, int | float | np.number):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _score_text(self, value: Any) -> str:
        return score_text(on_scale(value, self.native, self.scale), self.scale)

    def _tooltip(self, column: int, value: Any, score: bool) -> str | None:
        """The exact number behind a rounded one; the meaning of an error type."""
        if score:
            exact = on_scale(value, self.native, self.scale)
            return f"{exact!r}{' %' if self.scale == 'percent' else ''}"
        if isinstance(value, float | np.floating):
            return repr(float(value))
        explain = self.explain.get(str(self._frame.columns[column]))
        return (explain(value) or None) if explain is not None else None

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            name = str(self._frame.columns[section])
            return self._titles.get(name, name)
        return str(section + 1)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if column < 0 or column >= len(self._frame.columns) or self._frame.empty:
            return
        self.layoutAboutToBeChanged.emit()
        positions = sort_order(self._frame.iloc[:, column], order == Qt.SortOrder.AscendingOrder)
        self._adopt(self._frame.iloc[positions])
        self.layoutChanged.emit()


def search_text(frame: pd.DataFrame, columns: list[str]) -> pd.Series:
    """One lower-case line per row holding the text of `columns`, for text search."""
    if frame.empty or not columns:
        return pd.Series("", index=frame.index, dtype=object)
    texts = [frame[c].where(frame[c].notna(), "").astype(str) for c in columns]
    return texts[0].str.cat(texts[1:], sep="\t").str.casefold()


def error_mask(
    frame: pd.DataFrame, search: pd.Series, error_type: str | None, label: str | None, query: str
) -> np.ndarray:
    """Which error rows pass the filters: the type, a label on either side, the search text."""
    mask = np.ones(len(frame), dtype=bool)
    if error_type is not None:
        mask &= (frame["type"] == error_type).to_numpy()
    if label is not None:
        mask &= ((frame["gold_label"] == label) | (frame["system_label"] == label)).to_numpy()
    query = query.strip().casefold()
    if query:
        mask &= search.str.contains(query, regex=False).to_numpy()
    return mask
