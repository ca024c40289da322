"""FairEval input: CoNLL-2000 spans, punctuation, config files and every bad input of
specs/faireval.md §7–§8 (one line, exit status 2, nothing written)."""

from __future__ import annotations

import json
import os

import pytest

from tests.engine.test_faireval_examples import span_file
from tests.engine.test_nested_bio import by_arrays


def conll_spans(text: str, ignore_punct: bool = False):
    found, warnings, error = by_arrays([text.strip().splitlines()], ignore_punct, runs=1)
    assert error is None, error
    return [(label, b, e, list(tokens)) for label, b, e, tokens, _ in found[0]], warnings


def test_conll_nested_levels_in_emission_order():
    spans, _ = conll_spans("Die ART B-S|B-NP\nKatze NN I-S|I-NP\nschläft VVFIN I-S|B-VP\n. $. O")
    assert spans == [("NP", 1, 2, [1, 2]), ("S", 1, 3, [1, 2, 3]), ("VP", 3, 3, [3])]


def test_conll_stale_level_keeps_a_gap():
    spans, _ = conll_spans("a A B-S|B-NP\nb B I-S|B-VP\nc C I-S|I-VP|B-NP\nd D I-S|\ne E I-S|I-VP\nf F I-S")
    assert spans == [
        ("NP", 1, 1, [1]),
        ("NP", 3, 3, [3]),
        ("VP", 2, 5, [2, 3, 5]),
        ("S", 1, 6, [1, 2, 3, 4, 5, 6]),
    ]


def test_conll_label_quirks():
    assert conll_spans("a A B-NP\nb B I-PP")[0] == [("NP", 1, 2, [1, 2])]  # F10
    assert conll_spans("a A B-NP-SBJ")[0] == [("NP", 1, 1, [1])]  # F12
    spans, warnings = conll_spans("a NN B-NP\nb NN\nc NN I-NP")  # F29: the POS is the tag
    assert spans == [("NP", 1, 3, [1, 3])] and "no chunk tag" in warnings[0]
    spans, warnings = conll_spans("a A S-NP\nb B O")  # F13: BIOES spans are lost
    assert spans == [] and "S-NP" in warnings[0]


def test_punctuation_two_trailing_tokens_leave_end_on_punctuation():
    spans, _ = conll_spans("a NN B-NP\nb $, I-NP\nc $. I-NP\n. $. I-NP", ignore_punct=True)
    assert spans == [("NP", 1, 3, [1])]


def test_punctuation_leading_is_trimmed_and_inner_removed():
    spans, _ = conll_spans(", $, B-NP\na NN I-NP\n, $, I-NP\nb NN I-NP", ignore_punct=True)
    assert spans == [("NP", 2, 4, [2, 4])]


def test_conll_files_evaluate_with_punctuation_removed(cli, tmp_path):
    (tmp_path / "t.conll").write_text("a NN B-NP\nb NN I-NP\n. $. I-NP\n", encoding="utf-8")
    (tmp_path / "s.conll").write_text("a NN B-NP\nb NN I-NP\n. $. O\n", encoding="utf-8")
    plain = json.loads(cli("faireval", tmp_path / "t.conll", tmp_path / "s.conll", "--json", "-").out)
    assert plain["overall"]["fair"]["BE"] == 1
    ignoring = cli("faireval", tmp_path / "t.conll", tmp_path / "s.conll", "--ignore-punct", "--json", "-")
    assert json.loads(ignoring.out)["overall"]["fair"]["TP"] == 1


def write_config(path, **values):
    path.write_text("\n".join(f"{k} = {v}" for k, v in values.items()) + "\n", encoding="utf-8")
    return path


