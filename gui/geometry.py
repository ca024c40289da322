"""The window's size on the screen it opens on: the available area on first start, a saved
geometry only where it fits the current screen."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QRect
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget


def available_area(window: QWidget) -> QRect:
    """The screen's area for windows (without panels and docks)."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry()


def fit_to_screen(window: QWidget) -> None:
    """Size the window, frame included, to the available area of its screen."""
    area = available_area(window)
    frame = window.frameGeometry().size() - window.geometry().size()  # title bar and borders
    window.resize(max(area.width() - frame.width(), 200), max(area.height() - frame.height(), 200))
    window.move(area.topLeft())


def restore_or_fit(window: QWidget, saved: QByteArray | None) -> bool:
    """Restore a saved geometry where it fits the screen, else fit the window to the screen;
    whether the saved one was used."""
    restored = saved is not None and window.restoreGeometry(saved)
    if restored and available_area(window).contains(window.geometry()):
        return True
    fit_to_screen(window)
    return False
