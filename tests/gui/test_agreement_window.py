"""The Agreement mode: three annotators' files, the coloured matrix, a pair's
disagreements, the documents worst first, the lanes, the workbook (read_spans replaced by
annotations made in the test until the readers land)."""

from __future__ import annotations

import pytest

import engine.formats
from gui.agreement_window import AgreementWindow
from tests.engine.test_agreement_command import annotations


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    monkeypatch.setattr(
        engine.formats, "read_spans", lambda path, fmt, options: annotations(path), raising=False
    )
    shown = AgreementWindow()
    qtbot.addWidget(shown)
    files = [tmp_path / name for name in ("annotator_anna.tsv", "ben.tsv", "cara.tsv")]
    for file in files:
        file.touch()  # the files exist; their annotations are made by the test
    shown.add_paths([str(file) for file in files])
    shown.show()
    return shown


def measured(window, qtbot):
    window.measure()
    qtbot.waitUntil(lambda: not window.busy and window.data is not None, timeout=20_000)
    return window


def test_the_pairwise_matrix_is_coloured_and_a_click_lists_the_pairs_disagreements(window, qtbot):
    measured(window, qtbot)
    assert "3 annotators, 2 documents" in window.summary.text()
    assert window.matrix.rowCount() == 3
    cell = window.matrix.item(0, 1)
    assert cell.text() == f"{window.data['overall']['span_f1']['labelled']['pairwise']['anna']['ben']:.3f}"
    assert cell.background().color().isValid()
    window.show_pair(0, 1)
    assert window.pair_title.text() == "anna and ben disagree on 5 spans:"
    assert window.pair_rows.item(0, 2).text() == "Dr Watson"
    window.measure_choice.setCurrentIndex(4)  # αu
    assert (
        window.matrix.item(1, 0).text()
        == f"{window.data['overall']['alpha_u']['pairwise']['ben']['anna']:.3f}"
    )


def test_documents_worst_first_and_lanes_per_annotator(window, qtbot):
    measured(window, qtbot)
    assert window.documents.item(0, 0).text() == "d2"  # its αu is the lower
    window.tabs.setCurrentIndex(2)
    window.document_choice.setCurrentIndex(0)
    window.row_choice.setCurrentRow(0)
    page = window.lanes.toPlainText()
    assert page.count("Sherlock Holmes") == 3 and "anna" in page and "cara" in page
    assert "Dr Watson" in window.row_choice.item(0).text()


def test_fewer_than_two_annotators_is_a_dialog(window, qtbot, shown):
    window.paths.clear()
    window.add_paths(["only.tsv"])
    window.measure()
    qtbot.waitUntil(lambda: not window.busy, timeout=10_000)
    assert shown.input_errors and "at least two annotators" in shown.input_errors[0][1]


def test_two_annotators_of_the_same_name_are_a_dialog(window, qtbot, shown, tmp_path):
    other = tmp_path / "elsewhere"
    other.mkdir()
    (other / "ben.tsv").touch()
    window.add_paths([str(other / "ben.tsv")])
    window.measure()
    qtbot.waitUntil(lambda: not window.busy, timeout=10_000)
    assert shown.input_errors and "a different name for each annotator" in shown.input_errors[0][1]
    assert window.data is None


def test_the_workbook_is_written(window, qtbot, tmp_path):
    measured(window, qtbot)
    path = tmp_path / "adjudication.xlsx"
    window.write_workbook(str(path))
    assert path.stat().st_size > 0


def test_the_progress_bar_moves_until_the_measuring_reports_progress(window):
    window._progressed(0.0, "reading the annotators' files")
    assert window.progress.maximum() == 0  # busy, as the main window's: not stuck at 0 %
    window._progressed(0.5, "")
    assert (window.progress.maximum(), window.progress.value()) == (1000, 500)
