"""A report's tables as CSV files: the error table and every score and detail table.

`write_csv(report, folder)` writes `errors.csv` and one `<table>.csv` per table of the
report into a folder. Every file is rendered in memory first and then written all or
none (engine.textio.atomic_write_files), so a failure leaves no half-written file. Text
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
from collections.abc import Iterable, Sequence
from itertools import chain, repeat
from operator import itemgetter
from pathlib import Path
from types import NoneType
from typing import Any

from ..errors import InputError
from ..progress import NO_PROGRESS, Progress
from ..report import ColumnRows, Report
from ..textio import BOM, atomic_write_files

#: First characters that make a spreadsheet read a cell as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

ERRORS_FILE = "errors.csv"

# A cell of a CSV or TSV line that a spreadsheet would run: at the start of a line or after
# a delimiter (optionally in quotes), `=` or `@`, or `+`/`-` before anything but a number.
_RUNNABLE = re.compile(r'(?:^|(?<=[\t,;]))"?(?:[=@]|[+-](?![\d.\t,;"\r\n]|$))', re.MULTILINE)
# The same cells found from their first character (the regex engine then skips ahead to
# each `=@+-`, 10 times faster on a 5 MB CSV); _RUNNABLE is run again from that line.
_RUNNABLE_CHARACTER = re.compile(
    r'[-=@+](?:(?<=^.)|(?<=[\t,;].)|(?<=^".)|(?<=[\t,;]".))(?:(?<=[=@])|(?![\d.\t,;"\r\n]|$))', re.MULTILINE
)


# A text of a column joined with NUL, after a NUL, that starts like a formula (a NUL inside a
# text can only give a false alarm: the column is then checked text by text). The pattern
# begins with a plain character, which the regex engine finds by a fast scan: 2.5-12 times
# faster than `(?:^|\x00)` on FairEval's 41,857 error rows.
_FORMULA_AT_START = re.compile("\x00[" + re.escape("".join(FORMULA_STARTS)) + "]")


def runnable_cell(text: str) -> tuple[int, str] | None:
    """The line number and text of the first cell a spreadsheet would run as a formula
    (None: no such cell)."""
    first = _RUNNABLE_CHARACTER.search(text)
    if first is None:
        return None
    found = _RUNNABLE.search(text, text.rfind("\n", 0, first.start()) + 1)
    if found is None:  # cannot be: _RUNNABLE_CHARACTER finds the cells _RUNNABLE finds
        return None
    line = text.count("\n", 0, found.start()) + 1
    cell = re.split(r"[\t,;\r\n]", text[found.start() : found.start() + 200], maxsplit=1)[0]
    return line, cell


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


def column_cells(values: list[Any]) -> list[Any]:
    """A column's values as `cell` writes them, the usual columns as a whole (the csv module
    writes an int as its digits and None as nothing; a list of whole numbers is the same
    text as JSON and as str())."""
    kinds = set(map(type, values))
    if kinds <= {int, NoneType}:
        return values
    if kinds == {str} and not _FORMULA_AT_START.search("\x00".join(["", *values])):
        return values  # no text of the column starts like a formula (one scan of them all)
    if kinds <= {str, NoneType}:
        return ["'" + v if v and v.startswith(FORMULA_STARTS) else v for v in values]
    if kinds <= {int, float, NoneType}:
        return [v if v == v else None for v in values]  # NaN (not equal to itself) empty
    if kinds == {list} and _whole_number_lists(values):
        return list(map(str, values))
    return list(map(cell, values))


def _whole_number_lists(values: list[Any]) -> bool:
    """Whether every value is a list of whole numbers or of such lists, at any depth."""
    items: list[Any] = values
    while True:
        kinds = set(map(type, items))
        if kinds <= {int}:
            return True
        if kinds != {list}:
            return False
        items = list(chain.from_iterable(items))


def table_text(columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """One CSV document: a header line, then a line per row."""
    if len(columns) > 1 and all(len(row) == len(columns) for row in rows):  # a column at a time
        return columns_text(columns, zip(*rows, strict=True))
    return _text(columns, (map(cell, row) for row in rows))


def columns_text(columns: Sequence[str], values: Iterable[Sequence[Any]]) -> str:
    """One CSV document from its columns' values (two or more columns, equally long),
    joined a column at a time."""
    fields = [column_fields(column_cells(list(column))) for column in values]
    return _text(columns, ()) + "".join([",".join(line) + "\r\n" for line in zip(*fields, strict=True)])


# A field the csv module quotes (QUOTE_MINIMAL, delimiter ','): one holding a quote, a comma
# or a line break (a row of one empty field too, which column_fields never writes).
_QUOTED = re.compile('[",\r\n]')


def column_fields(cells: list[Any]) -> list[str]:
    """A column's cells (column_cells') as the csv module writes them in a row of two or
    more fields: texts quoted where they must be, numbers as repr() gives them, None empty."""
    kinds = set(map(type, cells))
    if kinds == {int}:
        return list(map(repr, cells))
    if kinds != {str}:
        cells = ["" if v is None else v if type(v) is str else repr(v) for v in cells]
    if not _QUOTED.search("\x00".join(cells)):
        return cells  # no field of the column needs quotes (one scan of them all)
    return ['"' + v.replace('"', '""') + '"' if _QUOTED.search(v) else v for v in cells]


def _text(columns: Sequence[str], lines: Iterable[Iterable[Any]]) -> str:
    """A header line, then the lines of cells (values the csv module writes as they are)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow([cell(c) for c in columns])
    writer.writerows(lines)
    return BOM + buffer.getvalue()


def errors_text(report: Report) -> str:
    columns = report.error_columns
    rows = report.error_rows
    if isinstance(rows, ColumnRows):  # the columns as they are
        return columns_text(columns, (rows.columns.get(c, repeat(None, len(rows))) for c in columns))
    try:  # every row with every column: one look-up of all of them a row
        values = list(map(itemgetter(*columns), rows))
    except KeyError:
        values = [[row.get(c) for c in columns] for row in rows]
    return table_text(columns, values)


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
    """File name → CSV text: `errors.csv`, then one file per table in report order."""
    files = {}
    for target, name in file_names(report).items():
        if name is None:
            files[target] = errors_text(report)
        else:
            table = report.tables[name]
            files[target] = table_text(table.columns, table.rows)
    return files


def write_csv(report: Report, folder: str | os.PathLike[str], progress: Progress = NO_PROGRESS) -> list[Path]:
    """Write every table of the report into `folder` (created when missing); the paths written."""
    files = csv_files(report)
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise InputError("a folder", "a file", file=str(folder))
    progress.update(0.0, "writing the CSV files")
    written = [(target / name, text.encode("utf-8")) for name, text in files.items()]
    atomic_write_files(written)  # all or none
    progress.update(1.0, "CSV files written", force=True)
    return [path for path, _ in written]
