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


# --- XLSX (§5.2) -----------------------------------------------------------------------

_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")


def xlsx(table: PlainTable, warnings: list[str], name: str) -> bytes:
    """One sheet `Sheet1`: header row, then the rows; text never becomes a formula (C46) and
    characters a workbook cannot hold become U+FFFD (C47)."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell

    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet("Sheet1")
    replaced = False

    def cell(value: Any) -> Any:
        nonlocal replaced
        if isinstance(value, bool) or not isinstance(value, str):
            return value
        if value == "":
            return None
        if _ILLEGAL.search(value):
            replaced = True
            value = _ILLEGAL.sub("\ufffd", value)
        text = WriteOnlyCell(sheet, value=value)
        text.data_type = "s"
        return text

    sheet.append([cell(c) for c in table.columns])
    for row in table.rows:
        sheet.append([cell(v) for v in row])
    buffer = io.BytesIO()
    workbook.save(buffer)
    if replaced:
        warnings.append(
            f"{name}: control characters a workbook cannot hold were written as U+FFFD "
            "(the .tsv file keeps them)"
        )
    return buffer.getvalue()


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
