"""Qt table models over engine tables (pandas DataFrames; the error table's columns), sorted
and filtered with pandas and numpy."""

from __future__ import annotations

import heapq
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any

import numpy as np
import pandas as pd
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal

from engine.blocks import distinct_in_order, each, pieces
from engine.progress import NO_PROGRESS, Progress
from engine.report import ColumnRows, cell, column_title
from engine.review import NOT_REVIEWED
from engine.scale import DEFAULT_SCALE, FRACTION, is_score, is_score_column, on_scale, score_text

Index = QModelIndex | QPersistentModelIndex

#: The error table's column of the verdicts a review imported gave (engine/export/carry.py).
VERDICT = "verdict"
#: Rows looked at to fit a column's width to its contents.
SAMPLED_ROWS = 100

#: Role giving the raw value of a cell (for tests and tooltips).
RAW_ROLE = Qt.ItemDataRole.UserRole
#: How a number is aligned in its cell.
NUMBER_ALIGNMENT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
#: The roles a cell answers.
ROLES = frozenset(
    (Qt.ItemDataRole.DisplayRole, RAW_ROLE, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.TextAlignmentRole)
)


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
    """Row positions that sort a column: numbers by value, anything else by its text with
    the numbers in it by value (E9 before E10, 97-397 before 999-1363); missing values and
    empty texts last (as a spreadsheet sorts), ties kept in table order."""
    keys = column_numbers(column)
    if keys is None:
        texts = list(each(str.casefold, shown_texts(column.tolist())))
        natural = {text: natural_key(text) for text in distinct_in_order(texts)}  # each text once
        return text_order([natural[text] if text else None for text in texts], ascending)
    order = pd.Series(keys).sort_values(ascending=ascending, kind="stable", na_position="last")
    return order.index.to_numpy()


def text_order(keys: list[str | None], ascending: bool) -> np.ndarray:
    """Positions that sort texts, None last, ties in table order: sorted a block of
    SORTED_BLOCK at a time and the blocks merged (heapq.merge, in Python), so that no call
    holds the interpreter's lock for long (a sort of all at once compares them in one call
    of C: 0.12 s for 136,308 positions in random order, the UI thread waiting)."""
    get = keys.__getitem__
    present = [k for k, key in enumerate(keys) if key is not None]
    blocks = [sorted(block, key=get, reverse=not ascending) for block in pieces(present, SORTED_BLOCK)]
    merged = heapq.merge(*blocks, key=get, reverse=not ascending)
    missing = (k for k, key in enumerate(keys) if key is None)
    return np.fromiter(chain(merged, missing), np.int64, len(keys))


def column_numbers(column: pd.Series) -> np.ndarray | None:
    """The column as floats where every value present (not missing, not "") is a number,
    else None: known from its first value present when that is no number, before any value
    is converted or the others looked at."""
    first = next((v for v in column.tolist() if _present(v)), None)
    if first is not None and pd.to_numeric(pd.Series([first], dtype=object), errors="coerce").isna().all():
        return None
    present = column.map(_present)
    numbers = pd.to_numeric(column, errors="coerce")
    if not bool((numbers.notna() == present).all()):
        return None
    return numbers.to_numpy(dtype=float, na_value=np.nan)


def _present(value: Any) -> bool:
    return not is_missing(value) and value != ""


#: Texts sorted in one call of C (a few milliseconds) before the sorted blocks are merged.
SORTED_BLOCK = 1 << 13

#: A run of digits in a text (ASCII: a digit of another script is sorted as a letter).
DIGITS = re.compile("[0-9]+")


def natural_key(text: str) -> str:
    """A text that sorts among others as `text` does with each run of digits taken as its
    number: each run led by its length in three digits (9 → 0019, 10 → 00210; runs of up to
    999 digits). A digit stays before a letter, as ASCII puts it."""
    return DIGITS.sub(_counted_digits, text)


def _counted_digits(run: re.Match[str]) -> str:
    return f"{len(run.group()):03d}{run.group()}"