def test_config_without_exclude_scores_dummy_spans(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    span_file(tmp_path / "t" / "a.tsv", [("EMPTY", 999, 999)])
    span_file(tmp_path / "s" / "a.tsv", [("EMPTY", 999, 999)])
    write_config(tmp_path / "c.config", target_in="t", system_in="s")
    result = cli("faireval", "--config", "c.config")
    assert result.code == 0
    assert "EMPTY\t1\t0\t0\t100.00" in result.out
    assert "NONE/EMPTY are scored" in result.err
    assert result.out.splitlines()[1:3] == ["eval_method: ['traditional', 'fair']", "labels: ['all']"]


def test_config_values_parsed_as_the_original(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    span_file(tmp_path / "a.tsv", [("NX", 1, 2), ("PX", 3, 3)])
    write_config(
        tmp_path / "c.config",
        target_in="a.tsv",
        system_in="a.tsv",
        labels="NX, PX, NX",
        exclude="NONE",
        ignore_punct="no",
        focus="SYSTEM",
        eval_method="Traditional, fair, weighted",
    )
    result = cli("faireval", "--config", "c.config")
    assert result.code == 0, result.err
    head = result.out.split("\n\n")[0].splitlines()
    assert head == [
        "### Evaluation settings:",
        "eval_method: ['fair']",
        "exclude: ['NONE', 'NONE', 'EMPTY']",
        "focus: system",
        "ignore_punct: True",
        "labels: ['NX', 'PX']",
        "system_in: a.tsv",
        "target_in: a.tsv",
    ]
    assert "eval_method: 'Traditional' ignored" in result.err
    assert "ignore_punct 'no' is read as True" in result.err


def test_config_eval_out_folder_gets_eval_csv(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    span_file(tmp_path / "a.tsv", [("NX", 1, 2)])
    (tmp_path / "res").mkdir()
    write_config(tmp_path / "c.config", target_in="a.tsv", system_in="a.tsv", eval_out="res")
    assert cli("faireval", "--config", "c.config").code == 0
    assert (tmp_path / "res" / "eval.csv").read_text().startswith("### Evaluation settings:")


def test_directories_pair_files_by_name(cli, tmp_path):
    span_file(tmp_path / "t" / "a.tsv", [("NX", 1, 2)])
    span_file(tmp_path / "t" / "b.tsv", [("NX", 1, 2)])
    span_file(tmp_path / "s" / "b.tsv", [("NX", 1, 3)])
    span_file(tmp_path / "s" / "a.tsv", [("NX", 1, 2)])
    span_file(tmp_path / "t" / "only.tsv", [("NX", 1, 2)])
    result = cli("faireval", tmp_path / "t", tmp_path / "s", "--json", "-")
    report = json.loads(result.out)
    assert report["file_pairs"] == [["a.tsv", "a.tsv"], ["b.tsv", "b.tsv"]]
    assert report["overall"]["fair"]["BE"] == 1 and report["overall"]["fair"]["TP"] == 1
    assert "only.tsv: no system file of the same name" in result.err


#: What FairEval pairs in a folder (it said "expected a system file named '?' for target file '?'").
PAIRED = ("expected {} files, each paired with the {} file of the same name (FairEval reads a folder's "
          "visible regular files, not its sub-folders), found {}")  # fmt: skip


@pytest.mark.parametrize("empty", ["t", "s", "both"])
def test_an_empty_folder_is_said_to_be_empty(cli, tmp_path, empty):
    (tmp_path / "t").mkdir()
    (tmp_path / "s").mkdir()
    if empty == "s":
        span_file(tmp_path / "t" / "a.tsv", [("NX", 1, 2)])
    if empty == "t":
        span_file(tmp_path / "s" / "a.tsv", [("NX", 1, 2)])
    result = cli("faireval", tmp_path / "t", tmp_path / "s")
    role, other = ("system", "target") if empty == "s" else ("target", "system")
    folder = tmp_path / ("s" if empty == "s" else "t")
    message = PAIRED.format(role, other, "an empty folder")
    assert (result.code, result.out, result.err) == (2, "", f"spanstudio: error: {folder}: {message}\n")


def test_a_folder_of_hidden_files_and_folders_has_no_file_to_pair(cli, tmp_path, monkeypatch):
    span_file(tmp_path / "t.tsv", [("NX", 1, 2)])
    (tmp_path / "s" / ".git").mkdir(parents=True)
    span_file(tmp_path / "s" / ".t.tsv", [("NX", 1, 2)])
    listed: list[str] = []
    listdir = os.listdir
    monkeypatch.setattr(os, "listdir", lambda folder: listed.append(str(folder)) or listdir(folder))
    result = cli("faireval", tmp_path / "t.tsv", tmp_path / "s")
    message = PAIRED.format("system", "target", "no visible regular file (only hidden files or folders)")
    expected = f"spanstudio: error: {tmp_path / 's'}: {message}\n"
    assert (result.code, result.out, result.err) == (2, "", expected)
    assert listed.count(str(tmp_path / "s")) == 1  # its listing says why it holds no file: not listed again


def test_byte_order_mark_is_ignored_with_a_warning(cli, tmp_path):
    t = tmp_path / "t.tsv"
    t.write_text("\ufeffNP\t1\t2\t1,2\n", encoding="utf-8")
    s = span_file(tmp_path / "s.tsv", [("NP", 1, 2)])
    result = cli("faireval", t, s, "--json", "-")
    assert json.loads(result.out)["overall"]["fair"]["TP"] == 1
    assert "byte-order mark ignored" in result.err


def test_windows_and_old_mac_line_ends(cli, tmp_path):
    (tmp_path / "t.tsv").write_bytes(b"NP\t1\t2\t1,2\r\n\r\nNP\t3\t3\t3\r\n")
    (tmp_path / "s.tsv").write_bytes(b"NP\t1\t2\t1,2\r\rNP\t3\t3\t3\r")
    report = json.loads(cli("faireval", tmp_path / "t.tsv", tmp_path / "s.tsv", "--json", "-").out)
    assert report["sentences"]["compared"] == 2 and report["overall"]["fair"]["TP"] == 2


# --- bad input: one line, exit 2, nothing written ---------------------------------------

GOOD = [("NP", 1, 2)]


def bad_run(cli, tmp_path, target_text=None, system_text=None, *options):
    t = tmp_path / "t.tsv"
    s = tmp_path / "s.tsv"
    t.write_bytes(
        target_text if isinstance(target_text, bytes) else (target_text or "NP\t1\t2\t1,2\n").encode()
    )
    s.write_bytes(
        system_text if isinstance(system_text, bytes) else (system_text or "NP\t1\t2\t1,2\n").encode()
    )
    out = tmp_path / "out.csv"
    out.write_text("keep me", encoding="utf-8")
    result = cli("faireval", t, s, "--eval-out", out, "--json", tmp_path / "r.json", *options)
    assert result.code == 2
    assert result.out == ""
    assert result.err.count("\n") == 1 and result.err.startswith("spanstudio: error: ")
    assert out.read_text(encoding="utf-8") == "keep me"
    assert not (tmp_path / "r.json").exists()
    return result.err.removeprefix("spanstudio: error: ").rstrip("\n").replace(str(tmp_path) + "/", "")


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("NP\tx\t3\t1,2,3\n", "t.tsv:1: expected begin to be a whole number ≥ 1, found 'x'"),
        ("NP\t0\t2\t1,2\n", "t.tsv:1: expected begin to be a whole number ≥ 1, found '0'"),
        ("NP\t1\tz\t1\n", "t.tsv:1: expected end to be a whole number ≥ 1, found 'z'"),
        ("NP\t1\t2\t1,2\nNP\t3\n", "t.tsv:2: expected 4 TAB-separated fields, found 2"),
        (
            "NP\t1\t2\t1,2\n3\t5\t3,5\n",
            "t.tsv:2: expected end to be a whole number ≥ 1, found '3,5' (is the label missing?)",
        ),
        (
            "a\tNN\tB-NP\n",
            "t.tsv:1: expected 4 TAB-separated fields (span file) or 3 space-separated fields "
            "(CoNLL-2000), found 3 TAB-separated fields",
        ),
        ("I NN I-NP\n", "t.tsv:1: expected B- to open a span before 'I-NP' at level 1, found no open span"),
        ("\n\n  \n", "t.tsv: expected at least one sentence, found a file of blank lines"),
        (b"NP\t1\t2\t1,2\n\nN\xe9\t1\t1\t1\n", "t.tsv:3: expected UTF-8 text, found byte 0xE9"),
    ],
)
def test_bad_data_files(cli, tmp_path, target, expected):
    assert bad_run(cli, tmp_path, target) == expected


def test_range_span_in_a_boundary_pass_stops(cli, tmp_path):
    message = bad_run(cli, tmp_path, "NP\t1\t3\tx\n", "NP\t1\t4\t1,2,3,4\n")
    assert message == (
        "t.tsv:1: expected token numbers in the 4th field of a span that overlaps another span, "
        "found 'x' (the original FairEval cannot evaluate this span)"
    )


def test_one_field_conll_line_with_ignore_punct(cli, tmp_path):
    message = bad_run(cli, tmp_path, "a NN B-NP\nword\n", "a NN B-NP\nb NN O\n", "--ignore-punct")
    assert message == "t.tsv:2: expected 3 space-separated fields (form POS tag), found 1"


def test_nothing_left_after_filtering(cli, tmp_path):
    message = bad_run(cli, tmp_path, None, None, "--labels", "PP")
    assert (
        message
        == "expected spans to compare, found none after applying labels=['PP'] and exclude=['NONE', 'EMPTY']"
    )


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (("--focus", "sys"), "--focus: expected target or system, found 'sys'"),
        (("--weights", "Prec = 1 TP"), "--weights: expected an error type name, found 'Prec'"),
        (("--labels", ""), "--labels: expected a label list or 'all', found an empty value"),
    ],
)
def test_bad_options(cli, tmp_path, options, expected):
    assert bad_run(cli, tmp_path, None, None, *options) == expected


