"""Import review…: the app shows the verdicts and reviewed scores the engine computes."""

from __future__ import annotations

from pathlib import Path

from openpyxl import load_workbook
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QLabel

from engine.review import read_review, reviewed_tables, verdict_table
from gui import geometry
from gui.resources import example_inputs
from tests.conftest import ROOT
from tests.gui.conftest import evaluate, wait_idle

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


def _intro(dialog) -> str:
    return dialog.findChildren(QLabel)[0].text()


def test_a_compare_workbook_shows_each_systems_tables_and_no_verdicts_in_the_errors_table(
    window, qtbot, tmp_path, cli
):
    """Both systems' verdicts were pooled into one table, and put on the Errors table of the
    report shown (the example's: FairEval's, as the workbook's) as if they were of its run."""
    _, gold, system = example_inputs()
    other = tmp_path / "system2.conll"
    other.write_text(Path(system).read_text(encoding="utf-8").replace("London NNP B-LOC", "London NNP O", 1))
    path = tmp_path / "cmp.xlsx"
    assert cli("compare", "faireval", gold, system, other, "--xlsx", path, "--trials", "200").code == 0
    book = load_workbook(path)
    book["System A – Errors"]["B3"] = "both acceptable"  # a verdict given (none: a message says so)
    book.save(path)
    evaluate(qtbot, window)
    assert window.report is not None and window.report.method == "faireval"
    window.import_review(str(path))
    wait_idle(qtbot, window)
    dialog = window.review_dialog
    titles = [dialog.tabs.tabText(i) for i in range(dialog.tabs.count())]
    assert titles[0] == "System A: Verdicts" and "System B: Verdicts" in titles
    assert any(t.startswith("System B: Reviewed") for t in titles) and len(titles) > 4
    review = read_review(str(path))
    counts = ", ".join(f"{part.system} {part.errors}" for part in review.systems)
    assert f"{review.errors} errors of two systems compared ({counts})" in _intro(dialog)
    assert "shows no verdicts: they are of two systems compared" in _intro(dialog)
    assert window.errors.verdicts is None
    dialog.close()


def test_deleted_rows_are_named_on_import(window, qtbot, tmp_path):
    path = tmp_path / "review.xlsx"
    path.write_bytes(FIXTURE.read_bytes())
    book = load_workbook(path)
    book["Errors"].delete_rows(4)  # E2
    book.save(path)
    window.import_review(str(path))
    wait_idle(qtbot, window)
    dialog = window.review_dialog
    assert "1 error row was deleted from the workbook (E2); it counts as not reviewed" in _intro(dialog)
    verdicts = dialog.tabs.widget(0).model()
    assert verdicts.index(verdicts.rowCount() - 2, 0).data() == "(rows deleted)"
    dialog.close()


def test_a_workbook_without_verdicts_says_so_instead_of_a_table_of_zeros(window, qtbot, tmp_path, cli, shown):
    _, gold, system = example_inputs()
    path = tmp_path / "fresh.xlsx"
    assert cli("faireval", gold, system, "--xlsx", path).code == 0  # as written: no verdicts yet
    evaluate(qtbot, window)
    window.import_review(str(FIXTURE))  # a reviewed workbook's verdicts shown first
    wait_idle(qtbot, window)
    window.review_dialog.close()
    shown_verdicts = window.errors.verdicts
    assert shown_verdicts is not None and any(v is not None for v in shown_verdicts)
    window.import_review(str(path))
    wait_idle(qtbot, window)
    assert window.errors.verdicts == shown_verdicts  # the fresh workbook wiped them
    assert shown.messages == [("fresh.xlsx holds no verdicts yet.",
                               "None of its 9 errors has a verdict: open it in a spreadsheet program, choose a "
                               "verdict in the Verdict column of the errors you judge, save it, then import it "
                               "again.")]  # fmt: skip
    assert not window.review_dialog.isVisible()  # no table of zeros
    book = load_workbook(path)
    book["Errors"]["B3"] = "both acceptable"  # E1 judged: the tables, as before
    book.save(path)
    window.import_review(str(path))
    wait_idle(qtbot, window)
    assert window.review_dialog.tabs.count() > 1 and len(shown.messages) == 1
    window.review_dialog.close()


def test_the_reviewed_scores_come_before_the_counts_as_in_the_main_window(window, qtbot):
    """Each reviewed score table shows label, precision, recall, F1, then TP, FP, FN …
    (gui.results.scores_first, as the main window's tables); the data keeps the engine's order."""
    window.import_review(str(FIXTURE))
    wait_idle(qtbot, window)
    dialog = window.review_dialog
    review = read_review(str(FIXTURE))
    tables = reviewed_tables(review)
    assert tables  # the loop below looks at one table at least
    for i, table in enumerate(tables.values(), start=1):
        view = dialog.tabs.widget(i)
        header, columns = view.horizontalHeader(), view.model().columns
        shown = [columns[header.logicalIndex(v)] for v in range(header.count())]
        assert shown[:4] == ["label", "precision", "recall", "f1"] and shown[4] == "TP", shown
        assert list(columns) == list(table.columns)
    dialog.close()
