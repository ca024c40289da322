"""The app's dialogs: input errors (naming file and line), crashes (with details to
copy), the About box. The main window calls them through this module, so that tests
can intercept them."""

from __future__ import annotations

import functools
import html
import logging
import platform
import re
from pathlib import PurePath

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import Qt, qVersion
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from engine import __version__ as engine_version
from engine.errors import InputError, file_line, shown
from engine.formats.suggest import WrongFormat, short_title
from engine.options import OptionSpec

from .column_words import column_words, counted_words
from .second_options import panel_specs
from .style import elided

log = logging.getLogger("spanstudio.gui")

APP_NAME = "Span Studio"


#: The characters of a file's name a message under a file box shows at most (a longer name
#: keeps its start and end around "…": one word, it would be cut at the panel's edge).
SHOWN_NAME = 36


def input_error_text(err: InputError, controls: dict[str, str] | None = None, box: str | None = None) -> str:
    """The engine's message (FILE:LINE: expected …, found …) in the app's words (app_words
    after the place, a window's own `controls` among them); a file of another method's
    format names the methods as the Method list does. `box`: the path in the file box the
    message is shown under, which says which file it is: the place names the file by its
    name (file_named)."""
    if isinstance(err, WrongFormat):
        return err.app_sentence
    text, where = str(err), err.where
    head = where if where and text.startswith(where) else ""
    place = head
    in_box = bool(head and box and err.file is not None and not err.option)
    named = file_named(str(err.file), box) if in_box else None
    if named is not None:  # another box's file keeps its whole path: its name alone would read as this box's
        place = file_line(shown(elided(named, SHOWN_NAME)), err.line)
    return place + app_words(text[len(head) :], controls)


def file_named(file: str, box: str) -> str | None:
    """A file as a message under a file box names it: by its name, from the box's file or
    folder on where it is that or inside it (`corpus/sub/doc1.ann` for the folder `…/corpus`);
    None for another file."""
    path, chosen = PurePath(file), PurePath(box)
    if path == chosen or chosen in path.parents:
        return str(path.relative_to(chosen.parent))
    return None


def app_words(text: str, controls: dict[str, str] | None = None) -> str:
    """A message of the engine in the app's words, derived from the options' declarations
    and the method registry: a command ('spanstudio propara') is named as the Method list
    names its method; a command-line flag by the options panel's control that sets it
    (`choose one with --format` → `choose one in the Format list of the options`, `--index 0`
    → `Index set to 0`), or by `controls` (a dialog's own: flag → its words); a list of a
    flag's choices by the names its list shows; a column the engine counts from 0 as the app
    counts it ('column 3 (counted from 0, MISC)' → 'the 4th column (MISC)'). A flag no panel
    shows stays as it is."""
    text = _COMMAND.sub(_method, text)
    text = _COUNTED_COLUMN.sub(_counted_column, text)
    for spec in {_option_controls()[flag] for flag in _FLAG_NAME.findall(text) if flag in _option_controls()}:
        if spec.info.titles is not None:
            text = _titled_lists(spec, text)
    return _FLAG.sub(lambda found: _control(found, controls or {}), text)


#: A command-line flag in a message: the word before it that an app's control changes, and
#: the word after it (its value, where it is one).
_FLAG = re.compile(r"(with )?(--[a-z][a-z0-9-]*)(?: ([\w-]+(?:\.\d+)?))?")
_FLAG_NAME = re.compile(r"--[a-z][a-z0-9-]*")
#: A column as the engine counts it in a message: the app counts from 1 ('the 4th column').
_COUNTED_COLUMN = re.compile(r"column (-?\d+) \(counted from 0(?:, ([^)]*))?\)")
#: A command in a message, quoted: 'spanstudio NAME' and its flags.
_COMMAND = re.compile(r"'spanstudio ([a-z0-9]+)((?: --[a-z][a-z0-9-]*)*)'")


def _counted_column(found: re.Match[str]) -> str:
    """'column 3 (counted from 0, MISC …)' → 'the 4th column (MISC …)'."""
    named = f" ({found.group(2)})" if found.group(2) else ""
    return f"the {column_words(int(found.group(1)))} column{named}"


