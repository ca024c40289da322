"""Cells of an original-format text file (CSV or TSV) that a spreadsheet would run as a
formula, found to warn of them (such files are written byte for byte as the original
tool writes them). Apart from engine.export.csv, so that a run writing only its
original's file does not import the CSV writer.

A cell a spreadsheet would run: at the start of a line (after LF, or a lone CR, which
spreadsheets also take as a line's end) or after a delimiter (optionally in quotes), `=`
or `@`, or `+`/`-` before anything but a number (tests/engine/test_shown_and_json.py
holds the same rule as one regular expression). The text is looked
at in UTF-8, where each of these characters is its own byte and every other character's
bytes are above 127."""

from __future__ import annotations

import re

import numpy as np

_MARKS = b"=@+-"
_NEWLINE = ord("\n")
_CELL_ENDING = re.compile(rb"[\t,;\r\n]")


def _table(characters: bytes) -> np.ndarray:
    """Per byte, whether it is one of `characters`."""
    table = np.zeros(256, dtype=bool)
    table[list(characters)] = True
    return table


#: What ends the cell before a cell (a line start too: LF, or CR, which a spreadsheet
#: reading CSV takes as a line's end on its own).
_CELL_END = _table(b"\t,;\r\n")
#: What after a `+` or `-` makes it no formula (a number, or an empty rest of the cell).
_NUMBER_AFTER_SIGN = _table(b'0123456789.\t,;"\r\n')
_SIGN = _table(b"+-")


def runnable_warning(name: str, text: str) -> str | None:
    """The warning for an original-format file (written byte for byte as the original did)
    that holds a cell a spreadsheet would run; None when it holds none."""
    found = runnable_cell(text)
    if found is None:
        return None
    line, cell = found
    return (
        f"{name}:{line}: the cell {cell!r} (and perhaps others) would run as a formula if the file "
        "is opened in a spreadsheet; it is written as the original tool writes it (the review "
        "workbook, --xlsx, and Export CSV keep such text as text)"
    )


def runnable_cell(text: str) -> tuple[int, str] | None:
    """The line number and text (its first 200 characters) of the first cell a
    spreadsheet would run as a formula (None: no such cell)."""
    data = text.encode("utf-8", "surrogatepass")  # ASCII text: one copy
    start = _first_runnable(data)
    if start is None:
        return None
    ending = _CELL_ENDING.search(data, start)
    cell = data[start : ending.start() if ending else len(data)]
    return data.count(b"\n", 0, start) + 1, cell.decode("utf-8", "surrogatepass")[:200]


def _first_runnable(data: bytes) -> int | None:
    """Where (in bytes) the first runnable cell starts: each `=@+-` is looked at only where
    a cell starts (after a line start or a delimiter, perhaps a quote), all at once by
    numpy over the bytes (no regex stopping at each `-` of ids like `page-000123`), each
    kind of byte told by a table."""
    marks = [mark for mark in _MARKS if mark in data]  # memchr scans
    if not marks:
        return None
    codes = np.frombuffer(data, np.uint8)
    found = codes == marks[0]
    for mark in marks[1:]:
        found |= codes == mark
    at = np.flatnonzero(found)
    two_before, before, after = (_codes_at(codes, at + shift) for shift in (-2, -1, 1))
    quote_before = _CELL_END[two_before] & (before == ord('"'))
    runs = (_CELL_END[before] | quote_before) & ~(_SIGN[codes[at]] & _NUMBER_AFTER_SIGN[after])
    first = np.flatnonzero(runs)
    if not len(first):
        return None
    k = int(first[0])
    return int(at[k]) - int(quote_before[k])


def _codes_at(codes: np.ndarray, places: np.ndarray) -> np.ndarray:
    """codes[places], a line end where a place is before the text or after it (the first
    cell starts after a line end; the last one is followed by one)."""
    inside = (places >= 0) & (places < len(codes))
    return np.where(inside, codes[np.clip(places, 0, len(codes) - 1)], _NEWLINE)
