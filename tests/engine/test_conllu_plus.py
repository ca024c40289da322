"""CoNLL-U Plus files (a first line `# global.columns = ID FORM … RELATE:NE` naming the
columns) read as CoNLL: their `#` lines are comments, and a column that holds no tags is
named in the message, with the one column named for named entities to read instead."""

from __future__ import annotations

import json
import re
from pathlib import Path

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
    assert conllu_plus.declared_columns(b"# global.columns =\n1\tx\n") == []  # names none: the reader says so
    assert conllu_plus.declared_columns(b"# text = x\n# global.columns = ID FORM\n") is None  # not first
    assert conllu_plus.declared_columns(b"") is None


@pytest.mark.parametrize("body", ["1\tIon\tB-PER\n2\tmerge\tO\n\n", "Ion\tB-PER\nmerge\tO\n\n", ""])
def test_a_first_line_naming_no_columns_is_said_to(tmp_path, cli, body):
    """`# global.columns =` and nothing after it: the line was read as a token line (an error
    about its columns on another line, or vertical text for two TAB columns of BIO tags)."""
    path = tmp_path / "gold.conllup"
    path.write_text(f"# global.columns =\n# sent_id = 1\n{body}", encoding="utf-8")
    expected = (f"spanstudio: error: {path}:1: expected column names after `global.columns =` (CoNLL-U Plus: "
                "`# global.columns = ID FORM … NE`; or --comment-prefix '#' to read the line as a comment), "
                "found none\n")  # fmt: skip
    for args in ([], ["--format", "conll"]):
        assert (result := cli("spans", path, path, *args)).code == 2 and result.err == expected
    assert (result := cli("agreement", path, path, "--names", "a", "b")).code == 2 and result.err == expected
    if body:
        assert cli("spans", path, path, "--comment-prefix", "#", "--token-column", "-2").code == 0


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
        (RELATE, ["--tag-column", "11"], "11 (counted from 0, RELATE:GEONAMES in the file's global.columns)",
         "--tag-column 10 (RELATE:NE, the one other column the file names for named entities)"),  # given: read
        ("ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC NE NER", ["--tag-column", "11"],
         "11 (counted from 0, NER in the file's global.columns)",
         "--tag-column 10 (NE, the one other column the file names for named entities)"),  # not the one read
        ("ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC NE:A NE:B", ["--tag-column", "9"],
         "9 (counted from 0, MISC in the file's global.columns)",
         "--tag-column N (the file names its columns CoNLL-U's ten (ID … MISC), NE:A, NE:B)"),  # two: no choice made
        ("ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS NE:A NE:B GEO", [],
         "11 (counted from 0, GEO in the file's global.columns)",
         "--tag-column N (the file names its columns ID, FORM, LEMMA, UPOS, XPOS, FEATS, HEAD, DEPREL, DEPS, "
         "NE:A, NE:B, GEO)"),  # not given, two named: none read in its stead
        ("ID FORM UPOS PARSEME:MWE TAGS MORE", [], "11 (counted from 0)",
         "--tag-column N (the file names its columns ID, FORM, UPOS, PARSEME:MWE, TAGS, MORE)"),  # fewer names than columns
    ],
)  # fmt: skip
def test_a_column_without_tags_names_the_columns(tmp_path, cli, columns, options, column, way_on):
    path = _plus(tmp_path / "gold.conllup", columns)
    result = cli("spans", path, path, "--format", "conll", "--token-column", "1", *options)
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err.endswith(f"in column {column}; where the tags are in another column, read them with {way_on}\n")


@pytest.mark.parametrize("method", ["spans", "agreement"])
def test_where_the_last_column_holds_no_tags_the_one_named_for_named_entities_is_read(tmp_path, cli, method):
    """No tag column given, the last (RELATE:GEONAMES) holds none, one column is named for named
    entities: it is read, as with --tag-column 10, and a warning and the report's reading say so."""
    path = _plus(tmp_path / "gold.conllup")
    names = ["--names", "a", "b"] if method == "agreement" else []
    said = ("the last column (RELATE:GEONAMES) holds no tags: the tags are read from column 10 (counted "
            "from 0, RELATE:NE), the one column the file names for named entities")  # fmt: skip
    read = cli(method, path, path, *names, "--json", tmp_path / "read.json")
    given = cli(method, path, path, *names, "--tag-column", "10", "--json", tmp_path / "given.json")
    assert (read.code, read.out) == (0, given.out) and f"warning: {path}: {said} (--" in read.err
    assert said not in given.err
    if method == "spans":
        reading = json.loads((tmp_path / "read.json").read_text(encoding="utf-8"))["reading"]
        assert reading[0] == f"{path}: tags read as IOB2 (detected), strict reading; {said}"


