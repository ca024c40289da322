"""UIMA CAS XMI offsets that name no character of the text (beyond it, before it, inside an
emoji's two UTF-16 units) or an annotation that ends before it begins: one message naming
the file, the line and the element, exit 2; cassis's warnings never reach the terminal."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.xmi_samples import ENTITY, smileys_spans, smileys_with

EXPECTED = "expected begin and end offsets at character boundaries of the text (UTF-16 units, 0 to 839)"


def _with_entity(tmp_path: Path, begin: str, end: str) -> Path:
    """The smileys file (🤗 at UTF-16 units 0-2) with its first NamedEntity's offsets changed."""
    return smileys_with(tmp_path, ENTITY, ENTITY.replace('begin="3" end="15"', f'begin="{begin}" end="{end}"'))


@pytest.mark.parametrize(("begin", "end", "found"), [
    ("1", "15", 'begin="1"'),  # inside 🤗: cassis kept 1 as a character offset (a wrong span, exit 0)
    ("3", "900", 'end="900"'),  # beyond the text
    ("-4", "15", 'begin="-4"'),
])  # fmt: skip
def test_an_offset_at_no_character_boundary_names_the_element(cli, tmp_path, begin, end, found):
    path = _with_entity(tmp_path, begin, end)
    result = smileys_spans(cli, path)
    assert result.code == 2
    assert result.err == f'spanstudio: error: {path}:160: {EXPECTED}, found {found} in <NamedEntity xmi:id="1958">\n'


def test_an_annotation_ending_before_it_begins_names_the_element(cli, tmp_path):
    """begin 15, end 3: was read as a span of negative length."""
    path = _with_entity(tmp_path, "15", "3")
    result = smileys_spans(cli, path)
    assert result.code == 2
    assert result.err == (f"spanstudio: error: {path}:160: expected an annotation's begin at or before its end, "
                          'found <NamedEntity xmi:id="1958" begin="14" end="2">\n')  # fmt: skip
