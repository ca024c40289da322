"""What reaches a workbook and what comes back from one (issues 19 and 20): characters a
workbook cannot hold, cells that could run as formulas, scores on one scale, verdicts that
are not on the list, tampered review data, and the cost of reading it back."""

from __future__ import annotations

import time

import pytest
import xlsxwriter
from openpyxl import load_workbook

from engine.errors import InputError
from engine.export import xlsx
from engine.export.cells import FORMULA_START
from engine.methods import get_method
from engine.report import Report, Table, error_row
from engine.review import read_review, reviewed_tables
from engine.spans import Document
from gui.resources import example_inputs
from tests.engine.test_faireval_examples import span_file


@pytest.fixture(scope="module")
def example_report():
    method, gold, system = example_inputs()
    m = get_method(method)
    return m.evaluate(gold, system, m.Options())


def _cells(path):
    book = load_workbook(path)
    return [(ws.title, cell) for ws in book.worksheets for row in ws.iter_rows() for cell in row]


def test_characters_a_workbook_cannot_hold_are_written_escaped(tmp_path):
    t = span_file(tmp_path / "t.tsv", [("PER\x0bX", 1, 2), ("LOC\ufffe", 4, 4), ("ORG\uffff\x01", 6, 6)])
    s = span_file(tmp_path / "s.tsv", [("PER\x0bX", 1, 1)])
    m = get_method("faireval")
    report = m.evaluate(str(t), str(s), m.Options())
    path = tmp_path / "r.xlsx"
    xlsx.write_workbook(report, str(path))
    texts = {cell.value for _, cell in _cells(path) if isinstance(cell.value, str)}
    assert {"PER\\x0bX", "LOC\\uFFFE", "ORG\\uFFFF\\x01"} <= texts
    review = read_review(str(path))
    assert {r["gold_label"] for r in review.rows} >= {"PER\\x0bX", "LOC\\uFFFE"}
    assert reviewed_tables(review)  # the review data keeps the labels as they were
    labels = {row[0] for row in reviewed_tables(review)["traditional"].rows}
    assert {"PER\x0bX", "LOC\ufffe", "ORG\uffff\x01"} <= labels


def _label_report(label: str, copies: int = 1) -> Report:
    doc = Document("d", ["a", "b"], [(0, 2)])
    counts = {f"{label}{i}": {"TP": 1, "FP": 0, "FN": 1} for i in range(copies)}
    rows = [error_row(document="d", unit=1, type="FN", gold_label=f"{label}0", gold_parts=[[0, 1]])]
    table = Table(["label", "precision"], [[label, 1.0]], "Overall")
    data = {"_review": {"counts": counts, "effects": {"FN": [["FN", "gold", -1]]}}}
    return Report("toy", "Toy", {}, [], {"overall": table}, rows, [doc], data=data)


def test_no_cell_starts_with_a_formula_character_not_even_a_hidden_one(tmp_path):
    """A label '=1+1' falls on a boundary of the review data's cells (30,000 characters)."""
    label = "=1+1"
    report = _label_report(label)
    text_before = len('{"counts": {"')
    report.data["_review"]["counts"] = {"x" * (xlsx.CHUNK - text_before) + label: {"TP": 1, "FP": 0, "FN": 0}}
    path = tmp_path / "r.xlsx"
    xlsx.write_workbook(report, str(path))
    for title, cell in _cells(path):
        assert cell.data_type != "f", (title, cell.coordinate)
        if title == xlsx.REVIEW_SHEET and isinstance(cell.value, str):
            assert not cell.value.startswith(FORMULA_START), cell.coordinate
    book = load_workbook(path)
    risky = next(c for row in book["Errors"].iter_rows() for c in row if c.value == "=1+10")
    assert risky.data_type == "s" and risky.quotePrefix  # typed over, it stays text
    assert read_review(str(path)).basis == report.data["_review"]