@pytest.mark.parametrize(("method", "flags"), [
    ("spans", ["--tag-column", "-1"]), ("spans", ["--gold-tag-column", "-1", "--system-tag-column", "-1"]),
    ("agreement", ["--tag-column", "-1"])])  # fmt: skip
def test_an_explicit_last_tag_column_reads_the_last_column(tmp_path, cli, method, flags):
    """`--tag-column -1` given is the last column, as the option's help says: its error is that of
    --tag-column 11, with no fallback to the column named for named entities (the option left
    unset takes that one: it read RELATE:NE with -1 given)."""
    path = _plus(tmp_path / "gold.conllup")
    names = ["--names", "a", "b"] if method == "agreement" else []
    last = cli(method, path, path, *names, *flags)
    numbered = cli(method, path, path, *names, *[("11" if flag == "-1" else flag) for flag in flags])
    assert last.code == numbered.code == 2 and last.err == numbered.err
    assert "found '_' in column 11 (counted from 0, RELATE:GEONAMES" in last.err


def test_where_the_column_named_for_named_entities_holds_no_tags_either_the_last_ones_error_is_given(
    tmp_path, cli
):
    """The error is the last column's, not one about the column read in its stead, which the
    user did not ask for (review36), and it says that column holds none either (review37)."""
    rows = [(form, "_", geonames) for form, _, geonames in ROWS]
    path = _plus(tmp_path / "gold.conllup", rows=rows)
    result = cli("spans", path, path)
    assert result.code == 2 and result.err.count("\n") == 1
    assert "in column 11 (counted from 0, RELATE:GEONAMES in the file's global.columns)" in result.err
    assert result.err.endswith(
        "GEONAMES in the file's global.columns), and no tag in column 10 (counted from 0, RELATE:NE); where the tags "
        "are in another column, read them with --tag-column N (the file names its columns CoNLL-U's ten (ID … MISC), "
        "RELATE:NE, RELATE:GEONAMES)\n")


def test_where_the_column_named_for_named_entities_holds_a_bad_tag_that_fault_is_named(tmp_path, cli):
    """Its tags read, one of them wrong (a bare label among prefixed tags): the error is that
    column's own, as with --tag-column given (final20: it said the column held no tag)."""
    rows = [(form, "X" if k == 0 else tag, "_") for k, (form, tag, _) in enumerate(ROWS)]
    path = _plus(tmp_path / "gold.conllup", rows=rows)
    given = cli("spans", path, path, "--tag-column", "10")
    read = cli("spans", path, path)
    assert read.code == given.code == 2 and read.err == given.err and "found 'X'" in read.err


def test_the_tags_parts_are_found_for_each_scheme_asked(tmp_path):
    """ColumnFile.tag_parts answers for the scheme asked, not the first: bare labels without O are
    tags with the scheme IO chosen, and no tags without it."""
    from engine.errors import InputError
    from engine.formats.conll import ColumnFile
    from engine.formats.standoff import ReadOptions

    path = tmp_path / "io.conll"
    path.write_text("Ion\tPER\nCluj\tLOC\n\n", encoding="utf-8")
    columns = ColumnFile.read(str(path), ReadOptions(scheme="IO"))
    assert columns.tag_parts(ReadOptions(scheme="IO")).label_names == ["PER", "LOC"]
    with pytest.raises(InputError, match="read them with --scheme IO"):
        columns.tag_parts(ReadOptions())


def test_without_the_first_line_a_hash_line_is_no_comment(tmp_path, cli):
    """A `#` line is a comment only where the file declares CoNLL-U Plus columns (or with
    --comment-prefix): elsewhere it is a line of the file, as before."""
    path = tmp_path / "gold.conll"
    path.write_text("# text = Ion\nIon\tB-PER\n", encoding="utf-8")
    result = cli("spans", path, path, "--format", "conll")
    assert result.code == 2 and "(a comment line? --comment-prefix '#' skips it)" in result.err


