"""`spanstudio-gui --selfcheck`: proof that an installed (or packaged) app works: the
main window evaluates the bundled example off the UI thread, the scores are shown, and
the review workbook is written. Prints one line per step; exit status 0 when all passed."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from engine import __version__
from engine.export.xlsx import write_workbook

from .main_window import MainWindow
from .resources import example_inputs

TIMEOUT = 120.0


def _wait(app: QApplication, done, timeout: float = TIMEOUT) -> bool:
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            return False
        app.processEvents()
        time.sleep(0.01)
    return True


def run_selfcheck(app: QApplication, fonts: list[str] | None = None) -> int:
    print(f"Span Studio {__version__} self-check")
    print(f"bundled fonts: {', '.join(fonts) if fonts else 'none'}")
    with tempfile.TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings)
        window.show()
        method, gold, system = example_inputs()
        print(f"example: {gold}")
        window.evaluate(method, gold, system)
        if not _wait(app, lambda: window.report is not None and not window.busy):
            print("FAILED: the example was not evaluated in time", file=sys.stderr)
            return 1
        report = window.report
        assert report is not None
        headline = report.headline
        print(f"evaluated: {report.title}; {headline.title}:")
        for row in headline.rows:
            print("  " + "\t".join(f"{v:.4f}" if isinstance(v, float) else str(v) for v in row))
        print(f"errors: {len(report.error_rows)}")
        book = Path(folder) / "selfcheck.xlsx"
        write_workbook(report, str(book))
        print(f"workbook: {book.stat().st_size} bytes")
        window.close()
    if not report.error_rows or not headline.rows:
        print("FAILED: the example gave no scores or no errors", file=sys.stderr)
        return 1
    print("selfcheck ok")
    return 0
