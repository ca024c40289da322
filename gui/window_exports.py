"""The main window's exports and imports (Excel, CSV, JSON, review), the scale its scores
are shown on, its Help page, words attached to a document and dropped files: a part of
MainWindow kept in a module of its own."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QAction, QActionGroup, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QFileDialog, QMenu, QTableView, QWidget

from engine.formats.token_text import read_sentences
from engine.progress import Progress
from engine.report import Report
from engine.scale import FRACTION, PERCENT

from . import dialogs, review_export
from .adjudication import not_a_review
from .agreement_memory import start_folder
from .counts import count_of
from .exporting import csv_job, csv_targets, json_job, run_inputs
from .help_page import GlossaryDialog
from .inputs import dropped_paths
from .models import FrameModel
from .results import widen_to_contents
from .review_dialog import ReviewDialog, ReviewResult, review_job, say_none_judged
from .viewer_data import attachable

if TYPE_CHECKING:
    from .errors_panel import ErrorsPanel
    from .evaluation_run import Run
    from .notice import Notice
    from .settings import AppSettings
    from .setup_panel import SetupPanel
    from .viewer import SideBySideViewer

#: The View menu's scales: (scale, menu text).
SCALE_CHOICES = ((PERCENT, "Scores in &Percent (86.67)"), (FRACTION, "Scores as &Fractions (0.8667)"))


def scale_actions(
    parent: QWidget, menu: QMenu, current: str, choose: Callable[[str], None]
) -> dict[str, QAction]:
    """The View menu's exclusive choice of the scale scores are shown on."""
    group = QActionGroup(parent)
    actions = {}
    for scale, text in SCALE_CHOICES:
        action = QAction(text, parent)
        action.setCheckable(True)
        action.setChecked(scale == current)
        action.setStatusTip("Show every score on this scale (the exact value is the tooltip)")
        action.triggered.connect(lambda _=False, s=scale: choose(s))
        group.addAction(action)
        menu.addAction(action)
        actions[scale] = action
    return actions


