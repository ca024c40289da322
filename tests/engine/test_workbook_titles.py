"""A workbook's error sheets head a method's own columns in words ('Gold line', as the app
does), and a review is read back by its headers: of a workbook written so, and of one
written before (its method's columns headed by their keys, 'gold_line')."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook

from engine.export.carry import match_review
from engine.export.xlsx import write_workbook
from engine.report import column_key, column_title
from engine.review import read_review
from tests.engine.test_review_carry import EXAMPLE, _judge, _report

OWN = ["gold_line", "system_line", "token_strip"]  # FairEval's own columns
WORDS = ["Gold line", "System line", "Token strip"]


@pytest.mark.parametrize(("key", "title"), [
    ("gold_line", "Gold line"), ("token_strip", "Token strip"), ("document", "Document"), ("error_id", "ID"),
    ("unit_id", "Unit id"), ("x", "x"), ("_", "_"), ("entity_Y", "Entity Y"), ("TP_Precision", "TP Precision"),
    ("context_marked", "Context marked"),
])  # fmt: skip
def test_a_column_title_and_its_key(key, title):
    assert column_title(key) == title and column_key(title) == key


def test_a_title_not_written_by_column_title_is_its_own_key():
    assert [column_key(t) for t in ("gold_line", "Sentence", "Verdict")] == ["gold_line", "Sentence", "Verdict"]


def _header(path: Path) -> list[str]:
    return [cell.value for cell in load_workbook(path)["Errors"][2]]


def _old_headers(path: Path) -> None:
    """The method's own columns headed by their keys, as workbooks were written before."""
    book = load_workbook(path)
    for cell in book["Errors"][2]:
        if cell.value in WORDS:
            cell.value = OWN[WORDS.index(cell.value)]
    book.save(path)


def test_the_error_sheet_heads_the_methods_columns_in_words(tmp_path):
    path = tmp_path / "out.xlsx"
    write_workbook(_report(EXAMPLE[2]), str(path))
    assert _header(path)[-4:] == ["Context (coloured)", *WORDS]
    assert _header(path)[10:12] == ["Document", "Sentence"]


@pytest.mark.parametrize("old", [False, True])
def test_a_review_is_read_and_carried_by_its_headers_new_or_old(tmp_path, old):
    report, path = _report(EXAMPLE[2]), tmp_path / "review.xlsx"
    write_workbook(report, str(path))
    if old:
        _old_headers(path)
        assert _header(path)[-3:] == OWN
    _judge(path, {"E1": "both wrong", "E3": "unclear"}, {"E3": "a name"})
    review = read_review(str(path))
    first = review.rows[0]
    assert [first[key] for key in ("error_id", "unit", "verdict", *OWN)] == ["E1", 1, "both wrong", 5, 5,
                                                                           "3 4 🟨5 🟨6 🟩7 8 9"]  # fmt: skip
    written = [report.error_rows[i][key] for i in range(len(review.rows)) for key in OWN]
    assert [row[key] for row in review.rows for key in OWN] == ["" if v is None else v for v in written]
    again = tmp_path / "again.xlsx"
    write_workbook(report, str(again), carried=match_review(review, report.error_rows))
    kept = {r["error_id"]: (r["verdict"], r["comment"]) for r in read_review(str(again)).rows}
    assert (kept["E1"], kept["E3"]) == (("both wrong", ""), ("unclear", "a name"))
    assert _header(again)[-3:] == WORDS
