"""A score table's column header that the table's right edge cuts is drawn elided in the part
shown ("precis…"), as its cells are, never cut in the middle of a letter; its whole title is
then its tooltip."""

from __future__ import annotations

import pandas as pd
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QHelpEvent, QImage
from PySide6.QtWidgets import QApplication, QTableView, QToolTip

from gui.results import table_view


def _section(view: QTableView, column: int, width: int) -> QImage:
    """The pixels of a column's header, `width` wide from its left."""
    header = view.horizontalHeader()
    left = header.sectionViewportPosition(column)
    return header.grab().toImage().copy(left, 0, width, header.height())


def _cut_view(qtbot) -> tuple[QTableView, int]:
    """A per-label table whose right edge cuts its "precision" column; the part shown's width."""
    frame = pd.DataFrame({"label": ["LOC", "PER"], "precision": [0.625, 0.7778], "recall": [0.5, 0.875]})
    view = table_view(frame)
    qtbot.addWidget(view)
    view.show()
    header = view.horizontalHeader()
    shown = header.sectionSize(1) * 2 // 3
    view.resize(header.sectionViewportPosition(1) + shown + view.width() - view.viewport().width(), 120)
    qtbot.waitUntil(lambda: view.viewport().width() == header.sectionViewportPosition(1) + shown)
    return view, shown


def test_a_header_the_edge_cuts_is_drawn_as_an_elided_header_of_the_part_shown(qtbot):
    view, shown = _cut_view(qtbot)
    narrow = table_view(pd.DataFrame({"label": ["LOC"], "precision": [0.625]}))
    qtbot.addWidget(narrow)
    narrow.horizontalHeader().setTextElideMode(Qt.TextElideMode.ElideRight)  # as Qt draws a narrow one
    narrow.setColumnWidth(1, shown)
    narrow.resize(view.size())
    narrow.show()
    qtbot.waitExposed(narrow)
    text = shown - 2  # its text, without the section's border (drawn at the edge in the cut one)
    assert _section(view, 1, text) == _section(narrow, 1, text)
    view.horizontalHeader().resizeSection(1, view.horizontalHeader().sectionSize(1) - 1)  # still cut
    assert _section(view, 1, text) == _section(narrow, 1, text)


def test_a_cut_header_has_its_whole_title_as_tooltip(qtbot, monkeypatch):
    view, _ = _cut_view(qtbot)
    header = view.horizontalHeader()
    tips: list[str] = []
    monkeypatch.setattr(QToolTip, "showText", lambda _at, text, *_: tips.append(text))
    for x in (header.sectionViewportPosition(1) + 4, 4):  # "precision", cut; then "label", shown whole
        at = QPoint(x, header.height() // 2)
        QApplication.sendEvent(header.viewport(), QHelpEvent(QEvent.Type.ToolTip, at, header.mapToGlobal(at)))
    assert tips == ["precision"]


def test_drawing_a_cut_header_leaves_the_elide_mode_it_found(qtbot):
    view, shown = _cut_view(qtbot)
    header = view.horizontalHeader()
    header.setTextElideMode(Qt.TextElideMode.ElideMiddle)
    assert header.cut(1)
    header.grab()  # the cut "precision" drawn elided at the right
    assert header.textElideMode() == Qt.TextElideMode.ElideMiddle
