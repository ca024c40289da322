"""`python -m engine` and the `spanstudio` command: the command line (engine/cli.py), with
the input files read ahead while its modules load (engine/prefetch.py)."""

from __future__ import annotations

import gc
import sys

from .prefetch import read_ahead


def entry() -> None:
    gc.disable()  # as engine.cli.entry keeps it, from the start: the imports need no collection
    read_ahead(sys.argv[1:])
    from .cli import entry as run

    run()


if __name__ == "__main__":
    entry()
