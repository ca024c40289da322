"""What says whether an input changed since it was read: a file's size, modification and
change times and inode (a file copied over it with `cp -p` keeps size and modification
time); a folder's, every file's under it (an unzipped export edited inside: the folder's
own times do not change). The Agreement window's listing and Layer/Feature look, and Make
Gold's format, keep what they read with it."""

from __future__ import annotations

import os
from typing import Any

#: A file's stamp, or a folder's (each file's under it, with its folder and name).
Stamp = tuple[Any, ...]


def stamp(path: str) -> Stamp | None:
    """The stamp of a file or folder now; None where it cannot be looked at."""
    try:
        if not os.path.isdir(path):
            return file_stamp(os.stat(path))
        every = [(folder, name, *file_stamp(os.stat(os.path.join(folder, name))))
                 for folder, _, names in os.walk(path) for name in names]  # fmt: skip
        return tuple(sorted(every))
    except (OSError, ValueError):  # not there, not readable, a name with a NUL
        return None


def file_stamp(status: os.stat_result) -> tuple[int, int, int, int]:
    """A file's stamp from its status (os.stat's)."""
    return status.st_size, status.st_mtime_ns, status.st_ctime_ns, status.st_ino
