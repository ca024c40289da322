"""What the status bar says of the main window's work: its title while it runs;
"Cancelling…" from the click on Cancel until the work has stopped (its progress messages
held back meanwhile: work stops only at its next progress report, seconds later on a big
file); then "Cancelled." ("Cancelled: nothing was written." of an export: those are written
all or none), which stays until the next run. A message wider than the bar ends in "…"."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QProgressBar, QStatusBar

from engine.report import Report

from .counts import count_of

CANCELLING = "Cancelling…"
CANCELLED = "Cancelled."
CANCELLED_WRITING = "Cancelled: nothing was written."
WRITING = "Writing "  # how the exports' titles begin (gui/window_exports.py, gui/review_export.py)


#: Room the status bar keeps beside its message (its margins and size grip).
BAR_MARGIN = 32
#: How long a failed run's message stays in the status bar (ms).
FAILED_MS = 8000


def one_line(bar: QStatusBar, text: str) -> str:
    """`text` on one line, cut with "…" where it is wider than the status bar's room for it
    (beside a progress bar shown): a long message is not cut off unseen at the window's edge."""
    shown = sum(p.width() for p in bar.findChildren(QProgressBar) if p.isVisible())
    room = max(bar.width() - shown - BAR_MARGIN, 0)
    return bar.fontMetrics().elidedText(" ".join(text.split()), Qt.TextElideMode.ElideRight, room)


#: The colour of the summary's notes that the result shown is not the options' or inputs' now.
STALE_STYLE = "color:#8a5a00"


#: The line above the results while gold or system is still to be chosen.
CHOOSE = "Choose a method and the gold and system files, then Evaluate (Ctrl+R)."
#: The line above the results once both are chosen (the example's words were kept until the
#: first evaluation, whatever files were chosen meanwhile).
READY = "Gold and system are chosen: press Evaluate (Ctrl+R)."


#: The line above the results while a chosen file is still being looked at (its reader may
#: yet find it cannot read it as set).
LOOKING = "Gold and system are chosen: looking at the files…"


def unreadable_text(boxes: tuple[str, ...]) -> str:
    """The line above the results where file boxes show why their files cannot be read
    (`boxes`: their roles, "gold", "system", "second system"): the next step is there."""
    files = " and ".join(boxes)
    titles = " and ".join(box.title() for box in boxes)  # as the boxes are titled
    plural = "s" if len(boxes) > 1 else ""
    return f"The {files} file{plural} cannot be read as set: see the message{plural} in red under {titles}."


def waiting_text(gold: str, system: str, unreadable: tuple[str, ...] = (), looking: bool = False) -> str:
    """The line above the results before the first evaluation, as the looks at the chosen
    files found them: which boxes say their files cannot be read (`unreadable`), else whether
    both are chosen (the window's title names them) and looked at (`looking`: not yet)."""
    if unreadable:
        return unreadable_text(unreadable)
    if not (gold and system):
        return CHOOSE
    return LOOKING if looking else READY


def summary_text(report: Report, options_changed: bool, inputs_changed: bool) -> str:
    """The line above the results: the report's title, its errors and warnings, and
    whether the options or inputs changed since (rich text)."""
    count = len(report.messages)
    warnings = f", {count_of(count, 'warning')}" if count else ""
    text = f"<b>{report.title}</b>: {count_of(len(report.error_rows), 'error')}{warnings}."
    if options_changed:
        text += (f" <span style='{STALE_STYLE}'>The options changed since this evaluation: "
                 "press Evaluate (Ctrl+R) to see their effect.</span>")  # fmt: skip
    elif inputs_changed:
        text += f" <span style='{STALE_STYLE}'>The inputs changed since this evaluation.</span>"
    return text


def unreadable_after_text(boxes: tuple[str, ...], inputs_changed: bool, method_changed: bool = False) -> str:
    """The line above an evaluation's results where file boxes now say why their files cannot
    be read (other files chosen since, another method or other options): what they say, as
    before a first evaluation, and that the results shown are not of those files (rich text)."""
    since = "with another method" if method_changed else "with other options"
    since = "of other files" if inputs_changed else since
    return (f"{unreadable_text(boxes)} <span style='{STALE_STYLE}'>The results below are of the last "
            f"evaluation, {since}.</span>")  # fmt: skip


class RunStatus:
    """The status bar's messages of one window's runs, and whether a cancel was asked."""

    def __init__(self, bar: QStatusBar) -> None:
        self.bar = bar
        self.cancelling = False
        self.title = ""
        self.said = ""  # a failed run's message, while it may still be shown

    def started(self, title: str) -> None:
        self.cancelling = False
        self.title = title
        self.bar.showMessage(f"{title}…")

    def progressed(self, message: str) -> None:
        if message and not self.cancelling:
            self.bar.showMessage(one_line(self.bar, message))

    def cancel_asked(self) -> None:
        self.cancelling = True
        self.bar.showMessage(CANCELLING)

    def cancelled(self) -> None:
        self.cancelling = False
        said = CANCELLED_WRITING if self.title.startswith(WRITING) else CANCELLED
        self.bar.showMessage(said)  # no timeout: it stays until the next run says more

    def failed(self, message: str, of_run: bool = True) -> None:
        """A stopped run's message (its dialog and the boxes say it whole), for a while;
        `of_run` False: a look's at a chosen file, which other files chosen leave in place."""
        said = one_line(self.bar, message)
        self.bar.showMessage(said, FAILED_MS)
        self.said = said if of_run else ""

    def inputs_changed(self) -> None:
        """Other files chosen: a failed run's message, about the files before, goes."""
        if self.said and self.bar.currentMessage() == self.said:
            self.bar.clearMessage()
        self.said = ""

    def ended(self) -> None:
        self.cancelling = False
