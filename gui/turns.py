"""Work on the UI thread in short turns: a list of steps run one per turn of the event loop,
so that input, paints and timers run between them and no turn is long. Each step's layout is
settled in its own turn, before the paint that shows it."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer

#: A timer's delay that lets the event loop turn first (input, paints, other timers): Qt runs
#: a zero delay as a queued call, in the same pass as the calls queued before it.
NEXT_TURN_MS = 1

Step = Callable[[], None]


class Turns(QObject):
    """Runs steps one per turn of the event loop; new steps replace those still waiting."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._steps: deque[Step] = deque()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(NEXT_TURN_MS)
        self._timer.timeout.connect(self._next)

    @property
    def pending(self) -> bool:
        """Whether steps are still to run."""
        return bool(self._steps)

    def start(self, steps: Iterable[Step]) -> None:
        """Run these steps from the next turn on, in place of any still waiting."""
        self._steps = deque(steps)
        self._timer.start()

    def stop(self) -> None:
        """Drop the steps still waiting."""
        self._steps.clear()
        self._timer.stop()

    def _next(self) -> None:
        if self._steps:
            step = self._steps.popleft()
            if self._steps:
                self._timer.start()  # before the step, which may start other steps
            step()
            settle_layouts()


def settle_layouts() -> None:
    """Lay out now what the step changed (the layout requests it posted): else they came after
    the paint of its turn, and the parts it changed were painted, laid out again and painted
    again in the next turn (the viewer's documents and legend, the window when the error
    filters widen the error panel)."""
    QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
