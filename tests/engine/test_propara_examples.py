"""ProPara: the worked example of specs/propara.md §3.8, the definitions of §3.4–3.7 on
small cases, and every quirk of the quirk table §7 (KEEP, FIX and the explainer's E1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.methods.propara.compare import Comparer, location_terms, normalize_location
from engine.methods.propara.summary import display
from tests.engine.propara_reference import is_input, is_output

EXAMPLE_ANSWERS = [
    (1167, 1, "atoms of hydrogen", "NONE", "sun", "sun"),
    (1167, 2, "atoms of hydrogen", "NONE", "sun", "sun"),
    (1167, 3, "atoms of hydrogen", "DESTROY", "sun", "-"),
    (1167, 4, "atoms of hydrogen", "NONE", "-", "-"),
    (1167, 5, "atoms of hydrogen", "NONE", "-", "-"),
    (1167, 1, "sunlight; light", "NONE", "-", "-"),
    (1167, 2, "sunlight; light", "NONE", "-", "-"),
    (1167, 3, "sunlight; light", "NONE", "-", "-"),
    (1167, 4, "sunlight; light", "CREATE", "-", "sun"),
    (1167, 5, "sunlight; light", "MOVE", "sun", "earth"),
]


def write(path: Path, rows, end: str = "\n") -> Path:
    path.write_text("".join("\t".join(map(str, row)) + end for row in rows), encoding="utf-8")
    return path


def evaluate(cli, tmp_path: Path, answers, predictions=None, *extra: str):
    """The JSON report (and the CLI result) of predictions against answers."""
    a = write(tmp_path / "answers.tsv", answers)
    p = write(tmp_path / "predictions.tsv", answers if predictions is None else predictions)
    result = cli("propara", "--predictions", p, "--answers", a, "--json", "-", *extra)
    assert result.code == 0, result.err
    return json.loads(result.out), result


def scores(report, pid: int, question: str) -> tuple[float, float]:
    entry = next(e for e in report["processes"] if e["process_id"] == pid)
    return entry[question]["precision"], entry[question]["recall"]


# --- §3.8 ---------------------------------------------------------------------------------


def test_worked_example(cli, tmp_path):
    predictions = [
        (1167, 1, "atoms of hydrogen", "NONE", "-", "-"),
        (1167, 1, "sunlight; light", "NONE", "-", "-"),
        (1167, 2, "atoms of hydrogen", "NONE", "-", "-"),
        (1167, 2, "sunlight; light", "NONE", "-", "-"),
        (1167, 3, "atoms of hydrogen", "DESTROY", "star", "-"),
        (1167, 3, "sunlight; light", "NONE", "-", "-"),
        (1167, 4, "atoms of hydrogen", "NONE", "-", "-"),
        (1167, 4, "sunlight; light", "CREATE", "-", "star"),
        (1167, 5, "atoms of hydrogen", "NONE", "-", "-"),
        (1167, 5, "sunlight; light", "MOVE", "star", "soil"),
    ]
    report, _ = evaluate(cli, tmp_path, EXAMPLE_ANSWERS, predictions)
    summary = report["summaries"]["1167"]
    assert summary["answer"]["conversions"] == [
        {"participants_destroyed": "atoms of hydrogen", "participants_created": "sunlight OR light",
         "location": "sun", "step_number": 3}
    ]  # fmt: skip
    assert summary["prediction"]["conversions"] is None
    assert summary["prediction"]["inputs"] == {"participants": ["atoms of hydrogen"]}
    assert summary["prediction"]["moves"] == [
        {
            "participants": "sunlight OR light",
            "location_before": "star",
            "location_after": "soil",
            "step_number": 5,
        }
    ]
    assert scores(report, 1167, "moves") == (1 / 3, 1 / 3)
    assert scores(report, 1167, "conversions") == (1.0, 0.0)
    assert report["overall"] == {"precision": 0.833, "recall": 0.583, "f1": 0.686}
    assert report["questions"]["moves"] == {"precision": 0.333, "recall": 0.333, "f1": 0.333}


# --- §3.4 summaries -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("actions", "inp", "out"),
    [
        (["MOVE", "DESTROY"], True, False),
        (["DESTROY", "DESTROY"], True, False),
        (["CREATE", "DESTROY"], False, False),
        (["DESTROY", "MOVE"], False, False),
        (["CREATE", "MOVE"], False, True),
        (["MOVE", "CREATE"], False, False),
        (["NONE", "CREATE", "NONE"], False, True),
        (["DESTROY", "NONE", "CREATE"], False, False),
        (["NONE", "NONE"], False, False),
    ],
)
def test_inputs_and_outputs(actions, inp, out):
    assert (is_input(actions), is_output(actions)) == (inp, out)


def test_display_form():
    assert display("fuel ; spent fuel") == "fuel OR spent fuel"
    assert display("a;;b") == "a OR  OR b"
    assert display("acid rain ; acid rainwater") == "acid rain OR acid rainwater"


def test_moves_count_unknown_as_a_place(cli, tmp_path):
    rows = [
        (1, 1, "x", "NONE", "?", "?"),
        (1, 2, "x", "MOVE", "?", "field"),  # ? → field
        (1, 3, "x", "NONE", "field", "field"),
        (1, 4, "x", "MOVE", "field", "field"),  # MOVE x x is a move
        (1, 5, "x", "NONE", "?", "?"),  # NONE row: field → unk is a move
        (1, 1, "y", "NONE", "-", "-"),
        (1, 2, "y", "MOVE", "a", "b"),  # previous slot is null: before = null
    ]
    report, _ = evaluate(cli, tmp_path, rows)
    moves = report["summaries"]["1"]["answer"]["moves"]
    assert [(m["participants"], m["location_before"], m["location_after"], m["step_number"]) for m in moves] == [
        ("x", "unk", "field", 2), ("x", "field", "field", 4), ("x", "field", "unk", 5), ("y", "null", "b", 2),
        ("y", "b", "unk", 3),  # no rows for y after sentence 2: unk (Q9)
    ]  # fmt: skip


def test_conversion_branch_one_joins_names_and_distinct_locations(cli, tmp_path):
    rows = [
        (1, 1, "a", "DESTROY", "soil", "-"),
        (1, 1, "b", "DESTROY", "soil", "-"),
        (1, 1, "c", "CREATE", "-", "the soil"),
        (1, 2, "a", "NONE", "-", "-"),
    ]
    report, _ = evaluate(cli, tmp_path, rows)
    assert report["summaries"]["1"]["answer"]["conversions"] == [
        {"participants_destroyed": "a AND b", "participants_created": "c", "location": "the soil AND soil",
         "step_number": 1}
    ]  # fmt: skip


def test_conversion_branch_three_uses_the_creation_step(cli, tmp_path):
    rows = [
        (1, s, "x", "CREATE" if s == 1 else "NONE", "-" if s == 1 else "pond", "pond") for s in range(1, 5)
    ]
    rows += [(1, 1, "y", "NONE", "lake", "lake"), (1, 2, "y", "DESTROY", "lake", "-"),
             (1, 3, "y", "NONE", "-", "-"), (1, 4, "y", "NONE", "-", "-")]  # fmt: skip
    report, _ = evaluate(cli, tmp_path, rows)
    assert report["summaries"]["1"]["answer"]["conversions"] == [
        {
            "participants_destroyed": "y",
            "participants_created": "x",
            "location": "pond AND lake",
            "step_number": 1,
        }
    ]


# --- §3.5 comparison ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "normal"),
    [
        ("raining cats and dogs", "raining cats and dog"),
        ("a lot of rocks", "lot of rock"),
        ("The Sediments", "sediment"),
        ("skies", "sky"),
        ("an apple", "appl"),
        ("dying", "die"),
        ("days", "day"),
        ("the the sun", "the sun"),
        ("its roots", "its root"),
        (" the sun", "the sun"),
        ("Unk", "unk"),
        ("the unk", "unk"),
        ("ox", "ox"),
    ],
)
def test_location_normalisation(text, normal):
    assert normalize_location(text) == normal


def test_blank_alternative_blanks_the_part():  # Q11
    assert location_terms("a OR  OR b AND y") == (frozenset([""]), frozenset(["y"]))
    assert location_terms(" ") == (frozenset([""]),)
    assert location_terms("x OR ") == (frozenset(["x or"]),)  # the part is stripped before the split


@pytest.mark.parametrize(
    ("kind", "answer", "prediction", "value"),
    [
        ("participant", "light", "sunlight OR light", 1.0),
        ("participant", "x", "x AND y", 0.5),
        ("participant", "Light", "light", 0.0),  # participants keep their case
        ("location", "unk", "unk", 1.0),
        ("location", "unk", "field", 0.0),
        ("location", "branch", "a branch OR branches", 1.0),
        ("location", "one mile underground", "underground", 0.0),  # Q10
        ("location", "sun", "the the sun", 0.0),  # Q10
        ("location", "soil AND rock", "the soil AND roots", 1 / 3),
    ],
)
def test_similarity(kind, answer, prediction, value):
    assert Comparer().similarity(kind, answer, prediction) == value


# --- §7 quirks ------------------------------------------------------------------------------


def test_q1_recall_reuses_the_precision_numerator(cli, tmp_path):
    answers = [(1, 1, "x", "MOVE", "a", "b"), (1, 1, "y", "MOVE", "c", "d")]
    predictions = [(1, 1, "x", "MOVE", "a", "b"), (1, 1, "y", "MOVE", "a", "b")]
    report, _ = evaluate(cli, tmp_path, answers, predictions)
    precision = (1 + 2 / 3) / 2
    assert scores(report, 1, "moves") == (precision, precision)  # per-answer best would give 2/3
    assert report["questions"]["moves"]["recall"] == 0.833


Q2_ANSWERS = [(1, 1, "x", "DESTROY", "sun", "-"), (1, 1, "y", "CREATE", "-", "the sun")]
Q2_PREDICTIONS = [(1, 1, "x", "DESTROY", "sun", "-"), (1, 1, "y", "CREATE", "-", "sun")]


def test_q2_a_part_counted_twice_is_corrected(cli, tmp_path):
    report, result = evaluate(cli, tmp_path, Q2_ANSWERS, Q2_PREDICTIONS)
    assert scores(report, 1, "conversions") == (1.0, 1.0)
    assert report["overall"] == {"precision": 1.0, "recall": 1.0, "f1": 1.0}
    warning = ("process 1, conversions: similarity of prediction 'sun' and answer 'the sun AND sun' is 2.0 in "
               "the original (a part was counted twice); corrected to 1.0")  # fmt: skip
    assert result.err == f"spanstudio: warning: {warning}\n"
    assert report["messages"] == [warning]
    assert report["uncorrected"]["overall"] == {"precision": 1.083, "recall": 1.083, "f1": 1.083}
    assert report["uncorrected"]["questions"]["conversions"]["precision"] == 1.333


def test_q2_report_prints_the_corrected_numbers(cli, tmp_path):
    write(tmp_path / "a.tsv", Q2_ANSWERS)
    write(tmp_path / "p.tsv", Q2_PREDICTIONS)
    result = cli("propara", "-p", tmp_path / "p.tsv", "-a", tmp_path / "a.tsv")
    assert "Conversions           1.000        1.000    1.000" in result.out
    assert "Overall Precision 1.000" in result.out


def test_q3_division_by_zero_is_corrected(cli, tmp_path):
    answers = [(1, 1, "x", "DESTROY", "sun", "-"), (1, 1, "y", "CREATE", "-", "the sun")]
    predictions = [(1, 1, "x", "DESTROY", "suns", "-"), (1, 1, "y", "CREATE", "-", "the sun")]
    report, result = evaluate(cli, tmp_path, answers, predictions)
    assert scores(report, 1, "conversions") == (1.0, 1.0)
    assert "similarity of prediction 'the sun AND suns' and answer 'the sun AND sun' is undefined (division by " \
           "zero) in the original (a part was counted twice); corrected to 1.0" in result.err  # fmt: skip
    assert report["uncorrected"] == {"error": "division by zero"}


def test_q3_negative_similarity_is_corrected(cli, tmp_path):
    answers = [(1, 1, "c", "CREATE", "-", "x")]
    answers += [(1, 1, f"d{i}", "DESTROY", loc, "-") for i, loc in enumerate(["sun", "the sun", "suns"])]
    predictions = answers[:1]
    predictions += [
        (1, 1, f"d{i}", "DESTROY", loc, "-") for i, loc in enumerate(["a sun", "sun", "the suns"])
    ]
    report, result = evaluate(cli, tmp_path, answers, predictions)
    # 4 parts a side, 10 sharing pairs: 10 / (4 + 4 - 10) = -5.0 in the original
    assert result.err == (
        "spanstudio: warning: process 1, conversions: similarity of prediction 'x AND a sun AND sun AND the suns' "
        "and answer 'x AND sun AND the sun AND suns' is -5.0 in the original (a part was counted twice); "
        "corrected to 1.0\n"
    )
    assert scores(report, 1, "conversions") == (1.0, 1.0)
    assert report["uncorrected"]["questions"]["conversions"] == {"precision": 0.0, "recall": 0.0, "f1": 0.0}


def test_q3_negative_similarity_message(cli, tmp_path):
    comparer = Comparer()
    value = comparer.similarity("location", "sun AND the sun AND suns", "a sun AND sun AND the suns")
    assert value == 1.0
    (correction,) = comparer.take()
    assert correction.original == -3.0
    assert "is -3.0 in the original" in correction.message()


def test_q2_warning_counts_further_corrections(cli, tmp_path):
    answers = [(1, 1, "x", "MOVE", "rock AND the rock", "b"), (1, 1, "y", "MOVE", "rock AND the rock", "c")]
    predictions = [(1, 1, "x", "MOVE", "rock", "b"), (1, 1, "y", "MOVE", "rock", "c")]
    report, result = evaluate(cli, tmp_path, answers, predictions)
    assert result.err.count("spanstudio: warning:") == 1
    assert result.err == (
        "spanstudio: warning: process 1, moves: similarity of prediction 'rock' and answer 'rock AND the rock' "
        "is 2.0 in the original (a part was counted twice); corrected to 1.0 (+3 more)\n"
    )
    assert all(0 <= v <= 1 for e in report["processes"] for q in ("moves",) for v in e[q].values())


def test_q4_before_is_ignored_after_sentence_one(cli, tmp_path):
    report, _ = evaluate(cli, tmp_path, [(1, 1, "x", "NONE", "a", "a"), (1, 2, "x", "MOVE", "zzz", "b")])
    moves = report["summaries"]["1"]["answer"]["moves"]
    assert [(m["location_before"], m["location_after"]) for m in moves] == [("a", "b")]


def test_q5_conversion_look_ahead_is_off_by_one(cli, tmp_path):
    three = [(1, 1, "x", "NONE", "a", "a"), (1, 2, "x", "DESTROY", "a", "-"), (1, 3, "x", "NONE", "-", "-"),
             (1, 1, "y", "NONE", "-", "-"), (1, 2, "y", "NONE", "-", "-"), (1, 3, "y", "CREATE", "-", "b")]  # fmt: skip
    report, _ = evaluate(cli, tmp_path, three)
    assert report["summaries"]["1"]["answer"]["conversions"] is None
    tracks = {"x": ["p", "-", "-", "-", "-", "-"], "y": ["-", "-", "q", "q", "q", "q"],
              "z": ["r", "r", "r", "-", "-", "-"]}  # fmt: skip
    five = [_row(2, name, s, track) for name, track in tracks.items() for s in range(1, 6)]
    report, _ = evaluate(cli, tmp_path, five)
    conversions = report["summaries"]["2"]["answer"]["conversions"]
    assert [(c["participants_destroyed"], c["participants_created"], c["step_number"]) for c in conversions] == [
        ("x", "y", 1), ("z", "y", 2)
    ]  # fmt: skip


def _row(pid: int, name: str, s: int, track: list[str]) -> tuple:
    """The row of sentence s for a participant with these locations (slot 0 = before sentence 1)."""
    before, after = track[s - 1], track[s]
    action = (
        "NONE" if before == after else "CREATE" if before == "-" else "DESTROY" if after == "-" else "MOVE"
    )
    return (pid, s, name, action, before if action != "NONE" or s == 1 else after, after)


def test_q6_literal_null_and_unk(cli, tmp_path):
    rows = [(1, 1, "x", "NONE", "null", "null"), (1, 2, "x", "CREATE", "-", "null"),
            (1, 1, "y", "NONE", "unk", "unk"), (1, 2, "y", "NONE", "?", "?")]  # fmt: skip
    report, _ = evaluate(cli, tmp_path, rows)
    summary = report["summaries"]["1"]["answer"]
    assert summary["outputs"] == {"participants": ["x"]}
    assert summary["conversions"] is None and summary["moves"] is None


def test_q7_actions_and_tracks_disagree(cli, tmp_path):
    report, _ = evaluate(
        cli, tmp_path, [(1, 1, "x", "NONE", "sun", "sun"), (1, 2, "x", "CREATE", "-", "moon")]
    )
    summary = report["summaries"]["1"]["answer"]
    assert summary["outputs"] == {"participants": ["x"]}
    assert summary["moves"] == [{"participants": "x", "location_before": "sun", "location_after": "moon",
                                 "step_number": 2}]  # fmt: skip
    assert summary["conversions"] is None


def test_q8_extra_predicted_processes_are_counted_not_scored(cli, tmp_path):
    predictions = [*EXAMPLE_ANSWERS, (1234, 1, "x", "NONE", "-", "-")]
    report, result = evaluate(cli, tmp_path, EXAMPLE_ANSWERS, predictions)
    assert (report["num_predictions"], report["num_answers"]) == (2, 1)
    assert [e["process_id"] for e in report["processes"]] == [1167]
    assert "predictions contain 1 process not in the answers (1234); it was not scored" in result.err
    plain = cli("propara", "-p", tmp_path / "predictions.tsv", "-a", tmp_path / "answers.tsv")
    assert "Evaluated 2 predictions against 1 answers." in plain.out


def test_more_than_ten_extra_processes_are_named_by_the_first_ten(cli, tmp_path):
    predictions = [*EXAMPLE_ANSWERS, *((pid, 1, "x", "NONE", "-", "-") for pid in range(2001, 2012))]
    _, result = evaluate(cli, tmp_path, EXAMPLE_ANSWERS, predictions)
    assert result.err == (
        "spanstudio: warning: predictions contain 11 processes not in the answers (2001, 2002, 2003, 2004, "
        "2005, 2006, 2007, 2008, 2009, 2010, …); they were not scored\n"
    )


def test_q9_a_missing_row_leaves_unknown(cli, tmp_path):
    report, _ = evaluate(cli, tmp_path, [(1, 1, "x", "NONE", "a", "a"), (1, 3, "x", "NONE", "a", "a")])
    moves = report["summaries"]["1"]["answer"]["moves"]
    assert [(m["location_before"], m["location_after"], m["step_number"]) for m in moves] == [
        ("a", "unk", 2), ("unk", "a", 3)
    ]  # fmt: skip


def test_q13_conversion_parts_in_first_appearance_order(cli, tmp_path):
    rows = [(1, 1, "b", "DESTROY", "soil", "-"), (1, 1, "a", "CREATE", "-", "?")]
    report, _ = evaluate(cli, tmp_path, rows)
    (conversion,) = report["summaries"]["1"]["answer"]["conversions"]
    assert conversion["location"] == "unk AND soil"


def test_q16_a_repeated_row_replaces_the_earlier_one(cli, tmp_path):
    rows = [(1, 1, "x", "NONE", "a", "a"), (1, 2, "x", "NONE", "a", "a"), (1, 2, "x", "MOVE", "a", "b"),
            (1, 2, "x", "MOVE", "a", "c")]  # fmt: skip
    report, result = evaluate(cli, tmp_path, rows, [rows[0], rows[1]])
    moves = report["summaries"]["1"]["answer"]["moves"]
    assert [m["location_after"] for m in moves] == ["c"]
    assert result.err == (
        f"spanstudio: warning: {tmp_path / 'answers.tsv'}:3: second row for process 1, sentence 2, participant "
        '"x"; it replaces line 2\n'
    )


def test_dummy_predictions_score_one_and_zero(cli, tmp_path):
    dummy = [(pid, s, p, "NONE", "", "") for pid, s, p, *_ in EXAMPLE_ANSWERS]
    report, _ = evaluate(cli, tmp_path, EXAMPLE_ANSWERS, dummy)
    for question in ("inputs", "outputs", "conversions", "moves"):
        assert scores(report, 1167, question) == (1.0, 0.0)


def test_empty_locations_in_none_rows_are_places(cli, tmp_path):
    report, _ = evaluate(cli, tmp_path, [(1, 1, "x", "NONE", "", ""), (1, 2, "x", "NONE", "a", "a")])
    assert report["summaries"]["1"]["answer"]["moves"][0]["location_before"] == ""


def test_integers_follow_python_rules(cli, tmp_path):
    rows = [(" 7", "+1", "x", "NONE", "a", "a"), ("7", "1_0", "x", "MOVE", "a", "b")]
    report, _ = evaluate(cli, tmp_path, rows)
    moves = report["summaries"]["7"]["answer"]["moves"]
    assert [m["step_number"] for m in moves] == [2, 10]  # a → unk at 2, unk → b at 10


def test_line_ends_bom_and_extra_columns(cli, tmp_path):
    text = "\ufeff" + "1\t1\tx\tNONE\ta\ta\r\n1\t2\tx\tMOVE\ta\tb\textra\tmore\r1\t3\tx\tNONE\tb\tb\t"
    (tmp_path / "a.tsv").write_text(text, encoding="utf-8")
    report = json.loads(cli("propara", "-p", tmp_path / "a.tsv", "-a", tmp_path / "a.tsv", "--json", "-").out)
    assert [m["location_after"] for m in report["summaries"]["1"]["answer"]["moves"]] == ["b"]


def test_sentences_without_diagnostics_are_ignored(cli, tmp_path):
    a = write(tmp_path / "a.tsv", EXAMPLE_ANSWERS)
    p = write(tmp_path / "p.tsv", EXAMPLE_ANSWERS, end="\r\n")  # not the same file: no warning of that
    (tmp_path / "s.tsv").write_text("not\ta sentences file\n", encoding="utf-8")
    result = cli("propara", "-p", p, "-a", a, "-s", tmp_path / "s.tsv")
    assert result.code == 0
    assert (
        result.err == "spanstudio: warning: --sentences is ignored without --diagnostics, --json or --xlsx\n"
    )


def test_sentences_are_renumbered_and_last_text_wins(cli, tmp_path):
    a = write(tmp_path / "a.tsv", EXAMPLE_ANSWERS)
    (tmp_path / "s.tsv").write_text(
        "1167\t7\tseven\n1167\t3\tthree\n1167\t3\tTHREE\textra\n", encoding="utf-8"
    )
    result = cli("propara", "-p", a, "-a", a, "-s", tmp_path / "s.tsv", "-d", tmp_path / "d.txt")
    assert result.code == 0, result.err
    diagnostics = (tmp_path / "d.txt").read_text()
    assert '"step_number": 1,\n            "text": "THREE"' in diagnostics
    assert '"step_number": 2,\n            "text": "seven"' in diagnostics


def test_diagnostics_are_ascii_json_objects(cli, tmp_path):
    rows = [(1, 1, "café", "NONE", "über", "über"), (1, 2, "café", "MOVE", "über", "là")]
    a = write(tmp_path / "a.tsv", rows)
    assert cli("propara", "-p", a, "-a", a, "-d", tmp_path / "d.txt").code == 0
    text = (tmp_path / "d.txt").read_text(encoding="utf-8")
    assert text.isascii() and "caf\\u00e9" in text
    blocks = text.split("\n\n", 1)[1]
    assert blocks.endswith('"f1": 1.0\n    }\n}\n')
