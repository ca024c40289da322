"""The one error type for bad input, and the cancellation signal."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

#: How much of one part of a message (what was expected, what was found, the file name)
#: is shown: a longer part keeps its start and its end around a note of what was cut.
SHOWN_HEAD = 240
SHOWN_TAIL = 60

#: The invisible format characters (Unicode category Cf that shows no glyph, and the line and
#: paragraph separators): a byte-order mark in mid-file, zero-width spaces and joiners, the
#: soft hyphen, the bidirectional marks, overrides and isolates, tags. A text holding one looks
#: the same as one without it, so a message shows each as an escape a person can look up.
_INVISIBLE = ("\xad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb"
              "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f")  # fmt: skip

#: C0 and C1 controls, DEL, lone surrogates (bytes a file name could not decode),
#: U+FFFE/U+FFFF and the invisible characters (the bidirectional overrides among them): what
#: could move the cursor, recolour or reorder a terminal, or hide in a text. The patterns of
#: this module are left to re's own cache, compiled when first used (compiled at import they
#: cost 1 ms of the start of every run, most of which show no message).
_UNSAFE = f"[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff{_INVISIBLE}]"


_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escaped(char: str) -> str:
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (os.fsdecode's surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    if code > 0xFFFF:
        return f"\\U{code:08x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


#: What an invisible character is called where its Unicode name would mislead or puzzle.
_CALLED = {"\ufeff": "a byte-order mark", "\xad": "a soft hyphen", "\u2028": "a line separator",
           "\u2029": "a paragraph separator"}  # fmt: skip


def invisible_named(*texts: str) -> str:
    """A note naming the invisible characters in `texts` as messages escape them
    (` (\\ufeff is a byte-order mark)`), '' where there are none."""
    found = dict.fromkeys(re.findall(f"[{_INVISIBLE}]", "".join(texts)))
    if not found:
        return ""
    import unicodedata  # only for the rare message that needs it

    named = [f"{_escaped(c)} is {_CALLED.get(c) or 'a ' + unicodedata.name(c, 'format character').lower()}"
             for c in found]  # fmt: skip
    return f" ({first_listed(named, 3, '; ', more='; …')})"


def shown(text: str, *, cut: bool = True) -> str:
    """`text` safe to print in one line: control characters escaped (`\\x1b`), a long text
    cut in the middle (`… [1,234 characters cut] …`) unless `cut` is False."""
    if cut and len(text) > SHOWN_HEAD + SHOWN_TAIL + 40:
        removed = len(text) - SHOWN_HEAD - SHOWN_TAIL
        text = f"{text[:SHOWN_HEAD]}… [{removed:,} characters cut] …{text[-SHOWN_TAIL:]}"
    return re.sub(_UNSAFE, lambda m: _escaped(m.group()), text)



def given(value: Any) -> str:
    """A value the user gave, as a message quotes it: a text in single quotes as it is (a
    Windows path keeps single backslashes, unlike repr), anything else as str writes it."""
    return f"'{shown(value)}'" if isinstance(value, str) else str(value)

#: A lone surrogate: a byte of a name the system gave that was not UTF-8 (os.fsdecode).
_SURROGATE = "[\ud800-\udfff]"


def describe(value: Any) -> str:
    """A JSON value as a message shows it: scalars as JSON text, containers by kind."""
    if isinstance(value, dict | list):
        return "an object" if isinstance(value, dict) else "an array"
    return json_value(value)


def json_value(value: Any, most: int = 60) -> str:
    """A value read from a JSON file as the file writes it (`true`, `null`, `"abc"`, `{"a": 1}`,
    not Python's `True`, `None`, `'abc'`): its JSON text, control characters escaped (shown),
    cut to `most` characters with "…"."""
    import json  # messages only: plain runs do not load it

    return cut_to(shown(json.dumps(value, ensure_ascii=False, default=str), cut=False), most)


def cut_to(text: str, most: int) -> str:
    """`text` cut to `most` characters, its last "…" where it was longer."""
    return text if len(text) <= most else text[: most - 1] + "…"


def names_escaped(text: str) -> str:
    """`text` with each byte of a name that was not UTF-8 escaped as messages show it
    (`\\xff`), every other character kept (a file or report can then be UTF-8)."""
    return re.sub(_SURROGATE, lambda found: _escaped(found.group()), text)


def first_listed(items: Sequence[Any], most: int, separator: str = ", ", more: str = " and {} more",
                 show: Callable[[Any], str] = str) -> str:  # fmt: skip
    """The first `most` items as `show` writes them, joined by `separator`; then, where there
    are more, `more` with how many (`a, b, c and 4 more`; a `more` of ", …" names no number)."""
    shown = separator.join(map(show, items[:most]))
    return shown + more.format(len(items) - most) if len(items) > most else shown


def nothing_found(path: Any) -> str:
    """What a file a reader found nothing in is, for its message: "an empty file" (no bytes),
    "a file of blank lines" (white space only), else "none" (reads it: for an error alone)."""
    from pathlib import Path  # only for the message

    try:
        data = Path(path).read_bytes()
    except (OSError, TypeError, ValueError):  # a folder, a name that is no file
        return "none"
    return nothing_in(data)


def nothing_in(data: bytes) -> str:
    """nothing_found's words for a file's bytes already read."""
    if not data:
        return "an empty file"
    return "none" if data.removeprefix(b"\xef\xbb\xbf").strip() else "a file of blank lines"


class WayOn(NamedTuple):
    """A way on that a message names, as data: option `name` given `value` with the flag of
    `side` (gold, system, system_b; "" for the flag of both sides): `--gold-tag-column N`."""

    name: str
    side: str
    value: str

    def __str__(self) -> str:
        from .options import option_flag  # the options module imports this one

        return f"{option_flag(self.name, self.side)} {self.value}"


#: What was found, in parts: text, and the ways on it names (WayOn), each rendered by str.
Parts = tuple[str | WayOn, ...]


def file_line(file: str, line: int | None) -> str:
    """`FILE:LINE`, or `FILE` where no line applies: where a message is about."""
    return f"{file}:{line}" if line is not None else file


class InputError(Exception):
    """Bad input a user can act on: where it is, what was expected, what was found (a text,
    or Parts: the ways on it names kept as data, so that a message about another side can
    name that side's flags)."""

    def __init__(
        self,
        expected: str,
        found: str | Parts,
        *,
        file: str | None = None,
        line: int | None = None,
        option: str | None = None,
    ) -> None:
        self.expected = expected
        self.parts: Parts = (found,) if isinstance(found, str) else found
        self.file = file
        self.line = line
        self.option = option
        super().__init__(self.message)

    @property
    def found(self) -> str:
        """What was found, as the message says it."""
        return "".join(map(str, self.parts))

    @found.setter
    def found(self, text: str) -> None:
        self.parts = (text,)

    def way_on(self, name: str) -> WayOn | None:
        """The way on this error names for option `name` (the first), None where it names none."""
        return next((part for part in self.parts if isinstance(part, WayOn) and part.name == name), None)

    def saying(self, found: Parts) -> InputError:
        """The error (its place, what was expected) saying `found` instead."""
        return InputError(self.expected, found, file=self.file, line=self.line, option=self.option)

    @property
    def where(self) -> str:
        """`FILE:LINE`, `FILE`, `--option` or '' (no place applies)."""
        if self.option:
            return shown(self.option)
        if self.file is None:
            return ""
        return file_line(shown(str(self.file)), self.line)

    @property
    def message(self) -> str:
        """The one line shown to a person (see `shown`)."""
        expected, found = str(self.expected), str(self.found)
        text = f"expected {shown(expected)}, found {self._found_shown()}{invisible_named(expected, found)}"
        return f"{self.where}: {text}" if self.where else text

    def _found_shown(self) -> str:
        """What was found as shown: each text part cut on its own where it is long (a file's
        long value is one part), the ways on it names never, so that a long path in a part
        after them (`(the system file PATH too)`) cuts none of their advice."""
        return "".join(shown(part) if isinstance(part, str) else shown(str(part), cut=False)
                       for part in self.parts)  # fmt: skip

    def __str__(self) -> str:
        return self.message


class FileWarning(str):
    """A warning about one input file, as shown (`FILE: …`, `FILE:LINE: …`: the file named
    once), with the file as data: the warnings of several inputs are told apart by it, never
    by their text (a compared second system's: engine/comparison.py)."""

    file: str

    def __new__(cls, file: str, said: str, line: int | None = None) -> FileWarning:
        warning = super().__new__(cls, f"{file_line(file, line)}: {said}")
        warning.file = file
        return warning

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        """Copied and pickled as the same text and file (str's own way would call __new__
        with the text alone)."""
        return _file_warning, (str(self), self.file)


def _file_warning(text: str, file: str) -> FileWarning:
    """A FileWarning of a text already shown with its file (unpickled, copied)."""
    warning = str.__new__(FileWarning, text)
    warning.file = file
    return warning


class Cancelled(Exception):
    """Raised inside an evaluation when the user asked to stop it."""
