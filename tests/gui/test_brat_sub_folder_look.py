"""The app's look at a brat folder whose pairs are all in its sub-folders: brat, its labels
read, no error (it said 'an empty folder')."""

from __future__ import annotations

from pathlib import Path

from engine.formats.standoff import ReadOptions
from gui.file_contents import read_contents
from gui.inputs import look_at

DATA = Path(__file__).resolve().parent.parent / "data" / "formats" / "brat" / "CoNLL-ST_2002"


def test_a_folder_of_brat_sub_folders_is_looked_at_as_brat():
    look = look_at(str(DATA))
    assert look.error is None and look.folder and look.module == "brat"
    contents = read_contents(str(DATA), ReadOptions())
    assert contents.error is None and contents.labels == ["LOC", "MISC", "ORG", "PER"]
