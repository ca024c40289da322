"""Cells and column headers a table's right edge cuts are drawn elided ("65.…", "Regent's…",
"preci…"), never cut: a number shown in part (65.1 of 65.12) would read as another number,
a title in part ("95 % hi" of "95 % high") as another title."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QRect, Qt
from PySide6.QtGui import QHelpEvent, QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QToolTip,
)


class WholeCells(QStyledItemDelegate):
    """The view's delegate: a cell that runs past the viewport's right edge is drawn in the
    part that is shown, its text elided there."""

    def __init__(self, view: QAbstractItemView) -> None:
        super().__init__(view)
        self.view = view
        # Scrolling moves the pixels drawn: a cell elided at the edge is drawn again whole.
        view.horizontalScrollBar().valueChanged.connect(lambda _: view.viewport().update())

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:  # fmt: skip
        edge = self.view.viewport().width()
        rect = QRect(option.rect)
        if rect.left() < edge <= rect.right():
            option = QStyleOptionViewItem(option)
            rect.setRight(edge - 1)
            option.rect = rect
        super().paint(painter, option, index)


class WholeHeaders(QHeaderView):
    """A table's column headers drawn as WholeCells draws its cells: a title the viewport's
    right edge cuts is elided in the part shown ("preci…"), and its whole text is then its
    tooltip (before the model's own, where it has one)."""

    def __init__(self, view: QTableView) -> None:
        super().__init__(Qt.Orientation.Horizontal, view)
        self.setSectionsClickable(True)  # as a table's own header: a click sorts, the current column shows
        self.setHighlightSections(True)
        view.horizontalScrollBar().valueChanged.connect(lambda _: self.viewport().update())

    def paintSection(self, painter: QPainter, rect: QRect, logical_index: int) -> None:  # noqa: N802
        if not self.cut(logical_index):
            super().paintSection(painter, rect, logical_index)
            return
        shown = QRect(rect)
        shown.setRight(self.viewport().width() - 1)
        # Elided only here: Qt elides a title that fits when it keeps room for a sort arrow.
        found = self.textElideMode()
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        super().paintSection(painter, shown, logical_index)
        self.setTextElideMode(found)

    def cut(self, logical: int) -> bool:
        """Whether the viewport's right edge cuts a column's header."""
        left = self.sectionViewportPosition(logical)
        return left < self.viewport().width() < left + self.sectionSize(logical)

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            logical = self.logicalIndexAt(event.pos())
            if logical >= 0 and self.cut(logical):
                QToolTip.showText(event.globalPos(), self.tooltip(logical), self)
                return True
        return super().viewportEvent(event)

    def tooltip(self, logical: int) -> str:
        """A cut header's tooltip: its whole title on one line, then what the model says of it."""
        title = self.model().headerData(logical, Qt.Orientation.Horizontal)
        tip = self.model().headerData(logical, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
        return "\n".join(str(text) for text in (str(title).replace("\n", " "), tip) if text)
