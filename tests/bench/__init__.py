"""Benchmarks (make bench) and what they share."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def bytecode_cached(folder: Path) -> dict[str, str]:
    """An environment in which every module the CLI imports has its bytecode cached (in
    `folder`), as in an installed app; this machine's environment may forbid writing it
    (PYTHONDONTWRITEBYTECODE), so that each run compiles the engine anew."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(folder)
    return env


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
