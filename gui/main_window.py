"""The main window: setup panel, results (scores, detail tables, errors, viewer), menus,
exports and what the app remembers. It composes the views; the engine computes."""

from __future__ import annotations

import logging
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings, Qt, QThread, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QMainWindow,
    QProgressBar,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from engine.errors import InputError
from engine.formats.suggest import WrongFormat
from engine.methods import all_methods
from engine.progress import Progress
from engine.report import Report, Table

from . import dialogs
from .empty_note import add_empty_note
from .errors_panel import ErrorsPanel
from .evaluation_run import Run, check_run_inputs, evaluation_job
from .focus_order import FocusRing
from .geometry import HANDLES, RESULT_SHARES, usable_size
from .help_page import GlossaryDialog
from .inputs import owners_of
from .notice import Notice, beside
from .release import release
from .results import DetailView, MessagesView, ScoresView
from .run_status import CHOOSE, LOOKING, READY, RunStatus, summary_text, unreadable_after_text, waiting_text
from .settings import AppSettings
from .setup_panel import SetupPanel
from .turns import Turns
from .viewer import SideBySideViewer, attachable
from .viewer_data import ReportData
from .window_exports import WindowExports
from .window_memory import SETUP_WIDTH, WindowMemory
from .window_menus import WindowMenus
from .worker import Job, Task, finish, reap, show_progress, start

if TYPE_CHECKING:
    import pandas as pd

log = logging.getLogger("spanstudio.gui")

RESCORE_DELAY_MS = 250


