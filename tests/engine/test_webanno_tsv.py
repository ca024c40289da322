"""WebAnno TSV 3.x reader: INCEpTION's own files (checked against the same documents as
XMI), generated files read back, and bad input."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.errors import InputError
from engine.formats import read_spans, uima_xmi, webanno_tsv
from engine.formats.spantable import reader_warnings
from engine.formats.standoff import ReadOptions
from tests.engine.span_samples import NAMED_ENTITY, covered, random_tsv_document, spans_of, write_webanno_tsv

DATA = Path(__file__).resolve().parent.parent / "data" / "formats" / "webanno-tsv"
SUITE = DATA / "tsv3-suite"
POS = "de.tudarmstadt.ukp.dkpro.core.api.lexmorph.type.pos.POS"


# --- INCEpTION's files -----------------------------------------------------------------


def test_example_named_entities_with_multi_token_and_stacked_spans():
    found = webanno_tsv.read(str(DATA / "example2.tsv"))
    assert covered(found) == [
        ("PER", "Ms. Haag"), ("OTH", "Elianti"), ("ORG", "Rolls-Royce Motor"), ("LOC", "U.S."), ("LOC", "U.S."),
        ("PER", "BELL"), ("ORG", "BELL INDUSTRIES Inc."), ("ORG", "Bell"), ("LOC", "Los Angeles"),
    ]  # fmt: skip
    doc = found.documents[0]
    assert doc.name == "example2" and found.format == "webanno-tsv" and found.warnings == []
    assert doc.units[:2] == [(0, 24), (25, 130)]  # sentences end before their line break
    assert doc.tokens[:25] == "Ms. Haag plays Elianti .\n"
    assert doc.token_bounds[:3] == [(0, 3), (4, 8), (9, 14)]
    assert len(doc.token_bounds) == sum(1 for line in (DATA / "example2.tsv").open() if line[:1].isdigit())


def test_layer_and_feature_are_picked_by_name_or_short_name():
    path = str(DATA / "example2.tsv")
    each = {f"feature:{POS}": ["PosValue"], f"feature:{NAMED_ENTITY}": ["value"]}
    assert webanno_tsv.choices(path) == {"layer": [POS, NAMED_ENTITY], "feature": ["value"], **each}
    assert webanno_tsv.choices(path, ReadOptions(layer="POS")) == {"layer": [POS, NAMED_ENTITY], "feature": ["PosValue"], **each}
    pos = webanno_tsv.read(path, ReadOptions(layer="POS", feature="PosValue"))
    assert len(pos.spans) == len(pos.documents[0].token_bounds)
    assert covered(pos)[:3] == [("NNP", "Ms."), ("NNP", "Haag"), ("VBD", "plays")]


def test_chain_columns_are_counted_and_skipped():
    found = webanno_tsv.read(str(DATA / "coref.tsv"), ReadOptions(layer="NamedEntity"))
    assert covered(found)[:4] == [("PER", "Grubach"), ("PER", "Bürstner"), ("PER", "Josef K."), ("PER", "Grubach")]
    assert len(found.spans) == 72 + 2 and {s.label for s in found.spans} == {"PER"}
    lemmas = webanno_tsv.read(str(DATA / "coref.tsv"), ReadOptions(layer="Lemma"))
    assert covered(lemmas)[:3] == [("Verhaftung", "Verhaftung"), ("–", "–"), ("Gespräch", "Gespräch")]


SUITE_CASES = sorted(p.name for p in SUITE.iterdir() if p.is_dir())


@pytest.mark.parametrize("case", SUITE_CASES)
def test_suite_reads_as_its_xmi(case):
    """INCEpTION's round-trip suite: the TSV holds the same annotations as the XMI (layer
    webanno.custom.Span there, NamedEntity here); its rebuilt text keeps the last line break."""
    options = ReadOptions(missing_label="(none)")
    tsv = webanno_tsv.read(str(SUITE / case / "reference.tsv"), options)
    xmi = uima_xmi.read(str(SUITE / case / "reference.xmi"), ReadOptions(
        typesystem=str(SUITE / "webanno_types.xml"), missing_label="(none)"))  # fmt: skip
    assert spans_of(tsv) == spans_of(xmi)
    assert tsv.documents[0].tokens == xmi.documents[0].tokens + "\n"
    assert tsv.documents[0].units == xmi.documents[0].units
    assert tsv.documents[0].token_bounds == xmi.documents[0].token_bounds
    assert len(tsv.warnings) == len(xmi.warnings)


def test_suite_special_cases():
    emoji = webanno_tsv.read(str(SUITE / "testSentenceWithEmoji" / "reference.tsv"), ReadOptions(missing_label="?"))
    assert covered(emoji) == [("?", "😊")] and spans_of(emoji) == [(10, 11, "?")]  # UTF-16 12-14 → 10-11
    symbols = webanno_tsv.read(str(SUITE / "testTokenBoundedSpanWithSpecialSymbolsValue" / "reference.tsv"))
    assert {s.label for s in symbols.spans} == {"#*'\"`´\t:;{}|[ ]()\\§$%?=&_\n"}
    zero = webanno_tsv.read(str(SUITE / "testZeroLengthSpansWithFeatureValues" / "reference.tsv"))
    assert zero.spans == []
    assert zero.warnings == [
        f"{SUITE / 'testZeroLengthSpansWithFeatureValues' / 'reference.tsv'}: 2 zero-length annotations dropped "
        "(a span without characters cannot be scored), the first at line 7"
    ]
    sub = webanno_tsv.read(str(SUITE / "testSubMultiTokenSpanWithFeatureValue" / "reference.tsv"))
    assert ("7", "aaaaaa bbb") in covered(sub) and ("9", "aaa bbbbbb ccc") in covered(sub)  # end: last row in file
    joined = webanno_tsv.read(str(SUITE / "testTwoSentencesWithNoSpaceInBetween" / "reference.tsv"))
    assert joined.documents[0].tokens == "onetwo\n" and joined.documents[0].units == [(0, 3), (3, 6)]


def test_a_layer_whose_only_feature_is_a_slot_has_annotations_without_a_value():
    """INCEpTION's SimpleLinkHost (tsv3-suite): its one column holds the roles of each
    annotation's links (`p1;p2`, `*;*[1]`) and the next their targets; neither is a value
    (the layer has none), so each annotation is one without a value (--missing-label)."""
    slots = DATA / "slots"
    host = ReadOptions(layer="SimpleLinkHost", missing_label="M")
    roles = webanno_tsv.read(str(slots / "testMultiTokenSlotFeature.tsv"), host)
    assert [(s.start, s.end, s.label) for s in roles.spans] == [(0, 4, "M")]
    stacked = webanno_tsv.read(str(slots / "testStackedSimpleSlotFeatureWithoutValues.tsv"), host)
    assert [(s.start, s.end, s.label) for s in stacked.spans] == [(0, 4, "M"), (0, 4, "M")]
    with pytest.raises(InputError, match=r"testMultiTokenSlotFeature.tsv:7: expected a value for every "
                       r"annotation .*, found 'p1;p2' \(the roles of a slot feature's links"):  # fmt: skip
        webanno_tsv.read(str(slots / "testMultiTokenSlotFeature.tsv"), ReadOptions(layer="SimpleLinkHost"))
    spans = webanno_tsv.read(str(slots / "testMultiTokenSlotFeature.tsv"), ReadOptions(layer="SimpleSpan",
                                                                                     missing_label="M"))  # fmt: skip
    assert [(s.start, s.end, s.label) for s in spans.spans] == [(5, 9, "M"), (10, 16, "M")]


def test_sniff_names_only_webanno_tsv():
    assert webanno_tsv.sniff(["#FORMAT=WebAnno TSV 3.3", "#T_SP=x|value"])
    assert webanno_tsv.sniff(["\ufeff#FORMAT=WebAnno TSV 3.2"])
    assert not webanno_tsv.sniff(["#FORMAT=WebAnno TSV 2", "#id=1"])
    assert not webanno_tsv.sniff(["1-1\t0-3\tMs.\tPER", "1-2\t4-8\tHaag\tPER"])
    assert not webanno_tsv.sniff([])


# --- generated files -------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_generated_files_read_back(tmp_path, seed):
    """Random text (emoji, CRLF inside sentences, TABs, backslashes), sentences with and without
    space between them, multi-token, cross-sentence, stacked and sub-token spans with labels
    that need every escape; the file itself with LF or CRLF line ends."""
    rnd = random.Random(seed)
    doc = random_tsv_document(rnd)
    path = tmp_path / "generated.tsv"
    path.write_bytes(write_webanno_tsv(doc, rnd, crlf=seed % 2 == 1).encode("utf-8"))
    found = webanno_tsv.read(str(path))
    assert found.documents[0].tokens == doc.text()
    assert spans_of(found) == doc.expected_spans()
    assert found.documents[0].token_bounds == [(start, end) for _, start, end in doc.tokens()]
    starts = doc.sentence_starts()
    assert found.documents[0].units == [(s, s + len(t)) for s, t in zip(starts, doc.sentences, strict=True)]
    dropped = sum(1 for _, start, end, _ in doc.inner_spans if start == end)
    assert len(found.warnings) == (1 if dropped else 0)
    assert not dropped or f" {dropped} zero-length" in found.warnings[0]
    identifiers = webanno_tsv.read(str(path), ReadOptions(feature="identifier", missing_label="?"))
    assert sorted((s.start, s.end) for s in identifiers.spans) == [(a, b) for a, b, _ in doc.expected_spans()]


def test_stacked_values_escapes_and_numbers(tmp_path):
    """A `|` after an escaped backslash stacks, one escaped does not; `[01]` and `[1]` are
    two annotations, `[١]` (an Arabic-Indic one) a third; an empty value is a label too."""
    path = tmp_path / "cells.tsv"
    path.write_text(
        HEADER + "#Text=a b c d e\n"
        "1-1\t0-1\ta\tA[01]|B[1]|\\\\|[2]|x\\|y\t\n"
        "1-2\t2-3\tb\tA[01]|B[1]|\\\\|[2]\t\n"
        "1-3\t4-5\tc\tB[1]|C[\u0661]||*\t\n"
        "1-4\t6-7\td\t_\t\n"
        "1-5\t8-9\te\tD\\]|E\\\\|C[\u0661]\t\n",
        encoding="utf-8",
    )
    found = webanno_tsv.read(str(path), ReadOptions(missing_label="?"))
    assert [(s.start, s.end, s.label) for s in found.spans] == [
        (0, 1, "\\"), (0, 1, "x|y"), (0, 3, "A"), (0, 3, ""), (0, 5, "B"), (2, 3, "\\"), (4, 5, ""),
        (4, 5, "?"), (4, 9, "C"), (8, 9, "D]"), (8, 9, "E\\"),
    ]  # fmt: skip
    assert found.spans == list(found.spans) and found.spans != list(found.spans)[1:]  # kept as arrays
    assert found.documents[0].token_bounds == [(0, 1), (2, 3), (4, 5), (6, 7), (8, 9)]


def test_a_file_without_rows_has_no_text(tmp_path):
    path = tmp_path / "empty.tsv"
    path.write_text(HEADER + "#Text=abc\n", encoding="utf-8")
    found = webanno_tsv.read(str(path))
    assert (found.documents[0].tokens, list(found.spans), found.documents[0].units) == ("", [], [])


# --- bad input -------------------------------------------------------------------------

HEADER = "#FORMAT=WebAnno TSV 3.3\n#T_SP=de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity|value\n\n\n"


@pytest.mark.parametrize(
    ("content", "line", "expected"),
    [
        ("#FORMAT=WebAnno TSV 2.0\n", 1, "#FORMAT=WebAnno TSV 3.x"),
        ("1-1\t0-3\tabc\tPER\t\n", 1, "#FORMAT=WebAnno TSV 3.x"),
        (HEADER + "#Text=abc\n1-1\t0-3\tabc\n", 6, "4 TAB-separated fields"),
        (HEADER + "#Text=abc\n1-1\t0-x\tabc\tPER\t\n", 6, "offsets 'begin-end'"),
        (HEADER + "#Text=abc\n1-1\t0-\u0663\tabc\tPER\t\n", 6, "offsets 'begin-end'"),  # an Arabic-Indic 3
        (HEADER + "#Text=abc\n1-1\t0-4\tabc\tPER\t\n", 6, "within the sentence's text"),
        # a token longer than the text: its bytes past the text's end were read (IndexError)
        (HEADER + "#Text=abc\n1-1\t0-3\tabcdefghijklmnopqrstuvwxyz\tPER\t\n", 6,
         "the token 'abcdefghijklmnopqrstuvwxyz' to match"),
        (HEADER + "#Text=abc def\n1-1\t0-3\tabc\t_\t\n1-2\t4-7\tdef\t*\t\n", 7, "a value for every annotation"),
        (HEADER + "#Text=abc\n1-1\t0-3\tabc\tPER[x]\t\n", 6, "an annotation number"),
        (HEADER + "1-1\t0-3\tabc\tPER\t\n", 5, "a '#Text=' line"),
        (HEADER + "#Text=a😊\n1-1\t0-2\ta😊\tPER\t\n", 6, "offsets between characters"),
        (HEADER + "#Text=abc\n1-1\t0-3\tabc\t_\t\n\n#Text=de\n2-1\t1-3\tde\t_\t\n", 9, "after the previous one"),
        ("\ufeff\ufeff" + HEADER + "#Text=abc\n1-1\t0-3\tabc\tPER\t\n", 1, "#FORMAT=WebAnno TSV 3.x"),  # one BOM dropped
        (HEADER + "#Text=ab\xe9\n1-1\t0-3\tab\xe9\tPER\t\n", 5, "UTF-8 text"),  # written as Latin-1 below
    ],
)
def test_bad_input_names_file_and_line(tmp_path, content, line, expected):
    path = tmp_path / "bad.tsv"
    path.write_text(content, encoding="latin-1" if "UTF-8" in expected else "utf-8")
    with pytest.raises(InputError) as caught:
        webanno_tsv.read(str(path))
    assert (caught.value.file, caught.value.line) == (str(path), line)
    assert expected in caught.value.expected
    assert str(caught.value).startswith(f"{path}:{line}: expected ")


def test_a_layer_or_feature_that_does_not_exist_lists_those_that_do():
    path = str(DATA / "example2.tsv")
    with pytest.raises(InputError) as caught:
        webanno_tsv.read(path, ReadOptions(layer="Chunk"))
    assert str(caught.value) == f"{path}: expected a span layer of this file ({POS}, {NAMED_ENTITY}), found 'Chunk'"
    with pytest.raises(InputError) as caught:
        webanno_tsv.read(path, ReadOptions(feature="identifier"))
    assert str(caught.value) == f"{path}: expected a feature of {NAMED_ENTITY} of this file (value), found 'identifier'"


def test_choices_without_a_default_layer(tmp_path):
    path = tmp_path / "two.tsv"
    path.write_text("#FORMAT=WebAnno TSV 3.3\n#T_SP=a.Pos|tag\n#T_SP=b.Chunk|kind|value\n\n\n#Text=x\n1-1\t0-1\tx\tN\tNP\tS\t\n")
    each = {"feature:a.Pos": ["tag"], "feature:b.Chunk": ["kind", "value"]}
    assert webanno_tsv.choices(str(path)) == {"layer": ["a.Pos", "b.Chunk"], "feature": [], **each}
    assert webanno_tsv.choices(str(path), ReadOptions(layer="Chunk")) == {"layer": ["a.Pos", "b.Chunk"], "feature": ["kind", "value"], **each}
    with pytest.raises(InputError) as caught:
        webanno_tsv.read(str(path))
    assert str(caught.value) == (f"{path}: expected a choice of span layer (one of: a.Pos, b.Chunk), found 2 and no "
                                 "default: choose one with --layer NAME")
    assert covered(webanno_tsv.read(str(path), ReadOptions(layer="b.Chunk"))) == [("S", "x")]
    assert covered(webanno_tsv.read(str(path), ReadOptions(layer="Chunk", feature="kind"))) == [("NP", "x")]


def test_text_escapes_of_each_version(tmp_path):
    """3.1 escaped #Text= lines as Java strings; 3.2 and later escape TAB, CR, backslash and
    control characters only (a `\\u` stays as it is). The row's token is the text's first
    character (a token must be the text at its offsets)."""
    row = "1-1\t0-1\ta\t_\t\n"
    for version, text, expected in (("3.1", "a\\u00e9\\tb\\\\", "aé\tb\\"), ("3.3", "a\\u00e9\\tb\\\\\\r", "a\\u00e9\tb\\\r")):
        path = tmp_path / f"v{version}.tsv"
        path.write_text(HEADER.replace("3.3", version) + f"#Text={text}\n" + row, encoding="utf-8")
        assert webanno_tsv.read(str(path)).documents[0].tokens == expected + "\n"


def test_a_layer_without_features_needs_a_label_for_its_annotations(tmp_path):
    path = tmp_path / "flags.tsv"
    path.write_text("#FORMAT=WebAnno TSV 3.3\n#T_SP=webanno.custom.Flag|\n\n\n#Text=ab cd\n"
                    "1-1\t0-2\tab\t*[1]\t\n1-2\t3-5\tcd\t*[1]\t\n", encoding="utf-8")  # fmt: skip
    assert webanno_tsv.choices(str(path))["feature:webanno.custom.Flag"] == []
    assert covered(webanno_tsv.read(str(path), ReadOptions(missing_label="Flag"))) == [("Flag", "ab cd")]
    with pytest.raises(InputError) as caught:
        webanno_tsv.read(str(path))
    assert (caught.value.line, caught.value.found) == (6, "'*' (an annotation without a value)")


def test_plain_version_3_header_as_webanno_wrote_it(tmp_path):
    """`#FORMAT=WebAnno TSV 3` (no minor version: WebAnno's first writer) is read, its
    `#Text=` lines as written (WebAnno's reader unescapes none there)."""
    path = tmp_path / "v3.tsv"
    path.write_text(HEADER.replace("3.3", "3") + "#Text=a\\tb c\n1-1\t0-4\ta\\tb\tPER\t\n1-2\t5-6\tc\t_\t\n", encoding="utf-8")
    found = webanno_tsv.read(str(path))
    assert found.documents[0].tokens == "a\\tb c\n" and covered(found) == [("PER", "a\\tb")]


def test_a_layer_without_value_feature_gives_its_first_feature_with_a_note(tmp_path):
    path = tmp_path / "referent.tsv"
    path.write_text("#FORMAT=WebAnno TSV 3.1\n#T_SP=webanno.custom.Referent|entity|infstat\n\n\n#Text=ab cd\n"
                    "1-1\t0-2\tab\tplace\tnew\t\n1-2\t3-5\tcd\t_\t_\t\n", encoding="utf-8")  # fmt: skip
    found = webanno_tsv.read(str(path))
    assert covered(found) == [("place", "ab")]
    note = f"{path}: labels from webanno.custom.Referent's first feature, entity (--feature picks another: infstat)"
    assert found.warnings == [note] and reader_warnings(found) == [note]  # what reaches the methods
    asked = webanno_tsv.read(str(path), ReadOptions(feature="infstat"))
    assert covered(asked) == [("new", "ab")] and asked.warnings == []


ZERO_LENGTH = HEADER + "#Text=ab cd\n1-1\t0-2\tab\tPER\t\n1-2\t3-5\tcd\t_\t\n1-2.1\t3-3\t\tLOC\t\n"


def test_zero_length_warning_reaches_the_methods(tmp_path):
    path = tmp_path / "zero.tsv"
    path.write_text(ZERO_LENGTH, encoding="utf-8")
    warnings = reader_warnings(webanno_tsv.read(str(path)))
    assert len(warnings) == 1 and "1 zero-length annotation dropped" in warnings[0]


def test_a_folders_warnings_reach_the_methods_once_the_folders_first(tmp_path):
    """As for the other formats' folders: the sub-folder not read, then each file's."""
    for name in ("a", "b"):
        (tmp_path / f"{name}.tsv").write_text(ZERO_LENGTH, encoding="utf-8")
    (tmp_path / "old").mkdir()
    dropped = "1 zero-length annotation dropped (a span without characters cannot be scored), the first at line 8"
    assert reader_warnings(read_spans(str(tmp_path))) == [
        f"{tmp_path}: sub-folder old not read (a folder of WebAnno TSV 3.x (INCEpTION) files is read without "
        "its sub-folders)", f"{tmp_path / 'a.tsv'}: {dropped}", f"{tmp_path / 'b.tsv'}: {dropped}",
    ]  # fmt: skip
