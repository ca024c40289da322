"""The XML of one worksheet (ECMA-376 Part 1, §18.3), as xlsxwriter writes it in constant
memory: inline strings (rich-text runs too), numbers, booleans; column widths, frozen panes,
an autofilter, a drop-down list and the page set up to print one page wide."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from itertools import compress, pairwise
from operator import itemgetter
from typing import Any, NamedTuple, Protocol

import numpy as np

from .cells import FORMULA_START, MAX_TEXT, fitted, plain
from .kinds import BOOL, FLOAT, INT, LITERAL_ESCAPE, NONE, TEXT, careful_codes, columns_codes

HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
OPEN = ('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">')  # fmt: skip
MARGINS = '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>'
KEPT_BYTES = 1 << 16  # bytes of rows kept before they are written (once the extent is declared)
PRESERVE = ' xml:space="preserve"'
# What a cell's text cannot hold as it is: XML's & < >, the controls and non-characters Excel
# writes as _xHHHH_, lone surrogates (and text that looks like such an escape: `special`).
_SPECIAL_BUT_NUL = "&<>\x01-\x08\x0b-\x1f\ufffe\uffff\ud800-\udfff"
SPECIAL_CHARACTERS = re.compile(f"[\x00{_SPECIAL_BUT_NUL}]")
# A column's styles: text (and bools), quoted text, decimal, whole number
CellStyles = tuple[int, int, int, int]
# Kind codes of cells beside kinds.py's: an empty text as a blank cell; a cell's XML made apart
BLANK, READY = 8, 9
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


def column_number(letters: str) -> int:
    """A column's number from its letters: A → 1, AA → 27 (letter's inverse, from 1)."""
    number = 0
    for char in letters:
        number = number * 26 + ord(char) - 64
    return number


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
        "_x" in text and LITERAL_ESCAPE.search(text) is not None
    )


def escaped(text: str) -> str:
    """Text as a cell's XML holds it: & < > as entities, controls as _xHHHH_ (a literal
    _xHHHH_ kept by escaping its underscore)."""
    if not special(text):
        return text
    text = LITERAL_ESCAPE.sub(r"_x005F\1", xml_text(text))
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


class CodedTexts:
    """A column's distinct texts (report.Coded's; whole numbers stay numbers) as cells hold
    them, each made once (not once per row), and a blank last (the number −1): its kind code
    (kinds.py) and its text in UTF-8, escaped or cut where it must be."""

    def __init__(self, texts: Sequence[Any]) -> None:
        texts = [*texts, ""]
        self.codes = columns_codes([texts])[0]
        careful = np.flatnonzero(self.codes < 0).tolist()  # those escaped or cut as text_cell makes them
        for k in careful:
            texts[k] = escaped(fitted(plain(texts[k])))
        self.codes[careful] = careful_codes([texts[k] for k in careful], None)
        self.encoded = np.fromiter((t.encode() if type(t) is str else t for t in texts), object, len(texts))


class CodedColumn(NamedTuple):
    """A column of texts as its distinct texts (CodedTexts) and per row the number of its text."""

    texts: CodedTexts
    number: np.ndarray


def _values_of(column: Column) -> Sequence[Any]:
    """A column's values (a CodedColumn column's: its rows' numbers)."""
    return column.values.number if type(column.values) is CodedColumn else column.values


class Column(NamedTuple):
    """A column of a block of rows (`block_rows`): its number, values (or CodedColumn texts) and
    styles; `careful`, where known, the texts to escape or cut; `blank`: an empty text a
    blank cell in its text style (else, as None, no cell)."""

    col: int
    values: Sequence[Any] | CodedColumn
    styles: CellStyles
    careful: np.ndarray | None = None
    blank: bool = False


# Each column's number, styles (None: ready XML) and whether its texts come in UTF-8 (CodedColumn)
Layout = tuple[tuple[int, CellStyles | None, bool], ...]