def test_scores_on_one_scale_values_exact(tmp_path):
    fractions = Table(
        ["label", "precision", "recall", "f1"], [["x", 2 / 3, 0.5, 0.5714285714285714]], "Overall"
    )
    percents = Table(["row", "TP_Precision", "precision"], [["Cues", 7, 78.45]], "Scores", scale="percent")
    report = Report("toy", "Toy", {}, [], {"overall": fractions, "scores": percents})
    expected = {"percent": ("0.00%", '0.00"%"', 78.45), "fraction": ("0.0000", "0.0000", 0.7845)}
    for scale, (first, second, value) in expected.items():
        path = tmp_path / f"{scale}.xlsx"
        xlsx.write_workbook(report, str(path), scale=scale)
        book = load_workbook(path)
        summary = [c for row in book["Summary"].iter_rows() for c in row]
        cell = next(c for c in summary if c.value == 2 / 3)  # exact, not rounded
        assert cell.number_format == first
        row = next(r for r in book["Scores"].iter_rows() if r[0].value == "Cues")
        assert row[1].value == 7 and row[1].number_format == "General"  # a count, not a score
        assert row[2].value == pytest.approx(value, abs=1e-12) and row[2].number_format == second
    with pytest.raises(ValueError):
        xlsx.write_workbook(report, str(tmp_path / "x.xlsx"), scale="permille")


def test_a_verdict_not_on_the_list_is_a_warning_naming_sheet_and_cell(example_report, tmp_path):
    path = tmp_path / "r.xlsx"
    xlsx.write_workbook(example_report, str(path))
    book = load_workbook(path)
    ws = book["Errors"]
    assert [c.value for c in ws[2]][1] == "Verdict"
    ws["B5"] = "maybe"
    ws["B6"] = "System wrong"  # the old list's words still read
    book.save(path)
    review = read_review(str(path))
    assert review.warnings == [
        f"{path}: sheet 'Errors' cell B5: verdict 'maybe' is not one of {', '.join(xlsx.VERDICTS)}; "
        "counted as unclear"
    ]
    assert [r["verdict"] for r in review.rows[2:4]] == ["unclear", "gold right (system wrong)"]


def _tampered(tmp_path, rows, name="t.xlsx"):
    """A workbook with an Errors sheet and a `_review` sheet of these rows."""
    path = tmp_path / name
    book = xlsxwriter.Workbook(str(path), {"strings_to_formulas": False})
    errors = book.add_worksheet("Errors")
    errors.write_row(1, 0, ["ID", "Verdict", "Type", "Gold label"])
    errors.write_row(2, 0, ["E1", "both acceptable", "FN", "PER"])
    review = book.add_worksheet(xlsx.REVIEW_SHEET)
    for n, row in enumerate(rows):
        review.write_row(n, 0, row)
    book.close()
    return str(path)


FAIREVAL_ROWS = [["method", "faireval"], ["error_sheets", '["Errors"]']]


@pytest.mark.parametrize(
    "rows",
    [
        pytest.param([*FAIREVAL_ROWS, ["basis", "[" * 16_000 + "]" * 16_000]], id="nested JSON"),
        pytest.param([*FAIREVAL_ROWS, ["basis", 5]], id="a number for data"),
        pytest.param([["method", 5], ["error_sheets", '["Errors"]']], id="a number for the method"),
        pytest.param([["method", "faireval"], ["error_sheets", "7"]], id="no list of sheets"),
        pytest.param([["method", "faireval"], ["error_sheets", "[1]"]], id="a number for a sheet"),
        pytest.param([*FAIREVAL_ROWS, ["basis", '{"counts": 1}']], id="a number for the counts"),
        pytest.param([*FAIREVAL_ROWS, ["basis", '{"level": 0, "recall": {}}']], id="another method's data"),
        pytest.param(
            [["method", "clueval"], ["error_sheets", '["Errors"]'], ["basis", '{"counts": {}}']],
            id="another method's name",
        ),  # fmt: skip
        pytest.param([["error_sheets", '["Errors"]']], id="the method's row removed"),
        pytest.param(
            [["method", "nonesuch"], ["error_sheets", '["Errors"]'], ["basis", "{}"]], id="no method"
        ),
    ],
)
def test_a_tampered_workbook_is_one_input_error(rows, tmp_path, cli):
    path = _tampered(tmp_path, rows)
    result = cli("review", path)
    assert result.code == 2 and result.err.count("\n") == 1, result.err
    assert result.err.startswith(f"spanstudio: error: {path}")
    with pytest.raises(InputError):
        reviewed_tables(read_review(path))


def test_review_data_in_many_cells_is_joined_in_linear_time(tmp_path):
    """20,000 cells of review data (20 MB): read back in seconds (a quadratic join took minutes)."""
    label = "x" * 1000
    counts = ", ".join(f'"{label}{i}": {{"TP": 1, "FP": 0, "FN": 0}}' for i in range(20_000))
    text = '{"counts": {' + counts + '}, "effects": {}}'
    pieces = [["basis", text[i : i + 1000]] for i in range(0, len(text), 1000)]
    path = _tampered(tmp_path, [["method", "toy"], ["error_sheets", '["Errors"]'], *pieces])
    start = time.process_time()
    review = read_review(path)
    took = time.process_time() - start
    assert len(review.basis["counts"]) == 20_000
    assert took < 30, f"{took:.1f} s"


