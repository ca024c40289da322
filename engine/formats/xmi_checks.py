"""What cassis leaves unsaid about a bad UIMA CAS XMI file, in the project's words: an
offset that is no character boundary of the text, an annotation ending before it begins.

Each function here is given the file's bytes as read and looks in them as scannable() gives
them, made once on its way in (the look-ups below it take those)."""

from __future__ import annotations

import codecs
import re
import warnings
from collections.abc import Callable
from typing import Any

from ..errors import InputError, given

#: cassis's warning for an offset it cannot convert from UTF-16 units to characters (made
#: an error: cassis keeps the offset as it is and goes on, which counts wrong characters).
_UNMAPPED = re.compile(r"Not mapping external offset \[(-?\d+)\].*\[0-(\d+)\]")
#: An element's start tag: its type's prefix and name, and its attributes.
_START_TAG = re.compile(rb"<([\w.-]+):([\w.-]+)\b([^>]*)>")


def scannable(data: bytes) -> bytes:
    """A file's bytes for the look-ups of an element and its line, which search for ASCII
    patterns: a file in UTF-16 (told by its byte-order mark) in UTF-8, its line ends kept;
    any other as it is. Called on the error path only (the parser gets the file's bytes)."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16", errors="replace").encode("utf-8")
    return data


def unmapped_offsets_stop() -> None:
    """Have cassis raise its warning for an offset it cannot convert (the filter applies
    wherever a file is read, in any thread; set again before each file, as a test run
    restores the filters after each test; the same filter is not added twice)."""
    warnings.filterwarnings("error", message="Not mapping external offset", category=UserWarning,
                            module="cassis")  # fmt: skip


def unmapped_offset(warning: UserWarning, where: str, data: bytes) -> InputError:
    """The error of an offset cassis could not convert: outside the text, or inside a
    character of two UTF-16 units (an emoji), named by its element where it can be found."""
    found = _UNMAPPED.search(str(warning))
    if found is None:
        return InputError("a UIMA CAS the type system reads", str(warning), file=where)
    offset, length = found.groups()
    expected = f"begin and end offsets at character boundaries of the text (UTF-16 units, 0 to {length})"
    element = _element_with(scannable(data), rb'(?:^|\s)(begin|end)="' + offset.encode() + rb'"')
    if element is None:
        return InputError(expected, f"offset {offset}", file=where)
    (name, tag), line = element
    return InputError(expected, f'{name}="{offset}" in {tag}', file=where, line=line)


def _first_tag(data: bytes, wanted: Callable[[re.Match[bytes]], bool]) -> tuple[re.Match[bytes], int] | None:
    """The first start tag (_START_TAG's match) that is `wanted`, and its line."""
    for tag in _START_TAG.finditer(data):
        if wanted(tag):
            return tag, data.count(b"\n", 0, tag.start()) + 1
    return None


def line_of_element(data: bytes, type_name: str, attribute: str | None = None) -> int | None:
    """The line of the first element of a type (named by its short name), with `attribute`
    where one is given (None where there is none)."""
    local = type_name.rsplit(".", 1)[-1].encode()
    found = _first_tag(scannable(data), lambda tag: tag.group(2) == local and
                       (attribute is None or _has(tag.group(3), attribute)))  # fmt: skip
    return found[1] if found else None


def _element_with(data: bytes, attribute: bytes) -> tuple[tuple[str, str], int] | None:
    """The first element with an attribute matching `attribute` (a pattern whose group is
    its name): (its name, the element shown short) and its line."""
    pattern = re.compile(attribute)
    found = _first_tag(data, lambda tag: pattern.search(tag.group(3)) is not None)
    if found is None:
        return None
    tag, line = found
    return (pattern.search(tag.group(3)).group(1).decode(), _shown(tag)), line


def _shown(tag: re.Match[bytes]) -> str:
    """A start tag shown short: its element's name and xmi:id (`<Sofa xmi:id="1">`)."""
    xmi_id = re.search(rb'xmi:id="([^"]*)"', tag.group(3))
    ident = f' xmi:id="{xmi_id.group(1).decode(errors="replace")}"' if xmi_id else ""
    return f"<{tag.group(2).decode(errors='replace')}{ident}>"


#: The attributes cassis needs of an element: by its KeyError's key, the attribute's name,
#: the elements that need it (None: all but _UNIDENTIFIED) and those having which (an annotation's begin).
_NEEDED: dict[str | None, tuple[str, str | None, str | None]] = {
    "sofaNum": ("sofaNum", "Sofa", None),
    "sofa": ("sofa", "View", None),
    "{http://www.omg.org/XMI}id": ("xmi:id", None, None),
    None: ("sofa", None, "begin"),
}
#: The elements without an xmi:id by design (the root, a view), which a None in _NEEDED leaves out.
_UNIDENTIFIED = ("XMI", "View")
#: cassis's error of an element without an attribute its class needs (a Sofa's sofaID).
_MISSING_ARGUMENT = re.compile(r"(\w+)\.__init__\(\) missing \d+ required [\w-]+ arguments?: '(\w+)'")


def missing_argument(err: TypeError, where: str, data: bytes) -> InputError | None:
    """The error of an element without an attribute its class needs (None: not that error)."""
    found = _MISSING_ARGUMENT.search(str(err))
    if found is None:
        return None
    local = found.group(1).rsplit("_", 1)[-1]  # cassis names a type's class by its whole name
    return _without(found.group(2), local, None, where, scannable(data))


def _without(attribute: str, local: str | None, having: str | None,
             where: str, data: bytes) -> InputError | None:  # fmt: skip
    """The error of the first element (named `local`, with attribute `having`) without `attribute`."""
    found = _first_tag(data, lambda tag: _needs(tag.group(2).decode(errors="replace"), tag.group(3), local,
                                                having) and not _has(tag.group(3), attribute))  # fmt: skip
    if found is None:
        return None
    kind = local or ("annotation (its Sofa's xmi:id)" if having else "element")
    expected = f"{attribute}= in every {kind}"
    return InputError(expected, f"{_shown(found[0])} without it", file=where, line=found[1])


def _needs(name: str, attributes: bytes, local: str | None, having: str | None) -> bool:
    """Whether an element is one _without looks at: named `local` (None: any but
    _UNIDENTIFIED), with attribute `having` where one is given."""
    named = name not in _UNIDENTIFIED if local is None else name == local
    return named and (having is None or _has(attributes, having))


def _has(attributes: bytes, name: str) -> bool:
    return re.search(rb"(?:^|\s)" + re.escape(name.encode()) + rb"=", attributes) is not None


def backwards(fs: Any, where: str, data: bytes) -> InputError | None:
    """The error of an annotation that ends before it begins (None: it does not)."""
    if fs.begin is None or fs.end is None or fs.begin <= fs.end:
        return None
    element = f'<{fs.type.short_name} xmi:id="{fs.xmiID}" begin="{fs.begin}" end="{fs.end}">'
    return InputError("an annotation's begin at or before its end", element, file=where,
                      line=line_of_id(data, fs.xmiID))  # fmt: skip


def line_of_id(data: bytes, xmi_id: int) -> int | None:
    """The line of the element of this xmi:id (None where it cannot be found)."""
    found = _element_with(scannable(data), rb'(?:^|\s)(xmi:id)="' + str(xmi_id).encode() + rb'"')
    return found[1] if found else None


#: cassis's errors for an attribute value it cannot read: a number, a boolean.
_NOT_INT = re.compile(r"invalid literal for int\(\) with base 10: '(.*)'$")
_NOT_BOOL = re.compile(r"Not a boolean: (.*)$")


def cas_error(err: Exception, where: str, data: bytes) -> InputError:
    """The error of a CAS cassis could not load (a ValueError, KeyError …), naming the
    attribute and its element where the file shows which it was."""
    message, data = str(err), scannable(data)
    for pattern, expected in ((_NOT_INT, "a whole number"), (_NOT_BOOL, "true or false")):
        found = pattern.search(message) if isinstance(err, ValueError) else None
        if found:
            return _bad_value(expected, found.group(1), where, data)
    if isinstance(err, KeyError) and type(err.args[0]) is int:
        return _dangling(err.args[0], where, data)
    key = err.args[0] if isinstance(err, KeyError) and err.args else 0
    if isinstance(key, str | None) and key in _NEEDED:
        missing = _without(*_NEEDED[key], where, data)
        if missing is not None:
            return missing
    return InputError("a UIMA CAS the type system reads", f"{type(err).__name__}: {err}", file=where)


def _bad_value(expected: str, value: str, where: str, data: bytes) -> InputError:
    """An attribute whose value is not `expected`: the first with that value, an offset or
    a reference first (cassis's message names the value, not the attribute)."""
    shown = re.escape(value.encode())
    element = _element_with(data, rb'(?:^|\s)(begin|end|sofa|sofaNum|xmi:id)="' + shown + rb'"') or \
        _element_with(data, rb'(?:^|\s)((?!xmlns)[\w:.-]+)="' + shown + rb'"')  # fmt: skip
    if element is None:
        return InputError(expected, given(value), file=where)
    (name, tag), line = element
    return InputError(f"{expected} in {name}", f'{name}="{value}" in {tag}', file=where, line=line)


def _dangling(ident: int, where: str, data: bytes) -> InputError:
    """A reference to an xmi:id that no element has: the first attribute that holds it, a
    sofa or a view's members first (an offset is no reference)."""
    expected = "references to elements of the file (their xmi:id)"
    number = str(ident).encode()
    if re.search(rb'\sxmi:id="' + number + rb'"', data):  # there, but not an element cassis keeps
        return InputError("a UIMA CAS the type system reads", f"KeyError: {ident}", file=where)
    holding = rb'="(?:[^"]*\s)?' + number + rb'(?:\s[^"]*)?"'
    element = _element_with(data, rb"(?:^|\s)(sofa|members)" + holding) or \
        _element_with(data, rb"(?:^|\s)((?!(?:begin|end|sofaNum|xmi:id)=)[\w:.-]+)" + holding)  # fmt: skip
    if element is None:
        return InputError(expected, f"a reference to xmi:id {ident}, which no element has", file=where)
    (name, tag), line = element
    return InputError(expected, f"{name} referring to xmi:id {ident}, which no element has, in {tag}",
                      file=where, line=line)  # fmt: skip
