"""Progress reporting and cancellation for long evaluations."""

from __future__ import annotations

import time
from collections.abc import Callable

from .errors import Cancelled

ProgressCallback = Callable[[float, str], None]


class Progress:
    """Passed to `evaluate`: reports the fraction done and raises Cancelled on request.

    Reports are throttled to a few per second so that calling `update` in a tight loop
    stays cheap.
    """

    def __init__(self, callback: ProgressCallback | None = None, interval: float = 0.1) -> None:
        self._callback = callback
        self._interval = interval
        self._last = 0.0
        self._cancelled = False  # set from another thread (the GUI's): one assignment, no lock needed

    def cancel(self) -> None:
        """Ask the running evaluation to stop at its next check."""
        self._cancelled = True

    @property
    def cancelled(self) -> bool:
        return self._cancelled

    def check(self) -> None:
        """Raise Cancelled when cancellation was requested."""
        if self._cancelled:
            raise Cancelled()

    def update(self, fraction: float, message: str = "", *, force: bool = False) -> None:
        """Report `fraction` (0..1) done; also a cancellation point."""
        self.check()
        if self._callback is None:
            return
        now = time.monotonic()
        if force or now - self._last >= self._interval:
            self._last = now
            self._callback(min(max(fraction, 0.0), 1.0), message)


NO_PROGRESS = Progress()
