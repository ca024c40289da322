"""Work off the UI thread: garbage collection stays off while any window's worker runs; a
worker's thread ends by itself and a window closed while one runs goes safely."""

from __future__ import annotations

import gc
import threading

import shiboken6
from PySide6.QtCore import QObject, QSettings

from gui.main_window import MainWindow
from gui.worker import Task, finish, start
from tests.conftest import conformance

#: Windows opened and closed in a row by the tests of closing while work runs.
ROUNDS = 20


def test_collection_resumes_only_when_the_last_worker_has_finished(qtbot):
    parent = QObject()
    release = threading.Event()
    first = Task("first", lambda progress: "first")
    second = Task("second", lambda progress: release.wait(10))
    one = start(first, parent)
    two = start(second, parent)
    qtbot.waitUntil(one.isFinished)
    finish(one)
    assert not gc.isenabled()  # the other window's worker still runs
    release.set()
    qtbot.waitUntil(two.isFinished)
    finish(two)
    assert gc.isenabled()


def test_a_worker_ends_its_thread_by_itself_and_deletes_no_qt_object():
    """No events run here: the thread quits without the UI thread's help (closing a window
    waits for it so), and the task is deleted on the UI thread, never by the worker (which
    would take the GIL to do so while the UI thread may hold it and wait on Qt: a deadlock)."""
    parent = QObject()
    task = Task("short", lambda progress: "done")
    thread = start(task, parent)
    assert thread.wait(10_000)
    finish(thread)
    assert shiboken6.isValid(task) and task.thread() is parent.thread()


def test_a_window_closed_while_it_looks_at_the_chosen_files_goes_at_once(qtbot, settings_file):
    """Closed (and deleted) while the app still reads what the files offer: the looks are
    waited for without running events, and none starts after; repeated, for the races."""
    root = conformance("clueval") / "data"
    for _ in range(ROUNDS):
        window = MainWindow(QSettings(str(settings_file), QSettings.Format.IniFormat))
        window.show()
        window.setup.set_method("clueval")
        window.setup.set_paths(str(root / "fiktives-urteil-p1.bio"), str(root / "fiktives-urteil-p2.bio"))
        assert window.setup.looking
        assert window.close() and not window.setup.looking
        window.setup.set_paths(str(root / "reference.bio"), str(root / "candidate.bio"))
        assert not window.setup.looking  # a closed window starts no look
        window.deleteLater()
        qtbot.wait(1)


def test_a_window_closed_while_it_evaluates_closes_once_the_run_has_stopped(qtbot, settings_file):
    root = conformance("clueval") / "data"
    for _ in range(ROUNDS):
        window = MainWindow(QSettings(str(settings_file), QSettings.Format.IniFormat))
        window.show()
        assert window.evaluate("clueval", str(root / "reference.bio"), str(root / "candidate.bio"))
        window.close()  # cancels; the window goes once the run has stopped
        wait_closed(qtbot, window)
        window.deleteLater()
        qtbot.wait(1)


def wait_closed(qtbot, window: MainWindow) -> None:
    qtbot.waitUntil(lambda: not window.isVisible() and window.idle, timeout=20_000)


def test_what_a_finished_work_leads_to_starts_at_once(qtbot, window):
    """`done` gets the result once the window's task is cleared: the next work it starts
    (an export after its question, say) runs at once, with nothing waiting for the window."""
    ran: list[tuple] = []

    def first_done(result: int) -> None:
        started = window.run_task("second", lambda progress: 2, lambda r: ran.append(("second", r)), "x")
        ran.append(("first", result, started))

    assert window.run_task("first", lambda progress: 1, first_done, "x")
    qtbot.waitUntil(lambda: len(ran) == 2, timeout=20_000)
    assert ran == [("first", 1, True), ("second", 2)]
    assert not window.busy and window.evaluate_action.isEnabled()