def _method(found: re.Match[str]) -> str:
    """A command named by its method's title, its flags by their controls."""
    from engine.methods import all_methods

    method = next((m for m in all_methods() if m.name == found.group(1)), None)
    if method is None:
        return found.group()
    flags = (_control(match, {}) for match in _FLAG.finditer(found.group(2)))
    return f"the {short_title(method)} method" + "".join(f" with {flag}" for flag in flags)


def _control(found: re.Match[str], controls: dict[str, str]) -> str:
    """The control of a flag: a dialog's (`controls`: by the flag, or by the flag and its
    placeholder where only a message asking for its value is meant), the options panel's,
    or the flag itself where none shows it; the placeholder after a flag (its metavar: --missing-label
    LABEL) left out of a control, a choice or number after it (--scheme IOB2) named as the
    control's setting. The engine quotes a text the user gave (--missing-label 'LABEL'), which
    the pattern leaves after the control as it is, so no value is taken for a placeholder."""
    flag, before, value = found.group(2), found.group(1) or "", found.group(3)
    if f"{flag} {value}" in controls:  # a flag with its placeholder: a message asking for a value
        return f"{before}{controls[f'{flag} {value}']}"
    spec = _option_controls().get(flag)
    if spec is not None and value == spec.info.metavar:
        value = None
    if flag in controls:
        return f"{before}{controls[flag]}" + (f" {value}" if value is not None else "")
    if spec is None:
        return found.group()
    if value is not None and _is_value(spec, value):
        return f"{before}{spec.label} set to {_value_title(spec, value)}"
    after = f" {value}" if value is not None else ""
    if spec.info.choices is not None:
        return f"{'in ' if before else ''}the {spec.label} list of the options{after}"
    return f"{before}the option {spec.label}{after}"


def _is_value(spec: OptionSpec, word: str) -> bool:
    """Whether the word after a flag is a value of it (a choice, or a number of a number option)."""
    if spec.info.choices is not None:
        return word in map(str, spec.info.choices)
    return spec.type in (int, float) and re.fullmatch(r"-?\d+(\.\d+)?", word) is not None


def _value_title(spec: OptionSpec, word: str) -> str:
    if re.fullmatch(r"-?\d+", word) and (words := counted_words(spec, int(word))) is not None:
        return words  # as its control shows it: --tag-column 2 is the 3rd, --index 0 the 1st
    choice = next((c for c in spec.info.choices or () if str(c) == word), None)
    return word if choice is None else spec.choice_title(choice)


def _titled_lists(spec: OptionSpec, text: str) -> str:
    """Lists of two or more of an option's choices ('brat, doccano or conll') named by the
    titles the app shows."""
    codes = {str(c): spec.choice_title(c) for c in spec.info.choices or ()}
    one = "|".join(map(re.escape, sorted(codes, key=len, reverse=True)))
    listed = re.compile(rf"(?<![\w/.-])(?:{one})(?:(?:, | or )(?:{one}))+(?![\w/-])")
    return listed.sub(lambda m: re.sub(one, lambda c: codes[c.group()], m.group()), text)


@functools.cache
def _option_controls() -> dict[str, OptionSpec]:
    """The options the panels show, by their flag (the Second system's own: compare's --system-b-X)."""
    from engine.methods import all_methods

    specs = (spec for method in all_methods() for spec in panel_specs(method))
    return {spec.flag: spec for spec in specs if spec.info.gui}


