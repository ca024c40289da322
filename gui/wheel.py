"""The mouse wheel scrolls the panel under the pointer: a drop-down or a spin box it passes
over keeps its value unless it has the keyboard focus (from a click or Tab).

Qt gives such a control the focus on a wheel turn and changes its value: scrolling the
Setup panel set Format, Source or a weight as the pointer passed over them. The app's
drop-downs and spin boxes are the guarded kinds below: each takes the focus only from a
click or Tab (StrongFocus), and a wheel turn over one without the focus is left to its
parent (the scroll area around it scrolls). An event filter on the application did the same
for every widget of every window, but then every event of the app (layout, paint, timers)
passed through Python and waited for the GIL while the worker ran: 5-10 ms of the UI
thread's turns in the app's bench (tests/bench/bench_app.py).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QComboBox, QDoubleSpinBox, QSpinBox


class WheelGuarded:
    """A control whose value a wheel turn changes only while it has the focus."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # not WheelFocus

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802
        if self.hasFocus():
            super().wheelEvent(event)
        else:
            event.ignore()  # an ignored wheel event goes on to the parent


class GuardedComboBox(WheelGuarded, QComboBox):
    """A drop-down the wheel passes over unless it has the focus."""

    def setEditable(self, editable: bool) -> None:  # noqa: N802
        """Editable or not, it keeps StrongFocus (Qt's setEditable gives WheelFocus on macOS)."""
        super().setEditable(editable)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)


class GuardedSpinBox(WheelGuarded, QSpinBox):
    """A spin box the wheel passes over unless it has the focus."""


class GuardedDoubleSpinBox(WheelGuarded, QDoubleSpinBox):
    """A spin box of decimals the wheel passes over unless it has the focus."""