def block_rows(first: int, columns: list[Column], ready: dict[int, list[str]] | None = None,
               heights: Sequence[float | None] = ()
               ) -> tuple[list[bytes], np.ndarray, np.ndarray]:  # fmt: skip
    """The XML of rows from sheet row `first` (from 0), in UTF-8: the cells of `columns` as
    value_cell writes them (whole numbers in the number style; none where a value is None
    or "") and `ready` cells' XML by column ("": none); a row without cells is left out
    unless it has a height (`heights`: each row's, in points; None or 0 the default). Every
    row is made by one format of its kind (its cells' kinds and whether it has a height);
    returns the rows, which rows have a cell and which columns."""
    ready = ready or {}
    n = len(_values_of(columns[0])) if columns else len(next(iter(ready.values()), ()))
    if n == 0:
        return [], np.zeros(0, bool), np.zeros(len(columns) + len(ready), bool)
    codes, values = _cells_kinds(columns, first)
    for cells in ready.values():
        codes.append(np.fromiter(map(bool, cells), np.int8, n) * READY)
        values.append(cells)
    made: list[tuple[int, CellStyles | None, bool]] = [(c.col, c.styles, type(c.values) is CodedColumn)
                                                       for c in columns]  # fmt: skip
    made += [(col, None, False) for col in ready]
    order = sorted(range(len(made)), key=lambda k: made[k][0])
    attributes = list(map(_height, heights)) if len(heights) else [b""] * n
    kinds = np.array([codes[k] for k in order] + [np.fromiter(map(bool, attributes), np.int8, n)], np.int8)
    numbers = list(map(b"%d".__mod__, range(first + 1, first + 1 + n)))
    layout = tuple(made[k] for k in order)
    rows = _formatted(kinds, [numbers, attributes, *(values[k] for k in order)], layout)
    has_cells = kinds[:-1] != NONE
    filled = has_cells.any(axis=0)
    return list(compress(rows, filled | kinds[-1].astype(bool))), filled, has_cells.any(axis=1)


def _cells_kinds(columns: list[Column], first: int) -> tuple[list[np.ndarray], list[Sequence[Any]]]:
    """Each column's kind codes and values (a value to put in apart as its cell's XML:
    READY): those of the columns without known careful texts found at once; a CodedColumn
    column's taken from its distinct texts' (its values in UTF-8)."""
    plain_columns = [c for c in columns if type(c.values) is not CodedColumn]
    values = [c.values if isinstance(c.values, list | tuple) else list(c.values) for c in plain_columns]
    found = iter(columns_codes(values, [c.careful for c in plain_columns]))
    made, taken = [], iter(values)
    for column in columns:
        if type(column.values) is CodedColumn:
            texts, number = column.values
            made.append((texts.codes[number], texts.encoded[number].tolist()))
        else:
            made.append(_put_apart(column, next(found), next(taken), first))
    return [codes for codes, _ in made], [column for _, column in made]


def _put_apart(column: Column, codes: np.ndarray, values: Sequence[Any], first: int
               ) -> tuple[np.ndarray, Sequence[Any]]:  # fmt: skip
    """A column's codes and values with its blank cells (`blank`) and the cells of values of
    kind -1 made one by one by value_cell (READY, their XML as the value)."""
    if column.blank and "" in values:
        codes[[k for k, value in enumerate(values) if value == ""]] = BLANK
    apart = np.flatnonzero(codes < 0).tolist()
    if apart:
        style, quoted, decimal, number = column.styles
        values = list(values)
        for k in apart:
            value = values[k]
            own = number if isinstance(value, int | float) and not isinstance(value, bool) else style
            values[k] = value_cell(f"{letter(column.col)}{first + 1 + k}", value, own, quoted, decimal)
            codes[k] = READY if values[k] else NONE
    return codes, values


def _formatted(kinds: np.ndarray, values: list[list[Any]], layout: Layout) -> list[bytes]:
    """Each row's XML (its kinds the column of `kinds`): the rows of each kind made by one
    %-format over the columns it uses, then put back in order."""
    n = kinds.shape[1]
    keys = np.ascontiguousarray(kinds.T).view(np.dtype((np.void, kinds.shape[0]))).ravel()
    unique, group = np.unique(keys, return_inverse=True)
    if len(unique) == 1:
        return _kind_rows(unique[0].tobytes(), layout, values)
    order = np.argsort(group, kind="stable")
    rows: list[bytes] = []
    bounds = pairwise(np.searchsorted(group[order], range(len(unique) + 1)).tolist())
    for kind, (a, b) in zip(unique, bounds, strict=True):
        rows += _kind_rows(kind.tobytes(), layout, values, order[a:b].tolist())
    put_back = np.empty(n, object)
    put_back[order] = rows
    return put_back.tolist()


