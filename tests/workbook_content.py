"""A workbook's content as openpyxl reads it, for comparing two workbooks whose XML may differ:
sheet order and states; per sheet the column widths and styles, row heights, frozen panes,
autofilter, merged cells and validations; per cell its value (rich text as its runs and
their fonts), type and style. `python -m tests.workbook_content A.xlsx B.xlsx` compares two.
And a sheet's XML with every cell's reference written out (`placed`), where a reader places
a cell that has none."""

from __future__ import annotations

import re
import sys
import zipfile
from collections.abc import Iterator
from itertools import zip_longest
from typing import Any

from openpyxl import load_workbook
from openpyxl.cell.rich_text import CellRichText
from openpyxl.utils import column_index_from_string, get_column_letter


def _value(value: Any) -> Any:
    """A cell's value, rich text as its runs (text, font) so that two compare by content."""
    if isinstance(value, CellRichText):
        return tuple((getattr(block, "text", block), repr(getattr(block, "font", None))) for block in value)
    return value


def _styles(book: Any) -> tuple[Any, ...]:
    """The workbook's style tables, which each cell's style numbers point into."""
    return tuple(repr(list(table)) for table in (book._fonts, book._fills, book._borders, book._alignments,
                                                 book._protections, book._number_formats, book._cell_styles))  # fmt: skip


def _sheet(ws: Any) -> tuple[Any, ...]:
    """What a sheet holds besides its cells."""
    widths = {key: (dim.width, dim.customWidth, dim.style, dim.min, dim.max) for key, dim in ws.column_dimensions.items()}
    heights = {key: (dim.ht, dim.customHeight) for key, dim in ws.row_dimensions.items() if dim.ht}
    checks = [repr(check) for check in ws.data_validations.dataValidation]
    return (ws.title, ws.sheet_state, ws.freeze_panes, ws.auto_filter.ref, repr(ws.sheet_view),
            str(ws.merged_cells), widths, heights, checks, ws.dimensions, repr(ws.page_setup),
            repr(ws.print_options), ws.sheet_properties.pageSetUpPr and ws.sheet_properties.pageSetUpPr.fitToPage)  # fmt: skip


def content(path: Any) -> Iterator[Any]:
    """The workbook's content, piece by piece: its sheets and styles, then each sheet and
    its cells, a thousand at a time (row, column, value, type, style numbers)."""
    book = load_workbook(path, rich_text=True)
    yield [(ws.title, ws.sheet_state) for ws in book.worksheets]
    yield _styles(book)
    for ws in book.worksheets:
        yield _sheet(ws)
        cells = [(*at, _value(cell.value), cell.data_type, tuple(cell._style)) for at, cell in sorted(ws._cells.items())]
        for start in range(0, len(cells), 1000):
            yield cells[start : start + 1000]


def first_difference(a: Any, b: Any) -> str | None:
    """Where two workbooks' contents first differ (None: the same)."""
    for n, (x, y) in enumerate(zip_longest(content(a), content(b))):
        if x != y:
            return f"piece {n}: {x!r:.600} != {y!r:.600}"
    return None


ROW = re.compile(rb'<row r="([0-9]+)".*?</row>', re.S)
CELL = re.compile(rb'<c(?: r="([A-Z]+)[0-9]+")?(?=[ />])')


def placed(sheet: bytes) -> bytes:
    """A sheet's XML with a reference on every cell: a cell without one right after the
    cell before it in its row (the first in column A), as ECMA-376 and openpyxl place it."""

    def row(match: re.Match[bytes]) -> bytes:
        number, column = match.group(1), 0

        def cell(found: re.Match[bytes]) -> bytes:
            nonlocal column
            column = column_index_from_string(found.group(1).decode()) if found.group(1) else column + 1
            return b'<c r="%s%s"' % (get_column_letter(column).encode(), number)

        return CELL.sub(cell, match.group(0))

    return ROW.sub(row, sheet)


def with_references(path: Any, copy: Any) -> None:
    """A copy of a workbook whose sheets have every cell's reference written out."""
    with zipfile.ZipFile(path) as book, zipfile.ZipFile(copy, "w", zipfile.ZIP_DEFLATED) as out:
        for item in book.infolist():
            data = book.read(item)
            out.writestr(item, placed(data) if item.filename.startswith("xl/worksheets/") else data)


if __name__ == "__main__":
    found = first_difference(sys.argv[1], sys.argv[2])
    print(found or "the same content")
    sys.exit(1 if found else 0)
