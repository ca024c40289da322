"""A report's tables as CSV files: the error table and every score and detail table.

`write_csv(report, folder)` writes `errors.csv` and one `<table>.csv` per table of the
report into a folder. Every file is rendered in memory first and then written all or
none (engine.writing.atomic_write_files), so a failure leaves no half-written file. Text
that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a TAB or a
carriage return) is written with a leading apostrophe, which spreadsheets show as text;
numbers are written as they are.
Files are UTF-8 with a byte-order mark (so that spreadsheet programs read them as UTF-8)
and CRLF line ends, as RFC 4180 gives them.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from operator import itemgetter
from pathlib import Path
from types import NoneType
from typing import Any

import numpy as np

from ..errors import InputError, names_escaped
from ..progress import NO_PROGRESS, Progress
from ..report import Coded, Later, Report
from ..textio import BOM
from ..writing import atomic_write_files
from .rowtexts import Piece, Rows, fixed, objects, taken

#: First characters that make a spreadsheet read a cell as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

ERRORS_FILE = "errors.csv"

# A text of a column joined with NUL, after a NUL, that starts like a formula (a NUL inside a
# text can only give a false alarm: the column is then checked text by text). The pattern
# begins with a plain character, which the regex engine finds by a fast scan: 2.5-12 times
# faster than `(?:^|\x00)` on FairEval's 41,857 error rows.
_FORMULA_AT_START = re.compile("\x00(?=[" + re.escape("".join(FORMULA_STARTS)) + "])")


def cell(value: Any) -> str:
    """How one value is written: numbers exactly, lists as JSON, formulas defused."""
    kind = type(value)
    if kind is str:  # the usual cells first
        return "'" + value if value.startswith(FORMULA_STARTS) else value
    if kind is int:
        return repr(value)
    if kind is list and not value:
        return "[]"
    return _other_cell(value)


def _other_cell(value: Any) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, list | tuple | dict):
        return json.dumps(value, ensure_ascii=False)
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def table_text(columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """One CSV document: a header line, then a line per row."""
    return _decoded(rows_file(columns, rows))


def rows_file(columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> str | Blocks:
    """table_text's document, as columns_file gives it where made a column at a time."""
    if columns and set(map(len, rows)) <= {len(columns)}:  # a column at a time (the lengths looked at in C)
        return columns_file(columns, list(zip(*rows, strict=True)) or [() for _ in columns])
    return _text(columns, (map(cell, row) for row in rows))


def columns_text(columns: Sequence[str], values: Iterable[Sequence[Any]]) -> str:
    """One CSV document from its columns' values (equally long), as columns_file makes it."""
    return _decoded(columns_file(columns, values))


def columns_file(columns: Sequence[str], values: Iterable[Sequence[Any]]) -> str | Blocks:
    """One CSV document from its columns' values (equally long), each column's fields
    made as a whole and the lines joined from them; laid out at once where every column
    is Pieces (pieces_text's blocks: two or more columns, a mixed call fails)."""
    held = list(values)  # every column held while its id is a key
    if laid_out(held):
        return pieces_text(columns, held)
    made = {id(column): column for column in held}  # a column shown twice (poetry's ref_start) made once
    fields_of = {key: _fields(column) for key, column in made.items()}
    fields = [fields_of[id(column)] for column in held]
    if len(fields) == 1:  # the csv module writes a row of one empty field as "" (an empty line is no row)
        fields = [[field or '""' for field in fields[0]]]
    header = _text(columns, ()).encode("utf-8", "surrogatepass")
    return Blocks([header, *row_blocks(fields)])


#: Fields and their commas and line ends joined at a time (row_blocks: the block's list and
#: text kept small, below 1 MB even in UCS-4). Medians of 21 (of 7 for a line at a time):
#: ProPara x10's error rows 21 ms (1 << 15: 29 ms) against 46 ms joined a line at a time, its
#: Grid 15 against 24 ms; CLUEval's 36 columns of short fields 19 against 27 ms, 17 columns
#: 20 against 24-25 ms.
JOIN_ITEMS = 1 << 14


