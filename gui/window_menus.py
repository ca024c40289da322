"""The main window's menus and toolbar: their actions, shortcuts and tips, calling the
window's slots (a part of MainWindow kept in a module of its own)."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from . import dialogs
from .adjudication import make_gold
from .window_exports import scale_actions


class WindowMenus:
    """The menu bar and the toolbar of the main window (mixed into MainWindow)."""

    def _action(self, menu: QMenu, text: str, slot: Any, shortcut: Any = None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _actions(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu("&File")
        self.open_gold_action = self._action(
            file,
            "Open &Gold…",
            lambda: self.setup.fields["gold"].browse(),
            QKeySequence.StandardKey.Open,
            "Choose the gold file",
        )
        self.open_system_action = self._action(
            file,
            "Open &System…",
            lambda: self.setup.fields["system"].browse(),
            "Ctrl+Shift+O",
            "Choose the system file",
        )
        self.recent_menu = file.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self.fill_recent_menu)
        self._action(file, "Load the Bundled E&xample", self.load_example)
        file.addSeparator()
        self.attach_action = self._action(
            file,
            "&Attach Text to Document…",
            self.attach_text,
            tip="Show the words of a CoNLL or one-token-per-line file",
        )
        file.addSeparator()
        self.xlsx_action = self._action(
            file, "Export to &Excel…", self.export_xlsx, "Ctrl+E", "Write the review workbook"
        )
        tip = "Write the error table and every score table as CSV files"
        self.csv_action = self._action(file, "Export &CSV…", self.export_csv, tip=tip)
        self.json_action = self._action(file, "Export &JSON…", self.export_json, tip="Write the JSON report")
        file.addSeparator()
        self.review_action = self._action(
            file,
            "Import Re&view…",
            self.import_review,
            tip="Read the verdicts of a review workbook and show the reviewed scores",
        )
        file.addSeparator()
        self.quit_action = self._action(file, "&Quit", self.close, "Ctrl+Q")
        run = bar.addMenu("&Evaluate")
        self.evaluate_action = self._action(
            run,
            "&Evaluate",
            lambda: self.evaluate(),
            "Ctrl+R",
            "Evaluate the system file against the gold file",
        )
        self.cancel_action = self._action(run, "&Cancel", self.cancel, "Esc", "Stop the running work")
        self._action(run, "&Reset Options to Defaults", self.setup.reset_options)
        run.addSeparator()
        self._action(run, "&Agreement among Annotators…", self.open_agreement, "Ctrl+Shift+A",
                     "Measure how far two or more annotators agree, and adjudicate")  # fmt: skip
        self.gold_action = self._action(run, "Make &Gold from Adjudication Workbook…",
                                        lambda: make_gold(self),
                                        tip="Write the gold an adjudication workbook decides")  # fmt: skip
        view = bar.addMenu("&View")
        view.addAction(self.dock.toggleViewAction())
        view.addAction(self.errors.show_all)  # enabled while a filter is set
        view.addSeparator()
        self.scale_actions = scale_actions(self, view, self.scale, self.set_scale)
        help_menu = bar.addMenu("&Help")
        self.glossary_action = self._action(
            help_menu,
            "Error &Types and Measures",
            self.show_glossary,
            QKeySequence.StandardKey.HelpContents,
            "What each method's error types and measures mean, with the work to cite",
        )
        self._action(help_menu, "&About Span Studio", lambda: dialogs.show_about(self))
        tools = self.addToolBar("Main")
        tools.setObjectName("main-toolbar")
        tools.addActions([self.evaluate_action, self.cancel_action, self.xlsx_action, self.csv_action,
                          self.json_action])  # fmt: skip
        self._update_actions()
