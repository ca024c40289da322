"""The main window: evaluates the chosen files and shows the report's tables."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSortFilterProxyModel, Qt, QThread
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QStatusBar,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from engine.methods import get_method
from engine.report import Report

from .models import FrameModel
from .worker import EvaluationWorker, start


def table_view(frame: Any) -> QTableView:
    """A sortable, read-only view of one report table."""
    view = QTableView()
    proxy = QSortFilterProxyModel(view)
    proxy.setSourceModel(FrameModel(frame, view))
    proxy.setSortRole(Qt.ItemDataRole.UserRole)
    view.setModel(proxy)
    view.setSortingEnabled(True)
    view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
    view.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
    view.horizontalHeader().setStretchLastSection(True)
    return view


class MainWindow(QMainWindow):
    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle("Span Studio")
        self.resize(1100, 720)
        self.report: Report | None = None
        self._worker: EvaluationWorker | None = None
        self._thread: QThread | None = None

        self.summary = QLabel("Choose gold and system files, then Evaluate.")
        self.summary.setWordWrap(True)
        self.tabs = QTabWidget()
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.hide()
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.hide()
        self.cancel_button.clicked.connect(self.cancel)
        status = QStatusBar()
        status.addPermanentWidget(self.progress)
        status.addPermanentWidget(self.cancel_button)
        self.setStatusBar(status)

        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addWidget(self.summary)
        layout.addWidget(self.tabs, 1)
        self.setCentralWidget(body)

    # --- running ---------------------------------------------------------------------

    def evaluate(self, method_name: str, gold: str, system: str, options: Any = None) -> None:
        """Start an evaluation in the background; the window stays responsive."""
        if self.busy:
            return
        method = get_method(method_name)
        worker = EvaluationWorker(method, gold, system, options if options is not None else method.Options())
        worker.progressed.connect(self._on_progress)
        worker.finished.connect(self.show_report)
        worker.failed.connect(self._on_failed)
        worker.crashed.connect(self._on_crashed)
        worker.cancelled.connect(self._on_cancelled)
        for signal in (worker.finished, worker.failed, worker.crashed, worker.cancelled):
            signal.connect(self._on_done)
        self._worker = worker
        self.progress.setValue(0)
        self.progress.show()
        self.cancel_button.show()
        self.statusBar().showMessage(f"Evaluating with {method.title}…")
        self._thread = start(worker, self)
        self._thread.finished.connect(self._on_thread_finished)

    @property
    def busy(self) -> bool:
        return self._worker is not None

    def cancel(self) -> None:
        if self._worker is not None:
            self._worker.cancel()

    def _on_progress(self, fraction: float, message: str) -> None:
        self.progress.setValue(int(fraction * 1000))
        if message:
            self.statusBar().showMessage(message)

    def _on_done(self, *args: Any) -> None:
        self.progress.hide()
        self.cancel_button.hide()

    def _on_thread_finished(self) -> None:
        self._worker = None
        self._thread = None

    def closeEvent(self, event: Any) -> None:  # noqa: N802
        """Stop a running evaluation before the window goes."""
        thread = self._thread
        if thread is not None:
            self.cancel()
            thread.wait(5000)
        super().closeEvent(event)

    def _on_failed(self, message: str) -> None:
        self.statusBar().showMessage("The input could not be read.")
        QMessageBox.warning(self, "Span Studio", message)

    def _on_crashed(self, summary: str, details: str) -> None:
        box = QMessageBox(
            QMessageBox.Icon.Critical, "Span Studio", f"Something went wrong: {summary}", parent=self
        )
        box.setDetailedText(details)
        box.show()

    def _on_cancelled(self) -> None:
        self.statusBar().showMessage("Evaluation cancelled.")

    # --- showing ---------------------------------------------------------------------

    def show_report(self, report: Report) -> None:
        self.report = report
        self.statusBar().showMessage("Evaluation finished.", 5000)
        inputs = ", ".join(sorted({f.path for f in report.inputs}))
        self.summary.setText(f"<b>{report.title}</b> — engine {report.engine_version}<br>{inputs}")
        self.tabs.clear()
        for name, table in report.tables.items():
            self.tabs.addTab(table_view(table.frame()), table.title or name)
