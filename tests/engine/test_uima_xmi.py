"""UIMA CAS XMI reader: INCEpTION's exports, files written by cassis read back, bad input."""

from __future__ import annotations

import random
import re
import shutil
import zipfile
from pathlib import Path

import cassis
import pytest

from engine.errors import InputError
from engine.formats import uima_xmi
from engine.formats.standoff import ReadOptions
from engine.formats.xml_errors import plain_reason
from tests.engine.span_samples import NAMED_ENTITY, WORDS, covered, spans_of

DATA = Path(__file__).resolve().parent.parent / "data" / "formats" / "uima-xmi"
SMILEYS = DATA / "cassis-smileys"
RELATION = DATA / "inception-relation"
CUSTOM = "webanno.custom.MyRelationBase"


def smileys(**options) -> ReadOptions:
    return ReadOptions(typesystem=str(SMILEYS / "important_dkpro_types.xml"), **options)


# --- INCEpTION's files -----------------------------------------------------------------


def test_inception_export_with_emoji_and_crlf():
    path = SMILEYS / "cas_with_smileys.xmi"
    found = uima_xmi.read(str(path), smileys())
    assert covered(found) == [
        ("OTH", "Transformers"), ("OTH", "Transformers"), ("OTH", "Transformers"), ("OTH", "PyTorch"),
        ("OTH", "TensorFlow"),
    ]  # fmt: skip
    # The file counts UTF-16 units (🤗 is two): its first entity is begin="3"; in code points 2.
    assert re.search(r'NamedEntity xmi:id="\d+" sofa="1" begin="3" end="15"', path.read_text(encoding="utf-8"))
    assert spans_of(found)[0] == (2, 14, "OTH")
    doc = found.documents[0]
    assert doc.name == "cas_with_smileys" and doc.tokens.startswith("🤗 Transformers") and "\r\n" in doc.tokens
    assert len(doc.units) == 3 and doc.token_bounds[:2] == [(0, 1), (2, 14)]
    assert len(doc.token_bounds) == path.read_text(encoding="utf-8").count("<type4:Token ")
    assert found.format == "uima-xmi" and found.warnings == []


def test_custom_layer_is_picked_by_name():
    path = str(RELATION / "relation_test.xmi")
    assert uima_xmi.read(path).spans == []  # default NamedEntity: declared, none annotated
    each = {f"feature:{CUSTOM}": ["value"]}
    assert uima_xmi.choices(path) == {"layer": [CUSTOM], "feature": ["value", "identifier"], **each}  # NamedEntity's
    assert uima_xmi.choices(path, ReadOptions(layer=CUSTOM)) == {"layer": [CUSTOM], "feature": ["value"], **each}
    found = uima_xmi.read(path, ReadOptions(layer="MyRelationBase"))
    assert covered(found) == [("city", "Darmstadt"), ("state", "Hessen"), ("city", "Hannover"), ("state", "Lower Saxony")]
    assert found.documents[0].units == [(0, 23), (25, 53)]


def test_zip_of_an_inception_export(tmp_path):
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.write(RELATION / "relation_test.xmi", "relation_test.xmi")
        out.write(RELATION / "TypeSystem.xml", "TypeSystem.xml")
    found = uima_xmi.read(str(archive), ReadOptions(layer=CUSTOM))
    assert spans_of(found) == spans_of(uima_xmi.read(str(RELATION / "relation_test.xmi"), ReadOptions(layer=CUSTOM)))
    assert [d.name for d in found.documents] == ["export"] and {s.doc for s in found.spans} == {"export"}
    two = tmp_path / "two.zip"
    with zipfile.ZipFile(two, "w") as out:
        out.write(RELATION / "relation_test.xmi", "a/first.xmi")
        out.write(RELATION / "relation_test.xmi", "b/second.xmi")
        out.write(RELATION / "TypeSystem.xml", "TypeSystem.xml")
    both = uima_xmi.read(str(two), ReadOptions(layer=CUSTOM))
    assert [d.name for d in both.documents] == ["first", "second"] and len(both.spans) == 8


def test_type_system_beside_the_file(tmp_path):
    shutil.copy(SMILEYS / "cas_with_smileys.xmi", tmp_path / "doc.xmi")
    with pytest.raises(InputError) as caught:
        uima_xmi.read(str(tmp_path / "doc.xmi"))
    assert caught.value.file == str(tmp_path / "doc.xmi") and "TypeSystem.xml" in caught.value.expected
    shutil.copy(SMILEYS / "important_dkpro_types.xml", tmp_path / "TypeSystem.xml")
    assert len(uima_xmi.read(str(tmp_path / "doc.xmi")).spans) == 5


