"""Cells a table's right edge cuts are drawn elided ("65.…", "Regent's…"), never cut: a
number shown in part (65.1 of 65.12) would read as another number."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QAbstractItemView, QStyledItemDelegate, QStyleOptionViewItem


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
