"""`python -m engine`: the command line (engine/cli.py), as the `spanstudio` script runs it."""

from .cli import entry

if __name__ == "__main__":
    entry()
