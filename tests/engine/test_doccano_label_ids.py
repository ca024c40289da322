"""doccano exports whose labels are not names (engine/formats/doccano.py): 1.0/1.1's
"JSONL" export gives each span its label's id (doccano issues 113, 156: `{"label": 7,
"start_offset": 0, "end_offset": 2, "user": 1}`), read as labels with a warning naming
the file; the first JSON export (doccano pull request 46: `doc_id`, `entities` as
[start, end, label] triples) is read with its names."""

from __future__ import annotations

import json

from engine.formats import detect, read_spans
from engine.formats.doccano import read_annotators
from engine.formats.spantable import reader_warnings
from engine.formats.standoff import ReadOptions

#: The shape doccano issue 113 shows for the "JSONL" export of doccano 1.0.
ISSUE_113 = [
    {"id": 15, "text": "EU rejects German call to boycott British lamb.", "annotations": [
        {"label": 7, "start_offset": 0, "end_offset": 2, "user": 1},
        {"label": 6, "start_offset": 11, "end_offset": 17, "user": 1}], "meta": {}},
    {"id": 16, "text": "Peter Blackburn", "annotations": [
        {"label": 8, "start_offset": 0, "end_offset": 15, "user": 1}], "meta": {}},
]  # fmt: skip


def _jsonl(path, objects) -> str:
    path.write_text("".join(json.dumps(o) + "\n" for o in objects), encoding="utf-8")
    return str(path)


def test_label_ids_are_read_as_labels_with_a_warning_naming_the_file(tmp_path):
    path = _jsonl(tmp_path / "export.jsonl", ISSUE_113)
    read = read_spans(path)
    assert [s.label for s in read.spans] == ["7", "6", "8"]
    assert read.spans.warnings == []  # the table's warnings: the users read (none here)
    warning = [w for w in reader_warnings(read) if "label ids" in w]
    assert warning == [
        f"{path}: the labels are doccano's label ids (6, 7, 8), not their names: doccano 1.0/1.1's \"JSONL\" "
        "export gives each span the id of its label (the names are the project's, not in the file); its "
        '"JSONL (Text label)" export gives the names'
    ]


def test_every_annotator_of_such_a_file_is_warned_of(tmp_path):
    path = _jsonl(tmp_path / "export.jsonl", ISSUE_113)
    users = read_annotators(path, ReadOptions())
    assert list(users) == ["user 1"]
    assert any("label ids (6, 7, 8)" in w for w in users["user 1"].warnings)


def test_label_names_give_no_such_warning(tmp_path):
    names = [{**ISSUE_113[1], "annotations": [{"label": "PER", "start_offset": 0, "end_offset": 15, "user": 1}]}]
    read = read_spans(_jsonl(tmp_path / "names.jsonl", names))
    assert [s.label for s in read.spans] == ["PER"] and reader_warnings(read) == []


def test_the_first_json_export_with_entity_triples_is_read(tmp_path):
    """doccano pull request 46's sequence-labelling export (2018)."""
    line = {"doc_id": 23, "text": "Barack Hussein Obama II is an American politician", "entities": [[0, 20, "PER"]],
            "username": "admin"}  # fmt: skip
    path = _jsonl(tmp_path / "old.jsonl", [line])
    assert detect(path) == "doccano JSONL"
    read = read_spans(path)
    assert [(s.doc, s.label, s.start, s.end) for s in read.spans] == [("23", "PER", 0, 20)]


def test_spans_that_are_no_list_are_named(tmp_path):
    import pytest

    from engine.errors import InputError

    path = _jsonl(tmp_path / "bad.jsonl", [{"text": "Anna", "annotations": 5}])
    with pytest.raises(InputError, match=r'bad.jsonl:1: expected a list of spans under "annotations", found int'):
        read_spans(path, "doccano")
