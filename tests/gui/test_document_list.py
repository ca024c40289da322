"""The viewer's list of documents: its size whatever names it holds (Qt measures none of
them: the names of a Label Studio export of 20,704 tasks took the UI thread 30-90 ms to
measure, in the turn that shows the documents), a long name shown elided in the middle and
whole in the tooltip."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QStyleOptionComboBox

from engine.report import Report
from engine.spans import Document
from gui.style import SHOWN_CHARS
from gui.viewer import SideBySideViewer
from gui.viewer_data import ReportData

#: What the offscreen platform says of any popup window (it has no window manager).
POPUP_MESSAGES = pytest.mark.qt_log_ignore("does not support raise", "does not support grabbing the keyboard")
LONG = "annotation_of_the_complete_correspondence_volume_one_{:05d}.conll"  # 65 characters


def viewer_of(qtbot, names: list[str]) -> SideBySideViewer:
    docs = [Document(name, ["a", "b"]) for name in names]
    viewer = SideBySideViewer()
    qtbot.addWidget(viewer)
    viewer.set_report(ReportData.build(Report("toy", "Toy", {}, [], {}, [], docs, [], [])))
    return viewer


def shown_text(combo: QComboBox) -> str:
    """The current name as the drop-down paints it."""
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    return option.currentText


def test_twenty_thousand_long_names_leave_the_list_its_size(qtbot):
    documents = viewer_of(qtbot, ["a.conll"]).documents
    size, least = documents.sizeHint(), documents.minimumSizeHint()
    documents.addItems([LONG.format(n) for n in range(20_000)])
    assert documents.sizeHint() == size and documents.minimumSizeHint() == least  # no name measured
    x = documents.fontMetrics().horizontalAdvance("X")
    assert SHOWN_CHARS * x < size.width() < (SHOWN_CHARS + 8) * x  # a name of SHOWN_CHARS, no more
    plain = QComboBox()
    plain.addItem("a.conll")
    assert size.height() == plain.sizeHint().height()  # as high as a drop-down of the same names


def test_a_long_name_is_shown_elided_in_the_middle_and_whole_in_the_tooltip(qtbot):
    name = LONG.format(7)
    viewer = viewer_of(qtbot, ["a.conll", name])
    viewer.show()
    qtbot.waitExposed(viewer)
    documents = viewer.documents
    assert shown_text(documents) == "a.conll" and documents.toolTip() == "a.conll"
    documents.setCurrentText(name)
    start, end = shown_text(documents).split("…")
    assert name.startswith(start) and name.endswith(end) and len(start) > 8 and len(end) > 8
    assert documents.fontMetrics().horizontalAdvance(f"{start}…{end}") < documents.width()
    assert documents.toolTip() == name


def test_the_agreement_windows_document_choice_is_sized_alike(qtbot):
    """The Agreement window's Viewer tab chooses among as many documents (review66 F2): its
    list is the viewer's, sized without measuring a name."""
    from gui.agreement_window import AgreementWindow
    from gui.viewer import DocumentList

    window = AgreementWindow()
    qtbot.addWidget(window)
    documents = window.document_choice
    assert isinstance(documents, DocumentList)
    size = documents.sizeHint()
    documents.addItems([LONG.format(n) for n in range(2_000)])
    assert documents.sizeHint() == size


def test_a_long_pane_title_is_elided_in_the_middle_and_leaves_the_panes_their_width(qtbot):
    """A long file name in a pane's title ran off the pane's edge and widened the viewer (review66
    F4): it is shown elided in the middle to the pane's width, whole in its tooltip."""
    viewer = viewer_of(qtbot, ["a.conll"])
    viewer.resize(600, 400)
    viewer.show()
    qtbot.waitExposed(viewer)
    name = LONG.format(1) * 2
    viewer.set_titles(f"Gold — {name}", "System — b.conll")
    title = viewer.titles["gold"]
    qtbot.waitUntil(lambda: title.width() < 400)
    start, end = title.shown_text().split("…")
    assert f"Gold — {name}".startswith(start) and name.endswith(end) and len(start) > 10
    assert title.toolTip() == f"Gold — {name}" and title.text() == f"<b>Gold — {name}</b>"
    assert viewer.minimumSizeHint().width() < 600 and viewer.width() == 600
    assert viewer.titles["system"].shown_text() == "System — b.conll"


