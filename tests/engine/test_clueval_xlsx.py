"""CLUEval's -w .xlsx tables (specs/clueval.md §5.2), written by rustpy-xlsxwriter: read back
by cell value with openpyxl."""

from __future__ import annotations

import io

import openpyxl

from engine.export.cells import CUT, MAX_TEXT
from engine.methods.clueval.render import PlainTable, xlsx


def _values(table: PlainTable) -> tuple[list[list], list[str]]:
    warnings: list[str] = []
    sheet = openpyxl.load_workbook(io.BytesIO(xlsx(table, warnings, "t.xlsx"))).active
    assert sheet.title == "Sheet1"
    return [list(row) for row in sheet.iter_rows(values_only=True)], warnings


def test_numbers_text_and_empty_cells_by_value():
    table = PlainTable(
        ["start", "text", "score", "status", "flag"],
        [[4, "=SUM(1+1) b", 76.1905, "", True], [-100, "a\x0bb", float("nan"), "exact", None]],
        {"start": "int64", "score": "float64"},
    )
    rows, warnings = _values(table)
    assert rows == [
        ["start", "text", "score", "status", "flag"],
        [4, "=SUM(1+1) b", 76.1905, None, True],
        [-100, "a\\x0bb", "nan", "exact", None],
    ]
    assert len(warnings) == 1 and "written escaped" in warnings[0]


def test_an_empty_table_keeps_its_header_row():
    rows, warnings = _values(PlainTable(["start", "end"], [], {"start": "int64", "end": "int64"}))
    assert rows == [["start", "end"]] and warnings == []


def test_overlong_text_is_cut_with_a_mark():
    rows, _ = _values(PlainTable(["text"], [["x" * (MAX_TEXT + 10)], ["short"]], {}))
    assert len(rows[1][0]) == MAX_TEXT and rows[1][0].endswith(CUT) and rows[2] == ["short"]
