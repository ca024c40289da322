"""The app's look queue (gui/look_queue.py): a look asked for while the same look runs gets
its result, unless what it reads changed meanwhile (forget): then it runs anew."""

from __future__ import annotations

import threading
from itertools import count

from PySide6.QtCore import QObject

from gui.look_queue import Asked, LookQueue


def _queue() -> tuple[LookQueue, threading.Event, list[int]]:
    """A queue whose looks wait for `release` and give how many looks ran before."""
    owner = QObject()
    queue = LookQueue(owner)
    release, runs, got = threading.Event(), count(), []

    def job(_progress) -> int:
        release.wait(10)
        return next(runs)

    queue.job = job  # type: ignore[attr-defined]
    queue.owner = owner  # type: ignore[attr-defined]  # kept alive with the queue
    return queue, release, got


def _asked(queue: LookQueue) -> Asked:
    """A look at "a", wanted throughout."""
    return Asked("a", "look", queue.job, lambda: True)  # type: ignore[attr-defined]


def test_an_ask_while_the_same_look_runs_gets_its_result(qtbot):
    queue, release, got = _queue()
    queue.ask(_asked(queue), got.append)
    queue.ask(_asked(queue), got.append)
    release.set()
    qtbot.waitUntil(lambda: not queue.busy)
    assert got == [0, 0]  # one look, both told


def test_after_forget_an_ask_runs_the_look_anew(qtbot):
    queue, release, got = _queue()
    first: list[int] = []
    queue.ask(_asked(queue), first.append)
    queue.forget("a")  # the file was written again while it was read
    queue.ask(_asked(queue), got.append)
    queue.forget("b")  # no look of it runs: nothing changes
    release.set()
    qtbot.waitUntil(lambda: not queue.busy)
    assert (first, got) == ([0], [1])


def test_a_crash_is_shown_for_an_asker_that_says_so_without_a_failed(qtbot):
    """An asker with nothing to do on a crash but have it shown (the Agreement window's
    stamps) says so with show_crash: the queue reports it; one asking without it is silent."""
    queue, release, got = _queue()
    crashes: list[str] = []
    queue.crashed.connect(lambda summary, _details, _about: crashes.append(summary))

    def crash(_progress) -> int:
        raise RuntimeError("a bug")

    release.set()
    queue.ask(Asked("silent", "look", crash, lambda: True), got.append)
    qtbot.waitUntil(lambda: not queue.busy)
    queue.ask(Asked("shown", "look", crash, lambda: True), got.append, show_crash=True)
    qtbot.waitUntil(lambda: not queue.busy)
    assert crashes == ["RuntimeError: a bug"] and got == []
