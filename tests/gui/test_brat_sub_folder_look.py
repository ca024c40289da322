"""The app's look at a brat folder whose pairs are all in its sub-folders: brat, its labels
read, no error (it said 'an empty folder'); one without annotation files said as the readers say it."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import InputError
from engine.formats import read_spans
from engine.formats.standoff import ReadOptions
from gui.file_contents import read_contents
from gui.inputs import look_at

DATA = Path(__file__).resolve().parent.parent / "data" / "formats" / "brat" / "CoNLL-ST_2002"


def test_a_folder_of_brat_sub_folders_is_looked_at_as_brat():
    look = look_at(str(DATA))
    assert look.error is None and look.folder and look.module == "brat"
    contents = read_contents(str(DATA), ReadOptions())
    assert contents.error is None and contents.labels == ["LOC", "MISC", "ORG", "PER"]


@pytest.mark.parametrize("held", [("a/",), ("annotation.conf",), ("annotation.conf", "a/"), (),
                                  ("README.md", "LICENSE"), ("annotation.conf", "README.md", "a/")])
def test_a_folder_without_annotation_files_is_said_alike_by_the_app_and_the_readers(tmp_path, held):
    for name in held:
        (tmp_path / name).mkdir() if name.endswith("/") else (tmp_path / name).write_text("[entities]\n")
    with pytest.raises(InputError) as read:
        read_spans(str(tmp_path))
    assert str(look_at(str(tmp_path)).error) == str(read.value)
    found = {("a/",): "only a sub-folder (a) and no .ann file in it",
             ("annotation.conf",): "only annotation.conf (a file read beside annotation files)",
             ("annotation.conf", "a/"): "only annotation.conf (a file read beside annotation files) and "
                                        "a sub-folder (a) and no .ann file in it",
             (): "an empty folder",
             ("README.md", "LICENSE"): "only LICENSE, README.md (the corpus's own files, not documents)",
             ("annotation.conf", "README.md", "a/"): "only annotation.conf (a file read beside annotation files) "
                                                     "and README.md (the corpus's own file, not a document) and "
                                                     "a sub-folder (a) and no .ann file in it"}  # fmt: skip
    assert read.value.found == found[held]