def _kind_rows(kind: bytes, layout: Layout, values: list[Sequence[Any]], chosen: list[int] | None = None
               ) -> list[bytes]:  # fmt: skip
    """The rows of one kind (those numbered `chosen`, else all): its format over the
    columns of `values` it uses (the row numbers and height attributes in UTF-8, then one
    per column of `layout`), each value as its cell writes it: text in UTF-8, a decimal as
    its repr (%r), whole numbers by %d."""
    template, used = _row_format(kind, layout)
    if not template:  # no cell and no height: no row
        return [b""] * (len(values[0]) if chosen is None else len(chosen))
    if chosen is not None:  # the values of the columns used, of those rows only
        take = itemgetter(*chosen) if len(chosen) > 1 else lambda column: (column[chosen[0]],)
        values = {k: take(values[k]) for k in {k for k, _ in used}}  # type: ignore[assignment]
    args = [map(str.encode, values[k]) if how == TEXT else values[k] for k, how in used]
    return list(map(template.__mod__, zip(*args, strict=True)))


@cache
def _row_format(kind: bytes, layout: Layout) -> tuple[bytes, tuple[tuple[int, int], ...]]:
    """The %-format of a row of `kind` (each cell's kind code, then whether it has a height),
    and the columns of values it takes with how each is written (as it is, or TEXT):
    0 the row's number, 1 its height attribute, then the cells' values."""
    *cells, height = kind
    if not any(cells) and not height:
        return b"", ()
    parts, used = ['<row r="%s"' + ("%s>" if height else ">")], [(0, INT), (1, INT)][: 1 + bool(height)]
    for k, (code, (col, styles, encoded)) in enumerate(zip(cells, layout, strict=True)):
        part, numbered, how = _cell_format(code, letter(col), styles)
        parts.append(part)
        how = INT if encoded and how == TEXT else how  # (UTF-8 already: taken as it is)
        used += [(0, INT)] * numbered + [(k + 2, how)] * (how is not None)
    return ("".join(parts) + "</row>").encode(), tuple(used)


def _cell_format(code: int, mark: str, styles: CellStyles | None) -> tuple[str, bool, int | None]:
    """A cell's %-format by its kind code (column `mark`), whether its reference takes the
    row's number, and how its value is written (None: it takes none)."""
    if code == NONE:
        return "", False, None
    if code == READY:
        return "%s", False, TEXT
    assert styles is not None
    style, quoted, decimal, number = styles
    if code == BLANK:
        return (f'<c r="{mark}%s" s="{style}"/>', True, None) if style else ("", False, None)
    if code == BOOL:
        return f'<c r="{mark}%s"{_style(style)} t="b"><v>%d</v></c>', True, INT
    if code == INT:
        return f'<c r="{mark}%s"{_style(number)}><v>%d</v></c>', True, INT
    if code == FLOAT:
        return f'<c r="{mark}%s"{_style(decimal)}><v>%r</v></c>', True, INT
    text_style = quoted if (code - TEXT) & 1 else style
    kept = PRESERVE if (code - TEXT) & 2 else ""
    return f'<c r="{mark}%s"{_style(text_style)} t="inlineStr"><is><t{kept}>%s</t></is></c>', True, TEXT


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
            f'error={attribute(error)}{asked} sqref="{cells}"><formula1>{xml_text(formula)}</formula1>'
            "</dataValidation>")  # fmt: skip


def validations(checks: list[str]) -> str:
    """The <dataValidations> element of a sheet's checks ("" for none)."""
    return f'<dataValidations count="{len(checks)}">{"".join(checks)}</dataValidations>' if checks else ""


def attribute(value: str) -> str:
    """An attribute value in double quotes, escaped as xlsxwriter escapes it."""
    return '"' + xml_text(value).replace('"', "&quot;").replace("\n", "&#xA;") + '"'


