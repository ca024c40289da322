"""The original's outputs: its standard output and its `-w` folder files (specs/clueval.md
§5.1, §5.2). Tables arrive as (columns, rows, kinds) with plain Python values."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from typing import Any

from .console import frame_repr


@dataclass
class PlainTable:
    """A table as the original holds it: column names, rows and per-column pandas dtypes."""

    columns: list[str]
    rows: list[list[Any]]
    dtypes: dict[str, str]  # column → "int64", "Int64" or "float64"; others are strings


# --- TSV (§5.2) ------------------------------------------------------------------------

_QUOTE = re.compile('[\t"\n\r]')


def _quoted(text: str) -> str:
    return '"' + text.replace('"', '""') + '"' if _QUOTE.search(text) else text


def _tsv_column(values: tuple[Any, ...], kind: str) -> list[str]:
    """One column's cells: integers in decimal, floats as Python's repr, text quoted as
    pandas' to_csv quotes it (only where it holds a TAB, a quote or a line break)."""
    if kind in ("int64", "Int64"):
        return list(map(str, values))
    if kind == "float64":
        return list(map(repr, values))
    texts = [str(v) for v in values]
    if _QUOTE.search("".join(texts)):
        return [_quoted(t) for t in texts]
    return texts


def tsv(table: PlainTable) -> str:
    """TAB-separated, header first, \\n after every line (C48), no index column."""
    columns = list(zip(*table.rows, strict=True)) if table.rows else []
    kinds = [table.dtypes.get(name, "object") for name in table.columns]
    cells = [_tsv_column(values, kind) for values, kind in zip(columns, kinds, strict=False)]
    lines = ["\t".join(_quoted(c) for c in table.columns), *map("\t".join, zip(*cells, strict=True))]
    return "\n".join(lines) + "\n"


XLSX_BLOCK = 1000  # rows written at a time

# --- XLSX (§5.2) -----------------------------------------------------------------------


def xlsx(table: PlainTable, warnings: list[str], name: str) -> bytes:
    """One sheet `Sheet1`: header row, then the rows; text never becomes a formula (C46) and
    characters a workbook cannot hold are written escaped, \\x0b, \\uFFFE (C47). Rows are
    written as they are made, a block at a time, each a column at a time, into the zip file
    in memory."""
    from ...export.package import Package

    buffer = io.BytesIO()
    book = Package(buffer)
    sheet = book.sheet("Sheet1")
    sheet.extent(len(table.rows), len(table.columns) - 1)
    rows = [table.columns, *table.rows]
    escaped = False
    for first in range(0, len(rows), XLSX_BLOCK):
        escaped = _xlsx_rows(sheet, rows[first : first + XLSX_BLOCK], first, len(table.columns)) or escaped
    sheet.close()
    book.close()
    if escaped:
        warnings.append(
            f"{name}: characters a workbook cannot hold were written escaped (\\x0b, \\uFFFE, …; "
            "the .tsv file keeps them)"
        )
    return buffer.getvalue()


def _xlsx_rows(sheet: Any, rows: list[list[Any]], first: int, width: int) -> bool:
    """Rows from sheet row `first` (from 0), text escaped (C47) and cut to what a cell holds;
    returns whether some text was escaped."""
    from ...export.sheetxml import Column

    escaped = False
    columns = []
    for col in range(width):
        values = [row[col] if col < len(row) else None for row in rows]
        texts, escaped_here = _cell_texts(values)
        escaped = escaped or escaped_here
        columns.append(Column(col, texts, (0, 0, 0, 0)))
    sheet.add_block(first, columns)
    return escaped


def _cell_texts(values: list[Any]) -> tuple[list[Any], bool]:
    """A column's values with their text escaped (C47) and cut to what a cell holds (the
    column looked at as a whole first: most need neither); whether some text was escaped."""
    from ...export.cells import MAX_TEXT, escape_text, fitted

    texts = [v for v in values if type(v) is str]
    joined = "".join(texts)
    if escape_text(joined) is joined and max(map(len, texts), default=0) <= MAX_TEXT // 2:
        return values, False
    escaped = [escape_text(v) if type(v) is str else v for v in values]
    changed = any(e is not v for e, v in zip(escaped, values, strict=True))
    return [fitted(e) if type(e) is str else e for e in escaped], changed


# --- standard output (§5.1) --------------------------------------------------------------


def _head(rows: list[list[Any]], n: int) -> list[list[Any]]:
    """pandas' head(n): the first n rows, or all but the last -n."""
    return rows[:n] if n >= 0 else rows[: max(len(rows) + n, 0)]


def console(sections: list[tuple[str, PlainTable, int | None, bool]]) -> str:
    """Each (title, table, rows shown or None for all, empty line after) as the original prints it."""
    out = []
    for title, table, n, spaced in sections:
        rows = table.rows if n is None else _head(table.rows, n)
        kinds = [table.dtypes.get(c, "object") for c in table.columns]
        out.append(f"{title}\n{frame_repr(table.columns, kinds, rows)}\n" + ("\n" if spaced else ""))
    return "".join(out)
