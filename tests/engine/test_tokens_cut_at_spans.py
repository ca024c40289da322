"""Tokens of a text without spaces cut at the spans' bounds (engine/formats/token_text.py):
FairEval and agreement's token measures see the boundaries a span differs by, not whole
runs of letters."""

from __future__ import annotations

import json

import numpy as np

from engine.cli import main
from engine.formats.token_text import cut_at, cut_by_document
from engine.methods import get_method

TEXT = "症例は七十歳男性です"  # one run of letters: a single "word"


def _doccano(path, spans) -> str:
    path.write_text(json.dumps({"id": "d", "text": TEXT, "label": spans}, ensure_ascii=False) + "\n", encoding="utf-8")
    return str(path)


def test_cut_at_cuts_only_inside_tokens():
    starts, ends = cut_at(np.array([0, 4, 10]), np.array([3, 9, 12]), np.array([0, 2, 2, 5, 9, 11, 20, 3]))
    assert list(zip(starts.tolist(), ends.tolist(), strict=True)) == [(0, 2), (2, 3), (4, 5), (5, 9), (10, 11), (11, 12)]
    assert cut_at(np.zeros(0, np.int64), np.zeros(0, np.int64), np.array([1]))[0].size == 0


def test_cut_by_document_cuts_each_document_at_its_own_positions():
    empty = np.zeros(0, np.int64)
    tokens = [(np.array([0, 4]), np.array([3, 9])), (empty, empty), (np.array([0, 2]), np.array([2, 8]))]
    cut = cut_by_document(tokens, np.array([0, 2, 2, 0, 1]), np.array([1, 5, 2, 9, 1]))
    assert [list(zip(s.tolist(), e.tolist(), strict=True)) for s, e in cut] == [
        [(0, 1), (1, 3), (4, 9)], [], [(0, 2), (2, 5), (5, 8)]
    ]


def test_faireval_counts_a_changed_boundary_in_unspaced_text(tmp_path):
    gold = _doccano(tmp_path / "gold.jsonl", [[0, 2, "DIS"], [3, 6, "TIME"]])
    system = _doccano(tmp_path / "system.jsonl", [[0, 2, "DIS"], [3, 5, "TIME"], [6, 8, "PER"]])
    method = get_method("faireval")
    report = method.evaluate(gold, system, method.Options())
    traditional = report.data["overall"]["traditional"]
    assert (traditional["TP"], traditional["FP"], traditional["FN"]) == (1, 2, 1)  # TIME 3–6 → 3–5 is no TP
    assert report.data["overall"]["fair"]["BE"] == 1
    texts = {row["system_label"]: row["system_text"] for row in report.error_rows}
    assert texts["PER"] == "男性" and texts["TIME"] == "七十"  # not the whole run of letters


def test_agreement_token_kappa_sees_the_boundary(tmp_path, capsys):
    anna = _doccano(tmp_path / "anna.jsonl", [[0, 2, "DIS"], [3, 6, "TIME"]])
    ben = _doccano(tmp_path / "ben.jsonl", [[0, 2, "DIS"], [3, 5, "TIME"]])
    assert main(["agreement", anna, ben, "--json", "-"]) == 0
    kappa = json.loads(capsys.readouterr().out)["overall"]["token"]["cohen_kappa"]["pairwise"]["anna"]["ben"]
    assert kappa is not None and kappa < 1.0  # one token for the whole text gave 1.0 (or undefined)


def test_spans_of_white_space_only_are_counted_in_a_warning(tmp_path):
    line = {"id": "d", "text": "Holmes  met Watson", "label": [[0, 6, "PER"], [6, 8, "GAP"]]}
    (tmp_path / "g.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")
    method = get_method("faireval")
    report = method.evaluate(str(tmp_path / "g.jsonl"), str(tmp_path / "g.jsonl"), method.Options())
    assert "1 gold span(s) hold no token (white space only): not counted" in report.messages
    assert "1 system span(s) hold no token (white space only): not counted" in report.messages
