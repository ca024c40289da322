"""Import review…: the app shows the verdicts and reviewed scores the engine computes."""

from __future__ import annotations

from PySide6.QtCore import QRect

from engine.review import read_review, reviewed_tables, verdict_table
from gui import geometry
from tests.conftest import ROOT
from tests.gui.conftest import wait_idle

FIXTURE = ROOT / "tests" / "data" / "review-libreoffice.xlsx"
#: The area for windows of a 1280×720 screen.
SMALL_SCREEN = QRect(0, 0, 1280, 692)


def test_import_review_shows_the_engines_tables(window, qtbot):
    window.import_review(str(FIXTURE))
    wait_idle(qtbot, window)
    dialog = window.review_dialog
    review = read_review(str(FIXTURE))
    expected = {"verdicts": verdict_table(review), **reviewed_tables(review)}
    assert dialog.tabs.count() == len(expected)
    for i, table in enumerate(expected.values()):
        model = dialog.tabs.widget(i).model()
        assert dialog.tabs.tabText(i) == table.title
        assert model.rowCount() == len(table.rows)
        last = [model.index(model.rowCount() - 1, c).data() for c in range(model.columnCount())]
        assert last[0] == str(table.rows[-1][0])
    dialog.close()


def test_a_file_that_is_not_a_review_is_a_message(window, qtbot, tmp_path, shown):
    bad = tmp_path / "notes.xlsx"
    bad.write_text("not a workbook", encoding="utf-8")
    window.import_review(str(bad))
    wait_idle(qtbot, window)
    assert shown.input_errors and shown.input_errors[0][1].startswith(f"{bad}: expected a review workbook")


def test_every_column_of_the_review_is_in_view(window, qtbot, monkeypatch):
    monkeypatch.setattr(geometry, "available_area", lambda widget: SMALL_SCREEN)
    window.import_review(str(FIXTURE))
    wait_idle(qtbot, window)
    dialog = window.review_dialog
    qtbot.waitExposed(dialog)
    for i in range(dialog.tabs.count()):
        dialog.tabs.setCurrentIndex(i)
        view = dialog.tabs.widget(i)
        qtbot.wait(20)
        assert not view.horizontalScrollBar().isVisible(), dialog.tabs.tabText(i)
    assert dialog.width() <= SMALL_SCREEN.width()
    dialog.close()


def test_the_status_bar_no_longer_says_the_verdicts_are_being_read(window, qtbot):
    window.import_review(str(FIXTURE))
    wait_idle(qtbot, window)
    assert "reading the verdicts" not in window.statusBar().currentMessage()
    window.review_dialog.close()
