"""The review workbook as a person reads it: the Summary's scores in columns of their own
width (no path or sha256 widens them), and an error sheet's numbers kept apart from the
text beside them (LibreOffice ran a right-aligned sentence number into the left-aligned
gold position: '15-7'), every option with a value, and sheets that print legibly (all were
fitted one page wide: the Summary's long texts and the Errors' many columns shrank to tiny text)."""

from __future__ import annotations

import pytest
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter

from engine.export import xlsx
from engine.methods import get_method
from gui.resources import example_inputs


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    method, gold, system = example_inputs()
    report = get_method(method).evaluate(gold, system, get_method(method).Options())
    path = tmp_path_factory.mktemp("book") / "review.xlsx"
    xlsx.write_workbook(report, str(path))
    return load_workbook(path)


def test_the_summary_scores_have_narrow_columns_of_their_own(book):
    ws = book["Summary"]
    rows = [[c.value for c in row] for row in ws.iter_rows()]
    header = next(i for i, row in enumerate(rows) if row[:4] == ["Method", "Precision", "Recall", "F1"])
    widths = [ws.column_dimensions[get_column_letter(c)].width for c in range(2, 5)]
    assert all(width <= 20 for width in widths), widths
    assert header < next(i for i, row in enumerate(rows) if row[0] == "Input files")  # the scores first


def test_each_input_file_has_its_path_and_its_sha256_on_lines_of_their_own(book):
    rows = [[v for v in row if v is not None] for row in book["Summary"].iter_rows(values_only=True)]
    at = rows.index(["gold", example_inputs()[1]])
    assert rows[at + 1][0] == "sha256" and len(rows[at + 1][1]) == 64


def test_an_error_sheets_numbers_keep_room_on_their_right(book):
    ws = book["Errors"]
    head = [c.value for c in ws[2]]
    sentence = ws.cell(3, head.index("Sentence") + 1)
    assert isinstance(sentence.value, int) and sentence.number_format == xlsx.PADDED_INT
    assert xlsx.PADDED_INT.startswith("0_")  # shown as the number, a blank after it


def test_an_option_left_unset_says_none_instead_of_a_blank(book):
    rows = [row[1:3] for row in book["Summary"].iter_rows(max_col=3, values_only=True)]
    assert (None, None) not in rows[rows.index(("labels", '["all"]')) :][:6]  # FairEval's six options
    assert ("weights", "none") in rows  # no --weights: the report's options hold null


def _fitted(ws) -> bool:
    return bool(ws.sheet_properties.pageSetUpPr and ws.sheet_properties.pageSetUpPr.fitToPage)


def test_the_summary_prints_at_its_normal_scale_in_landscape(book):
    ws = book["Summary"]
    assert not _fitted(ws) and ws.page_setup.orientation == "landscape"


def test_an_error_sheet_prints_at_its_normal_scale_with_its_header_on_every_page(book):
    ws = book["Errors"]
    width = sum(ws.column_dimensions[get_column_letter(c)].width for c in range(1, ws.max_column + 1))
    assert width > xlsx.FIT_WIDTH  # too wide to fit one page legibly
    assert not _fitted(ws) and ws.page_setup.orientation == "landscape"
    assert ws.print_options.gridLines and ws.print_title_rows == "$1:$2"


def test_a_narrow_table_prints_one_page_wide_and_repeats_its_header(book):
    ws = book["Fair per label"]
    assert _fitted(ws) and ws.page_setup.fitToWidth in (None, 1) and ws.page_setup.fitToHeight == 0
    assert not ws.print_options.gridLines and ws.print_title_rows == "$1:$2"
