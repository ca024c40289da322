"""A window shrunk small opens again at a usable size, and the Setup panel keeps its
controls whole (its Browse buttons not cut to "B")."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt

from gui.geometry import FRAME, USABLE, available_area
from gui.settings import AppSettings
from gui.window_memory import SETUP_WIDTH

from .conftest import open_window


def _setup_whole(qtbot, window) -> None:
    setup = window.setup
    for method in setup.methods:
        setup.set_method(method)
        qtbot.waitUntil(lambda: setup.scroll.width() >= setup.scroll.widget().minimumSizeHint().width())
        for field in setup.fields.values():
            assert field.button.width() >= field.button.sizeHint().width(), method


def test_a_window_shrunk_small_opens_again_usable_with_the_setup_panel_whole(qtbot, settings_file):
    first = open_window(qtbot, settings_file)
    usable = USABLE.boundedTo(available_area(first).size() - FRAME)  # the test screen is 800×800
    assert first.minimumSize() == usable and usable.height() >= 600
    first.resize(320, 240)
    qtbot.wait(10)
    assert first.width() >= usable.width() and first.height() >= usable.height()
    _setup_whole(qtbot, first)
    first.close()
    saved = AppSettings(QSettings(str(settings_file), QSettings.Format.IniFormat))
    saved.set_sizes("results", [1, 1, 300])  # as a window squeezed without a window manager left them
    saved.sync()
    again = open_window(qtbot, settings_file)
    assert again.width() >= usable.width() and again.height() >= usable.height()
    _setup_whole(qtbot, again)
    assert min(again.splitter.sizes()) >= 90  # scores, errors and viewer each readable
    again.resizeDocks([again.dock], [1], Qt.Orientation.Horizontal)  # as narrow as it goes
    qtbot.wait(10)
    narrow = again.dock.width()
    assert narrow < SETUP_WIDTH
    again.resize(1366, 768)
    qtbot.waitUntil(lambda: again.dock.width() == SETUP_WIDTH)  # taken back as the window grew
    _setup_whole(qtbot, again)
    again.close()


def test_the_usable_size_fits_a_1280_by_720_screen_and_the_handles_are_drawn(window):
    assert USABLE.width() <= 1280 and USABLE.height() <= 720 - 60  # a panel and the title bar
    assert "QMainWindow::separator" in window.styleSheet() and window.splitter.handleWidth() >= 5


def test_the_second_systems_box_says_whole_what_it_is_for(window):
    """Its grey hint was cut to 'Optional: a second system, to co…' at 1366×768; the hint now
    fits the box and the box's tooltip says what a second system does."""
    window.setup.set_method("faireval")
    edit = window.setup.second.edit
    hint = edit.placeholderText()
    assert "compare" in hint and edit.fontMetrics().horizontalAdvance(hint) <= edit.contentsRect().width() - 8
    assert "significance" in window.setup.second.toolTip()