class FrameModel(QAbstractTableModel):
    """A read-only model of a DataFrame; the view sorts it through `sort` (sort_order: no
    Python call per comparison)."""

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
        self._columns = [column.to_numpy() for _, column in frame.items()]
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
        if role not in ROLES or not index.isValid():
            return None  # a view asks ten roles a cell as it paints: the others cost nothing
        value = self._cell(index.row(), index.column())
        score = index.column() in self._scores and is_score(value)
        if role == Qt.ItemDataRole.DisplayRole:
            return self._score_text(value) if score else display(value)
        if role == RAW_ROLE:
            return plain(value)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(index.column(), value, score)
        if role == Qt.ItemDataRole.TextAlignmentRole and isinstance(value, int | float | np.number):
            return NUMBER_ALIGNMENT
        return None

    def _cell(self, row: int, column: int) -> Any:
        return self._columns[column][row]

    def _column_name(self, column: int) -> str:
        return str(self._frame.columns[column])

    @property
    def columns(self) -> list[str]:
        """The names of the columns shown (the engine's, not the headers)."""
        return [self._column_name(c) for c in range(self.columnCount())]

    def _score_text(self, value: Any) -> str:
        return score_text(on_scale(value, self.native, self.scale), self.scale)

    def _tooltip(self, column: int, value: Any, score: bool) -> str | None:
        """The exact number behind a rounded one; the meaning of an error type."""
        if score:
            exact = on_scale(value, self.native, self.scale)
            return f"{exact!r}{' %' if self.scale == 'percent' else ''}"
        if isinstance(value, float | np.floating):
            return repr(float(value))
        explain = self.explain.get(self._column_name(column))
        return (explain(value) or None) if explain is not None else None

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            name = self._column_name(section)
            return self._titles.get(name, name)
        return str(section + 1)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if column < 0 or column >= len(self._frame.columns) or self._frame.empty:
            return
        self.layoutAboutToBeChanged.emit()
        positions = sort_order(self._frame.iloc[:, column], order == Qt.SortOrder.AscendingOrder)
        self._adopt(self._frame.iloc[positions])
        self.layoutChanged.emit()


class RowsModel(FrameModel):
    """A read-only model of a report's error table kept as columns (report.ColumnRows), shown
    in the order of `shown` (positions in the rows): nothing is copied or converted when a
    report arrives; a cell is one column's value, looked up (and formatted) when the view
    paints it. The model does not sort itself: a view's sort asks for it (`sort_asked`) and
    its owner works the order out off the UI thread (`sorted_rows`), then shows it."""

    sort_asked = Signal(int, Qt.SortOrder)

    def __init__(self, parent: Any = None, titles: Mapping[str, str] | None = None) -> None:
        self._values: list[Sequence[Any]] = []
        self._names: list[str] = []
        self._order = np.zeros(0, dtype=np.int64)
        super().__init__(None, parent, titles)

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """A column the titles do not name (a method's own: FairEval's gold_line) by its
        words ('Gold line'), not by its key."""
        title = super().headerData(section, orientation, role)
        if orientation == Qt.Orientation.Horizontal and title == self._column_name(section):
            return column_title(title)
        return title

    def set_rows(self, table: ColumnRows, columns: list[str], shown: np.ndarray) -> None:
        self.beginResetModel()
        self._values, self._names, self._order = [table.column(c) for c in columns], list(columns), shown
        self._scores = {i for i, name in enumerate(columns) if is_score_column(name)}
        self.endResetModel()

    def show_order(self, shown: np.ndarray) -> None:
        """Show the same rows (or others of the same table) in the order of `shown`: a selected
        row stays selected where it goes, or is no longer selected where it is not shown (the
        view is not laid out again when that order is shown already)."""
        if np.array_equal(shown, self._order):
            return
        self.layoutAboutToBeChanged.emit()
        kept = self.persistentIndexList()  # the selection among them: it stays on its rows
        sources = self._order[[index.row() for index in kept]]
        self._order = shown
        rows = positions_in(shown, sources).tolist()
        moved = [
            self.index(row, index.column()) if row >= 0 else QModelIndex()
            for row, index in zip(rows, kept, strict=True)
        ]
        self.changePersistentIndexList(kept, moved)
        self.layoutChanged.emit()

    def _cell(self, row: int, column: int) -> Any:
        return cell(self._values[column], int(self._order[row]))

    def _column_name(self, column: int) -> str:
        return self._names[column]

    def source_row(self, row: int) -> int:
        return int(self._order[row])

    def row_of(self, label: Any) -> int | None:
        found = np.flatnonzero(self._order == label)
        return int(found[0]) if len(found) else None

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._order)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._names)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.sort_asked.emit(column, order)


