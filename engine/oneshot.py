"""Settings for a process that lives for one command-line run (engine/cli.py's entry),
which would not suit a long-lived one (the app's)."""

from __future__ import annotations

import gc
import sys

#: glibc's mallopt parameters (malloc.h) and the largest mapping threshold it accepts.
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3
MOST_MMAP_THRESHOLD = 32 << 20

_settled = False  # this process lives for one run (settle was called)
_kept = False  # freed memory is kept (keep_freed_memory applied)


def settle() -> None:
    """This process lives for one run: the cyclic garbage collector off for good (nothing a
    run makes needs it; the methods pause it while they run) and freed memory kept once the
    run starts (keep_freed_memory)."""
    global _settled
    gc.disable()
    _settled = True


def keep_freed_memory() -> bool:
    """In a one-run process (settle) whose run has loaded ctypes (numpy does; loading it
    for this alone would cost 2 ms), have glibc's allocator keep the memory the process
    frees: no trimming, no mapping of its own below 32 MB. A run's large temporary arrays
    then reuse the pages of those before them instead of faulting new ones in (2-3 µs a
    page here; the 43,000-page poetry run faults 2,900 fewer: 9 ms). Whether it is applied:
    never in the app, nor where the C library has no mallopt (macOS, Windows)."""
    global _kept
    if _kept or not _settled or "ctypes" not in sys.modules:
        return _kept
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (AttributeError, OSError, TypeError):
        return False
    _kept = bool(mallopt(M_TRIM_THRESHOLD, 1 << 30)) and bool(mallopt(M_MMAP_THRESHOLD, MOST_MMAP_THRESHOLD))
    return _kept
