"""A brat folder whose pairs are all in its sub-folders (CoNLL-ST_2002: esp/ and ned/) is
read as brat by every method and by the app's look, as one with a pair of its own is."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.errors import InputError
from engine.formats import detect, first_annotation_file, read_spans

DATA = Path(__file__).resolve().parent.parent / "data" / "formats" / "brat" / "CoNLL-ST_2002"


@pytest.fixture(params=["sub-folders alone", "with annotation.conf"])
def corpus(request, tmp_path) -> Path:
    """CoNLL-ST_2002's esp/ and ned/, with nothing else or with brat's annotation.conf beside them."""
    folder = tmp_path / "corpus"
    shutil.copytree(DATA, folder)
    if request.param == "with annotation.conf":
        (folder / "annotation.conf").write_text("[entities]\nPER\nLOC\nORG\nMISC\n", encoding="utf-8")
    return folder


def test_every_span_method_reads_the_sub_folders(cli, corpus):
    anns = sorted(p.relative_to(corpus).as_posix()[:-4] for p in corpus.rglob("*.ann"))
    assert len(anns) == 4 and [d.name for d in read_spans(str(corpus)).documents] == anns
    for method in ("spans", "nervaluate"):
        result = cli(method, corpus, DATA)
        assert result.code == 0, result.err
    result = cli("agreement", corpus, DATA, "--names", "a", "b")
    assert result.code == 0 and "on 4 documents" in result.out


def test_the_app_looks_at_a_sub_folder_ann(corpus):
    assert detect(corpus) == "brat standoff (.ann + .txt)"
    assert first_annotation_file(corpus).suffix == ".ann"


def test_sub_folders_without_ann_files_are_said(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "doc.conll").write_text("Anna\tB-PER\n", encoding="utf-8")
    with pytest.raises(InputError) as err:
        read_spans(str(tmp_path))
    assert err.value.found == "only a sub-folder (a) and no .ann file in it"
    (tmp_path / "b").mkdir()
    with pytest.raises(InputError) as err:
        read_spans(str(tmp_path))
    assert err.value.found == "only sub-folders (a, b) and no .ann file in them"
    (tmp_path / "b").rmdir()
    (tmp_path / "a" / "doc.conll").unlink()
    (tmp_path / "a").rmdir()
    with pytest.raises(InputError, match="found an empty folder"):
        read_spans(str(tmp_path))


def test_companion_files_are_worded_for_their_number(tmp_path):
    (tmp_path / "annotation.conf").write_text("[entities]\nPER\n", encoding="utf-8")
    (tmp_path / "a").mkdir()
    with pytest.raises(InputError) as err:
        read_spans(str(tmp_path))
    assert err.value.found.startswith("only annotation.conf (a file read beside annotation files) and ")
    (tmp_path / "visual.conf").write_text("[labels]\nPER\n", encoding="utf-8")
    with pytest.raises(InputError) as err:
        read_spans(str(tmp_path))
    assert err.value.found == ("only annotation.conf, visual.conf (files read beside annotation files) and "
                               "a sub-folder (a) and no .ann file in it")  # fmt: skip


def test_a_folder_of_a_corpuss_own_files_alone_holds_no_annotation_file(cli, tmp_path):
    """README.md and LICENSE are no span file (brat leaves them unread): the folder is said to
    hold no annotation file, the files named as the corpus's own."""
    (tmp_path / "README.md").write_text("# A corpus\n", encoding="utf-8")
    (tmp_path / "LICENSE").write_text("CC BY 4.0\n", encoding="utf-8")
    result = cli("spans", str(tmp_path), str(tmp_path))
    assert (result.code, result.err) == (2, f"spanstudio: error: {tmp_path}: expected a folder holding annotation "
                                            "files, found only LICENSE, README.md (the corpus's own files, not "
                                            "documents)\n")  # fmt: skip
