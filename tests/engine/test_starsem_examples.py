"""starsem: the worked example of specs/starsem.md §3.10, the rounding of §4, the rows of
§3.3–3.7 on small cases, and the quirks of §7 that change numbers (KEEP / FIXED)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.methods.starsem.render import Table, scores
from engine.methods.starsem.scoring import Counts, Row
from tests.engine.starsem_data import (
    document,
    evaluate,
    neg,
    row,
    sentence,
    worked_example,
    write,
    xrow,
)

DATA = Path(__file__).parent / "data"
WORKED_DEFAULT = (DATA / "starsem_worked_default.txt").read_text(encoding="utf-8")
WORKED_EXTENDED = (DATA / "starsem_worked_extended.txt").read_text(encoding="utf-8")


def pair(tmp_path: Path, gold: str, system: str) -> tuple[Path, Path]:
    return write(tmp_path, "gold.txt", gold), write(tmp_path, "system.txt", system)


@pytest.fixture
def worked(tmp_path):
    return pair(tmp_path, *worked_example())


# --- §3.10 -------------------------------------------------------------------------------


def test_worked_example_default_output(worked, cli):
    result = cli("starsem", "-g", worked[0], "-s", worked[1])
    assert result.code == 0
    assert result.out == WORKED_DEFAULT
    assert result.err == (
        "spanstudio: warning: the bug-fixed scoring changes these rows compared with eval.cd-sco.pl v2.2: "
        "Scopes(no cue match), Scopes B (no cue match); use --starsem-exact for the original numbers\n"
    )


def test_worked_example_exact_output_shows_the_cue_match_tp(worked, cli):
    """S1: v2.2 prints the Scopes(cue match) tp (1) where P and R use 2."""
    result = cli("starsem", "--gold", worked[0], "--system", worked[1], "--starsem-exact")
    expected = WORKED_DEFAULT.replace(
        "Scopes(no cue match):            3 |      3 |    2 |",
        "Scopes(no cue match):            3 |      3 |    1 |",
    ).replace(
        "Scopes B (no cue match):         3 |      3 |    2 |",
        "Scopes B (no cue match):         3 |      3 |    1 |",
    )
    assert expected != WORKED_DEFAULT
    assert (result.code, result.out, result.err) == (0, expected, "")


def test_worked_example_extended_output(worked, cli):
    result = cli("starsem", "-g", worked[0], "-s", worked[1], "--extended")
    assert (result.code, result.out, result.err) == (0, WORKED_EXTENDED, "")


def test_worked_example_counts(worked):
    report = evaluate(*worked)
    assert row(report, "cues") == (3, 3, 2, 0, 1)
    assert row(report, "scopes_cue_match") == (3, 3, 1, 0, 2)
    assert row(report, "scopes_no_cue_match") == (3, 3, 2, 0, 1)
    assert row(report, "scope_tokens_no_cue_match") == (7, 6, 6, 0, 1)
    assert row(report, "negated_no_cue_match") == (2, 2, 2, 0, 0)
    assert row(report, "full_negation") == (3, 3, 1, 0, 2)
    assert report.data["sentences"] == {
        "sentences": 3, "negation_sentences": 2, "negation_sentences_with_errors": 2,
        "correct_sentences_pct": 33.33, "correct_negation_sentences_pct": 0.0,
    }  # fmt: skip


def test_worked_example_without_final_blank_line_in_exact_mode(tmp_path):
    """S10/S15: without a final empty line the last token is not read; sentence 1 has no
    event in its first negation and one in its second (`use strict` would abort)."""
    gold, system = worked_example()
    g, s = pair(tmp_path, gold.rstrip("\n") + "\n", system.rstrip("\n") + "\n")
    report = evaluate(g, s, "starsem-exact")
    assert row(report, "scopes_no_cue_match") == (3, 3, 1, 0, 1)
    assert report.data["sentences"]["sentences"] == 3


# --- §4 rounding ---------------------------------------------------------------------------


def test_f1_from_rounded_precision_and_recall_in_exact_mode():
    """S7: tp 4, fp 1, fn 3 → P 80.00, R 57.14; v2.2 prints F1 66.66, the fix 66.67."""
    assert scores(4, 1, 3, 5, exact=True)[:3] == ("80.00", "57.14", "66.66")
    assert scores(4, 1, 3, 5, exact=False)[:3] == ("80.00", "57.14", "66.67")


def test_division_before_multiplication():
    """(23 / 160) × 100 prints 14.37; 23 × 100 / 160 would print 14.38."""
    assert scores(23, 137, 0, 160, exact=True)[0] == "14.37"
    assert scores(23, 137, 0, 160, exact=False)[0] == "14.37"


def test_b_precision_is_tp_over_system():
    p, r, f, pb, fb = scores(2, 0, 1, 3, exact=False)
    assert (p, r, f, pb, fb) == ("100.00", "66.67", "80.00", "66.67", "66.67")


def test_percent_correct_from_the_rounded_error_percentage_in_exact_mode():
    """S8: 3 erroneous of 4000 sentences: 100 − 0.07 (v2.2) against 100 − 0.075 (fixed)."""
    counts = Counts(sentences=4000, negation_sentences=4000, error_sentences=3, error_negation_sentences=3)
    assert Table(counts, exact=True).sentences["correct_sentences_pct"] == "99.93"
    assert Table(counts, exact=False).sentences["correct_sentences_pct"] == "99.92"


def test_no_denominator_gives_zero():
    counts = Counts(cue=Row(0, 0, 0))
    counts.sentences = counts.negation_sentences = 1
    table = Table(counts, exact=False)
    assert table.scores["cues"]["precision"] == "0.00" and table.scores["cues"]["f1"] == "0.00"


# --- rows on small cases (§3.3–3.5) ------------------------------------------------------


def one(tmp_path, words, gold_negs, system_negs, pos=None):
    g = document(sentence(words, gold_negs, pos=pos))
    s = document(sentence(words, system_negs, pos=pos))
    return pair(tmp_path, g, s)


@pytest.mark.parametrize("mode", ["default", "starsem-exact"])
def test_partial_cue_is_an_fn_without_fp(tmp_path, mode):
    """S6: GOLD `un`, SYSTEM `unhappy` on the same token."""
    g, s = one(tmp_path, ["He", "is", "unhappy"], [neg({2: "un"}, {0: "He", 2: "happy"})],
               [neg({2: "unhappy"}, {0: "He", 2: "happy"})])  # fmt: skip
    report = evaluate(g, s, mode)
    assert row(report, "cues")[2:] == (0, 0, 1)
    assert row(report, "scopes_cue_match")[2:] == (0, 0, 1)
    assert row(report, "scopes_no_cue_match")[3:] == (0, 0)
    assert row(report, "full_negation")[2:] == (0, 0, 1)


@pytest.mark.parametrize("mode", ["default", "starsem-exact"])
def test_greedy_cue_matching(tmp_path, mode):
    """S5: GOLD neither / nor as two negations; SYSTEM [neither nor] then [neither]:
    one partial cue, one missed GOLD, one spurious SYSTEM negation."""
    words = ["neither", "this", "nor", "that"]
    g, s = one(tmp_path, words, [neg({0: "neither"}, {1: "this"}), neg({2: "nor"}, {3: "that"})],
               [neg({0: "neither", 2: "nor"}, {1: "this"}), neg({0: "neither"}, {3: "that"})])  # fmt: skip
    report = evaluate(g, s, mode)
    assert row(report, "cues") == (2, 2, 0, 1, 2)
    assert row(report, "full_negation") == (2, 2, 0, 1, 2)
    assert row(report, "scope_tokens_no_cue_match") == (2, 2, 1, 1, 1)


def test_scope_tokens_same_index_other_text_is_fn_and_fp(tmp_path):
    g, s = one(tmp_path, ["not", "unkind"], [neg({0: "not"}, {1: "unkind"})], [neg({0: "not"}, {1: "kind"})])
    report = evaluate(g, s)
    assert row(report, "scope_tokens_no_cue_match") == (1, 1, 0, 1, 1)
    assert row(report, "scopes_cue_match") == (1, 1, 0, 0, 1)


def test_spurious_scope_on_a_matched_equal_cue_is_an_fp(tmp_path):
    g, s = one(tmp_path, ["No", "!"], [neg({0: "No"})], [neg({0: "No"}, {1: "x"})], pos={1: "NN"})
    report = evaluate(g, s)
    assert row(report, "scopes_cue_match") == (0, 1, 0, 1, 0)
    assert row(report, "scopes_no_cue_match") == (0, 1, 0, 1, 0)
    assert row(report, "full_negation") == (1, 1, 0, 0, 1)


def test_gold_negation_without_system_negation(tmp_path):
    g = document(sentence(["not", "here", "."], [neg({0: "not"}, {1: "here"}, {1: "here"})]))
    s = document(sentence(["not", "here", "."], []))
    report = evaluate(*pair(tmp_path, g, s))
    assert row(report, "cues") == (1, 0, 0, 0, 1)
    assert row(report, "scope_tokens_no_cue_match") == (1, 0, 0, 0, 1)
    assert row(report, "negated_no_cue_match") == (1, 0, 0, 0, 1)
    assert report.data["sentences"]["negation_sentences_with_errors"] == 1


def test_system_negation_without_gold_negation(tmp_path):
    g = document(sentence(["not", "here", "."], []))
    s = document(sentence(["not", "here", "."], [neg({0: "not"}, {1: "here"}, {1: "here"})]))
    report = evaluate(*pair(tmp_path, g, s))
    assert row(report, "cues") == (0, 1, 0, 1, 0)
    assert row(report, "negated_no_cue_match") == (0, 1, 0, 1, 0)
    assert report.data["sentences"] == {
        "sentences": 1, "negation_sentences": 0, "negation_sentences_with_errors": 0,
        "correct_sentences_pct": 0.0, "correct_negation_sentences_pct": 100.0,
    }  # fmt: skip


def test_punctuation_in_scopes_by_gold_pos_tag(tmp_path):
    """S9: a token tagged `:` in GOLD (`NN` in SYSTEM) added to a SYSTEM scope is ignored;
    `-LRB-` counts as punctuation; `Mr.` → `Mr` in scopes only."""
    words = ["not", "Mr.", "--", "(", "x"]
    gold = sentence(words, [neg({0: "not"}, {1: "Mr.", 4: "x"})], pos={2: ":", 3: "-LRB-"})
    system = sentence(words, [neg({0: "not"}, {1: "Mr", 2: "--", 3: "(", 4: "x"})], pos={2: "NN", 3: "NN"})
    report = evaluate(*pair(tmp_path, document(gold), document(system)))
    assert row(report, "scope_tokens_no_cue_match") == (2, 2, 2, 0, 0)
    assert row(report, "full_negation")[2:] == (1, 0, 0)


@pytest.mark.parametrize("words", [["no", "kind", "."], ["No", "kind", ","]])
def test_two_negations_in_one_sentence(tmp_path, words):
    """Several negations per sentence; a token in two scopes counts twice."""
    gold = [neg({0: words[0]}, {1: "kind"}), neg({1: "un"}, {1: "kind"}, {1: "kind"})]
    g, s = one(tmp_path, words, gold, gold)
    report = evaluate(g, s)
    assert row(report, "scope_tokens_no_cue_match") == (2, 2, 2, 0, 0)
    assert row(report, "full_negation") == (2, 2, 2, 0, 0)


def test_discontinuous_scope_and_multiword_cue(tmp_path):
    words = ["by", "no", "means", "he", "came", "or", "went"]
    gold = [neg({0: "by", 1: "no", 2: "means"}, {3: "he", 4: "came", 6: "went"}, {4: "came"})]
    system = [neg({1: "no"}, {3: "he", 4: "came", 6: "went"}, {4: "came"})]
    report = evaluate(*one(tmp_path, words, gold, system))
    assert row(report, "cues")[2:] == (0, 0, 1)
    assert row(report, "scopes_no_cue_match")[2:] == (1, 0, 0)
    assert row(report, "negated_no_cue_match")[2:] == (1, 0, 0)


# --- §3.5 Negated ---------------------------------------------------------------------------


@pytest.mark.parametrize(("mode", "expected"), [("starsem-exact", (0, 0, 0)), ("default", (0, 0, 1))])
def test_negated_differing_pair_with_the_last_system_negation(tmp_path, mode, expected):
    """S2: GOLD `turn round`, SYSTEM `turn` → v2.2 counts nothing, the fix an FN."""
    words = ["not", "turn", "round"]
    g, s = one(tmp_path, words, [neg({0: "not"}, event={1: "turn", 2: "round"})],
               [neg({0: "not"}, event={1: "turn"})])  # fmt: skip
    assert row(evaluate(g, s, mode), "negated_no_cue_match")[2:] == expected


@pytest.mark.parametrize(("mode", "expected"), [("starsem-exact", (0, 0, 1)), ("default", (2, 0, 0))])
def test_negated_two_events_on_one_token_in_swapped_order(tmp_path, mode, expected):
    """S3: `unlike` (for not) and `like` (for un) listed the other way round by SYSTEM."""
    words = ["not", "unlike", "him"]
    first, second = neg({0: "not"}, event={1: "unlike"}), neg({1: "un"}, event={1: "like"})
    g, s = one(tmp_path, words, [first, second], [second, first])
    assert row(evaluate(g, s, mode), "negated_no_cue_match")[2:] == expected


@pytest.mark.parametrize(("mode", "expected"), [("starsem-exact", (0, 0, 0)), ("default", (0, 1, 0))])
def test_negated_pair_sharing_no_word_is_undone(tmp_path, mode, expected):
    """S4: GOLD `brushed`, SYSTEM `unbrushed` → the fix makes one FP and no FN."""
    g, s = one(tmp_path, ["unbrushed"], [neg({0: "un"}, event={0: "brushed"})],
               [neg({0: "un"}, event={0: "unbrushed"})])  # fmt: skip
    assert row(evaluate(g, s, mode), "negated_no_cue_match")[2:] == expected


def test_negated_differing_pair_before_the_last_system_negation_is_an_fn_in_exact_mode(tmp_path):
    words = ["not", "turn", "round", "never"]
    g, s = one(tmp_path, words, [neg({0: "not"}, event={1: "turn", 2: "round"})],
               [neg({0: "not"}, event={1: "turn"}), neg({3: "never"})])  # fmt: skip
    assert row(evaluate(g, s, "starsem-exact"), "negated_no_cue_match")[2:] == (0, 0, 1)


# --- §3.8 the v2.2 reading model -----------------------------------------------------------


def test_gold_final_blank_line_against_system_without_one(tmp_path):
    """S11: the last sentence is cut one line early and an empty sentence follows."""
    gold, system = worked_example()
    g, s = pair(tmp_path, gold, system.rstrip("\n") + "\n")
    report = evaluate(g, s, "starsem-exact")
    assert report.data["sentences"]["sentences"] == 4
    assert report.data["sentences"]["negation_sentences"] == 3
    assert evaluate(g, s).data["sentences"]["sentences"] == 3


def test_doubled_empty_line_after_a_sentence_without_system_negation(tmp_path):
    """S12: an empty "negation sentence" in exact mode."""
    yes = sentence(["Yes"], [], 2)
    text = sentence(["not", "x"], [neg({0: "not"})], 1) + "\n\n\n" + yes + "\n\n"
    other = sentence(["not", "x"], [], 1) + "\n\n\n" + yes + "\n\n"
    g, s = pair(tmp_path, text, other)
    report = evaluate(g, s, "starsem-exact")
    assert report.data["sentences"]["sentences"] == 3
    assert report.data["sentences"]["negation_sentences"] == 2
    assert report.data["sentences"]["negation_sentences_with_errors"] == 1


def test_gold_is_not_validated_and_first_token_decides_in_exact_mode(tmp_path):
    """S16: a SYSTEM sentence with `***` on token 0 and `_` elsewhere has no negation."""
    words = ["not", "x", "y"]
    g = document(sentence(words, [neg({0: "not"}, {1: "x"})]))
    s_lines = sentence(words, []).split("\n")
    s_lines[1] = s_lines[1].replace("***", "_")
    s_lines[2] = s_lines[2].replace("***", "_")
    report = evaluate(*pair(tmp_path, g, document("\n".join(s_lines))), "starsem-exact")
    assert row(report, "cues") == (1, 0, 0, 0, 1)


def test_system_without_annotation_columns_hides_the_gold_negation_in_exact_mode(tmp_path):
    """S17: a side with ≤ 7 fields has negation but no instance: nothing is counted."""
    words = ["not", "x"]
    g = document(sentence(words, [neg({0: "not"}, {1: "x"})]), sentence(["Yes"], [], 2))
    s_text = "\n".join(line.rsplit("\t", 1)[0] for line in sentence(words, []).split("\n"))
    s = document(s_text, sentence(["Yes"], [], 2))
    report = evaluate(*pair(tmp_path, g, s), "starsem-exact")
    assert row(report, "cues") == (1, 0, 0, 0, 0)
    assert report.data["sentences"]["negation_sentences_with_errors"] == 0
    extended = evaluate(*pair(tmp_path, g, s), "extended")
    assert xrow(extended, 2, "Cue") == (1, 0, 0, 0, 1)


def test_missing_pieces_count_as_present_with_empty_text_in_exact_mode(tmp_path):
    """S18: an 8-field SYSTEM line whose column 8 is `no` has a cue and an empty-text
    scope and event on that token."""
    words = ["no", "x"]
    s_lines = sentence(words, []).split("\n")
    s = document("\n".join([s_lines[0].replace("***", "no"), s_lines[1].replace("***", "_")]))
    report = evaluate(*pair(tmp_path, document(sentence(words, [neg({0: "no"})])), s), "starsem-exact")
    assert row(report, "cues") == (1, 1, 1, 0, 0)
    assert row(report, "scopes_cue_match") == (0, 1, 0, 1, 0)
    assert row(report, "negated_no_cue_match") == (0, 1, 0, 1, 0)


def test_a_cell_with_a_space_breaks_the_grouping_in_exact_mode(tmp_path):
    """S19: cue cell `by no` on one token: v2.2 reads `by` as cue and `no` as a scope
    token (the cell's own scope `_` becomes the event, `_`: absent)."""
    words = ["by", "means"]
    g = document(sentence(words, [neg({0: "by"}, {1: "means"})]))
    s = document(sentence(words, [neg({0: "by no"}, {1: "means"})]))
    report = evaluate(*pair(tmp_path, g, s), "starsem-exact")
    assert row(report, "cues")[2:] == (1, 0, 0)
    assert row(report, "scope_tokens_no_cue_match") == (1, 2, 1, 1, 0)


def test_trailing_tab_is_harmless_in_default_and_exact_mode(tmp_path):
    """S21."""
    gold, system = worked_example()
    plain = {
        m: evaluate(*pair(tmp_path, gold, system), m).data["_text"] for m in ("default", "starsem-exact")
    }
    tabbed = "\n".join(line + "\t" if line else line for line in system.split("\n"))
    g, s = pair(tmp_path, gold, tabbed)
    assert {m: evaluate(g, s, m).data["_text"] for m in ("default", "starsem-exact")} == plain


def test_crlf_files_give_the_same_numbers_in_default_and_extended_mode(tmp_path):
    """S20."""
    gold, system = worked_example()
    plain = {m: evaluate(*pair(tmp_path, gold, system), m).data["_text"] for m in ("default", "extended")}
    g, s = pair(tmp_path, gold.replace("\n", "\r\n"), system.replace("\n", "\r\n"))
    assert {m: evaluate(g, s, m).data["_text"] for m in ("default", "extended")} == plain


def test_system_lines_after_the_end_of_gold(tmp_path):
    """S22: ignored with a warning (sentences in the default mode, lines in exact mode)."""
    gold, system = worked_example()
    g, s = pair(tmp_path, gold, system + sentence(["Yes"], [], 4) + "\n")
    assert (
        evaluate(g, s).messages[0] == "SYSTEM has 1 sentences after the end of GOLD; they were not evaluated"
    )
    assert evaluate(g, s, "starsem-exact").messages == [
        "SYSTEM has 1 lines after the end of GOLD; they were not evaluated"
    ]


def test_words_compared_case_insensitively_in_extended_mode(tmp_path):
    """S23: `seen` against `Seen` is accepted by --extended only."""
    g = document(sentence(["not", "seen"], [neg({0: "not"}, {1: "seen"})]))
    s = document(sentence(["not", "Seen"], [neg({0: "not"}, {1: "seen"})]))
    assert xrow(evaluate(*pair(tmp_path, g, s), "extended"), 2, "Scope (full cue)") == (1, 1, 1, 0, 0)


def test_gold_without_negation_prints_100_in_default_mode(tmp_path):
    """S14 (default and --extended print; --starsem-exact stops, see the input tests)."""
    text = document(sentence(["Yes", "."], []))
    report = evaluate(*pair(tmp_path, text, text))
    assert report.data["sentences"]["correct_negation_sentences_pct"] == 100.0
    assert report.messages == []
    assert (
        evaluate(*pair(tmp_path, text, text), "extended").data["overall"]["% correct negation sentences"]
        == 0.0
    )


# --- §3.9 --extended quirks --------------------------------------------------------------------


def test_x1_unmatched_no_punct_scope_fpx_goes_to_event(tmp_path):
    g = document(sentence(["not", "x"], []))
    s = document(sentence(["not", "x"], [neg({0: "not"}, {1: "x"})]))
    report = evaluate(*pair(tmp_path, g, s), "extended")
    assert xrow(report, 2, "Scope (no cue, no punct)") == (0, 1, 0, 0, 0)
    assert xrow(report, 2, "Event (no cue)") == (0, 0, 0, 1, 0)
    assert xrow(report, 1, "Scope (no cue, no punct)") == (0, 1, 0, 1, 0)


def test_x2_unmatched_gold_does_not_make_the_sentence_erroneous(tmp_path):
    words = ["not", "x", "never", "y"]
    gold = [neg({0: "not"}, {1: "x"}), neg({2: "never"}, {3: "y"})]
    report = evaluate(*one(tmp_path, words, gold, gold[:1]), "extended")
    assert report.data["overall"]["# sentences with errors"] == 0
    assert xrow(report, 2, "Full negation") == (2, 1, 1, 0, 1)


def test_x3_no_punct_full_negation_ignores_the_cue(worked):
    report = evaluate(*worked, "extended")
    assert xrow(report, 2, "Full negation (no punct)") == (3, 3, 2, 0, 1)
    assert xrow(report, 2, "Full negation") == (3, 3, 1, 0, 2)


def test_x4_speculation_labels(worked, cli):
    result = cli("starsem", "-g", worked[0], "-s", worked[1], "--extended", "-t", "speculation")
    assert "Full speculation (no punct):" in result.out
    assert " # speculation sentences with errors (no punct): 1\n" in result.out
    assert " % correct negation sentences (no punct): 50.00\n" in result.out
    assert "Full negation" not in result.out and "# negation" not in result.out


def test_x5_one_final_period_stripped_from_scope_and_event_only(tmp_path):
    words = ["no.", "U.S.", "..."]
    gold = [neg({0: "no."}, {1: "U.S.", 2: "..."}, {1: "U.S."})]
    system = [neg({0: "no"}, {1: "U.S", 2: "..."}, {1: "U.S"})]  # `...` → `..` on both sides
    report = evaluate(*one(tmp_path, words, gold, system), "extended")
    assert xrow(report, 2, "Scope (no cue)") == (1, 1, 1, 0, 0)
    assert xrow(report, 2, "Event (no cue)") == (1, 1, 1, 0, 0)
    assert xrow(report, 2, "Cue") == (1, 1, 0, 0, 1)


def test_x6_punctuation_only_scope_against_empty_gold_scope(tmp_path):
    words = ["No", ","]
    report = evaluate(*one(tmp_path, words, [neg({0: "No"})], [neg({0: "No"}, {1: ","})]), "extended")
    assert xrow(report, 1, "Scope (full cue, no punct)") == (1, 1, 1, 0, 0)
    assert xrow(report, 1, "Scope (full cue)") == (0, 1, 0, 1, 0)


def test_x7_instances_without_cue_are_accepted(tmp_path):
    words = ["not", "x"]
    report = evaluate(*one(tmp_path, words, [neg({0: "not"}, {1: "x"})], [neg({}, {1: "x"})]), "extended")
    assert xrow(report, 1, "Full negation") == (1, 1, 0, 1, 1)
    assert xrow(report, 1, "Cue") == (1, 0, 0, 0, 1)


def test_cdsco_files_are_recognised(tmp_path):
    from engine.formats import detect

    gold, _ = worked_example()
    assert detect(write(tmp_path, "g.txt", gold)) == "CD-SCO (*SEM 2012 negation)"
    no_negation = document(sentence(["Yes", "."], []))
    assert detect(write(tmp_path, "n.txt", no_negation)) == "CD-SCO (*SEM 2012 negation)"
    assert detect(write(tmp_path, "x.txt", "NP\t1\t2\t1, 2\n")) != "CD-SCO (*SEM 2012 negation)"


def test_report_carries_documents_spans_and_errors(worked):
    report = evaluate(*worked, detail=True)
    (doc,) = report.documents
    assert doc.units == [(0, 5), (5, 10), (10, 12)] and doc.unit_ids == ["story 1", "story 2", "story 3"]
    kinds = sorted({s.attrs["kind"] for s in report.gold_spans})
    assert kinds == ["cue", "event", "scope"]
    for spans in (report.gold_spans, report.system_spans):  # made when read: their count known before
        assert len(spans) == len(list(spans)) > 0
    scope = next(s for s in report.gold_spans if s.attrs["kind"] == "scope")
    assert (scope.start, scope.end, scope.attrs["parts"]) == (0, 4, [[0, 2], [3, 4]])
    rows = report.error_rows
    assert [(r["unit"], r["type"], r["cue"], r["scope"]) for r in rows] == [
        (1, "FN", "PARTIAL", "TP"), (2, "FN", "TP", "FN"),
    ]  # fmt: skip
    assert rows[1]["tokens"] == "🟩I [⟨never⟩] 🟨saw 🟨him ."
    assert rows[0]["gold_cue"] == "un" and rows[0]["system_cue"] == "unhappy"
    assert rows[0]["gold_position"] == "3" and rows[1]["gold_position"] == "0-3"


def test_review_workbook_lists_the_errors_with_their_token_strip(worked, cli, tmp_path):
    import openpyxl

    book = tmp_path / "review.xlsx"
    assert cli("starsem", "-g", worked[0], "-s", worked[1], "--xlsx", book).code == 0
    sheet = openpyxl.load_workbook(book)["Errors"]
    rows = [[cell.value for cell in row] for row in sheet.iter_rows()]
    header = next(r for r in rows if r and r[0] == "ID")
    errors = rows[rows.index(header) + 1 :]
    assert len(errors) == 2 and "Verdict" in header
    column = {name: header.index(name) for name in ("tokens", "cue", "Gold cue", "System cue", "Type")}
    assert errors[1][column["tokens"]] == "🟩I [⟨never⟩] 🟨saw 🟨him ."
    assert (errors[0][column["cue"]], errors[0][column["Gold cue"]], errors[0][column["System cue"]]) == (
        "PARTIAL", "un", "unhappy",
    )  # fmt: skip
    assert {e[column["Type"]] for e in errors} == {"FN"}
