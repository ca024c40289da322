"""The bad input of issue 21's table, for every method over plain spans: one message
naming the file and the line (or JSON path), exit 2, nothing written; labels only the
system uses are scored and listed, on standard error and in the JSON report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

METHODS = ("spans", "nervaluate", "faireval", "clueval")
TSV = Path(__file__).parent.parent / "data" / "formats" / "webanno-tsv" / "example2.tsv"


def _run(cli, tmp_path, method, *args):
    """The run, and whether any output was written."""
    report, workbook = tmp_path / "out.json", tmp_path / "out.xlsx"
    result = cli(method, *args, "--json", report, "--xlsx", workbook)
    return result, report.exists() or workbook.exists()


@pytest.mark.parametrize("method", METHODS)
def test_a_tag_sequence_the_scheme_does_not_allow(cli, tmp_path, method):
    gold = tmp_path / "gold.conll"
    gold.write_text("Ann\tB-PER\nLee\tI-PER\n\nin\tO\nRome\tI-LOC\n", encoding="utf-8")
    result, written = _run(cli, tmp_path, method, gold, gold, "--scheme", "IOB2", "--format", "conll")
    assert result.code == 2 and not written
    assert result.err == (f"spanstudio: error: {gold}:5: expected IOB2: O, B-X, or I-X after B-X or I-X of "
                          "the same X, found 'I-LOC' after 'O'; its tags fit no scheme read strictly: read "
                          "them with --reading conlleval, which reads any sequence\n")  # fmt: skip


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("column", [(), ("--tag-column", "-1"), ("--tag-column", "3"), ("--tag-column", "2")])
def test_a_line_missing_a_column_stops_whatever_the_tag_column(cli, tmp_path, method, column):
    """A CoNLL-2003 line cut to three columns: its last column is a chunk tag (`B-NP`), not
    the NER tag, so it stops at that line instead of scoring `NP` as a label."""
    gold, system = tmp_path / "gold.conll", tmp_path / "system.conll"
    rows = ["EU NNP B-NP B-ORG", "rejects VBZ B-VP O", "German JJ B-NP B-MISC", "call NN I-NP O", ""]
    gold.write_text("\n".join(rows), encoding="utf-8")
    rows[2] = "German JJ B-NP"
    system.write_text("\n".join(rows), encoding="utf-8")
    result, written = _run(cli, tmp_path, method, gold, system, "--format", "conll", *column)
    assert result.code == 2 and not written
    short = "a token in column 0 (counted from 0) and a tag in column 3 (counted from 0)"
    expected = short if column[1:] == ("3",) else (
        "4 columns as on most token lines of the file")
    assert result.err == f"spanstudio: error: {system}:3: expected {expected}, found 3 columns\n"


@pytest.mark.parametrize("method", METHODS)
def test_a_layer_that_does_not_exist(cli, tmp_path, method):
    result, written = _run(cli, tmp_path, method, TSV, TSV, "--layer", "Chunk")
    assert result.code == 2 and not written
    assert result.err.startswith(f"spanstudio: error: {TSV}: expected a span layer of this file (")
    assert result.err.endswith("found 'Chunk'\n") and result.err.count("\n") == 1


@pytest.mark.parametrize("method", METHODS)
def test_an_offset_outside_the_text_names_the_json_path(cli, tmp_path, method):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps({"id": "a", "text": "Ann Lee", "label": [[0, 3, "PER"], [4, 70, "PER"]]}) + "\n",
                    encoding="utf-8")  # fmt: skip
    result, written = _run(cli, tmp_path, method, gold, gold)
    assert result.code == 2 and not written
    assert result.err == (f"spanstudio: error: {gold}:1: expected 0 ≤ start ≤ end ≤ 7 (the text's length), "
                          "found [4, 70) at $.label[1]\n")  # fmt: skip


@pytest.mark.parametrize("method", METHODS)
def test_labels_only_the_system_uses_are_scored_and_listed(cli, tmp_path, method):
    gold, system = tmp_path / "gold.jsonl", tmp_path / "system.jsonl"
    text = "Ann Lee went to Rome"
    gold.write_text(json.dumps({"id": "a", "text": text, "label": [[0, 7, "PER"], [16, 20, "LOC"]]}) + "\n",
                    encoding="utf-8")  # fmt: skip
    system.write_text(json.dumps({"id": "a", "text": text, "label": [[0, 7, "PER"], [16, 20, "CITY"]]}) + "\n",
                      encoding="utf-8")  # fmt: skip
    report = tmp_path / "out.json"
    result = cli(method, gold, system, "--json", report)
    assert result.code == 0, result.err
    note = "labels only the system uses (scored): CITY"
    assert f"spanstudio: warning: {note}" in result.err
    data = json.loads(report.read_text(encoding="utf-8"))
    assert note in data["messages"]
    if method != "clueval":  # CLUEval's unlabelled scores match spans without their labels
        assert "CITY" in json.dumps(data["tables"])


@pytest.mark.parametrize("method", ["spans", "nervaluate"])
def test_many_labels_only_the_system_uses_are_named_the_first_twenty(cli, tmp_path, method):
    """Entity linking's labels (thousands of ids): the note names 20 and counts the rest."""
    gold, system = tmp_path / "gold.jsonl", tmp_path / "system.jsonl"
    text = " ".join(f"w{k}" for k in range(1000))
    spans = [[4 * k, 4 * k + 2] for k in range(10, 100)]
    gold.write_text(json.dumps({"id": "a", "text": text, "label": [[*s, "Q1"] for s in spans]}) + "\n",
                    encoding="utf-8")  # fmt: skip
    system.write_text(json.dumps({"id": "a", "text": text, "label": [[*s, f"Q{k + 100}"] for k, s in enumerate(spans)]})
                      + "\n", encoding="utf-8")  # fmt: skip
    result = cli(method, gold, system)
    assert result.code == 0, result.err
    named = ", ".join(sorted(f"Q{k + 100}" for k in range(90))[:20])
    assert f"spanstudio: warning: labels only the system uses (scored): {named} and 70 more\n" in result.err
