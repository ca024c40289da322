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
        self._stopped = False  # set once the window closes

    @property
    def busy(self) -> bool:
        """Whether a look runs or waits."""
        return self._thread is not None or bool(self._waiting)

    def ask(self, key: Hashable, title: str, job: Job, found: Found) -> None:
        """`found(job(progress))` on the UI thread once the look of this key has run."""
        if self._stopped:
            return  # the window is closing: no thread starts
        self._askers.setdefault(key, []).append(found)
        if key not in self._waiting and key != self._running:
            self._waiting[key] = (title, job)
            self._next()

    def _next(self) -> None:
        if self._thread is not None or not self._waiting or self._stopped:
            return
        key = next(iter(self._waiting))
        title, job = self._waiting.pop(key)
        self._running, self._task = key, Task(title, job)
        self._task.finished.connect(self._finished)  # a bound method: queued to the UI thread
        self._thread = start(self._task, self, self._ended)

    def _finished(self, result: Any) -> None:
        key, self._running = self._running, None
        for found in self._askers.pop(key, []):
            found(result)

    def _ended(self) -> None:
        """The worker has ended (its result in, or its failure dropped): the next look starts."""
        if self._thread is None:
            return
        finish(self._thread)
        self._askers.pop(self._running, None)  # a look that failed has no result to give
        self._thread, self._task, self._running = None, None, None
        self._next()

    def stop(self) -> None:
        """Wait for the look running and start no more (the window goes): a look is short,
        and its thread ends by itself, so no events are run meanwhile."""
        self._stopped = True
        self._waiting.clear()
        self._askers.clear()
        if self._thread is not None:
            finish(self._thread)
        self._thread, self._task, self._running = None, None, None
