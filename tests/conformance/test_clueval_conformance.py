"""CLUEval on the original's own data: every example of ../shared/conformance/clueval gives
the original's files (TSV byte for byte, XLSX cell by cell), its standard output and the
values of its expected.json (specs/clueval.md §9)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import openpyxl
import pytest

from tests.conftest import conformance

EXAMPLES = [
    "fixture_confidence", "fixture_confidence_strict", "fixture_short", "urteil_filtered",
    "urteil_labelled", "urteil_same_file", "urteil_span_strict", "urteil_swapped", "urteil_two_layers",
]  # fmt: skip
COMPARED = ["n_spans", "spans", "recall_table", "precision_table", "class_counts", "levels",
            "evaluation_table", "error_tables"]  # fmt: skip


def same_values(got, expected, where: str = "") -> list[str]:
    """Differences, comparing objects on the keys `expected` has; numbers by type and value."""
    if isinstance(expected, dict):
        if not isinstance(got, dict):
            return [f"{where}: {got!r} is not an object"]
        return [
            d for k in expected for d in same_values(got.get(k, "<missing>"), expected[k], f"{where}.{k}")
        ]
    if isinstance(expected, list):
        if not isinstance(got, list) or len(got) != len(expected):
            return [f"{where}: length differs"]
        return [
            d
            for i, (g, e) in enumerate(zip(got, expected, strict=True))
            for d in same_values(g, e, f"{where}[{i}]")
        ]
    if type(got) is not type(expected) or got != expected:
        return [f"{where}: {got!r} != {expected!r}"]
    return []


def sheet_values(path: Path) -> list[list]:
    sheet = openpyxl.load_workbook(path).active
    assert sheet.title == "Sheet1"
    return [["" if v is None else v for v in row] for row in sheet.iter_rows(values_only=True)]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Each example run once through the CLI (in-process), as the spec's recipe says."""
    from engine.cli import main

    results = {}
    for name in EXAMPLES:
        folder = conformance("clueval") / "examples" / name
        args = shlex.split(json.loads((folder / "meta.json").read_text())["cli_command"])[1:]
        at = args.index("-w")
        out = tmp_path_factory.mktemp(name)
        args = [
            "clueval",
            *args[:at],
            *args[at + 2 :],
            "-w",
            str(out / "cli"),
            "--json",
            str(out / "out.json"),
        ]
        results[name] = (folder, out, args)
    return results, main


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_gives_the_original_outputs(name, runs, capsys, monkeypatch):
    examples, main = runs
    folder, out, args = examples[name]
    monkeypatch.chdir(folder)
    code = main(args)
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert captured.out == (folder / "cli_stdout.txt").read_text(encoding="utf-8").lstrip("\n")  # C43
    expected_files = sorted(p.name for p in (folder / "cli").iterdir())
    assert sorted(p.name for p in (out / "cli").iterdir()) == expected_files
    for file in expected_files:
        if file.endswith(".tsv"):
            assert (out / "cli" / file).read_bytes() == (folder / "cli" / file).read_bytes(), file
        else:
            assert sheet_values(out / "cli" / file) == sheet_values(folder / "cli" / file), file
    got = json.loads((out / "out.json").read_text(encoding="utf-8"))
    expected = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
    for key in COMPARED:
        if key in expected:
            assert same_values(got[key], expected[key], key) == []


def test_headline_numbers_of_the_spec(runs, capsys, monkeypatch):
    """The numbers §9 quotes, read from the written evaluation tables."""
    examples, main = runs
    quoted = {
        "fixture_confidence": ("76.1905", "63.6364"),
        "fixture_confidence_strict": ("14.2857", "27.2727"),
        "urteil_span_strict": ("85.7143", "86.9565", "86.3309"),
        "urteil_two_layers": ("94.2029", "87.1429", "90.5355"),
    }
    for name, numbers in quoted.items():
        folder, out, args = examples[name]
        monkeypatch.chdir(folder)
        assert main(args) == 0
        span_row = (
            (out / "cli" / "evaluation_table.tsv").read_text(encoding="utf-8").splitlines()[1].split("\t")
        )
        assert tuple(span_row[1 : 1 + len(numbers)]) == numbers
    capsys.readouterr()
    labelled = (examples["urteil_labelled"][1] / "cli" / "evaluation_table.tsv").read_text(encoding="utf-8")
    assert "entity\t100.0\t88.8889\t94.1177\t" in labelled  # Date-fact: F1 from the rounded P and R (C24)
