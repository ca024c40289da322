"""Work on the UI thread in short turns: a list of steps run one per turn of the event loop,
so that input and timers run between them and no turn is long. Each step's layout is settled
in its own turn. A widget given as `held` is not painted while steps are pending: what they
change shows at once when the last has run, not a step at a time (the window's body painted
after each of the six steps showing poetry's report: 375-386 paint events, against 255-263
with it held and painted once). Hold a child, not the window: a top-level window held so was
left unpainted after (Qt's pending update request spent while it was held)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

#: A timer's delay that lets the event loop turn first (input, paints, other timers): Qt runs
#: a zero delay as a queued call, in the same pass as the calls queued before it.
NEXT_TURN_MS = 1

Step = Callable[[], None]


class Turns(QObject):
    """Runs steps one per turn of the event loop; new steps replace those still waiting.
    `held`: a widget not painted until the steps have run (or are stopped)."""

    def __init__(self, parent: QObject | None = None, held: QWidget | None = None) -> None:
        super().__init__(parent)
        self._held = held
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
        self._hold(bool(self._steps))
        self._timer.start()

    def stop(self) -> None:
        """Drop the steps still waiting."""
        self._steps.clear()
        self._timer.stop()
        self._hold(False)

    def _next(self) -> None:
        if self._steps:
            step = self._steps.popleft()
            if self._steps:
                self._timer.start()  # before the step, which may start other steps
            try:
                step()
                settle_layouts()
            finally:
                self._hold(bool(self._steps))

    def _hold(self, held: bool) -> None:
        """Keep the held widget from painting, or let it paint (all it missed at once)."""
        if self._held is not None and self._held.updatesEnabled() == held:
            self._held.setUpdatesEnabled(not held)


def settle_layouts() -> None:
    """Lay out now what the step changed (the layout requests it posted): else they came after
    the paint of its turn, and the parts it changed were painted, laid out again and painted
    again in the next turn (the viewer's documents and legend, the window when the error
    filters widen the error panel)."""
    QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
