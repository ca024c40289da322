"""The engine's JSON report (schema: docs/report.md)."""

from __future__ import annotations

import json
import math
from typing import Any

from ..report import Report, Table
from ..textio import atomic_file


def _without_nan(value: Any) -> Any:
    """The value with every NaN as null (JSON has no NaN)."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, list | tuple):
        return [_without_nan(v) for v in value]
    if isinstance(value, dict):
        return {k: _without_nan(v) for k, v in value.items()}
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


def to_json(data: Any) -> str:
    """Compact JSON (the C encoder only runs without indentation), floats exact, NaN as
    null; values are only walked when a NaN is actually there."""
    try:
        return json.dumps(data, ensure_ascii=False, allow_nan=False) + "\n"
    except ValueError:
        return json.dumps(_without_nan(data), ensure_ascii=False) + "\n"


def dumps(report: Report) -> str:
    return to_json(report_dict(report))


def write_json(report: Report, path: str) -> None:
    """Stream the JSON report into `path` (atomically): a large report is never held as
    one string."""
    data = report_dict(report)
    try:
        _stream(data, path)
    except ValueError:  # a NaN somewhere: write it as null
        _stream(_without_nan(data), path)


def _stream(data: Any, path: str) -> None:
    encoder = json.JSONEncoder(ensure_ascii=False, allow_nan=False)
    with atomic_file(path, make_parents=True) as handle:
        buffer: list[str] = []
        size = 0
        for chunk in encoder.iterencode(data):
            buffer.append(chunk)
            size += len(chunk)
            if size > 1 << 20:
                handle.write("".join(buffer).encode("utf-8"))
                buffer, size = [], 0
        buffer.append("\n")
        handle.write("".join(buffer).encode("utf-8"))