def test_missing_input(cli, tmp_path):
    result = cli("faireval", tmp_path / "nope.tsv", tmp_path / "nope.tsv")
    assert result.code == 2
    assert (
        result.err
        == f"spanstudio: error: {tmp_path / 'nope.tsv'}: expected an existing file or directory, found nothing\n"
    )


@pytest.mark.parametrize(
    ("config", "expected"),
    [
        (
            "foo = bar\n",
            "c.config:1: expected one of target_in, system_in, labels, exclude, ignore_punct, focus, "
            "eval_method, weights, eval_out, found 'foo'",
        ),
        (
            "Labels = all\n",
            "c.config:1: expected one of target_in, system_in, labels, exclude, ignore_punct, "
            "focus, eval_method, weights, eval_out, found 'Labels'",
        ),
        ("system_in = s.tsv\n", "c.config: expected a target_in line, found none"),
        (
            "target_in = nofile\nsystem_in = s.tsv\n",
            "c.config:1: expected an existing file or directory for target_in, found 'nofile'",
        ),
        (
            "target_in = t.tsv\nsystem_in = s.tsv\nlabels =\n",
            "c.config:3: expected a label list or 'all' for labels, found an empty value",
        ),
        (
            "target_in = t.tsv\nsystem_in = s.tsv\neval_out = cmd\n",
            "c.config:3: expected a file or directory path for eval_out, found 'cmd' (leave eval_out out to print the report)",
        ),
        (
            "target_in = t.tsv\nsystem_in = s.tsv\neval_out = res/\n",
            "c.config:3: expected an existing directory for eval_out 'res/', found none",
        ),
        (
            "target_in = t.tsv\nsystem_in = s.tsv\neval_out = t.tsv/\n",
            "c.config:3: expected an existing directory for eval_out 't.tsv/', found a file",
        ),
        (
            "\ufefftarget_in = t.tsv\n",
            "c.config:1: expected a setting name, found a byte-order mark (save as UTF-8 without BOM)",
        ),
        (
            "target_in = t.tsv\nsystem_in = s.tsv\n",
            "c.config: expected a system file named 't.tsv' for target file 't.tsv', found none",
        ),
    ],
)
def test_bad_config(cli, tmp_path, monkeypatch, config, expected):
    monkeypatch.chdir(tmp_path)
    span_file(tmp_path / "t.tsv", GOOD)
    span_file(tmp_path / "s.tsv", GOOD)
    (tmp_path / "c.config").write_text(config, encoding="utf-8")
    result = cli("faireval", "--config", "c.config")
    assert (result.code, result.out) == (2, "")
    assert result.err == f"spanstudio: error: {expected}\n"
    assert not (tmp_path / "res").exists()


