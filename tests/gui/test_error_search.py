"""The error table's search and sort run on a worker thread: the window never freezes."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt, QTimer

from engine.report import ColumnRows, Report
from gui.errors_panel import ErrorsPanel
from gui.models import ErrorQuery, display, error_mask, search_texts, shown_rows, sorted_rows
from gui.viewer_data import ReportData

COLUMNS = ["error_id", "type", "gold_label", "system_label", "gold_text", "system_text", "n"]
WORDS = ["Holmes", "Baker", "Street", "Watson", "Reichenbach", "Mycroft", "Hudson"]


def table_data(n: int) -> ReportData:
    """A report whose error table has `n` rows of made-up text."""
    columns = {
        "error_id": [f"E{i}" for i in range(n)],
        "type": [("FN", "FP", "LE")[i % 3] for i in range(n)],
        "gold_label": [("PER", "LOC", "")[i % 3] for i in range(n)],
        "system_label": [("", "ORG", "PER")[i % 3] for i in range(n)],
        "gold_text": [f"{WORDS[i % 7]} {WORDS[i * 3 % 7]} {i}" for i in range(n)],
        "system_text": [WORDS[i * 5 % 7] if i % 4 else None for i in range(n)],
        "n": [float(i % 13) if i % 5 else None for i in range(n)],
    }
    report = Report("t", "T", {}, [], {}, [], [], [], [])
    return ReportData(report, shown_columns=COLUMNS, errors=ColumnRows(columns))


def texts(panel: ErrorsPanel, column: str) -> list[object]:
    c = panel.model.columns.index(column)
    return [panel.model.index(r, c).data() for r in range(panel.model.rowCount())]


@pytest.fixture
def panel(qtbot):
    panel = ErrorsPanel()
    qtbot.addWidget(panel)
    yield panel
    panel.cancel()
    qtbot.waitUntil(lambda: not panel.busy, timeout=20_000)


def settle(qtbot, panel: ErrorsPanel) -> None:
    qtbot.waitUntil(lambda: not panel.busy, timeout=20_000)


def test_the_search_lines_hold_each_cell_as_shown():
    data = table_data(40)
    rows = zip(*(data.errors.column(c) for c in COLUMNS), strict=True)
    expected = ["\t".join(map(display, row)).casefold() for row in rows]
    assert search_texts(data.errors, COLUMNS) == expected
    assert expected[1] == "e1\tfp\tloc\torg\tbaker watson 1\tmycroft\t1.0000"


def test_the_rows_found_are_those_of_the_filters_then_sorted():
    data = table_data(500)
    search = lambda: search_texts(data.errors, COLUMNS)  # noqa: E731
    query = ErrorQuery("LE", "PER", "holmes", sort_column="gold_text", ascending=False)
    found = np.flatnonzero(error_mask(data.errors, search, "LE", "PER", "holmes"))
    expected = sorted_rows(data.errors.column("gold_text"), found, False)
    assert 0 < len(found) < 500
    assert shown_rows(data.errors, data.search_lines, query).tolist() == expected.tolist()
    assert shown_rows(data.errors, data.search_lines, ErrorQuery()).tolist() == list(range(500))


def test_a_new_report_without_filters_or_sort_is_shown_with_its_count_at_once(qtbot, panel):
    panel.set_report(table_data(3000))
    assert not panel.busy and panel.searching.isHidden()  # no search or sort started
    assert panel.count.text() == "3,000 of 3,000" and panel.model.source_row(2999) == 2999


def shown_orders(panel: ErrorsPanel) -> list[str]:
    """The orders the table is given from now on: each reset of its rows and each new order."""
    orders: list[str] = []
    panel.model.modelReset.connect(lambda: orders.append("reset"))
    panel.model.layoutChanged.connect(lambda: orders.append("order"))
    return orders


def test_a_new_report_shows_its_order_once(qtbot, panel):
    """Without filters or sort once at once; with a kept sort the report's order at once
    and the sorted one when it has been worked out (never the same order again)."""
    orders = shown_orders(panel)
    panel.set_report(table_data(3000))
    settle(qtbot, panel)
    assert orders == ["reset"]
    panel.table.sortByColumn(panel.model.columns.index("n"), Qt.SortOrder.DescendingOrder)
    settle(qtbot, panel)
    orders.clear()
    panel.set_report(table_data(300))
    settle(qtbot, panel)
    assert orders == ["reset", "order"] and panel.model.source_row(0) != 0
    orders.clear()
    panel.clear_filters()  # the same sorted order again
    settle(qtbot, panel)
    assert orders == []


def test_the_selected_error_stays_selected_where_a_search_or_sort_puts_it(qtbot, panel):
    """Not the row at its former place, which is another error then (the viewer kept
    showing the selected one: found looking at the app)."""
    panel.set_report(table_data(300))
    settle(qtbot, panel)
    panel.select_error(4)  # "Reichenbach Mycroft 4"
    panel.search.setText("reichenbach")
    panel.apply_filters()
    settle(qtbot, panel)
    assert panel.selected_error() == 4 and panel.model.row_of(4) != 4
    assert panel.table.selectionModel().isRowSelected(panel.model.row_of(4))
    panel.table.sortByColumn(panel.model.columns.index("gold_text"), Qt.SortOrder.DescendingOrder)
    settle(qtbot, panel)
    assert panel.selected_error() == 4
    panel.search.setText("watson")  # not in error 4: nothing selected, not another error
    panel.apply_filters()
    settle(qtbot, panel)
    assert panel.model.row_of(4) is None and panel.selected_error() is None
    assert not panel.table.selectionModel().hasSelection()


def test_a_search_and_a_sort_show_the_same_rows_as_before(qtbot, panel):
    data = table_data(3000)
    panel.set_report(data)
    assert panel.model.rowCount() == 3000  # at once, in the report's order
    settle(qtbot, panel)
    with qtbot.waitSignal(panel.idle, timeout=5_000):  # the search after the 200 ms pause has ended
        panel.search.setText("Reichenbach")  # (a wait for `busy` could miss so short a search)
    matches = [i for i, line in enumerate(search_texts(data.errors, COLUMNS)) if "reichenbach" in line]
    assert [int(e[1:]) for e in texts(panel, "error_id")] == matches
    assert panel.count.text() == f"{len(matches):,} of 3,000" and panel.searching.isHidden()
    panel.table.sortByColumn(panel.model.columns.index("n"), Qt.SortOrder.DescendingOrder)
    settle(qtbot, panel)
    shown = texts(panel, "n")
    numbers = [float(v) for v in shown if v]
    assert numbers == sorted(numbers, reverse=True) and shown[len(numbers) :] == [""] * (
        len(shown) - len(numbers)
    )
    panel.set_report(table_data(30))  # a new report keeps the sort
    settle(qtbot, panel)
    numbers = [float(v) for v in texts(panel, "n") if v]
    assert numbers == sorted(numbers, reverse=True) and panel.count.text() == "30 of 30"


def test_a_stale_result_never_overwrites_a_newer_one(qtbot, panel):
    panel.set_report(table_data(3000))
    settle(qtbot, panel)
    panel.search.setText("watson")
    panel.apply_filters()
    panel.search.setText("mycroft 12")
    panel.apply_filters()
    settle(qtbot, panel)
    ids = texts(panel, "error_id")
    assert ids and all("mycroft" in f"{g} {s}".casefold() for g, s in zip(
        texts(panel, "gold_text"), texts(panel, "system_text"), strict=True))  # fmt: skip
    panel._rows_found((panel._generation - 1, np.arange(5)))  # late, from the older query
    assert texts(panel, "error_id") == ids


def test_the_window_keeps_working_while_a_large_table_is_searched(qtbot, panel):
    """The first search builds the search lines of every row (1.3 s of CPU for 116,892
    errors): on a worker thread, the UI thread's timers keep ticking meanwhile."""
    panel.set_report(table_data(300_000))
    settle(qtbot, panel)
    panel.search.setText("hudson reichenbach")
    qtbot.waitUntil(lambda: panel.busy, timeout=5_000)  # after the 200 ms pause
    ticks: list[int] = []
    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start()
    assert panel.busy and panel.model.rowCount() == 300_000  # the table keeps its rows meanwhile
    assert panel.searching.isVisibleTo(panel) and panel.count.text() == "Searching…"
    settle(qtbot, panel)
    timer.stop()
    assert len(ticks) >= 3
    assert 0 < panel.model.rowCount() < 300_000