def test_sniff():
    head = (SMILEYS / "cas_with_smileys.xmi").read_text(encoding="utf-8").splitlines()[:5]
    assert uima_xmi.sniff(head)
    assert not uima_xmi.sniff(['<?xml version="1.0"?>', "<typeSystemDescription>"])
    assert not uima_xmi.sniff(["#FORMAT=WebAnno TSV 3.3"]) and not uima_xmi.sniff([])


# --- files written by cassis -----------------------------------------------------------


def write_cas(folder: Path, text: str, spans: list[tuple[int, int, str | None]]) -> Path:
    """An XMI and its TypeSystem.xml, written by cassis (which writes UTF-16 offsets)."""
    typesystem = cassis.TypeSystem()
    entity = typesystem.create_type(NAMED_ENTITY)
    typesystem.create_feature(entity, "value", "uima.cas.String")
    typesystem.create_feature(entity, "identifier", "uima.cas.String")
    token = typesystem.create_type(uima_xmi.TOKEN)
    cas = cassis.Cas(typesystem=typesystem, sofa_string=text)
    for start, end, label in spans:
        cas.add(entity(begin=start, end=end, value=label, identifier="id"))
    for match in re.finditer(r"\S+", text):
        cas.add(token(begin=match.start(), end=match.end()))
    cas.to_xmi(str(folder / "doc.xmi"))
    typesystem.to_xml(str(folder / "TypeSystem.xml"))
    return folder / "doc.xmi"


@pytest.mark.parametrize("seed", range(15))
def test_generated_files_read_back(tmp_path, seed):
    """Emoji (two UTF-16 units), CRLF, nested and overlapping spans, labels XML must escape,
    annotations without a value (given a label), zero-length ones (dropped, counted)."""
    rnd = random.Random(seed)
    text = "".join(rnd.choice(WORDS) + rnd.choice([" ", "\r\n", " <&> "]) for _ in range(rnd.randint(1, 30)))
    spans = []
    for _ in range(rnd.randint(0, 15)):
        start = rnd.randint(0, len(text))
        spans.append((start, rnd.randint(start, len(text)), rnd.choice(["PER", 'a"<b>&c', "\t\n", None])))
    path = write_cas(tmp_path, text, spans)
    found = uima_xmi.read(str(path), ReadOptions(missing_label="?"))
    expected = sorted((s, e, "?" if label is None else label) for s, e, label in spans if s < e)
    assert spans_of(found) == expected
    assert found.documents[0].tokens == text
    assert found.documents[0].token_bounds == ([m.span() for m in re.finditer(r"\S+", text)] or None)
    dropped = sum(1 for s, e, _ in spans if s == e)
    assert len(found.warnings) == (1 if dropped else 0)
    by_identifier = uima_xmi.read(str(path), ReadOptions(feature="identifier"))
    assert {s.label for s in by_identifier.spans} <= {"id"} and len(by_identifier.spans) == len(expected)


# --- bad input -------------------------------------------------------------------------


