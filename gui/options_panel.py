"""Option panels generated from a method's Options dataclass (engine.options.option_specs).

Each option type gets its editor: check box (bool), spin box (int, float), drop-down
(choices), line edit (text, comma-separated lists), check boxes (lists with choices),
path picker (paths). The help text is the tooltip. Options that may be unset get a
check box that sets them. Adding an option to a method needs no change here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPaintEvent, QPalette, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QSpinBox,
    QStyle,
    QStyleOptionComboBox,
    QStylePainter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from engine.compare_options import SYSTEM_B_PREFIX
from engine.errors import InputError
from engine.options import OptionSpec, either, from_plain, option_specs, to_plain, validate

from .browsing import folder_to_browse
from .column_words import (
    COUNTED,
    COUNTED_INDEX,
    ColumnSpinBox,
    column_words,
    is_column,
    is_counted,
    reader_default,
    side_free,
    unset_words,
)
from .second_options import UNSET_AS, in_order, is_second, kept_value, second_options, second_specs
from .side_grid import SideGrid, side_families
from .style import ERROR_COLOUR
from .wheel import GuardedComboBox, GuardedDoubleSpinBox, GuardedSpinBox

#: Text options filled with suggestions from the chosen file (the keys of a reader's
#: choices()), for both sides ("layer") or one ("gold_layer", "system_layer"); "user": an
#: export's annotators (INCEpTION project, Label Studio, doccano).
SUGGESTED = ("layer", "feature", "user")

INT_LIMIT = 2**31 - 1
FLOAT_LIMIT = 1e12
UNSET = "(not set)"


def tooltip(spec: OptionSpec) -> str:
    """The help text with choices, range, default and command-line flag."""
    lines = [spec.info.help]
    if spec.info.choices:
        lines.append(f"Choices: {either(spec.info.choices)}.")
    if (limits := range_words(spec)) is not None:
        lines.append(f"Range: {limits}.")
    default = spec.default
    if isinstance(default, tuple):
        default = ", ".join(map(str, default))
    if is_counted(spec):
        lines.append(COUNTED if is_column(spec) else COUNTED_INDEX)
        taken = reader_default(spec) if default is None else default
        default = None if taken is None else column_words(taken)
    if spec.default is None and side_free(spec.name) != spec.name:  # a side's own: else the one for both
        lines.append(f"Default: not set ({UNSET_AS if is_second(spec.name) else 'as for both sides'}).")
    else:
        lines.append(f"Default: {'not set' if default is None or default == '' else default}.")
    if spec.info.cli:  # the Second system's: compare's system B's own
        lines.append(f"Command line: {'spanstudio compare … ' if is_second(spec.name) else ''}{spec.flag}")
    return "\n".join(lines)


def range_words(spec: OptionSpec) -> str | None:
    """An option's range as the app counts it ('0 to 3', '0 or more', '1st or later', 'up to
    10'), None where it has none."""
    low, high = spec.info.minimum, spec.info.maximum
    if low is None and high is None:
        return None
    counted = is_counted(spec)
    said: Callable[[Any], str] = (lambda v: column_words(int(v))) if counted else (lambda v: f"{v:g}")
    if high is None:
        return f"{said(low)} or {'later' if counted else 'more'}"
    return f"up to {said(high)}" if low is None else f"{said(low)} to {said(high)}"


class Editor(QWidget):
    """The editor of one option: `value()`, `set_value()`, `changed` when the user edits."""

    changed = Signal()

    def __init__(self, spec: OptionSpec) -> None:
        super().__init__()
        self.spec = spec
        self.setToolTip(tooltip(spec))
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)

    def value(self) -> Any:
        raise NotImplementedError

    def set_value(self, value: Any) -> None:
        raise NotImplementedError

    def show_unset(self, value: Any) -> None:
        """Show what the option not set takes (`value`, the one for both sides), where the editor can."""


