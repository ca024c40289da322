"""The engine's JSON report (schema: docs/report.md).

The report is written as it is encoded: its long lists (table rows, error rows, …) a
thousand items at a time through the standard library's C encoder, so a report of
millions of rows is never held as one string and is written at the encoder's speed.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Iterator
from typing import IO, Any

from ..errors import shown
from ..report import Report, Table
from ..textio import atomic_file

#: Items of a list encoded in one call of the C encoder.
BATCH = 1000
#: Lists shorter than this are encoded whole; longer ones a batch at a time.
LONG = 2 * BATCH
#: How deep in the report the writer looks for long lists (the report, its tables, a table).
DEPTH = 3


def _without_nan(value: Any) -> Any:
    """The value with every NaN as null (JSON has no NaN)."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, list | tuple):
        return [_without_nan(v) for v in value]
    if isinstance(value, dict):
        return {k: _without_nan(v) for k, v in value.items()}
    return value


def _names_escaped(value: Any) -> Any:
    """The value with every text that holds a byte the system's name was not UTF-8 in (a
    surrogate, as os.fsdecode gives it) written escaped, as messages show it (`\\xff`)."""
    if isinstance(value, str):
        return shown(value, cut=False)
    if isinstance(value, list | tuple):
        return [_names_escaped(v) for v in value]
    if isinstance(value, dict):
        return {_names_escaped(k): _names_escaped(v) for k, v in value.items()}
    return value


def table_dict(table: Table) -> dict[str, Any]:
    return {"title": table.title, "columns": table.columns, "rows": table.rows}


def report_dict(report: Report) -> dict[str, Any]:
    """The report as one JSON object: the common envelope, then the method's own keys."""
    envelope = report.metadata()
    envelope["messages"] = list(report.messages)
    method_data = {key: value for key, value in report.data.items() if not key.startswith("_")}
    tables = {name: table_dict(t) for name, t in report.tables.items()}
    return {**envelope, **method_data, "tables": tables, "errors": report.error_rows}


def _encode(value: Any) -> str:
    """One value as compact JSON (the C encoder), NaN as null, undecodable name bytes escaped."""
    try:  # a report holds no cycles: not looking for them saves a tenth of the time
        text = json.dumps(value, ensure_ascii=False, allow_nan=False, check_circular=False)
    except ValueError:
        text = json.dumps(_without_nan(value), ensure_ascii=False, check_circular=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = _encode(_names_escaped(value))
    return text


def to_json(data: Any) -> str:
    """Compact JSON, floats exact, NaN as null; values are only walked when a NaN (or a
    name that is not UTF-8) is actually there."""
    return _encode(data) + "\n"


def dumps(report: Report) -> str:
    return "".join(_pieces(report_dict(report), DEPTH)) + "\n"


def _pieces(value: Any, depth: int) -> Iterator[str]:
    """The JSON text of `value` in pieces: a long list a batch of items at a time, a dict
    key by key (down to `depth` levels), anything else in one piece."""
    if depth > 0 and isinstance(value, dict):
        yield "{"
        for i, (key, item) in enumerate(value.items()):
            yield (", " if i else "") + _encode(str(key)) + ": "
            yield from _pieces(item, depth - 1)
        yield "}"
    elif isinstance(value, list | tuple) and len(value) >= LONG:
        yield "["
        for start in range(0, len(value), BATCH):
            yield (", " if start else "") + _encode(value[start : start + BATCH])[1:-1]
        yield "]"
    else:
        yield _encode(value)


def write_report(report: Report, handle: IO[bytes]) -> None:
    """Write the JSON report into a binary file as it is encoded."""
    _write_pieces(_pieces(report_dict(report), DEPTH), handle.write)


def _write_pieces(pieces: Iterator[str], write: Callable[[bytes], Any]) -> None:
    buffer: list[str] = []
    size = 0
    for piece in pieces:
        buffer.append(piece)
        size += len(piece)
        if size > 1 << 20:
            write("".join(buffer).encode("utf-8"))
            buffer, size = [], 0
    buffer.append("\n")
    write("".join(buffer).encode("utf-8"))


def write_json(report: Report, path: str) -> None:
    """Write the JSON report into `path` (atomically; '-' = standard output), streamed:
    a large report is never held as one string."""
    if path == "-":
        sys.stdout.flush()
        write_report(report, sys.stdout.buffer)
        sys.stdout.buffer.flush()
        return
    with atomic_file(path, make_parents=True) as handle:
        write_report(report, handle)
