"""The second core: a forked child process computes a value while this process goes on.

Only inside `forking()` (the command line's runs: a process that does nothing else), on
Linux (fork is missing on Windows and unsafe with the system libraries on macOS), with more
than one core and no other thread; elsewhere (the app, scripts), and whenever the child
fails, the value is computed in this process when it is wanted, so the result never
depends on where it was made. The child never reports progress (the caller does, for its
own share) and is killed when the caller stops early (an error, a cancelled run). A child
that has sent its value is not waited for: it is reaped once it has ended.
"""

from __future__ import annotations

import contextlib
import os
import sys
import warnings
from collections.abc import Callable, Iterator
from typing import Generic, NoReturn, TypeVar

from . import prefetch
from .progress import NO_PROGRESS, Progress

T = TypeVar("T")

_allowed = False  # see forking()
_SIZE = 8  # bytes of the length that precedes a child's value in the pipe
_exited: list[int] = []  # children whose value was collected, until their exit is reaped


def reap_later(pid: int) -> None:
    """A child that has sent all it had and is ending: reaped when it has ended (not
    waited for now: the system frees its memory meanwhile)."""
    _exited.append(pid)
    reap_exited()


def end_child(pid: int) -> None:
    """Kill a child that may still run and reap it, with every other that has ended: a run
    that stops early leaves none behind."""
    import signal

    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    reap_exited(wait=True)


def reap_exited(wait: bool = False) -> None:
    """Reap the children that have ended (with `wait`, all of them, waiting as needed)."""
    for pid in list(_exited):
        try:
            done, _ = os.waitpid(pid, 0 if wait else os.WNOHANG)
        except ChildProcessError:
            done = pid
        if done:
            _exited.remove(pid)


def _complete(received: bytes | bytearray) -> bool:
    """Whether a child's value has arrived whole: its length, then that many bytes."""
    return len(received) >= _SIZE and len(received) >= _SIZE + int.from_bytes(received[:_SIZE], "little")


@contextlib.contextmanager
def forking() -> Iterator[None]:
    """Within, runs may fork (the command line's main). The app's evaluations run in a Qt
    thread that Python's threading does not count, and scripts may have threads of their
    own: outside, everything stays in this process."""
    global _allowed
    saved, _allowed = _allowed, True
    try:
        yield
    finally:
        _allowed = saved


def fork_possible() -> bool:
    """Fork is at hand and useful: Linux, a second core, no other Python thread."""
    threading = sys.modules.get("threading")  # not imported: no other thread
    return (
        sys.platform.startswith("linux")
        and hasattr(os, "fork")
        and (threading is None or threading.active_count() == 1)
        and len(os.sched_getaffinity(0)) > 1
    )


def can_fork() -> bool:
    """Fork is allowed (forking()), at hand and useful. (The files still read ahead then,
    which were no inputs, are waited for and dropped first: prefetch.settle.)"""
    if not _allowed:
        return False
    prefetch.settle()
    return fork_possible()


class Beside(Generic[T]):
    """`work()` started in a forked child (when `start`); `result()` waits for it."""

    def __init__(self, work: Callable[[], T], start: bool = True) -> None:
        self.work = work
        self.pid: int | None = None
        self.pipe: int | None = None
        if start and can_fork():
            self._fork()

    def _fork(self) -> None:
        reap_exited()
        read_end, write_end = os.pipe()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)  # Python 3.12+ on a process with threads
                pid = os.fork()
        except OSError:  # no memory or processes left: the work is done here
            os.close(read_end)
            os.close(write_end)
            return
        if pid == 0:
            os.close(read_end)
            self._child(write_end)
        os.close(write_end)
        self.pid, self.pipe = pid, read_end

    def _child(self, pipe: int) -> NoReturn:
        status = 1
        try:
            import pickle  # here and in collect(): a run that never forks does not load it

            value = pickle.dumps(self.work(), pickle.HIGHEST_PROTOCOL)
            data = memoryview(len(value).to_bytes(_SIZE, "little") + value)
            while data:
                data = data[os.write(pipe, data) :]
            status = 0
        finally:
            os._exit(status)  # no clean-up of the parent's state (open files, atexit)

    @property
    def started(self) -> bool:
        """A child is working (or done, its value not yet collected)."""
        return self.pid is not None

    def result(self) -> T:
        """The child's value, or `work()` done here (no child, or it failed)."""
        collected = self.collect()
        return collected[0] if collected is not None else self.work()

    def collect(self, progress: Progress = NO_PROGRESS) -> tuple[T] | None:
        """The child's value (in a 1-tuple), or None when there is no child or it failed.
        While waiting, `progress` is checked for cancellation (Cancelled: the caller
        cancels the child). The value is taken as soon as all of it has arrived: the
        child's exit (the system freeing its memory) is not waited for."""
        if self.pid is None or self.pipe is None:
            return None
        import pickle  # now, while the child may still work: loading it takes milliseconds

        received = bytearray()
        while not _complete(received):
            chunk = self._read(progress)
            if not chunk:  # the child ended without sending all of its value: it failed
                break
            received += chunk
        os.close(self.pipe)
        self.pipe = None
        pid, self.pid = self.pid, None
        if not _complete(received):
            end_child(pid)
            return None
        reap_later(pid)
        return (pickle.loads(memoryview(received)[_SIZE:]),)

    def _read(self, progress: Progress) -> bytes:
        """The next piece of the child's pickled value (b"" at its end)."""
        import select

        assert self.pipe is not None
        while not select.select([self.pipe], [], [], 0.1)[0]:
            progress.check()
        return os.read(self.pipe, 1 << 16)

    def cancel(self) -> None:
        """Stop the child if it still runs (safe to call after `result`)."""
        if self.pid is not None:
            end_child(self.pid)
            self.pid = None
        if self.pipe is not None:
            os.close(self.pipe)
            self.pipe = None
