"""starsem: bad input (specs/starsem.md §8) through the command line — one line on
standard error, exit status 2, nothing written, an existing output left untouched — and
the quirks the spec turns into errors (S12, S13, S14, S20, S21, S23, S26)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.starsem_data import document, neg, sentence, worked_example, write

GOLD_LINES = worked_example()[0].split("\n")  # 15 lines and a final "" (the file ends with "\n\n")


def edit(text: str, line: int, new: str | None) -> str:
    """The text with its 1-based `line` replaced (None: removed)."""
    lines = text.split("\n")
    if new is None:
        del lines[line - 1]
    else:
        lines[line - 1] = new
    return "\n".join(lines)


def cell(text: str, line: int, column: int, value: str) -> str:
    """The text with one TAB field (1-based column) of one line replaced."""
    fields = text.split("\n")[line - 1].split("\t")
    fields[column - 1] = value
    return edit(text, line, "\t".join(fields))


@pytest.fixture
def run(tmp_path, cli):
    """Run starsem on GOLD/SYSTEM texts (or bytes) with --json into an existing file;
    assert exit 2, the one-line message, and that nothing was written."""

    def check(gold: str | bytes, system: str | bytes, *flags: str) -> str:
        g, s = tmp_path / "gold.txt", tmp_path / "system.txt"
        for path, text in ((g, gold), (s, system)):
            path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
        out = tmp_path / "out.json"
        out.write_text("keep me")
        result = cli("starsem", "-g", g, "-s", s, *flags, "--json", out)
        assert result.code == 2, result.err
        assert result.out == ""
        assert result.err.count("\n") == 1 and result.err.startswith("spanstudio: error: ")
        assert out.read_text() == "keep me"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["gold.txt", "out.json", "system.txt"]
        return result.err[len("spanstudio: error: ") : -1].replace(str(tmp_path) + "/", "")

    return check


GOLD, SYSTEM = worked_example()
ALL = [(), ("--starsem-exact",), ("--extended",)]
D_AND_X = [(), ("--extended",)]


@pytest.mark.parametrize("flags", ALL)
def test_missing_file(tmp_path, cli, flags):
    write(tmp_path, "gold.txt", GOLD)
    result = cli("starsem", "-g", tmp_path / "gold.txt", "-s", tmp_path / "nope.txt", *flags)
    assert result.code == 2
    assert (
        result.err
        == f"spanstudio: error: {tmp_path}/nope.txt: expected an existing readable file, found nothing\n"
    )


@pytest.mark.parametrize("flags", ALL)
def test_both_files_missing_names_gold(tmp_path, cli, flags):
    """GOLD is read first: its error comes first."""
    result = cli("starsem", "-g", tmp_path / "gold.txt", "-s", tmp_path, *flags)
    assert result.err == f"spanstudio: error: {tmp_path}/gold.txt: expected an existing readable file, found nothing\n"
    write(tmp_path, "gold.txt", GOLD)
    result = cli("starsem", "-g", tmp_path / "gold.txt", "-s", tmp_path, *flags)
    assert result.err == f"spanstudio: error: {tmp_path}: expected a file, found a directory\n"


@pytest.mark.parametrize("flags", D_AND_X)
def test_not_utf8(run, flags):
    system = SYSTEM.encode("utf-8").replace(b"\tnot\tnot\tNN", b"\tnot\tn\xe9t\tNN")
    assert run(GOLD, system, *flags) == "system.txt:3: expected UTF-8 text, found byte 0xE9"


def test_latin1_is_read_as_bytes_in_exact_mode(tmp_path, cli):
    gold = GOLD.encode("utf-8").replace(b"\tnot\tnot\tNN", b"\tnot\tn\xe9t\tNN")
    g, s = write(tmp_path, "g.txt", ""), write(tmp_path, "s.txt", "")
    g.write_bytes(gold)
    s.write_bytes(SYSTEM.encode("utf-8").replace(b"\tnot\tnot\tNN", b"\tnot\tn\xe9t\tNN"))
    assert cli("starsem", "-g", g, "-s", s, "--starsem-exact").code == 0


@pytest.mark.parametrize("flags", D_AND_X)
def test_no_token_line(run, flags):
    assert run("\n \n", SYSTEM, *flags) == "gold.txt: expected at least one sentence, found a file of blank lines"


@pytest.mark.parametrize("flags", D_AND_X)
def test_two_empty_lines_inside_the_file(run, flags):
    """S12 (default and --extended)."""
    system = edit(SYSTEM, 12, "\n")
    assert run(GOLD, system, *flags) == (
        "system.txt:13: expected one empty line between sentences, found a second empty line"
    )


def test_blank_lines_around_the_file_are_ignored(tmp_path, cli):
    g = write(tmp_path, "g.txt", "\n\n" + GOLD + "\n\n")
    s = write(tmp_path, "s.txt", " \n" + SYSTEM)
    assert cli("starsem", "-g", g, "-s", s).code == 0


def test_line_of_blanks(run):
    """S26."""
    assert run(GOLD, edit(SYSTEM, 12, " \t")) == (
        "system.txt:12: expected an empty line or a token line, found a line of blanks"
    )


def test_line_of_blanks_extended(run):
    assert run(GOLD, edit(SYSTEM, 12, "  "), "--extended") == (
        "system.txt:12: expected an empty line or a token line, found a line of blanks"
    )


def test_system_has_fewer_sentences(run):
    system = "\n".join(SYSTEM.split("\n")[:11]) + "\n"
    assert run(GOLD, system) == (
        "system.txt:12: expected a token line matching GOLD line 13 (story 3 0 'Yes'), found end of file"
    )


def test_system_sentence_is_shorter(run):
    assert run(GOLD, edit(SYSTEM, 11, None)) == (
        "system.txt:11: expected a token line matching GOLD line 11 (story 2 4 '.'), found end of sentence"
    )


def test_system_sentence_is_longer(run):
    extra = SYSTEM.split("\n")[10]
    assert run(GOLD, edit(SYSTEM, 11, extra + "\n" + extra)) == (
        "system.txt:12: expected an empty line (end of sentence, as GOLD line 12), found a token line"
    )


@pytest.mark.parametrize("flags", [(), ("--starsem-exact",)])
def test_columns_1_to_4_differ(run, flags):
    """S23 (default and exact mode compare words exactly)."""
    assert run(GOLD, cell(SYSTEM, 4, 4, "Unhappy"), *flags) == (
        "system.txt:4: expected 'story 1 3 unhappy' in columns 1-4 as on GOLD line 4, found 'story 1 3 Unhappy'"
    )


def test_system_shorter_in_exact_mode(run):
    system = "\n".join(SYSTEM.split("\n")[:13]) + "\n"
    assert run(GOLD, system, "--starsem-exact") == (
        "system.txt:14: expected 'story 3 1 .' in columns 1-4 as on GOLD line 14, found end of file"
    )


def test_gold_empty_line_against_system_token_line_in_exact_mode(run):
    gold = edit(GOLD, 14, None) + "\n"
    assert run(gold, SYSTEM, "--starsem-exact") == (
        "system.txt:14: expected an empty line as GOLD line 14, found a token line"
    )


@pytest.mark.parametrize("flags", ALL)
@pytest.mark.parametrize(("data", "kind"), [(b"PK\x05\x06" + bytes(18), "an empty ZIP archive"),
                                            (b"story\t1\x00\x00\x00\n", "binary data: a NUL byte on line 1")])  # fmt: skip
def test_a_gold_that_is_no_text_is_named_not_the_system(run, flags, data, kind):
    """A GOLD that is valid UTF-8 but no text (an empty zip: NUL bytes) was compared line by
    line first, and SYSTEM named: 'system.txt:1: expected 'PK\x05\x06…' in columns 1-4'."""
    assert run(data, SYSTEM, *flags) == f"gold.txt is not a text file (it looks like {kind})"
    assert run(GOLD, data, *flags) == f"system.txt is not a text file (it looks like {kind})"


@pytest.mark.parametrize("flags", [(), ("--starsem-exact",)])
def test_wrong_number_of_fields(run, flags):
    system = "\n".join(line + "\t_" if line.startswith("story\t2") else line for line in SYSTEM.split("\n"))
    assert run(GOLD, system, *flags) == (
        "system.txt:7: expected 8 fields (no negation) or 7+3k fields (k negations), found 11"
    )


def test_wrong_number_of_fields_extended_with_trailing_tab(run):
    """S21: every TAB counts in --extended."""
    system = "\n".join(line + "\t" if line.startswith("story\t2") else line for line in SYSTEM.split("\n"))
    assert run(GOLD, system, "--extended") == (
        "system.txt:7: expected 8 fields (no negation) or 7+3k fields (k negations), "
        "found 11 (every TAB counts in --extended)"
    )


@pytest.mark.parametrize("flags", ALL)
def test_field_counts_differ_inside_a_sentence(run, flags):
    system = edit(SYSTEM, 9, "\t".join(SYSTEM.split("\n")[8].split("\t")[:8]))
    assert (
        run(GOLD, system, *flags) == "system.txt:9: expected 10 fields as on line 7 (same sentence), found 8"
    )


def test_stars_missing_on_a_line_without_negation(run):
    assert run(GOLD, cell(SYSTEM, 14, 8, "_")) == (
        "system.txt:14: expected '***' in column 8 as on line 13 (sentence without negation), found '_'"
    )


def test_stars_on_a_line_with_negation_columns(run):
    assert run(GOLD, cell(SYSTEM, 8, 8, "***")) == (
        "system.txt:8: expected no '***' in a line with negation columns, found '***' in column 8"
    )


def test_interior_stars_need_stars_around_in_exact_mode(run):
    three = document(sentence(["a", "b", "c"], [], 1), sentence(["not", "x"], [neg({0: "not"})], 2))
    system = cell(three, 1, 8, "_")
    assert run(three, system, "--starsem-exact") == (
        "system.txt:1: expected '***' in column 8 of both neighbours of a '***' token, found '_'"
    )


@pytest.mark.parametrize(
    ("flags", "file"), [((), "gold.txt"), ((), "system.txt"), (("--starsem-exact",), "system.txt")]
)
def test_negation_without_cue(run, flags, file):
    bad = cell(SYSTEM if file == "system.txt" else GOLD, 8, 8, "_")
    gold, system = (GOLD, bad) if file == "system.txt" else (bad, SYSTEM)
    assert run(gold, system, *flags) == (
        f"{file}:7: expected a cue in negation 1 (columns 8-10) of the sentence starting here, found none"
    )


def test_gold_negation_without_cue_is_accepted_in_exact_mode(tmp_path, cli):
    g = write(tmp_path, "g.txt", cell(GOLD, 8, 8, "_"))
    s = write(tmp_path, "s.txt", SYSTEM)
    assert cli("starsem", "-g", g, "-s", s, "--starsem-exact").code == 0


def test_empty_cell(run):
    assert run(GOLD, cell(SYSTEM, 2, 9, "")) == (
        "system.txt:2: expected '_' or a word in column 9, found an empty field"
    )


def test_cell_with_a_space(run):
    """S19."""
    assert run(GOLD, cell(SYSTEM, 3, 8, "by no")) == (
        "system.txt:3: expected '_' or a word in column 8, found 'by no' (a space)"
    )


def test_empty_sentence_after_system_negations_in_exact_mode(run):
    """S13."""
    gold, system = edit(GOLD, 6, "\n"), edit(SYSTEM, 6, "\n")
    assert run(gold, system, "--starsem-exact") == (
        "gold.txt:7: expected one empty line between sentences, found a second one after a sentence "
        "whose system side has negations (eval.cd-sco.pl aborts here)"
    )


def test_gold_without_negation_in_exact_mode(run):
    """S14."""
    text = document(sentence(["Yes", "."], []))
    assert run(text, text, "--starsem-exact") == (
        "gold.txt: expected at least one sentence with a negation, found none (eval.cd-sco.pl divides by "
        "zero; run without --starsem-exact for the fixed scoring)"
    )


def test_crlf_in_exact_mode(run):
    """S20: v2.2 reads the CR as data; a check fails, the message says why."""
    message = run(GOLD.replace("\n", "\r\n"), SYSTEM.replace("\n", "\r\n"), "--starsem-exact")
    assert message == (
        "system.txt:6: expected 13 fields as on line 1 (same sentence), found 1 (CRLF line ends: "
        "--starsem-exact reads files like eval.cd-sco.pl, which cannot evaluate them)"
    )


def test_crlf_system_against_lf_gold_in_exact_mode(run):
    assert run(GOLD, SYSTEM.replace("\n", "\r\n"), "--starsem-exact") == (
        "system.txt:6: expected an empty line as GOLD line 6, found a token line (CRLF line ends: "
        "--starsem-exact reads files like eval.cd-sco.pl, which cannot evaluate them)"
    )


def test_different_number_of_sentences_extended(run):
    """S22 in --extended."""
    assert run(GOLD, SYSTEM + sentence(["Yes"], [], 4) + "\n", "--extended") == (
        "system.txt: expected 3 sentences as in GOLD, found 4"
    )


def test_sentence_lengths_differ_extended(run):
    assert run(GOLD, edit(SYSTEM, 11, None), "--extended") == (
        "system.txt:7: expected 5 token lines in this sentence as in GOLD (line 7), found 4"
    )


def test_token_differs_extended(run):
    assert run(GOLD, cell(SYSTEM, 4, 4, "unhapy"), "--extended") == (
        "system.txt:4: expected token 3 'unhappy' (any case) as on GOLD line 4, found token 3 'unhapy'"
    )


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (
            ("--extended", "--starsem-exact"),
            "--extended: expected either --extended or --starsem-exact, found both",
        ),
        (("-t", "speculation"), "--task: expected --extended with --task, found --task alone"),
        (("--extended", "--task", "other"), "--task: expected negation or speculation, found 'other'"),
    ],
)
def test_usage_errors(tmp_path, cli, flags, message):
    g, s = write(tmp_path, "g.txt", GOLD), write(tmp_path, "s.txt", SYSTEM)
    result = cli("starsem", "-g", g, "-s", s, *flags)
    assert (result.code, result.out, result.err) == (2, "", f"spanstudio: error: {message}\n")


def test_missing_gold_option(tmp_path, cli):
    s = write(tmp_path, "s.txt", SYSTEM)
    result = cli("starsem", "-s", s)
    assert (result.code, result.err) == (
        2,
        "spanstudio: error: --gold: expected a GOLD file (--gold PATH), found none\n",
    )


def test_output_not_writable(tmp_path, cli, read_only_folder):
    g, s = write(tmp_path, "g.txt", GOLD), write(tmp_path, "s.txt", SYSTEM)
    result = cli("starsem", "-g", g, "-s", s, "--json", read_only_folder / "x.json")
    assert result.err == (
        f"spanstudio: error: {read_only_folder}/x.json: expected a writable location, found permission denied\n"
    )


def test_inputs_are_never_written(tmp_path, cli):
    g, s = write(tmp_path, "g.txt", GOLD), write(tmp_path, "s.txt", SYSTEM)
    before = (g.read_bytes(), s.read_bytes())
    for flags in ALL:
        assert cli("starsem", "-g", g, "-s", s, *flags, "--json", tmp_path / "r.json").code == 0
    assert (g.read_bytes(), s.read_bytes()) == before
    assert Path(tmp_path / "r.json").exists()


def test_exact_mode_stops_where_v22_does_across_its_passes(run):
    """§3.8: v2.2 aligns both files (pass 1), then checks SYSTEM's format (pass 2), then
    reads the sentences (pass 3), each over the whole files: a later sentence's pass-1 or
    pass-2 failure is reported before an earlier sentence's pass-3 failure (a missing cue
    at line 7), and a pass-1 failure before a pass-2 one."""
    no_cue = cell(SYSTEM, 8, 8, "_")
    misaligned = cell(no_cue, 14, 4, "Dot")
    assert run(GOLD, misaligned, "--starsem-exact") == (
        "system.txt:14: expected 'story 3 1 .' in columns 1-4 as on GOLD line 14, found 'story 3 1 Dot'"
    )
    too_wide = edit(no_cue, 14, SYSTEM.split("\n")[13] + "\t_\t_\t_")
    assert run(GOLD, too_wide, "--starsem-exact") == (
        "system.txt:14: expected 8 fields as on line 13 (same sentence), found 11"
    )
    assert run(GOLD, edit(misaligned, 2, SYSTEM.split("\n")[1] + "\t_\t_\t_"), "--starsem-exact") == (
        "system.txt:14: expected 'story 3 1 .' in columns 1-4 as on GOLD line 14, found 'story 3 1 Dot'"
    )