class BoolEditor(Editor):
    def __init__(self, spec: OptionSpec) -> None:
        super().__init__(spec)
        self.box = QCheckBox()
        self.box.toggled.connect(self.changed)
        self.row.addWidget(self.box)
        self.row.addStretch(1)

    def value(self) -> Any:
        return self.box.isChecked()

    def set_value(self, value: Any) -> None:
        self.box.setChecked(bool(value))


class ChoiceBox(GuardedComboBox):
    """A drop-down that may show a text `greyed` in place of its current item's (a choice not
    set that takes another option's), its arrow drawn as any drop-down's: it is there to be used."""

    greyed: str | None = None

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        if self.greyed is None:
            super().paintEvent(event)
            return
        painter = QStylePainter(self)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        option.currentText = self.greyed
        for role in (QPalette.ColorRole.ButtonText, QPalette.ColorRole.Text):
            option.palette.setColor(role, option.palette.color(QPalette.ColorGroup.Disabled, role))
        painter.setPen(option.palette.color(QPalette.ColorRole.Text))
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)


class ChoiceEditor(Editor):
    def __init__(self, spec: OptionSpec) -> None:
        super().__init__(spec)
        self.combo = ChoiceBox()
        self.choices = [None, *spec.info.choices] if spec.optional else list(spec.info.choices or ())
        self.combo.addItems([UNSET if c is None else spec.choice_title(c) for c in self.choices])
        # As narrow as the panel: a long title (WebAnno TSV 3.x (INCEpTION)) is whole in the list.
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.combo.setMinimumContentsLength(8)
        self.combo.currentIndexChanged.connect(self.changed)
        self.combo.currentIndexChanged.connect(self._grey)
        self.row.addWidget(self.combo, 1)
        self._taken: str | None = None  # not set, the choice it takes, as shown (show_unset)

    def value(self) -> Any:
        return self.choices[self.combo.currentIndex()] if self.choices else None

    def set_value(self, value: Any) -> None:
        if value in self.choices:
            self.combo.setCurrentIndex(self.choices.index(value))

    def show_unset(self, value: Any) -> None:
        """Show `value` greyed while the option is not set (a side's own scheme: the scheme for
        both sides, which it then takes); the list's first item says so ('(not set: IOB2)')."""
        self._taken = UNSET if value is None else self.spec.choice_title(value)
        self.combo.setItemText(0, UNSET if value is None else f"{UNSET[:-1]}: {self._taken})")
        grey = self.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        self.combo.setItemData(0, grey, Qt.ItemDataRole.ForegroundRole)
        self._grey()

    def _grey(self) -> None:
        self.combo.greyed = self._taken if self.value() is None else None
        self.combo.update()


class FloatSpinBox(GuardedDoubleSpinBox):
    """A spin box that shows a float as short as it can (0.5, not 0.500000)."""

    def textFromValue(self, value: float) -> str:  # noqa: N802
        return self.locale().toString(float(value), "g", 12)


