"""Evaluate → Make Gold from Adjudication Workbook…: what `spanstudio adjudicate` does, in
the app. A dialog takes the decided workbook, the gold's format, where to write it and the
majority option; the engine's write_gold runs on the worker; the window says what was
written (Open Folder) or shows the engine's message."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from engine.progress import Progress

from .agreement_memory import note_folder
from .worker import Job

if TYPE_CHECKING:
    from engine.agreement.command import GoldWritten

    from .settings import AppSettings

TITLE = "Make Gold from Adjudication Workbook"
#: The gold's formats: (engine name, what the user sees, the suffix of the path suggested; "": a folder).
FORMATS = (
    ("doccano", "doccano JSONL (one file)", ".jsonl"),
    ("brat", "brat standoff (a folder of .txt and .ann)", ""),
    ("conll", "CoNLL, IOB2 tags (one file)", ".conll"),
)
INTRO = (
    "Writes the gold an adjudication workbook settles (Agreement among Annotators… → Adjudication "
    "workbook, decided in a spreadsheet program): the spans every annotator agreed on, plus each "
    "row's Decision. The same as <code>spanstudio adjudicate</code>."
)


class Window(Protocol):
    """What of the main window this uses."""

    settings: AppSettings

    def run_task(self, title: str, job: Job, done: Any, failed_doing: str) -> bool: ...
    def _exported(self, paths: list[Path], note: str = "") -> None: ...


class MakeGoldDialog(QDialog):
    """The workbook, the format, where to write, the majority option."""

    def __init__(self, parent: QWidget | None, folder: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(TITLE)
        self.folder = folder or str(Path.home())  # not the folder the app was started from
        self.workbook = QLineEdit()
        self.workbook.setPlaceholderText("the adjudication workbook (.xlsx) with its Decision column filled")
        self.format = QComboBox()
        for name, text, _ in FORMATS:
            self.format.addItem(text, name)
        self.out = QLineEdit()
        self.out.setPlaceholderText("the gold file (brat: a folder)")
        self.majority = QCheckBox("Settle rows left undecided by majority (each one is named in a warning)")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.make_button = self.buttons.addButton("&Make Gold", QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._suggested = ""
        self._layout()
        self.workbook.textChanged.connect(self._suggest)
        self.format.currentIndexChanged.connect(self._suggest)
        self.workbook.textChanged.connect(self._update)
        self.out.textChanged.connect(self._update)
        self._update()
        self.resize(640, self.sizeHint().height())

    def _layout(self) -> None:
        intro = QLabel(INTRO)
        intro.setWordWrap(True)
        form = QFormLayout()
        form.addRow("&Workbook:", _with_button(self.workbook, "Browse…", self.browse_workbook))
        form.addRow("&Format:", self.format)
        form.addRow("Write &to:", _with_button(self.out, "Choose…", self.browse_out))
        form.addRow("", self.majority)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.buttons)

    @property
    def format_name(self) -> str:
        return str(self.format.currentData())

    def _suffix(self) -> str:
        return next(suffix for name, _, suffix in FORMATS if name == self.format_name)

    def _suggest(self) -> None:
        """The gold beside the workbook (WORKBOOK-gold.jsonl, …), unless a path was chosen."""
        if not self.workbook.text() or self.out.text() not in ("", self._suggested):
            return
        book = Path(self.workbook.text())
        self._suggested = str(book.with_name(f"{book.stem}-gold{self._suffix()}"))
        self.out.setText(self._suggested)

    def _update(self) -> None:
        self.make_button.setEnabled(bool(self.workbook.text().strip() and self.out.text().strip()))

    def browse_workbook(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Adjudication workbook", self.folder, "Excel workbook (*.xlsx)"
        )
        if path:
            self.workbook.setText(path)

    def browse_out(self) -> None:
        start = self.out.text() or self.folder
        if self._suffix():
            kinds = f"{self.format.currentText()} (*{self._suffix()})"
            path, _ = QFileDialog.getSaveFileName(self, "Write the gold to", start, kinds)
        else:
            path = QFileDialog.getExistingDirectory(self, "Write the brat files into", start)
        if path:
            self.out.setText(path)


def _with_button(field: QLineEdit, text: str, slot: Any) -> QHBoxLayout:
    row = QHBoxLayout()
    row.addWidget(field, 1)
    button = QPushButton(text)
    button.clicked.connect(slot)
    row.addWidget(button)
    return row


def gold_job(workbook: str, out: str, out_format: str, majority: bool) -> Job:
    """The engine's write_gold, on the worker."""

    def job(progress: Progress) -> GoldWritten:
        from engine.agreement.command import write_gold

        return write_gold(workbook, out, out_format, majority, progress)

    return job


def make_gold(window: Window, folder: str = "") -> MakeGoldDialog:
    """Ask for the workbook and the gold's format and place, then write it on the worker."""
    dialog = MakeGoldDialog(window, folder)  # type: ignore[arg-type]
    if dialog.exec() == QDialog.DialogCode.Accepted:
        note_folder(window.settings, "exports", dialog.workbook.text().strip())  # the next day starts there
        run(window, dialog)
    return dialog


def run(window: Window, dialog: MakeGoldDialog) -> bool:
    """Write the gold the dialog asks for; the window says what was written."""
    job = gold_job(dialog.workbook.text().strip(), dialog.out.text().strip(), dialog.format_name,
                   dialog.majority.isChecked())  # fmt: skip
    return window.run_task("Making the gold", job, lambda written: _written(window, written),
                           "The gold could not be written")  # fmt: skip


def _written(window: Window, written: GoldWritten) -> None:
    window._exported(written.paths, " ".join([written.summary + ".", *written.warnings]))
