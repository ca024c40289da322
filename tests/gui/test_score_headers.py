"""The Scores tab heads its tables in words (engine.report.score_title: 'Precision', 'F1'),
as the workbook does; the data, its order and the rows' labels stay the method's."""

from __future__ import annotations

from PySide6.QtCore import Qt

from engine.report import Table
from gui.review_dialog import ReviewDialog

from .conftest import evaluate
from .test_main_window import shown_cells


def _shown_headers(view) -> list[str]:
    """The headers left to right as the view shows them (a label column moved first)."""
    header, model = view.horizontalHeader(), view.model()
    return [model.headerData(header.logicalIndex(v), Qt.Orientation.Horizontal) for v in range(header.count())]


def test_the_overall_table_is_headed_in_words(qtbot, window):
    evaluate(qtbot, window)
    overall = window.tabs.widget(0).views["overall"]
    assert _shown_headers(overall) == ["Method", "Precision", "Recall", "F1"]
    assert overall.model().columns == ["method", "precision", "recall", "f1"]  # the engine's keys
    assert [row[0] for row in shown_cells(overall)] == ["traditional", "fair"]


def test_the_per_label_and_confusion_tables_are_headed_in_words_their_labels_as_they_are(qtbot, window):
    evaluate(qtbot, window)
    views = window.tabs.widget(0).views
    assert _shown_headers(views["traditional"]) == ["Label", "Precision", "Recall", "F1", "TP", "FP", "FN"]
    assert [row[0] for row in shown_cells(views["traditional"])] == ["LOC", "MISC", "ORG", "PER", "overall"]
    assert _shown_headers(views["confusion"]) == ["Target \\ system", "LOC", "MISC", "ORG", "PER", "_"]
    assert _shown_headers(views["data_stats"]) == ["Label", "Frequency"]


def test_the_reviewed_scores_are_headed_in_words(qtbot):
    view = ReviewDialog._view(Table(["label", "TP", "precision", "f1"], [["LOC", 2, 0.5, 0.4]]))
    qtbot.addWidget(view)
    assert _shown_headers(view) == ["Label", "Precision", "F1", "TP"]
