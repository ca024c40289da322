"""Evaluate → Make Gold from Adjudication Workbook…: what `spanstudio adjudicate` does, in
the app. A dialog takes the decided workbook, the gold's format (the annotators' own at first
where it is written: gui/gold_format.py), where to write it and the majority option; the
engine's write_gold runs on the worker; the window says what was written (Open Folder) or
shows the engine's message, and the dialog comes back with its fields. An existing gold is
replaced only once the user has said so (the dialog names a file loaded in the main window;
the results shown are then marked as describing an input that changed)."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QCheckBox,
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
from shiboken6 import isValid

from engine.errors import InputError
from engine.progress import Progress

from . import dialogs
from .agreement_memory import note_folder, start_folder
from .browsing import folder_to_browse
from .gold_format import DEFAULT, annotators_files, first_format, known, sniffed
from .inputs import SECOND
from .look_queue import Asked, LookQueue
from .wheel import GuardedComboBox
from .worker import Job

if TYPE_CHECKING:
    from engine.agreement.command import GoldWritten

    from .settings import AppSettings
    from .setup_panel import SetupPanel

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
    "row's Decision."
)
MAJORITY = "Settle rows left undecided by majority"  # the tick box, and how messages name it
#: The command line's flags of the dialog's controls, as the app's messages name them.
CONTROLS = {"--majority": f"tick “{MAJORITY}”"}
DOING = "The gold could not be written"
KEY = "make_gold"  # the dialog's fields as last used, kept between starts
#: The format's note while the annotators' files are sniffed (the format last used offered meanwhile).
LOOKING = "Looking at the annotators' files to offer their format…"
TITLE_LOOKING = "Looking at the annotators' files"  # the worker's title of that look
#: Why no format is the files' where that look crashed (a bug: the main window shows it).
LOOK_CRASHED = "the look at the annotators' files went wrong."


class Window(Protocol):
    """What of the main window this uses."""

    run: Any  # the run of the results shown (None: none)
    setup: SetupPanel  # the files loaded
    settings: AppSettings

    def run_task(self, title: str, job: Job, done: Any, failed_doing: str) -> bool: ...
    def say_written(self, paths: list[Path], note: str = "") -> None: ...
    def _show_summary(self) -> None: ...


class MakeGoldDialog(QDialog):
    """The workbook, the format, where to write, the majority option; OK checks the paths and
    asks before an existing gold is replaced (`replace`: the user said so)."""

    def __init__(
        self,
        parent: QWidget | None,
        settings: AppSettings | None = None,
        inputs: dict[str, str] | None = None,
        looks: LookQueue | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(TITLE)
        self.folder = start_folder(settings, "exports")  # not the folder the app was started from
        self.inputs = inputs or {}  # the files loaded in the main window, by side (loaded_inputs)
        self.replace = False
        self.workbook = QLineEdit()
        self.workbook.setPlaceholderText("the adjudication workbook (.xlsx) with its Decision column filled")
        self.format = GuardedComboBox()
        for name, text, _ in FORMATS:
            self.format.addItem(text, name)
        self.format.activated.connect(lambda _: setattr(self, "_chosen", True))
        self._chosen = False  # the user chose a format: a look at the files ending later leaves it
        self._first = self._last = ""  # the format offered first; the one last used
        self.format_note = QLabel()  # why the format offered first is: shown while it is chosen
        self.format_note.setWordWrap(True)
        self.out = QLineEdit()
        self.out.setPlaceholderText("the gold file (brat: a folder)")
        self.majority = QCheckBox(f"{MAJORITY} (each one is named in a warning)")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.make_button = self.buttons.addButton("&Make Gold", QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._suggested = ""
        self._layout()
        self.workbook.textChanged.connect(self._suggest)
        self.format.currentIndexChanged.connect(self._suggest)
        self.format.currentIndexChanged.connect(
            lambda: self.format_note.setVisible(self.format_name == self._first)
        )
        self.workbook.textChanged.connect(self._update)
        self.out.textChanged.connect(self._update)
        self.settings = settings
        self.restore()
        self.look_at_files(looks)
        self._update()
        self.resize(640, self.sizeHint().height())

    def _layout(self) -> None:
        intro = QLabel(INTRO)
        intro.setWordWrap(True)
        form = QFormLayout()
        workbook = _with_button(self.workbook, "Browse…", self.browse_workbook)
        form.addRow(_buddy("&Workbook:", self.workbook), workbook)
        form.addRow("&Format:", self.format)
        form.addRow("", self.format_note)
        form.addRow(_buddy("Write &to:", self.out), _with_button(self.out, "Choose…", self.browse_out))
        form.addRow("", self.majority)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.buttons)

    def restore(self) -> None:
        """The fields as last used (the suggested path following the workbook as before); the
        format last used is offered where the annotators' files cannot tell theirs (offer)."""
        last = self.settings.mapping(KEY) if self.settings is not None else {}
        self._last = next((name for name, _, _ in FORMATS if name == last.get("format")), "")
        for field, key in ((self.workbook, "workbook"), (self.out, "out")):
            if isinstance(last.get(key), str) and last[key]:
                field.setText(last[key])
        self.majority.setChecked(last.get("majority") is True)

    def look_at_files(self, looks: LookQueue | None) -> None:
        """Offer the annotators' own format: at once where their files were sniffed before
        (or no worker is at hand), else once `looks` has sniffed them on its worker (the
        dialog offers the format last used meanwhile, and never waits)."""
        paths = annotators_files(self.settings)
        modules = known(paths)
        if modules is not None or looks is None:
            self.offer(modules if modules is not None else sniffed(paths))
            return
        self.offer(None)
        alive = partial(isValid, self)  # the dialog is still there
        asked = Asked(("gold format", *paths), TITLE_LOOKING,
                      lambda _progress: sniffed(paths), alive)  # fmt: skip
        looks.ask(asked, lambda found: self.offer(found) if alive() else None,
                  lambda _summary, _details: self.offer(None, LOOK_CRASHED) if alive() else None)  # fmt: skip

    def offer(self, modules: dict[str, str | None] | None, unknown: str = LOOKING) -> None:
        """Offer the annotators' own format (`modules`: their files' formats; None: not known,
        for the reason `unknown`: not yet, or their look crashed), or where their files cannot
        tell, the format last used, else the default; the note says why. A format the user
        chose stays chosen."""
        first, why = first_format(modules) if modules is not None else (None, unknown)
        if first is None:
            first = self._last or DEFAULT
            why = why if why == LOOKING else ("As last used: " if self._last else "The default: ") + why
        self._first = first
        if not self._chosen:
            self.format.setCurrentIndex(self.format.findData(first))
        self.format_note.setText(why)
        self.format_note.setVisible(self.format_name == first)

    def keep(self) -> None:
        """Remember the fields for the next time (and the next start)."""
        if self.settings is not None:
            fields = {"workbook": self.workbook.text().strip(), "format": self.format_name}
            self.settings.set_value(KEY, {**fields, "out": self.out.text().strip(),
                                          "majority": self.majority.isChecked()})  # fmt: skip

    @property
    def format_name(self) -> str:
        return str(self.format.currentData())

    def _suffix(self) -> str:
        return next(suffix for name, _, suffix in FORMATS if name == self.format_name)

    def _suggest(self) -> None:
        """The gold beside the workbook (WORKBOOK-gold.jsonl, …), unless a path was chosen
        (nothing for a path without a file name yet, such as "/")."""
        book = Path(self.workbook.text())
        if not book.name or self.out.text() not in ("", self._suggested):
            return
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
        """A file to write (the file dialog leaves the question of replacing it to OK), or
        brat's folder: a new one made in the dialog, or an empty one."""
        start = self.out.text() or self.folder
        if self._suffix():
            kinds = f"{self.format.currentText()} (*{self._suffix()})"
            options = QFileDialog.Option.DontConfirmOverwrite
            path, _ = QFileDialog.getSaveFileName(self, "Write the gold to", start, kinds, options=options)
        else:
            start = folder_to_browse(self.out.text(), self.folder)  # a folder not made yet: its parent
            path = QFileDialog.getExistingDirectory(self, "Write the brat files into", start)
        if path:
            self.out.setText(path)

    def accept(self) -> None:
        """Close once the paths can be used and an existing gold may be replaced; otherwise
        say why (or ask) and stay, the fields as they are."""
        problem = self.problem()
        if problem is not None:
            dialogs.show_message(self, *problem)
            return
        from engine.agreement.command import gold_exists

        out = self.out.text().strip()
        self.replace = gold_exists(out, self.format_name)
        if self.replace and not dialogs.ask(self, *self.replace_question(out)):
            return
        self.keep()
        self._chosen = True  # the format used: the dialog shown again after a failed write keeps it
        super().accept()

    def problem(self) -> tuple[str, str] | None:
        """Why the paths cannot be used (a heading and a sentence), or None."""
        workbook, out = Path(self.workbook.text().strip()), Path(self.out.text().strip())
        if not workbook.is_file():
            return "The workbook was not found.", f"{workbook} is no file: choose the adjudication workbook."
        if self.format_name == "brat" and out.exists() and not out.is_dir():
            return "A brat gold is a folder.", f"{out} is a file: choose a new folder or an empty one."
        if self.format_name != "brat" and out.is_dir():
            return f"A {self.format_name} gold is one file.", f"{out} is a folder: choose a file name."
        if out.is_file() and out.samefile(workbook):
            own = f"{out} is the adjudication workbook: choose another name."
            return "The gold cannot replace its workbook.", own
        return None

    def replace_question(self, out: str) -> tuple[str, str]:
        """The question before an existing gold is replaced, naming a loaded input it is."""
        side = self.loaded_side(out)
        loaded = ROLES.get(side, side)
        note = (f"It is the {loaded} file loaded in the main window: the results shown will be marked as "
                "describing an input that changed." if loaded else "")  # fmt: skip
        if self.format_name == "brat":
            files = "The gold's .txt and .ann files replace those of the same names; other files stay."
            return f"The folder {Path(out).name} is not empty. Write into it?", f"{files} {note}".strip()
        return f"{Path(out).name} already exists. Replace it?", note

    def loaded_side(self, out: str) -> str:
        """Which loaded input (its side) writing to `out` replaces: "" for none."""
        target, folder = Path(out).resolve(), self.format_name == "brat"
        for side, path in self.inputs.items():
            loaded = Path(path).resolve() if path else None
            if loaded is not None and (loaded == target or folder and loaded.parent == target):
                return side
        return ""


