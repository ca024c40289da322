"""`compare … --xlsx`: each system's errors on a sheet of its own, and sheet names as the
tables' titles read (a colon as an en dash, not `- `)."""

from __future__ import annotations

import json

import pytest

from engine.export.xlsx import sheet_name

TEXT = "IL-2 binds BHRF1\nin T cells of mice.\n"  # two lines: two sentences to resample
GOLD = "T1\tProtein 0 4\tIL-2\nT2\tProtein 11 16\tBHRF1\nT3\tCell 20 27\tT cells\nT4\tOrganism 31 35\tmice\n"
SYSTEM_A = "T1\tProtein 0 4\tIL-2\nT2\tCell 11 16\tBHRF1\nT3\tCell 22 27\tcells\n"  # 3 errors
SYSTEM_B = "T1\tProtein 0 4\tIL-2\nT2\tProtein 11 16\tBHRF1\nT3\tCell 20 27\tT cells\nT4\tCell 31 35\tmice\n"


def _brat(folder, ann: str) -> str:
    folder.mkdir()
    (folder / "doc.txt").write_text(TEXT, encoding="utf-8")
    (folder / "doc.ann").write_text(ann, encoding="utf-8")
    return str(folder)


def test_each_systems_errors_on_a_sheet_of_its_own(cli, tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    gold, a, b = (_brat(tmp_path / name, ann) for name, ann in (("gold", GOLD), ("a", SYSTEM_A), ("b", SYSTEM_B)))
    errors = {}
    for name, system in (("A", a), ("B", b)):
        errors[name] = len(json.loads(cli("spans", gold, system, "--json", "-").out)["errors"])
    assert errors["A"] >= 3 and errors["B"] >= 1
    result = cli("compare", "spans", gold, a, b, "--xlsx", tmp_path / "cmp.xlsx", "--trials", "200")
    assert result.code == 0, result.err
    book = openpyxl.load_workbook(tmp_path / "cmp.xlsx")
    assert [n for n in book.sheetnames if "Errors" in n] == ["System A – Errors", "System B – Errors"]
    assert "System A – Exact spans per labe" in book.sheetnames and not any("- " in n for n in book.sheetnames)
    for name in "AB":
        sheet = book[f"System {name} – Errors"]
        assert [c.value for c in sheet[2]][:2] == ["ID", "Verdict"]
        assert sheet.max_row - 2 == errors[name]  # a legend row, a header row, then the errors


@pytest.mark.parametrize(("title", "name"), [
    ("System A: Exact spans per label (seqeval)", "System A – Exact spans per labe"),
    ("Per label: strict", "Per label – strict"),
    ("a/b [c]*?", "a-b -c---"),
    ("ratio 1:2", "ratio 1 – 2"),
])  # fmt: skip
def test_sheet_names(title, name):
    assert sheet_name(title) == name


@pytest.mark.parametrize("method", ["faireval", "nervaluate", "clueval"])
def test_every_span_method_writes_a_compare_workbook(cli, tmp_path, method):
    """FairEval's stopped with an internal error (its review basis looked for its own
    report's per_label in compare's report)."""
    openpyxl = pytest.importorskip("openpyxl")
    gold, a, b = (_brat(tmp_path / name, ann) for name, ann in (("gold", GOLD), ("a", SYSTEM_A), ("b", SYSTEM_B)))
    result = cli("compare", method, gold, a, b, "--xlsx", tmp_path / "cmp.xlsx", "--trials", "200")
    assert result.code == 0, result.err
    names = openpyxl.load_workbook(tmp_path / "cmp.xlsx").sheetnames
    assert any(n.startswith("System A – ") and "rror" in n for n in names)  # B's one error is a label: not
    # an error of CLUEval's default unlabelled spans


def test_the_review_basis_is_made_for_a_workbook_only(cli, tmp_path, monkeypatch):
    """compare made each system's review basis on every run, --xlsx or not."""
    from engine.methods import Method

    made = []
    monkeypatch.setattr(Method, "review_basis", lambda self, report: made.append(report.method))
    gold, a, b = (_brat(tmp_path / name, ann) for name, ann in (("gold", GOLD), ("a", SYSTEM_A), ("b", SYSTEM_B)))
    assert cli("compare", "spans", gold, a, b, "--trials", "200").code == 0
    assert made == []
    assert cli("compare", "spans", gold, a, b, "--xlsx", tmp_path / "cmp.xlsx", "--trials", "200").code == 0
    assert made == ["spans", "spans"]
