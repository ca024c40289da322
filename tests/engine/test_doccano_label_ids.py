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
        '"JSONL (Text label)" export gives the names, or --label-file FILE names them from the project\'s label file'
    ]


def test_every_annotator_of_such_a_file_is_warned_of(tmp_path):
    path = _jsonl(tmp_path / "export.jsonl", ISSUE_113)
    users = read_annotators(path, ReadOptions())
    assert list(users) == ["user 1"]
    assert any("label ids (6, 7, 8)" in w for w in users["user 1"].warnings)


def test_agreement_warns_of_a_files_label_ids_once_not_per_user(tmp_path, capsys):
    from engine.cli import main
    from tests.engine.test_agreement_exports import DOCCANO, jsonl

    assert main(["agreement", jsonl(tmp_path / "export.jsonl", DOCCANO)]) == 0
    warned = [line for line in capsys.readouterr().err.splitlines() if "label ids (3, 4, 5)" in line]
    assert len(warned) == 1  # three users of one file


def test_comparing_two_users_of_one_file_warns_of_its_label_ids_once(tmp_path, capsys):
    from engine.cli import main

    two = [{"id": n, "text": "Alice met Bob.", "annotations": [
        {"label": 3, "start_offset": 0, "end_offset": 5, "user": 1},
        {"label": 4, "start_offset": 10, "end_offset": 13, "user": 2}]} for n in range(3)]  # fmt: skip
    path = _jsonl(tmp_path / "two.jsonl", two)
    assert main(["spans", path, path, "--gold-user", "1", "--system-user", "2"]) == 0
    warned = [line for line in capsys.readouterr().err.splitlines() if "label ids (3, 4)" in line]
    assert len(warned) == 1  # the gold's and the system's file is one file


def test_reader_warnings_of_several_sides_are_each_said_once(tmp_path):
    path = _jsonl(tmp_path / "export.jsonl", ISSUE_113)
    one, two = read_spans(path), read_spans(path)
    assert reader_warnings(one, two) == reader_warnings(one) != []


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
    with pytest.raises(InputError, match=r'bad.jsonl:1: expected a list of spans under "annotations", found 5'):
        read_spans(path, "doccano")


#: doccano's export of a project's labels (its label file): each label's id and name.
LABELS = [{"id": 6, "text": "ORG", "prefix_key": None, "suffix_key": "o", "background_color": "#209cee",
           "text_color": "#ffffff"}, {"id": 7, "text": "MISC"}, {"id": 8, "text": "PER"}]  # fmt: skip


def _label_file(tmp_path, labels=LABELS) -> str:
    path = tmp_path / "labels.json"
    path.write_text(json.dumps(labels), encoding="utf-8")
    return str(path)


def test_a_label_file_names_the_label_ids(tmp_path):
    path = _jsonl(tmp_path / "export.jsonl", ISSUE_113)
    read = read_spans(path, None, ReadOptions(label_file=_label_file(tmp_path)))
    assert [s.label for s in read.spans] == ["MISC", "ORG", "PER"]
    assert reader_warnings(read) == []
    users = read_annotators(path, ReadOptions(label_file=_label_file(tmp_path)))
    assert [s.label for s in users["user 1"].spans] == ["MISC", "ORG", "PER"]
    assert users["user 1"].warnings == []


def test_the_span_methods_and_agreement_take_the_label_file(cli, tmp_path):
    path = _jsonl(tmp_path / "export.jsonl", ISSUE_113)
    labels = _label_file(tmp_path)
    result = cli("spans", path, path, "--label-file", labels)
    assert result.code == 0 and "\nPER\t" in result.out and "label ids" not in result.err
    result = cli("spans", path, path, "--system-label-file", labels)
    assert result.code == 0 and "\nPER\t0\t1\t0\t" in result.out  # gold 8, system PER: none in common
    two = [{**line, "annotations": line["annotations"] + [{**a, "user": 2} for a in line["annotations"]]}
           for line in ISSUE_113]  # fmt: skip
    users = _jsonl(tmp_path / "users.jsonl", two)
    result = cli("agreement", users, "--label-file", labels, "--json", "-")
    assert result.code == 0 and "label ids" not in result.err
    assert json.loads(result.out)["labels"] == ["MISC", "ORG", "PER"]


def test_a_label_id_the_label_file_lacks_is_named_with_its_place(tmp_path):
    import pytest

    from engine.errors import InputError

    path = _jsonl(tmp_path / "export.jsonl", ISSUE_113)
    labels = _label_file(tmp_path, LABELS[:2])
    with pytest.raises(InputError) as found:
        read_spans(path, None, ReadOptions(label_file=labels))
    assert found.value.message == f"{path}:2: expected a label id of {labels} (6, 7), found 8 at $.annotations[0].label"


def test_a_bad_or_missing_label_file_is_named(tmp_path):
    import pytest

    from engine.errors import InputError

    path = _jsonl(tmp_path / "export.jsonl", ISSUE_113)
    missing = str(tmp_path / "none.json")
    with pytest.raises(InputError) as found:
        read_spans(path, None, ReadOptions(label_file=missing))
    assert found.value.message == (f'{missing}: expected a doccano label file for --label-file (the project\'s '
                                   'labels: [{"id": 1, "text": "PER", …}, …]), found no such file')  # fmt: skip
    bad = _label_file(tmp_path, [{"id": 6, "text": "ORG"}, {"id": "7", "text": "MISC"}])
    with pytest.raises(InputError) as found:
        read_spans(path, None, ReadOptions(label_file=bad))
    assert found.value.message == (f'{bad}: expected a label {{"id": 1, "text": "PER", …}} (a doccano label '
                                   'file), found {"id": "7", "text": "MISC"} at $[1]')  # fmt: skip
    (tmp_path / "cut.json").write_text('[{"id": 6, "text": "ORG"}', encoding="utf-8")
    with pytest.raises(InputError, match=r"cut.json:1: expected .*, found invalid JSON"):
        read_spans(path, None, ReadOptions(label_file=str(tmp_path / "cut.json")))


def test_a_label_file_for_labels_that_are_names_is_not_used(tmp_path):
    names = [{**ISSUE_113[1], "annotations": [{"label": "PER", "start_offset": 0, "end_offset": 15, "user": 1}]}]
    path = _jsonl(tmp_path / "names.jsonl", names)
    read = read_spans(path, None, ReadOptions(label_file=_label_file(tmp_path)))
    assert [s.label for s in read.spans] == ["PER"]
    labels = tmp_path / "labels.json"
    assert reader_warnings(read) == [f"{path}: --label-file '{labels}' not used (the labels are names, not doccano's "
                                     "label ids)"]  # fmt: skip


def test_a_label_file_for_another_format_is_not_used(cli, tmp_path):
    gold = tmp_path / "gold.conll"
    gold.write_text("Anna B-PER\n", encoding="utf-8")
    result = cli("spans", gold, gold, "--label-file", _label_file(tmp_path))
    assert result.code == 0
    assert f"{gold}: --label-file '{tmp_path / 'labels.json'}' not used (CoNLL" in result.err


def test_a_label_file_that_is_a_folder_is_said_so(tmp_path):
    import pytest

    from engine.errors import InputError

    path = _jsonl(tmp_path / "export.jsonl", ISSUE_113)
    (tmp_path / "labels").mkdir()
    with pytest.raises(InputError, match=r"labels: expected a doccano label file .*, found a directory$"):
        read_spans(path, None, ReadOptions(label_file=str(tmp_path / "labels")))
