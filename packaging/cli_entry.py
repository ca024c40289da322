"""Entry point of the packaged command line (PyInstaller)."""

from engine.__main__ import entry

if __name__ == "__main__":
    entry()
