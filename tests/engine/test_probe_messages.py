"""Messages the command line gives on real files: a file without BIO columns named as
vertical text, a two-column TAB file given to FairEval, a text that differs (the character
counted from 0 in every method), and runs in which neither side holds a span."""

from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).parent.parent / "data"

GERMEVAL = "1\tSchartau\tB-PER\tO\n2\tsagte\tO\tO\n\n1\tin\tO\tO\n2\tBerlin\tB-LOC\tO\n"


def test_vertical_text_without_a_bio_column_says_so_and_names_conll(cli, tmp_path):
    path = tmp_path / "germeval.tsv"
    path.write_text(GERMEVAL, encoding="utf-8")
    result = cli("spans", path, path, "--format", "vrt")
    assert result.code == 2
    assert result.err == (f"spanstudio: error: {path}: expected vertical text: a token, then BIO columns (O, B-X, "
                          "I-X), found no BIO column after the token (CoNLL columns: --format conll, --token-column, "
                          "--tag-column)\n")  # fmt: skip
    assert cli("spans", path, path, "--format", "conll", "--token-column", "1", "--tag-column", "2").code == 0


@pytest.mark.parametrize("name", ["ner.tsv", "gold.conll", "ner.bio", "ner.iob", "ner.txt"])
def test_faireval_reads_two_tab_columns_named_as_conll_as_conll(cli, tmp_path, name):
    """A token TAB tag file named as CoNLL is CoNLL (it was taken for vertical text and refused)."""
    path = tmp_path / name
    path.write_text("Ann\tB-PER\nmet\tO\n\nBob\tB-PER\n", encoding="utf-8")
    result = cli("faireval", path, path)
    assert result.code == 0, result.err
    assert result.out == cli("faireval", path, path, "--format", "conll").out


@pytest.mark.parametrize("name", ["ner.vrt", "ner"])
def test_faireval_on_two_tab_columns_not_named_as_conll_names_format_conll_too(cli, tmp_path, name):
    path = tmp_path / name
    path.write_text("Ann\tB-PER\nmet\tO\n\nBob\tB-PER\n", encoding="utf-8")
    result = cli("faireval", path, path)
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err.endswith("did you mean 'spanstudio clueval', 'spanstudio spans' or 'spanstudio nervaluate', "
                               "or 'spanstudio faireval --format conll' (CoNLL columns)?\n")  # fmt: skip
    assert cli("faireval", path, path, "--format", "conll").code == 0


