"""What the JSON span readers (doccano, Label Studio) share: reading a JSON, JSON Lines or
pretty-printed file into its records, checking offsets, and the documents they make."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import orjson

from ..errors import InputError, json_value
from ..spans import Document
from ..textio import BOM_BYTES, decode_utf8, read_input_bytes
from .standoff import text_document


@dataclass(frozen=True)
class Record:
    """One JSON object of a file: where it is (line, JSON path) and its value."""

    value: Any
    line: int | None  # its line in JSON Lines (None inside one JSON document: the path says where)
    path: str  # its JSON path: "$" or "$[3]"


def records(path: str, data: bytes | None = None) -> Iterator[Record]:
    """The objects of a file (of its bytes `data` where it was read already): a JSON array's
    items, one JSON object, or JSON Lines."""
    data = read_input_bytes(path) if data is None else data
    items = _array_items(data)
    if items is None:
        text = decode_utf8(data, path)
        try:
            whole = orjson.loads(text)
        except orjson.JSONDecodeError as err:
            if not _first_line_whole(text):  # one JSON document (pretty-printed): where it stops
                raise _invalid(err, path, err.lineno) from None
            yield from _json_lines(text, path)
            return
        if not isinstance(whole, list):
            yield Record(whole, 1, "$")
            return
        items = whole
    items.reverse()  # each item let go of as it is given (see free_each)
    for i in range(len(items)):
        yield Record(items.pop(), None, f"$[{i}]")


def free_each(items: list[Any]) -> None:
    """Let go of a list's items one at a time: the last reference to a decoded export (20,000
    tasks of 30 MB) freed at once is one deallocation of 0.1 s in which no other thread runs
    (the app's window); between two items the interpreter can switch threads."""
    while items:
        items.pop()


#: A file that begins as a JSON array (after a byte-order mark and JSON's white space).
_ARRAY = re.compile(rb"(?:\xef\xbb\xbf)?[ \t\n\r]*\[")


def _array_items(data: bytes) -> list[Any] | None:
    """The items of a file (its bytes) that is one JSON array, each decoded on its own, so
    that other threads run between them (the app's window: one decode of a 30 MB export
    holds the interpreter 0.4-0.7 s); None for any other file, and for any JSON orjson or
    msgspec refuses (read whole as text then, for its message and line). msgspec splits the
    array into its items' JSON without making their values (20-30 ms for 30 MB), from the
    bytes: the file is not decoded whole (orjson checks each item's UTF-8). All are decoded
    before the first is given, so invalid JSON or UTF-8 anywhere (msgspec leaves numbers
    and strings unread: 1e400 is orjson's error) is the message before any record is judged."""
    if not _ARRAY.match(data):
        return None
    import msgspec  # here: JSON Lines and single objects do not pay its import

    body = memoryview(data)[len(BOM_BYTES) if data.startswith(BOM_BYTES) else 0 :]
    try:
        raws = msgspec.json.decode(body, type=list[msgspec.Raw])
        return [orjson.loads(memoryview(raw)) for raw in raws]
    except (ValueError, RecursionError):  # msgspec's and orjson's errors; too deep for msgspec
        return None


def _first_line_whole(text: str) -> bool:
    """Whether the first line that is not blank is a JSON value of its own (JSON Lines)."""
    first = text.lstrip().split("\n", 1)[0]
    try:
        orjson.loads(first)
    except orjson.JSONDecodeError:
        return False
    return True


def _json_lines(text: str, path: str) -> Iterator[Record]:
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            yield Record(orjson.loads(line), number, "$")
        except orjson.JSONDecodeError as err:
            raise _invalid(err, path, number) from None


def _invalid(err: orjson.JSONDecodeError, path: str, line: int) -> InputError:
    """The error of invalid JSON at a line (a truncated file's: the line where it ends)."""
    return InputError("a JSON object on each line (JSON Lines), or one JSON document",
                      f"invalid JSON ({err.args[0].split(':')[0]})", file=path, line=line)


def bad(record: Record, path: str, expected: str, found: str, where: str = "") -> InputError:
    """An InputError naming the file, the line and the JSON path of what is wrong."""
    at = f"{record.path}{where}"
    return InputError(expected, f"{found} at {at}", file=path, line=record.line)


def place(record: Record, where: str) -> str:
    """Where a value of a record is, for messages: `line 3 .label[1]` in JSON Lines, else its
    JSON path (`$[2].annotations[0].result[1].value`)."""
    return f"line {record.line} {where}" if record.line is not None else f"{record.path}{where}"


#: An offset whose key the object does not have (said missing, where null is JSON's `null`).
MISSING: Any = type("Missing", (), {"__repr__": lambda _: "MISSING"})()


def offsets(record: Record, path: str, where: str, start: Any, end: Any, length: int,
            keys: tuple[str, str] = ("start", "end")) -> tuple[int, int]:  # fmt: skip
    """Checked character offsets [start, end) inside a text of `length` code points (MISSING
    where the object has no such key; `keys`: how the file names the two)."""
    if type(start) is not int or type(end) is not int:
        found = ", ".join(f"no {key}" if value is MISSING else f"{key} {json_value(value)}"
                          for key, value in zip(keys, (start, end), strict=True))  # fmt: skip
        raise bad(record, path, "whole-number start and end offsets", found, where)
    if not 0 <= start <= end <= length:
        raise bad(record, path, f"0 ≤ start ≤ end ≤ {length} (the text's length)", f"[{start}, {end})", where)
    return start, end


_LINE = re.compile(r"[^\n]+")


def document(name: str, text: str) -> Document:
    """A text document whose units are the text's lines (for the context of errors)."""
    units = [m.span() for m in _LINE.finditer(text)]
    return text_document(name, text, units or [(0, len(text))])


def unique_name(candidate: Any, number: int, used: set[str]) -> str:
    """The record's id as its document name, or its number where it has none (or a repeated one)."""
    name = str(candidate) if isinstance(candidate, str | int) and not isinstance(candidate, bool) else ""
    if not name or name in used:
        name = str(number)
    used.add(name)
    return name
