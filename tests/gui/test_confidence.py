"""The app's confidence intervals: a box in the setup panel; the score tables show them."""

from __future__ import annotations

from gui.models import RAW_ROLE

from .conftest import evaluate


def header(view) -> list[str]:
    """The engine's names of the view's columns (the headers show readable titles)."""
    return view.model().columns


def test_intervals_box_adds_interval_columns_to_the_score_tables(qtbot, window):
    assert window.setup.intervals_box.isVisibleTo(window)  # the example's FairEval has units
    window.setup.intervals_box.setChecked(True)
    evaluate(qtbot, window)
    scores = window.tabs.widget(0)
    columns = header(scores.views["overall"])
    assert columns[:4] == ["method", "precision", "precision_low", "precision_high"]
    model = scores.views["overall"].model()
    for row in range(model.rowCount()):
        point, low, high = (model.index(row, c).data(RAW_ROLE) for c in (1, 2, 3))
        assert low <= point <= high
    assert "f1_high" in header(scores.views["fair"])
    assert window.report.data["confidence"]["resamples"] == 1000


def test_without_the_box_no_interval_columns(qtbot, window):
    evaluate(qtbot, window)
    assert header(window.tabs.widget(0).views["overall"]) == ["method", "precision", "recall", "f1"]


def test_a_second_system_turns_the_run_into_a_comparison(qtbot, window, example):
    method, gold, system = example
    assert window.setup.second.isVisibleTo(window)
    window.setup.second.set_path(gold)  # the gold file as a perfect second system
    evaluate(qtbot, window)
    scores = window.tabs.widget(0)
    assert list(scores.views)[0] == "comparison"
    model = scores.views["comparison"].model()
    columns = header(scores.views["comparison"])
    assert columns == ["table", "row", "score", "a", "b", "difference", "low", "high", "p_bootstrap",
                       "p_randomization"]  # fmt: skip
    rows = [[model.index(r, c).data(RAW_ROLE) for c in range(len(columns))] for r in range(model.rowCount())]
    f1 = next(row for row in rows if row[:3] == ["overall", "traditional", "f1"])
    assert f1[4] == 1.0 and f1[5] > 0 and f1[6] <= f1[5] <= f1[7]
    assert window.report.data["systems"] == {"a": system, "b": gold}
    assert window.errors.model.rowCount() == 9  # system a's errors, as without the second system
