"""The mouse wheel scrolls the panel under the pointer: a drop-down or a spin box it passes
over keeps its value unless it has the keyboard focus (from a click or Tab).

Qt gives such a control the focus on a wheel turn and changes its value: scrolling the
Setup panel set Format, Source or a weight as the pointer passed over them. One filter on
the application, installed once, covers every window: each drop-down and spin box takes
the focus only from a click or Tab (StrongFocus), and a wheel turn over one without the
focus is left to its parent (the scroll area around it scrolls).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox

_WHEEL, _POLISH = QEvent.Type.Wheel, QEvent.Type.Polish

#: The controls whose value a wheel turn changes.
GUARDED = (QComboBox, QAbstractSpinBox)


class WheelGuard(QObject):
    """The application's event filter that keeps wheel turns off unfocused controls."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        kind = event.type()  # every event of the app passes here: the common case returns first
        if kind is _POLISH and isinstance(watched, GUARDED):
            watched.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # not WheelFocus
        elif kind is _WHEEL and isinstance(watched, GUARDED) and not watched.hasFocus():
            event.ignore()  # an ignored wheel event goes on to the parent
            return True
        return False


def guard_wheel(app: QApplication) -> None:
    """Install the guard on the application (once; later calls change nothing)."""
    if app.findChild(WheelGuard) is None:
        app.installEventFilter(WheelGuard(app))