class WindowExports:
    """Exports, imports, the scale, Help, attached words and drops of the main window
    (mixed into MainWindow)."""

    report: Report | None
    run: Run | None
    settings: AppSettings
    setup: SetupPanel
    notice: Notice
    viewer: SideBySideViewer
    errors: ErrorsPanel
    scale: str
    glossary: GlossaryDialog | None
    run_task: Callable[..., bool]
    statusBar: Callable[[], Any]  # noqa: N815
    findChildren: Callable[..., Any]  # noqa: N815

    # --- scale and help --------------------------------------------------------------

    def set_scale(self, scale: str) -> None:
        """Show every score on `scale` (percent or fraction) and remember it."""
        self.scale = scale
        self.settings.set_scale(scale)
        for model in self.findChildren(FrameModel):
            model.set_scale(scale)
        for view in self.findChildren(QTableView):
            if isinstance(view.model(), FrameModel):
                widen_to_contents(view)  # "0.7381" where "73.81" was: not cut to "0.7…"

    def show_glossary(self) -> None:
        """Help → Error types and measures, at the chosen method's section."""
        if self.glossary is None:
            self.glossary = GlossaryDialog(self)  # type: ignore[arg-type]
        self.glossary.show_method(self.setup.method.name)

    # --- exports -----------------------------------------------------------------------

    def choose_open_path(self, title: str, folder: str) -> str:
        path, _ = QFileDialog.getOpenFileName(self, title, folder)
        return path

    def choose_save_path(self, title: str, suggested: str, file_filter: str, confirm: bool = True) -> str:
        """A path to write; `confirm`: the dialog asks before an existing file is chosen."""
        options = QFileDialog.Option(0) if confirm else QFileDialog.Option.DontConfirmOverwrite
        path, _ = QFileDialog.getSaveFileName(self, title, suggested, file_filter, options=options)
        return path

    def choose_folder(self, title: str, folder: str) -> str:
        return QFileDialog.getExistingDirectory(self, title, folder)

    def _suggested(self, suffix: str) -> str:
        assert self.report is not None
        system = Path(self.setup.paths()[1] or "report").stem
        return str(Path(start_folder(self.settings, "exports")) / f"{system}-{self.report.method}{suffix}")

    def _exported(self, paths: list[Path], note: str = "") -> None:
        """Say what was written (as say_written), its folder the next export's."""
        if paths:
            self.settings.set_folder("exports", str(paths[0].parent))
        self.say_written(paths, note)

    def say_written(self, paths: list[Path], note: str = "") -> None:
        """Say in the window what was written (and `note`), with buttons to open it."""
        if paths:
            where = paths[0] if len(paths) == 1 else f"{len(paths)} files in {paths[0].parent}"
            self.statusBar().showMessage(f"Written: {where}", 8000)
            self.notice.show_written(paths, note)

    def export_inputs(self) -> tuple[str, ...]:
        """What no export may write over: the inputs of the shown report's run (run_inputs)."""
        assert self.report is not None
        run = self.run
        return tuple(run_inputs(self.report, (run.gold, run.system, run.second) if run is not None else ()))

    def export_xlsx(self) -> None:
        """The review workbook (gui/review_export.py: a review it replaces is kept if wished)."""
        if self.report is not None:
            review_export.export_xlsx(self, self._suggested(".xlsx"))  # type: ignore[arg-type]

    def export_csv(self) -> None:
        if self.report is None:
            return
        folder = self.choose_folder("Export CSV: choose a folder", start_folder(self.settings, "exports"))
        if not folder:
            return
        existing = [p.name for p in csv_targets(self.report, folder) if p.exists()]
        question = f"Replace {count_of(len(existing), 'file')} in {folder}?"
        if existing and not dialogs.ask(self, question, ", ".join(existing)):
            return
        job = csv_job(self.report, folder, self.export_inputs())
        self.run_task("Writing CSV files", job, self._exported, "The CSV files could not be written")

    def export_json(self) -> None:
        if self.report is None:
            return
        path = self.choose_save_path("Export JSON", self._suggested(".json"), "JSON report (*.json)")
        if path:
            job = json_job(self.report, path, self.export_inputs())
            self.run_task(
                "Writing the JSON report", job, self._exported, "The JSON report could not be written"
            )

    def import_review(self, path: str = "") -> None:
        """Read the verdicts of a review workbook (chosen, or given) and show them."""
        path = path or self.choose_open_path("Import review", start_folder(self.settings, "exports"))
        if path:
            job = not_a_review(review_job(path, self.report), path)
            self.run_task("Reading the review", job, self.show_review, "The review could not be read")

    def show_review(self, result: ReviewResult) -> None:
        if say_none_judged(self, result):  # before the verdicts: those shown stay
            return
        if result.verdicts is not None:
            self.errors.set_verdicts(result.verdicts)
        self.review_dialog = ReviewDialog(self, result)
        self.review_dialog.show()

    # --- words for documents without them ----------------------------------------------

    def attach_text(self) -> None:
        doc = self.viewer.doc
        if doc is None or not attachable(doc):
            return
        path = self.choose_open_path(
            "Attach the text (CoNLL or one token per line)", start_folder(self.settings, "text")
        )
        if not path:
            return
        self.settings.set_folder("text", str(Path(path).parent))

        def job(progress: Progress) -> Any:
            progress.update(0.0, "reading the text", force=True)
            return doc.attached(read_sentences(path))

        def done(attachment: Any) -> None:
            doc.attach(attachment)
            self.viewer.words_attached()
            if attachment.notes:
                dialogs.show_message(
                    self, f"The words of {Path(path).name} are shown.", "\n".join(attachment.notes)
                )
            else:
                self.statusBar().showMessage(f"The words of {Path(path).name} are shown.", 5000)

        self.run_task("Reading the text", job, done, "The text could not be read")

    # --- drag and drop -----------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802
        if dropped_paths(event):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802
        """Two files: gold and system; one file: the gold input when it is empty, else the system."""
        paths = dropped_paths(event)
        if not paths:
            return
        event.acceptProposedAction()
        self.drop_paths(paths)

    def drop_paths(self, paths: list[str]) -> None:
        fields = self.setup.fields
        if len(paths) >= 2:
            self.setup.set_paths(paths[0], paths[1])
            self.statusBar().showMessage("Dropped: the first file is gold, the second system.", 6000)
            return
        role = "gold" if not fields["gold"].path else "system"
        fields[role].set_path(paths[0])
        self.statusBar().showMessage(f"Dropped as the {role} file (drop onto a field to choose).", 6000)
