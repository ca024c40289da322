"""Reading a review workbook's sheets with the contents of the cells not asked for left
out before lxml parses them (engine/export/review_scan.py): the cells asked for read exactly
as when every cell is parsed, wherever the XML is cut into reads, with cells without a
reference, and with markup in which a cell's end tag would be none (CDATA, comments,
processing instructions), where nothing is left out."""

from __future__ import annotations

import io
import re
import zipfile

import pytest

from engine.export import review_scan
from engine.export.review_scan import SheetBook, SkippingReader
from engine.export.sheetxml import column_number
from engine.export.xlsx import write_workbook
from engine.methods import get_method
from engine.review import read_review
from engine.zips import open_zip
from gui.resources import example_inputs

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
WORKBOOK = (f'<workbook xmlns="{MAIN}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/'
            'relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>')  # fmt: skip
RELATIONS = ('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
             '<Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>')  # fmt: skip
HEADER = '<row r="1"><c r="A1" t="inlineStr"><is><t>ID</t></is></c><c r="B1" t="inlineStr"><is><t>Context</t></is></c><c r="C1" t="inlineStr"><is><t>Verdict</t></is></c></row>'


def _context(n: int) -> str:
    """A rich-text context cell (column B) of row `n`, in one of the ways a writer may write it."""
    runs = f'<is><r><rPr><b/><color rgb="FFD35400"/></rPr><t>ctx {n} &lt;/c&gt;</t></r><r><t xml:space="preserve"> after</t></r></is>'
    return [f'<c r="B{n}" s="4" t="inlineStr">{runs}</c>', f'<c r="B{n}" s="1"/>', f"<c r='B{n}' t=\"inlineStr\">{runs}</c>",
            f'<c s="4" t="inlineStr">{runs}</c>', f'<c r="B{n}"\n t="inlineStr" >{runs}</c>'][n % 5]  # fmt: skip


def _row(n: int) -> str:
    verdict = (
        f'<c t="inlineStr"><is><t>v{n} &amp; x</t></is></c>'
        if n % 3
        else f'<c r="C{n}" t="s"><v>{n % 2}</v></c>'
    )
    first = (
        f'<c r="A{n}" t="inlineStr"><is><t>E{n}</t></is></c>' if n % 4 else f'<c r="A{n}"><v>{n}.5</v></c>'
    )
    return f'<row r="{n}">{first}{_context(n)}{verdict}</row>'


def _sheet(first: str = "", rows: int = 40) -> bytes:
    """A sheet of a header row (ID, Context, Verdict), the row `first`, then `rows` rows."""
    body = "".join(_row(n) for n in range(2, rows + 2))
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="{MAIN}"><sheetData>'
            f"{HEADER}{first}{body}</sheetData></worksheet>").encode()  # fmt: skip


def _book(sheet: bytes) -> io.BytesIO:
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/workbook.xml", WORKBOOK)
        archive.writestr("xl/_rels/workbook.xml.rels", RELATIONS)
        archive.writestr("xl/worksheets/sheet1.xml", sheet)
        archive.writestr(
            "xl/sharedStrings.xml",
            f'<sst xmlns="{MAIN}"><si><t>zero</t></si><si><r><t>o</t></r><r><t>ne</t></r></si></sst>',
        )
    return data


def _read(sheet: bytes, wanted: tuple[str, ...] | None) -> list[tuple[int, dict]]:
    """Each row's number and values, the columns `wanted` only (named after the header row)."""
    with zipfile.ZipFile(_book(sheet)) as archive:
        book, found = SheetBook(archive), []
        rows = book.rows("S")
        for number, cells in rows:
            if number == 1 and wanted is not None:
                rows.want(wanted)
            found.append((number, book.values(cells, None if number == 1 else wanted)))
        return found


@pytest.mark.parametrize("size", [1, 2, 3, 7, 50, 301, 1 << 16])
def test_cells_asked_for_read_as_when_every_cell_is_parsed_wherever_the_reads_cut(size, monkeypatch):
    sheet = _sheet()
    whole = _read(sheet, None)
    monkeypatch.setattr(review_scan, "READ_SIZE", size)
    assert _read(sheet, ("A", "C")) == [
        (n, {k: v for k, v in row.items() if n == 1 or k in "AC"}) for n, row in whole
    ]
    assert whole[5] == (6, {"A": "E6", "B": None, "C": "zero"})  # a shared string; B without a value
    assert whole[7] == (8, {"A": 8.5, "B": "ctx 8 </c> after", "C": "v8 & x"})  # B and C without references
    assert whole[8] == (9, {"A": "E9", "B": "ctx 9 </c> after", "C": "one"})  # a shared string of runs


def _passed(sheet: bytes, wanted: tuple[str, ...]) -> bytes:
    """What the reader passes on to lxml, the columns `wanted` named before it reads."""
    reader = SkippingReader(io.BytesIO(sheet))
    reader.want(wanted)
    return b"".join(iter(reader.read, b""))


