"""Export to Excel over a workbook that holds a review: its verdicts and comments are
counted first (on the worker), and the user keeps them (read and carried into the new
workbook by the engine, engine/export/carry.py), saves under a new name, or cancels.
Over an adjudication workbook with Decisions the question names them (they cannot be kept)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtWidgets import QDialogButtonBox, QMessageBox, QWidget

from engine.agreement import kept
from engine.export import carry
from engine.progress import Progress
from engine.report import Report

from . import dialogs
from .exporting import refuse_inputs, xlsx_job
from .worker import Job

KEEP, RENAME, REPLACE = "keep", "rename", "replace"


class Window(Protocol):
    """What of the main window an export uses."""

    report: Report | None
    scale: str

    def export_inputs(self) -> tuple[str, ...]: ...
    def choose_save_path(self, title: str, suggested: str, file_filter: str, confirm: bool = True) -> str: ...
    def run_task(self, title: str, job: Job, done: Any, failed_doing: str) -> bool: ...
    def _exported(self, paths: list[Path], note: str = "") -> None: ...


def export_xlsx(window: Window, suggested: str) -> None:
    """Ask where to write the review workbook and write it; a workbook there that holds a
    review is counted first and the user asked what becomes of it."""
    path = window.choose_save_path("Export to Excel", suggested, "Excel workbook (*.xlsx)", False)
    if not path:
        return
    if not Path(path).exists():
        _write(window, path, None)
        return
    window.run_task(
        "Reading the review in the workbook",
        lambda progress: _held(path, progress, window.export_inputs()),
        lambda held: _replace(window, path, held),
        "The workbook could not be written",  # the export stops (an input, a workbook unread)
    )


def _held(path: str, progress: Progress, inputs: tuple[str, ...] = ()) -> tuple[str, str] | None:
    """What the workbook at `path` holds (held); refused first where it is one of `inputs`:
    no question about replacing an input is asked."""
    refuse_inputs(list(inputs), [Path(path)])
    progress.update(0.0, "counting the verdicts in the workbook", force=True)
    return held(path)


def held(path: str) -> tuple[str, str] | None:
    """What replacing the workbook at `path` would lose: ("decisions", "6 decisions and 1
    comment") for an adjudication workbook's, ("review", "3 verdicts") for a review's,
    ("compare", …) for a compare workbook's (which one run's cannot keep); None for none."""
    decisions = kept.held_decisions(path)
    if decisions is not None:
        return "decisions", kept.counts_text(decisions)
    found = carry.held_counts(path)  # one reading: the counts, and a compare workbook told apart
    if found is None:
        return None
    return "compare" if found.compare else "review", carry.counts_text(found.counts)


def _replace(window: Window, path: str, found: tuple[str, str] | None) -> None:
    """The user's answer for a workbook about to be replaced (`found`: what it holds, as held
    says); the window has cleared the counting task, so the write starts here."""
    choice = answer(window, path, found, QUESTIONS, ask_keep)
    if choice == KEEP:
        _write(window, path, path)
    elif choice == REPLACE:
        _write(window, path, None)
    elif choice == RENAME:
        export_xlsx(window, new_name(path))


def answer(window: Any, path: str, found: tuple[str, str] | None, questions: dict[str, Any],
           ask: Callable[..., str | None]) -> str | None:  # fmt: skip
    """The user's answer for a workbook about to be replaced (`found`: what it holds, as held
    says): the plain Replace question where it holds nothing to lose, else `ask` with the
    words and answers of its kind in `questions`; None for Cancel."""
    name = Path(path).name
    if found is None:
        return REPLACE if dialogs.ask(window, f"{name} already exists. Replace it?") else None
    kind, counts = found
    return ask(window, name, counts, *questions[kind])


def _write(window: Window, path: str, keep_from: str | None) -> None:
    assert window.report is not None
    job = xlsx_job(window.report, path, window.scale, keep_from, window.export_inputs())
    window.run_task("Writing the workbook", job, lambda result: window._exported(*result),
                    "The workbook could not be written")  # fmt: skip


def new_name(path: str) -> str:
    """A name next to `path` that is not taken: review-2.xlsx, review-3.xlsx, …"""
    p = Path(path)
    number = 2
    while (candidate := p.with_name(f"{p.stem}-{number}{p.suffix}")).exists():
        number += 1
    return str(candidate)


#: What Keep Them carries of a review (the question's message for a review workbook).
VERDICTS_KEPT = (
    "Replacing it would erase them. Keep them: the new workbook gets every verdict and comment "
    "of the errors that are still there (matched by document, unit, type, labels and positions), "
    "and you are told how many could not be carried because their rows are gone."
)
DECISIONS_TEXT = (
    "It is an adjudication workbook (the Agreement window's Adjudication workbook…): replacing it with "
    "the review workbook would erase them, and a review workbook cannot keep them. Save under a new name "
    "to keep the decisions."
)
COMPARE_TEXT = (
    "It is a compare workbook (spanstudio compare --xlsx): its verdicts belong to two systems' errors, "
    "so replacing it with this run's workbook would erase them, and this run's workbook cannot keep them. "
    "Save under a new name to keep them."
)
#: The question for each kind of workbook that holds what replacing it would lose: its words, its answers.
QUESTIONS = {"review": (VERDICTS_KEPT, (RENAME, KEEP)), "decisions": (DECISIONS_TEXT, (RENAME, REPLACE)),
             "compare": (COMPARE_TEXT, (RENAME, REPLACE))}  # fmt: skip
#: The question's answers as buttons: their text and role.
ANSWERS = {
    RENAME: ("Save under a &New Name…", QDialogButtonBox.ButtonRole.AcceptRole),
    KEEP: ("&Keep Them", QDialogButtonBox.ButtonRole.AcceptRole),
    REPLACE: ("&Replace", QDialogButtonBox.ButtonRole.DestructiveRole),
}


def keep_dialog(
    parent: QWidget | None,
    name: str,
    counts: str,
    message: str = VERDICTS_KEPT,
    answers: tuple[str, ...] = (RENAME, KEEP),
) -> tuple[dialogs.MessageDialog, list[str]]:
    """The question for a workbook holding what replacing it would lose (`counts` of it, and
    `message`): `answers` (RENAME, KEEP, REPLACE) and Cancel, Keep Them the default where
    offered, else the new name (the dialog, and the list the choice is put in)."""
    dialog = dialogs.MessageDialog(parent, QMessageBox.Icon.Warning, f"{name} holds {counts}.", message,
                                   QDialogButtonBox.StandardButton.Cancel)  # fmt: skip
    chosen: list[str] = []
    buttons = {answer: dialog.buttons.addButton(*ANSWERS[answer]) for answer in answers}
    for answer, button in buttons.items():
        button.clicked.connect(lambda _=False, a=answer: chosen.append(a))
        button.setAutoDefault(False)
    if REPLACE in buttons:
        buttons[REPLACE].clicked.connect(dialog.accept)  # a destructive button closes no dialog itself
    default = buttons.get(KEEP) or buttons[RENAME]
    default.setDefault(True)  # Enter's answer, and where the focus starts
    default.setFocus()
    return dialog, chosen


def ask_keep(parent: QWidget | None, name: str, counts: str, message: str = VERDICTS_KEPT,
             answers: tuple[str, ...] = (RENAME, KEEP)) -> str | None:  # fmt: skip
    """One of `answers`, or None (cancel), to the question keep_dialog asks."""
    dialog, chosen = keep_dialog(parent, name, counts, message, answers)
    dialog.exec()
    return chosen[0] if chosen else None
