"""`compare … --xlsx NEW --keep-review OLD`: each system's verdicts and comments of a compare
workbook carried into the new one, error by error (compare had no --keep-review: a reviewed
compare workbook could only be renamed away or lost)."""

from __future__ import annotations

from pathlib import Path

from openpyxl import load_workbook

from engine.review import read_review
from tests.engine.test_review_parts import _inputs, _judge

TRIALS = ("--trials", "200")


def _verdicts(path: Path) -> dict[str, dict[str, tuple[str, str]]]:
    """Each system's (verdict, comment) by (type, gold position, system position)."""
    return {
        part.system: {(r["type"], r["gold_position"], r["system_position"]): (r["verdict"], r["comment"])
                      for r in part.rows if r["verdict"] != "not reviewed" or r["comment"]}
        for part in read_review(str(path)).systems
    }  # fmt: skip


def _compared(cli, tmp_path: Path) -> tuple[tuple[str, str, str], Path]:
    """The inputs, and their compare workbook with every error judged."""
    inputs, book = _inputs(tmp_path, "spans"), tmp_path / "cmp.xlsx"
    assert cli("compare", "spans", *inputs, "--xlsx", book, *TRIALS).code == 0
    _judge(book)
    return inputs, book


def test_each_systems_verdicts_are_carried_into_the_new_compare_workbook(cli, tmp_path):
    inputs, book = _compared(cli, tmp_path)
    before = _verdicts(book)
    assert all(before.values()) and list(before) == ["System A", "System B"]
    new = tmp_path / "new.xlsx"
    result = cli("compare", "spans", *inputs, "--xlsx", new, "--keep-review", book, *TRIALS)
    assert result.code == 0, result.err
    assert _verdicts(new) == before
    again = cli("compare", "spans", *inputs, "--xlsx", book, "--keep-review", book, *TRIALS)  # over itself
    assert again.code == 0 and _verdicts(book) == before


def test_the_verdicts_of_errors_gone_from_one_system_are_named_with_it(cli, tmp_path):
    """System B again as System A's run: B's error on London (a span it dropped) is gone."""
    (gold, a, _), book = _compared(cli, tmp_path)
    new = tmp_path / "new.xlsx"
    result = cli("compare", "spans", gold, a, a, "--xlsx", new, "--keep-review", book, *TRIALS)
    assert result.code == 0, result.err
    before, after = _verdicts(book), _verdicts(new)
    assert after["System A"] == before["System A"]
    lost = len(before["System B"]) - len(set(before["System B"]) & set(after["System B"]))
    assert lost >= 1
    gone = "its row is gone" if lost == 1 else "their rows are gone"
    assert f"; {lost} could not be carried because {gone} (System B E" in result.err


def test_a_one_run_workbook_is_not_carried_into_a_compare_workbook(cli, tmp_path):
    gold, a, b = _inputs(tmp_path, "spans")
    one = tmp_path / "one.xlsx"
    assert cli("spans", gold, a, "--xlsx", one).code == 0
    result = cli("compare", "spans", gold, a, b, "--xlsx", tmp_path / "new.xlsx", "--keep-review", one, *TRIALS)
    assert result.code == 2 and not (tmp_path / "new.xlsx").exists()
    assert result.err == (
        f"spanstudio: error: {one}: expected a compare workbook (spanstudio compare --xlsx) to keep the "
        "verdicts of, found a review workbook of one run\n"
    )
    no_xlsx = cli("compare", "spans", gold, a, b, "--keep-review", one, *TRIALS)
    assert no_xlsx.code == 2 and "expected --xlsx with --keep-review" in no_xlsx.err


def test_a_reviewed_compare_workbook_is_refused_before_the_systems_are_scored(cli, tmp_path, monkeypatch):
    import engine.cli

    inputs, book = _compared(cli, tmp_path)
    sheet = load_workbook(book, read_only=True).sheetnames
    assert "System A – Errors" in sheet
    monkeypatch.setattr(engine.cli, "compare_reports", None)  # called: a TypeError
    result = cli("compare", "spans", *inputs, "--xlsx", book, *TRIALS)
    assert result.code == 2 and f"(or --keep-review {book} to carry them into the new one)" in result.err


def test_a_refusal_offers_keep_review_only_where_the_workbook_can_be_carried(cli, tmp_path):
    """Over a reviewed workbook of the other kind (one run's under compare, compare's under
    one run) the refusal offered --keep-review of it, which then failed."""
    inputs, book = _compared(cli, tmp_path)
    one = tmp_path / "one.xlsx"
    assert cli("spans", *inputs[:2], "--xlsx", one).code == 0
    _judge(one)
    instead = "(or another --xlsx name: --keep-review cannot carry them into this run)"
    for args, target in ((("compare", "spans", *inputs, *TRIALS), one), (("spans", *inputs[:2]), book)):
        result = cli(*args, "--xlsx", target)
        assert result.code == 2 and f"{target}: expected a workbook without verdicts or comments" in result.err
        assert instead in result.err and f"--keep-review {target}" not in result.err


def test_keeping_a_compare_review_says_what_the_review_warns_of(cli, tmp_path):
    """A copied error row's warning was not passed on when its review was kept."""
    inputs, book = _compared(cli, tmp_path)
    loaded = load_workbook(book)
    sheet = loaded["System A – Errors"]
    sheet.append([cell.value for cell in sheet[3]])
    loaded.save(book)
    result = cli("compare", "spans", *inputs, "--xlsx", tmp_path / "new.xlsx", "--keep-review", book, *TRIALS)
    assert result.code == 0
    assert f"sheet 'System A – Errors' holds the same error ID on several rows: {sheet['A3'].value} (rows 3, " in (
        result.err
    )