def _one_token_report(n: int) -> Report:
    doc = Document("one-token sentences", [f"w{i}" for i in range(n)], [(i, i + 1) for i in range(n)])
    rows = [error_row(document=doc.name, unit=i + 1, type="FN", gold_label="PER", gold_parts=[[i, i + 1]],
                      gold_position=str(i + 1), gold_text=f"w{i}") for i in range(n)]  # fmt: skip
    return Report("toy", "Toy", {}, [], {"overall": Table(["label", "precision"], [["x", 0.5]])}, rows, [doc])


def test_rows_are_streamed_memory_does_not_grow_with_them(tmp_path):
    """Writing 3 times the rows (8 blocks more) takes no more memory: each row goes to disk
    as it is made (a workbook built in memory grew with its rows; 1,000,000 of them ran out
    of memory)."""
    import tracemalloc

    xlsx.write_workbook(_one_token_report(10), str(tmp_path / "warm.xlsx"))  # modules loaded
    peaks = []
    for n in (4 * xlsx.ERROR_BLOCK, 12 * xlsx.ERROR_BLOCK):  # both past a few blocks and the rows sampled
        report = _one_token_report(n)
        tracemalloc.start()
        xlsx.write_workbook(report, str(tmp_path / f"{n}.xlsx"))
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    assert peaks[1] - peaks[0] < 60_000, peaks


def test_progress_moves_while_writing_and_cancel_leaves_nothing(tmp_path):
    from engine.errors import Cancelled
    from engine.progress import Progress

    report = _one_token_report(3 * xlsx.ERROR_BLOCK)
    seen: list[float] = []
    xlsx.write_workbook(report, str(tmp_path / "r.xlsx"), progress=Progress(lambda f, m: seen.append(f), 0))
    assert seen[0] == 0.0 and seen[-1] == 1.0 and len({round(f, 2) for f in seen}) > 4
    assert seen == sorted(seen)
    progress = Progress(lambda f, m: progress.cancel() if f > 0.3 else None, 0)
    with pytest.raises(Cancelled):
        xlsx.write_workbook(report, str(tmp_path / "c.xlsx"), progress=progress)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.xlsx"]


def _table_report(rows: list[list[object]], note: str = "") -> Report:
    report = _one_token_report(1)
    report.tables["grid"] = Table(["step", "state", "location"], rows, "Grid", kind="detail", note=note)
    return report


def test_a_tables_rows_are_streamed_memory_does_not_grow_with_them(tmp_path):
    """A detail table's sheet writes its rows as they are made (its extent known before
    them), not all kept until it is closed: 3 times the rows take no more memory."""
    import tracemalloc

    xlsx.write_workbook(_table_report([[1, "a", "b"]]), str(tmp_path / "warm.xlsx"))
    peaks = []
    for n in (20_000, 60_000):
        report = _table_report([[k, "moved", "location"] for k in range(n)])
        tracemalloc.start()
        xlsx.write_workbook(report, str(tmp_path / f"{n}.xlsx"))
        peaks.append(tracemalloc.get_traced_memory()[1] - tracemalloc.get_tracemalloc_memory())
        tracemalloc.stop()
        del report
    assert peaks[1] - peaks[0] < 2_000_000, peaks


@pytest.mark.parametrize("rows, note, dimension", [
    ([[1, "a", "b"], [2, None, ""], [None, "", None]], "", "A1:C4"),  # the last row makes no cell
    ([[None, "", None]], "a note", "A1:C3"),  # nor does any: the header's row
    ([], "", "A1:C2"),
    ([[1, "a", "b"], [2.5, None, "x"]], "", "A1:C4"),
])  # fmt: skip
def test_a_tables_extent_is_its_last_row_with_a_cell(tmp_path, rows, note, dimension):
    import re
    import zipfile

    path = tmp_path / "t.xlsx"
    xlsx.write_workbook(_table_report(rows, note), str(path))
    with zipfile.ZipFile(path) as book:
        sheets = [book.read(name).decode() for name in book.namelist() if name.startswith("xl/worksheets/")]
    grid = next(xml for xml in sheets if ">Grid<" in xml)
    assert re.search('<dimension ref="([^"]*)"/>', grid)[1] == dimension
