"""Poetry's review workbook from the Spans rows' coded columns: each distinct text (page
names, unit ids, statuses, labels, details, markers) made a cell once, the same sheets as
from the rows' Python columns, and none of those columns made whole for the sheet."""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from engine.export.json import write_report
from engine.export.xlsx import write_workbook
from engine.methods import get_method
from engine.methods.poetry import Options
from engine.methods.poetry.detail import PageDocuments
from engine.report import ColumnRows
from tests.engine.test_poetry_report import ODD, _odd_pages

#: Texts a cell must quote, escape, keep the spaces of or cut (a page id over a cell's limit).
SHEET_ODD = [*ODD, "=1+2", "-x", "@a", " lead", "trail ", "<&>", "_x0041_", "1.5", "TRUE", "y" * 40_000]
_DOCUMENT = PageDocuments.document
CODED = {"document", "unit_id", "type", "subtype", "detail", "marker", "gold_label", "system_label"}


def _worksheets(path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as book:
        return {name: book.read(name) for name in book.namelist() if name.startswith("xl/worksheets/")}


@pytest.mark.parametrize("ignore_label", [False, True])
def test_spans_sheet_from_coded_texts_is_the_sheet_from_the_columns(tmp_path, ignore_label):
    """Every worksheet the same bytes as from the rows as plain lists (read back from the
    JSON, made without them); the span texts (one a row) left to the writer's blocks."""
    ref, sys_ = _odd_pages(tmp_path, SHEET_ODD)
    options = Options(ignore_label=ignore_label)
    report = get_method("poetry").evaluate(str(ref), str(sys_), options, detail=True)
    rows = report.error_rows
    coded = rows.coded_texts()
    assert set(coded) >= CODED and not {"gold_text", "system_text"} & set(coded)
    write_workbook(report, str(tmp_path / "coded.xlsx"))
    # the JSON's rows, written from the columns' texts (jsontext), not the Python columns: none coded
    handle = io.BytesIO()
    write_report(report, handle)
    errors = json.loads(handle.getvalue())["errors"]
    report.error_rows = ColumnRows({key: [error[key] for error in errors] for key in rows.columns})
    write_workbook(report, str(tmp_path / "plain.xlsx"))
    coded_sheets, plain_sheets = _worksheets(tmp_path / "coded.xlsx"), _worksheets(tmp_path / "plain.xlsx")
    summary = "xl/worksheets/sheet1.xml"  # its time stamp aside
    assert coded_sheets.keys() == plain_sheets.keys() and len(coded_sheets) == 5
    assert all(coded_sheets[name] == plain_sheets[name] for name in coded_sheets if name != summary)
    spans = coded_sheets["xl/worksheets/sheet4.xml"]
    assert b"_x005F_x0041_" in spans and b'<t xml:space="preserve"> lead' in spans


def test_coded_columns_not_made_whole_for_the_sheet(tmp_path):
    """Writing the workbook makes the coded columns' values only by parts (a sample, the
    document names for the contexts); read as a column, one is made then."""
    ref, sys_ = _odd_pages(tmp_path, SHEET_ODD)
    report = get_method("poetry").evaluate(str(ref), str(sys_), Options(), detail=True)
    rows = report.error_rows
    write_workbook(report, str(tmp_path / "r.xlsx"))
    assert _made(rows) and not _made(rows) & CODED
    labels = [row["gold_label"] for row in rows]  # (the rows' dicts take slices too)
    assert "gold_label" not in _made(rows) and rows.column("gold_label")[:] == labels
    assert list(rows.column("gold_label")) == labels and "gold_label" in _made(rows)


def _made(rows) -> set[str]:
    """The keys of the Spans rows' Python columns made whole."""
    return {key for key, column in rows._python.declared.items() if id(column) in rows._python.made}


def test_workbook_reads_the_parts_as_arrays_and_makes_only_the_pages_it_shows(tmp_path, monkeypatch):
    """The Spans rows' parts are a PieceColumn: the contexts take a block's part of its
    arrays, no list per row made; the pages' documents are made for the rows' pages only
    (a page without spans has no row), not for every page at the writer's start."""
    from engine.methods.poetry import detail
    from engine.pieces import PieceColumn
    from tests.engine.test_poetry_examples import write_pages
    from tests.engine.test_poetry_report import PAGES

    ref, sys_ = write_pages(tmp_path, [*PAGES, ("p4", [(3, 9, "A")], [])])
    report = get_method("poetry").evaluate(str(ref), str(sys_), Options(), detail=True)
    parts = report.error_rows.columns["gold_parts"]
    assert isinstance(parts, PieceColumn) and parts[0] == [[0, 10]]
    made = []
    monkeypatch.setattr(PieceColumn, "_lists", None)  # called: a TypeError
    monkeypatch.setattr(detail.PageDocuments, "document", lambda self, row: made.append(row) or _DOCUMENT(self, row))
    write_workbook(report, str(tmp_path / "r.xlsx"))
    assert sorted(set(made)) == [0, 1, 3]  # p1, p2 and p4; p3 has no span


def test_workbook_of_offsets_past_64_bits(tmp_path):
    """A page without text whose spans lie past 2**63 (an internal OverflowError once): the
    workbook is written, its rows give the positions, its contexts say only that the page
    goes on (no position past 2**62 is shown)."""
    import openpyxl

    from tests.engine.test_poetry_examples import write_pages

    big = 2**63 + 10
    ref, sys_ = write_pages(tmp_path, [("p", [(big, big + 10, "A")], [(big, big + 5, "A")])])
    report = get_method("poetry").evaluate(str(ref), str(sys_), Options(), detail=True)
    write_workbook(report, str(tmp_path / "r.xlsx"))
    sheet = openpyxl.load_workbook(tmp_path / "r.xlsx").worksheets[3]
    header, row = (list(values) for values in sheet.iter_rows(min_row=2, max_row=3, values_only=True))
    assert row[header.index("Gold position")] == f"{big}-{big + 10}"
    assert row[header.index("Context")] == "…"