def xml_text(text: str) -> str:
    """Text with XML's & < > as entities (what xml.sax.saxutils.escape does, without
    importing urllib and http as that module does: 0.04 s of CPU a run)."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


@cache
def _height(height: float | None) -> bytes:
    """A row's height attributes (none for the default height: None or 0)."""
    return f' ht="{height:g}" customHeight="1"'.encode() if height else b""


def _style(style: int) -> str:
    """A cell's or column's style attribute (none for the default style)."""
    return f' s="{style}"' if style else ""


def column_width(width: float) -> str:
    """A width in characters as Excel stores it (whole pixels of a 7-pixel digit, padding 5)."""
    pixels = int(width * 12 + 0.5) if width < 1 else int(width * 7 + 0.5) + 5
    return f"{(pixels * 256 // 7) / 256:.16g}"


class Stream(Protocol):
    """Where a sheet's XML goes (package.Part)."""

    def write(self, data: bytes, /) -> Any: ...

    def close(self) -> None: ...


class Sheet:
    """One worksheet being written: rows are kept until the sheet is closed, or written a
    KEPT_BYTES at a time once `extent` tells its last row and column."""

    def __init__(self, stream: Stream, name: str, selected: bool) -> None:
        self.stream, self.name, self.selected = stream, name, selected
        self.columns: dict[int, tuple[str, int]] = {}  # width and style of each set column
        self.frozen: tuple[int, int] = (0, 0)  # rows and columns
        self.page_fit = False  # printed one page wide (else at its normal scale)
        self.landscape = False
        self.gridlines = False  # printed with them
        self.rows: list[bytes] = []
        self.kept = 0  # bytes of the rows kept
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
            self._keep([f'<row r="{number}">{"".join(cell for _, cell in xml)}</row>'.encode()])

    def _extend(self, row: int, first_col: int, last_col: int) -> None:
        """Take row `row`'s cells from `first_col` to `last_col` into the sheet's extent."""
        if self.declared:
            return
        first = self.first or (row, first_col)
        self.first = (min(first[0], row), min(first[1], first_col))
        self.last = (max(self.last[0], row), max(self.last[1], last_col))

    def add_block(self, first: int, columns: list[Column], ready: dict[int, list[str]] | None = None,
                  heights: Sequence[float | None] = ()) -> None:  # fmt: skip
        """Rows from row `first` of `columns` and `ready` cells as `block_rows` makes them,
        taken into the sheet's extent."""
        rows, filled, used = block_rows(first, columns, ready, heights)
        if not self.declared and filled.any():
            cols = sorted([c.col for c in columns] + list(ready or ()))
            left, right = cols[int(np.argmax(used))], cols[len(used) - 1 - int(np.argmax(used[::-1]))]
            self._extend(first + int(np.argmax(filled)), left, right)
            self._extend(first + len(filled) - 1 - int(np.argmax(filled[::-1])), left, right)
        self._keep(rows)

    def _keep(self, rows: list[bytes]) -> None:
        """Rows' XML (UTF-8) kept, written once enough of it is (and the extent declared)."""
        self.rows += rows
        self.kept += sum(map(len, rows))
        if self.declared and self.kept >= KEPT_BYTES:
            self.flush()

    def flush(self) -> None:
        """Write the rows kept so far (the head first: `extent` must have been declared,
        unless the sheet is being closed)."""
        if not self.head_written:
            self._write(self._head())
            self.head_written = True
        step = max(1, len(self.rows) * KEPT_BYTES // max(self.kept, 1))  # about KEPT_BYTES a write
        for start in range(0, len(self.rows), step):
            self.stream.write(b"".join(self.rows[start : start + step]))
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
        self._write(f"</sheetData>{''.join(self.footer)}{self._page_setup()}</worksheet>")
        self.stream.close()

    def _page_setup(self) -> str:
        """How the sheet prints: gridlines, the margins, landscape and one page wide if set."""
        grid = '<printOptions gridLines="1"/>' if self.gridlines else ""
        settings = ' fitToHeight="0"' * self.page_fit + ' orientation="landscape"' * self.landscape
        return f"{grid}{MARGINS}<pageSetup{settings}/>" if settings else f"{grid}{MARGINS}"

    def printed_width(self) -> float:
        """The set columns' width in characters, as the file stores it (padding included)."""
        return sum(float(width) for width, _ in self.columns.values())
