"""The looks at the chosen files that run on a worker: one at a time (two at once would make
the UI thread wait behind both for the interpreter's lock), and each once (gold and system
the same file: one look, its result shown in both boxes)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from PySide6.QtCore import QObject, QThread

from .worker import Job, Task, finish, start

#: What gets a look's result, on the UI thread.
Found = Callable[[Any], None]
#: The key of a look on the worker whose input changed meanwhile: no later ask joins it.
_STALE = object()


class LookQueue(QObject):
    """Looks asked for by key: a look whose key waits or runs already is not run again (its
    result goes to every asker); the others wait their turn, first asked first run."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self._waiting: dict[Hashable, tuple[str, Job]] = {}
        self._askers: dict[Hashable, list[Found]] = {}
        self._thread: QThread | None = None
        self._task: Task | None = None
        self._running: Hashable | None = None  # the key of the look on the worker, until its result is in
        self._joined: list[Found] = []  # who gets the result of the look on the worker
        self._stopped = False  # set once the window closes

    @property
    def busy(self) -> bool:
        """Whether a look runs or waits."""
        return self._thread is not None or bool(self._waiting)

    def ask(self, key: Hashable, title: str, job: Job, found: Found) -> None:
        """`found(job(progress))` on the UI thread once the look of this key has run."""
        if self._stopped:
            return  # the window is closing: no thread starts
        if key == self._running:
            self._joined.append(found)
            return
        self._askers.setdefault(key, []).append(found)
        if key not in self._waiting:
            self._waiting[key] = (title, job)
            self._next()

    def forget(self, key: Hashable) -> None:
        """What the look of `key` reads changed (a file written again): a look of it on the
        worker now gives its result to those who asked before only; a later ask runs anew."""
        if key == self._running:
            self._running = _STALE

    def _next(self) -> None:
        if self._thread is not None or not self._waiting or self._stopped:
            return
        key = next(iter(self._waiting))
        title, job = self._waiting.pop(key)
        self._running, self._task, self._joined = key, Task(title, job), self._askers.pop(key, [])
        self._task.finished.connect(self._finished)  # a bound method: queued to the UI thread
        self._thread = start(self._task, self, self._ended)

    def _finished(self, result: Any) -> None:
        joined, self._joined, self._running = self._joined, [], None
        for found in joined:
            found(result)

    def _ended(self) -> None:
        """The worker has ended (its result in, or its failure dropped): the next look starts."""
        if self._thread is None:
            return
        finish(self._thread)
        self._joined = []  # a look that failed has no result to give
        self._thread, self._task, self._running = None, None, None
        self._next()

    def stop(self) -> None:
        """Wait for the look running and start no more (the window goes): a look is short,
        and its thread ends by itself, so no events are run meanwhile."""
        self._stopped = True
        self._waiting.clear()
        self._askers.clear()
        self._joined = []
        if self._thread is not None:
            finish(self._thread)
        self._thread, self._task, self._running = None, None, None