#: A CoNLL-U Plus file of RELATE's columns with CoNLL-U's lines that are no words: ranges of
#: multiword tokens (`2-3 del`, as Spanish, French, Italian UD files write contractions;
#: PARSEME's French Sequoia .cupt has `18-19 des _ … *`) and an empty node (`5.1`), inside
#: spans and between them. The same file without them (WORDS_ONLY) holds the same spans.
WITH_RANGES = """# global.columns = ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC RELATE:NE
# sent_id = 1
1\tMuseo\tmuseo\tNOUN\t_\t_\t0\troot\t_\t_\tB-ORG
2-3\tdel\t_\t_\t_\t_\t_\t_\t_\t_\t_
2\tde\tde\tADP\t_\t_\t4\tcase\t_\t_\tI-ORG
3\tel\tel\tDET\t_\t_\t4\tdet\t_\t_\tI-ORG
4\tPrado\tPrado\tPROPN\t_\t_\t1\tnmod\t_\t_\tI-ORG
5\tabre\tabrir\tVERB\t_\t_\t1\tacl\t_\t_\tO
5.1\tabre\tabrir\tVERB\t_\t_\t_\t_\t1:conj\t_\t_
6-7\tal\t_\t_\t_\t_\t_\t_\t_\t_\t_
6\ta\ta\tADP\t_\t_\t7\tcase\t_\t_\tO
7\tel\tel\tDET\t_\t_\t8\tdet\t_\t_\tO
8\tpúblico\tpúblico\tNOUN\t_\t_\t5\tobl\t_\t_\tO

# sent_id = 2
1-2\tdella\t_\t_\t_\t_\t_\t_\t_\t_\t_
1\tdi\tdi\tADP\t_\t_\t3\tcase\t_\t_\tO
2\tla\tla\tDET\t_\t_\t3\tdet\t_\t_\tO
3\tRoma\tRoma\tPROPN\t_\t_\t0\troot\t_\t_\tB-LOC
3.1\tè\tessere\tAUX\t_\t_\t_\t_\t3:cop\t_\t_
"""
WORDS_ONLY = "".join(line for line in WITH_RANGES.splitlines(keepends=True)
                     if line.startswith("#") or not line.strip() or line.split("\t")[0].isdigit())  # fmt: skip


def test_multiword_token_ranges_and_empty_nodes_are_no_words(tmp_path):
    """Where a file's first column is ID, its range lines and empty nodes are skipped: the
    document's text is the words (`Museo de el Prado`, not `del`), the spans are over them."""
    from engine.formats import conll
    from engine.formats.standoff import ReadOptions

    assert "2-3\t" not in WORDS_ONLY and "5.1\t" not in WORDS_ONLY and "2\tde\t" in WORDS_ONLY
    (tmp_path / "a.conllup").write_text(WITH_RANGES, encoding="utf-8")
    (tmp_path / "b.conllup").write_text(WORDS_ONLY, encoding="utf-8")
    read = [conll.read(str(tmp_path / name), ReadOptions()) for name in ("a.conllup", "b.conllup")]
    text = read[0].documents[0].tokens
    assert text == "Museo de el Prado abre a el público\ndi la Roma"
    assert [(text[s.start : s.end], s.label) for s in read[0].spans] == [("Museo de el Prado", "ORG"),
                                                                         ("Roma", "LOC")]  # fmt: skip
    assert text == read[1].documents[0].tokens and list(read[0].spans) == list(read[1].spans)
    assert read[0].spans.tokens is not None
    assert [t.tolist() for t in read[0].spans.tokens] == [t.tolist() for t in read[1].spans.tokens]


@pytest.mark.parametrize("method", ["spans", "nervaluate", "agreement"])
def test_the_methods_score_a_file_with_ranges_as_the_one_without(tmp_path, cli, method):
    """spans, nervaluate and agreement: the file with range lines and empty nodes against a
    system of the words only scores as the words only against themselves (every span found)."""
    import json

    (tmp_path / "r").mkdir(), (tmp_path / "w").mkdir()
    ranges, words = tmp_path / "r" / "gold.conllup", tmp_path / "w" / "gold.conllup"  # one name: agreement's
    ranges.write_text(WITH_RANGES, encoding="utf-8")
    words.write_text(WORDS_ONLY, encoding="utf-8")
    system = tmp_path / "system.conllup"  # a span missed: scores other than 1 compared too
    system.write_text(WORDS_ONLY.replace("B-LOC", "O"), encoding="utf-8")
    runs = [cli(method, gold, system, "--json", "-") for gold in (ranges, words)]
    assert [r.code for r in runs] == [0, 0], runs[0].err
    reports = [json.loads(r.out) for r in runs]
    for report in reports:
        report.pop("created", None), report.pop("input_files", None)
        for key in ("envelope", "meta"):
            if isinstance(report.get(key), dict):
                report[key].pop("created", None), report[key].pop("input_files", None)
    assert json.dumps(reports[0]).replace(str(ranges), str(words)) == json.dumps(reports[1])
    assert str(ranges) in runs[0].out