class NumberEditor(Editor):
    def __init__(self, spec: OptionSpec) -> None:
        super().__init__(spec)
        self.set_box = QCheckBox()
        self.set_box.setToolTip("Set this option")
        if spec.type is int:
            self.spin: QSpinBox | QDoubleSpinBox = ColumnSpinBox() if is_counted(spec) else GuardedSpinBox()
            limit: float = INT_LIMIT
        else:
            self.spin = FloatSpinBox()
            self.spin.setDecimals(10)
            self.spin.setSingleStep(0.1)
            limit = FLOAT_LIMIT
        low = spec.info.minimum if spec.info.minimum is not None else -limit
        high = spec.info.maximum if spec.info.maximum is not None else limit
        self.spin.setRange(spec.type(low), spec.type(high))  # type: ignore[arg-type]
        self.spin.setKeyboardTracking(False)
        self.spin.setMinimumWidth(72)  # not as wide as the largest number it could hold
        self.spin.lineEdit().setPlaceholderText(unset_words(spec))  # shown where cleared (_show)
        self.spin.valueChanged.connect(self.changed)
        self.set_box.toggled.connect(self._toggled)
        self._showing: Any = None
        if spec.optional:
            self.row.addWidget(self.set_box)
        self.row.addWidget(self.spin, 1)

    def _toggled(self, on: bool) -> None:
        self.spin.setEnabled(on)
        if on and not self.spin.lineEdit().text():  # set from nothing shown: the value it now has
            self.spin.lineEdit().setText(self.spin.textFromValue(self.spin.value()))
        if not on:
            self._show(None)  # what is read unset (a side's: the one for both, as follow shows it)
        self.changed.emit()

    def value(self) -> Any:
        if self.spec.optional and not self.set_box.isChecked():
            return None
        return self.spec.type(self.spin.value())

    def set_value(self, value: Any) -> None:
        self.set_box.blockSignals(True)
        self.set_box.setChecked(value is not None)
        self.set_box.blockSignals(False)
        self.spin.setEnabled(value is not None or not self.spec.optional)
        self._show(value)

    def show_unset(self, value: Any) -> None:
        """Show `value` greyed while the option is not set (a side's own column: the column
        for both sides, which it then takes)."""
        if self.value() is None:
            self.blockSignals(True)
            self._show(value)
            self.blockSignals(False)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        """Shown, the spin box writes its number anew: a column not set that the readers take
        no one of (the token column: FORM, else the 1st) stays blank, not '1st'."""
        super().showEvent(event)
        if self.value() is None:
            self._show(self._showing)

    def _show(self, value: Any) -> None:
        self._showing = value  # what it shows while not set
        if value is not None:
            self.spin.setValue(value)
        elif is_counted(self.spec) and (default := reader_default(self.spec)) is not None:
            self.spin.setValue(default)  # not set: the column (or index) the readers take (greyed)
        elif is_counted(self.spec):
            self.spin.lineEdit().clear()  # not set, no one column the readers take: its unset_words show


class TextEditor(Editor):
    """Text, or a comma-separated list of texts for list options."""

    def __init__(self, spec: OptionSpec) -> None:
        super().__init__(spec)
        self.edit = QLineEdit()
        if spec.is_list:
            self.edit.setPlaceholderText("comma-separated")
        elif spec.optional:
            self.edit.setPlaceholderText(UNSET)
        self.edit.editingFinished.connect(self._finished)
        self.row.addWidget(self.edit, 1)
        self._last = ""

    def _finished(self, *_: object) -> None:
        if self.edit.text() != self._last:
            self._last = self.edit.text()
            self.changed.emit()

    def value(self) -> Any:
        text = self.edit.text()
        if self.spec.is_list:
            items = tuple(item.strip() for item in text.split(",") if item.strip())
            return None if not items and self.spec.optional else items
        if text == "" and self.spec.optional:
            return None
        return Path(text) if self.spec.type is Path else text

    def set_value(self, value: Any) -> None:
        if value is None:
            text = ""
        elif isinstance(value, tuple | list):
            text = ", ".join(map(str, value))
        else:
            text = str(value)
        self.edit.setText(text)
        self._last = text


class SuggestionEditor(TextEditor):
    """Text with suggestions: an editable drop-down that the setup panel fills from the
    chosen file (its span layers, their features)."""

    def __init__(self, spec: OptionSpec) -> None:
        Editor.__init__(self, spec)
        self.combo = GuardedComboBox()
        self.combo.setEditable(True)
        self.combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.combo.setMinimumContentsLength(8)  # fits beside long labels (CLUEval: XML document element)
        self.edit = self.combo.lineEdit()
        self.edit.setPlaceholderText(UNSET)
        self.edit.editingFinished.connect(self._finished)
        self.combo.textActivated.connect(self._finished)
        self.row.addWidget(self.combo, 1)
        self._last = ""

    def suggestions(self) -> list[str]:
        return [self.combo.itemText(i) for i in range(self.combo.count())]

    def set_suggestions(self, items: list[str]) -> None:
        """The drop-down's items; the text shown stays as it is."""
        if items == self.suggestions():
            return
        text = self.edit.text()
        self.combo.blockSignals(True)
        self.combo.clear()
        self.combo.addItems(items)
        self.combo.setEditText(text)
        self.combo.blockSignals(False)


