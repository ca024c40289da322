"""The original's outputs: the CSV file and the `Overall:` line (specs/poetry.md §5)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

COLUMNS = ["page_id", "precision", "recall", "n_span_matches", "n_span_misses", "n_span_spurious",
           "n_poem_matches", "n_poem_misses", "n_poem_spurious"]  # fmt: skip


_SPECIAL = re.compile('[,"\r\n]')  # what makes the csv module quote a field


def csv_text(page_ids: list[Any], scores: list[tuple[Any, ...]]) -> str:
    """Header and one row per page as Python's csv module writes them."""
    return ",".join(COLUMNS) + "\r\n" + csv_rows(page_ids, scores)


def csv_rows(page_ids: list[Any], scores: list[tuple[Any, ...]]) -> str:
    """The rows as Python's csv module writes them: `\r\n` line ends, minimal quoting,
    values as str() (None as an empty field). Joined column by column when every page id
    is a string that needs no quotes (the common case), else by the csv module."""
    if not page_ids:
        return ""
    if not _STRINGS.issuperset(map(type, page_ids)) or _SPECIAL.search("".join(page_ids)):
        return _csv_module_rows(page_ids, scores)
    columns = columns_of(scores)
    texts = [page_ids, list(map(str, columns[0])), list(map(str, columns[1]))]
    try:
        texts += [list(map(_SMALL.__getitem__, column)) for column in columns[2:8]]
    except IndexError:  # a count above the table
        texts[3:] = [list(map(str, column)) for column in columns[2:8]]
    return "\r\n".join(map(",".join, zip(*texts, strict=True))) + "\r\n"


def columns_of(scores: Sequence[tuple[Any, ...]]) -> Sequence[Sequence[Any]]:
    """The page numbers column by column (kept so by columns.RowNumbers)."""
    columns = getattr(scores, "columns", None)
    return columns if columns is not None else list(zip(*scores, strict=True))


_STRINGS = frozenset((str,))
_SMALL = [str(number) for number in range(256)]  # the text of the counts most pages have


def _csv_module_rows(page_ids: list[Any], scores: list[tuple[Any, ...]]) -> str:
    import csv
    import io

    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerows([page_id, *score[:8]] for page_id, score in zip(page_ids, scores, strict=True))
    return buffer.getvalue()


def json_rows(page_ids: list[Any], scores: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
    """The CSV rows as JSON objects: the page id as read, integers kept apart from floats."""
    return [
        dict(zip(COLUMNS, (page_id, *score[:8]), strict=True))
        for page_id, score in zip(page_ids, scores, strict=True)
    ]


def overall_line(pages: int, precision: float, recall: float) -> str:
    return f"Overall: {pages} Pages | Precision = {precision:.4g} | Recall = {recall:.4g}"
