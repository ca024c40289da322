"""Benchmarks (make bench) and what they share."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT


def compile_engine() -> None:
    """Compile the engine's bytecode, as an installed copy has it (pip writes it at install,
    the packaged app carries it; `make run` and `make test` do it for the checkout): the
    command-line runs are timed as a user's are. This machine's environment (PYTHONDONTWRITEBYTECODE) would
    otherwise have every run compile the engine anew (about 0.03 s)."""
    import compileall

    compileall.compile_dir(str(ROOT / "engine"), quiet=1)


#: Runs the command given after it in a child and prints the child's peak memory (KiB) as
#: its last line on standard error.
_LAUNCHER = """import os, sys
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
print(usage.ru_maxrss, file=sys.stderr)
sys.exit(os.waitstatus_to_exitcode(status))
"""


def peak_mb(command: list[str | Path]) -> float:
    """The peak memory of one run of `command` (MB), its helper processes included. Started
    through a small fresh Python: Linux keeps a process's high-water mark across exec, so a
    child of this (large) test process would report at least the test process's own peak."""
    done = subprocess.run([sys.executable, "-c", _LAUNCHER, *map(str, command)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)  # fmt: skip
    return int(done.stderr.split()[-1]) / 1024