def test_a_search_that_fails_says_so(qtbot, panel, monkeypatch):
    panel.set_report(table_data(30))
    settle(qtbot, panel)

    def broken(*_args):
        raise RuntimeError("no lines")

    monkeypatch.setattr("gui.errors_panel.shown_rows", broken)
    panel.search.setText("watson")
    panel.apply_filters()
    assert panel.count.text() == "Searching…"
    settle(qtbot, panel)
    assert panel.count.text().startswith("Search failed") and panel.searching.isHidden()


def test_escape_in_the_search_empties_it_and_shows_every_error(qtbot, window):
    """A person who typed a search leaves it with Escape, as in a browser's find bar (it did
    nothing: Escape is Cancel's, which nothing running leaves disabled)."""
    from .conftest import evaluate

    evaluate(qtbot, window)
    errors = window.errors
    total = errors.model.rowCount()
    window.show()
    qtbot.waitExposed(window)
    errors.search.setFocus()
    qtbot.keyClicks(errors.search, "Watson")
    qtbot.waitUntil(lambda: not errors.busy and errors.model.rowCount() < total, timeout=20_000)
    qtbot.keyClick(errors.search, Qt.Key.Key_Escape)
    assert errors.search.text() == ""
    qtbot.waitUntil(lambda: not errors.busy and errors.model.rowCount() == total, timeout=20_000)
    assert errors.search.hasFocus()  # the search line keeps the keys: nothing else was closed


def test_the_id_column_fits_the_last_id_which_a_sort_by_id_shows_first(qtbot, panel):
    panel.show()
    panel.set_report(table_data(300_000))
    settle(qtbot, panel)
    last = panel.model.index(panel.model.rowCount() - 1, 0)
    assert last.data() == "E299999"
    grid = int(panel.table.showGrid())  # as Qt's own fit to contents adds it
    assert panel.table.columnWidth(0) >= panel.table.sizeHintForIndex(last).width() + grid
