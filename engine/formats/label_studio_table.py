"""Label Studio's CSV and TSV exports, read as the JSON-MIN records they flatten.

Label Studio's converter (label_studio_sdk/converter/exports/csv2.py) writes one row per
annotation: a header of the sorted column names — the task's data keys, each labelling
control's name, `annotator`, `annotation_id`, `created_at`, `updated_at`, `lead_time`
(always there), `id` — then per row the data values (objects and lists as JSON text) and
each control's regions as a JSON list of their values (`[{"start": 0, "end": 4, "text":
"Anna", "labels": ["PER"]}]`), an empty cell where the annotation has none; strings are
quoted, numbers not; TSV is the same with TABs. A row is its annotation's JSON-MIN record
(engine/formats/label_studio.py reads those), its place in the file the row's first line.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from io import StringIO
from typing import Any

import orjson

from ..errors import InputError, cut_to
from ..textio import BOM, read_input_bytes
from .jsondocs import Record, records
from .sniffing import label_studio_separator
from .standoff import raw_utf8

#: Columns holding ids, read as numbers where they are (a task's id names its document).
_IDS = ("id", "annotation_id", "annotator")


def export_records(path: str) -> Iterator[Record]:
    """The records of a Label Studio export: a CSV or TSV export's rows (its text as written:
    a line end inside a quoted text is part of it), else its JSON's."""
    data = read_input_bytes(path)
    first = data[:65536].split(b"\n", 1)[0].decode("utf-8", "replace").lstrip(BOM)
    sep = label_studio_separator(first)
    if sep is None:
        return records(path, data)
    return table_records(path, raw_utf8(data, path).removeprefix(BOM), sep)


def table_records(path: str, text: str, sep: str) -> Iterator[Record]:
    """The rows of an export (its `text`, separated by `sep`) as JSON-MIN records."""
    rows = list(_rows(path, text, sep))
    header = rows[0][1] if rows else []
    regions = [[_regions(cell) for cell in row] for _, row in rows[1:]]  # each cell parsed once
    controls = {name for cells in regions for name, found in zip(header, cells, strict=False)
                if isinstance(found, list)}  # fmt: skip
    for (line, row), cells in zip(rows[1:], regions, strict=True):
        if len(row) != len(header):
            raise InputError(f"{len(header)} fields, as the header has", f"{len(row)}", file=path, line=line)
        yield Record(_record(header, row, cells, controls, (path, line)), line, "$")


def _rows(path: str, text: str, sep: str) -> Iterator[tuple[int, list[str]]]:
    """Each row that is not empty with the line it begins on."""
    reader = csv.reader(StringIO(text, newline=""), delimiter=sep, strict=True)
    line = 1
    try:
        for row in reader:
            if any(row):
                yield line, row
            line = reader.line_num + 1
    except csv.Error as err:
        raise InputError(f"a {'TSV' if sep == chr(9) else 'CSV'} row of Label Studio's export", str(err),
                         file=path, line=line) from None  # fmt: skip


def _record(header: list[str], row: list[str], regions: list[list[Any] | str | None],
            controls: set[str], where: tuple[str, int]) -> dict[str, Any]:  # fmt: skip
    """A row as a JSON-MIN record: ids as numbers, regions (its cells' _regions) as lists,
    empty controls left out; InputError for a control's cell (`where`: file and line) that
    holds something else, and for a cell of broken JSON (_regions: BROKEN)."""
    record: dict[str, Any] = {}
    for name, cell, found in zip(header, row, regions, strict=True):
        if name in controls:
            if not isinstance(found, list) and cell not in ("", "[]"):
                raise _not_regions(name, cell, *where)
            record[name] = found or []
        elif name in _IDS and cell.isdecimal():
            record[name] = int(cell)
        elif found is BROKEN:
            raise _broken_json(name, cell, *where)
        else:
            record[name] = cell
    return record


#: What _regions says of a cell that begins as JSON's list of objects ('[{"') but is not JSON.
BROKEN = "broken"


def _regions(cell: str) -> list[Any] | str | None:
    """A control's regions (a JSON list with objects with `labels`: one that is not is named
    by label_studio_tasks), BROKEN for a cell that begins as a JSON list of objects and is not
    JSON, None for any other cell."""
    if not cell.startswith("[{"):
        return None
    try:
        value = orjson.loads(cell)
    except orjson.JSONDecodeError:
        return BROKEN if cell.startswith('[{"') else None
    regions = isinstance(value, list) and any(isinstance(r, dict) and "labels" in r for r in value)
    return value if regions else None


def _not_regions(name: str, cell: str, path: str, line: int) -> InputError:
    """The error of a cell of a control's column (regions in other rows) that holds none: its
    JSON cut short or broken, or another value."""
    expected = f"regions in column '{name}' as in its other rows (a JSON list of objects with \"labels\")"
    return InputError(expected, _invalid_json(cell) or cut_to(cell, 60), file=path, line=line)


def _broken_json(name: str, cell: str, path: str, line: int) -> InputError:
    """The error of a cell that begins as JSON's list of objects (regions, or a task's list
    the converter wrote as JSON) but is not JSON: cut short or edited, in the only row, or in
    every row, of its column (else _not_regions names it)."""
    expected = f"JSON in column '{name}' (Label Studio writes a control's regions and a task's lists as JSON)"
    return InputError(expected, _invalid_json(cell), file=path, line=line)


def _invalid_json(cell: str) -> str:
    """What is wrong with a cell's JSON ('invalid JSON (…)'), or '' where it is JSON."""
    try:
        orjson.loads(cell)
    except orjson.JSONDecodeError as err:
        return f"invalid JSON ({err.args[0].split(':')[0]})"
    return ""