#: How the replace question names a loaded input's side (where not by the side's own name).
ROLES = {"second": SECOND}


def loaded_inputs(setup: SetupPanel) -> dict[str, str]:
    """The files loaded in the main window by side, as its setup panel names them (gold,
    system, and the second system where the method compares one)."""
    loaded = {side: field.path for side, field in setup.fields.items()}
    return {**loaded, "second": setup.second_system} if setup.second_system else loaded


def _buddy(text: str, field: QWidget) -> QLabel:
    """A form's label whose mnemonic (Alt+letter) moves the focus to `field`."""
    label = QLabel(text)
    label.setBuddy(field)
    return label


def _with_button(field: QLineEdit, text: str, slot: Any) -> QHBoxLayout:
    row = QHBoxLayout()
    row.addWidget(field, 1)
    button = QPushButton(text)
    button.clicked.connect(slot)
    row.addWidget(button)
    return row


def gold_job(workbook: str, out: str, out_format: str, majority: bool, replace: bool = False) -> Job:
    """The engine's write_gold, on the worker; its message is the result (the dialog comes
    back after it), in the app's words."""

    def job(progress: Progress) -> GoldWritten | InputError:
        from engine.agreement.command import write_gold

        try:
            return write_gold(workbook, out, out_format, majority, progress, replace=replace)
        except InputError as err:
            return app_words(err)

    return job


