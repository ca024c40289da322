"""Import review…: the app shows the verdicts and reviewed scores the engine computes."""

from __future__ import annotations

from engine.review import read_review, reviewed_tables, verdict_table
from tests.conftest import ROOT
from tests.gui.conftest import wait_idle

FIXTURE = ROOT / "tests" / "data" / "review-libreoffice.xlsx"


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


def test_the_status_bar_no_longer_says_the_verdicts_are_being_read(window, qtbot):
    window.import_review(str(FIXTURE))
    wait_idle(qtbot, window)
    assert "reading the verdicts" not in window.statusBar().currentMessage()
    window.review_dialog.close()
