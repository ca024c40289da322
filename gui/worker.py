"""Running long work (evaluations, exports) off the UI thread, with progress and cancellation."""

from __future__ import annotations

import gc
import logging
import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, QThread, Signal
from PySide6.QtWidgets import QProgressBar

from engine.errors import Cancelled, InputError
from engine.progress import Progress

log = logging.getLogger("spanstudio.gui")

Job = Callable[[Progress], Any]



def crash_summary(err: BaseException) -> str:
    """The one line that says what went wrong where work raised what it should not (a bug)."""
    return f"{type(err).__name__}: {err}"

class Task(QObject):
    """Runs `job(progress)` in a QThread; reports progress, the result, an input error or a crash.

    `failed` carries the engine's InputError (its str names file, line, expected, found);
    `crashed` a one-line summary and the traceback of anything else.
    """

    progressed = Signal(float, str)
    finished = Signal(object)
    failed = Signal(object)  # InputError
    crashed = Signal(str, str)  # summary, traceback
    cancelled = Signal()

    def __init__(self, title: str, job: Job) -> None:
        super().__init__()
        self.title = title
        self.job = job
        self.progress = Progress(self.progressed.emit)

    def cancel(self) -> None:
        self.progress.cancel()

    def run(self) -> None:
        try:
            result = self.job(self.progress)
        except Cancelled:
            self.cancelled.emit()
        except InputError as err:
            self.failed.emit(err)
        except Exception as err:  # a bug: logged, shown with details; the app keeps running
            log.exception("%s failed", self.title)
            self.crashed.emit(crash_summary(err), traceback.format_exc())
        else:
            self.finished.emit(result)

    @property
    def endings(self) -> tuple[Any, ...]:
        """The signals of which exactly one ends every run."""
        return (self.finished, self.failed, self.crashed, self.cancelled)


def show_progress(bar: QProgressBar, fraction: float) -> None:
    """A task's progress on its bar: the share done, or busy while nothing is done yet
    (the work has started: the bar moves rather than stand at 0 %)."""
    if fraction > 0:
        bar.setRange(0, 1000)
        bar.setValue(int(fraction * 1000))
    else:
        bar.setRange(0, 0)


#: Threads started and not yet finished, in every window: garbage collection is off while any runs.
_running: set[QThread] = set()


def start(task: Task, parent: QObject, ended: Callable[[], None] | None = None) -> QThread:
    """Run the task in a new thread owned by `parent`. The thread's `finished` calls `ended`
    (a bound method of a UI-thread object, so the call is queued to it; connected before the
    thread starts, which may end at once); there the caller calls `finish(thread)`, then
    drops the task.

    The task stays in the UI thread: only its `run` is called in the worker (a direct
    connection), and the worker quits its thread itself as the task ends. So the worker never
    deletes a Python object of Qt's (deleting one there needs the GIL while Qt may hold a lock
    the UI thread waits for: a deadlock), and a thread ends without the UI thread's help
    (closing a window waits for it without running events).

    No garbage collection runs while a worker does: a collection on the worker thread could
    delete the Qt objects of dropped views there, which crashes Qt. Collections happen on
    the UI thread once no worker of any window runs."""
    gc.disable()
    thread = QThread(parent)
    _running.add(thread)
    thread.started.connect(task.run, Qt.ConnectionType.DirectConnection)
    for signal in task.endings:
        signal.connect(thread.quit, Qt.ConnectionType.DirectConnection)
    if ended is not None:
        thread.finished.connect(ended)
    thread.start()
    return thread


def reap(running: list[tuple[QThread, Any]], thread: Any) -> None:
    """Take the pairs of a thread that has sent `finished` out of `running` and finish it
    (isFinished() may still be false when its queued signal arrives)."""
    for pair in [p for p in running if p[0] is thread]:
        running.remove(pair)
        finish(pair[0])


def finish(thread: QThread) -> None:
    """Wait until a finished thread has ended for good, then let Qt delete it. When it was
    the last worker running, collections resume; what the runs made (a report of a million
    tokens is millions of objects) is kept out of later collections, which would otherwise
    scan it all at once on the UI thread (reports hold no reference cycles, so they are still
    freed when dropped)."""
    thread.wait()
    thread.deleteLater()
    _running.discard(thread)
    if not _running:
        gc.freeze()
        gc.enable()
