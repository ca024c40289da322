"""The Agreement window's look at a listed file (agreement_choices.look_job: its layers and
features) reads the file's head once, as the setup panel's looks do (a first look, look_at,
handed to read_contents): it detected the format from the head, then read it again for the
span readers' reader (span_format) or for a zip's message (folders.zip_unread)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

import engine.formats.folders as folders
import engine.formats.sniffing as sniffing
import gui.agreement_choices as choices
import gui.inputs as inputs
from gui.stamps import stamp

TSV = Path(__file__).parents[1] / "data" / "formats" / "webanno-tsv" / "example2.tsv"
LAYERS = ["de.tudarmstadt.ukp.dkpro.core.api.lexmorph.type.pos.POS", "de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity"]


def notes_zip(folder: Path) -> Path:
    path = folder / "notes.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("notes.txt", "hello\n")
    return path


@pytest.mark.parametrize("which", ["tsv", "zip"])
def test_a_listed_file_s_head_is_read_once(monkeypatch, tmp_path, which):
    path = str(TSV if which == "tsv" else notes_zip(tmp_path))
    heads: list[str] = []
    head_bytes, head = sniffing.head_bytes, folders._head

    def counted(read):
        return lambda p, *args: heads.append(str(p)) or read(p, *args)

    monkeypatch.setattr(sniffing, "head_bytes", counted(head_bytes))
    monkeypatch.setattr(inputs, "head_bytes", counted(head_bytes))
    monkeypatch.setattr(folders, "_head", counted(head))
    contents = choices.look_job((path, stamp(path), None, None))
    if which == "tsv":  # once more by read_spans, which reads the spans whole for their labels
        assert heads == [path, path] and contents.layers == LAYERS  # three before
    else:
        assert heads == [path]  # two before
        assert str(contents.error).startswith(f"{path}: expected a zip the span readers read")


def test_a_project_export_is_looked_into_once(monkeypatch, tmp_path):
    """The first look at an INCEpTION project export (the setup panel's and the Agreement
    window's) opens the zip once to tell it one: its format was detect()'s, which opened it again."""
    import engine.formats.inception_project as inception_project
    from tests.engine.test_agreement_exports import project_entries, zipped

    path = zipped(tmp_path / "project.zip", project_entries())
    told: list[str] = []
    is_project = inception_project.is_project
    monkeypatch.setattr(inception_project, "is_project", lambda p: told.append(str(p)) or is_project(p))
    look = inputs.look_at(path)
    assert told == [path] and look.project and look.format == "INCEpTION project export"


@pytest.mark.parametrize("which", ["tsv", "zip"])
def test_the_first_look_asks_once_whether_an_input_is_a_project_export(monkeypatch, tmp_path, which):
    """look_at asked project_input first, then again detecting the format (detected_module):
    a zip was opened once more for it (now detected_by_lines, the project asked already)."""
    import engine.zips as zips

    path = str(TSV if which == "tsv" else notes_zip(tmp_path))
    asked: list[str] = []
    zipped = zips.zipped
    monkeypatch.setattr(zips, "zipped", lambda p, **kw: asked.append(str(p)) or zipped(p, **kw))
    look = inputs.look_at(path)
    assert asked == [path]
    assert look.detected == ("webanno_tsv" if which == "tsv" else None)


def test_a_head_the_first_look_refuses_gives_its_message(tmp_path):
    """A listed file whose head is no UTF-8 text: the look says the reader's message, as before
    the first look was handed over (review54 F1: the look gave no error)."""
    path = tmp_path / "bad.conll"
    path.write_bytes(b"EU B-ORG\nrejects O\n\xff\xfe O\n")
    contents = choices.look_job((str(path), stamp(str(path)), None, None))
    assert "expected UTF-8 text, found byte 0xFF" in str(contents.error)
