"""A UIMA CAS XMI file cassis cannot load for a value it cannot read (an offset that is no
number, a boolean that is not true or false) or a reference to an element that is not
there: the message names the attribute, its element and line, not cassis's exception."""

from __future__ import annotations

from pathlib import Path

import pytest

SMILEYS = Path(__file__).resolve().parent.parent / "data" / "formats" / "uima-xmi" / "cassis-smileys"
ENTITY = '<type3:NamedEntity xmi:id="1958" sofa="1" begin="3" end="15" value="OTH"/>'


def _run(cli, tmp_path: Path, old: str, new: str):
    text = (SMILEYS / "cas_with_smileys.xmi").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "doc.xmi"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = cli("spans", path, SMILEYS / "cas_with_smileys.xmi",
                 "--typesystem", SMILEYS / "important_dkpro_types.xml")  # fmt: skip
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
