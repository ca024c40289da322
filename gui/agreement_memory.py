"""What the Agreement window keeps between starts, as the main window keeps its files: the
annotators listed (an export's one row per annotator), those removed, whether a Label
Studio export's predictions are annotators, the Reading options; and the folders its file
dialogs start in."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QTimer

from .agreement_reading import SETTLE_MS

if TYPE_CHECKING:
    from .agreement_window import AgreementWindow
    from .settings import AppSettings

KEY = "agreement"


def start_folder(settings: AppSettings | None, kind: str) -> str:
    """Where a file dialog starts: the folder last used for `kind`, else the home folder."""
    folder = settings.folder(kind) if settings is not None else ""
    return folder or str(Path.home())


def note_folder(settings: AppSettings | None, kind: str, path: str) -> None:
    """Remember the folder of a chosen file (a chosen folder's own parent) for `kind`."""
    if settings is not None and path:
        settings.set_folder(kind, str(Path(path).parent))


def rows_of(value: Any) -> list[tuple[str, str | None]]:
    """The (input, annotator) rows of a kept list; what is not one left out."""
    if not isinstance(value, list):
        return []
    rows = [row for row in value if isinstance(row, list) and len(row) == 2 and isinstance(row[0], str)]
    return [(path, annotator if isinstance(annotator, str) else None) for path, annotator in rows]


def kept_rows(settings: AppSettings | None) -> list[tuple[str, str | None]]:
    """The (input, annotator) rows listed at the last change."""
    return rows_of(settings.mapping(KEY).get("rows")) if settings is not None else []


def restore(window: AgreementWindow, settings: AppSettings) -> None:
    """List the annotators kept at the last change (nothing is read until Measure)."""
    memory = settings.mapping(KEY)
    window.predictions.blockSignals(True)  # checked as kept, without listing anything again
    window.predictions.setChecked(memory.get("predictions") is True)
    window.predictions.blockSignals(False)
    window.removed = set(rows_of(memory.get("removed")))
    window.reading.set_plain(_reading(memory))
    for path, annotator in kept_rows(settings):
        window.add_row(path, annotator)
    window.list_changed()  # the line says what to do with the rows restored


def _reading(memory: dict[str, Any]) -> dict[str, Any]:
    """The kept Reading options; a token column of 0 kept without "token_column_unset" was no
    choice (the window could not leave it unset then), so it is left unset: FORM where a
    CoNLL-U Plus file names it."""
    reading = memory.get("reading")
    if not isinstance(reading, dict):
        return {}
    if memory.get("token_column_unset") is not True and reading.get("token_column") == 0:
        return {name: value for name, value in reading.items() if name != "token_column"}
    return reading


def keep(window: AgreementWindow, settings: AppSettings) -> None:
    """Remember the annotators listed now."""
    settings.set_value(KEY, {"rows": [list(row) for row in window.rows()],
                             "removed": [list(row) for row in sorted(window.removed, key=str)],
                             "predictions": window.predictions.isChecked(),
                             "reading": window.reading.plain(), "token_column_unset": True})  # fmt: skip


def remember(window: AgreementWindow, settings: AppSettings) -> QTimer:
    """Restore the kept list, and keep it after each change from now on (at the next turn of
    the event loop; a Reading option once it rests, SETTLE_MS: the whole list written once,
    not at each step of a number): the timer of what waits to be kept, which the window's
    keep_pending keeps at once (as it closes, or as the app quits)."""
    restore(window, settings)
    later = QTimer(window)  # kept once the rows of one change are in: 500 files added, kept once
    later.setSingleShot(True)
    later.timeout.connect(lambda: keep(window, settings))
    model = window.paths.model()
    for changed in (model.rowsInserted, model.rowsRemoved):
        changed.connect(lambda *_: later.start(0))
    window.predictions.toggled.connect(lambda _: keep(window, settings))
    window.reading.changed.connect(lambda: later.start(SETTLE_MS))
    app = QCoreApplication.instance()
    if app is not None:
        app.aboutToQuit.connect(window.keep_pending)
    return later


def keep_now(later: QTimer) -> None:
    """Keep at once what waits on `later` (remember's)."""
    if later.isActive():
        later.stop()
        later.timeout.emit()
