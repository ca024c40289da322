"""The original's outputs: the CSV file and the `Overall:` line (specs/poetry.md §5)."""

from __future__ import annotations

import csv
import io
from typing import Any

COLUMNS = ["page_id", "precision", "recall", "n_span_matches", "n_span_misses", "n_span_spurious",
           "n_poem_matches", "n_poem_misses", "n_poem_spurious"]  # fmt: skip


def csv_text(rows: list[list[Any]]) -> str:
    """Header and rows as Python's csv module writes them: `\\r\\n` line ends, minimal
    quoting, values as str() (None as an empty field)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(COLUMNS)
    writer.writerows(rows)
    return buffer.getvalue()


def mean(values: list[Any]) -> float:
    """A running total from 0.0 in row order, divided by the count (not sum(), not fsum)."""
    total = 0.0
    for value in values:
        total += value
    return total / len(values)


def overall_line(pages: int, precision: float, recall: float) -> str:
    return f"Overall: {pages} Pages | Precision = {precision:.4g} | Recall = {recall:.4g}"
