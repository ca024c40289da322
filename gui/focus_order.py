"""The order Tab moves in: the window's parts as they are seen (the Setup panel, the notice,
the result's tabs, the errors, the viewer), each part's controls in the order they were made.

Qt's own chain appends a control made later (a result's tables) to the window's end, after
the viewer, and setTabOrder moves a part's controls with it only where they follow it in
the chain: the ring is taken from the widgets as they are instead, at each Tab."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QScrollArea, QTabWidget, QWidget


def takes_tab(widget: QWidget) -> bool:
    """Whether Tab can give the widget the focus now (a widget with a focus proxy passes it on)."""
    return (
        bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus)
        and widget.focusProxy() is None
        and widget.isVisible()
        and widget.isEnabled()
    )


def controls(part: QWidget) -> list[QWidget]:
    """The controls in a part that Tab stops at, in the order they were made (a tab bar
    before its pages; a drop-down's list, a window of its own, left out)."""
    if not part.isVisible():
        return []  # nor anything in it: hidden pages and option panels are not walked
    if takes_tab(part) and isinstance(part, QAbstractScrollArea) and not isinstance(part, QScrollArea):
        return [part]  # a table, a text or a viewer pane: what is inside is its own
    inside = [child for child in part.children() if isinstance(child, QWidget) and not child.isWindow()]
    if isinstance(part, QTabWidget):
        inside.sort(key=lambda child: child is not part.tabBar())
    found = [part] if takes_tab(part) else []
    return found + [control for child in inside for control in controls(child)]


def holds_focus(widget: QWidget) -> bool:
    """Whether the widget has its window's focus, the window active or not (hasFocus: only
    in the active window)."""
    return widget.window().focusWidget() == widget


def hand_over(enabled: QWidget, disabled: QWidget, take: bool = False) -> None:
    """Enable one button and disable the other, the one enabled taking the focus where the
    other held it, or where `take` says so (Space or Enter then presses it). Disabling a
    focused control has Qt look for the next one along the window's whole focus ring."""
    enabled.setEnabled(True)
    if take or holds_focus(disabled):
        enabled.setFocus(Qt.FocusReason.OtherFocusReason)
    disabled.setEnabled(False)


def next_control(ring: list[QWidget], current: QWidget | None, forward: bool) -> QWidget | None:
    """The control after (or before) the one holding `current` in the ring, or None where
    `current` is in none of them."""
    while current is not None and current not in ring:
        current = current.parentWidget()
    if current is None:
        return None
    step = 1 if forward else -1
    return ring[(ring.index(current) + step) % len(ring)]


class FocusRing:
    """Tab and Shift+Tab through the window's parts in order (mixed into MainWindow)."""

    def focus_parts(self) -> list[QWidget]:
        """The window's parts, in the order Tab goes through them."""
        return [self.dock, self.notice, self.tabs, self.errors, self.viewer]  # type: ignore[attr-defined]

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802, A002
        ring = [control for part in self.focus_parts() for control in controls(part)]
        found = next_control(ring, QApplication.focusWidget(), next)
        if found is None:
            return super().focusNextPrevChild(next)  # type: ignore[misc]
        reason = Qt.FocusReason.TabFocusReason if next else Qt.FocusReason.BacktabFocusReason
        found.setFocus(reason)
        return True
