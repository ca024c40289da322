"""The engine's JSON report (schema: docs/report.md)."""

from __future__ import annotations

import json
import math
from typing import Any

from ..report import Report, Table


def _plain(value: Any) -> Any:
    """JSON-ready values: tuples as lists, NaN as null."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def table_dict(table: Table) -> dict[str, Any]:
    return {
        "title": table.title,
        "columns": table.columns,
        "rows": [[_plain(v) for v in row] for row in table.rows],
    }


def report_dict(report: Report) -> dict[str, Any]:
    """The report as one JSON object: the common envelope, then the method's own keys."""
    envelope = report.metadata()
    envelope["messages"] = list(report.messages)
    method_data = {key: value for key, value in report.data.items() if not key.startswith("_")}
    tables = {name: table_dict(t) for name, t in report.tables.items()}
    errors = [{key: _plain(value) for key, value in row.items()} for row in report.error_rows]
    return {**envelope, **method_data, "tables": tables, "errors": errors}


def dumps(report: Report) -> str:
    """The JSON text (compact: the C encoder only runs without indentation)."""
    return json.dumps(report_dict(report), ensure_ascii=False) + "\n"
