"""The XML of one worksheet (ECMA-376 Part 1, §18.3), as xlsxwriter writes it in constant
memory: inline strings (rich-text runs too), numbers, booleans; column widths, frozen panes,
an autofilter, a drop-down list and the page set up to print one page wide."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator
from functools import cache
from itertools import chain, count, repeat
from typing import IO, Any
from xml.sax.saxutils import escape

from .cells import FORMULA_START, MAX_TEXT, fitted, plain

HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
OPEN = ('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">')  # fmt: skip
MARGINS = '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>'
KEPT_CHARACTERS = 1 << 16  # characters of rows kept before they are written (once the extent is declared)
PRESERVE = ' xml:space="preserve"'
# What a cell's text cannot hold as it is: XML's & < >, the controls and non-characters Excel
# writes as _xHHHH_, lone surrogates (and text that looks like such an escape: `special`).
SPECIAL_CHARACTERS = re.compile("[&<>\x00-\x08\x0b-\x1f\ufffe\uffff\ud800-\udfff]")
_LITERAL_ESCAPE = re.compile("(_x[0-9a-fA-F]{4}_)")
# In texts joined by NUL (and NUL at both ends): one that starts like a formula or with
# whitespace, or ends with whitespace.
_EDGE = re.compile("\x00(?:[=+\\-@\\s]|(?<=\\s\x00))")
_TEXT, _NUMBERS = {str, type(None)}, {int, float, type(None)}  # the types of a column of texts, of numbers
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\ufffe\uffff]")


@cache
def letter(col: int) -> str:
    """A column's letters: 0 → A, 26 → AA."""
    name = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        name = chr(65 + rest) + name
    return name


def chunks(text: str, size: int) -> Iterator[str]:
    """`text` in pieces of `size` characters, shorter where a piece would hold more than a
    cell does (characters above U+FFFF count twice): long data kept in a hidden sheet."""
    start = 0
    while start < len(text):
        chunk = fitted(text[start : start + size])
        yield chunk
        start += len(chunk)


def special(text: str) -> bool:
    """Whether a text must be escaped for a cell's XML."""
    return SPECIAL_CHARACTERS.search(text) is not None or (
        "_x" in text and _LITERAL_ESCAPE.search(text) is not None
    )


def escaped(text: str) -> str:
    """Text as a cell's XML holds it: & < > as entities, controls as _xHHHH_ (a literal
    _xHHHH_ kept by escaping its underscore)."""
    if not special(text):
        return text
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = _LITERAL_ESCAPE.sub(r"_x005F\1", text)
    return _CONTROL.sub(lambda m: f"_x{ord(m.group()):04X}_", text)


def text_element(text: str) -> str:
    """A <t> element of escaped text, keeping leading and trailing whitespace."""
    if text[:1].isspace() or text[-1:].isspace():
        return f"<t{PRESERVE}>{text}</t>"
    return f"<t>{text}</t>"


def text_cell(ref: str, text: str, style: int, quoted: int) -> str:
    """An inline string cell of non-empty text (cut to what a cell holds); `quoted` the
    style of text a spreadsheet program would take for a formula."""
    if len(text) > MAX_TEXT // 2 or special(text):
        text = escaped(fitted(text))  # its first character kept (no formula start is escaped)
    return ready_text_cell(ref, text, style, quoted)


def ready_text_cell(ref: str, text: str, style: int, quoted: int) -> str:
    """text_cell of a text its cell's XML holds as it is (escaped, or nothing to escape)."""
    if text.startswith(FORMULA_START):
        style = quoted
    return f'<c r="{ref}"{_style(style)} t="inlineStr"><is>{text_element(text)}</is></c>'


def value_cell(ref: str, value: Any, style: int, quoted: int, decimal: int) -> str:
    """One cell of any report value (`plain`): text as text (a blank cell where empty and
    `style` is set), numbers as numbers (a float in `decimal`); "" for no cell."""
    if type(value) is str and len(value) <= MAX_TEXT // 2 and value and not special(value):
        return ready_text_cell(ref, value, style, quoted)
    value = plain(value)
    if type(value) is str and value:
        return text_cell(ref, value, style, quoted)
    if value is None or type(value) is str:
        return f'<c r="{ref}" s="{style}"/>' if style else ""
    if type(value) is bool:
        return f'<c r="{ref}"{_style(style)} t="b"><v>{int(value)}</v></c>'
    return f'<c r="{ref}"{_style(decimal if type(value) is float else style)}><v>{value!r}</v></c>'


def value_column(refs: list[str], values: list[Any], style: int, quoted: int, decimal: int) -> list[str]:
    """The cells of one column as `value_cell` writes them, but none where a value is empty
    ("" or None); a column of texts with nothing to escape or quote, or of finite numbers,
    made in one go."""
    kinds = set(map(type, values))
    if kinds <= _TEXT and _as_is(values):
        s = _style(style)
        return [f'<c r="{ref}"{s} t="inlineStr"><is><t>{v}</t></is></c>' if v else ""
                for ref, v in zip(refs, values, strict=True)]  # fmt: skip
    if kinds <= _NUMBERS and all(map(math.isfinite, [v for v in values if type(v) is float])):
        s, d = _style(style), _style(decimal)
        return [f'<c r="{ref}"{d if type(v) is float else s}><v>{v!r}</v></c>' if v is not None else ""
                for ref, v in zip(refs, values, strict=True)]  # fmt: skip
    return [value_cell(ref, v, style, quoted, decimal) if v is not None and v != "" else ""
            for ref, v in zip(refs, values, strict=True)]  # fmt: skip