def _brat(folder, text: str):
    folder.mkdir()
    (folder / "d.txt").write_text(text, encoding="utf-8")
    (folder / "d.ann").write_text("T1\tPER 4 7\tmet\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize("command", ["spans", "agreement"])
def test_a_differing_text_names_the_character_counted_from_0(cli, tmp_path, command):
    """The first character differs: character 0 for spans and agreement alike (agreement said 1)."""
    a, b = _brat(tmp_path / "a", "Ann met Bob.\n"), _brat(tmp_path / "b", "Xnn met Bob.\n")
    result = cli(command, a, b)
    assert result.code == 2 and result.err.count("\n") == 1
    assert "at character 0 (counted from 0)" in result.err and "character 1" not in result.err


def test_a_differing_brat_text_names_both_txt_files_and_the_line(cli, tmp_path):
    """A brat folder pair names the system's .txt (and the line), gold's .txt, not the folder."""
    a, b = _brat(tmp_path / "a", "Ann met\nBob.\n"), _brat(tmp_path / "b", "Ann met\nBox.\n")
    result = cli("faireval", a, b)
    assert result.code == 2
    assert result.err == (f"spanstudio: error: {b / 'd.txt'}:2: expected the text of gold's {a / 'd.txt'} (up to "
                          "line ends and spacing), found «x.⏎» at character 10 (counted from 0) where gold has "
                          "«b.⏎» (character 10; ⏎ is a line break)\n")  # fmt: skip
    assert cli("agreement", a, b).err.startswith(f"spanstudio: error: {b / 'd.txt'}: expected document 'd'")


def test_a_differing_text_is_quoted_as_a_person_reads_it(cli):
    """bratly's pair whose system text is masked: line breaks shown as ⏎ (not '\\n' escapes), tabs as ⇥."""
    folder = DATA / "formats" / "brat" / "bratly" / "test3"
    gold, system = folder / "medina", folder / "tmp"
    result = cli("spans", gold, system)
    assert result.code == 2 and "\\n" not in result.err
    assert result.err.endswith("found «XXXX chercheur,⏎⏎Nou» at character 0 (counted from 0) where gold has "
                               "«Cher chercheur,⏎⏎Nou» (character 0; ⏎ is a line break)\n")  # fmt: skip
    assert cli("agreement", gold, system).err.endswith(
        "to have one text for every annotator, found tmp's text differs "
        "from medina's at character 0 (counted from 0): medina has «Cher cherche», tmp has «XXXX cherche»\n")


def test_a_differing_tab_is_named(cli, tmp_path):
    a, b = _brat(tmp_path / "a", "Ann met\tBob.\n"), _brat(tmp_path / "b", "Ann met Box.\n")
    assert cli("agreement", a, b).err.endswith("a has «⇥Bob.⏎», b has « Box.⏎» (⏎ is a line break, ⇥ a tab)\n")


def test_a_text_differing_only_in_spacing_is_not_called_a_normalization_difference(cli, tmp_path):
    a, b = _brat(tmp_path / "a", "Ann met\tBob.\n"), _brat(tmp_path / "b", "Ann met Bob.\n")
    result = cli("agreement", a, b)
    assert result.err.endswith("a has «⇥Bob.⏎», b has « Bob.⏎» (⏎ is a line break, ⇥ a tab)\n")
    assert "normalization" not in result.err


def test_a_differing_text_in_a_folder_of_conll_files_names_both_files(cli, tmp_path):
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    (tmp_path / "a" / "x.conll").write_text("Ann\tB-PER\nmet\tO\n", encoding="utf-8")
    (tmp_path / "b" / "x.conll").write_text("Ann\tB-PER\nmot\tO\n", encoding="utf-8")
    result = cli("spans", tmp_path / "a", tmp_path / "b", "--format", "conll")
    assert result.code == 2
    assert result.err.startswith(f"spanstudio: error: {tmp_path / 'b' / 'x.conll'}: expected the text of gold's "
                                 f"{tmp_path / 'a' / 'x.conll'} (up to")  # fmt: skip


@pytest.mark.parametrize("method", ["spans", "nervaluate", "clueval"])
def test_no_span_on_either_side_is_warned_of_naming_the_option(cli, tmp_path, method):
    path = tmp_path / "tags.conll"
    path.write_text("Ann\tB-PER\tO\nmet\tO\tO\n", encoding="utf-8")
    result = cli(method, path, path, "--format", "conll")  # the last column: all O
    assert result.code == 0
    assert ("warning: neither gold nor system holds a span: every score is 0 (a layer, feature or column "
            "without annotations? see --tag-column)") in result.err  # fmt: skip
    assert "neither gold nor system" not in cli(method, path, path, "--format", "conll", "--tag-column", "1").err


def test_a_comment_line_with_another_number_of_columns_suggests_the_comment_prefix(cli, tmp_path):
    path = tmp_path / "germeval.tsv"
    path.write_text("#\thttp://de.wikipedia.org/wiki/Bonn\t[2009-10-17]\n" + GERMEVAL, encoding="utf-8")
    result = cli("spans", path, path, "--format", "conll", "--token-column", "1", "--tag-column", "2")
    assert result.code == 2
    assert result.err == (f"spanstudio: error: {path}:1: expected 4 columns as on most token lines of the file, "
                          "found 3 columns (a comment line? --comment-prefix '#' skips it)\n")  # fmt: skip
    options = ("--format", "conll", "--token-column", "1", "--tag-column", "2", "--comment-prefix", "#")
    assert cli("spans", path, path, *options).code == 0
