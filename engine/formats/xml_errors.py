"""An XML parser's error (lxml's, as cassis reads an XMI file or a type system) in the
project's words: the file, the line and column, what was expected, and the parser's reason
in plain words, short; where the error lies at the file's end, that it may be cut short."""

from __future__ import annotations

import re
from typing import Any

from ..errors import InputError

#: libxml2's reasons (their start) and what each says in plain words (\1, \2 … its parts).
_PLAIN: tuple[tuple[str, str], ...] = (
    (r"Couldn't find end of Start Tag (\S+)", r"the start tag <\1> not closed by '>'"),
    (r"Premature end of data in tag (\S+) line (\d+)", r"the file's end inside <\1> (opened at line \2)"),
    (r"Specification mandates value for attribute (\S+)", r"attribute \1 without a value"),
    (r"Opening and ending tag mismatch: (\S+) line (\d+) and (\S+)",
     r"the end tag </\3> where <\1> (line \2) is open"),
    (r"AttValue: .* expected|String not started expecting", "an attribute value without quotes"),
    (r"String not closed expecting", "a quoted value not closed"),
    (r"Extra content at the end of the document", "more after the end tag of the document's element"),
    (r"Start tag expected, '<' not found", "no XML element (not XML?)"),
    (r"Document is empty", "no XML element (an empty file?)"),
    (r"EndTag: '</' not found", "the file's end before the end tags"),
    (r"Failed to parse QName '([^']*)'", r"a name cut after its prefix '\1'"),
    (r"StartTag: invalid element name", "'<' without an element name after it"),
    (r"attributes construct error|error parsing attribute name", "a malformed attribute"),
    (r"expected '>'", "a tag not closed by '>'"),
    (r"expected '='", "an attribute name without '=' and a value"),
    (r"xmlParseEntityRef: no name", "'&' that starts no entity (write &amp;)"),
    (r"CharRef: invalid", "a malformed character reference (&#…;)"),
    (r"Input is not proper UTF-8", "bytes that are not UTF-8"),
    (r"Invalid bytes in character encoding",
     "bytes that are not text in the file's encoding (UTF-8, where no byte-order mark or XML declaration "
     "names another)"),
    (r"Unsupported encoding:? (\S+)", r"encoding \1 (its XML declaration's), which the parser does not know"),
    (r"Malformed declaration|parsing XML declaration", "a malformed XML declaration (<?xml …?>)"),
    (r"(?:Invalid character: )?Char 0x0 out of allowed range", "a NUL byte (XML allows none)"),
    (r"(?:Invalid character: )?Char 0x(\w+) out of allowed range",
     r"a control character (0x\1), which XML does not allow"),
    (r"\w* ?invalid Char value (\d+)", r"a control character (code \1), which XML does not allow"),
)
_WHERE = re.compile(r"\s*, line \d+, column \d+$")
_END = "the file's end"  # how a reason about the file's end begins
_SHORT = 80  # characters of a reason no table entry words


def plain_reason(message: str) -> str:
    """A parser's message in plain words: a known reason reworded, else the message without
    its place, cut short."""
    bare = _WHERE.sub("", message).strip()  # libxml2 ends some reasons with a line end
    for pattern, words in _PLAIN:
        found = re.match(pattern, bare)
        if found:
            return found.expand(words)
    return bare if len(bare) <= _SHORT else bare[: _SHORT - 1] + "…"


def xml_error(err: Any, expected: str, file: str, data: bytes) -> InputError:
    """The InputError of an lxml XMLSyntaxError `err` reading `data` (the file's bytes)."""
    line, column = err.position if err.position else (err.lineno, None)
    found = plain_reason(err.msg or str(err))
    if column:
        found += f" at column {column}"
    if line and _at_end(data, line, column):
        found += ": was it cut short?" if found.startswith(_END) else "; the file ends there: cut short?"
    return InputError(expected, found, file=file, line=line or None)


def _at_end(data: bytes, line: int, column: int | None) -> bool:
    """Whether the parser stopped at the file's end: past its last line that holds anything
    but white space, or on that line past its last such character (`column` counts
    characters from 1; not an error inside a file of one long line, as XMI often is)."""
    text = data.rstrip()
    last = text.count(b"\n") + 1
    if line != last or column is None:
        return line >= last
    tail = text[text.rfind(b"\n") + 1 :].decode("utf-8", errors="replace")
    return column > len(tail.removeprefix("\ufeff"))
