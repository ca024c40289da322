"""The Layer and Feature drop-downs of the Agreement window's Reading options, filled from the
annotators listed as the main window's are from its inputs: each file (WebAnno TSV, XMI, an
INCEpTION export, …) is looked at as the setup panel looks (gui/file_contents.py), on the
main window's look queue (off the UI thread), and once while it is unchanged; the drop-downs
offer every file's span layers, and the features of the layer chosen."""

from __future__ import annotations

import os
from collections.abc import Iterable
from functools import partial

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QListWidget
from shiboken6 import isValid

from engine.formats.reader_options import ReadOptions

from .file_contents import Contents, read_contents
from .look_queue import Asked, LookQueue
from .options_panel import OptionsPanel

#: A look at one file: its path, size and time of change, and the type system it is read with
#: (an XMI file's; the only Reading option the layers and features depend on).
Stamp = tuple[str, int, int, str | None]


def stamp(path: str, typesystem: str | None) -> Stamp | None:
    """What a look at the file depends on (None: it cannot be opened, nothing to offer)."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return path, found.st_size, found.st_mtime_ns, typesystem


def look_job(key: Stamp) -> Contents:
    """What the worker runs: the file's layers, features and labels."""
    return read_contents(key[0], ReadOptions(typesystem=key[3]))


class FileChoices(QObject):
    """Fills the panel's Layer and Feature drop-downs from the files of the list's rows
    (each row's data: its input and annotator); without a look queue, offers nothing."""

    def __init__(self, panel: OptionsPanel, rows: QListWidget, looks: LookQueue | None) -> None:
        super().__init__(panel)
        self.panel, self.rows, self.looks = panel, rows, looks
        self.contents: dict[Stamp, Contents] = {}  # the files looked at (a file listed: as it is now)
        self.wanted: dict[str, Stamp] = {}  # each file listed, as it is now
        self._later = QTimer(self)  # the rows added or removed at once: one pass over them
        self._later.setSingleShot(True)
        self._later.timeout.connect(self.look)
        model = rows.model()
        for changed in (model.rowsInserted, model.rowsRemoved, model.modelReset):
            changed.connect(self._later.start)

    def paths(self) -> list[str]:
        """The inputs listed, each once (an export's rows are one file)."""
        rows = (self.rows.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.rows.count()))
        return list(dict.fromkeys(row[0] for row in rows if row))

    def look(self) -> None:
        """Ask for a look at each file listed not yet looked at as it is now; offer what is known."""
        typesystem = self.panel.values().get("typesystem")
        self.wanted = {}
        for path in self.paths():
            key = stamp(path, typesystem)
            if key is None:
                continue
            self.wanted[path] = key
            if key not in self.contents and self.looks is not None:
                self._ask(self.looks, key)
        self.contents = {key: found for key, found in self.contents.items()
                         if self.wanted.get(key[0], key) == key}  # fmt: skip
        self.fill()

    def _ask(self, looks: LookQueue, key: Stamp) -> None:
        def wanted() -> bool:
            return isValid(self) and self.wanted.get(key[0]) == key  # still listed, unchanged

        title = f"Reading {os.path.basename(key[0]) or key[0]}"
        asked = Asked(("agreement contents", key), title, lambda _progress: look_job(key), wanted)
        looks.ask(asked, partial(self._looked, key))

    def _looked(self, key: Stamp, contents: Contents) -> None:
        if isValid(self):  # the window is still there
            self.contents[key] = contents
            self.fill()

    def fill(self) -> None:
        """The layers of the files listed, and the features of the layer chosen (or of their
        default layer), each once in the order found."""
        found = [self.contents[key] for key in self.wanted.values() if key in self.contents]
        layer = self.panel.values().get("layer")
        self.panel.suggest("layer", _once(contents.layers for contents in found))
        self.panel.suggest("feature", _once(contents.features(layer) for contents in found))


def _once(lists: Iterable[list[str]]) -> list[str]:
    return list(dict.fromkeys(item for items in lists for item in items))
