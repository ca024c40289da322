"""CoNLL-U Plus files (a first line `# global.columns = ID FORM … RELATE:NE` naming the
columns) read as CoNLL: their `#` lines are comments, and a column that holds no tags is
named in the message, with the one column named for named entities to read instead."""

from __future__ import annotations

import pytest

from engine.formats import conllu_plus

#: The columns of RELATE's Romanian corpora (MARCELL, LegalNERo): CoNLL-U's ten, then the
#: named entities (BIO) and a GeoNames id.
RELATE = "ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC RELATE:NE RELATE:GEONAMES"
ROWS = [("Ion", "B-PER", "_"), ("Popescu", "I-PER", "_"), ("merge", "O", "_"), ("la", "O", "_"),
        ("Cluj", "B-LOC", "681290"), (".", "O", "_")]  # fmt: skip


def _plus(path, columns: str = RELATE, rows=ROWS) -> str:
    lines = [f"# global.columns = {columns}", "# sent_id = 1", "# text = Ion Popescu merge la Cluj."]
    for number, (form, tag, geonames) in enumerate(rows, 1):
        lines.append("\t".join([str(number), form, form.lower(), "X", "_", "_", "0", "dep", "_", "_", tag, geonames]))
    path.write_text("\n".join(lines) + "\n\n", encoding="utf-8")
    return str(path)


def test_the_first_line_names_the_columns():
    assert conllu_plus.declared_columns(b"# global.columns = id form ner misc\n1\tLarry\tB-PER\t_\n") == [
        "id", "form", "ner", "misc"]  # fmt: skip
    assert conllu_plus.declared_columns(b"# global.columns = ID FORM") == ["ID", "FORM"]  # the only line
    assert conllu_plus.declared_columns(b"# global.columns =\n1\tx\n") is None
    assert conllu_plus.declared_columns(b"# text = x\n# global.columns = ID FORM\n") is None  # not first
    assert conllu_plus.declared_columns(b"") is None


def test_a_conllu_plus_file_reads_as_the_same_tags_in_two_columns(tmp_path, cli):
    """Its `#` lines are comments without --comment-prefix; the spans are those of token TAB tag."""
    plus = _plus(tmp_path / "gold.conllup")
    two = tmp_path / "system.conll"
    two.write_text("".join(f"{form}\t{tag}\n" for form, tag, _ in ROWS) + "\n", encoding="utf-8")
    read = cli("spans", plus, two, "--format", "conll", "--gold-token-column", "1", "--gold-tag-column", "10")
    assert (read.code, read.err) == (0, "")
    assert [line.split("\t")[:4] for line in read.out.splitlines()[1:3]] == [["LOC", "1", "0", "0"],
                                                                            ["PER", "1", "0", "0"]]  # fmt: skip


@pytest.mark.parametrize(
    ("columns", "options", "column", "way_on"),
    [
        (RELATE, [], "11 (counted from 0, RELATE:GEONAMES in the file's global.columns)",
         "--tag-column 10 (RELATE:NE, the one other column the file names for named entities)"),
        ("ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC NE NER", [],
         "11 (counted from 0, NER in the file's global.columns)",
         "--tag-column 10 (NE, the one other column the file names for named entities)"),  # not the one read
        ("ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC NE:A NE:B", ["--tag-column", "9"],
         "9 (counted from 0, MISC in the file's global.columns)",
         "--tag-column N (the file names its columns CoNLL-U's ten (ID … MISC), NE:A, NE:B)"),  # two: no choice made
        ("ID FORM UPOS PARSEME:MWE TAGS MORE", [], "11 (counted from 0)",
         "--tag-column N (the file names its columns ID, FORM, UPOS, PARSEME:MWE, TAGS, MORE)"),  # fewer names than columns
    ],
)  # fmt: skip
def test_a_column_without_tags_names_the_columns(tmp_path, cli, columns, options, column, way_on):
    path = _plus(tmp_path / "gold.conllup", columns)
    result = cli("spans", path, path, "--format", "conll", "--token-column", "1", *options)
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err.endswith(f"in column {column}; where the tags are in another column, read them with {way_on}\n")


def test_without_the_first_line_a_hash_line_is_no_comment(tmp_path, cli):
    """A `#` line is a comment only where the file declares CoNLL-U Plus columns (or with
    --comment-prefix): elsewhere it is a line of the file, as before."""
    path = tmp_path / "gold.conll"
    path.write_text("# text = Ion\nIon\tB-PER\n", encoding="utf-8")
    result = cli("spans", path, path, "--format", "conll")
    assert result.code == 2 and "(a comment line? --comment-prefix '#' skips it)" in result.err