def test_the_contents_of_cells_not_asked_for_are_not_parsed():
    passed = _passed(_sheet(), ("A", "C"))
    assert (
        b"ctx 5" not in passed and b'<c r="B5" s="4" t="inlineStr"></c>' in passed and b"v5 &amp; x" in passed
    )
    assert b"ctx 7" in passed  # single quotes: passed on whole
    assert b"ctx 8" in passed  # no reference: its column is not told here
    assert b"ctx 9" not in passed  # a start tag over two lines


@pytest.mark.parametrize("markup", ['<!-- <c r="B1"> -->', "<![CDATA[</c>]]>", "<?pi </c>?>"])
def test_markup_in_which_an_end_tag_is_none_stops_the_skipping(markup, monkeypatch):
    sheet = _sheet(f'<row r="2"><c r="A2" t="inlineStr"><is><t>{markup}</t></is></c></row>')
    whole = _read(sheet, None)
    monkeypatch.setattr(review_scan, "READ_SIZE", 500)
    assert _read(sheet, ("A", "C")) == [
        (n, {k: v for k, v in row.items() if n == 1 or k in "AC"}) for n, row in whole
    ]
    assert b"ctx 40" in _passed(sheet, ("A", "C"))  # after the markup nothing is left out


def test_a_review_workbook_whose_cells_have_no_references_reads_as_it_was_written(tmp_path):
    """ECMA-376 lets a cell go without its reference (`r`): it follows the one before."""
    method, gold, system = example_inputs()
    m = get_method(method)
    path = tmp_path / "w.xlsx"
    write_workbook(m.evaluate(gold, system, m.Options()), str(path))
    bare = tmp_path / "bare.xlsx"
    with open_zip(path) as source, zipfile.ZipFile(bare, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename.startswith("xl/worksheets/"):
                data = re.sub(rb"<row .*?</row>", _without_references, data)
            target.writestr(info.filename, data)
    with zipfile.ZipFile(bare) as archive:
        assert archive.read("xl/worksheets/sheet2.xml").count(b'<c r="') < 5
    before, after = read_review(str(path)), read_review(str(bare))
    assert after.rows == before.rows and len(after.rows) == 9 and after.basis == before.basis


def _without_references(row: re.Match[bytes]) -> bytes:
    """A row with the reference of each cell that follows the one before (or starts at A) left out."""
    column = 0

    def cell(found: re.Match[bytes]) -> bytes:
        nonlocal column
        number = column_number(found[1].decode())
        follows, column = number == column + 1, number
        return b"<c" if follows else found[0]

    return re.sub(rb'<c r="([A-Z]+)[0-9]+"', cell, row[0])


@pytest.mark.parametrize("size", [7, 50, 1 << 16])
def test_an_end_tag_with_a_space_ends_its_cell_alone(size, monkeypatch):
    """`</c >` is an end tag as XML allows it: taken for none, the next cell's end was taken
    for it and the cell between was lost (review56 F1)."""
    context = '<c r="B2" t="inlineStr"><is><t>spaced</t></is></c >'
    sheet = _sheet(f'<row r="2"><c r="A2" t="inlineStr"><is><t>E2</t></is></c>{context}<c r="C2"><v>7</v></c></row>')
    whole = _read(sheet, None)
    monkeypatch.setattr(review_scan, "READ_SIZE", size)
    assert _read(sheet, ("A", "C"))[1] == (2, {"A": "E2", "C": 7}) == (2, {k: whole[1][1][k] for k in "AC"})


def test_markup_begun_at_the_end_of_one_read_stops_the_skipping(monkeypatch):
    """`<` at the end of a read and `![CDATA[` at the start of the next: a CDATA all the same,
    in which a `</c>` is no end tag (review56 F3), wherever the reads cut."""
    markup = "<![CDATA[<c r=\"B9\">lost?</c>]]>"
    sheet = _sheet(f'<row r="2"><c r="A2" t="inlineStr"><is><t>{markup}</t></is></c></row>')
    whole = _read(sheet, None)
    for size in range(2, 120):
        monkeypatch.setattr(review_scan, "READ_SIZE", size)
        assert _read(sheet, ("A", "C"))[1] == whole[1], size


@pytest.mark.parametrize("size", [7, 50, 301])
def test_a_cell_left_out_whose_end_tag_is_damaged_is_refused_as_when_parsed(size, monkeypatch):
    """`</cx>` ending a cell not asked for: the scan ran on to the next cell's end and lost the
    cell between, where parsing every cell refuses the sheet (review58 F1); now passed on whole."""
    from lxml import etree

    damaged = '<c r="B2" t="inlineStr"><is><t>x</t></is></cx>'
    sheet = _sheet(f'<row r="2"><c r="A2" t="inlineStr"><is><t>E2</t></is></c>{damaged}<c r="C2"><v>7</v></c></row>')
    with pytest.raises(etree.XMLSyntaxError):
        _read(sheet, None)
    monkeypatch.setattr(review_scan, "READ_SIZE", size)
    with pytest.raises(etree.XMLSyntaxError):
        _read(sheet, ("A", "C"))
