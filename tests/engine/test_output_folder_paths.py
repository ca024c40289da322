"""An output path ending in a separator names a folder: a file output refuses it before
anything is read (it was written as a file of the folder's name), FairEval's --eval-out
takes an existing folder (eval.csv in it) and refuses a new one as its config does (F22c),
a folder output (CLUEval -w, adjudicate's brat gold) creates it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import CONFORMANCE

ROOT = Path(__file__).resolve().parent.parent
CONLL = ROOT / "data" / "formats" / "conll" / "en-orig.conll"
POETRY = CONFORMANCE / "poetry" / "readme_example"
PROPARA = CONFORMANCE / "propara" / "testfiles-1"
FOLDER = "a folder's path (it ends in '/')"


def _refused(result, path: Path, expected: str) -> None:
    assert result.code == 2 and result.out == ""
    assert result.err.endswith(f"spanstudio: error: {path}/: expected {expected}\n"), result.err
    assert not path.exists()


@pytest.mark.parametrize("command", [
    ("spans", CONLL, CONLL, "--json"), ("spans", CONLL, CONLL, "--xlsx"), ("nervaluate", CONLL, CONLL, "--json"),
    ("compare", "spans", CONLL, CONLL, CONLL, "--xlsx"), ("agreement", CONLL, CONLL, "--names", "a", "b", "--json"),
    ("poetry", POETRY / "ref.jsonl", POETRY / "sys.jsonl"),
    ("propara", "--answers", PROPARA / "answers.tsv", "--predictions", PROPARA / "predictions.tsv", "-o"),
    ("propara", "--answers", PROPARA / "answers.tsv", "--predictions", PROPARA / "predictions.tsv", "-d"),
    ("review", ROOT / "data" / "review-libreoffice.xlsx", "--json"),
])  # fmt: skip
def test_a_file_output_refuses_a_folder_path(cli, tmp_path, command):
    out = tmp_path / "new"
    _refused(cli(*command, f"{out}/"), out, f"a file path, found {FOLDER}")


def test_faireval_eval_out_takes_an_existing_folder_only(cli, tmp_path):
    out = tmp_path / "nd"
    _refused(cli("faireval", CONLL, CONLL, "--eval-out", f"{out}/"), out,
             "an existing directory (the report goes to eval.csv in it), found none")  # fmt: skip
    out.mkdir()
    assert cli("faireval", CONLL, CONLL, "--eval-out", f"{out}/").code == 0
    assert [p.name for p in out.iterdir()] == ["eval.csv"]


def test_folder_outputs_are_created(cli, tmp_path):
    tables = tmp_path / "tables"
    assert cli("clueval", CONLL, CONLL, "-w", f"{tables}/").code == 0 and tables.is_dir()
    workbook = tmp_path / "adjudication.xlsx"
    assert cli("agreement", CONLL, CONLL, "--names", "a", "b", "--xlsx", workbook).code == 0
    gold = tmp_path / "gold"
    assert cli("adjudicate", workbook, "--out", f"{gold}/", "--format", "brat").code == 0 and gold.is_dir()
    _refused(cli("adjudicate", workbook, "--out", f"{gold}-file/", "--format", "doccano"), Path(f"{gold}-file"),
             f"a file path, found {FOLDER}")  # fmt: skip


def test_faireval_eval_out_of_a_file_with_a_separator_says_it_is_a_file(cli, tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("kept\n", encoding="utf-8")
    result = cli("faireval", CONLL, CONLL, "--eval-out", f"{afile}/")
    assert result.code == 2 and result.err.endswith(
        f"{afile}/: expected an existing directory (the report goes to eval.csv in it), found a file\n"
    )
    assert afile.read_text(encoding="utf-8") == "kept\n"


def test_the_separator_a_file_path_ends_in_is_quoted_plainly(monkeypatch):
    # on Windows the separator is a backslash: quoted as it is, not doubled as repr() gives it
    import os

    from engine.errors import InputError
    from engine.paths import file_path

    monkeypatch.setattr(os, "sep", "\\")
    with pytest.raises(InputError) as refused:
        file_path("out\\")
    assert refused.value.found == "a folder's path (it ends in '\\')"


@pytest.mark.parametrize("command", [
    ("spans", CONLL, CONLL, "--json", "report.json"), ("spans", CONLL, CONLL, "--xlsx", "review.xlsx"),
    ("agreement", CONLL, CONLL, "--names", "a", "b", "--xlsx", "agreement.xlsx"),
    ("review", ROOT / "data" / "review-libreoffice.xlsx", "--json", "scores.json"),
])  # fmt: skip
def test_every_export_makes_its_folder_where_it_is_missing(cli, tmp_path, command):
    """--json, --xlsx and review's --json alike make the folders their path names (the
    workbook and review's JSON refused a new folder where the JSON report made it)."""
    *args, name = command
    out = tmp_path / "new" / "deeper" / name
    result = cli(*args, out)
    assert result.code == 0, result.err
    assert out.is_file() and out.stat().st_size > 0
    assert [p.name for p in out.parent.iterdir()] == [name]  # no temporary file left
