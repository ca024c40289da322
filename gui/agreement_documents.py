"""The Agreement window's Documents tab: a document a row, its annotators and its figures
(the engine's, as the report's per_document data holds them), as a model whose cells are
made when a view asks for them. It sorts as the table of items it replaces did: stable over
the order shown, numbers by value (undefined after every value), names in Qt's order of
text (by UTF-16 code unit)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QTableView

from .agreement_reasons import DOCUMENT_FIGURES, figure_text, reason, tip, value_at
from .agreement_views import colour
from .agreement_words import DOCUMENT_TIPS
from .models import SAMPLED_ROWS

Index = QModelIndex | QPersistentModelIndex
Role = Qt.ItemDataRole

#: The columns: two of names, then the figures (DOCUMENT_FIGURES).
COLUMNS = ("Document", "Annotators", *DOCUMENT_FIGURES)
FIGURE_PARTS = (None, None, *DOCUMENT_FIGURES.values())
BLACK = QColor("black")
DISPLAY, BACKGROUND, FOREGROUND = Role.DisplayRole.value, Role.BackgroundRole.value, Role.ForegroundRole.value
TOOLTIP = Role.ToolTipRole.value
#: The roles a cell answers (a name its text and tooltip only); the others a view asks of each cell are None.
SHOWN = frozenset((DISPLAY, BACKGROUND, FOREGROUND, TOOLTIP))
#: The widest a name column is fitted to, in characters (a longer name elided in the middle).
NAME_CHARS = 40


def values_at(blocks: list[dict[str, Any]], parts: tuple[str, ...]) -> list[Any]:
    """The figure at `parts` of each block, a level of them at a time (no call per block)."""
    nodes: list[Any] = blocks
    for part in parts:
        nodes = [node[part] for node in nodes]
    return nodes


class DocumentsModel(QAbstractTableModel):
    """The documents' rows in the order shown (`order`: indexes into `names` and `docs`)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.names: list[str] = []
        self.docs: list[dict[str, Any]] = []
        self.order: list[int] = []
        self.keys: dict[int, list[Any]] = {}  # each column's sort keys, by document, made once sorted by

    def set_documents(self, docs: dict[str, dict[str, Any]]) -> None:
        """Show these documents in their order (the report's), until sorted."""
        self.beginResetModel()
        self.names, self.docs = list(docs), list(docs.values())
        self.order, self.keys = list(range(len(self.names))), {}
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.order)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Role.DisplayRole) -> Any:  # noqa: N802
        """The columns' titles, each figure's meaning as its tooltip; the rows numbered."""
        if orientation == Qt.Orientation.Vertical:
            return super().headerData(section, orientation, role)
        if role == Role.DisplayRole:
            return COLUMNS[section]
        return DOCUMENT_TIPS.get(COLUMNS[section]) if role == Role.ToolTipRole else None

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Cells chosen and copied, never edited (the figures are the engine's)."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        """A cell's text; a figure's colours and tooltip too (asked of every cell measured or painted)."""
        if role not in SHOWN or not index.isValid():
            return None
        column = index.column()
        d, parts = self.order[index.row()], FIGURE_PARTS[column]
        if parts is None:  # a name, whole in its tooltip where its column shows it elided
            return self.name_text(d, column) if role in (DISPLAY, TOOLTIP) else None
        return BLACK if role == FOREGROUND else self.figure_data(self.docs[d], parts, role)

    def name_text(self, d: int, column: int) -> str:
        """The document's name (column 0) or its annotators' (column 1)."""
        return self.names[d] if column == 0 else ", ".join(self.docs[d]["annotators"])

    def figure_data(self, doc: dict[str, Any], parts: tuple[str, ...], role: int) -> Any:
        """A figure's text, its colour (grey where undefined) and the engine's reason as tooltip."""
        value = value_at(doc, parts)
        if role == DISPLAY:
            return figure_text(value)
        if role == BACKGROUND:
            return colour(value)
        return tip(reason(doc, parts)) if value is None else ""

    def sort_keys(self, column: int) -> list[Any]:
        """Each document's key in `column`: a figure's value (undefined after every value), a
        name's UTF-16 code units (Qt's order of text)."""
        if column not in self.keys:
            parts = FIGURE_PARTS[column]
            if parts is None:
                texts = self.names if column == 0 else [", ".join(doc["annotators"]) for doc in self.docs]
                self.keys[column] = [text.encode("utf-16-be") for text in texts]
            else:
                self.keys[column] = [(v is None, v or 0.0) for v in values_at(self.docs, parts)]
        return self.keys[column]

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """The rows by `column`, rows of equal keys in the order they were shown."""
        if not 0 <= column < len(COLUMNS):
            return
        self.layoutAboutToBeChanged.emit()
        before, keys = self.order, self.sort_keys(column)
        self.order = sorted(before, key=keys.__getitem__, reverse=order == Qt.SortOrder.DescendingOrder)
        self._move_persistent(before)
        self.layoutChanged.emit()

    def _move_persistent(self, before: list[int]) -> None:
        """The selection and the current cell follow their documents to their new rows."""
        row_of = [0] * len(self.order)
        for row, d in enumerate(self.order):
            row_of[d] = row
        for old in self.persistentIndexList():
            self.changePersistentIndex(old, self.index(row_of[before[old.row()]], old.column()))


def documents_view() -> QTableView:
    """The Documents table: sorted by a click on a column's header, its columns fitted to
    SAMPLED_ROWS rows (as the Scores tables; the table of items measured 1,000)."""
    view = QTableView()
    view.setModel(DocumentsModel(view))
    view.setSortingEnabled(True)
    view.setTabKeyNavigation(False)
    view.setTextElideMode(Qt.TextElideMode.ElideMiddle)  # names told apart by their ends too
    view.horizontalHeader().setResizeContentsPrecision(SAMPLED_ROWS)  # a measured cell: 8 calls of Python
    return view


def fill_documents(view: QTableView, docs: dict[str, dict[str, Any]]) -> None:
    """The documents in the table, sorted first as the table is (the ties of the next sort
    stay in that order), then worst αu first; the columns fitted to their contents."""
    model = view.model()
    model.set_documents(docs)
    header = view.horizontalHeader()
    model.sort(header.sortIndicatorSection(), header.sortIndicatorOrder())
    view.sortByColumn(len(COLUMNS) - 1, Qt.SortOrder.AscendingOrder)  # worst αu first
    view.resizeColumnsToContents()
    widest = NAME_CHARS * view.fontMetrics().averageCharWidth()  # the figures stay in view
    for column in (0, 1):
        view.setColumnWidth(column, min(view.columnWidth(column), widest))
