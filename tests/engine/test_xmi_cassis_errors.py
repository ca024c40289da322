"""A UIMA CAS XMI file cassis cannot load for a value it cannot read (an offset that is no
number, a boolean that is not true or false) or a reference to an element that is not
there: the message names the attribute, its element and line, not cassis's exception."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.xmi_samples import ENTITY, SMILEYS, TYPESYSTEM, smileys_spans, smileys_with


def _run(cli, tmp_path: Path, old: str, new: str, encoding: str = "utf-8"):
    path = smileys_with(tmp_path, old, new, encoding)
    result = smileys_spans(cli, path)
    assert result.code == 2
    return path, result.err


@pytest.mark.parametrize(("value", "shown"), [("3a", '"3a"'), ("", '""'), ("1.5", '"1.5"')])
def test_an_offset_that_is_no_whole_number(cli, tmp_path, value, shown):
    """Was: expected a UIMA CAS the type system reads, found ValueError: invalid literal
    for int() with base 10: '3a' (no line, no attribute)."""
    path, err = _run(cli, tmp_path, ENTITY, ENTITY.replace('begin="3"', f'begin="{value}"'))
    assert err == (f"spanstudio: error: {path}:160: expected a whole number in begin, "
                   f'found begin={shown} in <NamedEntity xmi:id="1958">\n')  # fmt: skip


def test_a_boolean_that_is_not_true_or_false(cli, tmp_path):
    path, err = _run(cli, tmp_path, 'isLastSegment="false"', 'isLastSegment="no"')
    assert err.startswith(f"spanstudio: error: {path}:8: expected true or false in isLastSegment, "
                          'found isLastSegment="no" in <DocumentMetaData xmi:id="8">')  # fmt: skip


def test_a_reference_to_no_element(cli, tmp_path):
    """Was: found KeyError: 77 (a sofa that no element is)."""
    path, err = _run(cli, tmp_path, ENTITY, ENTITY.replace('sofa="1"', 'sofa="77"'))
    assert err == (f"spanstudio: error: {path}:160: expected references to elements of the file (their "
                   'xmi:id), found sofa referring to xmi:id 77, which no element has, in '
                   '<NamedEntity xmi:id="1958">\n')  # fmt: skip


def test_an_offset_is_not_taken_for_the_reference(cli, tmp_path):
    """The View lists an element that is not there (its id given to another): the message
    names the view's members, not an offset of the same number."""
    path, err = _run(cli, tmp_path, 'xmi:id="1958"', 'xmi:id="5"')
    assert "found members referring to xmi:id 1958, which no element has, in <View>" in err


SOFA = '<cas:Sofa xmi:id="1" sofaNum="1" sofaID="_InitialView"'


@pytest.mark.parametrize(("old", "new", "line", "found"), [
    (ENTITY, ENTITY.replace(' sofa="1"', ""), 160, 'sofa= in every annotation (its Sofa\'s xmi:id), found '
     '<NamedEntity xmi:id="1958">'),  # was: KeyError: None
    (SOFA, SOFA.replace(' sofaNum="1"', ""), 169, 'sofaNum= in every Sofa, found <Sofa xmi:id="1">'),  # KeyError: 'sofaNum'
    (SOFA, SOFA.replace(' sofaID="_InitialView"', ""), 169, 'sofaID= in every Sofa, found <Sofa xmi:id="1">'),
    ('<cas:View sofa="1"', "<cas:View", 170, "sofa= in every View, found <View>"),  # KeyError: 'sofa'
    (ENTITY, ENTITY.replace(' xmi:id="1958"', ""), 160, "xmi:id= in every element, found <NamedEntity>"),
    ("</xmi:XMI>", ENTITY.replace(' xmi:id="1958"', "") + "\n</xmi:XMI>", 171,
     "xmi:id= in every element, found <NamedEntity>"),  # was: found <View> (a View has none)
])  # fmt: skip
def test_an_attribute_cassis_needs_is_named_with_its_element(cli, tmp_path, old, new, line, found):
    """Was: 'expected a UIMA CAS the type system reads, found KeyError: …' or '… Sofa.__init__()
    missing 1 required positional argument: 'sofaID'', without a line."""
    path, err = _run(cli, tmp_path, old, new)
    assert err == f"spanstudio: error: {path}:{line}: expected {found} without it\n"


@pytest.mark.parametrize(("old", "new"), [
    (ENTITY, ENTITY.replace('begin="3"', 'begin="3a"')),
    (ENTITY, ENTITY.replace('sofa="1"', 'sofa="77"')),
    (ENTITY, ENTITY.replace(' sofa="1"', "")),  # was: found KeyError: None, no line
    (SOFA, SOFA.replace(' sofaNum="1"', "")),  # was: found KeyError: 'sofaNum', no line
    (SOFA, SOFA.replace(' sofaID="_InitialView"', "")),
    (ENTITY, ENTITY.replace('begin="3" end="15"', 'begin="15" end="3"')),
    (ENTITY, ENTITY.replace('begin="3"', 'begin="999"')),
    (ENTITY, ENTITY.replace(' value="OTH"', "")),
    (ENTITY, ENTITY.replace(' value="OTH"', ' value="OTH" nope="x"')),
    (ENTITY, ENTITY.replace("NamedEntity", "Nope")),
    ("</xmi:XMI>", ""),  # cut short: the parser's error (xml_error)
])  # fmt: skip
def test_a_utf16_file_is_named_as_its_utf8_twin(cli, tmp_path, old, new):
    """A file in UTF-16 with its byte-order mark: the same message and line as in
    UTF-8. Was: no line (the look-ups searched its bytes for ASCII), and for a missing
    attribute cassis's KeyError."""
    path, utf8 = _run(cli, tmp_path, old, new)
    assert utf8.startswith(f"spanstudio: error: {path}:") and utf8[len(f"spanstudio: error: {path}:")].isdigit()
    assert _run(cli, tmp_path, old, new, "utf-16")[1] == utf8


