"""The review workbook: sheets, numbers, emoji context, validation, no formulas, limits,
and the verdicts read back (spanstudio review)."""

from __future__ import annotations

import json

import pytest
from openpyxl import load_workbook

from engine.context import GOLD_MARK as G
from engine.context import SYSTEM_MARK as S
from engine.errors import InputError
from engine.export import xlsx
from engine.methods import get_method
from engine.review import read_review, reviewed_tables
from gui.resources import example_inputs
from tests.engine.test_faireval_examples import span_file


@pytest.fixture(scope="module")
def example_report():
    method, gold, system = example_inputs()
    m = get_method(method)
    return m.evaluate(gold, system, m.Options())


def headers(ws, row=2):
    return [c.value for c in ws[row]]


def test_sheets_and_summary(example_report, tmp_path):
    path = tmp_path / "review.xlsx"
    xlsx.write_workbook(example_report, str(path))
    book = load_workbook(path, rich_text=True)
    assert book.sheetnames[:2] == ["Summary", "Traditional per label"]
    assert "Errors" in book.sheetnames and book["_review"].sheet_state == "hidden"
    summary = [[c.value for c in row] for row in book["Summary"].iter_rows()]
    flat = [v for row in summary for v in row if v is not None]
    assert "Engine version" in flat and example_report.engine_version in flat
    assert any(isinstance(v, str) and len(v) == 64 for v in flat)  # sha256 of the inputs
    overall = next(i for i, row in enumerate(summary) if row[:2] == ["Method", "Precision"])
    assert summary[overall + 2][:4] == [
        "fair",
        pytest.approx(0.7778, abs=1e-4),
        pytest.approx(0.7368, abs=1e-4),
        pytest.approx(0.7568, abs=1e-4),
    ]
    cell = book["Summary"].cell(overall + 3, 2)
    assert cell.data_type == "n" and cell.number_format == "0.00%"


def test_error_sheet_rows_context_and_validation(example_report, tmp_path):
    path = tmp_path / "review.xlsx"
    xlsx.write_workbook(example_report, str(path))
    book = load_workbook(path, rich_text=True)
    ws = book["Errors"]
    head = headers(ws)
    assert head[:15] == [
        "ID",
        "Verdict",
        "Comment",
        "Context",
        "Type",
        "Subtype",
        "Gold label",
        "System label",
        "Gold text",
        "System text",
        "Document",
        "Sentence",
        "Gold position",
        "System position",
        "Context (coloured)",
    ]
    assert "Token strip" in head and ws.freeze_panes == "B3" and ws.auto_filter.ref.startswith("A2:")
    rows = [dict(zip(head, [c.value for c in r], strict=True)) for r in ws.iter_rows(min_row=3)]
    assert len(rows) == len(example_report.error_rows) == 9
    watson = next(r for r in rows if r["Gold text"] == "Doctor Watson")
    assert watson["Type"] == "BE" and watson["Subtype"] == "BES"
    assert watson["Context"] == f"{G}Doctor {S}Watson{S}{G} wrote for The Strand Magazine ."
    rich = ws.cell(rows.index(watson) + 3, head.index("Context (coloured)") + 1).value
    assert str(rich) == "Doctor Watson wrote for The Strand Magazine ."
    colours = {
        b.text: b.font.color.rgb for b in rich if hasattr(b, "font") and b.font.b
    }  # marked runs are bold
    assert colours == {"Doctor": "FF1B7F2A", "Watson": "FFD35400"}
    validation = ws.data_validations.dataValidation[0]
    assert validation.formula1 == '"' + ",".join(xlsx.VERDICTS) + '"'
    assert validation.prompt == xlsx.VERDICT_PROMPT and validation.showInputMessage
    verdict_col = ws.cell(2, head.index("Verdict") + 1).column_letter
    assert f"{verdict_col}3:{verdict_col}11" in str(validation.sqref)


def test_no_cell_is_a_formula_and_long_text_is_cut(tmp_path):
    t = span_file(tmp_path / "t.tsv", [("=HYPERLINK(1)", 1, 2), ("+cmd", 4, 4), ("@x" + "y" * 40000, 6, 6)])
    s = span_file(tmp_path / "s.tsv", [("-2+3", 1, 2)])
    m = get_method("faireval")
    report = m.evaluate(str(t), str(s), m.Options())
    path = tmp_path / "r.xlsx"
    xlsx.write_workbook(report, str(path))
    book = load_workbook(path)
    texts = []
    for ws in book.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                assert cell.data_type != "f", (ws.title, cell.coordinate, cell.value)
                if isinstance(cell.value, str):
                    texts.append(cell.value)
                    assert len(cell.value) <= xlsx.MAX_TEXT
    assert "=HYPERLINK(1)" in texts and "-2+3" in texts
    assert any(t.endswith(xlsx.CUT) for t in texts)


