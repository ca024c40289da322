"""The input file fields: a path typed, picked or dropped, its detected format, and the
engine's message in place when the file cannot be read."""

from __future__ import annotations

import codecs
import html
import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QPalette
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from engine.comparison import SECOND_SYSTEM
from engine.errors import InputError
from engine.formats import (
    FORMAT_MODULES,
    INCEPTION_PROJECT,
    detected_by_lines,
    first_annotation_file,
    folder_files,
    format_module,
    input_lines,
    project_input,
    reads_module_through_spans,
    reads_projects,
    recognised_module,
)
from engine.formats.sniffing import Head, as_head, head_bytes
from engine.formats.suggest import WrongFormat, readers_of, short_title
from engine.formats.xmi_text import WELL_FORMED_XMI, undecoded
from engine.methods import InputSpec
from engine.methods.span_options import says_zip_unread
from engine.options import either
from engine.textio import EMPTY_ZIP, ZIP_MAGIC, decode_utf8, refuse_unmarked_utf16, require_file

from .browsing import folder_to_browse
from .dialogs import input_error_text
from .stamps import Stamp, stamp
from .style import ERROR_COLOUR, NOTE_COLOUR, WARNING_COLOUR, plain_tip

#: What a file box says until the look at its file has arrived.
LOOKING = "Looking at the file…"
#: How a file box begins its message where the look at its file crashed (a bug).
LOOK_CRASHED = "Something went wrong looking at the file: "


@dataclass(frozen=True)
class Probe:
    """What a quick look at an input found: its format's title, or why it cannot be read."""

    format: str | None = None
    error: InputError | None = None
    unknown: bool = False  # readable, but not one of the formats the method reads
    readers: tuple[tuple[str, str], ...] = ()  # (name, title) of the methods that read its format


#: The magic bytes of gzip, bzip2, xz and Zstandard streams.
COMPRESSION_MAGIC = (b"\x1f\x8b", b"BZh", b"\xfd7zXZ\x00", b"\x28\xb5\x2f\xfd")
COMPRESSED = "compressed (read when evaluating)"


#: After the formats a file not recognised may be of: what to do where it is one of them
#: (a typo in a CoNLL file's tags, a column of tags before another, stops its recognition).
NOT_RECOGNISED_HINT = (". Where it is one of these, choose it in the Format list of the options: its reader "
                       "then says what it finds.")  # fmt: skip


def compressed(head: bytes) -> bool:
    """Whether a file's first bytes start a compressed stream (its text cannot be looked at here)."""
    return head.startswith(COMPRESSION_MAGIC)


#: What a method's run says of a folder where it takes a file (Method.folder_refused).
FolderRefused = Callable[[str, list[Path]], InputError]


@dataclass(frozen=True)
class Look:
    """What reading an input's head found, whatever the method (the setup panel's looks make
    it, off the UI thread for a large input): its format, or why it cannot be read; and the
    head, that every method's refusal is judged from."""

    path: str
    format: str | None = None
    error: InputError | None = None
    folder: bool = False
    project: bool = False  # an INCEpTION project export (zip or folder): read when evaluating
    compressed: bool = False
    module: str | None = None  # the format module its first lines are recognised as
    unread_zip: InputError | None = None  # a zip no span reader reads: what the span readers say of it
    detected: str | None = None  # the format module it is detected as (detected_module: its `format`'s)
    head: Head = field(default_factory=Head, compare=False)  # its first lines (engine/formats/sniffing.py)
    stamp: Stamp | None = field(default=None, compare=False)  # a file's before its head was read (stamps.py)
    files: tuple[Path, ...] = field(default=(), compare=False)  # a folder's visible files (named by a run)


def look_at(path: str) -> Look:
    """Read an input's head once: whether it can be read (the engine's message when not)
    and its format; a file's stamp taken first (a file written again since is looked at anew)."""
    stamped = None if os.path.isdir(path) else stamp(path)
    return replace(_first_look(path), stamp=stamped)


