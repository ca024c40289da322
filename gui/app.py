"""`spanstudio-gui`: start the desktop app."""

from __future__ import annotations

import argparse
import logging
import logging.handlers
import sys
import traceback
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QStandardPaths
from PySide6.QtGui import QFontDatabase, QIcon
from PySide6.QtWidgets import QApplication, QWidget

from engine import __version__

from . import dialogs
from .main_window import MainWindow
from .resources import app_icon_files, font_files
from .worker import crash_summary

log = logging.getLogger("spanstudio.gui")


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="spanstudio-gui", description="Span Studio desktop app.")
    parser.add_argument(
        "files", nargs="*", metavar="FILE", help="Files to open: the first is gold, the second system."
    )
    parser.add_argument("--example", action="store_true", help="Open on the bundled example and evaluate it.")
    parser.add_argument("--version", action="version", version=f"Span Studio {__version__}")
    parser.add_argument(
        "--selfcheck",
        action="store_true",
        help="Evaluate the bundled example in the main window, write its workbook to a temporary "
        "folder, print what was found and exit (0 when everything worked).",
    )
    return parser.parse_args(argv)


def log_file() -> Path:
    """Where the app logs: the user's app data folder (spanstudio.log)."""
    folder = Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppLocalDataLocation))
    return folder / "spanstudio.log"


def setup_logging() -> None:
    path = log_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=1_000_000, backupCount=2, encoding="utf-8"
        )
    except OSError:
        handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)


def crash_hook(parent: QWidget | None):
    """A sys.excepthook for the UI thread: log the error, show it with details to copy,
    keep the app running."""

    def hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):  # Ctrl+C in the terminal: as closing the window
            if parent is not None:
                parent.close()  # running work is cancelled first (MainWindow.closeEvent)
            else:
                QApplication.quit()
            return
        details = "".join(traceback.format_exception(kind, error, tb))
        log.error("unexpected error\n%s", details)
        dialogs.show_crash(parent, crash_summary(error), details)

    return hook


def app_icon() -> QIcon:
    icon = QIcon()
    for path in app_icon_files():
        icon.addFile(str(path))
    return icon


def register_fonts() -> list[str]:
    """Make the bundled fonts (the packaged app's emoji font) known to Qt; their families."""
    families: list[str] = []
    for path in font_files():
        font_id = QFontDatabase.addApplicationFont(str(path))
        if font_id < 0:
            log.warning("could not load the font %s", path)
            continue
        families += QFontDatabase.applicationFontFamilies(font_id)
    return families


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Span Studio")
    app.setOrganizationName("Span Studio")
    app.setApplicationVersion(__version__)
    setup_logging()
    app.setWindowIcon(app_icon())
    fonts = register_fonts()
    if args.selfcheck:
        from .selfcheck import run_selfcheck

        return run_selfcheck(app, fonts)
    window = MainWindow()
    sys.excepthook = crash_hook(window)
    window.show()
    if args.files:
        window.drop_paths(args.files)
    if args.example:
        window.load_example()
        window.evaluate()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