def test_rows_continue_on_a_second_sheet(example_report, tmp_path, monkeypatch):
    monkeypatch.setattr(xlsx, "MAX_ROWS", 6)  # 4 errors a sheet
    path = tmp_path / "r.xlsx"
    xlsx.write_workbook(example_report, str(path))
    book = load_workbook(path)
    assert [n for n in book.sheetnames if n.startswith("Errors")] == ["Errors", "Errors (2)", "Errors (3)"]
    assert [book[n].max_row - 2 for n in ("Errors", "Errors (2)", "Errors (3)")] == [4, 4, 1]
    assert len(read_review(str(path)).rows) == 9


def test_verdicts_round_trip_and_reviewed_scores(example_report, tmp_path, cli):
    path = tmp_path / "r.xlsx"
    xlsx.write_workbook(example_report, str(path))
    book = load_workbook(path)
    ws = book["Errors"]
    head = headers(ws)
    col = {h: i + 1 for i, h in enumerate(head)}
    verdicts = {
        "FP": "system right (gold wrong)",
        "FN": "gold right (system wrong)",
        "LE": "Both  acceptable ",
        "BE": "unclear",
    }
    for r in range(3, ws.max_row + 1):
        ws.cell(r, col["Verdict"]).value = verdicts.get(ws.cell(r, col["Type"]).value, "")
    book.save(path)
    review = read_review(str(path))
    assert sum(r["verdict"] == "both acceptable" for r in review.rows) == 2
    tables = reviewed_tables(review)
    fair = {row[0]: row for row in tables["fair"].rows}
    # 2 LE and 1 FP accepted: 3 more TPs, the FP and both LEs gone
    assert fair["overall"][1:7] == [17, 0, 2, 0, 3, 1]
    result = cli("review", path, "--json", "-")
    data = json.loads(result.out)
    verdict_rows = {(r[0], r[1]): r for r in data["tables"]["verdicts"]["rows"]}
    assert verdict_rows[("FP", "MISC")][2] == 1  # system right (gold wrong), after type and label
    assert data["tables"]["fair"]["rows"][-1][1] == 17


def test_review_of_a_file_that_is_not_a_review_workbook(tmp_path, cli):
    bad = tmp_path / "x.xlsx"
    bad.write_text("not a workbook")
    result = cli("review", bad)
    assert result.code == 2 and result.err.startswith(f"spanstudio: error: {bad}: expected a review workbook")
    with pytest.raises(InputError):
        read_review(str(tmp_path / "missing.xlsx"))


def test_cli_writes_the_workbook_atomically(cli, tmp_path):
    method, gold, system = example_inputs()
    out = tmp_path / "book.xlsx"
    result = cli(method, gold, system, "--xlsx", out)
    assert result.code == 0 and out.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["book.xlsx"]


LIBREOFFICE_VERDICTS = [  # the verdicts before issue 19, as the fixture has them
    "system right",
    "gold wrong",
    "both acceptable",
    "system wrong",
    "unclear",
    "gold wrong",
    "not reviewed",
    "both acceptable",
    "system right",
]
OLD_AS_NEW = {
    "system right": xlsx.VERDICTS[0],
    "gold wrong": xlsx.VERDICTS[0],
    "system wrong": xlsx.VERDICTS[1],
}


def test_a_workbook_saved_by_libreoffice_reads_back(cli):
    """tests/data/review-libreoffice.xlsx: the example's workbook, verdicts filled in, then
    opened and saved by LibreOffice Calc 7.4 (soffice --convert-to xlsx)."""
    from tests.conftest import ROOT

    path = ROOT / "tests" / "data" / "review-libreoffice.xlsx"
    review = read_review(str(path))
    assert [r["verdict"] for r in review.rows] == [OLD_AS_NEW.get(v, v) for v in LIBREOFFICE_VERDICTS]
    assert review.rows[0]["comment"] == "checked 3" and not review.warnings
    fair = reviewed_tables(review)["fair"].rows[-1]
    # accepted (old "system right" and "gold wrong" are now "system right (gold wrong)"): two BEs,
    # an LE and the FP become TPs, two FNs are withdrawn (from TP 14, FP 1, FN 2, LE 2, BE 3, LBE 1)
    assert fair[:7] == ["overall", 18, 0, 0, 1, 1, 1]


def test_live_libreoffice_round_trip(example_report, tmp_path):
    import shutil
    import subprocess

    soffice = shutil.which("soffice")
    if soffice is None:
        pytest.skip("LibreOffice is not installed here; the committed fixture covers this")
    path = tmp_path / "book.xlsx"
    xlsx.write_workbook(example_report, str(path))
    book = load_workbook(path)
    ws = book["Errors"]
    col = headers(ws).index("Verdict") + 1
    for r, verdict in zip(range(3, ws.max_row + 1), LIBREOFFICE_VERDICTS, strict=True):
        ws.cell(r, col).value = None if verdict == "not reviewed" else verdict
    book.save(path)
    out = tmp_path / "lo"
    subprocess.run(
        [soffice, "--headless", "--convert-to", "xlsx", "--outdir", out, path],
        check=True,
        capture_output=True,
        timeout=180,
    )
    assert read_review(str(out / "book.xlsx")).rows == read_review(str(path)).rows