def _first_look(path: str) -> Look:
    """What look_at finds of an input's head."""
    p = Path(path)
    folder, head, unread, files = False, Head(), None, ()
    read = False  # whether head_bytes read the file's head
    try:
        if project_input(p):  # a zip it cannot open (a later zip version) is an InputError here
            head = as_head(input_lines(p))  # its flags kept
            title = format_module(INCEPTION_PROJECT).TITLE  # what detect says of it: not opened again
            return Look(path, format=title, project=True, detected=INCEPTION_PROJECT, head=head)
        folder = p.is_dir()
        files = tuple(folder_files(p)) if folder else ()
        target = first_annotation_file(p, list(files)) if folder else require_file(path)  # listed once
        data, more, head = head_bytes(target)
        read = True
        if compressed(data):
            return Look(path, folder=folder, compressed=True, head=head, files=files)  # the method checks it
        unread = unread_zip(target, data, head)
        if not read_zip(head):
            check_text(data, more, head, str(target))
    except InputError as err:  # its head read: its format detected, as in_span_formats does
        detected = detected_by_lines(p, head) if read else None
        found = {"detected": detected, "head": head, "unread_zip": unread, "files": files}
        return Look(path, error=err, folder=folder, **found)
    except OSError as err:
        error = InputError("a readable file", err.strerror or type(err).__name__, file=path)
        return Look(path, error=error, folder=folder)
    name = detected_by_lines(p, head)
    title = format_module(name).TITLE if name is not None else None
    module = recognised_module(head)
    return Look(path, format=title, folder=folder, module=module, detected=name, head=head, unread_zip=unread,
                files=files)  # fmt: skip


def read_zip(head: Head) -> bool:
    """Whether a file is a zip a span reader reads, whatever its name: no text to check (the
    UIMA XMI reader's: INCEpTION's export of a document, its XMI and type system; doccano's:
    its Export Dataset, each user's JSONL)."""
    return head.zipped and (head.sniffs("uima_xmi") or head.sniffs("doccano"))


def unread_zip(target: Path, data: bytes, head: Head) -> InputError | None:
    """What the span readers say of a zip none of them reads (an empty zip, a zip of PNGs or
    of notes: folders.zip_unread), from its first bytes `data`; None for any other file."""
    if read_zip(head) or not data.startswith((ZIP_MAGIC, EMPTY_ZIP)):
        return None
    from engine.formats.folders import zip_unread  # here: most files looked at are no zip

    return zip_unread(target, data)


def check_text(data: bytes, more: bool, head: Head, name: str) -> None:
    """InputError where a file's head is not text as its reader reads it: an XMI file's as
    the XML parser decodes it (engine/formats/xmi_text.py), any other's UTF-8 (check_utf8)."""
    if not head.sniffs("uima_xmi"):
        check_utf8(data, more, name)
        return
    refuse_unmarked_utf16(data[:2048], name)  # as reading it says (read_input_bytes)
    error = undecoded(data, WELL_FORMED_XMI, name, more)
    if error is not None:
        raise error


def check_utf8(data: bytes, more: bool, name: str) -> None:
    """InputError naming the line of the first byte of a file's head that is not UTF-8 (as
    reading the file says); `more`: the file goes on past the head (its last character may
    be cut). A file that ends inside a character was cut short: that is left to reading it,
    whose reader says it in its words (a last line cut short), as for a file cut between
    characters."""
    refuse_unmarked_utf16(data[:2048], name)  # its letters are UTF-8 too: as reading it says
    try:
        codecs.utf_8_decode(data, "strict", not more)
    except UnicodeDecodeError as err:
        if err.reason != "unexpected end of data":
            decode_utf8(data, name)