class PathEditor(TextEditor):
    """A path typed in, or picked as a file or a folder."""

    def __init__(self, spec: OptionSpec) -> None:
        super().__init__(spec)
        self.edit.setPlaceholderText(UNSET if spec.optional else "")
        self.button = QToolButton()
        self.button.setText("…")
        self.button.setToolTip("Choose a file or a folder")
        self.button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.button)
        menu.addAction("Choose a file…", self._choose_file)
        menu.addAction("Choose a folder…", self._choose_folder)
        self.button.setMenu(menu)
        self.row.addWidget(self.button)

    def _choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.spec.label, self.edit.text() or str(Path.home()))
        self._chosen(path)

    def _choose_folder(self) -> None:
        start = folder_to_browse(self.edit.text(), str(Path.home()))
        self._chosen(QFileDialog.getExistingDirectory(self, self.spec.label, start))

    def _chosen(self, path: str) -> None:
        if path:
            self.edit.setText(path)
            self._finished()


class ChoiceListEditor(Editor):
    """A list of choices: one check box per choice."""

    def __init__(self, spec: OptionSpec) -> None:
        super().__init__(spec)
        grid = QGridLayout()
        self.boxes = {}
        for i, choice in enumerate(spec.info.choices or ()):
            box = QCheckBox(str(choice))
            box.toggled.connect(self.changed)
            self.boxes[choice] = box
            grid.addWidget(box, i, 0)
        self.row.addLayout(grid, 1)

    def value(self) -> Any:
        chosen = tuple(c for c, box in self.boxes.items() if box.isChecked())
        return None if not chosen and self.spec.optional else chosen

    def set_value(self, value: Any) -> None:
        for choice, box in self.boxes.items():
            box.blockSignals(True)
            box.setChecked(choice in (value or ()))
            box.blockSignals(False)


def editor_for(spec: OptionSpec) -> Editor:
    """The editor that fits an option's type."""
    if spec.is_list:
        return ChoiceListEditor(spec) if spec.info.choices else TextEditor(spec)
    if spec.info.choices:
        return ChoiceEditor(spec)
    if spec.type is bool:
        return BoolEditor(spec)
    if spec.type in (int, float):
        return NumberEditor(spec)
    if spec.type is Path or spec.info.path:  # a text naming a file too (the reader options' typesystem)
        return PathEditor(spec)
    if side_free(spec.name) in SUGGESTED:
        return SuggestionEditor(spec)
    return TextEditor(spec)


def side_by_side(forms: list[QFormLayout]) -> QHBoxLayout:
    """Forms in columns of equal width."""
    row = QHBoxLayout()
    for form in forms:
        row.addLayout(form, 1)
    return row


