"""The original's outputs: the CSV file and the `Overall:` line (specs/poetry.md §5)."""

from __future__ import annotations

import csv
import io
from typing import Any

COLUMNS = ["page_id", "precision", "recall", "n_span_matches", "n_span_misses", "n_span_spurious",
           "n_poem_matches", "n_poem_misses", "n_poem_spurious"]  # fmt: skip


def csv_text(page_ids: list[Any], scores: list[tuple[Any, ...]]) -> str:
    """Header and one row per page as Python's csv module writes them: `\\r\\n` line
    ends, minimal quoting, values as str() (None as an empty field)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(COLUMNS)
    writer.writerows([page_id, *score[:8]] for page_id, score in zip(page_ids, scores, strict=True))
    return buffer.getvalue()


def json_rows(page_ids: list[Any], scores: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
    """The CSV rows as JSON objects: the page id as read, integers kept apart from floats."""
    return [
        dict(zip(COLUMNS, (page_id, *score[:8]), strict=True))
        for page_id, score in zip(page_ids, scores, strict=True)
    ]


def mean(values: list[Any]) -> float:
    """A running total from 0.0 in row order, divided by the count (not sum(), not fsum)."""
    total = 0.0
    for value in values:
        total += value
    return total / len(values)


def overall_line(pages: int, precision: float, recall: float) -> str:
    return f"Overall: {pages} Pages | Precision = {precision:.4g} | Recall = {recall:.4g}"
