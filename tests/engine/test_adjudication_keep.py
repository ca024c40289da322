"""Decisions and golds are never replaced unawares: `agreement --xlsx` onto a workbook that
holds Decisions or Comments stops and counts them, `--keep-decisions` carries them into the
new workbook row by row (the same document and characters); `adjudicate --out` onto an
existing file, or a brat folder that is not empty, stops unless --force; majority names
each row it settled."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook

import engine.agreement.kept as kept
from engine.agreement.kept import held_decisions
from engine.cli import main

from .test_agreement_command import SPANS, _decide, _workbook, inputs, reader  # noqa: F401 (autouse)


def _comment(path: str, comments: dict[str, str]) -> None:
    book = load_workbook(path)
    ws = book["Adjudication"]
    header = [c.value for c in ws[2]]
    for row in ws.iter_rows(min_row=3):
        if row[0].value in comments:
            row[header.index("Comment")].value = comments[row[0].value]
    book.save(path)


def _decisions(path: str) -> dict[tuple[str, str], tuple[str | None, str | None]]:
    """(Decision, Comment) of each row by its document and characters."""
    ws = load_workbook(path)["Adjudication"]
    header = [c.value for c in ws[2]]
    at = [header.index(h) for h in ("Document", "Characters", "Decision", "Comment")]
    rows = [[r[i] for i in at] for r in ws.iter_rows(min_row=3, values_only=True)]
    return {(d, c): (decision, comment) for d, c, decision, comment in rows}


def _decided(tmp_path) -> str:
    path = _workbook(tmp_path)
    _decide(path, lambda row: row["anna"] or row["ben"] or "none")
    _comment(path, {"R3": "ask Ben"})
    return path


@pytest.mark.parametrize("keep_other", [False, True])
def test_a_decided_workbook_is_not_replaced_and_the_count_is_said(tmp_path, capsys, monkeypatch, keep_other):
    """Also where --keep-decisions names another workbook (its own decisions were replaced).
    The workbook is read once: counted (it was then read again to tell whether it could be kept)."""
    other = tmp_path / "other.xlsx"
    other.write_bytes(Path(_workbook(tmp_path)).read_bytes())
    path = _decided(tmp_path)
    before = Path(path).read_bytes()
    assert held_decisions(path) == (6, 1)
    keep = ["--keep-decisions", str(other)] if keep_other else []
    read: list[str] = []
    rows = kept._decided_rows
    monkeypatch.setattr(kept, "_decided_rows", lambda workbook: read.append(str(workbook)) or rows(workbook))
    assert main(["agreement", *inputs(tmp_path), "--xlsx", path, *keep]) == 2
    assert read == [path]
    assert capsys.readouterr().err == (
        f"spanstudio: error: {path}: expected a workbook without decisions or comments to replace (or "
        f"--keep-decisions {path} to carry them into the new one), found 6 decisions and 1 comment in it\n"
    )
    assert Path(path).read_bytes() == before


def test_an_undecided_workbook_or_another_file_is_replaced_as_before(tmp_path):
    path = _workbook(tmp_path)
    assert held_decisions(path) is None
    assert main(["agreement", *inputs(tmp_path), "--xlsx", path]) == 0
    other = tmp_path / "other.xlsx"
    other.write_bytes(b"not a workbook")
    assert main(["agreement", *inputs(tmp_path), "--xlsx", str(other)]) == 0
    assert other.read_bytes()[:2] == b"PK"


def test_keep_decisions_carries_them_to_the_rows_still_there(tmp_path, capsys, monkeypatch):
    path = _decided(tmp_path)
    before = _decisions(path)
    changed = {33: "LOC", 0: "ORG"}  # ben: London as the others have it, Moriarty ORG, not PER
    ben = [(d, s, e, changed.get(s, lab) if d == "dok_é" and s == 33 or d == "d2" and s == 0 else lab)
           for d, s, e, lab in SPANS["ben.tsv"]]  # fmt: skip
    monkeypatch.setitem(SPANS, "ben.tsv", ben)
    assert main(["agreement", *inputs(tmp_path), "--xlsx", path, "--keep-decisions", path]) == 0
    assert capsys.readouterr().err == (
        "spanstudio: warning: The decisions and comments of 5 rows kept from adjudicate.xlsx; 1 could not be "
        "carried because its row is gone (R3); 1 Decision no longer offered left out (R4).\n"
    )
    after = _decisions(path)
    assert before[("dok_é", "33–39")] == ("LOC", "ask Ben") and ("dok_é", "33–39") not in after
    assert before[("d2", "0–8")] == ("PER", None) and after[("d2", "0–8")] == (None, None)
    assert {k: v for k, v in after.items() if k != ("d2", "0–8")} == {
        k: v for k, v in before.items() if k in after and k != ("d2", "0–8")
    }
    assert len(after) == 5 and sum(v[0] is not None for v in after.values()) == 4


def test_an_existing_gold_is_replaced_only_with_force(tmp_path, capsys):
    path = _decided(tmp_path)
    gold = tmp_path / "gold.jsonl"
    gold.write_text("mine\n", encoding="utf-8")
    assert main(["adjudicate", path, "--out", str(gold)]) == 2
    assert capsys.readouterr().err == (
        f"spanstudio: error: {gold}: expected a new file (or --force to replace it), "
        "found an existing one (not overwriting)\n"
    )
    assert gold.read_text(encoding="utf-8") == "mine\n"
    assert main(["adjudicate", path, "--out", str(gold), "--force"]) == 0
    assert gold.read_text(encoding="utf-8").startswith('{"id": "dok_é"')


def test_a_brat_gold_goes_into_a_new_or_empty_folder(tmp_path, capsys):
    path = _decided(tmp_path)
    folder = tmp_path / "gold"
    folder.mkdir()
    assert main(["adjudicate", path, "--out", str(folder), "--format", "brat"]) == 0
    assert sorted(p.name for p in folder.iterdir()) == ["d2.ann", "d2.txt", "dok_é.ann", "dok_é.txt"]
    capsys.readouterr()
    assert main(["adjudicate", path, "--out", str(folder), "--format", "brat"]) == 2
    assert "expected a new folder or an empty one (or --force to replace it), found an existing one" in (
        capsys.readouterr().err
    )
    assert main(["adjudicate", path, "--out", str(folder), "--format", "brat", "--force"]) == 0
    file = tmp_path / "file"
    file.write_text("x", encoding="utf-8")
    assert main(["adjudicate", path, "--out", str(file), "--format", "brat", "--force"]) == 2
    assert f"{file}: expected a folder, found a file" in capsys.readouterr().err


def test_majority_names_each_row_it_settled(tmp_path, capsys):
    path = _workbook(tmp_path)
    assert main(["adjudicate", path, "--out", str(tmp_path / "g.jsonl"), "--majority"]) == 0
    assert "6 undecided rows settled by majority (a tie keeps no span): R1 → none, R2 → none, R3 → LOC, " in (
        capsys.readouterr().err
    )


def test_a_workbook_as_written_without_decisions_is_not_read_to_count_them(tmp_path, monkeypatch):
    from engine.export import review_scan

    path = _workbook(tmp_path)
    monkeypatch.setattr(review_scan, "SheetBook", None)  # reading the sheets would fail
    assert held_decisions(path) is None and kept.is_adjudication_workbook(path)
    _decide(path, lambda row: "none")  # saved again: no comment, read and counted
    monkeypatch.undo()
    assert held_decisions(path) == (6, 0)


def test_an_adjudication_workbook_is_told_from_other_files(tmp_path):
    from engine.export.xlsx import write_workbook
    from engine.methods import get_method
    from gui.resources import example_inputs

    path = _workbook(tmp_path)
    assert kept.is_adjudication_workbook(path)
    _decide(path, lambda row: "none")  # saved again: its sheets are read
    assert kept.is_adjudication_workbook(path)
    _, gold, system = example_inputs()
    method, review = get_method("faireval"), tmp_path / "review.xlsx"
    write_workbook(method.evaluate(gold, system, method.Options(), detail=True), str(review))
    other = tmp_path / "other.xlsx"
    other.write_bytes(b"not a workbook")
    assert not any(kept.is_adjudication_workbook(p) for p in (review, other, tmp_path / "missing.xlsx"))


def test_more_than_five_rows_are_named_by_the_first_five():
    rows = {("d", f"{n}–{n + 1}"): kept.Decided(f"R{n}", "LOC", "") for n in range(1, 14)}
    decisions = kept.KeptDecisions("old.xlsx", rows, [f"R{n}" for n in range(1, 7)], [f"R{n}" for n in range(7, 12)])
    assert decisions.summary() == (
        "The decisions and comments of 7 rows kept from old.xlsx; 6 could not be carried because their rows "
        "are gone (R1, R2, R3, R4, R5, …); 5 Decisions no longer offered left out (R7, R8, R9, R10, R11)."
    )