def row_blocks(fields: list[list[str]]) -> Iterator[bytes]:
    """The rows of columns of fields in UTF-8, a block of rows at a time: the block's fields,
    each followed by its comma or line end, put in one list (a row's list repeated, each
    column's part put in by one slice assignment) and joined once; no line made."""
    count, width = (len(fields[0]) if fields else 0), len(fields)
    if any(len(column) != count for column in fields):
        raise ValueError("columns of different lengths")
    row = [None, ","] * (width - 1) + [None, "\r\n"]
    step = max(1, JOIN_ITEMS // len(row))
    parts = row * step
    for start in range(0, count, step):
        stop = min(start + step, count)
        if stop - start < step:  # the last block
            parts = row * (stop - start)
        for k, column in enumerate(fields):
            parts[2 * k :: 2 * width] = column[start:stop]
        yield "".join(parts).encode("utf-8", "surrogatepass")  # type: ignore[arg-type]  # no None left


class Fields(list[str]):
    """A column's fields made already, as column_fields makes them (a table's rows give
    them: report.Later.csv_columns): written as they are."""


def _fields(column: Sequence[Any]) -> list[str]:
    if isinstance(column, Fields):
        return column
    return column_fields(column if isinstance(column, list) else list(column))


def column_fields(values: list[Any]) -> list[str]:
    """A column's values as the csv module writes `cell` of each in a row of two or more
    fields: numbers exactly, formulas defused, quoted where a field must be."""
    try:
        return text_fields(values, defuse=True)  # a column of texts (joining them fails at any other value)
    except TypeError:
        kinds = set(map(type, values))
    if kinds <= {int, float, NoneType}:
        return number_fields(values, exact_json=float not in kinds)
    if kinds == {str, NoneType}:
        return text_fields([v or "" for v in values], defuse=True)
    fields = whole_number_lists(values) if kinds == {list} else None
    return fields if fields is not None else text_fields(list(map(cell, values)), defuse=False)


def number_fields(values: list[int | float | None], exact_json: bool = False) -> list[str]:
    """Numbers as repr() writes them, None and NaN empty: orjson writes the column as one
    JSON array (6 times faster than repr() of each float), and repr() writes the floats
    whose JSON is not their repr (unless `exact_json`: no floats): in exponent notation
    (orjson's `1e16`, `1e-7`; repr's `1e+16`, `1e-07`), below 1e-4 without it (orjson's
    `0.00001`, repr's `1e-05`), and infinities (null in JSON, as None and NaN)."""
    import orjson  # here: a run that writes no CSV does not load it (uuid, datetime, platform)

    if not values:
        return []
    try:
        text = orjson.dumps(values).decode()
    except orjson.JSONEncodeError:  # an integer past 64 bits
        return list(map(_number, values))
    fields = text[1:-1].replace("null", "").split(",")
    if exact_json or not ("e" in text or "0.0000" in text or text.count("null") != values.count(None)):
        return fields
    exact = zip(fields, values, strict=True)
    return [f if f and "e" not in f and not f.startswith(_BELOW_1E_4) else _number(v) for f, v in exact]


#: How orjson begins a number below 1e-4 in size that it writes without an exponent.
_BELOW_1E_4 = ("0.0000", "-0.0000")


def _number(value: int | float | None) -> str:
    return "" if value is None or value != value else repr(value)


#: What the JSON of lists of whole numbers is made of.
_WHOLE_NUMBER_LISTS = b"0123456789-,[]"
_COMMA, _OPEN, _CLOSE, _QUOTE, _SPACE = b',[]" '


def whole_number_lists(values: list[list[Any]]) -> list[str] | None:
    """Lists of whole numbers (or of such lists, at any depth) as str() and JSON write
    them (`[[4, 7], [9, 10]]`), quoted where they hold a comma: orjson writes the column
    as one JSON array, and numpy finds the commas between the lists (outside every
    bracket but the array's), puts a space after the others and quotes around the lists
    holding them. None: some list holds something else (its JSON has other characters)."""
    import orjson

    if not values:
        return []
    try:
        text = orjson.dumps(values)
    except orjson.JSONEncodeError:  # an integer past 64 bits, or lists nested too deep
        return None
    if text.translate(None, _WHOLE_NUMBER_LISTS):
        return None
    codes = np.frombuffer(text, np.uint8)[1:-1]  # the lists, without the array's brackets
    depth = np.cumsum((codes == _OPEN).astype(np.int32) - (codes == _CLOSE))
    commas = codes == _COMMA
    between, inner = np.flatnonzero(commas & (depth == 0)), np.flatnonzero(commas & (depth > 0))
    if len(between) != len(values) - 1:
        return None
    quoted = np.zeros(len(values), dtype=bool)
    quoted[np.searchsorted(between, inner)] = True  # the lists holding a comma
    starts, ends = np.append(0, between + 1)[quoted], np.append(between, len(codes))[quoted]
    codes = codes.copy()
    codes[between] = 0  # split there
    signs = np.repeat(np.array([_QUOTE, _SPACE, _QUOTE], np.uint8), [len(starts), len(inner), len(ends)])
    laid = _inserted(codes, np.concatenate([starts, inner + 1, ends]), signs)
    return laid.tobytes().decode().split("\x00")


def _inserted(codes: np.ndarray, places: np.ndarray, signs: np.ndarray) -> np.ndarray:
    """np.insert(codes, places, signs) for distinct places, by one scatter (no sort)."""
    before = np.cumsum(np.bincount(places, minlength=len(codes) + 1))  # insertions at or before each place
    laid = np.empty(len(codes) + len(places), dtype=np.uint8)
    laid[np.arange(len(codes)) + before[:-1]] = codes
    laid[places + before[places] - 1] = signs
    return laid


def quoted(text: str) -> bool:
    """Whether the csv module quotes a field (QUOTE_MINIMAL, delimiter ','): one holding a
    quote, a comma or a line break (a row of one empty field too: columns_text). Four
    scans for one character each, 60 times faster than a regex's character class."""
    return '"' in text or "," in text or "\n" in text or "\r" in text


def text_fields(texts: list[str], defuse: bool) -> list[str]:
    """Texts as fields: those starting like a formula defused (when `defuse`), those
    holding a quote, a comma or a line break quoted; each kind found by one scan of the
    texts joined with a NUL before each, and only the texts found changed."""
    return _fields_joined(texts, defuse)[0]


def _fields_joined(texts: list[str], defuse: bool) -> tuple[list[str], str | None]:
    """text_fields, and the texts joined with a NUL before each where none is changed (else None)."""
    joined = "\x00".join(["", *texts])
    formulas = defuse and _FORMULA_AT_START.search(joined) is not None
    if not (formulas or quoted(joined)):
        return texts, joined
    return _changed_fields(texts, joined, formulas), None


def _changed_fields(texts: list[str], joined: str, formulas: bool) -> list[str]:
    """text_fields where a text is changed (`joined`: the texts with a NUL before each;
    `formulas`: whether one starts like a formula and is defused)."""
    if joined.count("\x00") != len(texts):  # a text holds a NUL: each text is checked
        texts = ["'" + v if v.startswith(FORMULA_STARTS) else v for v in texts] if formulas else texts
        return _each_quoted(texts)
    if formulas:  # an apostrophe after each NUL before a formula (str.replace: twice as fast as re.sub)
        for start in FORMULA_STARTS:
            joined = joined.replace("\x00" + start, "\x00'" + start)
    fields = joined.split("\x00")[1:] if formulas else list(texts)
    if 8 * sum(map(joined.count, '",\r\n')) > len(texts):  # many to quote (poetry's parts `[[4, 7]]`)
        return _each_quoted(fields)
    for k in _numbers(joined, sorted(chain.from_iterable(_texts_holding(joined, c) for c in '",\r\n'))):
        fields[k] = '"' + fields[k].replace('"', '""') + '"'
    return fields


def _each_quoted(texts: list[str]) -> list[str]:
    """The texts, those holding a quote, a comma or a line break quoted, each looked at: a
    search per text to quote costs more where many are (one in eight)."""
    return ['"' + v.replace('"', '""') + '"' if quoted(v) else v for v in texts]


def _texts_holding(joined: str, character: str) -> Iterator[int]:
    """A place of `character` in each text (joined with a NUL before each) holding it,
    found by str.find (memchr): 50 times faster than a regex's character class."""
    place = joined.find(character)
    while place >= 0:
        yield place
        following = joined.find("\x00", place)  # the next text
        place = joined.find(character, following) if following >= 0 else -1


def _numbers(joined: str, places: list[int]) -> list[int]:
    """The numbers of the texts (joined with a NUL before each, none holding one) at
    `places` (in order; a text once)."""
    numbers, number, counted = [-1], -1, 0
    for place in places:
        number += joined.count("\x00", counted, place + 1)
        counted = place + 1
        if number != numbers[-1]:
            numbers.append(number)
    return numbers[1:]


def coded_fields(texts: Sequence[str]) -> tuple[np.ndarray, bool]:
    """A coded column's texts (report.Coded) as fields in UTF-8 (a NUL byte stood in for by
    STAND_IN), and whether a field holds a NUL."""
    encoded, holds_nul, size = encoded_fields(list(texts))
    return fixed(objects(encoded), size), holds_nul


def encoded_fields(texts: list[str]) -> tuple[list[bytes], bool, int]:
    """text_fields(texts, defuse=True) in UTF-8 (a NUL byte as STAND_IN), whether one
    holds a NUL, and their bytes together (fixed's bound: a NUL byte each counted too where
    none holds one). Encoded at once: the fields joined with a NUL before each (where none
    is changed, the texts' join made for the checks: poetry's span texts, 17 MB a side on
    the bench) and split again; one at a time where one holds a NUL (the split finds more)."""
    if not texts:
        return [], False, 0
    fields, joined = _fields_joined(texts, defuse=True)
    data = (joined if joined is not None else "\x00".join(["", *fields])).encode("utf-8", "surrogatepass")
    encoded = data.split(b"\x00")[1:]
    if len(encoded) == len(fields):  # no field holds a NUL (the split found no more: no count)
        return encoded, False, len(data)
    encoded = [field.encode("utf-8", "surrogatepass").replace(b"\x00", STAND_IN) for field in fields]
    return encoded, True, sum(map(len, encoded))


#: Stands in for a NUL byte of a field while rows are laid out (rowtexts deletes NULs):
#: no UTF-8 text holds it.
STAND_IN = b"\xff"


class Pieces:
    """A column's fields, made without a Python object per row: each row's field is its
    pieces joined, constants and texts per row (rowtexts.Piece: UTF-8 written as it is,
    numbers and their signs) and Coded texts (made fields)."""

    def __init__(self, pieces: Sequence[Piece | Coded], count: int) -> None:
        self.pieces, self.count = pieces, count

    def __len__(self) -> int:
        return self.count

    def made(self, fields: dict[int, tuple[np.ndarray, bool]]) -> tuple[list[Piece], bool]:
        """The pieces with Coded texts as their fields (`fields`: those made so far, by the
        texts' id: each made once a file), and whether a field holds a NUL."""
        made, holds_nul = [], False
        for piece in self.pieces:
            if isinstance(piece, Coded):
                if id(piece.texts) not in fields:
                    fields[id(piece.texts)] = coded_fields(piece.texts)
                texts, nul = fields[id(piece.texts)]
                piece, holds_nul = taken(texts, piece.number, b""), holds_nul or nul
            made.append(piece)
        return made, holds_nul


def laid_out(held: list[Any]) -> bool:
    """Whether columns are laid out at once: two or more, every one Pieces."""
    return len(held) > 1 and all(isinstance(column, Pieces) for column in held)


#: Rows of Pieces laid out at a time: each block's padded records are used again for the
#: next (rowtexts.Rows), and the blocks' texts are kept and written one after another
#: (poetry's 136,308 error rows at once, joined and then put after the header: 0.095 s;
#: 4,096 at a time: 0.082 s, joined once; not joined at all: the write of the poetry
#: bench's CSV files 166 -> 148 ms, 19,100 -> 12,900 page faults).
PIECES_BLOCK = 4096


class Blocks(list[bytes]):
    """A file's bytes in blocks, written one after another (never joined into one more
    copy of the file)."""


def pieces_text(columns: Sequence[str], held: list[Pieces]) -> Blocks:
    """One CSV document of columns of Pieces (two or more), the rows laid out a block at a
    time, in UTF-8 (a name's byte that was not UTF-8 as its surrogate's bytes: _utf8)."""
    fields: dict[int, tuple[np.ndarray, bool]] = {}
    made = {id(column): column.made(fields) for column in held}  # a column shown twice made once
    pieces: list[Piece] = []
    for k, column in enumerate(held):
        pieces += [b"," if k else b"", *made[id(column)][0]]
    count = held[0].count
    rows = Rows([*pieces, b"\r\n"], count)
    blocks = (rows.buffer(start, min(start + PIECES_BLOCK, count)) for start in range(0, count, PIECES_BLOCK))
    text = Blocks([_text(columns, ()).encode("utf-8", "surrogatepass"), *blocks])
    if any(holds_nul for _, holds_nul in made.values()):
        return Blocks(block.replace(STAND_IN, b"\x00") for block in text)
    return text


def _text(columns: Sequence[str], lines: Iterable[Iterable[Any]]) -> str:
    """A header line, then the lines of cells (values the csv module writes as they are)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow([cell(c) for c in columns])
    writer.writerows(lines)
    return BOM + buffer.getvalue()


def errors_text(report: Report) -> str | Blocks:
    """The error table's CSV: Blocks where laid out from Pieces (pieces_text)."""
    columns = report.error_columns
    rows = report.error_rows
    made = given_columns(columns, rows)
    if made is not None:
        return made
    try:  # every row with every column: one look-up of all of them a row
        values = list(map(itemgetter(*columns), rows))
    except KeyError:
        values = [[row.get(c) for c in columns] for row in rows]
    return rows_file(columns, values)


def file_name(name: str) -> str:
    """A table name as a safe file name (letters, digits, '-', '_' and '.')."""
    stem = re.sub(r"[^\w.-]+", "_", name, flags=re.ASCII).strip("._") or "table"
    return f"{stem}.csv"


def file_names(report: Report) -> dict[str, str | None]:
    """File name → the table it holds (None: the error table), in the order written."""
    names: dict[str, str | None] = {ERRORS_FILE: None}
    for name in report.tables:
        target, number = file_name(name), 2
        while target in names:
            target, number = file_name(f"{name}_{number}"), number + 1
        names[target] = name
    return names


def csv_files(report: Report) -> dict[str, str]:
    """File name → CSV text: `errors.csv`, then one file per table in report order (the texts
    write_csv writes, as str: what the tests compare)."""
    return {name: _decoded(text) for name, text in file_texts(report).items()}


def _decoded(text: str | Blocks) -> str:
    """A file's text (pieces_text's blocks decoded, a name's surrogate kept)."""
    return text if isinstance(text, str) else b"".join(text).decode("utf-8", "surrogatepass")


def file_texts(report: Report) -> dict[str, str | Blocks]:
    """csv_files, a file laid out from Pieces as its blocks of bytes (pieces_text)."""
    files: dict[str, str | Blocks] = {}
    for target, name in file_names(report).items():
        if name is None:
            files[target] = errors_text(report)
        else:
            table = report.tables[name]
            files[target] = table_file(table.columns, table.rows)
    return files


def table_file(columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> str | Blocks:
    """A table's CSV document: from the rows' own columns where they give them, else table_text."""
    made = given_columns(columns, rows)
    return made if made is not None else rows_file(columns, rows)


def given_columns(columns: Sequence[str], rows: Sequence[Any]) -> str | Blocks | None:
    """A CSV document from the columns the rows give themselves (report.Later.csv_columns:
    ColumnRows', ProPara's grid, no row made); None where they give none."""
    made = rows.csv_columns(columns) if isinstance(rows, Later) else None
    return columns_file(columns, made) if made is not None else None


#: How a surrogate (U+D800-U+DFFF) begins in UTF-8 written with "surrogatepass": 0xED and
#: a byte 0xA0-0xBF (0xED and 0x80-0x9F begin U+D000-U+D7FF, Hangul among them).
_SURROGATE_BYTES = re.compile(rb"\xed[\xa0-\xbf]")


def _utf8(text: str | Blocks) -> bytes | Blocks:
    """A file's bytes, a name's byte that was not UTF-8 escaped as messages and the JSON
    report show it (`\\xff`; the file could not be written before). The blocks of
    pieces_text are taken as they are unless one holds a surrogate (_SURROGATE_BYTES: a
    row's own bytes, never split between blocks)."""
    if isinstance(text, Blocks):
        held = any(b"\xed" in block and _SURROGATE_BYTES.search(block) for block in text)  # memchr first
        return _utf8(_decoded(text)) if held else text
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return names_escaped(text).encode("utf-8")


def write_csv(report: Report, folder: str | os.PathLike[str], progress: Progress = NO_PROGRESS) -> list[Path]:
    """Write every table of the report into `folder` (created when missing); the paths written."""
    files = file_texts(report)
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise InputError("a folder", "a file", file=str(folder))
    progress.update(0.0, "writing the CSV files")
    written = [(target / name, _utf8(text)) for name, text in files.items()]
    atomic_write_files(written)  # all or none
    progress.update(1.0, "CSV files written", force=True)
    return [path for path, _ in written]
