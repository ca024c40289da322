"""The workbooks' own XML writer against xlsxwriter, whose constant-memory output it follows:
the theme part, the quoting of sheet names, and a column of cells made in one go against
the same cells made one by one."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from xlsxwriter.theme import THEME_XML_2007
from xlsxwriter.utility import quote_sheetname

from engine.export.cells import CUT, MAX_TEXT, fitted, plain, text_width, units, widest
from engine.export.package import quoted_name
from engine.export.sheetxml import CodedColumn, CodedTexts, Column, block_rows, special, text_cell, value_cell
from engine.export.theme import THEME_XML


def test_the_theme_is_xlsxwriters():
    assert THEME_XML == THEME_XML_2007


NAMES = ["Errors", "Errors (2)", "_review", "A1", "XFD1048576", "XFE1", "R1", "R2C3", "C5", "RC", "R",
         "Rx", "Ra1", "1abc", ".x", "a.b", "it's", "Fair per label", "Sätze", "x-y", "ABCD1", "A0", "R0"]  # fmt: skip


def test_sheet_names_are_quoted_as_xlsxwriter_quotes_them():
    assert [quoted_name(n) for n in NAMES] == [quote_sheetname(n) for n in NAMES]


def test_xml_escapes_as_xlsxwriter():
    cell = text_cell("A1", ' a_x0041_\r\x01b&<>"', 0, 0)
    assert (
        cell
        == '<c r="A1" t="inlineStr"><is><t xml:space="preserve"> a_x005F_x0041__x000D__x0001_b&amp;&lt;&gt;"</t></is></c>'
    )
    assert text_cell("B2", "=1+1", 3, 7) == '<c r="B2" s="7" t="inlineStr"><is><t>=1+1</t></is></c>'


PIECES = ["a", " ", "\t", "\n", "\r", "&", "<", "=", "-", "@", "_x0041_", "\x01", "\x00", "\ufffe", "é", "🟩",
          "\u3000", "\x1c", "\ud800", "+", "_x"]  # fmt: skip
VALUES = st.one_of(
    st.none(),
    st.just(""),
    st.integers(-5, 10**6),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.lists(st.sampled_from(PIECES), min_size=1, max_size=6).map("".join),
    st.sampled_from(["x" * 16_384, "y" * 32_768 + "🟩"]),
    st.lists(st.integers(0, 3), max_size=2),  # written as JSON text
)


def _column(col, values, styles, careful=None):
    """The XML of a column's cells, each a row of its own, by block_rows."""
    return [row.decode() for row in block_rows(0, [Column(col, values, styles, careful)])[0]]


def _rows(cells):
    """Rows of one cell each (none where a cell is "")."""
    return [f'<row r="{n}">{cell}</row>' for n, cell in enumerate(cells, 1) if cell]


@given(st.lists(VALUES, min_size=1, max_size=8), st.sampled_from([(0, 1, 2), (4, 1, 2), (5, 6, 5)]),
       st.sampled_from([None, 0, 3]))  # fmt: skip
