"""The window's size on the screen it opens on: the available area on first start, a saved
geometry only where it fits the current screen."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

#: The smallest size at which the main window is usable: the Setup panel with its Browse
#: buttons whole beside the results; it fits a 1280×720 screen with a panel or a dock.
USABLE = QSize(960, 600)

#: Room left for the window's title bar and borders where their size is not known yet (a
#: window manager adds them after the window is shown) and on a small screen.
FRAME = QSize(16, 48)

#: The handles between the Setup panel and the results and between the results' parts,
#: drawn so that a user sees where to drag (Fusion draws them as the window's background).
HANDLES = (
    "QMainWindow::separator { width: 6px; height: 6px; background: palette(mid); }"
    "QSplitter::handle { background: palette(midlight); }"
)

#: The first heights of the results' parts (scores, errors, viewer), as shares of the room:
#: on a 1280×720 screen the tables show several label rows (nervaluate's four schemas above
#: the headline's scroll bar) and errors, the viewer some lines.
RESULT_SHARES = [420, 290, 280]


def available_area(window: QWidget) -> QRect:
    """The screen's area for windows (without panels and docks)."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry()


def usable_size(window: QWidget) -> QSize:
    """The window's minimum size: USABLE, or the screen's area (less a title bar and
    borders) where that is smaller."""
    return USABLE.boundedTo(available_area(window).size() - FRAME)


def frame_known(window: QWidget) -> bool:
    """Whether the window manager has framed the window (its title bar's size is known)."""
    return window.frameGeometry().size() != window.geometry().size()


def frame_size(window: QWidget) -> QSize:
    """The title bar and borders around the window: their size, or FRAME before it is known."""
    if not frame_known(window):
        return FRAME
    return window.frameGeometry().size() - window.geometry().size()


def fit_to_screen(window: QWidget) -> None:
    """Size the window, frame included, to the available area of its screen."""
    area = available_area(window)
    frame = frame_size(window)
    window.resize(area.width() - frame.width(), area.height() - frame.height())  # no smaller than its minimum
    window.move(area.topLeft())


def restore_or_fit(window: QWidget, saved: QByteArray | None) -> bool:
    """Restore a saved geometry where it fits the screen, else fit the window to the screen;
    whether the saved one was used."""
    restored = saved is not None and window.restoreGeometry(saved)
    if restored and available_area(window).contains(window.geometry()):
        return True
    fit_to_screen(window)
    return False