def _as_is(values: list[Any]) -> bool:
    """Whether every value (a text or None) is empty or a text its cell holds as it is."""
    texts = [v for v in values if v]
    joined = "\x00".join(["", *texts, ""])
    return (
        joined.count("\x00") == len(texts) + 1
        and max(map(len, texts), default=0) <= MAX_TEXT // 2
        and not special(joined.replace("\x00", "\n"))
        and not _EDGE.search(joined)
    )


def list_validation(cells: str, formula: str, title: str, error: str, prompt: str = "") -> str:
    """A <dataValidation> of a drop-down list (`formula`: the choices in quotes, or a range)
    on `cells` (ranges separated by spaces): with a prompt, shown with its errors; without
    one, neither shown."""
    if prompt:
        shown = 'showInputMessage="1" showErrorMessage="1"'
        asked = f' promptTitle="{title}" prompt={attribute(prompt)}'
    else:
        shown, asked = 'showDropDown="0" showInputMessage="0" showErrorMessage="0"', ""
    return (f'<dataValidation type="list" allowBlank="1" {shown} errorTitle="{title}" '
            f'error={attribute(error)}{asked} sqref="{cells}"><formula1>{escape(formula)}</formula1>'
            "</dataValidation>")  # fmt: skip


def validations(checks: list[str]) -> str:
    """The <dataValidations> element of a sheet's checks ("" for none)."""
    return f'<dataValidations count="{len(checks)}">{"".join(checks)}</dataValidations>' if checks else ""


def attribute(value: str) -> str:
    """An attribute value in double quotes, escaped as xlsxwriter escapes it."""
    return '"' + escape(value, {'"': "&quot;", "\n": "&#xA;"}) + '"'


def _height(height: float | None) -> str:
    """A row's height attributes (none for the default height)."""
    return f' ht="{height:g}" customHeight="1"' if height else ""


def _style(style: int) -> str:
    """A cell's or column's style attribute (none for the default style)."""
    return f' s="{style}"' if style else ""


def column_width(width: float) -> str:
    """A width in characters as Excel stores it (whole pixels of a 7-pixel digit, padding 5)."""
    pixels = int(width * 12 + 0.5) if width < 1 else int(width * 7 + 0.5) + 5
    return f"{(pixels * 256 // 7) / 256:.16g}"


