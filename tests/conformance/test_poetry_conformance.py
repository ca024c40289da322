"""Poetry span evaluation on the conformance examples: the original's CSV byte for byte,
its `Overall:` line, and the JSON rows with integer/float types kept (specs/poetry.md §9)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import CONFORMANCE, conformance

EXAMPLES = (
    sorted(p.name for p in (CONFORMANCE / "poetry").iterdir() if p.is_dir())
    if (CONFORMANCE / "poetry").is_dir()
    else ["readme_example"]
)


def typed(value):
    """JSON values with their types, so that 1 and 1.0 differ."""
    if isinstance(value, dict):
        return {k: typed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [typed(v) for v in value]
    return (type(value).__name__, value)


def run_example(cli, folder, tmp_path, json_path="out.json"):
    options = json.loads((folder / "options.json").read_text())
    args = ["poetry", folder / "ref.jsonl", folder / "sys.jsonl", tmp_path / "out.csv",
            "--partial-match-weight", str(options["partial_match_weight"])]  # fmt: skip
    if options["ignore_label"]:
        args.append("--ignore-label")
    if json_path is None:
        return cli(*args)
    return cli(*args, "--json", tmp_path / json_path if json_path != "-" else "-")


def test_all_examples_are_here():
    assert len(EXAMPLES) == 10


@pytest.mark.parametrize("example", EXAMPLES)
def test_csv_line_and_rows_as_the_original(example, cli, tmp_path):
    folder = conformance("poetry") / example
    expected = json.loads((folder / "expected.json").read_text())
    result = run_example(cli, folder, tmp_path)
    assert result.code == 0, result.err
    assert (tmp_path / "out.csv").read_bytes() == (folder / "expected.csv").read_bytes()
    assert result.out == expected["overall"]["line"] + "\n"
    got = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert typed(got["rows"]) == typed(expected["rows"])
    assert got["overall"]["pages"] == expected["overall"]["pages"]
    assert got["overall"]["line"] == expected["overall"]["line"]
    assert got["columns"] == expected["columns"]
    assert got["options"]["ignore_label"] == expected["options"]["ignore_label"]
    assert got["options"]["partial_match_weight"] == expected["options"]["partial_match_weight"]


@pytest.mark.parametrize("example", EXAMPLES)
def test_csv_and_line_without_json(example, cli, tmp_path):
    """A plain run (no detail kept): the same bytes."""
    folder = conformance("poetry") / example
    expected = json.loads((folder / "expected.json").read_text())
    result = run_example(cli, folder, tmp_path, json_path=None)
    assert result.code == 0, result.err
    assert (tmp_path / "out.csv").read_bytes() == (folder / "expected.csv").read_bytes()
    assert result.out == expected["overall"]["line"] + "\n"


def test_json_on_stdout_moves_the_overall_line_to_stderr(cli, tmp_path):
    folder = conformance("poetry") / "readme_example"
    result = run_example(cli, folder, tmp_path, "-")
    assert result.code == 0
    assert (
        json.loads(result.out)["overall"]["line"] == "Overall: 1 Pages | Precision = 0.9186 | Recall = 0.9186"
    )
    assert result.err == "Overall: 1 Pages | Precision = 0.9186 | Recall = 0.9186\n"


def test_quirk_example_numbers(cli, tmp_path):
    """A few rows of the quirk examples, spelled out (P1, P4, P7, P8, P10, P18)."""
    folder = conformance("poetry") / "quirks_ignore_label"
    assert run_example(cli, folder, tmp_path).code == 0
    rows = {r["page_id"]: r for r in json.loads((tmp_path / "out.json").read_text())["rows"]}
    assert (rows["q-adjacent-refs-one-sys"]["precision"], rows["q-adjacent-refs-one-sys"]["recall"]) == (
        1.0,
        1.0,
    )
    assert (rows["q-duplicate-sys"]["precision"], rows["q-duplicate-sys"]["n_span_spurious"]) == (1.0, 0)
    assert rows["q-tie-first-sorted"]["n_poem_spurious"] == 1
    assert rows["q-empty-label"]["n_poem_spurious"] == 0
    assert rows["q-overlapping-sys"]["precision"] == 1.0
    assert rows["q-nested-refs"]["precision"] == 0.2875
    assert rows["q-tiny-factor"]["precision"] == 1e-05
