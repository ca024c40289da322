"""The engine's JSON report (schema: docs/report.md).

The report is encoded by orjson (compact: no space after `,` and `:`; floats in their
shortest form that reads back equal; NaN and ±inf as null) and written as it is encoded:
its long lists (table rows, error rows, …) a thousand items at a time, so a report of
millions of rows is never held as one string. What orjson refuses (an integer beyond 64
bits, a name the system gave as bytes that are not UTF-8) is encoded by the standard
library instead, with the same separators and the same null for NaN.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterator, Mapping, Sequence
from itertools import islice
from typing import IO, Any

import orjson

from ..errors import names_escaped
from ..progress import Progress
from ..report import Later, Report, Table
from ..writing import write_set

#: Items of a list encoded in one call of the encoder.
BATCH = 1000
#: Lists shorter than this are encoded whole; longer ones a batch at a time.
LONG = 2 * BATCH
#: How deep in the report the writer looks for long lists (the report, its tables, a table).
DEPTH = 3
#: orjson's options: int, float or bool keys written as text (as the standard library
#: does), numpy arrays and scalars as lists and numbers.
OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_SERIALIZE_NUMPY


def _without_nan(value: Any) -> Any:
    """The value with every NaN and ±inf as null (JSON has neither)."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, list | tuple | Later):
        return [_without_nan(v) for v in value]
    if isinstance(value, dict):
        return {k: _without_nan(v) for k, v in value.items()}
    return value


def _names_escaped(value: Any) -> Any:
    """The value with every text that holds a byte the system's name was not UTF-8 in (a
    surrogate, as os.fsdecode gives it) written escaped, as messages show it (`\\xff`)."""
    if isinstance(value, str):
        return names_escaped(value)
    if isinstance(value, list | tuple | Later):
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


def _encode(value: Any) -> bytes:
    """One value as compact JSON in UTF-8, NaN as null, undecodable name bytes escaped."""
    try:
        return orjson.dumps(value, default=_as_list, option=OPTIONS)
    except orjson.JSONEncodeError:
        return _standard(value)


def _as_list(value: Any) -> list[Any] | dict[Any, Any]:
    """A sequence made when read (report.Later, ColumnRows) met inside a value, as its list;
    a mapping made when read (ProPara's summaries), as its dict."""
    if isinstance(value, Sequence) and not isinstance(value, str | bytes):
        return list(value)
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(type(value).__name__)


def _standard(value: Any) -> bytes:
    """What orjson refuses, by the standard library: integers beyond 64 bits, and names
    that are not UTF-8 (escaped as messages show them)."""
    text = json.dumps(_without_nan(value), ensure_ascii=False, separators=(",", ":"), check_circular=False,
                      default=_as_list)  # fmt: skip
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return _standard(_names_escaped(value))


def to_json(data: Any) -> str:
    """Compact JSON, floats exact, NaN as null."""
    return _encode(data).decode("utf-8") + "\n"


def dumps(report: Report) -> str:
    """The JSON report as text (write_report streams the same bytes into a file)."""
    return to_json(report_dict(report))


def _pieces(value: Any, depth: int) -> Iterator[bytes | memoryview]:
    """The JSON of `value` in pieces: a long list a batch of items at a time, a dict
    key by key (down to `depth` levels; a long one a batch of keys at a time), anything
    else in one piece."""
    if depth > 0 and isinstance(value, dict):
        if len(value) >= LONG:
            yield from _dict_batches(value)
            return
        yield b"{"
        for i, (key, item) in enumerate(value.items()):
            yield (b"," if i else b"") + _encode(str(key)) + b":"
            yield from _pieces(item, depth - 1)
        yield b"}"
    elif isinstance(value, Later) or (isinstance(value, list | tuple) and len(value) >= LONG):
        yield b"["
        yield from _joined(_batches_json(value))
        yield b"]"
    elif isinstance(value, Mapping) and hasattr(value, "json_parts"):  # a mapping made when read
        yield b"{"
        yield from _joined(value.json_parts(BATCH, _encode))
        yield b"}"
    else:
        yield _encode(value)


def _joined(parts: Iterator[bytes | memoryview]) -> Iterator[bytes | memoryview]:
    """The parts with a comma between each two."""
    for i, part in enumerate(parts):
        if i:
            yield b","
        yield part


def _dict_batches(value: dict[Any, Any]) -> Iterator[bytes | memoryview]:
    """A long dict's JSON, BATCH keys at a time (key by key, the pieces cost three times
    the encoding)."""
    items = iter(value.items())
    yield b"{"
    for start in range(0, len(value), BATCH):
        if start:
            yield b","
        yield memoryview(_encode(dict(islice(items, BATCH))))[1:-1]
    yield b"}"


def _batches_json(items: Later | list[Any] | tuple[Any, ...]) -> Iterator[bytes | memoryview]:
    """The items' JSON BATCH at a time, without the brackets (a Later made and encoded a
    part at a time as it can be)."""
    if isinstance(items, Later):
        return items.json_parts(BATCH, _encode)
    return (memoryview(_encode(items[start : start + BATCH]))[1:-1] for start in range(0, len(items), BATCH))


def write_report(report: Report, handle: IO[bytes], progress: Progress | None = None) -> None:
    """Write the JSON report into a binary file as it is encoded: each piece as it comes
    (the file's buffer gathers the small ones; joining them first copied every byte once
    more); `progress`: cancelled between two pieces (Cancelled raised)."""
    pieces = _pieces(report_dict(report), DEPTH)
    handle.writelines(pieces if progress is None else _checked(pieces, progress))
    handle.write(b"\n")


def _checked(pieces: Iterator[bytes | memoryview], progress: Progress) -> Iterator[bytes | memoryview]:
    """The pieces, a cancellation point before each."""
    for piece in pieces:
        progress.check()
        yield piece


def write_json(report: Report, path: str, progress: Progress | None = None) -> None:
    """Write the JSON report into `path` (atomically; '-' = standard output), streamed:
    a large report is never held as one string; cancelled through `progress` (the app's
    Cancel), it leaves no file and an existing one as it was."""
    if path == "-":
        sys.stdout.flush()
        write_report(report, sys.stdout.buffer, progress)
        sys.stdout.buffer.flush()
        return
    write_set([(path, lambda handle: write_report(report, handle, progress))])
