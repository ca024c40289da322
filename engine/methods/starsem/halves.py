"""Both cores for a large input: a forked child reads and scores the second half of the
files while this process does the first; the child's counts are added to this
process's, so the result is that of one pass in file order.

Used on Linux (fork) for plain command-line runs of large inputs; everywhere else the
work runs here over the whole input. The child is only an accelerator: when it fails
for any reason (bad input included) this process does its half itself, so every error
is raised here, the first in file order.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from typing import Any, Protocol

from ...errors import InputError
from ...progress import NO_PROGRESS, Progress

#: Below this many bytes of GOLD a second process does not pay for itself.
MIN_BYTES = 1 << 21


class WholeFile(Exception):
    """A half cannot be read on its own (the files must be read as a whole)."""


class Work(Protocol):
    """What one process does over its part of the input."""

    #: One pass each, in the order the original makes them over the whole input.
    steps: list[Callable[[Progress], None]]

    def state(self) -> Any:
        """What the child sends back (pickled)."""

    def merge(self, state: Any) -> None:
        """Add the state of the second half to this first half."""


def run(make: Callable[[int], Work], progress: Progress) -> Work:
    """The work of the first half (`make(0)`), done here, with that of the second half
    (`make(1)`, done in a child) merged into it. Errors are those of one pass over the
    whole input: the first half's first, but a step of the second half that comes
    earlier in `steps` fails before it. Raises WholeFile when a half cannot be read on
    its own or no child could be started: then the input is read whole."""
    child = Child.start(make)
    if child is None:
        raise WholeFile("no second process")
    failed: tuple[int, Exception] | None = None
    try:
        first = make(0)
        for index, step in enumerate(first.steps):
            try:
                step(progress)
            except (InputError, WholeFile) as err:
                failed = (index, err)
                break
        outcome = child.result(progress)
    except BaseException:
        child.stop()
        raise
    if failed is not None:
        index, err = failed
        if outcome is None:  # the child failed: an earlier step may fail in its half
            for step in make(1).steps[:index]:
                step(NO_PROGRESS)
        raise err
    if outcome is None:
        second = make(1)
        for step in second.steps:
            step(progress)
        outcome = second.state()
    first.merge(outcome)
    return first


class Child:
    """A forked process doing the second half's work and sending its state back through
    a pipe (pickled); None as its result when it did not finish cleanly."""

    def __init__(self, pid: int, fd: int) -> None:
        self.pid = pid
        self.fd = fd

    @classmethod
    def start(cls, make: Callable[[int], Work]) -> Child | None:
        try:
            read_fd, write_fd = os.pipe()
            pid = os.fork()
        except OSError:
            return None
        if pid == 0:  # the child: never returns
            os.close(read_fd)
            _child_main(make, write_fd)
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


def _child_main(make: Callable[[int], Work], fd: int) -> None:
    """In the child: do the second half, write the pickled state, exit without cleaning
    up anything the parent owns; exit status 1 on any failure."""
    status = 1
    try:
        import pickle

        work = make(1)
        for step in work.steps:
            step(NO_PROGRESS)
        data = pickle.dumps(work.state(), protocol=pickle.HIGHEST_PROTOCOL)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        status = 0
    except BaseException:  # noqa: BLE001 - the parent does this half itself
        pass
    finally:
        os._exit(status)