def test_a_file_not_declaring_its_columns_keeps_a_range_line_as_a_token(tmp_path):
    """Without `# global.columns = ID …` a line `1-2` is a token line, as before (its tag read)."""
    from engine.errors import InputError
    from engine.formats import conll
    from engine.formats.standoff import ReadOptions

    path = tmp_path / "plain.conll"
    body = "\n".join(line for line in WITH_RANGES.splitlines() if not line.startswith("#"))
    path.write_text(body + "\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        conll.read(str(path), ReadOptions(token_column=1))
    assert caught.value.line == 2 and "found '_' in column 10 (counted from 0)" in str(caught.value)
    path.write_text(re.sub(r"\t_$", "\tO", body, flags=re.MULTILINE) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match="found 'I-ORG' after 'O'"):  # the range line a token tagged O
        conll.read(str(path), ReadOptions(token_column=1))
    read = conll.read(str(path), ReadOptions(token_column=1, reading="conlleval"))
    assert read.documents[0].tokens.startswith("Museo del de el Prado abre abre al a el público\n")
    path.write_text(WITH_RANGES.replace("ID FORM", "NUM FORM", 1), encoding="utf-8")  # first column not ID
    with pytest.raises(InputError, match="found '_' in column 10"):
        conll.read(str(path), ReadOptions())


def test_the_tokens_are_read_from_form_unless_a_token_column_is_given(tmp_path, cli):
    """Without --token-column a CoNLL-U Plus file's tokens are its FORM column (the file names it),
    and the JSON report's options name none; --token-column 0 is given, and reads ID (a system
    of the words then has another text); a file naming no FORM, or none, reads the first column."""
    import json

    gold, system = tmp_path / "gold.conllup", tmp_path / "system.conllup"
    gold.write_text(WITH_RANGES, encoding="utf-8")
    system.write_text(WORDS_ONLY, encoding="utf-8")
    for method in ("spans", "agreement"):
        options = json.loads(cli(method, gold, system, "--json", "-").out)["options"]
        assert options.get("token_column") is None and (method == "spans") == ("token_column" not in options)
        given = cli(method, gold, system, "--token-column", "0", "--json", "-")
        assert given.code == 0 and json.loads(given.out)["options"]["token_column"] == 0
    read = cli("spans", gold, system, "--gold-token-column", "0")
    assert read.code == 2 and "found «Museo de el Prado ab» at character 0" in read.err
    assert "where gold has «1 2 3 4 5 6 7 8" in read.err
    assert conllu_plus.form_column(["id", "form", "ner"]) == 1 and conllu_plus.form_column(["ID", "NE"]) == 0
    assert conllu_plus.form_column(None) == 0


def test_a_short_line_names_the_last_column_in_words(tmp_path, cli):
    """The short-line message says 'the last column' for the tag column's default (-1), not
    'column -1 (counted from 0)'."""
    path = tmp_path / "one.conllup"
    path.write_text("# global.columns = ID FORM NE\n1\tJohn\tB-PER\n2\n\n", encoding="utf-8")
    result = cli("spans", path, path, "--format", "conll")
    assert result.err == (f"spanstudio: error: {path}:3: expected a token in column 1 (counted from 0) and a tag "
                          "in the last column, found 1 column\n")  # fmt: skip


def test_a_range_line_carrying_a_tag_is_said_not_read(tmp_path):
    """A range line's own tag (`2-3 del I-LOC`) is not read, the spans are its words': a warning
    says so, with the line; a range line holding `_` or `*` carries none and says nothing."""
    from engine.formats import conll
    from engine.formats.standoff import ReadOptions

    rows = ["1\tMuseo\tB-LOC", "2-3\tdel\tI-LOC", "2\tde\tI-LOC", "3\tel\tI-LOC", "4\tPrado\tI-LOC", "5.1\tx\t*"]
    path = tmp_path / "museo.conllup"
    path.write_text("# global.columns = ID FORM NE\n" + "\n".join(rows) + "\n\n", encoding="utf-8")
    read = conll.read(str(path), ReadOptions())
    assert read.warnings == [f"{path}:3: a multiword-token line or empty node carries the tag 'I-LOC', not read: "
                             "the spans are read from its words' tags (one such line)"]  # fmt: skip
    assert [(s.start, s.end, s.label) for s in read.spans] == [(0, 17, "LOC")]  # Museo de el Prado
    rows[1] = "2-3\tdel\t_"
    path.write_text("# global.columns = ID FORM NE\n" + "\n".join(rows) + "\n\n", encoding="utf-8")
    assert conll.read(str(path), ReadOptions()).warnings == []


#: PARSEME's .cupt (CoNLL-U Plus): CoNLL-U's ten columns, then the MWE column (`*`, `1:LVC.full`).
PARSEME = """# global.columns = ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC PARSEME:MWE
# source_sent_id = . . x
# text = He took a walk.
1\tHe\the\tPRON\tPRP\t_\t2\tnsubj\t_\t_\t*
2\ttook\ttake\tVERB\tVBD\t_\t0\troot\t_\t_\t1:LVC.full
3\ta\ta\tDET\tDT\t_\t4\tdet\t_\t_\t*
4\twalk\twalk\tNOUN\tNN\t_\t2\tobj\t_\tSpaceAfter=No\t1
5\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_\t*

"""


def test_a_file_declaring_its_columns_is_recognised_without_format(tmp_path, cli):
    """A PARSEME .cupt read without --format says what --format conll says (the column read,
    --tag-column), not 'found none recognised': a file declaring its columns is CoNLL-U Plus."""
    path = tmp_path / "train.cupt"
    path.write_text(PARSEME, encoding="utf-8")
    plain, chosen = cli("spans", path, path), cli("spans", path, path, "--format", "conll")
    assert plain.code == chosen.code == 2 and plain.err == chosen.err
    assert "found '*' in column 10 (counted from 0, PARSEME:MWE in the file's global.columns)" in plain.err
    path.write_bytes(b"\xef\xbb\xbf" + PARSEME.encode())  # a byte-order mark before it, as the reader drops it
    assert cli("spans", path, path).err == plain.err


def test_a_conllu_plus_file_of_tags_reads_without_flags(tmp_path, cli):
    """Its NE column of BIO tags last, a CoNLL-U Plus file reads without --format, also of two
    columns (FORM NE), which a .vrt's sniffing would otherwise take for vertical text."""
    from engine.formats import detected_module

    relate = tmp_path / "relate.conllup"  # RELATE's columns without GEONAMES: the NE column last
    relate.write_text("".join(line.rsplit("\t", 1)[0].replace(" RELATE:GEONAMES", "") + "\n"
                              for line in Path(_plus(tmp_path / "with.conllup")).read_text().splitlines()),
                      encoding="utf-8")  # fmt: skip
    two = tmp_path / "two.conllup"
    two.write_text("# global.columns = FORM NE\n# text = Ion Popescu merge\nIon\tB-PER\nPopescu\tI-PER\n"
                   "merge\tO\n\n", encoding="utf-8")  # fmt: skip
    assert detected_module(two) == detected_module(relate) == "conll"
    for path in (relate, two):
        read = cli("spans", path, path)
        assert read.code == 0 and "PER\t1\t0\t0" in read.out


@pytest.mark.parametrize("name", ["decl.vrt", "decl.conll", "decl.conllup"])
def test_a_vertical_text_whose_first_line_reads_as_declared_columns_is_vertical_text(tmp_path, cli, name):
    """<text>/<s> structure tells a vertical text, even after a first line that reads
    `# global.columns = …`: CLUEval and the span methods read it as before."""
    from engine.formats import detected_module, sniffing

    path = tmp_path / name
    path.write_text('# global.columns = FORM NE\n<text id="a">\n<s>\nIon\tB-PER\nPopescu\tI-PER\nmerge\tO\n</s>\n'
                    "</text>\n", encoding="utf-8")  # fmt: skip
    assert detected_module(path) == "vrt" and not sniffing.conll(path.read_text(encoding="utf-8").splitlines())
    for method, scored in (("spans", "PER"), ("clueval", "100.0  100.0  100.0")):
        read = cli(method, path, path)
        assert read.code == 0 and scored in read.out, read.err


def test_the_tags_are_checked_as_the_file_is_read(tmp_path, monkeypatch):
    """A column that holds no tags stops the reading of the columns (the app's file box shows
    it); the tags' parts found then are those the spans are read with, found once."""
    from engine.errors import InputError
    from engine.formats import conll
    from engine.formats.standoff import ReadOptions

    path = _plus(tmp_path / "gold.conllup")
    with pytest.raises(InputError, match=r"found '_' in column 11 \(counted from 0, RELATE:GEONAMES"):
        conll.ColumnFile.read(path, ReadOptions(tag_column=11))
    found = []
    monkeypatch.setattr(conll, "_tag_parts", lambda columns, options, parts=conll._tag_parts: found.append(
        columns.name) or parts(columns, options))  # fmt: skip
    options = ReadOptions(tag_column=10)
    assert conll.choices(path, options)["label"] == ["LOC", "PER"]
    assert len(conll.read(path, options).spans.labels) == 2
    assert found == [path, path]
