"""FairEval's worked examples and quirks (specs/faireval.md §2–§4), through the CLI."""

from __future__ import annotations

import json

import pytest

from engine.methods.faireval.scores import scores
from engine.methods.faireval.settings import parse_weights

PAPER = (
    "LE = 0.5 FP + 0.5 FN, BES = 0.5 TP + 0.5 FN, BEL = 0.5 TP + 0.5 FP, "
    "BEO = 0.5 TP + 0.25 FP + 0.25 FN, LBE = 0.5 FP + 0.5 FN"
)


def span_file(path, *sentences):
    """Write sentences of (label, begin, end[, tokens]) as a FairEval span file."""
    blocks = []
    for sentence in sentences:
        lines = []
        for label, begin, end, *tokens in sentence:
            field = tokens[0] if tokens else ", ".join(map(str, range(begin, end + 1)))
            lines.append(f"{label}\t{begin}\t{end}\t{field}")
        blocks.append("\n".join(lines))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n\n".join(blocks) + "\n", encoding="utf-8")
    return path


def evaluate(cli, tmp_path, targets, systems, *options):
    """Fair overall counts and the JSON report of one evaluation."""
    t = span_file(tmp_path / "t.tsv", *targets)
    s = span_file(tmp_path / "s.tsv", *systems)
    result = cli("faireval", t, s, "--json", "-", *options)
    assert result.code == 0, result.err
    return json.loads(result.out)


def fair(report):
    o = report["overall"]["fair"]
    return {
        k: v for k, v in o.items() if k in ("TP", "FP", "FN", "LE", "BE", "BES", "BEL", "BEO", "LBE") and v
    }


WORKED_REPORT = """### Evaluation settings:
eval_method: ['traditional', 'fair', 'weighted']
exclude: ['NONE', 'EMPTY']
focus: target
ignore_punct: False
labels: ['all']
system_in: system/s.tsv
target_in: target/s.tsv
weights: {'LE': {'TP': 0, 'FP': 0.5, 'FN': 0.5}, 'BES': {'TP': 0.5, 'FP': 0, 'FN': 0.5}, 'BEL': {'TP': 0.5, 'FP': 0.5, 'FN': 0}, 'BEO': {'TP': 0.5, 'FP': 0.25, 'FN': 0.25}, 'LBE': {'TP': 0, 'FP': 0.5, 'FN': 0.5}, 'TP': {'TP': 1}, 'FP': {'FP': 1}, 'FN': {'FN': 1}}


### Traditional evaluation:
Label	TP	FP	FN	Prec	Rec	F1
LOC	1	1	0	50.00	100.00	66.67
MISC	0	1	0	0.00	0.00	0.00
NP	1	0	0	100.00	100.00	100.00
ORG	0	2	1	0.00	0.00	0.00
PER	0	0	2	0.00	0.00	0.00
overall	2	4	3	33.33	40.00	36.36

### Fair evaluation:
Label	TP	FP	LE	BE	LBE	FN	Prec	Rec	F1
LOC	1	0	0	0	0	0	100.00	100.00	100.00
MISC	0	1	0	0	0	0	0.00	0.00	0.00
NP	1	0	0	0	0	0	100.00	100.00	100.00
ORG	0	0	0	1	0	0	0.00	0.00	0.00
PER	0	0	1	0	1	0	0.00	0.00	0.00
overall	2	1	1	1	1	0	44.44	57.14	50.00

### Weighted evaluation:
Label	LE	BES	BEL	BEO	LBE	TP	FP	FN	Prec	Rec	F1
LOC	0	0	0	0	0	1	0	0	100.00	100.00	100.00
MISC	0	0	0	0	0	0	1	0	0.00	0.00	0.00
NP	0	0	0	0	0	1	0	0	100.00	100.00	100.00
ORG	0	0	0	1	0	0	0	0	66.67	66.67	66.67
PER	1	0	0	0	1	0	0	0	0.00	0.00	0.00
overall	1	0	0	1	1	2	1	0	52.63	66.67	58.82

### Comparison:
Version	Prec	Rec	F1
Traditional	33.33	40.00	36.36
Fair	44.44	57.14	50.00
Weighted	52.63	66.67	58.82

### Confusion matrix:
Target\\System	LOC	MISC	NP	ORG	PER	_
LOC	0	0	0	0	0	0
MISC	0	0	0	0	0	0
NP	0	0	0	0	0	0
ORG	0	0	0	1	0	0
PER	1	0	0	1	0	0
_	0	1	0	0	0	0

### Target data stats:
Label	Freq	%
PER	2	40.00
LOC	1	20.00
ORG	1	20.00
NP	1	20.00
"""


