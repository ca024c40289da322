"""The comparison with a second system as the Scores tab shows it: its scores on the
window's scale, the second system named among the inputs, readable headers, and columns
that fit at 1366 × 768."""

from __future__ import annotations

from PySide6.QtCore import Qt

from .conftest import evaluate


def _titles(view) -> list[str]:
    model = view.model()
    return [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]


def _shown(view, row: int, column: str) -> str:
    model = view.model()
    return model.index(row, model.columns.index(column)).data()


def _compare(qtbot, window, example):
    method, gold, system = example
    window.resize(1366, 768)
    window.setup.intervals_box.setChecked(True)
    window.setup.second.set_path(gold)
    evaluate(qtbot, window)
    return window.tabs.widget(0)


def test_the_comparison_is_in_percent_as_the_rest(qtbot, window, example):
    scores = _compare(qtbot, window, example)
    comparison = scores.views["comparison"]
    row = next(r for r in range(comparison.model().rowCount())
               if [_shown(comparison, r, c) for c in ("table", "row", "score")] == ["overall", "traditional", "precision"])  # fmt: skip
    assert [_shown(comparison, row, c) for c in ("a", "b", "difference")] == ["66.67", "100.00", "33.33"]
    assert _shown(comparison, row, "p_bootstrap") == "0.0010"  # a p-value is no score
    assert _shown(scores.views["overall"], 0, "precision") == "66.67"


def test_the_inputs_line_names_the_second_system(qtbot, window, example):
    scores = _compare(qtbot, window, example)
    assert "system (A): system.conll · second system (B): gold.conll" in scores.header.text()
    assert [f.role for f in window.report.inputs] == ["gold", "system", "system_b"]


def test_a_second_system_that_is_the_gold_file_is_warned_of(qtbot, window, example):
    """review50 F3: the run's same-file warning for the second system too, named as the app names it."""
    _compare(qtbot, window, example)
    gold = example[1]
    assert f"gold and second system are the same file ({gold}): the scores compare it with itself" in window.report.messages


def test_headers_are_readable(qtbot, window, example):
    scores = _compare(qtbot, window, example)
    assert _titles(scores.views["comparison"]) == ["Table", "Row", "Score", "A", "B", "B − A", "95 % CI\nlow",
                                                   "95 % CI\nhigh", "p\nbootstrap", "p\nrandom."]  # fmt: skip
    assert _titles(scores.views["overall"])[:4] == ["Method", "Precision", "Precision\n95 % low",
                                                    "Precision\n95 % high"]  # fmt: skip
    tip = scores.views["comparison"].model().headerData(6, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert "95 % paired bootstrap confidence interval" in tip


def test_the_comparison_fits_at_1366_pixels(qtbot, window, example):
    scores = _compare(qtbot, window, example)
    qtbot.waitUntil(lambda: scores.headline.width() > 0)
    comparison = scores.views["comparison"]
    columns = sum(comparison.columnWidth(c) for c in range(comparison.model().columnCount()))
    assert columns <= comparison.viewport().width()
