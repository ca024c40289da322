"""A folder holding the files a reader reads beside its annotation files (a UIMA type
system, Label Studio's labelling config) is read without reading them as annotations."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engine.cli import main
from engine.errors import InputError
from engine.formats import detect, label_studio, read_spans, uima_xmi
from engine.formats.standoff import ReadOptions

DATA = Path(__file__).parents[1] / "data" / "formats"
RELATION = DATA / "uima-xmi" / "inception-relation"


def _texts(annotations) -> list[tuple[str, object]]:
    docs = {d.name: d for d in annotations.documents}
    return [(s.label, docs[s.doc].tokens[s.start : s.end]) for s in annotations.spans]


def test_an_xmi_folder_is_read_without_its_type_system(tmp_path, capsys):
    folder = Path(shutil.copytree(RELATION, tmp_path / "gold"))  # TypeSystem.xml sorts first
    alone = read_spans(str(RELATION / "relation_test.xmi"))
    found = read_spans(str(folder))
    assert [(d.name, d.tokens) for d in found.documents] == [(d.name, d.tokens) for d in alone.documents]
    assert detect(folder) == uima_xmi.TITLE
    report = tmp_path / "r.json"
    assert main(["spans", str(folder), str(folder), "--json", str(report)]) == 0, capsys.readouterr().err
    listed = [Path(f["path"]).name for f in json.loads(report.read_text(encoding="utf-8"))["input_files"]]
    assert listed == ["TypeSystem.xml", "relation_test.xmi"] * 2  # both read: the inputs of the run


def test_a_type_system_read_as_xmi_is_a_message_naming_it(tmp_path):
    folder = Path(shutil.copytree(RELATION, tmp_path / "gold"))
    with pytest.raises(InputError) as caught:
        read_spans(str(folder / "TypeSystem.xml"), "uima-xmi")
    assert caught.value.file == str(folder / "TypeSystem.xml")
    assert "expected a UIMA CAS the type system reads" in str(caught.value)


TASK = {"id": 1, "data": {"review": "Anna met Bob"},
        "annotations": [{"result": [{"to_name": "words", "type": "labels",
                                     "value": {"start": 0, "end": 4, "labels": ["PER"]}}]}]}  # fmt: skip
CONFIG = '<View><Text name="words" value="$review"/><Labels name="l" toName="words"/></View>\n'


def test_a_label_studio_folder_is_read_with_its_labelling_config(tmp_path, capsys):
    for side in ("gold", "system"):
        (tmp_path / side).mkdir()
        (tmp_path / side / "tasks.json").write_text(json.dumps([TASK]), encoding="utf-8")
        (tmp_path / side / "config.xml").write_text(CONFIG, encoding="utf-8")  # sorts first
    gold = tmp_path / "gold"
    assert _texts(read_spans(str(gold))) == _texts(read_spans(str(gold / "tasks.json"))) == [("PER", "Anna")]
    assert detect(gold) == label_studio.TITLE
    assert main(["spans", str(gold), str(tmp_path / "system")]) == 0, capsys.readouterr().err
    assert "config.xml" not in capsys.readouterr().err


def test_a_companion_of_another_reader_is_read_and_named(tmp_path):
    """Only the folder's reader's companions are left out: a doccano folder's config.xml
    is read as doccano and named."""
    (tmp_path / "a.jsonl").write_text('{"text": "EU", "label": [[0, 2, "ORG"]]}\n', encoding="utf-8")
    (tmp_path / "config.xml").write_text(CONFIG, encoding="utf-8")
    assert detect(tmp_path) == "doccano JSONL"
    with pytest.raises(InputError) as caught:
        read_spans(str(tmp_path), None, ReadOptions())
    assert caught.value.file == str(tmp_path / "config.xml")
