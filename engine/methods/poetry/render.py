"""The original's outputs: the CSV file and the `Overall:` line (specs/poetry.md §5)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import chain, repeat
from typing import Any

import msgspec
import numpy as np

from ...report import ColumnRows
from .columns import below_1e16

COLUMNS = ["page_id", "precision", "recall", "n_span_matches", "n_span_misses", "n_span_spurious",
           "n_poem_matches", "n_poem_misses", "n_poem_spurious"]  # fmt: skip


_SPECIAL = (",", '"', "\r", "\n")  # what makes the csv module quote a field


def csv_text(page_ids: list[Any], scores: Sequence[tuple[Any, ...]]) -> str:
    """Header and one row per page as Python's csv module writes them."""
    return ",".join(COLUMNS) + "\r\n" + csv_rows(page_ids, scores)


#: Rows written at a time: their numbers' tuples, JSON and texts are made and let go a
#: block at a time, so that each block reuses the memory of the one before (the whole
#: 43,000-row CSV at once: a third more CPU, most of it faulting in fresh memory).
BLOCK = 2048


def csv_rows(page_ids: list[Any], scores: Sequence[tuple[Any, ...]]) -> str:
    """The rows as Python's csv module writes them: `\r\n` line ends, minimal quoting,
    values as str() (None as an empty field). When every page id is a string that needs
    no quotes (the common case) the numbers are written by the JSON encoder, a block of
    rows per call, else by the csv module."""
    if not page_ids:
        return ""
    try:
        joined = "".join(page_ids)  # a TypeError: an id that is no string
    except TypeError:
        return _csv_module_rows(page_ids, scores)
    if any(special in joined for special in _SPECIAL):
        return _csv_module_rows(page_ids, scores)
    if len(scores) != len(page_ids):
        raise ValueError("as many page ids as rows of numbers")
    columns = columns_of(scores)[:8]
    return "".join(_plain_rows(page_ids, columns, start, min(start + BLOCK, len(page_ids)))
                   for start in range(0, len(page_ids), BLOCK))  # fmt: skip


def _plain_rows(page_ids: list[Any], columns: Sequence[Sequence[Any]], start: int, stop: int) -> str:
    """Rows start … stop − 1 of csv_rows, page ids that need no quotes."""
    texts = number_texts(columns, start, stop)
    return "".join(chain.from_iterable(zip(page_ids[start:stop], repeat(","), texts, repeat("\r\n"))))


def number_texts(columns: Sequence[Sequence[Any]], start: int, stop: int) -> list[str]:
    """The numbers of rows start … stop − 1 (`columns`: equally long, of Python numbers),
    each row's comma-separated as the CSV writes them (str()): see _written."""
    rows, numbers = _encoded(columns, start, stop)
    return _written(numbers.decode(), rows, _by_str, ("e", "n", ".0000", "],["))


def number_bytes(columns: Sequence[Sequence[Any]], start: int, stop: int,
                 by_row: Callable[[tuple[Any, ...]], bytes]) -> list[bytes]:  # fmt: skip
    """number_texts' rows in UTF-8, those msgspec writes otherwise written by `by_row` (the
    Pages table's fields)."""
    rows, numbers = _encoded(columns, start, stop)
    return _written(numbers, rows, by_row, (b"e", b"n", b".0000", b"],["))


def _encoded(columns: Sequence[Sequence[Any]], start: int, stop: int) -> tuple[list[tuple[Any, ...]], bytes]:
    """Rows start … stop − 1 of the columns, and msgspec's JSON of them (one call a block)."""
    rows = list(zip(*(column[start:stop] for column in columns), strict=True))
    return rows, msgspec.json.encode(rows)


def _written(numbers: Any, rows: list[tuple[Any, ...]], by_row: Callable[[tuple[Any, ...]], Any],
             marks: tuple[Any, Any, Any, Any]) -> list[Any]:  # fmt: skip
    """Each row's text of msgspec's JSON of the rows (`numbers`, text or bytes; one split).
    msgspec writes integers and floats as str() and repr() do (the shortest text that reads
    back as the same float) except where those use an exponent (1e-05, 1.5e+17: msgspec
    writes 0.00001, 1.5e17), for nan and inf (null) and true/false: rows whose text has an
    `e`, an `n` or `.0000` (`marks`, and what is between two rows) are written by `by_row`."""
    e, n, zeros, between = marks
    texts = numbers[2:-2].split(between)
    if e in numbers or n in numbers or zeros in numbers:
        texts = [by_row(row) if e in text or n in text or zeros in text else text
                 for text, row in zip(texts, rows, strict=True)]  # fmt: skip
    return texts


def _by_str(row: tuple[Any, ...]) -> str:
    return ",".join(map(str, row))


def columns_of(scores: Sequence[tuple[Any, ...]]) -> Sequence[Sequence[Any]]:
    """The page numbers column by column (kept so by columns.RowNumbers)."""
    columns = getattr(scores, "columns", None)
    return columns if columns is not None else list(zip(*scores, strict=True))


def _csv_module_rows(page_ids: list[Any], scores: list[tuple[Any, ...]]) -> str:
    import csv
    import io

    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerows([page_id, *score[:8]] for page_id, score in zip(page_ids, scores, strict=True))
    return buffer.getvalue()


def json_rows(page_ids: list[Any], scores: list[tuple[Any, ...]]) -> ColumnRows:
    """The CSV rows as JSON objects: the page id as read, integers kept apart from floats
    (kept as the numbers' columns; the JSON writer encodes them by msgspec when every page
    id is a text and precision and recall are below 1e16)."""
    numbers = columns_of(scores)[:8]
    scores_ = [np.array(list(column), dtype=np.float64) for column in numbers[:2]]
    plain = set(map(type, page_ids)) <= {str} and below_1e16(scores_)
    return ColumnRows(dict(zip(COLUMNS, [page_ids, *numbers], strict=True)), plain_numbers=plain)


def overall_line(pages: int, precision: float, recall: float) -> str:
    return f"Overall: {pages} Pages | Precision = {precision:.4g} | Recall = {recall:.4g}"
