"""FairEval on the original's example evaluation: the same report file, byte for byte,
and the same counts and unrounded scores as the original's expected.json."""

from __future__ import annotations

import json

import pytest

from tests.conftest import conformance

EXAMPLES = ["ner", "chunks", "topofields"]
COMPARED = ["overall", "per_label", "confusion", "data_stats", "sentences", "file_pairs"]
PAPER_WEIGHTS = (
    "LE = 0.5 FP + 0.5 FN, BES = 0.5 TP + 0.5 FN, BEL = 0.5 TP + 0.5 FP, "
    "BEO = 0.5 TP + 0.25 FP + 0.25 FN, LBE = 0.5 FP + 0.5 FN"
)
SPAN_FILE = {"ner": "ner_spans.csv", "chunks": "chunk_spans.csv", "topofields": "topofield_spans.csv"}


@pytest.fixture
def config_dir(monkeypatch):
    folder = conformance("faireval") / "config"
    monkeypatch.chdir(folder)  # the configs' paths are relative to config/
    return folder


@pytest.mark.parametrize("example", EXAMPLES)
def test_config_form_gives_the_original_report_and_numbers(example, config_dir, tmp_path, cli):
    out, js = tmp_path / "eval.csv", tmp_path / "report.json"
    result = cli("faireval", "--config", f"{example}.config", "--eval-out", out, "--json", js)
    assert result.code == 0, result.err
    assert out.read_bytes() == (config_dir.parent / "eval" / f"eval_{example}.csv").read_bytes()
    got = json.loads(js.read_text(encoding="utf-8"))
    expected = json.loads((config_dir.parent / "expected" / example / "expected.json").read_text())
    for key in COMPARED:
        assert got[key] == expected[key], key
    for message in expected["messages"]:  # the four "Missing weight" warnings
        assert message.removeprefix("WARNING: ") in got["messages"]


@pytest.mark.parametrize("example", ["ner"])
def test_positional_form_reproduces_the_config_report(example, config_dir, tmp_path, cli):
    name = SPAN_FILE[example]
    out = tmp_path / "eval.csv"
    result = cli(
        "faireval",
        f"./../data/target/{name}",
        f"./../data/system/{name}",
        "--weights",
        PAPER_WEIGHTS,
        "--eval-out",
        out,
    )
    assert result.code == 0, result.err
    assert out.read_bytes() == (config_dir.parent / "eval" / f"eval_{example}.csv").read_bytes()


def test_headline_numbers(config_dir, cli):
    result = cli("faireval", "--config", "ner.config", "--eval-out", "-")
    comparison = result.out.split("### Comparison:\n")[1].split("\n\n")[0].splitlines()
    assert comparison[1:] == [
        "Traditional\t86.66\t83.51\t85.05",
        "Fair\t90.42\t87.23\t88.80",
        "Weighted\t91.14\t88.21\t89.65",
    ]


def test_config_run_never_writes_into_the_expected_files(config_dir, tmp_path, cli):
    before = {p: p.read_bytes() for p in (config_dir.parent / "eval").iterdir()}
    cli("faireval", "--config", "ner.config", "--eval-out", tmp_path / "x.csv")
    assert {p: p.read_bytes() for p in (config_dir.parent / "eval").iterdir()} == before
