"""The Agreement window's Reading options: --format, the reader options and --labels of the
command line's `spanstudio agreement`, taken from their declarations (engine/agreement/command.py),
shown in a collapsible group as the main window shows a method's options (an OptionsPanel),
and given to the listing and measuring jobs (gui/agreement_inputs.py); its Layer and Feature
drop-downs offer what the annotators' files hold (gui/agreement_choices.py)."""

from __future__ import annotations

import dataclasses
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidget, QScrollArea, QToolButton, QVBoxLayout, QWidget

from engine.agreement.command import AGREEMENT_FORMAT, AGREEMENT_READER_OPTIONS, LABELS_FLAG
from engine.formats.reader_options import DEFAULT, ReadOptions
from engine.methods.span_options import format_title
from engine.options import option, option_specs, validate

from .agreement_choices import FileChoices
from .column_words import counted_words
from .look_queue import LookQueue
from .options_panel import OptionsPanel

#: How tall the open group may be, its options in how many columns: the window still fits
#: 1280x720 with every option in view.
OPEN_HEIGHT, COLUMNS = 170, 4
#: How long the options rest after an edit before the files are looked at again and the
#: list is kept (gui/agreement_memory.py): an arrow key held on a number steps it ten times a second.
SETTLE_MS = 500


def _fields() -> list[tuple[str, Any, Any]]:
    """The command's --format (the files' format, as the main window's Format lists name
    them), its reader options (their defaults the readers'), then --labels."""
    f = AGREEMENT_FORMAT
    chosen = option(None, f.help, choices=f.choices, metavar=f.metavar, titles=format_title)
    fields: list[tuple[str, Any, Any]] = [(f.name, f.type | None, chosen)]
    for o in AGREEMENT_READER_OPTIONS:
        default = getattr(DEFAULT, o.name)
        kind = o.type if default is not None else o.type | None
        declared = option(default, o.help, choices=o.choices, metavar=o.metavar, path=o.path)
        fields.append((o.name, kind, declared))
    labels = option(None, LABELS_FLAG["help"], metavar=LABELS_FLAG["metavar"])
    fields.append(("labels", tuple[str, ...] | None, labels))
    return fields


#: What the Agreement window reads its annotators with.
AgreementReading = dataclasses.make_dataclass("AgreementReading", _fields(), frozen=True, namespace={
    "__doc__": "The agreement command's reader options and --labels, as the Agreement window sets them.",
})  # fmt: skip
AgreementReading.__module__ = __name__


def read_options(reading: Any) -> ReadOptions:
    """The ReadOptions of the values set (InputError naming the option for one out of range)."""
    validate(reading)
    return ReadOptions(**{o.name: getattr(reading, o.name) for o in AGREEMENT_READER_OPTIONS})


def labels(reading: Any) -> list[str] | None:
    """Only the spans of these labels (None: every label), as --labels L,.. gives them."""
    return list(reading.labels) if reading.labels else None


#: The window's words for the flags of the engine's messages: each text option by its control,
#: --format by this window's Format list (a file no format recognises is sent to it).
CONTROLS = {spec.flag: f"the Reading option {spec.label}" for spec in option_specs(AgreementReading)
            if spec.type in (str, tuple) and not spec.info.choices}  # fmt: skip
CONTROLS["--format"] = "the Format list of the Reading options"


class ReadingGroup(QWidget):
    """A button opening the options (saying which are set while closed), the options below it;
    the Layer and Feature drop-downs offer what the files of the `rows` hold, looked at on `looks`."""

    changed = Signal()

    def __init__(self, rows: QListWidget, looks: LookQueue | None = None) -> None:
        super().__init__()
        self.panel = OptionsPanel(AgreementReading, columns=COLUMNS)
        self.panel.changed.connect(self._edited)
        self.choices = FileChoices(self.panel, rows, looks)
        self.button = QToolButton()
        self.button.setText("Reading options")
        self.button.setCheckable(True)
        self.button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.button.setAutoRaise(True)
        self.button.toggled.connect(self.open)
        self.button.setToolTip("How the annotators' files are read (the command line's --format, reader "
                               "options of agreement, and --labels): their format, a layer, a feature, a "
                               "label for '*' annotations, …")  # fmt: skip
        self.set_now = QLabel()
        self.area = QScrollArea()
        self.area.setWidget(self.panel)
        self.area.setWidgetResizable(True)
        self.area.setMaximumHeight(OPEN_HEIGHT)
        self.area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # the window is wider
        top = QHBoxLayout()
        top.addWidget(self.button)
        top.addWidget(self.set_now, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.area)
        self.open(False)
        self._say_set()

    def open(self, shown: bool) -> None:
        """Show the options (or hide them: the line beside the button says which are set)."""
        self.button.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)
        self.area.setVisible(shown)

    def reading(self) -> Any:
        """The values set, as the jobs take them (checked there: a bad one is the job's error)."""
        return AgreementReading(**self.panel.values())

    def plain(self) -> dict[str, Any]:
        return self.panel.plain()

    def set_plain(self, values: dict[str, Any]) -> None:
        self.panel.set_plain(values)
        self._say_set()
        self.choices.look()

    def _edited(self) -> None:
        self._say_set()
        self.choices.look_soon(SETTLE_MS)  # the features of the layer chosen; the files as now read
        self.changed.emit()

    def _say_set(self) -> None:
        """Beside the button: the options set to other than their defaults."""
        values = self.panel.values()
        set_now = [f"{spec.label} {_shown(spec, values[spec.name])}" for spec in self.panel.specs
                   if values[spec.name] != spec.default]  # fmt: skip
        self.set_now.setText("; ".join(set_now) if set_now else "(the readers' defaults)")


def _shown(spec: Any, value: Any) -> str:
    """A value as the option's control shows it (a column as "last", "2nd", …; a format by its title)."""
    if (words := counted_words(spec, value)) is not None:
        return words
    if spec.info.choices:
        return spec.choice_title(value)
    return ", ".join(map(str, value)) if isinstance(value, tuple) else str(value)
