"""The Agreement window at 1280×720 (its default size) with the Reading options open: once
measured, every row of a three annotators' matrix is in view with the line under it (it
showed 2 of 3 rows): the options close (the line beside their button says what is set),
and options opened again take their room from the pair list below the matrix first."""

from __future__ import annotations

from .test_agreement_undefined import quiet_pair
from .test_agreement_window import measured, opened


def rows_in_view(matrix) -> int:
    """How many of the matrix's rows are whole in its viewport."""
    bottom = matrix.viewport().height()
    return sum(matrix.rowViewportPosition(r) + matrix.rowHeight(r) <= bottom for r in range(matrix.rowCount()))


def test_the_matrix_shows_every_row_once_measured_with_the_reading_options_open(qtbot, monkeypatch, tmp_path):
    window = opened(qtbot, monkeypatch, tmp_path, ("anna.tsv", "ben.tsv", "cara.tsv"), quiet_pair)
    window.reading.button.setChecked(True)
    window.reading.panel.editors["tag_column"].set_value(-2)
    window.reading._edited()
    qtbot.waitExposed(window)
    measured(window, qtbot)
    assert window.height() <= 660  # its default size, which fits 1280×720 with its title bar
    assert not window.reading.area.isVisible() and not window.reading.button.isChecked()
    assert "Tag column" in window.reading.set_now.text()  # what is set stays in view
    assert window.matrix_note.isVisible()
    qtbot.waitUntil(lambda: rows_in_view(window.matrix) == 3, timeout=2000)  # once laid out anew


def test_options_opened_after_measuring_take_their_room_from_the_pair_list(qtbot, monkeypatch, tmp_path):
    window = measured(opened(qtbot, monkeypatch, tmp_path, ("anna.tsv", "ben.tsv", "cara.tsv"), quiet_pair),
                      qtbot)  # fmt: skip
    qtbot.waitExposed(window)
    matrix = window.matrix.height()
    pairs = window.pair_rows.height()
    window.reading.button.setChecked(True)
    qtbot.waitUntil(lambda: window.reading.area.isVisible() and window.pair_rows.height() < pairs)
    assert window.matrix.height() == matrix or window.pair_rows.height() == window.pair_rows.minimumHeight()
    assert window.pair_rows.height() >= window.pair_rows.minimumHeight() > 0


def test_a_matrix_height_the_user_dragged_stays_at_the_next_measuring(qtbot, monkeypatch, tmp_path):
    window = measured(opened(qtbot, monkeypatch, tmp_path, ("anna.tsv", "ben.tsv", "cara.tsv"), quiet_pair),
                      qtbot)  # fmt: skip
    qtbot.waitExposed(window)
    split = window.pairs_split
    dragged = split.sizes()[0] + 60
    split.moveSplitter(dragged, 1)  # as the user drags the handle (splitterMoved)
    assert split.sizes()[0] == dragged
    measured(window, qtbot)
    window.measure_choice.setCurrentIndex(1)
    assert split.sizes()[0] == dragged  # it was the matrix's rows again