def test_worked_example_report_bytes(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    span_file(
        tmp_path / "target" / "s.tsv",
        [("PER", 1, 2), ("LOC", 4, 4), ("ORG", 6, 8), ("PER", 10, 11)],
        [("NP", 1, 3)],
    )
    span_file(
        tmp_path / "system" / "s.tsv",
        [("LOC", 1, 2), ("LOC", 4, 4), ("ORG", 7, 9), ("ORG", 11, 12), ("MISC", 14, 14)],
        [("NP", 1, 3)],
    )
    result = cli(
        "faireval", "target/s.tsv", "system/s.tsv", "--eval-out", "out/report.csv", "--weights", PAPER
    )
    assert result.code == 0, result.err
    assert (tmp_path / "out" / "report.csv").read_bytes() == WORKED_REPORT.encode("utf-8")
    assert result.out == ""  # the report went to the file


def test_report_printed_without_eval_out(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    span_file(tmp_path / "t.tsv", [("NP", 1, 3)])
    result = cli("faireval", "t.tsv", "t.tsv")
    assert result.out.startswith("### Evaluation settings:\n")
    assert "Fair\t100.00\t100.00\t100.00" in result.out
    assert "### Weighted" not in result.out  # no weights: weighted becomes fair


@pytest.mark.parametrize(
    ("systems", "be"),
    [([("NP", 1, 4), ("NP", 5, 8)], 2), ([("NP", 5, 8), ("NP", 1, 4)], 3)],
)
def test_line_order_changes_the_counts(cli, tmp_path, systems, be):
    report = evaluate(cli, tmp_path, [[("NP", 3, 6), ("NP", 7, 12)]], [systems])
    assert report["overall"]["fair"]["BE"] == be
    assert report["overall"]["traditional"]["FP"] == 2 and report["overall"]["traditional"]["FN"] == 2


@pytest.mark.parametrize(
    ("targets", "systems", "counts"),
    [
        ([("NP", 1, 6)], [("NP", 1, 3), ("NP", 4, 6)], {"BE": 2, "BES": 2}),
        ([("NP", 1, 3), ("PP", 4, 6)], [("NP", 1, 6)], {"BE": 1, "BEL": 1, "LBE": 1}),
        ([("NP", 1, 4)], [("NP", 1, 2), ("NP", 1, 2)], {"BE": 1, "BES": 1, "FP": 1}),
        ([("NP", 1, 4)], [("NP", 1, 2), ("NP", 2, 4)], {"BE": 2, "BES": 2}),
        ([("NP", 1, 5)], [("NP", 1, 5), ("NP", 1, 2)], {"TP": 1, "FP": 1}),
        ([("NP", 1, 5, "1,2,5")], [("NP", 1, 5)], {"FN": 1, "FP": 1}),
        ([("NP", 1, 6), ("NP", 1, 2)], [("NP", 1, 3)], {"BE": 2, "BEL": 1, "BES": 1}),
        ([("NP", 1, 3)], [("PP", 1, 3), ("VP", 1, 3)], {"LE": 1, "FP": 1}),
        ([("NP", 1, 3), ("NP", 1, 3)], [("NP", 1, 3)], {"TP": 1, "FN": 1}),
        ([("NP", 1, 3, "x")], [("NP", 1, 3)], {"FN": 1, "FP": 1}),
        ([("NP", 1, 3, "x")], [("NP", 5, 6)], {"FN": 1, "FP": 1}),
        ([("NP", 1, 3, "x")], [("NP", 1, 3, "_")], {"TP": 1}),
    ],
)
def test_fair_consequences(cli, tmp_path, targets, systems, counts):
    assert fair(evaluate(cli, tmp_path, [targets], [systems])) == counts


def test_traditional_tp_is_a_membership_test(cli, tmp_path):
    report = evaluate(cli, tmp_path, [[("NP", 1, 3), ("NP", 1, 3)]], [[("NP", 1, 3)]])
    assert report["overall"]["traditional"]["TP"] == 2 and report["overall"]["traditional"]["FN"] == 0


def test_double_counting_under_weights(cli, tmp_path):
    report = evaluate(cli, tmp_path, [[("NP", 1, 6)]], [[("NP", 1, 3), ("NP", 4, 6)]], "--weights", PAPER)
    assert report["overall"]["fair"]["Prec"] == 0.0
    assert (report["overall"]["weighted"]["Prec"], report["overall"]["weighted"]["Rec"]) == (1.0, 0.5)


def test_focus_system_counts_le_on_the_system_label(cli, tmp_path):
    report = evaluate(cli, tmp_path, [[("NP", 1, 3)]], [[("PP", 1, 3)]], "--focus", "system")
    assert report["per_label"]["fair"]["PP"]["LE"] == 1 and report["per_label"]["fair"]["NP"]["LE"] == 0


def test_float_order_of_weighted_sums():
    warnings: list[str] = []
    weights = parse_weights(
        "BES = 1 TP, BEL = .3TP+0.7*FP, LE = 0.1FP + 0.9 FN, LBE = 0.2 TP + 0.4 FP + 0.4 FN, "
        "BEO = 0.5 * TP + 0.25 * FP + 0.25 * FN",
        warnings,
        "--weights",
    )
    counts = {"TP": 5, "FP": 2, "FN": 1, "LE": 1, "BE": 0, "BES": 0, "BEL": 3, "BEO": 0, "LBE": 3}
    assert scores(counts, weights) == {
        "Prec": 0.5462184873949579,
        "Rec": 0.6770833333333334,
        "F1": 0.6046511627906976,
    }


def test_weight_quirks_are_kept_with_warnings():
    warnings: list[str] = []
    weights = parse_weights("LE = -1 FN, BE = 1e-3 FN", warnings, "--weights")
    assert weights["LE"]["FN"] == 1.0 and weights["BE"]["FN"] == 3.0
    assert sum("sign, an exponent or a decimal comma" in w for w in warnings) == 2
    assert list(weights) == ["LE", "BE", "TP", "FP", "FN"]


def test_default_and_empty_weights():
    warnings: list[str] = []
    assert list(parse_weights("default", warnings, "--weights")) == ["TP", "FP", "FN", "LE", "BE", "LBE"]
    assert parse_weights("", warnings, "--weights")["LE"] == {"TP": 0, "FP": 0.5, "FN": 0.5}
    assert warnings == [
        "No error type found in weight formula ''.",
        "No valid weights found. Using default weights.",
    ]


def test_weighted_table_prints_zero_for_a_weight_named_like_a_label(cli, tmp_path):
    t = span_file(tmp_path / "t.tsv", [("X", 1, 2)])
    result = cli("faireval", t, t, "--weights", "X = 1 FP")
    section = result.out.split("### Weighted evaluation:\n")[1].split("\n\n")[0].splitlines()
    assert section[0].startswith("Label\tX\tTP\tFP\tFN")
    assert section[1].split("\t")[1] == "0"


def test_sentence_count_mismatch_warns_and_compares_the_shorter(cli, tmp_path):
    report = evaluate(cli, tmp_path, [[("NP", 1, 2)], [("NP", 1, 2)]], [[("NP", 1, 2)]])
    assert report["sentences"] == {"target": 2, "system": 1, "compared": 1}
    assert any("only the first 1 pairs are compared" in m for m in report["messages"])
