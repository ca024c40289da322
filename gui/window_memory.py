"""What the main window remembers between starts (method, options and the users picked from
an export's list, inputs and the Second system, geometry, the splitter's sizes), its Recent
menu and the bundled example: a part of MainWindow kept in a module of its own."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QMoveEvent, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QDockWidget, QLabel, QMenu, QSplitter

from engine.formats.suggest import short_title

from .geometry import fit_to_screen, frame_known, restore_or_fit
from .resources import example_inputs
from .setup_looks import UserPicks
from .style import plain_tip

#: The Setup panel's width on first start, which it takes back as the window grows.
SETUP_WIDTH = 340
#: What the first start says, at the bottom and in the line above the results (where the
#: general "Choose a method and the gold and system files" read as if nothing were chosen).
EXAMPLE_LOADED = "The bundled example is loaded: press Evaluate (Ctrl+R)."

if TYPE_CHECKING:
    from .settings import AppSettings
    from .setup_panel import SetupPanel


class WindowMemory:
    """Settings restored and saved, the Recent menu and the example of the main window
    (mixed into MainWindow)."""

    settings: AppSettings
    setup: SetupPanel
    splitter: QSplitter
    dock: QDockWidget
    recent_menu: QMenu
    summary: QLabel
    _shown: bool
    _fitted: bool
    _refit: bool
    example_said = False  # the status bar says that the bundled example is loaded (EXAMPLE_LOADED)
    example_above = False  # the line above the results says so (until it says anything else)
    statusBar: Callable[[], Any]  # noqa: N815
    saveGeometry: Callable[[], Any]  # noqa: N815
    saveState: Callable[[], Any]  # noqa: N815
    restoreState: Callable[[Any], Any]  # noqa: N815
    resizeDocks: Callable[..., Any]  # noqa: N815

    def _restore(self) -> None:
        settings = self.settings
        for name, panel in self.setup.panels.items():
            panel.set_plain(settings.options(name))
            self.setup.picks[name] = UserPicks.from_plain(settings.mapping(f"picks/{name}"))
        method = settings.method()
        if method:
            self.setup.set_method(method)
        if settings.first_start:
            method, gold, system = example_inputs()
            self.setup.set_method(method)
            self.setup.set_paths(gold, system)
            self.statusBar().showMessage(EXAMPLE_LOADED)
            self.example_said = True  # until another line replaces it, or other files are chosen
            self.statusBar().messageChanged.connect(self._example_unsaid)
            self.summary.setText(EXAMPLE_LOADED)
            self.example_above = True
        else:
            second = settings.second()  # read first: each box set keeps the inputs as they then stand
            self.setup.set_paths(*settings.inputs())
            self.setup.second.set_path(second)
        folder = settings.folder("inputs")
        for field in self.setup.fields.values():
            field.start_folder = folder
        self._refit = False  # set once shown, where the frame is not known yet
        self._fitted = not restore_or_fit(self, settings.layout("geometry"))  # type: ignore[arg-type]
        state = settings.layout("state")
        if state is not None:
            self.restoreState(state)

    def _example_unsaid(self) -> None:
        self.example_said = False

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        """The splitter's sizes are restored once the window has its size."""
        super().showEvent(event)  # type: ignore[misc]
        if not self._shown:
            self._shown = True
            if self._fitted:  # again, now that the frame's size is known
                fit_to_screen(self)  # type: ignore[arg-type]
                self._refit = not frame_known(self)  # type: ignore[arg-type]
            sizes = self.settings.sizes("results")
            if len(sizes) == self.splitter.count():
                self.splitter.setSizes(sizes)

    def moveEvent(self, event: QMoveEvent) -> None:  # noqa: N802
        """A window manager frames the window after it is shown, moving it: a window fitted
        to the screen is fitted again to the frame's real size (the status bar in view)."""
        super().moveEvent(event)  # type: ignore[misc]
        if self._refit and frame_known(self):  # type: ignore[arg-type]
            self._refit = False
            fit_to_screen(self)  # type: ignore[arg-type]

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        """A growing window gives the Setup panel back its width first, up to SETUP_WIDTH
        (a window shrunk small had narrowed it; the results take the rest)."""
        super().resizeEvent(event)  # type: ignore[misc]
        grown = event.size().width() - event.oldSize().width()
        width = self.dock.width()
        if event.oldSize().width() > 0 and grown > 0 and width < SETUP_WIDTH:
            self.resizeDocks([self.dock], [min(SETUP_WIDTH, width + grown)], Qt.Orientation.Horizontal)

    def remember_options(self) -> None:
        """The shown method's options, and the users picked from lists for it, kept for the next start."""
        name = self.setup.method.name
        self.settings.set_options(name, self.setup.panel.plain())
        self.settings.set_value(f"picks/{name}", self.setup.picks[name].plain())

    def remember_inputs(self) -> bool:
        """Keep the chosen files for the next start, the Second system's too; whether the gold's
        or the system's changed (not the Second system's alone)."""
        paths = self.setup.paths()
        others = paths != self.settings.inputs()
        self.settings.set_inputs(*paths)
        self.settings.set_second(self.setup.second.path)
        return others

    def save_settings(self) -> None:
        settings = self.settings
        settings.set_method(self.setup.method.name)
        for name, panel in self.setup.panels.items():
            settings.set_options(name, panel.plain())
            settings.set_value(f"picks/{name}", self.setup.picks[name].plain())  # users picked from lists
        self.remember_inputs()
        settings.set_layout("geometry", self.saveGeometry())
        settings.set_layout("state", self.saveState())
        settings.set_sizes("results", self.splitter.sizes())
        settings.sync()

    def fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        entries = self.settings.recent()
        methods = self.setup.methods
        for entry in entries:
            method = methods.get(entry["method"])
            title = short_title(method) if method else entry["method"]
            second = f" ⟷ {Path(entry['second']).name}" if entry["second"] else ""
            text = f"{Path(entry['gold']).name} ⟷ {Path(entry['system']).name}{second}  ({title})"
            action = self.recent_menu.addAction(text)
            paths = (entry[role] for role in ("gold", "system", "second") if entry[role])
            action.setToolTip(plain_tip("\n".join(paths)))  # paths as written
            action.triggered.connect(lambda _=False, e=entry: self.open_recent(e))
        if not entries:
            self.recent_menu.addAction("No recent evaluations").setEnabled(False)
        self.recent_menu.addSeparator()
        self.recent_menu.addAction("Clear Recent", self.settings.clear_recent).setEnabled(bool(entries))

    def open_recent(self, entry: dict[str, str]) -> None:
        """The method and the inputs a recent evaluation was run with, its Second system too
        (the box emptied for an evaluation without one)."""
        self.setup.set_method(entry["method"])
        self.setup.second.set_path(entry["second"])
        self.setup.set_paths(entry["gold"], entry["system"])

    def load_example(self) -> None:
        """The bundled example's method and its two files, without a Second system."""
        method, gold, system = example_inputs()
        self.setup.set_method(method)
        self.setup.second.set_path("")
        self.setup.set_paths(gold, system)
