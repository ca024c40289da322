"""The app's dialogs: input errors (naming file and line), crashes (with details to
copy), the About box. The main window calls them through this module, so that tests
can intercept them."""

from __future__ import annotations

import html
import logging
import platform

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import qVersion
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from engine import __version__ as engine_version
from engine.errors import InputError

log = logging.getLogger("spanstudio.gui")

APP_NAME = "Span Studio"


def input_error_text(err: InputError) -> str:
    """The engine's message: FILE:LINE: expected …, found …"""
    return str(err)


def show_input_error(
    parent: QWidget | None, err: InputError, doing: str = "The input could not be used"
) -> None:
    """A warning naming the file and line, what was expected and what was found."""
    box = QMessageBox(QMessageBox.Icon.Warning, APP_NAME, f"{doing}.", parent=parent)
    box.setInformativeText(input_error_text(err))
    box.setStyleSheet("QLabel { min-width: 420px; }")  # a path and a line read best unwrapped
    box.exec()


def show_message(parent: QWidget | None, text: str, informative: str = "") -> None:
    box = QMessageBox(QMessageBox.Icon.Information, APP_NAME, text, parent=parent)
    box.setInformativeText(informative)
    box.exec()


class CrashDialog(QDialog):
    """An unexpected error: what happened, and the details to copy into a bug report."""

    def __init__(self, parent: QWidget | None, summary: str, details: str) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{APP_NAME}: something went wrong")
        self.text = f"{summary}\n\n{details}"
        intro = QLabel(
            "Something went wrong inside Span Studio. Your work is unchanged and the app keeps "
            "running. The details below were written to the log; please send them with a "
            "bug report."
        )
        intro.setWordWrap(True)
        self.details = QPlainTextEdit(self.text)
        self.details.setReadOnly(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        copy = buttons.addButton("Copy details", QDialogButtonBox.ButtonRole.ActionRole)
        copy.clicked.connect(self.copy)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(QLabel(f"<b>{html.escape(summary)}</b>"))
        layout.addWidget(self.details, 1)
        layout.addWidget(buttons)
        self.resize(640, 380)

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.text)


def show_crash(parent: QWidget | None, summary: str, details: str) -> None:
    CrashDialog(parent, summary, details).exec()


def ask(parent: QWidget | None, question: str, informative: str = "") -> bool:
    box = QMessageBox(QMessageBox.Icon.Question, APP_NAME, question, parent=parent)
    box.setInformativeText(informative)
    box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel)
    return box.exec() == QMessageBox.StandardButton.Yes


def versions() -> dict[str, str]:
    """The versions the About box shows."""
    import pandas

    return {
        APP_NAME: engine_version,
        "Python": platform.python_version(),
        "Qt": qVersion(),
        "PySide6": pyside_version,
        "pandas": pandas.__version__,
    }


def about_text() -> str:
    rows = "".join(
        f"<tr><td>{name}</td><td>&nbsp;{version}</td></tr>" for name, version in versions().items()
    )
    return (
        f"<h3>{APP_NAME}</h3><p>Evaluate span annotations with the published methods their "
        f"users cite, and review every disagreement.</p><table>{rows}</table>"
    )


def show_about(parent: QWidget | None) -> None:
    QMessageBox.about(parent, f"About {APP_NAME}", about_text())
