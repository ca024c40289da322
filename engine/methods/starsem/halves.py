"""Both cores for a large input: a forked child runs the steps over the second half of the
sentences while this process runs them over the first; the child's counts are merged
after this process's own, so the result is that of one pass in file order.

Used on Linux (fork) for plain command-line runs of large inputs; everywhere else, and
whenever the child does not deliver, the steps simply run over the whole input here. The
child is only an accelerator: when it fails for any reason (bad input included) this
process runs its half itself, so every error is raised here, the first in file order.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any

from ...errors import InputError
from ...progress import NO_PROGRESS, Progress

#: Below this many sentences a second process does not pay for itself.
MIN_UNITS = 4000

Step = Callable[[int, int | None, Progress], None]  # (start, stop, progress): one pass over a range


def can_fork() -> bool:
    """Fork is safe and useful: Linux, a second core, no other thread in this process."""
    return (
        sys.platform.startswith("linux")
        and hasattr(os, "fork")
        and threading.active_count() == 1
        and len(os.sched_getaffinity(0)) > 1
    )


def run(steps: Sequence[Step], units: int, progress: Progress, state: Callable[[], Any],
        merge: Callable[[Any], None]) -> None:  # fmt: skip
    """Run `steps` in order over the units [0, units): this process runs them over the
    first half while a forked child runs them over the second; `state()` is what the
    child sends back and `merge(state)` adds it here. Errors are those of one pass over
    all units: the first half's first, but a step of the second half that comes earlier
    in `steps` fails before it."""
    mid = units // 2  # (with 3 units or more, the last two are in the second half together)
    child = Child.start(steps, mid, units, state) if units >= max(MIN_UNITS, 3) and can_fork() else None
    if child is None:
        for step in steps:
            step(0, None, progress)
        return
    failed: tuple[int, InputError] | None = None
    try:
        for index, step in enumerate(steps):
            try:
                step(0, mid, progress)
            except InputError as err:
                failed = (index, err)
                break
        outcome = child.result(progress)
    except BaseException:
        child.stop()
        raise
    if failed is not None:
        index, err = failed
        if outcome is None:  # the child failed: an earlier step may fail in its half
            for step in steps[:index]:
                step(mid, units, NO_PROGRESS)
        raise err
    if outcome is None:
        for step in steps:
            step(mid, units, progress)
    else:
        merge(outcome)


class Child:
    """A forked process running the steps over [start, stop) and sending `state()` back
    through a pipe (pickled); None as its result when it did not finish cleanly."""

    def __init__(self, pid: int, fd: int) -> None:
        self.pid = pid
        self.fd = fd

    @classmethod
    def start(cls, steps: Sequence[Step], start: int, stop: int, state: Callable[[], Any]) -> Child | None:
        import pickle  # noqa: F401 - loaded here, for the child

        try:
            read_fd, write_fd = os.pipe()
            pid = os.fork()
        except OSError:
            return None
        if pid == 0:  # the child: never returns
            os.close(read_fd)
            _child_main(steps, start, stop, state, write_fd)
        os.close(write_fd)
        return cls(pid, read_fd)

    def result(self, progress: Progress) -> Any | None:
        """The child's state once it is done (cancellation is checked while waiting)."""
        import pickle
        import select

        chunks = []
        while True:
            ready, _, _ = select.select([self.fd], [], [], 0.1)
            if not ready:
                progress.check()
                continue
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
        os.close(self.fd)
        _, status = os.waitpid(self.pid, 0)
        if status != 0 or not chunks:
            return None
        return pickle.loads(b"".join(chunks))

    def stop(self) -> None:
        """End the child (this process was cancelled or failed) and reap it."""
        import signal

        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def _child_main(steps: Sequence[Step], start: int, stop: int, state: Callable[[], Any], fd: int) -> None:
    """In the child: run the steps, write the pickled state, exit without cleaning up
    anything the parent owns; exit status 1 on any failure."""
    status = 1
    try:
        import pickle

        for step in steps:
            step(start, stop, NO_PROGRESS)
        data = pickle.dumps(state(), protocol=pickle.HIGHEST_PROTOCOL)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        status = 0
    except BaseException:  # noqa: BLE001 - the parent runs this half itself
        pass
    finally:
        os._exit(status)
