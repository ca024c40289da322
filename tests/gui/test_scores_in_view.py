"""At 1280×720 the scores a person came for are in view without scrolling: a headline
table's precision, recall and F1 come right after the column naming the row (the counts
after them), and nervaluate's four schemas are all shown."""

from __future__ import annotations

import pandas as pd
from PySide6.QtWidgets import QStyledItemDelegate, QTableView

from engine.scale import is_score_column
from gui.resources import example_inputs
from gui.results import table_view

from .conftest import evaluate
from .test_first_look import rows_seen


def columns_whole(view: QTableView) -> list[str]:
    """The headers of the columns shown whole, left to right."""
    header, model, width = view.horizontalHeader(), view.model(), view.viewport().width()
    shown = [header.logicalIndex(v) for v in range(header.count())]
    left = {c: header.sectionViewportPosition(c) for c in shown}
    return [str(model.headerData(c, header.orientation())) for c in shown
            if left[c] >= 0 and left[c] + header.sectionSize(c) <= width]  # fmt: skip


def test_nervaluate_shows_every_schemas_precision_recall_and_f1_at_1280_by_720(qtbot, window):
    window.resize(1264, 672)  # what the app takes of a 1280×720 screen
    qtbot.waitUntil(lambda: window.width() <= 1264 and window.height() <= 672)
    _, gold, system = example_inputs()
    evaluate(qtbot, window, "nervaluate", gold, system)
    headline = window.tabs.widget(0).headline
    qtbot.waitUntil(headline.isVisible)
    assert rows_seen(headline) == 4  # strict, exact, partial, ent_type (was 3)
    assert columns_whole(headline)[:4] == ["Schema", "Precision", "Recall", "F1"]  # were behind a scroll bar
    assert [c for c in headline.model().columns if is_score_column(c)] == ["precision", "recall", "f1"]
    assert headline.model().columns[1] == "correct"  # the data keeps the engine's order


def test_the_per_label_tables_put_the_scores_first_too(qtbot, window):
    evaluate(qtbot, window)
    per_label = list(window.tabs.widget(0).views.values())[1]
    assert columns_whole(per_label)[0] == "Label"
    header = per_label.horizontalHeader()
    shown = [per_label.model().columns[header.logicalIndex(v)] for v in range(header.count())]
    first_count = next(i for i, name in enumerate(shown) if name.lower() in ("tp", "correct", "fp", "fn"))
    assert all(is_score_column(name) for name in shown[1:first_count]) and first_count > 1


def test_a_number_the_right_edge_cuts_is_drawn_elided_not_cut(qtbot, monkeypatch):
    frame = pd.DataFrame({"method": ["traditional", "fair"], "precision": [0.6667, 0.7778],
                          "recall": [0.6364, 0.7368], "f1": [0.6512, 0.7568]})  # fmt: skip
    view = table_view(frame)
    qtbot.addWidget(view)
    drawn: list[tuple[str, int, int]] = []  # (text, width drawn, width of the column)

    def paint(delegate, painter, option, index) -> None:
        drawn.append((index.data(), option.rect.right(), view.columnWidth(index.column())))

    monkeypatch.setattr(QStyledItemDelegate, "paint", paint)
    edge = sum(view.columnWidth(c) for c in range(3)) + view.columnWidth(3) // 2  # f1 half shown
    view.resize(edge + 2 * view.frameWidth() + view.verticalScrollBar().sizeHint().width(), 120)
    view.show()
    qtbot.waitExposed(view)
    view.grab()
    width = view.viewport().width()
    assert {text for text, _, _ in drawn} >= {"65.12", "75.68"}  # f1 is drawn, in part
    assert all(right < width for _, right, _ in drawn)  # within the view: the style elides it ("65.…")


def test_a_table_whose_average_rows_leave_counts_blank_puts_the_scores_first(qtbot, window):
    """`spans`' per-label table: its average rows leave the counts blank, which made those
    columns look like names, and the scores stayed after them."""
    _, gold, system = example_inputs()
    evaluate(qtbot, window, "spans", gold, system)
    checked = 0
    for view in window.tabs.widget(0).views.values():
        header, columns = view.horizontalHeader(), view.model().columns
        shown = [columns[header.logicalIndex(v)] for v in range(header.count())]
        counts = [i for i, name in enumerate(shown) if name.lower() in ("tp", "fp", "fn", "correct", "support")]
        scores = [i for i, name in enumerate(shown) if is_score_column(name)]
        if counts and scores:
            assert max(scores) < min(counts), shown
            checked += 1
    assert checked  # a table with both kinds of column was looked at