def test_a_column_is_the_cells_one_by_one(values, styles, number):
    numbers = [str(n) for n in range(1, len(values) + 1)]
    refs = [f"C{n}" for n in numbers]
    style, quoted, decimal = styles
    whole = style if number is None else number  # the style of numbers written as whole numbers

    def own(value):
        return whole if isinstance(value, int | float) and not isinstance(value, bool) else style

    one_by_one = [
        value_cell(r, v, own(v), quoted, decimal) if v is not None and v != "" else ""
        for r, v in zip(refs, values, strict=True)
    ]
    assert _column(2, values, (*styles, whole)) == _rows(one_by_one)
    texts = [v if isinstance(v, str) else "" for v in values]  # a column of texts only
    one_by_one = [value_cell(r, v, *styles) if v else "" for r, v in zip(refs, texts, strict=True)]
    assert _column(2, texts, (*styles, style)) == _rows(one_by_one)
    careful = np.array([special(v) or len(v) > MAX_TEXT // 2 for v in texts])  # as the contexts know it
    assert _column(2, texts, (*styles, style), careful) == _rows(one_by_one)
    distinct = list(dict.fromkeys(["", *texts]))  # the texts given once each, and each row's number
    coded = CodedColumn(CodedTexts(distinct), np.array([distinct.index(v) for v in texts], np.int64))
    assert _column(2, coded, (*styles, style)) == _rows(one_by_one)
    blank = CodedColumn(CodedTexts(distinct), np.array([distinct.index(v) if v else -1 for v in texts], np.int64))
    assert _column(2, blank, (*styles, style)) == _rows(one_by_one)  # −1: no text, no cell


@given(st.lists(st.one_of(VALUES, st.sampled_from(["a\nbcd", "ab\n", "\x0bc"])), max_size=8))
def test_the_widest_of_values_is_their_widest_cell(values):
    """A column's width: its texts looked at at once, each as its cell holds it."""
    assert widest(values) == max((text_width(plain(value)) for value in values), default=0)


ROW_VALUES = st.lists(st.one_of(VALUES, st.sampled_from(["7", "=x", " y", "z "])), min_size=3, max_size=3)


@given(st.lists(ROW_VALUES, min_size=1, max_size=12), st.lists(st.sampled_from([None, 30.0, 45]), min_size=12,
       max_size=12), st.lists(st.sampled_from(["", "<c r=\"E{}\"/>"]), min_size=12, max_size=12))  # fmt: skip
def test_rows_are_their_cells_one_by_one(rows, heights, ready):
    """Rows of several kinds (columns A, C, D of values, E of ready XML, some with a height
    and no cell) are the cells value_cell makes, in their rows and order."""
    n = len(rows)
    heights, ready = heights[:n], [cell.format(k + 1) for k, cell in enumerate(ready[:n])]
    styles = [(0, 1, 2, 3), (4, 1, 2, 4), (5, 6, 5, 0)]
    columns = [Column(col, [row[k] for row in rows], styles[k]) for k, col in enumerate((0, 2, 3))]
    made, filled, used = block_rows(0, columns, {4: ready}, heights)
    expected, has = [], []
    for number, (values, height, cell) in enumerate(zip(rows, heights, ready, strict=True), 1):
        cells = [value_cell(f"{'ACD'[k]}{number}", value, *_styles_of(value, styles[k]))
                 for k, value in enumerate(values) if value is not None and value != ""]  # fmt: skip
        cells.append(cell)
        has.append(any(cells))
        attribute = f' ht="{height:g}" customHeight="1"' if height else ""
        if any(cells) or height:
            expected.append(f'<row r="{number}"{attribute}>{"".join(cells)}</row>')
    assert [row.decode() for row in made] == expected and filled.tolist() == has


def test_a_block_of_no_columns_is_no_rows():
    """A table with rows but no columns writes nothing (its block has no cells to count rows by)."""
    made, filled, used = block_rows(0, [])
    assert (made, filled.tolist(), used.tolist()) == ([], [], [])


def _styles_of(value, styles):
    """value_cell's styles of a value in a column of `styles` (text, quoted, decimal, number)."""
    style, quoted, decimal, number = styles
    own = number if isinstance(value, int | float) and not isinstance(value, bool) else style
    return own, quoted, decimal


def test_text_above_u_ffff_is_cut_once_with_its_mark():
    text = "🟩" * 20_000  # 40,000 UTF-16 units in 20,000 characters
    value = plain(text)
    assert value.endswith(CUT) and units(value) == MAX_TEXT - 1  # a half emoji does not fit
    assert value_cell("A1", text, 0, 0, 0) == f'<c r="A1" t="inlineStr"><is><t>{value}</t></is></c>'


@given(st.text(st.sampled_from("ab🟩\ud800"), max_size=40), st.integers(0, 30))
def test_fitted_keeps_the_longest_start_that_fits(text, limit):
    cut = fitted(text, limit)
    assert text.startswith(cut) and units(cut) <= limit
    assert cut == text or units(text[: len(cut) + 1]) > limit


def test_the_whitespace_a_cell_keeps_is_str_isspace():
    """The whitespace listed for the edges of a text (its cell keeps its spaces) is every
    character str.isspace takes: those below U+3001 listed, none from there on."""
    from engine.export.kinds import WHITESPACE

    assert list(WHITESPACE) == [c for c in range(0x3001) if chr(c).isspace()]
    assert not any(chr(c).isspace() for c in range(0x3001, 0x110000))
