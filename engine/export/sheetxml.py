"""The XML of one worksheet (ECMA-376 Part 1, §18.3), as xlsxwriter writes it in constant
memory: inline strings (rich-text runs too), numbers, booleans; column widths, frozen panes,
an autofilter, a drop-down list and the page set up to print one page wide."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from itertools import chain, compress, count, islice, repeat
from operator import itemgetter
from typing import IO, Any

import numpy as np

from .cells import FORMULA_START, MAX_TEXT, fitted, plain

HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
OPEN = ('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">')  # fmt: skip
MARGINS = '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>'
KEPT_CHARACTERS = 1 << 16  # characters of rows kept before they are written (once the extent is declared)
PRESERVE = ' xml:space="preserve"'
# What a cell's text cannot hold as it is: XML's & < >, the controls and non-characters Excel
# writes as _xHHHH_, lone surrogates (and text that looks like such an escape: `special`).
_SPECIAL_BUT_NUL = "&<>\x01-\x08\x0b-\x1f\ufffe\uffff\ud800-\udfff"
SPECIAL_CHARACTERS = re.compile(f"[\x00{_SPECIAL_BUT_NUL}]")
_LITERAL_ESCAPE = re.compile("(_x[0-9a-fA-F]{4}_)")
# The code points a text joined with others by NUL must be escaped for (the last: all above U+FFFF)
_SPECIAL_POINTS = np.zeros(0x10001, bool)
_SPECIAL_POINTS[[*map(ord, "&<>\ufffe\uffff"), *range(1, 9), *range(11, 32), *range(0xD800, 0xE000)]] = True
# What a text's first or last character asks of its cell: quoting (a formula's start), keeping spaces
_QUOTED, _SPACED = 1, 2
_EDGE_FLAGS = np.array([_SPACED * chr(c).isspace() for c in range(0x3002)], np.int8)  # U+3000 the last space
_EDGE_FLAGS[[ord(c) for c in FORMULA_START]] = _QUOTED
# Kind codes of a column's values (value_column, _cell_parts); a value of another type is put in apart
_KIND_CODES = {type(None): 0, int: 1, float: 2, bool: 3, str: 4}
_FLOAT_CODE, _BOOL_CODE, _TEXT_CODE = 2, 3, 4
_TAILS = np.array(["", "</v></c>", "</v></c>", "</v></c>", *["</t></is></c>"] * 4], object)
# A column's styles: text (and bools), quoted text, decimal, whole number
CellStyles = tuple[int, int, int, int]
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
        "_x" in text and _LITERAL_ESCAPE.search(text) is not None
    )


def escaped(text: str) -> str:
    """Text as a cell's XML holds it: & < > as entities, controls as _xHHHH_ (a literal
    _xHHHH_ kept by escaping its underscore)."""
    if not special(text):
        return text
    text = _LITERAL_ESCAPE.sub(r"_x005F\1", xml_text(text))
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


def value_column(col: int, numbers: list[str], values: Sequence[Any], style: int, quoted: int, decimal: int,
                 number: int | None = None, careful: np.ndarray | None = None) -> list[str]:  # fmt: skip
    """The cells of column `col` in the rows numbered `numbers` (as text), as `value_cell`
    writes them (whole numbers in `number`, by default `style`) but none where a value is
    empty ("" or None); `careful`, where known: the texts to escape or cut."""
    styles = (style, quoted, decimal, style if number is None else number)
    return value_columns(numbers, [(col, values, styles)], careful)[0]


def value_columns(numbers: list[str], columns: list[tuple[int, Sequence[Any], CellStyles]],
                  careful: np.ndarray | None = None) -> list[list[str]]:  # fmt: skip
    """The cells of columns (their number, values and styles) in the rows numbered `numbers`
    (as text), as `value_column` makes them: all made in one go, the cells of values to
    escape, cut or make plain put in apart by `value_cell` (`careful`: of a single column)."""
    assert careful is None or len(columns) == 1, "careful texts are known of one column"
    n = len(numbers)
    values = list(chain.from_iterable(column for _, column, _ in columns))
    codes = np.fromiter(map(_KIND_CODES.get, map(type, values), repeat(-1)), np.int8, len(values))
    _text_and_float_codes(values, codes, careful)
    shown = values  # as an f-string writes them (a float as its repr), but bools as 0 and 1
    if (codes == _BOOL_CODE).any():
        shown = [int(v) if type(v) is bool else v for v in values]
    parts = [_cell_parts(*styles) for _, _, styles in columns]
    at = np.maximum(codes, 0) + np.repeat(np.arange(0, len(_TAILS) * len(columns), len(_TAILS)), n)
    heads = np.concatenate(parts)[at].tolist()
    tails = _TAILS[at % len(_TAILS)].tolist()
    marks = chain.from_iterable(repeat(letter(col), n) for col, _, _ in columns)
    made = zip(marks, numbers * len(columns), heads, shown, tails, strict=False)
    cells = [f'<c r="{mark}{number}"{head}{value}{tail}' if head else ""
             for mark, number, head, value, tail in made]  # fmt: skip
    for k in np.flatnonzero(codes < 0).tolist():
        col, _, (style, quoted, decimal, number) = columns[k // n]
        value = values[k]
        own = number if isinstance(value, int | float) and not isinstance(value, bool) else style
        cells[k] = value_cell(f"{letter(col)}{numbers[k % n]}", value, own, quoted, decimal)
    return [cells[start : start + n] for start in range(0, len(cells), n)] if n else [[] for _ in columns]


def _text_and_float_codes(values: list[Any], codes: np.ndarray, careful: np.ndarray | None) -> None:
    """The kind codes (by type in `codes`) of the texts and floats made precise: -1 for a
    text to escape or cut, NaN or an infinity (written as text), as for a value of
    another type (all put in apart)."""
    texts = codes == _TEXT_CODE
    if texts.all():
        codes[:] = _text_codes(values, careful)
    elif texts.any():
        at = np.flatnonzero(texts)
        known = None if careful is None else careful[at]
        codes[at] = _text_codes(list(compress(values, texts.tolist())), known)
    floats = codes == _FLOAT_CODE
    if floats.any():
        finite = np.isfinite(np.fromiter(compress(values, floats.tolist()), float))
        codes[np.flatnonzero(floats)[~finite]] = -1


def _text_codes(texts: Sequence[str], careful: np.ndarray | None) -> np.ndarray:
    """The kind codes of texts: none where empty; -1 where it must be escaped or cut
    (`careful`, else found by looking at them all at once); else text, quoted where it
    starts like a formula, its spaces kept where it starts or ends with one."""
    codes = np.full(len(texts), _TEXT_CODE, np.int8)
    if careful is None:
        joined = Joined(texts)
        careful, lengths, first, last = joined.careful(), joined.lengths, joined.first, joined.last
    else:  # known careful texts are long ones (contexts): not joined, looked at one by one
        lengths = np.fromiter(map(len, texts), np.int64, len(texts))
        first, last = (_edge_flags(_points(_ends(texts, end, lengths))) for end in (0, -1))
    if careful is not None:
        codes[careful] = -1
    codes[lengths == 0] = 0
    ready = codes > 0
    codes[ready] += (first[ready] & _QUOTED) | ((first[ready] | last[ready]) & _SPACED)
    return codes


class Joined:
    """Texts joined by NUL (and NUL at both ends) and their characters' code points: where
    each text starts and ends, their lengths, their first and last characters' edge flags."""

    def __init__(self, texts: Sequence[str]) -> None:
        self.texts = texts
        self.text = "\x00".join(["", *texts, ""])
        self.points = _points(self.text)
        nuls = np.flatnonzero(self.points == 0)
        self.inner_nul = len(nuls) != len(texts) + 1  # a text holds NUL
        self.lengths = np.diff(nuls) - 1
        if self.inner_nul:
            self.lengths = np.fromiter(map(len, texts), np.int64, len(texts))
        self.ends = np.cumsum(self.lengths + 1)  # where each text's closing NUL is
        starts = self.ends - self.lengths
        # an empty text's first and last: NUL, no flags
        self.first, self.last = _edge_flags(self.points[starts]), _edge_flags(self.points[self.ends - 1])

    def careful(self) -> np.ndarray | None:
        """Which texts must be escaped or cut (`special` or long); None where none must."""
        found = np.flatnonzero(_SPECIAL_POINTS[np.minimum(self.points, len(_SPECIAL_POINTS) - 1)])
        if "_x" in self.text:
            literal = [m.start() for m in _LITERAL_ESCAPE.finditer(self.text)]
            found = np.append(found, np.array(literal, np.int64))
        careful = self.lengths > MAX_TEXT // 2
        if not (len(found) or self.inner_nul or careful.any()):
            return None
        careful[np.searchsorted(self.ends, found, side="right")] = True
        if self.inner_nul:
            careful |= np.fromiter(["\x00" in text for text in self.texts], bool, len(self.texts))
        return careful