def test_config_and_positional_form_do_not_mix(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    span_file(tmp_path / "t.tsv", GOOD)
    write_config(tmp_path / "c.config", target_in="t.tsv", system_in="t.tsv")
    result = cli("faireval", "--config", "c.config", "--focus", "system")
    assert (
        result.err
        == "spanstudio: error: --config: expected either --config or TARGET SYSTEM with options, found both\n"
    )


def test_unwritable_output(cli, tmp_path, read_only_folder):
    span_file(tmp_path / "t.tsv", GOOD)
    target = read_only_folder / "out.csv"
    result = cli("faireval", tmp_path / "t.tsv", tmp_path / "t.tsv", "--eval-out", target)
    assert result.code == 2
    assert (
        result.err == f"spanstudio: error: {target}: expected a writable location, found permission denied\n"
    )
    assert not target.exists()


@pytest.mark.parametrize(
    ("system", "matrix"),
    [  # the original's matrices (FairEval.py): its dict has one "_" row and column
        ("_\t2\t2\t2", ["Target\\System\t_", "_\t2"]),
        ("ORG\t2\t2\t2", ["Target\\System\tORG\t_", "ORG\t0\t0", "_\t1\t1"]),
    ],
)
def test_a_label_underscore_is_the_matrix_marker_row_once(cli, tmp_path, monkeypatch, system, matrix):
    monkeypatch.chdir(tmp_path)
    for side, line in (("t", "_\t1\t1\t1"), ("s", system)):
        (tmp_path / side).mkdir()
        (tmp_path / side / "d.tsv").write_text(line + "\n", encoding="utf-8")
    write_config(tmp_path / "c.config", target_in="t/d.tsv", system_in="s/d.tsv", exclude="", eval_method="traditional")
    result = cli("faireval", "--config", "c.config")
    lines = result.out.splitlines()
    at = lines.index("### Confusion matrix:")
    assert lines[at + 1 : at + 1 + len(matrix) + 1] == [*matrix, ""]
    assert "label '_' is also the matrix's \"nothing\" marker" in result.err


def test_labels_are_listed_in_the_order_their_spans_are_emitted(cli, tmp_path):
    """A nested CoNLL-2000 sentence emits its inner NP before the S that holds it: the
    report's labels come in that order, as they did when a span was made at a time."""
    path = tmp_path / "t.conll"
    path.write_text("Die ART B-S|B-NP\nKatze NN I-S|I-NP\nschläft VVFIN I-S|B-VP\n. $. O\n", encoding="utf-8")
    report = json.loads(cli("faireval", path, path, "--json", "-").out)
    assert list(report["per_label"]["traditional"]) == ["NP", "S", "VP"]
