"""The choices the app offers for a folder come from its first annotation file, not from
a file its reader reads beside them (a type system, a labelling config)."""

from __future__ import annotations

import shutil
from pathlib import Path

from engine.formats.standoff import ReadOptions
from gui.file_contents import read_contents

RELATION = Path(__file__).parents[1] / "data" / "formats" / "uima-xmi" / "inception-relation"


def test_an_xmi_folders_layers_are_offered(tmp_path):
    folder = shutil.copytree(RELATION, tmp_path / "gold")  # TypeSystem.xml sorts first
    contents = read_contents(str(folder), ReadOptions())
    assert contents.choices == read_contents(str(RELATION / "relation_test.xmi"), ReadOptions()).choices
    assert contents.choices["layer"] == ["webanno.custom.MyRelationBase"]