@POPUP_MESSAGES
def test_the_list_drops_down_its_own_popup_and_finds_a_name_by_a_part(qtbot):
    """Qt's own list measured every name as it opened (100-150 ms of the UI thread for 20,704
    names): the list is a DocumentPopup of rows of one height, where typing a part of a name
    lists only the names holding it and Enter shows the first of them."""
    names = [LONG.format(n) for n in range(3_000)]
    viewer = viewer_of(qtbot, names)
    viewer.show()
    qtbot.waitExposed(viewer)
    documents = viewer.documents
    documents.showPopup()
    popup = documents.popup
    qtbot.waitExposed(popup)
    assert not documents.view().isVisible()  # Qt's list (and its measuring) never opened
    assert popup.rows.uniformItemSizes() and popup.found.rowCount() == 3_000
    assert popup.rows.currentIndex().row() == 0 and popup.find.hasFocus()
    assert popup.width() < 2 * viewer.width()  # no name measured for its width
    qtbot.keyClicks(popup.find, "02717")
    assert popup.found.rowCount() == 1
    qtbot.keyClick(popup.find, Qt.Key.Key_Return)
    assert not popup.isVisible()
    assert documents.currentText() == LONG.format(2717) and documents.currentIndex() == 2717
    assert all(pane.doc.name == LONG.format(2717) for pane in viewer.panes.values())  # shown in both panes


@POPUP_MESSAGES
def test_the_popups_arrow_keys_move_its_row_and_escape_keeps_the_document(qtbot):
    viewer = viewer_of(qtbot, ["a.conll", "b.conll", "c.conll"])
    viewer.show()
    qtbot.waitExposed(viewer)
    documents, popup = viewer.documents, viewer.documents.popup
    documents.setCurrentIndex(1)
    documents.showPopup()
    qtbot.waitExposed(popup)
    assert popup.rows.currentIndex().row() == 1  # the current document's row
    popup.rows.entered.emit(popup.found.index(2, 0))  # the pointer over a row: its whole name
    assert popup.rows.toolTip() == "c.conll"
    qtbot.keyClick(popup.find, Qt.Key.Key_Down)
    assert popup.rows.currentIndex().row() == 2
    qtbot.keyClick(popup.find, Qt.Key.Key_Escape)
    assert not popup.isVisible() and documents.currentText() == "b.conll"
    documents.showPopup()
    qtbot.waitExposed(popup)
    assert popup.find.text() == ""  # opened afresh: every name listed
    qtbot.keyClick(popup.find, Qt.Key.Key_Down)
    row = popup.rows.visualRect(popup.rows.currentIndex())
    qtbot.mouseClick(popup.rows.viewport(), Qt.MouseButton.LeftButton, pos=row.center())
    assert documents.currentText() == "c.conll" and not popup.isVisible()


def test_a_list_with_no_names_drops_nothing_down(qtbot):
    documents = viewer_of(qtbot, []).documents
    documents.showPopup()
    assert not documents.popup.isVisible()


@POPUP_MESSAGES
def test_the_names_of_the_next_report_replace_those_before_in_the_list_and_its_popup(qtbot):
    """The names are one list model's (an item per name took 43,000 pages 8-24 ms): the next
    report's replace them, the first chosen, and the popup lists those."""
    viewer = viewer_of(qtbot, [LONG.format(n) for n in range(43_000)])
    documents = viewer.documents
    assert documents.model() is documents.names and len(documents.names.stringList()) == 43_000
    viewer.show()
    qtbot.waitExposed(viewer)
    documents.set_names(["b.conll", "c.conll"])
    assert documents.currentText() == "b.conll" and documents.count() == 2
    documents.showPopup()
    qtbot.waitExposed(documents.popup)
    assert [documents.popup.found.index(k, 0).data() for k in range(2)] == ["b.conll", "c.conll"]
    documents.set_names([])
    assert documents.currentText() == "" and documents.count() == 0
