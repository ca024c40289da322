"""The choices the app offers for a folder come from its first annotation file, not from
a file its reader reads beside them (a type system, a labelling config)."""

from __future__ import annotations

import shutil
from pathlib import Path

from engine.formats.standoff import ReadOptions
from gui.agreement_choices import look_job
from gui.file_contents import read_contents
from gui.inputs import look_at
from gui.stamps import stamp

RELATION = Path(__file__).parents[1] / "data" / "formats" / "uima-xmi" / "inception-relation"


def test_an_xmi_folders_layers_are_offered(tmp_path):
    folder = shutil.copytree(RELATION, tmp_path / "gold")  # TypeSystem.xml sorts first
    contents = read_contents(str(folder), ReadOptions())
    assert contents.choices == read_contents(str(RELATION / "relation_test.xmi"), ReadOptions()).choices
    assert contents.choices["layer"] == ["webanno.custom.MyRelationBase"]


def test_a_type_system_named_in_upper_case_is_no_annotation_file(tmp_path):
    """A folder holding doc.xmi and TYPESYSTEM.XML (review57 F4): the Setup box and the
    Agreement window's look offer its layers, as of doc.xmi beside TypeSystem.xml (the folder's
    first file was the type system: no format recognised, nothing offered)."""
    folder = tmp_path / "gold"
    folder.mkdir()
    shutil.copy(RELATION / "relation_test.xmi", folder / "doc.xmi")
    shutil.copy(RELATION / "TypeSystem.xml", folder / "TYPESYSTEM.XML")
    look = look_at(str(folder))
    assert (look.format, look.error) == ("UIMA CAS XMI (INCEpTION)", None)
    expected = read_contents(str(RELATION), ReadOptions()).choices
    assert read_contents(str(folder), ReadOptions(), None, look).choices == expected
    assert look_job((str(folder), stamp(str(folder)), None, None)).choices == expected
