"""The Agreement mode: add two or more annotators' files or folders (or an export holding
several annotators' work: one row per annotator), measure, and look at
the pairwise matrix (coloured; a click lists that pair's disagreements), the documents
(sortable, worst first) and a viewer with one lane per annotator over the same text.
Every figure comes from engine.agreement; this window only shows them."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QTableWidget,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from engine.errors import InputError

from . import dialogs
from .adjudication import offer_workbook
from .agreement_documents import documents_view, fill_documents
from .agreement_inputs import (
    ReadExport,
    Row,
    label_studio_export,
    listed_otherwise,
    listing_job,
    may_hold_several,
    measure_job,
)
from .agreement_memory import keep_now, note_folder, remember, start_folder
from .agreement_reading import CONTROLS, ReadingGroup
from .agreement_reasons import MEASURES, documents_line, figure, matrix_line
from .agreement_views import (
    DocumentRowsModel,
    Lanes,
    Note,
    TopFirst,
    fill_matrix,
    fit_columns,
    fit_names,
    pair_disagreements,
    pair_rows_view,
    room_for_matrix,
    stacked,
)
from .agreement_words import (
    FIGURES_TIP,
    OPTIONS_CHANGED,
    START,
    again_words,
    changed_words,
    documents_words,
    explain_measures,
    listed_words,
)
from .counts import count_of
from .focus_order import hand_over
from .listed_rows import ListedRows, enabled_with_selection
from .look_queue import LookQueue
from .notice import Notice
from .settings import AppSettings
from .viewer import DocumentList
from .wheel import GuardedComboBox, GuardedSpinBox
from .worker import Job, Task, finish, show_progress, start

#: What the dialog of a failure says stopped (as the main window's "The evaluation stopped.").
UNREAD, UNWRITTEN = "The annotators could not be read", "The workbook could not be written"


def nothing_undone() -> str:
    """The undo of work that changed nothing before it ran: nothing for the line to say."""
    return ""


class AgreementWindow(QWidget):
    """A window of its own beside the main window's Evaluate mode."""

    idle = Signal()  # the running work has ended

    def __init__(self, parent: QWidget | None = None, settings: AppSettings | None = None,
                 looks: LookQueue | None = None) -> None:  # fmt: skip
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle("Span Studio — Agreement among annotators")
        self.resize(1180, 660)  # fits a 1280x720 screen with its title bar
        self.data: dict[str, Any] | None = None
        self.measured: list[Row] = []  # the rows the figures are of
        self.measured_with: Any = None  # the Reading options they were measured with
        self.corpus: Any = None
        self.sheet: Any = None
        self.rows_of: dict[str, list[Any]] = {}  # the sheet's rows by document
        self.lanes_of: Lanes | None = None  # the lanes of the document shown
        self._task: Task | None = None
        self._thread: Any = None
        self._done: Callable[[Any], None] = lambda result: None
        self._undo: Callable[[], str] = nothing_undone  # what a work that stops unfinished undoes; its note
        self._result: tuple[Any, ...] = ()  # the result of the work that ended well, until `done` has it
        self._doing = ""
        self.removed: set[Row] = set()  # rows the user removed: left out when an export is listed again
        self.again: list[str] = []  # the inputs added that were listed already (the line says so)
        self.exports: dict[str, ReadExport] = {}  # the exports listed, as read: measured from that reading
        self.notice = Notice()
        self.settings = settings  # where its list and folders are kept (none: nothing kept)
        self._build(looks)
        for keys in ("Esc", "Ctrl+W"):  # close as a dialog does (running work is cancelled)
            QShortcut(QKeySequence(keys), self, self.close)
        self.kept_later = remember(self, settings) if settings is not None else None  # what waits to be kept
        self.listed_as = self.reading.reading().format  # the Format the rows were listed with

    # --- layout ----------------------------------------------------------------------

    def _build(self, looks: LookQueue | None) -> None:
        self.paths = QListWidget()
        self.paths.setMaximumHeight(90)
        self.paths.setSelectionMode(QListWidget.SelectionMode.ExtendedSelection)  # Remove takes several
        self.listed = ListedRows(self.paths)  # the rows of the list, known without reading it
        buttons = QHBoxLayout()
        slots = {"Add files…": self.add_files, "Add folder…": self.add_folder, "Remove": self.remove}
        self.list_buttons = [QPushButton(text) for text in slots]
        for button in self.list_buttons:
            button.clicked.connect(slots[button.text()])
            buttons.addWidget(button)
        self.remove_follows = enabled_with_selection(self.list_buttons[2], self.paths, lambda: not self.busy)
        self.predictions = QCheckBox("Include the predictions as annotators")
        self.predictions.setToolTip("Label Studio exports: each model's predictions are one more annotator "
                                    "(the command line's --predictions).")  # fmt: skip
        self.predictions.toggled.connect(self.list_predictions)
        buttons.addWidget(self.predictions)
        self.reading = ReadingGroup(self.paths, looks)  # reader options, --labels; the files' layers
        self.reading.changed.connect(self.list_as_format)  # a format chosen may make an export one file
        self.reading.changed.connect(self.list_changed)  # the figures' line says they are of other options
        self.measure_button = QPushButton("Measure agreement")
        self.measure_button.clicked.connect(self.measure)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.cancel)
        self.cancel_button.setEnabled(False)
        self.export_button = QPushButton("Adjudication workbook…")
        self.export_button.clicked.connect(self.export_workbook)
        self.export_button.setEnabled(False)
        buttons.addStretch()
        for button in (self.measure_button, self.cancel_button, self.export_button):
            buttons.addWidget(button)
        self.progress = QProgressBar()
        self.progress.hide()
        self.summary = QLabel(START)
        self.summary.setWordWrap(True)
        self.tabs = QTabWidget()
        self.tabs.addTab(self._pairs_tab(), "Pairs")
        self.tabs.addTab(self._documents_tab(), "Documents")
        self.tabs.addTab(self._viewer_tab(), "Viewer")
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Annotators (a file or folder each, or an export's: doccano, Label Studio, "
                                "INCEpTION project):"))  # fmt: skip
        layout.addWidget(self.paths)
        layout.addLayout(buttons)
        layout.addWidget(self.reading)
        layout.addWidget(self.progress)
        layout.addWidget(self.notice)
        layout.addWidget(self.summary)
        layout.addWidget(self.tabs, 1)

    def _pairs_tab(self) -> QWidget:
        self.measure_choice = GuardedComboBox()
        self.measure_choice.addItems([title for title, _ in MEASURES])
        explain_measures(self.measure_choice)
        self.measure_choice.currentIndexChanged.connect(self.show_matrix)
        self.matrix = QTableWidget()
        self.matrix.setTabKeyNavigation(False)  # Tab goes on to the next control, as in every table
        fit_names(self.matrix)
        self.matrix.cellClicked.connect(self.show_pair)
        self.pair_rows, self.pair_model = pair_rows_view()
        self.pair_title = QLabel("Click a cell of the matrix to list that pair's disagreements.")
        self.matrix_note = Note()  # why the grey cells are undefined
        self.pairs_split = split = TopFirst()  # the pair list gives room first
        split.addWidget(stacked(self.measure_choice, self.matrix, self.matrix_note, margin=4))
        split.addWidget(stacked(self.pair_title, self.pair_rows, margin=4))
        return split

    def _documents_tab(self) -> QWidget:
        self.documents = documents_view()
        self.documents_note = Note()  # why the grey cells are undefined
        return stacked(self.documents, self.documents_note)

    def _viewer_tab(self) -> QWidget:
        page = QWidget()
        box = QVBoxLayout(page)
        self.document_choice = DocumentList()  # sized without measuring every name
        self.document_choice.currentIndexChanged.connect(self.show_document)
        self.row_choice = QListView()
        self.row_choice.setMaximumHeight(120)
        self.row_choice.setUniformItemSizes(True)  # a long list is laid out without asking every row
        self.row_model = DocumentRowsModel(self.row_choice)
        self.row_choice.setModel(self.row_model)
        self.row_choice.selectionModel().currentRowChanged.connect(lambda *_: self.show_chosen())
        self.part_choice = GuardedSpinBox()
        self.part_choice.setMinimum(1)
        self.part_choice.valueChanged.connect(lambda _: self.show_part())
        self.part_label = QLabel()
        parts = QHBoxLayout()
        for widget in (QLabel("Part of the document:"), self.part_choice, self.part_label):
            parts.addWidget(widget)
        parts.addStretch()
        self.lanes = QTextBrowser()
        box.addWidget(self.document_choice)
        box.addWidget(QLabel("Disagreements in this document (select one to mark it in every lane):"))
        box.addWidget(self.row_choice)
        box.addLayout(parts)
        box.addWidget(self.lanes, 1)
        return page

    # --- inputs and running ------------------------------------------------------------

    def add_files(self) -> None:
        start = start_folder(self.settings, "annotators")
        files, _ = QFileDialog.getOpenFileNames(self, "Annotators' files", start)
        note_folder(self.settings, "annotators", files[0] if files else "")
        self.add_paths(files)

    def add_folder(self) -> None:
        start = start_folder(self.settings, "annotators")
        folder = QFileDialog.getExistingDirectory(self, "An annotator's folder", start)
        note_folder(self.settings, "annotators", folder)
        self.add_paths([folder] if folder else [])

    def add_paths(self, paths: list[str]) -> None:
        """Add inputs: one row each, or one row per annotator of an export (listed in the
        background; a failure is a dialog). A row listed already is not listed again (the
        line says so); an export added again lists its annotators removed again."""
        self.removed = {row for row in self.removed if row[0] not in paths}
        listed = set(self.path_list())
        self.again = [path for path in dict.fromkeys(paths) if path in listed]
        self._list(paths)

    def _list(self, paths: list[str], again: bool = False, undo: Callable[[], str] | None = None) -> None:
        """List inputs (`again`: in place of their rows, an export's taken out once its new
        rows are read: a listing that fails or is cancelled leaves them, and does `undo`)."""
        reading = self.reading.reading()
        exports = [path for path in paths if may_hold_several(path, reading.format)]
        self._take_out([path for path in paths if path not in exports] if again else [])
        for path in paths:
            if path not in exports:
                self.add_row(path, None)
        listing = listing_job(exports, self.predictions.isChecked(), reading)
        done = partial(self._listed, exports if again else [])
        if exports and not self.run_task("Reading the annotators", listing, done, UNREAD, undo):
            for path in exports:
                self.add_row(path, None)
        if not exports:
            self.list_changed()

    def add_row(self, path: str, annotator: str | None) -> None:
        if (path, annotator) in self.listed:
            return
        self.again = [again for again in self.again if again != path]  # a row of it is new
        item = QListWidgetItem(path if annotator is None else f"{annotator} — {path}")
        item.setData(Qt.ItemDataRole.UserRole, (path, annotator))
        self.paths.addItem(item)

    def _listed(self, again: list[str], listed: list[ReadExport]) -> None:
        self._take_out(again)  # the rows they were listed with: the new ones are in
        for export in listed:
            annotators = list(export.annotators)
            if len(annotators) > 1:
                self.exports[export.path] = export
            for annotator in annotators if len(annotators) > 1 else [None]:
                if (export.path, annotator) not in self.removed:
                    self.add_row(export.path, annotator)
        self.list_changed()

    def list_changed(self) -> None:
        """The line after the list changed: the figures, and whether they are still the list's;
        before any measuring, what to do next (while work runs, the line says what it does)."""
        if not self.busy:
            listed = "" if self.data is not None else listed_words(self.paths.count())
            self.say(again_words(self.again, listed))
            self.again = []

    def list_predictions(self) -> None:
        """List the Label Studio exports' annotators again, with or without their predictions
        (those the user removed stay out); a listing that fails or is cancelled sets the box back."""
        format = self.reading.reading().format
        exports = [path for path in dict.fromkeys(self.path_list()) if label_studio_export(path, format)]
        before = not self.predictions.isChecked()  # the box was toggled: the rows listed as it was
        self._list(exports, again=True, undo=partial(self._predictions_back, before))

    def _predictions_back(self, listed_with: bool) -> str:
        """After a relisting that failed or was cancelled: the box as the rows were read."""
        with QSignalBlocker(self.predictions):  # not listed again; but kept as it now is
            self.predictions.setChecked(listed_with)
        if self.kept_later is not None:
            self.kept_later.start(0)
        state = "ticked" if self.predictions.isChecked() else "not ticked"
        return f" “{self.predictions.text()}” is {state} again, as the rows were read."

    def list_as_format(self) -> None:
        """List again the inputs the Format chosen now lists otherwise (an export one row per
        annotator, any other input one row), as the command reads them with --format."""
        before, self.listed_as = self.listed_as, self.reading.reading().format
        if self.listed_as != before:
            undo = partial(self._format_back, before)
            self._list(listed_otherwise(self.path_list(), before, self.listed_as), again=True, undo=undo)

    def _format_back(self, format: str | None) -> str:
        """After a relisting that failed or was cancelled: the Format the rows stay listed with,
        shown again (measuring reads them as shown; choosing the other again lists them again)."""
        self.listed_as = format
        editor = self.reading.panel.editors["format"]
        editor.set_value(format)  # changed: nothing to list again
        shown = "not set (each file's format recognised)" if format is None else editor.combo.currentText()
        return f" The Format is back to {shown}, as the rows were read."

    def _take_out(self, paths: list[str]) -> None:
        for row in reversed(range(self.paths.count())):
            if self.paths.item(row).data(Qt.ItemDataRole.UserRole)[0] in paths:
                self.paths.takeItem(row)

    def remove(self) -> None:
        for item in self.paths.selectedItems():
            self.removed.add(item.data(Qt.ItemDataRole.UserRole))
            self.paths.takeItem(self.paths.row(item))
        listed = set(self.path_list())
        self.exports = {path: export for path, export in self.exports.items() if path in listed}
        self.list_changed()

    def path_list(self) -> list[str]:
        """The inputs of the rows (an export's once per annotator listed)."""
        return [path for path, _ in self.rows()]

    def rows(self) -> list[Row]:
        """The annotators listed: each row's input and annotator (None: the input's only one)."""
        return [self.paths.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.paths.count())]

    @property
    def busy(self) -> bool:
        return self._task is not None

    def measure(self) -> None:
        kept = [self.exports[path] for path in dict.fromkeys(self.path_list()) if path in self.exports]
        rows, reading = self.rows(), self.reading.reading()  # what the figures will be of (either may change)
        job = measure_job(rows, self.predictions.isChecked(), kept, reading)
        done = partial(self._measured, rows, reading)
        self.run_task("Measuring agreement", job, done, "Agreement could not be measured")

    def run_task(self, title: str, job: Job, done: Callable[[Any], None], doing: str,
                 undo: Callable[[], str] | None = None) -> bool:  # fmt: skip
        """Run a job off the UI thread with the progress bar and Cancel; `done(result)` once it
        has ended well and is cleared (`done` may start more work), `undo()` then a dialog titled
        `doing` (what could not be done) when it fails. One job at a time."""
        if self.busy:
            return False
        task = Task(title, job)
        self._done, self._doing, self._undo = done, doing, undo or nothing_undone
        # Bound methods of the window (never lambdas), so that the calls are queued to the UI thread.
        task.progressed.connect(self._progressed)
        task.finished.connect(self._task_finished)
        task.failed.connect(self._failed)
        task.crashed.connect(self._crashed)
        task.cancelled.connect(self._cancelled)
        self._task = task
        self.notice.hide()  # about an earlier run
        self.progress.setRange(0, 0)
        self.progress.show()
        self.say(f"{title}…", running=True)
        self._set_running(True)
        self._thread = start(task, self, self._thread_finished)
        return True

    def _set_running(self, running: bool) -> None:
        """Measure or Cancel enabled (the one enabled takes the other's focus: hand_over), and
        the controls that change the rows only while nothing runs."""
        buttons = (self.cancel_button, self.measure_button)
        hand_over(*(buttons if running else buttons[::-1]))
        for control in (self.predictions, *self.list_buttons):  # the rows are those of the work's state
            control.setEnabled(not running)
        self.remove_follows()  # Remove: with rows selected
        self.reading.setEnabled(not running)
        self.export_button.setEnabled(not running and self.data is not None)

    def cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def _progressed(self, fraction: float, message: str) -> None:
        show_progress(self.progress, fraction)
        if message:
            self.say(message, running=True)

    def _task_finished(self, result: Any) -> None:
        """The bar goes with the work; `done` gets the result once the task is cleared."""
        self.progress.hide()
        self._result = (result,)

    def _measured(self, rows: list[Row], reading: Any, result: tuple[Any, Any, Any, dict[str, list]]) -> None:
        self.data, self.corpus, self.sheet, self.rows_of = result
        self.measured, self.measured_with = rows, reading
        self.reading.button.setChecked(False)  # the figures have the room (the line beside says what is set)
        self.show_results()

    def _stopped(self) -> str:
        """Work that failed, crashed or was cancelled: its progress hidden, and no file kept as
        "listed already" (a listing that stopped listed none: the next line must not say so);
        what it changed before it ran undone (its undo), and what the line says of that."""
        self.progress.hide()
        self.again = []
        undo, self._undo = self._undo, nothing_undone
        return undo()

    def _failed(self, err: InputError) -> None:
        undone = self._stopped()
        self.say(f"{self._doing}: {dialogs.input_error_text(err, CONTROLS)}{undone}")
        dialogs.show_input_error(self, err, self._doing, CONTROLS)

    def _crashed(self, summary: str, details: str) -> None:
        undone = self._stopped()
        self.say(f"Something went wrong: {summary}{undone}")
        dialogs.show_crash(self, summary, details)

    def _cancelled(self) -> None:
        undone = self._stopped()
        said = "Cancelled: nothing was written." if self._done == self._written else "Cancelled."
        self.say(said + undone)

    def _thread_finished(self) -> None:
        """Clear the task, give `done` a good result (it may start more work), finish the
        thread; `idle` where no work runs then (also when `done` raises)."""
        thread, (result, self._result) = self._thread, (self._result, ())
        self._thread, self._task = None, None
        self.progress.hide()
        self._set_running(False)
        try:
            if result:  # done before finish: garbage collection stays off, as while the work ran
                self._done(*result)
        finally:
            if thread is not None:
                finish(thread)
            if not self.busy:
                self._set_running(False)  # the export button as the result `done` showed allows
                self.idle.emit()

    def closeEvent(self, event: Any) -> None:  # noqa: N802
        """Close at once: running work is cancelled and ends in the background (the window
        is hidden, not deleted: its thread ends in order and is finished as usual); what waits
        to be kept is kept; the Layer/Feature look waiting is not done."""
        self.cancel()
        self.reading.choices.stop()
        self.keep_pending()
        super().closeEvent(event)

    def keep_pending(self) -> None:
        """Keep at once what waits to be kept (Reading options edited a moment ago)."""
        if self.kept_later is not None:
            keep_now(self.kept_later)

    # --- showing the results -------------------------------------------------------------

    def show_results(self) -> None:
        data = self.data or {}
        self.say("")
        self.summary.setToolTip(FIGURES_TIP)
        self.show_matrix()
        self.show_documents()
        self.document_choice.set_names(data["documents"])
        self.show_document()

    def figures(self) -> str:
        """The figures over the corpus measured last ("" before a measuring)."""
        if self.data is None:
            return ""
        data, overall = self.data, self.data["overall"]
        return (
            f"{len(data['annotators'])} annotators, "
            f"{documents_words(len(data['documents']), len(data['common_documents']))}. "
            f"Fleiss' κ {figure(overall, ('token', 'fleiss_kappa'))}, Krippendorff's α "
            f"{figure(overall, ('token', 'krippendorff_alpha'))}, "
            f"αu {figure(overall, ('alpha_u', 'overall'))}."
        )

    def say(self, text: str, *, running: bool = False) -> None:
        """The line above the tabs: the figures the tabs show (and, but for what a `running`
        task does, whether the list or the Reading options have changed since), then what the
        window did last (a workbook written, cancelled or left as it was keeps the figures in view)."""
        note = self._since() if self.data is not None and not running else ""
        self.summary.setText(" ".join(part for part in (self.figures(), note, text) if part))

    def _since(self) -> str:
        """What has changed since the figures were measured: the list, else the Reading options."""
        if self.rows() != self.measured:
            return changed_words(self.paths.count())
        return OPTIONS_CHANGED if self.reading.reading() != self.measured_with else ""

    def show_matrix(self) -> None:
        if self.data is None:
            return
        names, overall = self.data["annotators"], self.data["overall"]
        path = MEASURES[self.measure_choice.currentIndex()][1]
        fill_matrix(self.matrix, names, overall, path)
        self.matrix_note.setText(matrix_line(names, overall, path))
        room_for_matrix(self.pairs_split, self.matrix)

    def show_pair(self, row: int, column: int) -> None:
        if self.data is None or self.sheet is None or row == column:
            return
        a, b = self.data["annotators"][row], self.data["annotators"][column]
        rows = pair_disagreements(self.sheet.rows, a, b)
        self.pair_title.setText(f"{a} and {b} disagree on {count_of(len(rows), 'span')}:")
        self.pair_model.set_rows(rows, a, b, self.corpus.texts)
        fit_columns(self.pair_rows)

    def show_documents(self) -> None:
        fill_documents(self.documents, (self.data or {})["per_document"])
        self.documents_note.setText(documents_line((self.data or {})["per_document"]))

    def show_document(self) -> None:
        """The chosen document: its disagreements and the first part of its lanes."""
        if self.data is None or self.sheet is None:
            return
        name = self.document_choice.currentText()
        rows = self.rows_of.get(name, [])
        self.lanes_of = Lanes(self.corpus, name, rows)
        self.row_model.set_rows(rows, self.corpus.texts[name])
        self.part_choice.blockSignals(True)
        self.part_choice.setMaximum(self.lanes_of.parts)
        self.part_choice.setValue(1)
        self.part_choice.blockSignals(False)
        self.part_label.setText(f"of {self.lanes_of.parts}")
        self.show_part()

    def select_row(self, row: int) -> None:
        """Choose a disagreement of the document shown (as a click on it does)."""
        self.row_choice.setCurrentIndex(self.row_model.index(row, 0))

    def chosen_row(self) -> Any:
        row = self.row_choice.currentIndex().row()
        return self.row_model.rows[row] if 0 <= row < len(self.row_model.rows) else None

    def show_chosen(self) -> None:
        """The part of the lanes holding the chosen disagreement, scrolled to it."""
        chosen = self.chosen_row()
        if self.lanes_of is None or chosen is None:
            return
        part = self.lanes_of.part_of(chosen.start)
        if part + 1 != self.part_choice.value():
            self.part_choice.setValue(part + 1)  # shows that part
        else:
            self.show_part()

    def show_part(self) -> None:
        """The lanes of the chosen part of the document (HTML of that part only)."""
        if self.lanes_of is None:
            return
        chosen = self.chosen_row()
        self.lanes.setHtml(self.lanes_of.html(self.part_choice.value() - 1, chosen))
        if chosen is not None:
            self.lanes.scrollToAnchor("chosen")

    def export_workbook(self) -> None:
        """Ask where to write; a workbook there that holds decisions is counted first and the
        user asked what becomes of them (gui/adjudication_export.py)."""
        from .adjudication_export import export_workbook

        if self.corpus is not None:
            export_workbook(self)

    def write_workbook(self, path: str, keep_from: str | None = None) -> bool:
        """Write the adjudication workbook in the background (atomically: a cancelled or
        failed write leaves no file), with the decisions of `keep_from` where given; a bar
        with Open and Open Folder says where it is (and what was kept)."""
        if self.corpus is None:
            return False
        from .adjudication_export import workbook_job

        job = workbook_job(self.corpus, self.data, path, keep_from, tuple(self.path_list()))
        return self.run_task("Writing the adjudication workbook", job, self._written, UNWRITTEN)

    def _written(self, written: tuple[list[Path], str]) -> None:
        paths, note = written
        self.say("")  # the bar says where it is
        self.notice.show_written(paths, note)
        offer_workbook(self.settings, paths[0])  # Make Gold's next workbook
