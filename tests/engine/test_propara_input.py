"""ProPara bad input (specs/propara.md §8, quirks Q12, Q14, Q15, E2): one line on standard
error naming file, line and rule, exit status 2, nothing on standard output, nothing
written and an existing output left untouched; errors in the original's order."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

GOOD = "1\t1\tx\tNONE\ta\ta\n1\t2\tx\tMOVE\ta\tb\n"


def run_bad(cli, tmp_path: Path, predictions: str | bytes, answers: str | bytes = GOOD, *extra) -> str:
    """Write the files, run with every output requested, check the rejection; the message."""
    paths = {}
    for name, content in (("p.tsv", predictions), ("a.tsv", answers)):
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8", newline="")
        paths[name] = path
    out, diagnostics, js = tmp_path / "m.json", tmp_path / "d.txt", tmp_path / "r.json"
    out.write_text("old", encoding="utf-8")
    result = cli("propara", "-p", paths["p.tsv"], "-a", paths["a.tsv"], "-o", out, "-d", diagnostics,
                 "--json", js, *extra)  # fmt: skip
    assert result.code == 2
    assert result.out == ""
    assert result.err.startswith("spanstudio: error: ") and result.err.count("\n") == 1
    assert out.read_text() == "old" and not diagnostics.exists() and not js.exists()
    return result.err[len("spanstudio: error: ") :].rstrip("\n").replace(str(tmp_path) + os.sep, "")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "p.tsv: expected tab-separated action rows, found an empty file"),
        ("\n", "p.tsv: expected tab-separated action rows, found a file of blank lines"),
        (
            GOOD + "   \n",
            "p.tsv:3: expected a process id and a sentence number separated by a TAB, found an empty line",
        ),
        (
            GOOD + "\n",
            "p.tsv:3: expected a process id and a sentence number separated by a TAB, found an empty line",
        ),
        (
            "text without tab\n",
            "p.tsv:1: expected a process id and a sentence number separated by a TAB, "
            "found 'text without tab'",
        ),
        (
            "ProcessID\tSentence\tParticipant\tAction\tBefore\tAfter\n" + GOOD,
            "p.tsv:1: expected an integer process id in column 1, found 'ProcessID'",
        ),
        (
            "1\t1.0\tx\tNONE\ta\ta\n",
            "p.tsv:1: expected an integer sentence number of 1 or more in column 2, found '1.0'",
        ),
        (
            "1\t0\tx\tCREATE\t-\tsun\n",
            "p.tsv:1: expected an integer sentence number of 1 or more in column 2, found '0'",
        ),
        (
            "1\t-2\tx\tNONE\ta\ta\n",
            "p.tsv:1: expected an integer sentence number of 1 or more in column 2, found '-2'",
        ),
        ("1\t1\tx\tNONE\ta\n", "p.tsv:1: expected 6 tab-separated fields, found 5"),
        ("\t1\t1\tx\tNONE\ta\ta\n", "p.tsv:1: expected an integer process id in column 1, found ''"),
        (
            "1\t1\tx\tNONE\twind\tsomewhere else\n",
            "p.tsv:1: expected equal before and after locations for NONE, found 'wind' and 'somewhere else'",
        ),
        ("1\t1\tx\tCREATE\t?\tsun\n", "p.tsv:1: expected '-' as the before location of CREATE, found '?'"),
        (
            "1\t1\tx\tCREATE\t-\t-\n",
            "p.tsv:1: expected a location after CREATE (not empty, not '-'), found '-'",
        ),
        (
            "1\t1\tx\tCREATE\t-\t\n",
            "p.tsv:1: expected a location after CREATE (not empty, not '-'), found ''",
        ),
        (
            "1\t1\tx\tDESTROY\t\t-\n",
            "p.tsv:1: expected a location before DESTROY (not empty, not '-'), found ''",
        ),
        (
            "1\t1\tx\tDESTROY\t-\t-\n",
            "p.tsv:1: expected a location before DESTROY (not empty, not '-'), found '-'",
        ),
        ("1\t1\tx\tDESTROY\tsun\t?\n", "p.tsv:1: expected '-' as the after location of DESTROY, found '?'"),
        (
            "1\t1\tx\tMOVE\t-\tsun\n",
            "p.tsv:1: expected a location before MOVE (not empty, not '-'), found '-'",
        ),
        ("1\t1\tx\tMOVE\tsun\t\n", "p.tsv:1: expected a location after MOVE (not empty, not '-'), found ''"),
        (
            "1\t1\tx\tMove\ta\tb\n",
            "p.tsv:1: expected NONE, CREATE, DESTROY or MOVE as the action, found 'Move'",
        ),
        ("1\t1\tx\t\ta\ta\n", "p.tsv:1: expected NONE, CREATE, DESTROY or MOVE as the action, found ''"),
        (
            b"1\t1\tx\tNONE\ta\ta\n1\t2\tx\tNONE\tcaf\xe9\tcaf\xe9\n",
            "p.tsv:2: expected UTF-8 text, found byte 0xE9",
        ),
    ],
)
def test_bad_prediction_files(cli, tmp_path, content, message):
    assert run_bad(cli, tmp_path, content) == message


def test_a_late_pass_one_error_comes_before_an_early_row_error(cli, tmp_path):
    content = "1\t1\tx\tVIBRATE\ta\ta\n1\t2\tx\tNONE\ta\ta\n\n"
    assert run_bad(cli, tmp_path, content) == (
        "p.tsv:3: expected a process id and a sentence number separated by a TAB, found an empty line"
    )


def test_the_first_row_error_in_file_order(cli, tmp_path):
    content = GOOD + "1\t3\tx\tNONE\ta\tb\n1\t4\tx\tMove\ta\ta\n"
    assert run_bad(cli, tmp_path, content).startswith("p.tsv:3: expected equal before and after")


def test_row_errors_deep_in_a_large_file(cli, tmp_path):
    rows = [f"{pid}\t{s}\tx\tNONE\ta\ta\n" for pid in range(1, 9000) for s in (1, 2, 3)]
    rows[20_000] = "5\t2\tx\tDESTROY\ta\ta\n"
    rows[26_000] = "5\t2\n"  # a pass-2 problem: the earlier row error wins
    assert (
        run_bad(cli, tmp_path, "".join(rows))
        == "p.tsv:20001: expected '-' as the after location of DESTROY, found 'a'"
    )
    rows[26_000] = "5\tx\tx\tNONE\ta\ta\n"  # a pass-1 problem: reported first
    assert run_bad(cli, tmp_path, "".join(rows)) == (
        "p.tsv:26001: expected an integer sentence number of 1 or more in column 2, found 'x'"
    )


def test_predictions_are_checked_before_answers(cli, tmp_path):
    assert run_bad(cli, tmp_path, "1\t1\tx\tMove\ta\ta\n", "\n").startswith("p.tsv:1:")
    assert run_bad(cli, tmp_path, GOOD, "1\t1\tx\tMove\ta\ta\n").startswith("a.tsv:1:")


def test_missing_process(cli, tmp_path):
    answers = GOOD + "5\t1\ty\tNONE\ta\ta\n7\t1\tz\tNONE\ta\ta\n"
    assert run_bad(cli, tmp_path, GOOD, answers) == (
        "p.tsv: expected rows for process 5 (a.tsv line 3), found none (and 1 more difference)"
    )


def test_missing_participant(cli, tmp_path):
    answers = GOOD + "1\t1\tsunlight; light\tNONE\t-\t-\n"
    message = run_bad(cli, tmp_path, GOOD, answers)
    assert (
        message
        == 'p.tsv: expected rows for participant "sunlight; light" of process 1 (a.tsv line 3), found none'
    )


def test_unexpected_participant_and_more_differences(cli, tmp_path):
    predictions = GOOD + "1\t1\tsunlight;light\tNONE\t-\t-\n1\t1\tz\tNONE\t-\t-\n"
    answers = GOOD + "1\t1\tsunlight; light\tNONE\t-\t-\n"
    # sorted as the original's report lines: '"sunlight; light" is missing.' < '"sunlight;light" is unexpected.'
    assert run_bad(cli, tmp_path, predictions, answers) == (
        'p.tsv: expected rows for participant "sunlight; light" of process 1 (a.tsv line 3), found none '
        "(and 2 more differences)"
    )
    assert run_bad(cli, tmp_path, predictions, GOOD) == (
        'p.tsv:3: expected a participant of process 1 as written in a.tsv, found "sunlight;light" '
        "(and 1 more difference)"
    )


def test_missing_files(cli, tmp_path):
    result = cli("propara", "-p", tmp_path / "none.tsv", "-a", tmp_path / "none.tsv")
    assert result.code == 2
    assert (
        result.err
        == f"spanstudio: error: {tmp_path / 'none.tsv'}: expected an existing readable file, found nothing\n"
    )


def test_missing_arguments(cli, tmp_path):
    assert (
        cli("propara", "-a", "x").err
        == "spanstudio: error: --predictions: expected a file path, found none\n"
    )
    assert cli("propara").err == "spanstudio: error: --predictions: expected a file path, found none\n"
    assert cli("propara", "-p", "x").err == "spanstudio: error: --answers: expected a file path, found none\n"


def test_output_not_writable(cli, tmp_path, read_only_folder):
    (tmp_path / "a.tsv").write_text(GOOD)
    target = read_only_folder / "m.json"
    result = cli("propara", "-p", tmp_path / "a.tsv", "-a", tmp_path / "a.tsv", "-o", target)
    assert result.code == 2
    assert (
        result.err == f"spanstudio: error: {target}: expected a writable location, found permission denied\n"
    )
    assert not target.exists()


@pytest.mark.parametrize(
    ("sentences", "message"),
    [
        (
            "1\t1\n",
            "s.tsv:1: expected process id, sentence number and text separated by TABs, found 2 fields",
        ),
        ("\n", "s.tsv:1: expected process id, sentence number and text separated by TABs, found 1 field"),
        (
            "x\t1\ttext\n",
            "s.tsv:1: expected process id, sentence number and text separated by TABs, found 'x' as process id",
        ),
        (
            "1\ty\ttext\n",
            "s.tsv:1: expected process id, sentence number and text separated by TABs, found 'y' as sentence number",
        ),
        ("2\t1\ttext\n", "s.tsv: expected sentences for process 1, found none"),
    ],
)
def test_bad_sentences_files(cli, tmp_path, sentences, message):
    (tmp_path / "s.tsv").write_text(sentences, encoding="utf-8")
    assert run_bad(cli, tmp_path, GOOD, GOOD, "-s", tmp_path / "s.tsv") == message


def test_a_bad_sentences_file_is_reported_first(cli, tmp_path):
    (tmp_path / "s.tsv").write_text("1\t1\n", encoding="utf-8")
    assert run_bad(cli, tmp_path, "\n", GOOD, "-s", tmp_path / "s.tsv").startswith("s.tsv:1:")


def test_a_missing_sentences_process_is_reported_last(cli, tmp_path):
    (tmp_path / "s.tsv").write_text("2\t1\ttext\n", encoding="utf-8")
    assert run_bad(cli, tmp_path, GOOD, GOOD + "3\t1\tz\tNONE\ta\ta\n", "-s", tmp_path / "s.tsv").startswith(
        "p.tsv: expected rows for process 3"
    )


def test_an_empty_sentences_file_adds_no_sentences(cli, tmp_path):
    (tmp_path / "a.tsv").write_text(GOOD)
    (tmp_path / "s.tsv").write_text("")
    result = cli("propara", "-p", tmp_path / "a.tsv", "-a", tmp_path / "a.tsv", "-s", tmp_path / "s.tsv",
                 "-d", tmp_path / "d.txt")  # fmt: skip
    assert result.code == 0
    assert '"sentences"' not in (tmp_path / "d.txt").read_text()


# --- the explainer ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("1\t1\tx\tMOVE\n", "e.tsv:1: expected 6 tab-separated fields, found 4"),
        ("1\t1\tx\tMOVE\ta\tb\n\n", "e.tsv:2: expected 6 tab-separated fields, found an empty line"),
        ("x\t1\tx\tMOVE\ta\tb\n", "e.tsv:1: expected an integer paragraph id in column 1, found 'x'"),
        (
            "1\t1.5\tx\tCREATE\t-\tb\n",
            "e.tsv:1: expected an integer sentence number in column 2, found '1.5'",
        ),
    ],
)
def test_explainer_bad_input(cli, tmp_path, content, message):
    (tmp_path / "e.tsv").write_text(content, encoding="utf-8")
    result = cli("propara", "explain", tmp_path / "e.tsv", "--json", tmp_path / "r.json")
    assert (result.code, result.out) == (2, "")
    assert result.err == f"spanstudio: error: {tmp_path / message}\n"
    assert not (tmp_path / "r.json").exists()


def test_explainer_accepts_headers_and_sorts(cli, tmp_path):
    (tmp_path / "e.tsv").write_text(
        "ProcessID\tSentence\tParticipant\tAction\tBefore\tAfter\n"
        "10\t2\tb\tMOVE\t?\there\n9\t3\ta; b\tDESTROY\tsoil\t-\n007\t1\tz\tCREATE\t-\t?\n10\t2\ta\tMOVE\tx\ty\n",
        encoding="utf-8",
    )
    result = cli("propara", "explain", tmp_path / "e.tsv")
    assert result.out.splitlines() == [
        "In paragraph 007, sentence 1, the participant `z` is created at `an unknown location`",
        "In paragraph 9, sentence 3, the participant `a; b` is destroyed at `soil`",
        "In paragraph 10, sentence 2, the participant `a` is moved from `x` to `y`",
        "In paragraph 10, sentence 2, the participant `b` is moved from `an unknown location` to `here`",
    ]


def test_explainer_reads_standard_input(cli, tmp_path, monkeypatch):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"1\t2\tx\tCREATE\t-\tsea\n")))
    result = cli("propara", "explain", "-")
    assert result.out == "In paragraph 1, sentence 2, the participant `x` is created at `sea`\n"


def test_explain_takes_no_predictions(cli, tmp_path):
    (tmp_path / "e.tsv").write_text(GOOD)
    result = cli("propara", "-p", tmp_path / "e.tsv", "explain", tmp_path / "e.tsv")
    assert result.code == 2
    assert "either 'explain ACTIONS.tsv' or --predictions and --answers" in result.err
