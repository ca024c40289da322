"""Running long work (evaluations, exports) off the UI thread, with progress and cancellation."""

from __future__ import annotations

import gc
import logging
import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal

from engine.errors import Cancelled, InputError
from engine.progress import Progress

log = logging.getLogger("spanstudio.gui")

Job = Callable[[Progress], Any]


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
            self.crashed.emit(f"{type(err).__name__}: {err}", traceback.format_exc())
        else:
            self.finished.emit(result)

    @property
    def endings(self) -> tuple[Any, ...]:
        """The signals of which exactly one ends every run."""
        return (self.finished, self.failed, self.crashed, self.cancelled)


def start(task: Task, parent: QObject) -> QThread:
    """Run the task in a new thread owned by `parent`; the thread quits when the task has
    ended, and the task is deleted in its thread as that stops. Once the thread's `finished`
    arrives, the caller calls `finish(thread)`."""
    thread = QThread(parent)
    task.moveToThread(thread)
    thread.started.connect(task.run)
    for signal in task.endings:
        signal.connect(thread.quit)
    thread.finished.connect(task.deleteLater)
    thread.start()
    return thread


def finish(thread: QThread) -> None:
    """Wait until a finished thread has ended for good, then let Qt delete it."""
    thread.wait()
    thread.deleteLater()


_holds = 0  # how many workers run now, each holding Python's garbage collection off


def hold_collections() -> None:
    """No garbage collection while a worker runs: a collection on a worker thread could
    delete Qt objects there, which crashes Qt. Each hold is released once."""
    global _holds
    _holds += 1
    gc.disable()


def release_collections() -> None:
    """Collections resume (on the UI thread) once the last worker has ended."""
    global _holds
    _holds = max(0, _holds - 1)
    if _holds == 0:
        gc.enable()
