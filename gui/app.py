"""`spanstudio-gui`: start the desktop app."""

from __future__ import annotations

import argparse
import sys

from PySide6.QtWidgets import QApplication

from .main_window import MainWindow
from .resources import example_inputs


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="spanstudio-gui", description="Span Studio desktop app.")
    parser.add_argument("--example", action="store_true", help="Open on the bundled example and evaluate it.")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Span Studio")
    app.setOrganizationName("Span Studio")
    window = MainWindow()
    window.show()
    if args.example:
        window.evaluate(*example_inputs())
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
