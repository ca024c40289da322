"""The reader options that name a file (an XMI's type system, doccano's label file) are
inputs: an output of the run may never overwrite them, in the span methods and agreement
alike; the app gives them a file picker from that declaration (tests/gui/test_options_panel.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.formats.reader_options import READER_OPTIONS, ReadOptions, path_values

RELATION = Path(__file__).resolve().parent.parent / "data" / "formats" / "uima-xmi" / "inception-relation"


def _xmi(tmp_path: Path) -> tuple[Path, Path]:
    """The sample XMI in a folder of its own, its type system under another name beside it."""
    shutil.copy(RELATION / "relation_test.xmi", tmp_path / "doc.xmi")
    shutil.copy(RELATION / "TypeSystem.xml", tmp_path / "types.xml")
    return tmp_path / "doc.xmi", tmp_path / "types.xml"


def test_the_declaration_marks_typesystem_and_label_file_as_paths():
    assert [o.name for o in READER_OPTIONS if o.path] == ["typesystem", "label_file"]
    given = ReadOptions(typesystem="t.xml", label_file="labels.json", layer="x")
    assert path_values(given) == ["t.xml", "labels.json"] and path_values(ReadOptions()) == []


@pytest.mark.parametrize("flag", ["--typesystem", "--gold-typesystem", "--system-typesystem", "--label-file"])
def test_an_output_over_a_file_a_reader_option_names_is_refused(cli, tmp_path, flag):
    doc, types = _xmi(tmp_path)
    before = types.read_bytes()
    result = cli("spans", doc, doc, flag, types, "--json", types)
    assert result.code == 2
    assert result.err == (f"spanstudio: error: {types}: expected an output path that is none of the run's "
                          f"inputs, found the input '{types}'\n")  # fmt: skip
    assert types.read_bytes() == before


def test_agreement_refuses_an_output_over_its_type_system(cli, tmp_path):
    doc, types = _xmi(tmp_path)
    before = types.read_bytes()
    result = cli("agreement", doc, doc, "--typesystem", types, "--json", types)
    assert result.code == 2 and f"found the input '{types}'" in result.err
    assert types.read_bytes() == before
