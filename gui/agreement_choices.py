"""The Layer and Feature drop-downs of the Agreement window's Reading options, filled from the
annotators listed as the main window's are from its inputs: each file (WebAnno TSV, XMI, an
INCEpTION export, …) is looked at as the setup panel looks (gui/file_contents.py), once while
it is unchanged (its stamp, gui/stamps.py: a folder's is every file's under it). All of it
runs on the main window's look queue, off the UI thread: the listed inputs' stamps, taken
again at each change of the list or of the Reading options (edits once they rest; one
waiting as the window closes is dropped), then a look at each input whose stamp, type system
or Format set is new. The drop-downs offer every file's span layers, and the features of the
layer chosen."""

from __future__ import annotations

import os
from collections.abc import Iterable
from functools import partial

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QListWidget
from shiboken6 import isValid

from engine.formats.reader_options import ReadOptions

from .file_contents import Contents, read_contents
from .inputs import look_at
from .look_queue import Asked, LookQueue
from .options_panel import OptionsPanel
from .stamps import Stamp, stamp

#: A look at one input: its path, its stamp, the type system it is read with (an XMI file's)
#: and the format chosen (--format's name; None: recognised), the Reading options the layers
#: and features depend on.
Key = tuple[str, Stamp, str | None, str | None]


def look_job(key: Key) -> Contents:
    """What the worker runs: the file's layers, features and labels, from a first look at it
    (look_at, as the setup panel's: its head read once, its format and a zip no span reader
    reads told from it)."""
    return read_contents(key[0], ReadOptions(typesystem=key[2]), key[3], look_at(key[0]))


def stamps_job(paths: list[str]) -> list[tuple[str, Stamp | None]]:
    """What the worker runs first: each input's stamp now."""
    return [(path, stamp(path)) for path in paths]


class FileChoices(QObject):
    """Fills the panel's Layer and Feature drop-downs from the files of the list's rows
    (each row's data: its input and annotator); without a look queue, offers nothing."""

    def __init__(self, panel: OptionsPanel, rows: QListWidget, looks: LookQueue | None) -> None:
        super().__init__(panel)
        self.panel, self.rows, self.looks = panel, rows, looks
        self.contents: dict[Key, Contents] = {}  # the files looked at (a file listed: as it is now)
        self.wanted: dict[str, Key] = {}  # each file listed, as it was last stamped
        self._checks = 0  # the stamps asked for last: an earlier ask's are out of date
        self._later = QTimer(self)  # one look: at the rows added or removed at once, at option edits rested
        self._later.setSingleShot(True)
        self._later.timeout.connect(self.look)
        model = rows.model()
        for changed in (model.rowsInserted, model.rowsRemoved, model.modelReset):
            changed.connect(lambda *_: self._later.start(0))

    def paths(self) -> list[str]:
        """The inputs listed, each once (an export's rows are one file)."""
        rows = (self.rows.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.rows.count()))
        return list(dict.fromkeys(row[0] for row in rows if row))

    def look_soon(self, rest_ms: int) -> None:
        """Offer what is known of the files at once (the features of a layer just chosen), and
        look at them once the options have rested `rest_ms` (a spin box's arrow held steps it
        ten times a second: one look, not one walk over every listed folder at each step)."""
        self.fill()
        self._later.start(rest_ms)

    def stop(self) -> None:
        """Look no more for now (the window closed: it is hidden); the next change looks."""
        self._later.stop()

    def look(self) -> None:
        """Offer what is known of the files listed; ask for their stamps (on the look queue),
        then for a look at each one not yet looked at as it is now (_stamped)."""
        paths = self.paths()
        self.wanted = {path: key for path, key in self.wanted.items() if path in paths}
        self.fill()
        self._checks += 1  # a check asked before is out of date
        if self.looks is None or not paths:
            return
        check = self._checks

        def wanted() -> bool:
            return isValid(self) and self._checks == check  # no later check asked for

        asked = Asked(("agreement stamps", check), "Looking at the annotators' files",
                      lambda _progress: stamps_job(paths), wanted)  # fmt: skip
        # Where taking the stamps crashes (a bug), the window shows it; nothing is looked at
        # until the list or the options change again.
        self.looks.ask(asked, partial(self._stamped, self.looks, check), show_crash=True)

    def _stamped(self, looks: LookQueue, check: int, stamps: list[tuple[str, Stamp | None]]) -> None:
        """The stamps of the files listed: a look at each one whose stamp is new."""
        if not isValid(self) or check != self._checks:
            return  # the window is gone, or the list or options changed since: a later check comes
        values = self.panel.values()
        self.wanted = {path: (path, now, values.get("typesystem"), values.get("format"))
                       for path, now in stamps if now is not None}  # fmt: skip
        for key in self.wanted.values():
            if key not in self.contents:
                self._ask(looks, key)
        self.contents = {key: found for key, found in self.contents.items()
                         if self.wanted.get(key[0], key) == key}  # fmt: skip
        self.fill()

    def _ask(self, looks: LookQueue, key: Key) -> None:
        def wanted() -> bool:
            return isValid(self) and self.wanted.get(key[0]) == key  # still listed, unchanged

        title = f"Reading {os.path.basename(key[0]) or key[0]}"
        asked = Asked(("agreement contents", key), title, lambda _progress: look_job(key), wanted)
        looks.ask(asked, partial(self._looked, key), partial(self._crashed, key))

    def _looked(self, key: Key, contents: Contents) -> None:
        if isValid(self):  # the window is still there
            self.contents[key] = contents
            self.fill()

    def _crashed(self, key: Key, _summary: str, _details: str) -> None:
        """A look that crashed (a bug; the main window shows it, LookQueue.crashed) has ended:
        the file offers nothing, and is looked at again once it changes."""
        self._looked(key, Contents(key[0]))

    def fill(self) -> None:
        """The layers of the files listed, and the features of the layer chosen (or of their
        default layer), each once in the order found."""
        found = [self.contents[key] for key in self.wanted.values() if key in self.contents]
        layer = self.panel.values().get("layer")
        self.panel.suggest("layer", _once(contents.layers for contents in found))
        self.panel.suggest("feature", _once(contents.features(layer) for contents in found))


def _once(lists: Iterable[list[str]]) -> list[str]:
    return list(dict.fromkeys(item for items in lists for item in items))
