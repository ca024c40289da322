"""The Agreement window's Adjudication workbook… over a workbook that holds Decisions or
Comments: they are counted first (on the worker), and the user keeps them (carried into the
new workbook by the engine: engine/agreement/kept.py), saves under a new name, replaces
them knowingly, or cancels — as Export to Excel does with a review (gui/review_export.py).
Over a review workbook with verdicts the question names them (they cannot be kept)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtWidgets import QFileDialog

from engine.errors import InputError
from engine.progress import Progress

from .agreement_memory import note_folder, start_folder
from .exporting import refuse_inputs
from .review_export import KEEP, RENAME, REPLACE, answer, ask_keep, held, new_name
from .worker import Job

KEEP_TEXT = (
    "Replacing it would erase them. Keep them: the new workbook gets every Decision and Comment of the "
    "rows that are still there (matched by document and characters), and you are told how many could "
    "not be carried because their rows are gone or their Decision is no longer offered."
)
REVIEW_TEXT = (
    "It is a review workbook (File → Export to Excel…): replacing it with the adjudication workbook "
    "would erase them, and an adjudication workbook cannot keep them. Save under a new name to keep "
    "the review."
)
COMPARE_TEXT = (
    "It is a compare workbook (spanstudio compare --xlsx): replacing it with the adjudication workbook "
    "would erase them, and an adjudication workbook cannot keep them. Save under a new name to keep "
    "the review."
)
#: The question for each kind of workbook that holds what replacing it would lose: its words, its answers.
QUESTIONS = {"decisions": (KEEP_TEXT, (RENAME, KEEP, REPLACE)), "review": (REVIEW_TEXT, (RENAME, REPLACE)),
             "compare": (COMPARE_TEXT, (RENAME, REPLACE))}  # fmt: skip


class Window(Protocol):
    """What of the Agreement window this uses."""

    settings: Any  # where the last folders used are kept (None: nothing kept)

    def say(self, text: str) -> None: ...  # the line that says what the window did last
    def run_task(self, title: str, job: Job, done: Callable[[Any], None], doing: str) -> bool: ...
    def write_workbook(self, path: str, keep_from: str | None = None) -> bool: ...
    def path_list(self) -> list[str]: ...  # the annotators' files and folders listed


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
        lambda progress: _held(path, window.path_list()),
        lambda found: replace(window, path, found),  # the counting task cleared: the write starts here
        "The workbook could not be written",  # the export stops (an annotator's file, a workbook unread)
    )


def _held(path: str, inputs: list[str]) -> tuple[str, str] | None:
    """What the workbook at `path` holds (held); refused first where it is one of the
    annotators' files (`inputs`): no question about replacing one is asked."""
    refuse_inputs(inputs, [Path(path)])
    return held(path)


def replace(window: Window, path: str, found: tuple[str, str] | None) -> None:
    """The user's answer for a workbook about to be replaced (`found`: what it holds, as held says)."""
    choice = answer(window, path, found, QUESTIONS, ask_keep)
    if choice == KEEP:
        window.write_workbook(path, keep_from=path)
    elif choice == REPLACE:
        window.write_workbook(path)
    elif choice == RENAME:
        export_workbook(window, new_name(path))
    else:
        window.say(f"Nothing was written: {Path(path).name} is as it was.")


def workbook_job(corpus: Any, data: dict[str, Any] | None, path: str, keep_from: str | None = None,
                 inputs: tuple[str, ...] = ()) -> Job:  # fmt: skip
    """What the worker thread runs to write the adjudication workbook (the engine builds it,
    with the decisions of `keep_from` where given), never over one of the annotators' files
    (`inputs`): the files, and what was kept."""

    def job(progress: Progress) -> tuple[list[Path], str]:
        refuse_inputs(list(inputs), [Path(path)])
        from engine.agreement.kept import read_decisions
        from engine.agreement.workbook import workbook_bytes
        from engine.writing import atomic_write_bytes

        progress.update(0.0, "reading the decisions to keep" if keep_from else "", force=True)
        kept = read_decisions(keep_from) if keep_from is not None else None
        progress.update(0.0, "writing the adjudication workbook", force=True)
        content = workbook_bytes(corpus, data, progress, kept)
        progress.check()  # cancelled while saving: nothing is written
        try:
            atomic_write_bytes(path, content)
        except OSError as err:  # one the engine has no message of its own for
            raise InputError("a writable file", str(err), file=path) from None
        return [Path(path)], kept.summary() if kept is not None else ""

    return job