class MessageDialog(QDialog):
    """A message laid out from the left: a small icon, the heading and the message beside it
    taking the whole width (selectable, wrapped), buttons below."""

    def __init__(
        self,
        parent: QWidget | None,
        icon: QMessageBox.Icon,
        heading: str,
        message: str = "",
        buttons: QDialogButtonBox.StandardButton = QDialogButtonBox.StandardButton.Ok,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(APP_NAME)
        self.icon = QLabel()
        size = self.style().pixelMetric(QStyle.PixelMetric.PM_MessageBoxIconSize, None, self)
        self.icon.setPixmap(self.style().standardIcon(_ICONS[icon], None, self).pixmap(size, size))
        self.icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.heading = QLabel(f"<b>{html.escape(heading)}</b>")
        self.heading.setWordWrap(True)
        self.message = QLabel(message)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.setVisible(bool(message))
        self.message.setMinimumWidth(MESSAGE_WIDTH)
        self.buttons = QDialogButtonBox(buttons)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        texts = QVBoxLayout()
        texts.addWidget(self.heading)
        texts.addWidget(self.message)
        texts.addStretch(1)
        row = QHBoxLayout()
        row.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        row.addLayout(texts, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(row, 1)
        layout.addWidget(self.buttons)


#: The width a message gets at least: a path and a line read best unwrapped.
MESSAGE_WIDTH = 440

_ICONS = {
    QMessageBox.Icon.Warning: QStyle.StandardPixmap.SP_MessageBoxWarning,
    QMessageBox.Icon.Information: QStyle.StandardPixmap.SP_MessageBoxInformation,
    QMessageBox.Icon.Question: QStyle.StandardPixmap.SP_MessageBoxQuestion,
    QMessageBox.Icon.Critical: QStyle.StandardPixmap.SP_MessageBoxCritical,
}


def show_input_error(
    parent: QWidget | None,
    err: InputError,
    doing: str = "The input could not be used",
    controls: dict[str, str] | None = None,
) -> None:
    """A warning naming the file and line, what was expected and what was found (a window's
    own `controls` named as app_words does)."""
    MessageDialog(parent, QMessageBox.Icon.Warning, f"{doing}.", input_error_text(err, controls)).exec()


def show_message(parent: QWidget | None, text: str, informative: str = "") -> None:
    MessageDialog(parent, QMessageBox.Icon.Information, text, informative).exec()


def offer_switch(parent: QWidget | None, err: WrongFormat) -> str | None:
    """A file of another method's format: the methods that read it, one button each; the
    method chosen (by name), None to leave things as they are."""
    dialog = MessageDialog(
        parent,
        QMessageBox.Icon.Question,
        "This file is for another method.",
        err.app_sentence,
        QDialogButtonBox.StandardButton.Cancel,
    )
    chosen: list[str] = []
    for name in err.readers:
        button = dialog.buttons.addButton(
            f"Use {err.reader_titles[name]}", QDialogButtonBox.ButtonRole.AcceptRole
        )
        button.clicked.connect(lambda _=False, n=name: chosen.append(n))
    if err.readers:
        dialog.buttons.buttons()[-1].setDefault(True)
    dialog.exec()
    return chosen[0] if chosen else None


class CrashDialog(QDialog):
    """An unexpected error: what happened, and the details to copy into a bug report."""

    def __init__(self, parent: QWidget | None, summary: str, details: str) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{APP_NAME}: something went wrong")
        self.text = f"{summary}\n\n{details}"
        intro = QLabel(
            "Something went wrong inside Span Studio. Your work is unchanged and the app keeps "
            "running. The details below were written to the log; please send them with a "
            "bug report."
        )
        intro.setWordWrap(True)
        self.details = QPlainTextEdit(self.text)
        self.details.setReadOnly(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        copy = buttons.addButton("Copy details", QDialogButtonBox.ButtonRole.ActionRole)
        copy.clicked.connect(self.copy)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(QLabel(f"<b>{html.escape(summary)}</b>"))
        layout.addWidget(self.details, 1)
        layout.addWidget(buttons)
        self.resize(640, 380)

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.text)


def show_crash(parent: QWidget | None, summary: str, details: str) -> None:
    CrashDialog(parent, summary, details).exec()


def ask(parent: QWidget | None, question: str, informative: str = "") -> bool:
    buttons = QDialogButtonBox.StandardButton.Yes | QDialogButtonBox.StandardButton.Cancel
    dialog = MessageDialog(parent, QMessageBox.Icon.Question, question, informative, buttons)
    return dialog.exec() == QDialog.DialogCode.Accepted


def versions() -> dict[str, str]:
    """The versions the About box shows."""
    import pandas

    return {
        APP_NAME: engine_version,
        "Python": platform.python_version(),
        "Qt": qVersion(),
        "PySide6": pyside_version,
        "pandas": pandas.__version__,
    }


def about_text() -> str:
    rows = "".join(
        f"<tr><td>{name}</td><td>&nbsp;{version}</td></tr>" for name, version in versions().items()
    )
    return (
        f"<h3>{APP_NAME}</h3><p>Evaluate span annotations with the published methods their "
        f"users cite, and review every disagreement.</p><table>{rows}</table>"
    )


def show_about(parent: QWidget | None) -> None:
    QMessageBox.about(parent, f"About {APP_NAME}", about_text())
