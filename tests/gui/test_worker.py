"""Work off the UI thread: garbage collection stays off while any window's worker runs."""

from __future__ import annotations

import gc
import threading

from PySide6.QtCore import QObject

from gui.worker import Task, finish, start


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
