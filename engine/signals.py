"""SIGTERM and SIGHUP end a command-line run as Ctrl+C does: by an exception, so that what
is half written is removed on the way (engine/writing.py)."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from typing import NoReturn


class Terminated(BaseException):
    """SIGTERM or SIGHUP arrived: unwind (temporary files are removed on the way), then exit."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _terminate(signum: int, frame: object) -> NoReturn:
    raise Terminated(signum)


@contextlib.contextmanager
def unwinding_on_signals() -> Iterator[None]:
    """SIGTERM and SIGHUP end the run as Ctrl+C does: by an exception, so that what is
    half written is removed (engine/writing.py). Only the main thread can take signals."""
    wanted = [signal.SIGTERM] + ([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])
    try:
        previous = {signum: signal.signal(signum, _terminate) for signum in wanted}
    except ValueError:  # not the main thread
        previous = {}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
