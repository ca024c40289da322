"""Benchmarks (make bench) and what they share."""

from __future__ import annotations

import os
from pathlib import Path


def bytecode_cached(folder: Path) -> dict[str, str]:
    """An environment in which every module the CLI imports has its bytecode cached (in
    `folder`), as in an installed app; this machine's environment may forbid writing it
    (PYTHONDONTWRITEBYTECODE), so that each run compiles the engine anew."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(folder)
    return env