class MainWindow(WindowMemory, WindowExports, WindowMenus, FocusRing, QMainWindow):
    def __init__(self, settings: QSettings | None = None) -> None:
        super().__init__()
        self.setWindowTitle(dialogs.APP_NAME)
        self.setAcceptDrops(True)
        self.settings = AppSettings(settings if settings is not None else QSettings())
        self.report: Report | None = None
        self.data: ReportData | None = None
        self.run: Run | None = None  # the run the shown report came from
        self._task: Task | None = None
        self._replaced: list[ReportData] = []  # reports replaced, let go of once the latest is shown
        self._thread: QThread | None = None
        self._releases: list[tuple[QThread, Task]] = []  # replaced results let go of (gui/release.py)
        self._done: Any = None
        self._result: tuple[Any, ...] = ()  # the result of the work that ended well, until done gets it
        self._doing = ""
        self._not_rescorable: Any = None  # options the method could not re-score without reading again
        self._shown = False
        self._closed = False  # a closed window starts no work
        self._close_when_idle = False  # a close waits for running work to stop
        self._rescore_timer = QTimer(self)
        self._rescore_timer.setSingleShot(True)
        self._rescore_timer.setInterval(RESCORE_DELAY_MS)
        self._rescore_timer.timeout.connect(self.rescore)

        self.setup = SetupPanel(all_methods())
        self.summary = QLabel(CHOOSE)
        self.summary.setWordWrap(True)
        self.tabs = QTabWidget()
        self.errors = ErrorsPanel()
        self.empty_errors = add_empty_note(self.errors)
        self.viewer = SideBySideViewer()
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.progress = QProgressBar()
        self.notice = Notice()
        self.glossary: GlossaryDialog | None = None
        self.scale = self.settings.scale()
        self._build()
        self._actions()
        self._connect()
        self._restore()

    # --- building ----------------------------------------------------------------------

    def _build(self) -> None:
        dock = QDockWidget("Setup")
        dock.setObjectName("setup")
        dock.setWidget(self.setup)
        dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable | QDockWidget.DockWidgetFeature.DockWidgetClosable
        )
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
        self.dock = dock
        self.splitter.setObjectName("results")
        self.splitter.setChildrenCollapsible(False)
        # Each part keeps a height to read (sizes saved from a window shrunk small come back
        # no smaller); a larger window gives the viewer most of the room.
        for widget, stretch, least in ((self.tabs, 3, 90), (self.errors, 2, 90), (self.viewer, 4, 140)):
            self.splitter.addWidget(widget)
            self.splitter.setStretchFactor(self.splitter.indexOf(widget), stretch)
            widget.setMinimumHeight(least)
        self.splitter.setSizes(RESULT_SHARES)
        self.splitter.setHandleWidth(6)
        self.setMinimumSize(usable_size(self))  # a window shrunk small opens again at a usable size
        self.setStyleSheet(HANDLES)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(6, 6, 6, 0)
        layout.addLayout(beside(self.summary, self.notice))
        layout.addWidget(self.splitter, 1)
        self.setCentralWidget(body)
        # the parts of a report still to show, one per turn; the body painted once they are shown
        self._turns = Turns(self, held=body)
        self.progress.setRange(0, 1000)
        self.progress.setMaximumWidth(260)
        self.progress.hide()
        self.statusBar().addPermanentWidget(self.progress)
        self.run_status = RunStatus(self.statusBar())
        self.resizeDocks([dock], [SETUP_WIDTH], Qt.Orientation.Horizontal)
        self.setup.evaluate_button.setFocus()  # the first step (Enter runs it); a wheel turn changes nothing

    def _connect(self) -> None:
        self.setup.evaluate_button.clicked.connect(lambda: self.evaluate())
        self.setup.cancel_button.clicked.connect(self.cancel)
        self.setup.method_changed.connect(self._method_changed)
        self.setup.options_changed.connect(self._options_changed)
        self.setup.inputs_changed.connect(self._inputs_changed)
        self.setup.looked.connect(self._files_looked_at)
        self.setup.look_crashed.connect(self._show_crash)
        for field in self.setup.fields.values():
            field.browsed.connect(lambda folder: self.settings.set_folder("inputs", folder))
        self.errors.error_selected.connect(self._error_selected)
        self.viewer.error_clicked.connect(self._error_clicked)
        self.errors.idle.connect(self._close_if_waiting)
        self.viewer.attach_requested.connect(self.attach_text)
        self.viewer.status.connect(lambda text: self.statusBar().showMessage(text, 4000))
        self.viewer.documents.currentTextChanged.connect(lambda _: self._update_actions())

    # --- running -----------------------------------------------------------------------

    def open_agreement(self) -> None:
        """The Agreement mode, in a window of its own (gui/agreement_window.py)."""
        from .agreement_window import AgreementWindow

        if getattr(self, "agreement", None) is None:
            self.agreement = AgreementWindow(self, self.settings, self.setup.look_queue)
            self.agreement.idle.connect(self._close_if_waiting)
        self.agreement.show()
        self.agreement.raise_()

    @property
    def running(self) -> bool:
        """Work runs off the UI thread (a report still being shown may be replaced meanwhile)."""
        return self._task is not None

    @property
    def busy(self) -> bool:
        """Work runs, or a report is still being shown."""
        return self.running or self._turns.pending

    @property
    def idle(self) -> bool:
        """No work runs, not even letting go of a replaced result or searching the errors."""
        return not self.busy and not self._releases and not self.errors.busy

    def run_task(self, title: str, job: Job, done: Any, failed_doing: str) -> bool:
        """Run a job off the UI thread with the progress bar; `done(result)` when it ends well."""
        if self._closed:
            return False
        if self.running:
            self.statusBar().showMessage("Please wait: something is still running (Esc cancels it).", 4000)
            return False
        task = Task(title, job)
        self._done, self._doing = done, failed_doing
        # Bound methods of the window (never lambdas), so that the calls are queued to the UI thread.
        task.progressed.connect(self._progressed)
        task.finished.connect(self._task_finished)
        task.failed.connect(self._task_failed)
        task.crashed.connect(self._task_crashed)
        task.cancelled.connect(self._task_cancelled)
        self._task = task
        self.progress.setRange(0, 0)  # busy until the first report of progress
        self.progress.show()
        self.run_status.started(title)
        self._thread = start(task, self, self._thread_finished)
        self._update_actions()
        return True

    def cancel(self) -> None:
        """Ask the work to stop: Cancel is disabled and the status says so until it has."""
        if self._task is not None and not self.run_status.cancelling:
            self._task.cancel()
            self.run_status.cancel_asked()
            self._update_actions()

    def _progressed(self, fraction: float, message: str) -> None:
        show_progress(self.progress, fraction)
        self.run_status.progressed(message)

    def _task_finished(self, result: Any) -> None:
        """The work's last progress message goes with the bar; `done` gets the result next."""
        self.progress.hide()
        self.statusBar().clearMessage()
        self._result = (result,)

    def _task_failed(self, err: InputError) -> None:
        self.progress.hide()
        self.run_status.failed(f"{self._doing}: {dialogs.input_error_text(err)}")
        self.show_in_place(err)
        self._show_summary()  # the box the message is under, named
        dialogs.show_input_error(self, err, self._doing)

    def _task_crashed(self, summary: str, details: str) -> None:
        self.progress.hide()
        self._show_crash(summary, details, of_run=True)

    def _show_crash(self, summary: str, details: str, of_run: bool = False) -> None:
        """An internal error (a run's, or a look's at a file: the setup panel's, the Agreement
        window's, Make Gold's): the status bar says it, a dialog over the window in use shows
        its details."""
        self.run_status.failed(f"Something went wrong: {summary}", of_run)
        dialogs.show_crash(QApplication.activeWindow() or self, summary, details)

    def _task_cancelled(self) -> None:
        self.progress.hide()
        self.run_status.cancelled()

    def _thread_finished(self) -> None:
        """Clear the task, give `done` a good result (it may start more work), finish the thread."""
        thread, task = self._thread, self._task
        self._thread, self._task = None, None
        self.run_status.ended()
        self._update_actions()
        try:
            if self._result:  # done before finish: garbage collection stays off, as while the work ran
                (result,), self._result = self._result, ()
                self._done(result)
        finally:  # also when done raises: collections back on, the thread let go of
            if thread is not None:
                finish(thread)
        del task  # let go of once its thread has ended
        if self._close_when_idle:
            self.close()
        elif self._rescore_pending():
            self._rescore_timer.start()

    def _close_if_waiting(self) -> None:
        """The Agreement window's work or the error table's search has stopped."""
        if self._close_when_idle:
            self.close()

    def _agreement_busy(self) -> bool:
        agreement = getattr(self, "agreement", None)
        return agreement is not None and agreement.busy

    def show_in_place(self, err: InputError) -> None:
        """Put the engine's message next to the input or option it is about."""
        fields = owners_of([*self.setup.fields.values(), self.setup.second], err)
        for field in fields:
            field.show_input_error(err)
        if not fields and err.option:
            self.setup.panel.show_message(str(err))

    def _update_actions(self) -> None:
        busy, running = self.busy, self.running
        has_report = self.report is not None
        self.evaluate_action.setEnabled(not running)
        self.cancel_action.setEnabled(running and not self.run_status.cancelling)
        self.setup.set_running(running, cancelling=self.run_status.cancelling)
        for action in (self.xlsx_action, self.csv_action, self.json_action):
            action.setEnabled(has_report and not busy)
        self.attach_action.setEnabled(not busy and attachable(self.viewer.doc))
        self.review_action.setEnabled(not busy)
        self.gold_action.setEnabled(not busy)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        """Remember the settings, then close. Running work is cancelled first and the window
        closes by itself once it has stopped (at once, or after a step that cannot be
        interrupted, such as saving a large workbook): it never goes while its work runs,
        which would abort the app, and it never freezes waiting. The same holds for the
        Agreement window's work."""
        self._rescore_timer.stop()
        self.errors.cancel()
        if self._thread is not None or self._releases or self._agreement_busy() or self.errors.busy:
            self.cancel()
            if self._agreement_busy():
                self.agreement.cancel()
            self._close_when_idle = True
            self.statusBar().showMessage("Closing when the current step has ended…")
            event.ignore()
            return
        self._closed = True
        self._turns.stop()  # no more of a report shown, no thread started (a sort, a report let go of)
        self.setup.stop_looking()
        self.save_settings()
        super().closeEvent(event)

    # --- evaluating --------------------------------------------------------------------

    def evaluate(
        self,
        method: str | None = None,
        gold: str | None = None,
        system: str | None = None,
        options: Any = None,
    ) -> bool:
        """Evaluate what the setup panel shows (or the method and files given) in the background."""
        if method is not None:
            self.setup.set_method(method)
        if gold is not None and system is not None:
            self.setup.set_paths(gold, system)
        if options is not None:
            self.setup.panel.set_options(options)
        run = self._run_asked()
        if run is None:
            return False
        self.notice.hide()  # what an export wrote belongs to the former result
        self.settings.set_inputs(run.gold, run.system)

        job = evaluation_job(run, self.setup.intervals)
        title = f"Evaluating with {run.method.title.split(' — ')[0]}"
        return self.run_task(title, job, lambda data: self._evaluated(run, data), "The evaluation stopped")

    def _run_asked(self) -> Run | None:
        """The run the user asked for, or None after telling them what is missing."""
        method = self.setup.method
        gold, system = self.setup.paths()
        for role, path in (("gold", gold), ("system", system)):
            if not path:
                err = InputError(f"a {role} file", "none chosen", option=role)
                dialogs.show_input_error(self, err, "The evaluation cannot start")
                return None
        try:
            options = self.setup.panel.options()
            options_b = self.setup.panel.second_options(options)  # the Second system's own among them
        except InputError as err:
            self.setup.panel.show_message(str(err))
            dialogs.show_input_error(self, err, "The options are not valid")
            return None
        try:
            check_run_inputs(method, gold, system, self.setup.second_system, options, options_b,
                             self.setup.looked_heads())  # fmt: skip
        except WrongFormat as err:
            self.setup.check_files()  # the file boxes say it, with links to switch
            chosen = dialogs.offer_switch(self, err)
            if chosen is None or chosen == method.name:
                return None
            self.setup.set_method(chosen)
            return self._run_asked()
        return Run(method, gold, system, options, self.setup.second_system, options_b)

    def _evaluated(self, run: Run, data: ReportData) -> None:
        self.run = run
        self.settings.add_recent(run.method.name, run.gold, run.system, run.second)
        for field in self.setup.fields.values():
            field.refresh()
        self.show_report(data)

    def _options_changed(self) -> None:
        self.remember_options()
        if self.report is None:
            self._files_looked_at()  # the files are looked at again as now set
        if self.run is not None and self.run.method is self.setup.method:
            self._rescore_timer.start()

    def _options_differ(self) -> bool:
        """Whether the options shown differ from those of the report shown (same method and inputs)."""
        run = self.run
        if run is None or self.report is None or run.method is not self.setup.method:
            return False
        if self._inputs_differ(run):
            return False
        try:
            return self.setup.panel.options() != run.options or self._second_differs(run)
        except InputError:
            return False

    def _second_differs(self, run: Run) -> bool:
        """Whether `run` compared two systems and the options shown read its Second system otherwise
        (its own changed: OptionsPanel.second_options); InputError where a value cannot be taken."""
        return bool(run.second) and self.setup.panel.second_options() != run.options_b

    def _inputs_differ(self, run: Run) -> bool:
        """Whether the files chosen now (the second system's too, as `run`'s method reads the
        boxes: another method is said apart) differ from those `run` read."""
        second = self.setup.second.path if run.method.unit else ""
        return (run.gold, run.system, run.second) != (*self.setup.paths(), second)

    def _rescore_pending(self) -> bool:
        """Whether a re-score is due: the options changed, to ones not yet found to need a new evaluation."""
        if not self._options_differ():
            return False
        return self.setup.panel.options() != self._not_rescorable

    def rescore(self) -> None:
        """After an option changed: the method's re-scored report at once where it can
        give one without reading the files again; otherwise a note to evaluate again."""
        if not self._rescore_pending() or self.running:
            self._show_summary()
            return
        assert self.run is not None and self.report is not None
        method, report, options = self.run.method, self.report, self.setup.panel.options()
        run = replace(self.run, options=options)
        if self._second_differs(self.run):  # its Second system is read again
            self._rescored(run, None)
            return

        def job(progress: Progress) -> ReportData | None:
            rescored = method.rescore(report, options)
            return None if rescored is None else ReportData.build(rescored, progress)

        self.run_task("Re-scoring", job, lambda data: self._rescored(run, data), "Re-scoring stopped")

    def _rescored(self, run: Run, data: ReportData | None) -> None:
        if data is None:
            self._not_rescorable = run.options  # asked once: no re-score loop
            self._show_summary(stale=True)
            self.statusBar().showMessage("This option needs a new evaluation: press Evaluate (Ctrl+R).", 8000)
            return
        self.run = run
        self.show_report(data)
        self.statusBar().showMessage("Re-scored with the new options.", 5000)

    def _method_changed(self, name: str) -> None:
        self.settings.set_method(name)
        self._show_summary()

    def _inputs_changed(self) -> None:
        others = self.remember_inputs()  # not the Second system alone: the example's words go
        if self.example_said and others:
            self.statusBar().clearMessage()  # other files chosen: the example is no longer what is loaded
        self.run_status.inputs_changed()
        if others or not self.example_above:
            self._show_summary()
        gold, system = (Path(p).name for p in self.setup.paths())
        self.setWindowTitle(
            f"{dialogs.APP_NAME} — {gold} ⟷ {system}" if gold and system else dialogs.APP_NAME
        )

    # --- showing -----------------------------------------------------------------------

    def show_report(self, data: ReportData) -> None:
        """Show a report a part per turn of the event loop (each turn a short pause of the UI
        thread): its errors, its Scores tab, headline and shown tab, each other tab, then its
        documents. A newer report's parts replace those still to show; the
        reports replaced are let go of in the background once the latest is shown whole."""
        if self.data is not None:
            self._replaced.append(self.data)
        self.data = data
        self.report = report = data.report
        self.statusBar().showMessage("Evaluation finished.", 5000)
        self._turns.start([
            partial(self.errors.set_report, data),  # first: the window's layout settles meanwhile
            partial(self._show_scores, report),
            self._show_headline,
            self._show_current_scores,
            *(partial(self._add_detail, name, table, data.detail_frames.get(name))
              for name, table in report.detail_tables().items()),
            *([partial(self._add_warnings, report.messages)] if report.messages else []),
            partial(self._show_documents, data),
        ])  # fmt: skip
        self._update_actions()  # busy while the parts are shown

    def _show_scores(self, report: Report) -> None:
        """The report's Scores tab in place of the tabs of the report before."""
        old = [self.tabs.widget(i) for i in range(self.tabs.count())]
        self.tabs.clear()
        for widget in old:
            widget.deleteLater()  # a removed tab's page would otherwise live on
        self.tabs.addTab(ScoresView(report, self.scale), "Scores")

    def _show_headline(self) -> None:
        self.tabs.widget(0).make_headline(self.scale)  # the scale shown now

    def _show_current_scores(self) -> None:
        self.tabs.widget(0).make_current_tab()

    def _add_detail(self, name: str, table: Table, frame: pd.DataFrame | None) -> None:
        """A detail table's tab, its scores on the scale shown now (`frame`: its table, made off
        the UI thread; None: made here)."""
        self.tabs.addTab(DetailView(name, table, self.scale, frame=frame), table.title or name)

    def _add_warnings(self, messages: list[str]) -> None:
        warnings = [dialogs.app_words(message) for message in messages]  # the app's words
        self.tabs.addTab(MessagesView(warnings), f"Warnings ({len(warnings)})")

    def _show_documents(self, data: ReportData) -> None:
        """The last part of showing a report: its documents, then the reports it replaced let go of."""
        names = {f.role: Path(f.path).name for f in data.report.inputs}
        self.viewer.set_titles(f"Gold — {names.get('gold', '')}", f"System — {names.get('system', '')}")
        method = self.setup.methods.get(data.report.method)
        self.viewer.text_hint = method.text_hint if method is not None else ""
        self.viewer.set_report(data)
        if (row := self.errors.selected_error()) is not None:  # chosen while the documents were to come
            self.viewer.show_error(row)
        self._show_summary()
        self._update_actions()
        replaced, self._replaced = self._replaced, []
        if replaced:
            self._let_go(replaced)

    def _error_selected(self, row: int) -> None:
        """Show an error row in the viewer, once it holds the documents the row is of (the
        error table comes a few turns before them: show_report; they show it as they come)."""
        if self.viewer.data is self.errors.data:
            self.viewer.show_error(row)

    def _error_clicked(self, row: int) -> None:
        """Select the error clicked in the viewer, where the table is of the same report."""
        if self.viewer.data is self.errors.data:
            self.errors.select_error(row)

    def _let_go(self, replaced: list[ReportData]) -> None:
        """Free a replaced result on a worker thread, a part at a time (the list holds the
        last reference: nothing here keeps one)."""
        task = Task("Letting go of the former result", lambda _progress: release(replaced))
        thread = start(task, self, self._released)
        self._releases.append((thread, task))  # the task lives until its thread has ended

    def _released(self) -> None:
        reap(self._releases, self.sender())
        if self._close_when_idle and not self._releases and self._thread is None:
            self.close()

    def _waiting_text(self) -> str:
        """The line above the results before the first evaluation, as the looks at the files found them."""
        setup = self.setup
        return waiting_text(*setup.paths(), setup.unreadable(), setup.looking_at_chosen())

    def _files_looked_at(self) -> None:
        """A look at a chosen file has shown its result: the line above the results says what
        it means (the example's words stay while its files read fine)."""
        if self.example_above and self._waiting_text() in (READY, LOOKING):
            return
        self._show_summary()

    def _show_summary(self, stale: bool = False) -> None:
        self.example_above = False  # the line says what the window shows now
        if self.report is None:
            self.summary.setText(self._waiting_text())
            return
        run = self.run
        changed = run is not None and (run.rewritten or self._inputs_differ(run))
        switched = run is not None and run.method is not self.setup.method
        stale = stale or self._options_differ()
        unreadable = self.setup.unreadable()
        if unreadable and (changed or switched or stale):  # what is needed now, as before a first evaluation
            self.summary.setText(unreadable_after_text(unreadable, changed, switched))
            return
        self.summary.setText(summary_text(self.report, stale, changed))
