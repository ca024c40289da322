"""The review workbook of every method, written from its conformance data: sheets,
numbers, emoji context, the verdict drop-down, no formulas, and the verdicts read back
into reviewed scores."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from openpyxl import load_workbook

from engine.context import GOLD_MARK, SYSTEM_MARK
from engine.export.xlsx import REVIEW_SHEET, VERDICTS
from engine.report import score_title
from engine.review import read_review, reviewed_tables
from tests.conftest import conformance


def _runs(tmp_path):
    """(method, command line) of one conformance example per method."""
    fe = conformance("faireval") / "data"
    po = conformance("poetry") / "readme_example"
    st = conformance("starsem")
    pp = conformance("propara") / "testfiles-3"
    cl = conformance("clueval") / "data"
    return {
        "faireval": ["faireval", fe / "target" / "ner_spans.csv", fe / "system" / "ner_spans.csv"],
        "poetry": ["poetry", po / "ref.jsonl", po / "sys.jsonl", tmp_path / "out.csv"],
        "starsem": ["starsem", "-g", st / "SEM-2012-SharedTask-CD-SCO-dev-09032012.txt", "-s",
                    st / "dev.mixed.system.txt"],
        "propara": ["propara", "--predictions", pp / "predictions.tsv", "--answers", pp / "answers.tsv"],
        "clueval": ["clueval", cl / "fiktives-urteil-p1.bio", cl / "fiktives-urteil-p2.bio",
                    "--layers", "anon", "entity", "risk", "--labelled", "entity", "risk"],
    }  # fmt: skip


METHODS = ["faireval", "clueval", "poetry", "starsem", "propara"]


@pytest.mark.parametrize("method", METHODS)
def test_workbook_of_each_method(method, tmp_path, cli):
    book_path, json_path = tmp_path / "review.xlsx", tmp_path / "report.json"
    result = cli(*_runs(tmp_path)[method], "--xlsx", book_path, "--json", json_path)
    assert result.code == 0, result.err
    report = json.loads(json_path.read_text(encoding="utf-8"))
    book = load_workbook(book_path)
    assert book.sheetnames[0] == "Summary" and book[REVIEW_SHEET].sheet_state == "hidden"

    summary = [[c.value for c in row] for row in book["Summary"].iter_rows()]
    assert any(row[:2] == ["Engine version", report["engine_version"]] for row in summary)
    headline = next(iter(report["tables"].values()))
    headers = [score_title(key) for key in headline["columns"]]  # the JSON's keys, headed in words
    start = next(i for i, row in enumerate(summary) if row[: len(headers)] == headers)
    for offset, expected in enumerate(headline["rows"], 1):
        got = summary[start + offset][: len(expected)]
        assert got == [None if v == "" else v for v in expected]  # numbers stored as numbers

    for ws in book.worksheets:
        for row in ws.iter_rows():
            assert all(cell.data_type != "f" for cell in row)

    error_sheets = json.loads(dict(book[REVIEW_SHEET].iter_rows(values_only=True))["error_sheets"])
    rows_in_sheets = 0
    marked = 0
    for name in error_sheets:
        ws = book[name]
        head = [c.value for c in ws[2]]
        assert head[0] == "ID" and "Verdict" in head and "Comment" in head
        frame = pd.read_excel(book_path, sheet_name=name, header=1)
        rows_in_sheets += len(frame)
        marked += frame["Context"].fillna("").str.contains(GOLD_MARK + "|" + SYSTEM_MARK).sum()
        validation = ws.data_validations.dataValidation[0]
        assert validation.formula1 == '"' + ",".join(VERDICTS) + '"'
    assert rows_in_sheets == len(report["errors"]) > 0
    assert marked > 0


@pytest.mark.parametrize("method", METHODS)
def test_verdicts_become_reviewed_scores(method, tmp_path, cli):
    book_path = tmp_path / "review.xlsx"
    assert cli(*_runs(tmp_path)[method], "--xlsx", book_path).code == 0
    book = load_workbook(book_path)
    review = read_review(str(book_path))
    untouched = reviewed_tables(review)
    assert untouched, f"{method} keeps no basis for reviewed scores"
    for name in json.loads(dict(book[REVIEW_SHEET].iter_rows(values_only=True))["error_sheets"]):
        ws = book[name]
        column = [c.value for c in ws[2]].index("Verdict") + 1
        for r in range(3, ws.max_row + 1):
            ws.cell(r, column).value = VERDICTS[0]
    book.save(book_path)
    review = read_review(str(book_path))
    assert {r["verdict"] for r in review.rows} == {VERDICTS[0]}
    accepted = reviewed_tables(review)
    for name, table in accepted.items():
        before, after = untouched[name].rows[-1], table.rows[-1]
        precision = table.columns.index("precision")
        assert after[precision] >= before[precision]
        assert after[precision] == pytest.approx(1.0) or method == "poetry"
