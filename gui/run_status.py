"""What the status bar says of the main window's work: its title while it runs;
"Cancelling…" from the click on Cancel until the work has stopped (its progress messages
held back meanwhile: work stops only at its next progress report, seconds later on a big
file); then "Cancelled.", which stays until the next run."""

from __future__ import annotations

from PySide6.QtWidgets import QStatusBar

CANCELLING = "Cancelling…"
CANCELLED = "Cancelled."


class RunStatus:
    """The status bar's messages of one window's runs, and whether a cancel was asked."""

    def __init__(self, bar: QStatusBar) -> None:
        self.bar = bar
        self.cancelling = False

    def started(self, title: str) -> None:
        self.cancelling = False
        self.bar.showMessage(f"{title}…")

    def progressed(self, message: str) -> None:
        if message and not self.cancelling:
            self.bar.showMessage(message)

    def cancel_asked(self) -> None:
        self.cancelling = True
        self.bar.showMessage(CANCELLING)

    def cancelled(self) -> None:
        self.cancelling = False
        self.bar.showMessage(CANCELLED)  # no timeout: it stays until the next run says more

    def ended(self) -> None:
        self.cancelling = False