def judged(
    look: Look, spec: InputSpec, chosen: str = "", spans: bool = False, refused: FolderRefused | None = None
) -> Probe:
    """What a look at an input means to a method's input: its format, or why it cannot be read
    (`chosen`: the title of the format the side's Format option names, "" for none; `spans`:
    the run reads it with the span readers, as the setup panel finds for the pair: CLUEval
    beside a CoNLL file, where a folder is read too and a zip they do not read refused;
    `refused`: what the method's run says of a folder where it takes a file, its own reader
    reading it: Method.folder_refused)."""
    if look.project:
        return Probe(format=look.format) if reads_projects(spec.formats) else recognised(look.format, spec)
    if look.folder and not (spec.directory or spans):
        return Probe(error=refused_folder(look, refused))
    unread = look.unread_zip if says_zip_unread(spec.formats, bool(chosen), spans) else None
    if unread is not None or look.error is not None:
        return Probe(error=unread or look.error)
    if look.compressed:
        return Probe(format=COMPRESSED)
    return recognised(look.format, spec, look.module)


def refused_folder(look: Look, refused: FolderRefused | None) -> InputError:
    """What the run says of a folder where the method takes a file (its files as the look listed them)."""
    if refused is None:
        return InputError("a file", "a folder", file=look.path)
    return refused(look.path, list(look.files))


def probe(path: str, spec: InputSpec) -> Probe:
    """Whether an input can be read (the engine's message when not) and its format."""
    return judged(look_at(path), spec)


def recognised(title: str | None, spec: InputSpec, module: str | None = None) -> Probe:
    """The probe of a readable input of this format (None: none recognises it); `module`:
    the format its first lines are recognised as, which the method may read though it is none
    of its own."""
    readable = [format_module(name).TITLE for name in spec.formats]
    unknown = bool(readable) and title not in readable and not read_anyway(spec, module)
    return Probe(format=title, unknown=unknown, readers=_readers(title) if unknown else ())


def read_anyway(spec: InputSpec, module: str | None) -> bool:
    """Whether the method reads the file through the span readers though its format is none
    of its own (FairEval and CLUEval read CoNLL columns): nothing to warn of then."""
    return module is not None and reads_module_through_spans(module, spec.formats)


def _readers(title: str | None) -> tuple[tuple[str, str], ...]:
    """The methods that read the format of this title: (name, short title) each."""
    name = next((n for n in FORMAT_MODULES if title == format_module(n).TITLE), None)
    return tuple((m.name, short_title(m)) for m in readers_of(name)) if name else ()


def switch_links(readers: tuple[tuple[str, str], ...]) -> str:
    """'. Read by <a>FairEval</a> or <a>Exact spans</a>: click to switch.' (rich text; '' for none)."""
    links = " or ".join(f"<a href='{name}'>{html.escape(title)}</a>" for name, title in readers)
    return f". Read by {links}: click to switch." if links else ""


def format_titles(spec: InputSpec) -> str:
    return either(tuple(format_module(name).TITLE for name in spec.formats)) if spec.formats else ""


def dropped_paths(event: QDropEvent | QDragEnterEvent) -> list[str]:
    """Local files and folders carried by a drag."""
    mime = event.mimeData()
    if not mime.hasUrls():
        return []
    return [url.toLocalFile() for url in mime.urls() if url.isLocalFile()]


def link_look(button: QToolButton) -> None:
    """A flat button that reads as a link: underlined, in the link colour, a hand over it."""
    font = button.font()
    font.setUnderline(True)
    button.setFont(font)
    palette = button.palette()
    palette.setColor(QPalette.ColorRole.ButtonText, palette.color(QPalette.ColorRole.Link))
    button.setPalette(palette)
    button.setCursor(Qt.CursorShape.PointingHandCursor)