def test_an_annotation_without_its_label_names_its_line(cli, tmp_path):
    path, err = _run(cli, tmp_path, ENTITY, ENTITY.replace(' value="OTH"', ""))
    assert err.startswith(f"spanstudio: error: {path}:160: expected a value of feature 'value' for every ")


def _type(name: str | None, supertype: str | None, *features: tuple[str | None, str | None]) -> str:
    """A <typeDescription> of one line."""
    parts = [f"<name>{name}</name>" if name else "", f"<supertypeName>{supertype}</supertypeName>" if supertype else ""]
    described = "".join(
        "<featureDescription>" + (f"<name>{f}</name>" if f else "") + (f"<rangeTypeName>{r}</rangeTypeName>" if r else "")
        + "</featureDescription>" for f, r in features
    )  # fmt: skip
    return f"<typeDescription>{''.join(parts)}<features>{described}</features></typeDescription>"


@pytest.mark.parametrize(("added", "expected"), [
    ([_type("x.A", "x.B"), _type("x.B", "x.A")],  # was: CircularDependencyError: Circular dependencies exist …
     "supertypes that end at a built-in type, not in a cycle, found x.A → x.B → x.A (each the supertype of the "
     "one before)"),
    ([_type("x.A", "x.Nope")],  # was: KeyError: 'x.Nope'
     "types the type system declares (or UIMA's built-in ones), found <supertypeName>x.Nope</supertypeName> in "
     "type x.A, which no type declares"),
    ([_type("x.A", "uima.tcas.Annotation", ("f", "x.Nope"))],
     "types the type system declares (or UIMA's built-in ones), found <rangeTypeName>x.Nope</rangeTypeName> in "
     "type x.A, which no type declares"),
    ([_type(None, "uima.tcas.Annotation")],  # was: TypeError: expected string or bytes-like object …
     "a <name> in every <typeDescription>, found a <typeDescription> without one"),
    ([_type("x.A", None)],  # was: KeyError: None
     "a <supertypeName> in every <typeDescription>, found <typeDescription> of x.A without one"),
    ([_type("x.A", "uima.tcas.Annotation", ("f", "uima.cas.String"), ("f", "uima.cas.Integer"))],
     "a feature declared once in a type and its supertypes, found feature f of x.A declared again"),
])  # fmt: skip
def test_a_type_system_fault_is_named_with_its_line(cli, tmp_path, added, expected):
    """Was: 'TypeSystem.xml: expected a UIMA type system, found <cassis's exception>', no line."""
    text = TYPESYSTEM.read_text(encoding="utf-8")
    path = tmp_path / "TypeSystem.xml"
    path.write_text(text.replace("<types>\n", "<types>\n" + "".join(added), 1), encoding="utf-8")
    result = cli("spans", SMILEYS / "cas_with_smileys.xmi", SMILEYS / "cas_with_smileys.xmi", "--typesystem", path)
    assert (result.code, result.err) == (2, f"spanstudio: error: {path}:4: expected {expected}\n")


@pytest.mark.parametrize(("new", "expected"), [
    (ENTITY.replace(' value="OTH"', ' value="OTH" nope="x"'), "features the type system declares, found "
     "feature 'nope' of de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity"),
    (ENTITY.replace("NamedEntity", "Nope"), "types the type system declares, found an element of type "),
])  # fmt: skip
def test_an_undeclared_type_or_feature_names_its_element_s_line(cli, tmp_path, new, expected):
    """The element found by its type's short name (and the feature's attribute) is the
    one on line 160; the XMI's earlier elements hold no such name."""
    path, err = _run(cli, tmp_path, ENTITY, new)
    assert err.startswith(f"spanstudio: error: {path}:160: expected {expected}")


@pytest.mark.parametrize(("char", "found"), [("\x00", "a NUL byte (XML allows none)"),
                                             ("\x1b", "a control character (code 27), which XML does not allow")])  # fmt: skip
def test_a_control_character_in_the_type_system_is_named_in_words(cli, tmp_path, char, found):
    """libxml2's 'Invalid character: Char 0x0 out of allowed range' ends in a line end: the
    message showed it as '\\n' before ' at column …'."""
    text = TYPESYSTEM.read_text(encoding="utf-8")
    path = tmp_path / "TypeSystem.xml"
    path.write_text(text.replace("<types>\n", f"<types>{char}\n", 1), encoding="utf-8")
    result = cli("spans", SMILEYS / "cas_with_smileys.xmi", SMILEYS / "cas_with_smileys.xmi", "--typesystem", path)
    assert result.code == 2
    assert result.err.startswith(f"spanstudio: error: {path}:") and "\\n" not in result.err.rstrip("\n")
    assert f"expected a well-formed UIMA type system (XML), found {found} at column" in result.err
