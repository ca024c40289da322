"""The looks at the chosen files that run on a worker: one at a time (two at once would make
the UI thread wait behind both for the interpreter's lock), each once (gold and system the
same file: one look, its result shown in both boxes), and only while wanted (a waiting look
at a file its box no longer holds is dropped). A look that crashed (a bug) ends too: those
who asked for it with a `failed` are told what happened, and the crash is shown where one of
them, or one asking with `show_crash`, still wants it."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, NamedTuple

from PySide6.QtCore import QObject, QThread, Signal

from .worker import Job, Task, crash_summary, finish, start

#: What gets a look's result, on the UI thread.
Found = Callable[[Any], None]
#: Whether an asker still wants its look's result (its box holds the same file and options).
Wanted = Callable[[], bool]
#: What gets a crashed look's one-line summary and its traceback, on the UI thread.
Failed = Callable[[str, str], None]


class Asker(NamedTuple):
    """Who asked for a look: what gets its result, whether it is still wanted, what gets its
    crash, and whether its crash is shown (LookQueue.crashed)."""

    found: Found
    wanted: Wanted
    failed: Failed | None
    shows_crash: bool


class Asked(NamedTuple):
    """A look asked for: one runs per key; its title on the worker; whether it is still
    wanted; the file it reads, where a crash of it is to be shown once per file (LookQueue.crashed)."""

    key: Hashable
    title: str
    job: Job
    wanted: Wanted
    about: str = ""


#: The key of a look on the worker whose input changed meanwhile: no later ask joins it.
_STALE = object()


class LookQueue(QObject):
    """Looks asked for by key: a look whose key waits or runs already is not run again (its
    result goes to every asker); the others wait their turn, first asked first run, and
    are dropped once none of their askers wants them."""

    #: A look still wanted by an asker whose crash is shown crashed (a bug): its summary and
    #: traceback, once however many asked for it, and the file it read (Asked.about).
    crashed = Signal(str, str, str)

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self._waiting: dict[Hashable, Asked] = {}
        self._askers: dict[Hashable, list[Asker]] = {}
        self._thread: QThread | None = None
        self._task: Task | None = None
        self._running: Hashable | None = None  # the key of the look on the worker, until its result is in
        self._about = ""  # the file the look on the worker reads (Asked.about)
        self._joined: list[Asker] = []  # who gets the result of the look on the worker
        self._stopped = False  # set once the window closes

    @property
    def busy(self) -> bool:
        """Whether a look runs or waits."""
        return self._thread is not None or bool(self._waiting)

    def ask(self, asked: Asked, found: Found, failed: Failed | None = None, show_crash: bool = False) -> None:
        """`found(job(progress))` on the UI thread once the look of this key has run, if it
        is still wanted when its turn comes; `failed(summary, details)` where it crashed, and
        the crash shown (crashed) where `failed` is given or `show_crash` set."""
        if self._stopped:
            return  # the window is closing: no thread starts
        key, asker = asked.key, Asker(found, asked.wanted, failed, show_crash or failed is not None)
        if key == self._running:
            self._joined.append(asker)
            return
        self._askers.setdefault(key, []).append(asker)
        if key not in self._waiting:
            self._waiting[key] = asked
            self._next()

    def forget(self, key: Hashable) -> None:
        """What the look of `key` reads changed (a file written again): a look of it on the
        worker now gives its result to those who asked before only; a later ask runs anew."""
        if key == self._running:
            self._running = _STALE

    def _next(self) -> None:
        if self._thread is not None or self._stopped:
            return
        self._drop_unwanted()
        if not self._waiting:
            return
        key = next(iter(self._waiting))
        asked = self._waiting.pop(key)
        self._joined, self._about = self._askers.pop(key, []), asked.about
        self._running, self._task = key, Task(asked.title, asked.job)
        self._task.finished.connect(self._finished)  # bound methods: queued to the UI thread
        self._task.crashed.connect(self._crashed)
        self._task.failed.connect(self._input_failed)
        self._thread = start(self._task, self, self._ended)

    def _drop_unwanted(self) -> None:
        """Forget the waiting looks' askers that no longer want them, and the looks left with none."""
        for key in list(self._waiting):
            askers = [asker for asker in self._askers.get(key, []) if asker.wanted()]
            if askers:
                self._askers[key] = askers
            else:
                del self._waiting[key]
                self._askers.pop(key, None)

    def _finished(self, result: Any) -> None:
        joined, self._joined, self._running = self._joined, [], None
        for asker in joined:
            asker.found(result)

    def _crashed(self, summary: str, details: str) -> None:
        """The look raised what no look should (a bug): those who asked to be told are."""
        joined, self._joined, self._running = self._joined, [], None
        told = [asker for asker in joined if asker.shows_crash and asker.wanted()]
        for asker in told:
            if asker.failed is not None:
                asker.failed(summary, details)
        if told:  # shown once, where a look still wanted crashed (not one of another file chosen since)
            self.crashed.emit(summary, details, self._about)

    def _input_failed(self, err: Exception) -> None:
        """A look let the engine's message about its input escape: told as a crash is."""
        self._crashed(crash_summary(err), "")

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