def _points(text: str) -> np.ndarray:
    """The code points of a text (lone surrogates too)."""
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)


def _edge_flags(points: np.ndarray) -> np.ndarray:
    """_QUOTED where a code point starts a formula, _SPACED where it is whitespace."""
    return _EDGE_FLAGS[np.minimum(points, len(_EDGE_FLAGS) - 1)]


def _ends(texts: Sequence[str], end: int, lengths: np.ndarray) -> str:
    """The first (`end` 0) or last (-1) character of each text, NUL for an empty one."""
    if lengths.all():
        return "".join(map(itemgetter(end), texts))
    return "".join(text[end] if text else "\x00" for text in texts)


@cache
def _cell_parts(style: int, quoted: int, decimal: int, number: int) -> np.ndarray:
    """What a cell's XML holds after its reference, by kind code: none, whole number,
    decimal, bool, then text (+1 quoted, +2 keeping its spaces); _TAILS after its value."""
    texts = [f'{_style(s)} t="inlineStr"><is><t{kept}>' for kept in ("", PRESERVE) for s in (style, quoted)]
    heads = ["", f"{_style(number)}><v>", f"{_style(decimal)}><v>", f'{_style(style)} t="b"><v>', *texts]
    return np.array(heads, object)


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
        """A row of cells' XML (none: no row, unless it has a height); its cells' extent is
        the caller's to take (`cells` takes it)."""
        self._add_rows(row, [[cells]], [height])

    def add_columns(self, first: int, columns: list[list[str]], heights: Iterable[float | None] = ()) -> None:
        """Rows from row `first` made of columns of cells' XML, from column A on ("" where a
        row has no cell in a column; a row without cells is left out unless it has a height),
        taken into the sheet's extent."""
        filled = self._add_rows(first, columns, heights)
        if not self.declared and any(filled):
            used = [col for col, cells in enumerate(columns) if any(cells)]
            top, bottom = filled.index(True), len(filled) - 1 - filled[::-1].index(True)
            self._extend(first + top, used[0], used[-1])
            self._extend(first + bottom, used[0], used[-1])

    def _add_rows(self, first: int, columns: list[list[str]], heights: Iterable[float | None]) -> list[bool]:
        """add_columns' rows, each row's XML joined once (its tags with its cells); whether
        each row has a cell."""
        n = len(columns[0]) if columns else 0
        attributes = list(islice(chain(map(_height, heights), repeat("")), n))
        opens = [f'<row r="{number}"{a}>' for number, a in zip(count(first + 1), attributes)]
        rows = list(map("".join, zip(opens, *columns, repeat("</row>", n), strict=True)))
        filled = [len(row) > len(head) + len("</row>") for row, head in zip(rows, opens, strict=True)]
        rows = [row for row, cells, a in zip(rows, filled, attributes, strict=True) if cells or a]
        self.rows += rows
        self.kept += sum(map(len, rows))
        if self.declared and self.kept >= KEPT_CHARACTERS:
            self.flush()
        return filled

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
