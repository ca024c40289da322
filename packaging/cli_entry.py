"""Entry point of the packaged command line (PyInstaller)."""

import sys

from engine.cli import main

if __name__ == "__main__":
    sys.exit(main())
