"""A report is shown a part per turn of the event loop (gui/turns.py), so that no turn of the
UI thread is long: it ends in the state it would have reached at once, and a run started or
cancelled while its parts are still being shown leaves only one report on show."""

from __future__ import annotations

import threading
import time

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from gui.turns import Turns
from gui.viewer_data import ReportData

from .conftest import evaluate, wait_idle
from .test_main_window import cells, repeated_example


def one_turn() -> None:
    """Let the turns' timer come due, then run one pass of the event loop."""
    time.sleep(0.005)
    QCoreApplication.processEvents()


def test_steps_run_one_per_turn_and_new_steps_replace_those_waiting(qtbot):
    turns, ran = Turns(), []
    turns.start([lambda n=n: ran.append(n) for n in range(3)])
    assert ran == [] and turns.pending  # none at once
    one_turn()
    assert ran == [0]
    one_turn()
    assert ran == [0, 1]
    turns.start([lambda: ran.append("new")])
    qtbot.waitUntil(lambda: not turns.pending)
    qtbot.wait(20)
    assert ran == [0, 1, "new"]


def test_a_step_is_laid_out_in_its_own_turn(qtbot):
    """What a step changes is laid out before the paint of its turn (not painted, then laid
    out and painted again in the next turn)."""
    panel = QWidget()
    qtbot.addWidget(panel)
    label, rest = QLabel("short"), QLabel("the rest")
    row = QHBoxLayout(panel)
    row.addWidget(label)
    row.addWidget(rest, 1)
    panel.resize(600, 40)
    panel.show()
    qtbot.waitExposed(panel)
    before = label.width()
    turns = Turns()
    turns.start([lambda: label.setText("a much longer text than before, in the same place")])
    turns._next()  # the turn's timer came due: the step runs, and nothing else of the event loop
    assert label.width() > before


def test_a_held_widget_is_painted_once_the_steps_have_run_or_stopped(qtbot):
    """The held widget is not painted while steps are pending (a report's parts show at once,
    not a part a turn), and is again once the last has run, also when a step raised, and
    when the steps are stopped."""
    panel = QWidget()
    qtbot.addWidget(panel)
    turns, ran = Turns(held=panel), []
    turns.start([lambda: ran.append(1), lambda: ran.append(2)])
    assert not panel.updatesEnabled()
    one_turn()
    assert ran == [1] and not panel.updatesEnabled()
    one_turn()
    assert ran == [1, 2] and panel.updatesEnabled() and not turns.pending

    def fails() -> None:
        raise RuntimeError("a step that fails")

    turns.start([fails])
    assert not panel.updatesEnabled()
    with pytest.raises(RuntimeError):
        turns._next()
    assert panel.updatesEnabled()
    turns.start([lambda: None, lambda: None])
    turns.stop()
    assert panel.updatesEnabled()
    turns.start([])
    assert panel.updatesEnabled()  # nothing to wait for


def shown_state(window) -> dict[str, object]:
    """What the window shows of its report: tabs, every score table, errors, documents."""
    scores = window.tabs.widget(0)
    return {
        "tabs": [window.tabs.tabText(i) for i in range(window.tabs.count())],
        "header": scores.header.text(),
        "scores": {name: cells(view) for name, view in scores.views.items()},
        "current": scores.others.currentIndex(),
        "errors": (window.errors.data, window.errors.count.text(), window.errors.model.rowCount()),
        "viewer": (window.viewer.data, window.viewer.documents.currentText(), window.viewer.legend.text()),
        "summary": window.summary.text(),
    }


def test_a_report_shown_in_parts_ends_as_shown_at_once(qtbot, window, example):
    evaluate(qtbot, window)
    before = shown_state(window)
    again = ReportData.build(window.report)
    old_scores = window.tabs.widget(0)
    window.show_report(again)
    assert window.tabs.widget(0) is old_scores and window.errors.data is not again  # nothing at once
    one_turn()
    assert window.errors.data is again and window.viewer.data is not again  # a part per turn
    assert not window.centralWidget().updatesEnabled()  # painted once all parts are shown
    wait_idle(qtbot, window)
    assert window.centralWidget().updatesEnabled()
    after = shown_state(window)
    assert (
        after.pop("errors")[1:] == before.pop("errors")[1:]
        and after.pop("viewer")[1:] == before.pop("viewer")[1:]
    )
    assert after == before and window.errors.data is again and window.viewer.data is again
    assert window.tabs.widget(0) is not old_scores


def test_a_run_started_while_a_report_is_shown_in_parts_shows_only_the_new_one(
    qtbot, window, example, tmp_path
):
    evaluate(qtbot, window)
    first = window.data
    window.show_report(ReportData.build(window.report))
    gold, system = repeated_example(tmp_path, example, 2)
    assert window.evaluate("faireval", gold, system)  # not refused while the parts are shown
    wait_idle(qtbot, window)
    latest = window.data
    assert latest is not first and latest.report.inputs[0].path == gold
    assert window.errors.data is latest and window.viewer.data is latest
    assert window.errors.model.rowCount() == len(latest.report.error_rows) == 18
    scores = window.tabs.widget(0)
    assert window.tabs.count() == 1 and scores.header.text().count(gold.rsplit("/", 1)[-1]) == 1
    assert not window._replaced and not window._releases  # both reports replaced were let go of


def test_a_run_cancelled_while_a_report_is_shown_in_parts_leaves_that_report_whole(qtbot, window, example):
    evaluate(qtbot, window)
    shown = ReportData.build(window.report)
    window.show_report(shown)
    release = threading.Event()

    def job(progress):
        release.wait(10)
        progress.check()

    assert window.run_task("Working", job, lambda _: None, "Working")  # not refused meanwhile
    window.cancel()
    release.set()
    wait_idle(qtbot, window)
    assert window.data is shown and window.errors.data is shown and window.viewer.data is shown
    assert window.statusBar().currentMessage() == "Cancelled."
    assert window.errors.model.rowCount() == 9
    assert list(window.tabs.widget(0).views) == list(shown.report.score_tables())