class Sheet:
    """One worksheet being written: rows are kept until the sheet is closed, or written a
    KEPT_CHARACTERS at a time once `extent` tells its last row and column."""

    def __init__(self, stream: IO[bytes], name: str, selected: bool) -> None:
        self.stream, self.name, self.selected = stream, name, selected
        self.columns: dict[int, tuple[str, int]] = {}  # width and style of each set column
        self.frozen: tuple[int, int] = (0, 0)  # rows and columns
        self.page_fit = False
        self.rows: list[str] = []
        self.kept = 0  # characters of the rows kept
        self.first: tuple[int, int] | None = None
        self.last = (0, 0)
        self.declared = False
        self.head_written = False
        self.footer: list[str] = []

    def column(self, col: int, width: float, style: int = 0, stored: bool = False) -> None:
        """A column's width in characters (`stored`: as the file stores it, padding included)."""
        self.columns[col] = (f"{width:.16g}" if stored else column_width(width), style)

    def freeze(self, rows: int, cols: int = 0) -> None:
        self.frozen = (rows, cols)

    def extent(self, last_row: int, last_col: int) -> None:
        """Declare the last row and column (from 0): rows then go out as they are added."""
        self.first, self.last, self.declared = (0, 0), (last_row, last_col), True

    def cells(self, row: int, items: Iterable[tuple[int, Any, int, int, int]]) -> None:
        """Row `row` of cells: (column, value, style, quoted, decimal) as `value_cell` takes them."""
        number = row + 1
        xml = [(col, value_cell(f"{letter(col)}{number}", value, style, quoted, decimal))
               for col, value, style, quoted, decimal in items]  # fmt: skip
        written = [col for col, cell in xml if cell]
        if written:
            self._extend(row, min(written), max(written))
            self.add(row, "".join(cell for _, cell in xml))

    def _extend(self, row: int, first_col: int, last_col: int) -> None:
        """Take row `row`'s cells from `first_col` to `last_col` into the sheet's extent."""
        if self.declared:
            return
        first = self.first or (row, first_col)
        self.first = (min(first[0], row), min(first[1], first_col))
        self.last = (max(self.last[0], row), max(self.last[1], last_col))

    def add(self, row: int, cells: str, height: float | None = None) -> None:
        """A row of cells' XML (none: no row, unless it has a height)."""
        self._add_rows(row, [cells], [height])

    def add_columns(self, first: int, columns: list[list[str]], heights: Iterable[float | None] = ()) -> None:
        """Rows from row `first` made of columns of cells' XML, from column A on ("" where a
        row has no cell in a column; a row without cells is left out unless it has a height)."""
        rows = list(map("".join, zip(*columns, strict=True)))
        if not self.declared:
            filled = [col for col, cells in enumerate(columns) if any(cells)]
            if filled:
                top = next(i for i, cells in enumerate(rows) if cells)
                bottom = len(rows) - 1 - next(i for i, cells in enumerate(reversed(rows)) if cells)
                self._extend(first + top, filled[0], filled[-1])
                self._extend(first + bottom, filled[0], filled[-1])
        self._add_rows(first, rows, heights)

    def _add_rows(self, first: int, rows: list[str], heights: Iterable[float | None]) -> None:
        """Rows' cells from row `first` (a row without cells left out unless it has a height)."""
        attributes = chain(map(_height, heights), repeat(""))
        numbered = zip(count(first + 1), rows, attributes)
        rows = [f'<row r="{n}"{a}>{c}</row>' for n, c, a in numbered if c or a]
        self.rows += rows
        self.kept += sum(map(len, rows))
        if self.declared and self.kept >= KEPT_CHARACTERS:
            self.flush()

    def flush(self) -> None:
        """Write the rows kept so far (the head first: `extent` must have been declared,
        unless the sheet is being closed)."""
        if not self.head_written:
            self._write(self._head())
            self.head_written = True
        # the rows encoded one by one: a str of them all holds 4 bytes a character past U+FFFF
        self.stream.write(b"".join(map(str.encode, self.rows)))
        self.rows, self.kept = [], 0

    def _write(self, text: str) -> None:
        self.stream.write(text.encode("utf-8"))

    def _head(self) -> str:
        fit = '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>' if self.page_fit else ""
        first = self.first or (0, 0)
        start, end = f"{letter(first[1])}{first[0] + 1}", f"{letter(self.last[1])}{self.last[0] + 1}"
        dimension = start if self.first is None or start == end else f"{start}:{end}"
        return (f'{HEAD}{OPEN}{fit}<dimension ref="{dimension}"/><sheetViews>{self._view()}</sheetViews>'
                f'<sheetFormatPr defaultRowHeight="15"/>{self._cols()}<sheetData>')  # fmt: skip

    def _view(self) -> str:
        selected = ' tabSelected="1"' if self.selected else ""
        rows, cols = self.frozen
        if not (rows or cols):
            return f'<sheetView{selected} workbookViewId="0"/>'
        corner = f"{letter(cols)}{rows + 1}"
        if rows and cols:
            pane = (f'<pane xSplit="{cols}" ySplit="{rows}" topLeftCell="{corner}" activePane="bottomRight" '
                    'state="frozen"/>')  # fmt: skip
            selections = (f'<selection pane="topRight" activeCell="{letter(cols)}1" sqref="{letter(cols)}1"/>'
                          f'<selection pane="bottomLeft" activeCell="A{rows + 1}" sqref="A{rows + 1}"/>'
                          '<selection pane="bottomRight"/>')  # fmt: skip
        elif rows:
            pane = f'<pane ySplit="{rows}" topLeftCell="{corner}" activePane="bottomLeft" state="frozen"/>'
            selections = '<selection pane="bottomLeft"/>'
        else:
            pane = f'<pane xSplit="{cols}" topLeftCell="{corner}" activePane="topRight" state="frozen"/>'
            selections = '<selection pane="topRight"/>'
        return f'<sheetView{selected} workbookViewId="0">{pane}{selections}</sheetView>'

    def _cols(self) -> str:
        """The <cols> element: neighbouring columns of the same width and style as one range."""
        ranges: list[list[Any]] = []
        for col in sorted(self.columns):
            if ranges and ranges[-1][1] == col - 1 and ranges[-1][2] == self.columns[col]:
                ranges[-1][1] = col
            else:
                ranges.append([col, col, self.columns[col]])
        cols = "".join(f'<col min="{a + 1}" max="{b + 1}" width="{width}"'
                       + (f' style="{style}"' if style else "") + ' customWidth="1"/>'
                       for a, b, (width, style) in ranges)  # fmt: skip
        return f"<cols>{cols}</cols>" if cols else ""

    def key_values(self, rows: list[tuple[str, str]]) -> None:
        """The whole sheet: a key and a value cell per row (data a reader of the workbook
        reads back; written as the rows come, the data can be large), then closed."""
        self.extent(max(len(rows) - 1, 0), 1)
        for n, (key, value) in enumerate(rows):
            self.cells(n, [(0, key, 0, 0, 0), (1, value, 0, 0, 0)])
        self.close()

    def close(self) -> None:
        """Write what is left: rows, the end of the sheet data and what follows it."""
        self.flush()
        setup = '<pageSetup fitToHeight="0" orientation="landscape"/>' if self.page_fit else ""
        self._write(f"</sheetData>{''.join(self.footer)}{MARGINS}{setup}</worksheet>")
        self.stream.close()