class FileField(QWidget):
    """One input: a path box with Browse, accepting drops; below it the detected format or
    the engine's message for a file that cannot be read."""

    path_changed = Signal(str)
    switch_requested = Signal(str)  # the name of a method that reads the file
    browsed = Signal(str)  # the folder a file was picked in

    def __init__(self, role: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.role = role
        self.spec: InputSpec | None = None
        self.folder_refused: FolderRefused | None = None  # what the method's run says of a folder (set_spec)
        self.format_list = False  # whether the method's Options choose the format (set_spec)
        self.start_folder = ""
        self.title = QLabel()
        self.edit = QLineEdit()
        self.edit.setPlaceholderText("Choose or drop a file…")
        self.edit.editingFinished.connect(self._typed)
        self.button = QToolButton()
        self.button.setText("Browse…")
        self.button.clicked.connect(self.browse)
        self.folder_button = QToolButton()  # where the method takes folders (files paired by name)
        self.folder_button.setText("Choose a folder…")
        self.folder_button.setAutoRaise(True)
        link_look(self.folder_button)
        self.folder_button.setToolTip("A folder instead of a file: its files are paired with the other "
                                      "side's by name")  # fmt: skip
        self.folder_button.clicked.connect(self.browse_folder)
        self.folder_button.hide()
        self.status = QLabel()
        self.status.setWordWrap(True)
        # A long word (a path, a label) is cut at the panel's edge, never widens the panel
        # past its Browse buttons; the whole text is the tooltip.
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.status.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.LinksAccessibleByMouse
        )
        self.status.linkActivated.connect(self.switch_requested)
        self.setAcceptDrops(True)
        row = QHBoxLayout()
        row.addWidget(self.edit, 1)
        row.addWidget(self.button)
        head = QHBoxLayout()  # the title, and on its right where the method takes folders, a folder
        head.addWidget(self.title, 1)
        head.addWidget(self.folder_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(head)
        layout.addLayout(row)
        layout.addWidget(self.status)
        self._last = ""
        self.error_text = ""
        self.contents_text = ""  # what the file offers to pick: its layers and labels
        self.contents_error: InputError | None = None  # why its reader cannot read it as set
        self.read_with_spans = False  # every run reads the file with the span readers (judge_contents)
        self.refusal: WrongFormat | None = None  # the file is another method's (set by the setup panel)
        self.look: Look | None = None  # what reading the file's first lines found (set by the setup panel)
        self.chosen = ""  # the title of the format the side's Format option names ("": recognised)
        self.failure = ""  # what happened where the look at the file crashed (a bug)
        self.contents_failure = ""  # what happened where the look at what it offers crashed

    def set_spec(
        self, spec: InputSpec, format_list: bool = False, folder_refused: FolderRefused | None = None
    ) -> None:
        """Adopt a method's description of this input (its name, help, formats; `format_list`:
        whether its Options have a Format list, which a file not recognised is pointed to;
        `folder_refused`: what its run says of a folder where it takes a file)."""
        self.spec, self.format_list, self.folder_refused = spec, format_list, folder_refused
        named = spec.name in self.role.split() or spec.name == self.role  # "second system" for "system"
        name = self.role.title() if named else f"{self.role.title()} ({spec.name})"
        self.title.setText(f"<b>{name}</b>")
        self.setToolTip(spec.help)
        # A method that takes folders: Choose a folder… in view on the title's line (it was a menu
        # entry behind a small arrow beside Browse…); the path box keeps its width.
        self.folder_button.setVisible(spec.directory)
        self.refresh()

    @property
    def path(self) -> str:
        return self.edit.text().strip()

    def set_path(self, path: str) -> None:
        """Choose a file: looked at anew; its layers and labels stay where it is the file
        chosen before (they are read again only where the side's file or options change)."""
        self.edit.setText(path)
        if path != self._last:
            self.contents_text, self.contents_error, self.contents_failure = "", None, ""
            self.read_with_spans = False
        self._last = path
        self.look, self.failure = None, ""
        self.refresh()
        self.path_changed.emit(path)

    def _typed(self) -> None:
        if self.path != self._last:
            self.set_path(self.path)

    def browse(self) -> None:
        start = str(Path(self.path).parent) if self.path else self.start_folder
        path, _ = QFileDialog.getOpenFileName(self, f"Choose the {self.role} file", start)
        if path:
            self.browsed.emit(str(Path(path).parent))
            self.set_path(path)

    def browse_folder(self) -> None:
        """Choose a folder, starting in the one chosen or in the chosen file's."""
        start = folder_to_browse(self.path, self.start_folder)
        path = QFileDialog.getExistingDirectory(self, f"Choose the {self.role} folder", start)
        if path:
            self.browsed.emit(str(Path(path).parent))
            self.set_path(path)

    def show_look(self, look: Look | None) -> None:
        """Show what a look at the file found (None: it is being looked at)."""
        self.look, self.failure = look, ""
        self.refresh()

    def show_failure(self, summary: str) -> None:
        """Say that a look at the file crashed, and what happened (its look has ended)."""
        self.failure = LOOK_CRASHED + summary
        self.look = self.look or Look(self.path)
        self.refresh()

    def refresh(self) -> None:
        """Show the file's format or its problem, as its look found them for the method."""
        if not self.path or self.spec is None:
            self.show_status("")
            return
        if self.look is None:
            self.show_status(html.escape(LOOKING))
            return
        if self.failure or self.contents_failure:
            self.show_error(self.failure or self.contents_failure)
            return
        spans = self._spans_read(self.read_with_spans, self.contents_error)
        found = judged(self.look, self.spec, self.chosen, spans, self.folder_refused)
        if found.error is not None and not (self.look.folder and self.refusal is not None):
            self.show_input_error(found.error)
        elif self.refusal is not None:  # the run refuses the file (a folder's first) before it reads any
            refusal = self.refusal
            readers = tuple((name, refusal.reader_titles[name]) for name in refusal.readers)
            self.show_error(refusal.app_sentence, html.escape(refusal.looks) + (switch_links(readers) or "."))
        elif self.contents_error is not None:
            self.show_input_error(self.contents_error)
        elif found.unknown and not self.chosen and not (found.format is None and self.contents_text):
            hint = NOT_RECOGNISED_HINT if self.format_list and not found.format else ""
            self.show_status(
                html.escape(
                    f"Format: {found.format or 'not recognised'} — {self.spec.name} files are "
                    f"{format_titles(self.spec)}{hint}"
                )
                + switch_links(found.readers),
                warning=True,
            )
        else:
            named = f"Format chosen: {self.chosen}" if self.chosen else f"Format: {found.format}"
            parts = (named if self.chosen or found.format else "", self.contents_text)
            line = " · ".join(part for part in parts if part)
            self.show_status(html.escape(line))

    def choose_format(self, title: str) -> None:
        """Read the file as the side's Format option says (its title; "": as recognised)."""
        if title != self.chosen:
            self.chosen = title
            self.refresh()

    def show_contents(
        self, text: str, error: InputError | None = None, failure: str = "", spans: bool = False
    ) -> None:
        """Add the file's layers and labels to its format line, or show why no format reads it
        (`failure`: the look at them crashed, and what happened; `spans`: as judge_contents)."""
        failure = LOOK_CRASHED + failure if failure else ""
        moved, self.read_with_spans = self._spans_moves(spans, error), spans
        shown = (self.contents_text, self.contents_error, self.contents_failure)
        if moved or (text, error, failure) != shown:
            self.contents_text, self.contents_error, self.contents_failure = text, error, failure
            self.refresh()

    def judge_contents(self, error: InputError | None, text: str, spans: bool = False) -> bool:
        """Show the reader's message about the file, or drop it where the run does not stop on
        it (the method, the other input or the Format options changed), and its layers and labels
        as the reader the run reads it with finds them (`text`; `spans`: the run reads it with
        the span readers, a folder too); whether the message changed."""
        changed = error is not self.contents_error
        moved, self.read_with_spans = self._spans_moves(spans, error), spans
        if changed or moved or text != self.contents_text:
            self.contents_error, self.contents_text = error, text
            self.refresh()
        return changed

    def judge_span_reading(self, spans: bool) -> None:
        """Take whether every run reads the file with the span readers (`spans`), found by the
        first looks at the files before what it offers is read: its box shown anew where that
        changes what its look means."""
        moved, self.read_with_spans = self._spans_moves(spans, self.contents_error), spans
        if moved:
            self.refresh()

    def _spans_moves(self, spans: bool, error: InputError | None) -> bool:
        """Whether the file read with the span readers or not (`spans`) changes what its look
        means (a folder the run reads with them, a zip they do not read): only then is its box
        shown anew for it (a run's message shown in the box stays)."""
        if spans == self.read_with_spans or self.look is None or self.spec is None:
            return False
        look, spec, chosen, folder = self.look, self.spec, self.chosen, self.folder_refused
        read_before = self._spans_read(self.read_with_spans, self.contents_error)
        before = judged(look, spec, chosen, read_before, folder)
        return before != judged(look, spec, chosen, self._spans_read(spans, error), folder)

    @staticmethod
    def _spans_read(spans: bool, error: InputError | None) -> bool:
        """Whether the run reads the file with the span readers: every run does (`spans`), or
        one stops on their message (`error`: a box shows it only where one reads it so)."""
        return spans or error is not None

    def show_status(self, text: str, *, warning: bool = False) -> None:
        """A note (rich text) under the path: the format, or a warning about it."""
        self.error_text = ""
        self.status.setTextFormat(Qt.TextFormat.RichText)
        self.status.setStyleSheet(f"color: {WARNING_COLOUR if warning else NOTE_COLOUR}")
        self.status.setText(text)
        self.status.setToolTip(text)
        self.status.setVisible(bool(text))

    def show_error(self, message: str, rich: str = "", short: str = "") -> None:
        """The engine's message, in place, in red, whole in its tooltip (shown as `rich` text
        where one is given: the message with links; else as `short` where one is given)."""
        self.error_text = message
        self.status.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
        self.status.setStyleSheet(f"color: {ERROR_COLOUR}")
        self.status.setText(rich or short or message)
        self.status.setToolTip(plain_tip(message))  # a file's text quoted in it shown as written
        self.status.setVisible(True)

    def show_input_error(self, err: InputError) -> None:
        """The engine's message about this input, naming its file by its name (the box shows
        which file it is: a whole path would take lines of the narrow panel first)."""
        self.show_error(input_error_text(err), short=input_error_text(err, box=self.path))

    def set_refusal(self, refusal: WrongFormat | None) -> None:
        """Say in place that the chosen method does not read this file, another does (None:
        it reads it, as far as its first lines tell)."""
        before = self.refusal.app_sentence if self.refusal is not None else None
        self.refusal = refusal
        if before != (refusal.app_sentence if refusal is not None else None):
            self.refresh()

    def owns(self, file: str | None) -> bool:
        """Whether an error about `file` concerns this input (the file, or one in its folder)."""
        if not file or not self.path:
            return False
        mine, theirs = Path(self.path), Path(file)
        return theirs == mine or mine in theirs.parents or _same(mine, theirs)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802
        if dropped_paths(event):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802
        paths = dropped_paths(event)
        if paths:
            event.acceptProposedAction()
            self.set_path(paths[0])


#: The role of the optional second system's field (the run becomes a comparison).
SECOND = SECOND_SYSTEM


def owners_of(fields: list[FileField], err: InputError) -> list[FileField]:
    """The inputs an error is about: the one it was found in (`about_input`), else those
    that are its file (gold and system may be the same file: those whose look said this very
    message where one did, the gold's of an export read for each side), else one whose folder
    holds it."""
    named = [field for field in fields if field.role == getattr(err, "about", None)]
    owners = [field for field in fields if field.owns(err.file)]
    exact = [field for field in owners if err.file and _same(Path(field.path), Path(err.file))]
    said = [field for field in exact if field.error_text == input_error_text(err)]
    return named or said or exact or owners[:1]


def about_input(role: str, step: Callable[[], None]) -> None:
    """Run a step that reads the input of `role`: an InputError raised there is about that
    input, though it may name another file (the second system holds a document the gold
    lacks: the gold, read fine before, is named)."""
    try:
        step()
    except InputError as err:
        err.about = role  # type: ignore[attr-defined]
        raise


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False
