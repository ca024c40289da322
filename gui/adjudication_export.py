"""The Agreement window's Adjudication workbook… over a workbook that holds Decisions or
Comments: they are counted first (on the worker), and the user keeps them (carried into the
new workbook by the engine: engine/agreement/kept.py), saves under a new name, replaces
them knowingly, or cancels — as Export to Excel does with a review (gui/review_export.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtWidgets import QDialogButtonBox, QFileDialog, QWidget

from engine.agreement.kept import counts_text, held_decisions

from . import dialogs
from .agreement_memory import note_folder, start_folder
from .review_export import KEEP, RENAME, keep_review_dialog, new_name
from .worker import Job

REPLACE = "replace"
KEEP_TEXT = (
    "Replacing it would erase them. Keep them: the new workbook gets every Decision and Comment of the "
    "rows that are still there (matched by document and characters), and you are told how many could "
    "not be carried because their rows are gone or their Decision is no longer offered."
)


class Window(Protocol):
    """What of the Agreement window this uses."""

    busy: bool
    idle: Any  # a signal: the window's work has ended
    summary: Any  # the line that says what the window did
    settings: Any  # where the last folders used are kept (None: nothing kept)

    def run_task(self, title: str, job: Job, done: Callable[[Any], None], doing: str) -> bool: ...
    def write_workbook(self, path: str, keep_from: str | None = None) -> bool: ...


def export_workbook(window: Window, suggested: str = "adjudication.xlsx") -> None:
    """Ask where to write the adjudication workbook and write it; a workbook there is
    counted first and the user asked what becomes of it (the file dialog does not ask)."""
    options = QFileDialog.Option.DontConfirmOverwrite
    start = str(Path(start_folder(window.settings, "exports"), suggested))  # the last folder used
    path, _ = QFileDialog.getSaveFileName(
        window, "Adjudication workbook", start, "Excel (*.xlsx)", options=options  # type: ignore[arg-type]
    )
    note_folder(window.settings, "exports", path)
    if not path:
        return
    if not Path(path).exists():
        window.write_workbook(path)
        return
    window.run_task(
        "Counting the decisions in the workbook",
        lambda progress: held_decisions(path),
        lambda held: when_idle(window, lambda: replace(window, path, held)),
        "Reading the workbook",
    )


def replace(window: Window, path: str, held: tuple[int, int] | None) -> None:
    """The user's answer for a workbook about to be replaced (`held`: its decisions and comments)."""
    name = Path(path).name
    if held is None:
        choice = REPLACE if dialogs.ask(window, f"{name} already exists. Replace it?") else None  # type: ignore[arg-type]
    else:
        choice = ask_keep_decisions(window, name, counts_text(held))  # type: ignore[arg-type]
    if choice == KEEP:
        window.write_workbook(path, keep_from=path)
    elif choice == REPLACE:
        window.write_workbook(path)
    elif choice == RENAME:
        export_workbook(window, new_name(path))
    else:
        window.summary.setText(f"Nothing was written: {name} is as it was.")


def when_idle(window: Window, step: Callable[[], None]) -> None:
    """Take `step` once the window's work (the task whose answer led here) has ended."""
    if not window.busy:
        step()
        return

    def once() -> None:
        window.idle.disconnect(once)
        step()

    window.idle.connect(once)


def keep_decisions_dialog(parent: QWidget | None, name: str, counts: str) -> tuple[Any, list[str]]:
    """The review's question (Keep Them, Save under a New Name…, Cancel) for decisions, with
    Replace besides (the dialog, and the list the choice is put in)."""
    dialog, chosen = keep_review_dialog(parent, name, counts)
    dialog.message.setText(KEEP_TEXT)
    button = dialog.buttons.addButton("&Replace", QDialogButtonBox.ButtonRole.DestructiveRole)
    button.clicked.connect(lambda: chosen.append(REPLACE))
    button.clicked.connect(dialog.accept)
    button.setAutoDefault(False)
    return dialog, chosen


def ask_keep_decisions(parent: QWidget | None, name: str, counts: str) -> str | None:
    """KEEP, RENAME, REPLACE, or None (cancel)."""
    dialog, chosen = keep_decisions_dialog(parent, name, counts)
    dialog.exec()
    return chosen[0] if chosen else None
