"""The app by keyboard (Tab goes from control to control in the order the window shows
them, arrows move inside a table; each menu's letters differ) and on the screen it opens
on (the status bar in view on first start, under a window manager too)."""

from __future__ import annotations

import re

from PySide6.QtCore import QPoint, QSize, Qt
from PySide6.QtWidgets import QApplication, QMenu

import gui.geometry as geometry
from gui.focus_order import next_control
from gui.geometry import FRAME, available_area

from .conftest import evaluate


def tab_walk(qtbot, start, presses: int, key=Qt.Key.Key_Tab) -> list:
    """The widgets that hold the focus after each Tab (or Backtab) press, until the focus is
    back at `start` or after `presses` presses."""
    start.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is start)
    walked: list = []
    while len(walked) < presses and (not walked or walked[-1] is not start):
        qtbot.keyClick(QApplication.focusWidget(), key)
        walked.append(QApplication.focusWidget())
    return walked


def test_tab_leaves_each_table_and_goes_round_the_window_in_the_order_it_is_seen(qtbot, window):
    evaluate(qtbot, window)
    headline = window.tabs.widget(0).headline
    round_ = tab_walk(qtbot, headline, 300)
    assert round_[-1] is headline and len(round_) < 100  # round the window, not trapped in a table
    errors, documents = window.errors.table, window.viewer.documents
    panes = [w for w in round_ if type(w).__name__ == "DocumentPane"]
    setup = [w for w in round_ if window.dock.isAncestorOf(w)]
    assert round_.count(errors) == round_.count(documents) == 1 and len(panes) == len(set(panes)) == 2
    assert window.setup.method_box in setup and window.setup.evaluate_button in setup
    seen = [round_.index(errors), round_.index(documents), round_.index(panes[0]),
            round_.index(setup[0]), round_.index(window.tabs.tabBar())]  # fmt: skip
    assert seen == sorted(seen)  # errors, document list, viewer, Setup, the result's tabs
    back = tab_walk(qtbot, errors, 1, Qt.Key.Key_Backtab)[0]
    assert back is window.errors.search  # Shift+Tab goes back the same way


def test_arrows_move_within_the_error_table(qtbot, window):
    evaluate(qtbot, window)
    table = window.errors.table
    table.setFocus()
    table.setCurrentIndex(table.model().index(0, 0))
    qtbot.keyClick(table, Qt.Key.Key_Down)
    assert table.currentIndex().row() == 1 and QApplication.focusWidget() is table


def test_the_next_control_is_found_for_a_widget_inside_a_control(qtbot, window):
    ring = [window.errors.search, window.errors.table]
    inside = window.errors.table.viewport()
    assert next_control(ring, inside, True) is window.errors.search
    assert next_control(ring, window.errors.table, False) is window.errors.search
    assert next_control(ring, None, True) is None


def test_first_start_leaves_room_for_a_title_bar_not_yet_known(window, monkeypatch):
    area = available_area(window)
    assert area.contains(window.frameGeometry())  # the status bar in view
    monkeypatch.setattr(geometry, "frame_known", lambda w: False)  # shown, not yet framed
    geometry.fit_to_screen(window)
    assert window.height() == max(area.height() - FRAME.height(), window.minimumHeight())


def test_a_frame_made_later_by_the_window_manager_is_fitted_again(qtbot, window, monkeypatch):
    area = available_area(window)
    framed = QSize(2, 25)  # openbox's border and title bar
    monkeypatch.setattr(geometry, "frame_size", lambda w: framed)
    window._refit = True  # as showEvent leaves it where the frame was not known yet
    window.move(area.topLeft() + QPoint(5, 5))  # the window manager frames it: a move
    qtbot.waitUntil(lambda: not window._refit)
    assert window.height() == max(area.height() - framed.height(), window.minimumHeight())


def test_each_menu_gives_each_entry_its_own_letter(window):
    for menu in window.menuBar().findChildren(QMenu):
        letters = [m.group(1).lower() for a in menu.actions() if (m := re.search(r"&(\w)", a.text()))]
        assert len(letters) == len(set(letters)), (menu.title(), letters)


def test_the_window_opens_with_the_focus_on_a_control_one_sees(qtbot, window):
    """Walked by keyboard at 1280x720: the window opened with the focus on the Setup panel's
    scroll area, which shows none (Enter did nothing, the first Tab went to the Method list).
    It opens on Evaluate, the first step the line above the results names: Enter runs it, and
    a wheel turn over the panel changes no choice (a Method list with the focus would take it)."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    assert QApplication.focusWidget() is window.setup.evaluate_button
    assert not window.setup.scroll.focusPolicy() & Qt.FocusPolicy.TabFocus
    qtbot.keyClick(window.setup.evaluate_button, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.report is not None, timeout=20_000)