def test_broken_xml_names_the_line(tmp_path):
    lines = (SMILEYS / "cas_with_smileys.xmi").read_text(encoding="utf-8").splitlines()
    path = tmp_path / "broken.xmi"
    path.write_text("\n".join(lines[:20]) + "\n<type4:Token xmi:id=\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        uima_xmi.read(str(path), smileys())
    assert caught.value.file == str(path) and caught.value.line in (21, 22)
    assert caught.value.expected == "well-formed UIMA CAS XMI (XML)"


def test_a_cut_xmi_says_so_in_plain_words(cli, tmp_path):
    """Cut inside a start tag: the line and column, no parser jargon, one line and exit 2."""
    data = (SMILEYS / "cas_with_smileys.xmi").read_bytes()
    (tmp_path / "cut.xmi").write_bytes(data[:1110])  # inside <type4:Token … on line 12
    shutil.copy(SMILEYS / "important_dkpro_types.xml", tmp_path / "TypeSystem.xml")
    result = cli("spans", tmp_path / "cut.xmi", tmp_path / "cut.xmi")
    assert result.code == 2
    assert result.err == (f"spanstudio: error: {tmp_path / 'cut.xmi'}:12: expected well-formed UIMA CAS XMI (XML), "
                          "found the start tag <Token> not closed by '>' at column 17; the file ends there: cut "
                          "short?\n")  # fmt: skip


def test_an_error_inside_a_one_line_xmi_is_not_said_to_be_at_its_end(tmp_path):
    """XMI is often one line: an error in it is on the last line, but not at the file's end."""
    text = (SMILEYS / "cas_with_smileys.xmi").read_text(encoding="utf-8").replace("\n", " ")
    path = tmp_path / "one_line.xmi"
    path.write_text(text.replace('begin="', "begin=", 1), encoding="utf-8")
    shutil.copy(SMILEYS / "important_dkpro_types.xml", tmp_path / "TypeSystem.xml")
    with pytest.raises(InputError) as caught:
        uima_xmi.read(str(path), smileys())
    assert caught.value.line == 1 and caught.value.found.startswith("an attribute value without quotes at column")
    assert "cut short" not in caught.value.message


def test_a_cut_type_system_names_its_line_and_the_open_element(tmp_path):
    path = tmp_path / "relation.xmi"
    shutil.copy(RELATION / "relation_test.xmi", path)
    (tmp_path / "TypeSystem.xml").write_bytes((RELATION / "TypeSystem.xml").read_bytes()[:800])
    with pytest.raises(InputError) as caught:
        uima_xmi.read(str(path), ReadOptions())
    assert caught.value.message == (f"{tmp_path / 'TypeSystem.xml'}:23: expected a well-formed UIMA type system "
                                    "(XML), found the file's end inside <featureDescription> (opened at line 16) "
                                    "at column 20: was it cut short?")  # fmt: skip


def test_a_cut_utf16_type_system_is_said_cut_short_as_its_utf8_twin(tmp_path):
    """A type system in UTF-16 with its byte-order mark, cut short: the parser names the
    same line and column, and the note that the file ends there is the same (its bytes
    were looked at as UTF-8: every other byte a NUL, the file's end not found there)."""
    path = tmp_path / "relation.xmi"
    shutil.copy(RELATION / "relation_test.xmi", path)
    cut = (RELATION / "TypeSystem.xml").read_bytes()[:800].decode("utf-8")
    messages = []
    for encoding in ("utf-8", "utf-16"):
        (tmp_path / "TypeSystem.xml").write_bytes(cut.encode(encoding))
        with pytest.raises(InputError) as caught:
            uima_xmi.read(str(path), ReadOptions())
        messages.append(caught.value.message)
    assert messages[0].endswith("was it cut short?") and messages[1] == messages[0]


@pytest.mark.parametrize(("message", "plain"), [
    ("Couldn't find end of Start Tag Token line 12, line 12, column 17", "the start tag <Token> not closed by '>'"),
    ("Specification mandates value for attribute begin, line 6, column 44", "attribute begin without a value"),
    ("Opening and ending tag mismatch: a line 2 and b, line 3, column 5", "the end tag </b> where <a> (line 2) is open"),
    ("Extra content at the end of the document, line 9, column 1", "more after the end tag of the document's element"),
    ("Some new reason of libxml2, line 1, column 2", "Some new reason of libxml2"),
])  # fmt: skip
def test_parser_reasons_in_plain_words(message, plain):
    assert plain_reason(message) == plain


def test_a_type_or_feature_the_type_system_lacks_names_its_element(tmp_path):
    """The type system of another project: INCEpTION's tokens have a feature `order` it
    lacks; without that, its custom layer is a type it lacks."""
    path = tmp_path / "custom.xmi"
    shutil.copy(RELATION / "relation_test.xmi", path)
    other = ReadOptions(typesystem=str(SMILEYS / "important_dkpro_types.xml"))
    for lacking, element in (("feature 'order' of", "<type4:Token "), ("type webanno.custom.MyRelationBase", "<custom:MyRelationBase ")):
        with pytest.raises(InputError) as caught:
            uima_xmi.read(str(path), other)
        lines = path.read_text(encoding="utf-8").splitlines()
        assert caught.value.file == str(path) and lacking in caught.value.found
        assert caught.value.line is not None and element in lines[caught.value.line - 1]
        path.write_text("\n".join(lines).replace(' order="0"', ""), encoding="utf-8")


def test_an_annotation_without_value_names_its_element(tmp_path):
    path = write_cas(tmp_path, "Ada met Bob", [(0, 3, "PER"), (8, 11, None)])
    with pytest.raises(InputError) as caught:
        uima_xmi.read(str(path))
    assert caught.value.file == str(path)
    assert re.fullmatch(r'none in <NamedEntity xmi:id="\d+" begin="8" end="11">', caught.value.found)


def test_a_layer_that_does_not_exist_lists_those_there_are():
    path = str(RELATION / "relation_test.xmi")
    with pytest.raises(InputError) as caught:
        uima_xmi.read(path, ReadOptions(layer="Sentiment"))
    assert str(caught.value) == f"{path}: expected a span layer of this file ({CUSTOM}), found 'Sentiment'"
    assert uima_xmi.read(path, ReadOptions(layer="Chunk")).spans == []  # declared, none annotated
    with pytest.raises(InputError) as caught:
        uima_xmi.read(path, ReadOptions(layer="webanno.custom.MyRelationLayer"))
    assert "a span layer" in caught.value.expected  # a relation: no span layer


def test_a_choice_the_file_leaves_open_names_the_option_that_makes_it(tmp_path):
    """Two span layers and no NamedEntity, or a layer of two string features and none named
    `value` (cassis's inheritance test: Child adds childFeature to its parent's): the error
    names the option that chooses (a user told 'no default' had no way on)."""
    typesystem = cassis.TypeSystem()
    parent = typesystem.create_type("my.Parent")
    typesystem.create_feature(parent, "parentFeature", "uima.cas.String")
    child = typesystem.create_type("my.Child", supertypeName="my.Parent")
    typesystem.create_feature(child, "childFeature", "uima.cas.String")
    cas = cassis.Cas(typesystem=typesystem, sofa_string="parent child")
    cas.add(parent(begin=0, end=6, parentFeature="P"))
    cas.add(child(begin=7, end=12, parentFeature="P", childFeature="C"))
    cas.to_xmi(str(tmp_path / "doc.xmi"))
    typesystem.to_xml(str(tmp_path / "TypeSystem.xml"))
    path = str(tmp_path / "doc.xmi")
    with pytest.raises(InputError) as caught:
        uima_xmi.read(path)
    assert caught.value.found == "2 and no default: choose one with --layer NAME"
    with pytest.raises(InputError) as caught:
        uima_xmi.read(path, ReadOptions(layer="Child"))
    assert caught.value.found == "2 and no default: choose one with --feature NAME"
    assert covered(uima_xmi.read(path, ReadOptions(layer="Child", feature="childFeature"))) == [("C", "child")]


def test_spans_alike_of_subtypes_keep_the_order_of_their_ids(tmp_path):
    """cassis's select(layer) gives a layer's subtypes in an order that changes from run to
    run (cassis's inheritance test: Child, GrandChild, … each at 7-12): the duplicates'
    warning named 'xmi:id 5 = xmi:id 7' in one run and 'xmi:id 7 = xmi:id 6' in the next.
    Spans alike are in the order of their ids, so the later repeats the earlier."""
    typesystem = cassis.TypeSystem()
    parent = typesystem.create_type("my.Parent")
    typesystem.create_feature(parent, "value", "uima.cas.String")
    types = [typesystem.create_type(f"my.Sub{n}", supertypeName="my.Parent") for n in range(6)]
    cas = cassis.Cas(typesystem=typesystem, sofa_string="parent child")
    for type_ in types:
        cas.add(type_(begin=7, end=12, value="X"))
    cas.to_xmi(str(tmp_path / "doc.xmi"))
    typesystem.to_xml(str(tmp_path / "TypeSystem.xml"))
    found = uima_xmi.read(str(tmp_path / "doc.xmi"), ReadOptions(layer="my.Parent"))
    ids = [int(found.spans.where(i).split()[-1]) for i in range(len(found.spans))]
    assert ids == sorted(ids) and len(ids) == 6


def test_an_error_among_subtypes_names_the_first_element_by_id(tmp_path):
    """The elements are read in the order of their ids, so an element without a value is
    named the same in every run (cassis's order of subtypes named xmi:id 3, 4, 7, 2 … by run)."""
    typesystem = cassis.TypeSystem()
    parent = typesystem.create_type("my.Parent")
    typesystem.create_feature(parent, "value", "uima.cas.String")
    cas = cassis.Cas(typesystem=typesystem, sofa_string="parent child")
    for n in range(6):
        cas.add(typesystem.create_type(f"my.Sub{n}", supertypeName="my.Parent")(begin=7, end=12))
    cas.to_xmi(str(tmp_path / "doc.xmi"))
    typesystem.to_xml(str(tmp_path / "TypeSystem.xml"))
    first = min(fs.xmiID for fs in cassis.load_cas_from_xmi((tmp_path / "doc.xmi").read_bytes().decode(),
                                                            typesystem=typesystem).select("my.Parent"))
    select = cassis.Cas.select
    with pytest.MonkeyPatch.context() as patch:  # cassis's order made the worst for certain
        patch.setattr(cassis.Cas, "select", lambda cas, name: sorted(select(cas, name), key=lambda fs: -fs.xmiID))
        with pytest.raises(InputError, match=rf'none in <Sub\d xmi:id="{first}" begin="7" end="12">'):
            uima_xmi.read(str(tmp_path / "doc.xmi"), ReadOptions(layer="my.Parent"))


def test_bad_zip_files(tmp_path):
    not_zip = tmp_path / "not.zip"
    not_zip.write_bytes(b"PK\x03\x04 no zip")
    with pytest.raises(InputError) as caught:
        uima_xmi.read(str(not_zip))
    assert caught.value.file == str(not_zip) and caught.value.expected == "a whole zip file"
    no_typesystem = tmp_path / "alone.zip"
    with zipfile.ZipFile(no_typesystem, "w") as out:
        out.write(RELATION / "relation_test.xmi", "relation_test.xmi")
    with pytest.raises(InputError) as caught:
        uima_xmi.read(str(no_typesystem))
    assert caught.value.file == str(no_typesystem) and "TypeSystem.xml" in caught.value.expected