def positions_in(shown: np.ndarray, sources: np.ndarray) -> np.ndarray:
    """Where each of `sources` (row positions) stands in `shown` (-1 where it is not shown)."""
    where = np.full(max(shown.max(initial=-1), sources.max(initial=-1)) + 1, -1, dtype=np.int64)
    where[shown] = np.arange(len(shown))
    return where[sources]


def sorted_rows(values: Sequence[Any], shown: np.ndarray, ascending: bool) -> np.ndarray:
    """`shown` (row positions) in the order of their values in a column (as sort_order)."""
    if not len(shown):
        return shown
    keys = pd.Series(list(map(values.__getitem__, shown.tolist())), dtype=object)
    return shown[sort_order(keys, ascending)]


def error_table(rows: Sequence[dict[str, Any]], keys: list[str]) -> ColumnRows:
    """A report's error rows as columns: ColumnRows as they are; a list of dicts gathered a
    column per key of `keys` (the report's error_columns: its rows' keys, scanned once there),
    None where a row lacks the key."""
    if isinstance(rows, ColumnRows):
        return rows
    return ColumnRows({key: [row.get(key) for row in rows] for key in keys})


def shown_texts(values: Sequence[Any]) -> Sequence[str]:
    """How a column's values show (`display`): a column of text as it is (nothing to convert)."""
    return values if set(map(type, values)) <= {str} else list(map(display, values))


def search_texts(table: ColumnRows, columns: list[str], progress: Progress = NO_PROGRESS) -> list[str]:
    """One lower-case line per row holding the text of `columns`, for text search
    (`progress`: checked for cancellation between columns)."""
    texts = []
    for c in columns:
        progress.check()
        texts.append(shown_texts(table.column(c)))
    return ["\t".join(line).casefold() for line in zip(*texts, strict=True)] if texts else [""] * len(table)


def error_mask(
    table: ColumnRows,
    search: Callable[[], list[str]],
    error_type: str | None,
    label: str | None,
    query: str,
    verdict: str | None = None,
) -> np.ndarray:
    """Which error rows pass the filters: the type, a label on either side, the search text
    (`search()` gives the rows' search lines, made at the first search), the verdict (that
    of NOT_REVIEWED: none)."""
    n = len(table)
    mask = np.ones(n, dtype=bool)
    if error_type is not None:
        mask &= np.fromiter((kind == error_type for kind in table.column("type")), bool, n)
    if verdict is not None:
        wanted = None if verdict == NOT_REVIEWED else verdict
        mask &= np.fromiter(((given or None) == wanted for given in table.column(VERDICT)), bool, n)
    if label is not None:
        sides = zip(table.column("gold_label"), table.column("system_label"), strict=True)
        mask &= np.fromiter((label in pair for pair in sides), bool, n)
    query = query.strip().casefold()
    if query:
        mask &= np.fromiter((query in line for line in search()), bool, n)
    return mask


@dataclass(frozen=True)
class ErrorQuery:
    """What the error table shows: the filters (None: any type, any label) and the sort (the
    name of a column, None: the report's order)."""

    error_type: str | None = None
    label: str | None = None
    text: str = ""
    sort_column: str | None = None
    ascending: bool = True
    verdict: str | None = None  # None: any verdict, or none

    @property
    def filters(self) -> bool:
        chosen = (self.error_type, self.label, self.verdict)
        return any(value is not None for value in chosen) or bool(self.text.strip())


def shown_rows(
    table: ColumnRows,
    search: Callable[[Progress], list[str]],
    query: ErrorQuery,
    progress: Progress = NO_PROGRESS,
) -> np.ndarray:
    """The positions of the rows that pass the query's filters, in its sort order
    (`search(progress)` gives the rows' search lines; `progress`: checked for cancellation)."""
    if query.filters:
        lines = lambda: search(progress)  # noqa: E731
        mask = error_mask(table, lines, query.error_type, query.label, query.text, query.verdict)
        shown = np.flatnonzero(mask)
    else:
        shown = np.arange(len(table))  # no filter: nothing to look at
    progress.check()
    if query.sort_column is None:
        return shown
    return sorted_rows(table.column(query.sort_column), shown, query.ascending)