def app_words(err: InputError) -> InputError:
    """The engine's message (which names its file: the workbook for the undecided rows) with
    the dialog's controls named where the command line's flags are."""
    expected = dialogs.app_words(err.expected, CONTROLS)
    return InputError(expected, err.found, file=err.file, line=err.line, option=err.option)


def not_a_review(job: Job, path: str) -> Job:
    """`job` reading a review workbook, whose message for an adjudication workbook says what
    it is and where it is used."""

    def read(progress: Progress) -> Any:
        from engine.agreement.kept import is_adjudication_workbook

        try:
            return job(progress)
        except InputError:
            if not is_adjudication_workbook(path):
                raise
        found = ("an adjudication workbook (Agreement among Annotators…): make the gold from it with "
                 f"Evaluate → {TITLE}…")  # fmt: skip
        raise InputError("a review workbook (File → Export to Excel…)", found, file=path) from None

    return read


def offer_workbook(settings: AppSettings | None, path: Path) -> None:
    """The adjudication workbook just written is the one Make Gold offers next, the gold's
    path following it again."""
    if settings is not None:
        settings.set_value(KEY, {**settings.mapping(KEY), "workbook": str(path), "out": ""})


def make_gold(window: Window, dialog: MakeGoldDialog | None = None) -> MakeGoldDialog:
    """Ask for the workbook and the gold's format and place (`dialog`: the one shown before,
    with its fields), then write it on the worker."""
    if dialog is None:
        dialog = MakeGoldDialog(window, window.settings, loaded_inputs(window.setup),  # type: ignore[arg-type]
                                window.setup.look_queue)  # fmt: skip
    if dialog.exec() == QDialog.DialogCode.Accepted:
        note_folder(window.settings, "exports", dialog.workbook.text().strip())  # the next day starts there
        run(window, dialog)
    return dialog


def run(window: Window, dialog: MakeGoldDialog) -> bool:
    """Write the gold the dialog asks for; the window says what was written."""
    job = gold_job(dialog.workbook.text().strip(), dialog.out.text().strip(), dialog.format_name,
                   dialog.majority.isChecked(), dialog.replace)  # fmt: skip
    return window.run_task("Making the gold", job, lambda result: _done(window, dialog, result), DOING)


def _done(window: Window, dialog: MakeGoldDialog, result: GoldWritten | InputError) -> None:
    """What was written, in the window; or the engine's message, then the dialog again."""
    if isinstance(result, InputError):
        dialogs.show_input_error(window, result, DOING)  # type: ignore[arg-type]
        QTimer.singleShot(0, lambda: make_gold(window, dialog=dialog))
        return
    window.say_written(result.paths, " ".join([result.settled + ".", *result.warnings]))  # the path noted
    loaded = dialog.loaded_side(dialog.out.text().strip())
    if loaded:
        window.setup.look_again(loaded)  # the file replaced: its box, labels and the methods' refusals anew
        if window.run is not None:
            window.run = replace(window.run, rewritten=True)
            window._show_summary()
