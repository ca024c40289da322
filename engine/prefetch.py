"""Input files read ahead: the `spanstudio` command (engine/__main__.py) starts reading the
large files named on its command line, with their sha256, on threads of their own while
Python loads the command line's modules (tens of milliseconds, on one core); the method
takes them when it reads its inputs. Only for the methods that read their inputs whole
(the others stream them, and a file read ahead for nothing would only fill the memory).
A file that has changed since it was read ahead is read again, so the bytes taken are
always the file's."""

from __future__ import annotations

import hashlib
import os
import stat
import threading
from itertools import pairwise

#: The commands whose method reads its input files whole, through read_input_bytes:
#: named here, as importing the methods would take the time the read-ahead saves
#: (tests/engine/test_prefetch.py runs every method on files read ahead and checks
#: that exactly these take them).
WHOLE_INPUT_COMMANDS = frozenset({"propara", "starsem"})
#: Smaller files are read when wanted: a thread would save less than it costs.
MIN_BYTES = 1 << 20
#: Options whose value is an output, never read.
OUTPUT_OPTIONS = frozenset({"--json", "--xlsx"})

Identity = tuple[int, int, int, int]  # device, inode, size, modification time (ns)


def _identity(status: os.stat_result) -> Identity:
    return status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns


class _Ahead:
    """One file being read, then digested, on a thread of its own (both let go of the GIL)."""

    def __init__(self, path: str, identity: Identity) -> None:
        self.path = path
        self.identity = identity
        self.data: bytes | None = None
        self.sha256 = ""
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            with open(self.path, "rb") as handle:
                if _identity(os.fstat(handle.fileno())) != self.identity:
                    return
                data = handle.read()
        except OSError:  # read when wanted, which says what is wrong
            return
        self.sha256 = hashlib.sha256(data).hexdigest()
        self.data = data


_ahead: dict[str, _Ahead] = {}
_taken: dict[str, tuple[bytes, str]] = {}  # by path: bytes given away, with their sha256


def read_ahead(args: list[str]) -> None:
    """Start reading the regular files of MIN_BYTES or more that `args` (a command line
    without the program) names, when its command reads its inputs whole."""
    if not args or args[0] not in WHOLE_INPUT_COMMANDS:
        return
    for previous, arg in pairwise(args):
        if previous in OUTPUT_OPTIONS or arg in _ahead:
            continue
        try:
            status = os.stat(arg)
        except (OSError, ValueError):
            continue
        if stat.S_ISREG(status.st_mode) and status.st_size >= MIN_BYTES:
            _ahead[arg] = _Ahead(arg, _identity(status))


def take(path: str) -> tuple[bytes, str] | None:
    """The bytes of the file at `path` and their sha256, when it was read ahead and has
    not changed since (once: the read-ahead copy is given away); else None."""
    ahead = _ahead.pop(path, None)
    if ahead is None:
        return None
    ahead.thread.join()
    try:
        unchanged = _identity(os.stat(path)) == ahead.identity
    except OSError:
        return None
    if not unchanged or ahead.data is None:
        return None
    _taken[path] = ahead.data, ahead.sha256
    return ahead.data, ahead.sha256


def sha256(path: str, data: bytes) -> str:
    """The sha256 of `data`, the bytes read from `path`: the digest taken with them when
    they are the bytes read ahead (no second pass over them), else computed now."""
    taken = _taken.pop(path, None)
    if taken is not None and taken[0] is data:
        return taken[1]
    return hashlib.sha256(data).hexdigest()


def settle() -> None:
    """Wait for the files still being read ahead and drop them: what the method has not
    taken by now was no input of it (an output that exists, a file it does not read), and
    no other thread may run when a process forks (engine/cores.py)."""
    for ahead in _ahead.values():
        ahead.thread.join()
    _ahead.clear()
