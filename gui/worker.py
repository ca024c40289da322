"""Running an evaluation off the UI thread, with progress and cancellation."""

from __future__ import annotations

import traceback
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal

from engine.errors import Cancelled, InputError
from engine.methods import Method
from engine.progress import Progress


class EvaluationWorker(QObject):
    """Evaluates in a QThread; reports progress, the report, an input error or a crash."""

    progressed = Signal(float, str)
    finished = Signal(object)  # Report
    failed = Signal(str)  # an InputError message: file, line, expected, found
    crashed = Signal(str, str)  # summary, traceback
    cancelled = Signal()

    def __init__(self, method: Method, gold: str, system: str, options: Any) -> None:
        super().__init__()
        self.method, self.gold, self.system, self.options = method, gold, system, options
        self.progress = Progress(self.progressed.emit)

    def cancel(self) -> None:
        self.progress.cancel()

    def run(self) -> None:
        try:
            report = self.method.evaluate(self.gold, self.system, self.options, self.progress)
        except Cancelled:
            self.cancelled.emit()
        except InputError as err:
            self.failed.emit(str(err))
        except Exception as err:  # a bug: shown with details, the app keeps running
            self.crashed.emit(f"{type(err).__name__}: {err}", traceback.format_exc())
        else:
            self.finished.emit(report)


def start(worker: EvaluationWorker, parent: QObject) -> QThread:
    """Run the worker in a new thread owned by `parent`; the thread quits when the
    worker is done and is deleted (with the worker) once it has stopped."""
    thread = QThread(parent)
    worker.moveToThread(thread)
    thread.started.connect(worker.run)
    for signal in (worker.finished, worker.failed, worker.crashed, worker.cancelled):
        signal.connect(thread.quit)
    thread.finished.connect(worker.deleteLater)
    thread.finished.connect(thread.deleteLater)
    thread.start()
    return thread
