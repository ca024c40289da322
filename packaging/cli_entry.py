"""Entry point of the packaged command line (PyInstaller)."""

from engine.cli import entry

if __name__ == "__main__":
    entry()