class OptionsPanel(QWidget):
    """The options of one method, with their current values checked by the engine; with
    `second` (a method comparing two systems), the Second system's own reader options too."""

    changed = Signal()

    def __init__(
        self, options_type: type, parent: QWidget | None = None, columns: int = 1, second: bool = False
    ) -> None:
        super().__init__(parent)
        self.options_type = options_type
        seconds = second_specs(options_type) if second else ()
        self.seconds = {spec.name: spec for spec in seconds}  # not of options_type: second_options
        self.specs = in_order((spec for spec in option_specs(options_type) if spec.info.gui), seconds)
        self.editors = {spec.name: editor_for(spec) for spec in self.specs}
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet(f"color: {ERROR_COLOUR}")
        self.message.hide()
        forms = [QFormLayout() for _ in range(columns)]  # filled down, column after column
        for form in forms:
            form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        families = side_families(self.specs)
        specs = {spec.name: spec for spec in self.specs}
        self.grid = SideGrid(families, specs, self.editors) if families else None
        rows = self._rows()
        self.forms: dict[QWidget, QFormLayout] = {}  # each row's field: the form it is in
        for i, (label, widget) in enumerate(rows):
            form = self.forms[widget] = forms[i * columns // len(rows)]
            if label is None:
                form.addRow(widget)
            else:
                form.addRow(label, widget)
        for editor in self.editors.values():
            editor.changed.connect(self._edited)
        if not self.specs:
            forms[0].addRow(QLabel("This method has no options."))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(forms[0] if columns == 1 else side_by_side(forms))
        layout.addWidget(self.message)
        self.reset()

    def _rows(self) -> list[tuple[QLabel | None, QWidget]]:
        """The panel's rows, in the options' order: a label and an editor, or (without a
        label) the grid of the columns for both sides and each side alone."""
        rows: list[tuple[QLabel | None, QWidget]] = []
        for spec in self.specs:
            if self.grid is not None and side_free(spec.name) in self.grid.names:
                if spec.name == self.grid.names[0]:
                    rows.append((None, self.grid))
                continue
            label = QLabel(spec.label + ":")
            label.setToolTip(tooltip(spec))
            rows.append((label, self.editors[spec.name]))
        return rows

    def show_seconds(self, shown: bool) -> None:
        """The Second system's own options shown (a Second system file is chosen) or not: a
        person comparing no two systems is not asked how to read a second one."""
        for name in self.seconds:
            if (form := self.forms.get(self.editors[name])) is not None:
                form.setRowVisible(self.editors[name], shown)
        if self.grid is not None:
            self.grid.show_side(SYSTEM_B_PREFIX, shown)

    def values(self) -> dict[str, Any]:
        return {name: editor.value() for name, editor in self.editors.items()}

    def _own(self) -> dict[str, Any]:
        """The values of the Options' own fields (not the Second system's)."""
        return {name: value for name, value in self.values().items() if name not in self.seconds}

    def options(self) -> Any:
        """An Options instance of the values shown; InputError (naming the option) when one
        is out of its range or choices."""
        options = self.options_type(**self._own())
        validate(options)
        return options

    def second_options(self, options: Any = None) -> Any:
        """The options the Second system is read with (second_options: those shown, or
        `options`, with the Second system's own); InputError as options() gives it."""
        return second_options(self.options_type, options or self.options(), self.values())

    def set_options(self, options: Any, seconds: dict[str, Any] | None = None) -> None:
        """Show `options`, and the Second system's own `seconds` where given (by name)."""
        own = (spec.name for spec in self.specs if spec.name not in self.seconds)
        for name, value in {**{name: getattr(options, name) for name in own}, **(seconds or {})}.items():
            editor = self.editors[name]
            editor.blockSignals(True)
            editor.set_value(value)
            editor.blockSignals(False)
        self._follow()
        self.check()

    def reset(self) -> None:
        """Every option back to its default (the Second system's not set)."""
        self.set_options(self.options_type(), dict.fromkeys(self.seconds))

    def plain(self) -> dict[str, Any]:
        """The values as plain JSON values (for the settings), whether valid or not."""
        try:
            own = to_plain(self.options_type(**self._own()))
        except (TypeError, ValueError, InputError):
            return {}
        return own | {name: self.editors[name].value() for name in self.seconds}

    def set_plain(self, values: dict[str, Any]) -> None:
        seconds = {name: kept_value(spec, values.get(name)) for name, spec in self.seconds.items()}
        try:
            self.set_options(from_plain(self.options_type, values), seconds)
        except (TypeError, ValueError, InputError):
            self.reset()

    def check(self) -> InputError | None:
        """Show the engine's message for a bad value in place; the error, or None."""
        try:
            self.second_options()
        except InputError as err:
            self.show_message(str(err))
            return err
        except (TypeError, ValueError) as err:
            self.show_message(str(err))
            return InputError("valid options", str(err))
        self.show_message("")
        return None

    def suggest(self, name: str, items: list[str]) -> None:
        """Fill an option's drop-down (where it has one) with what the chosen file offers."""
        editor = self.editors.get(name)
        if isinstance(editor, SuggestionEditor):
            editor.set_suggestions(items)

    def show_message(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def _follow(self) -> None:
        if self.grid is not None:
            self.grid.follow()

    def _edited(self) -> None:
        self._follow()
        self.check()
        self.changed.emit()
