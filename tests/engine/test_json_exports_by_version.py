"""doccano and Label Studio exports as each version wrote them (engine/formats/doccano.py,
label_studio.py, jsondocs.py): doccano 1.0's `labels` and multi-user `annotations`, Label
Studio 0.x's `completions` and `skipped`, tasks without the chosen annotation, a BOM, a
truncated file. The files are small ones written here in each version's shape."""

from __future__ import annotations

import json

import pytest

from engine.errors import InputError
from engine.formats import detect, read_spans
from engine.formats.doccano import choices
from engine.formats.standoff import ReadOptions
from engine.methods import get_method

TEXT = "Anna met Bob in Rome"
#: doccano 1.0's "JSONL (Text label)" export: `labels`, label names.
TEXT_LABEL = {"id": 7, "text": TEXT, "meta": {}, "annotation_approver": None,
              "labels": [[0, 4, "PER"], [16, 20, "LOC"]]}  # fmt: skip


def _annotation(start, end, label, user):
    return {"label": label, "start_offset": start, "end_offset": end, "user": user}


#: doccano 1.0's "JSONL" export: `annotations` with label ids and the user of each.
TWO_USERS = {"id": 7, "text": TEXT, "meta": {}, "annotation_approver": None, "annotations": [
    _annotation(0, 4, 3, 2), _annotation(9, 12, 3, 2), _annotation(0, 4, 3, 1), _annotation(16, 20, 4, 1)]}


def _texts(annotations):
    docs = {d.name: d for d in annotations.documents}
    return [(s.label, docs[s.doc].tokens[s.start : s.end]) for s in annotations.spans]


def _jsonl(path, *objects):
    path.write_text("".join(json.dumps(o) + "\n" for o in objects), encoding="utf-8")
    return str(path)


def _scores(gold, system, **options):
    method = get_method("spans")
    report = method.evaluate(gold, system, method.Options(**options))
    micro = report.data["classification_report"]["micro avg"]
    return (micro["precision"], micro["recall"], micro["support"]), report.messages


def test_doccano_text_label_export_is_recognised_and_read(tmp_path):
    path = _jsonl(tmp_path / "text_label.jsonl", TEXT_LABEL)
    assert detect(path) == "doccano JSONL"
    assert _texts(read_spans(path)) == [("PER", "Anna"), ("LOC", "Rome")]


def test_doccano_annotations_of_one_user_are_its_spans(tmp_path):
    one = {**TWO_USERS, "annotations": TWO_USERS["annotations"][:2]}
    path = _jsonl(tmp_path / "user2.jsonl", one)
    assert detect(path) == "doccano JSONL"
    spans = read_spans(path)
    assert _texts(spans) == [("3", "Anna"), ("3", "Bob")]  # label ids: their names are not in the file
    assert spans.spans.warnings == []


def test_doccano_annotations_of_several_users_read_one_user_by_index(tmp_path):
    path = _jsonl(tmp_path / "users.jsonl", TWO_USERS)
    first = read_spans(path, "doccano")
    assert _texts(first) == [("3", "Anna"), ("4", "Rome")]  # user 1, the first in id order
    assert "the annotations of 2 users (1, 2): user 1's read (--index 0)" in first.spans.warnings[0]
    assert _texts(read_spans(path, "doccano", ReadOptions(index=1))) == [("3", "Anna"), ("3", "Bob")]
    assert choices(path, ReadOptions())["index"] == ["0", "1"]
    with pytest.raises(InputError, match=r"expected --index below 2 \(the users 1, 2\), found 2"):
        read_spans(path, "doccano", ReadOptions(index=2))


def test_doccano_users_compared_give_their_agreement_not_zero(tmp_path):
    path = _jsonl(tmp_path / "users.jsonl", TWO_USERS)
    scores, _ = _scores(path, path, gold_index=0, system_index=1)
    assert scores == (0.5, 0.5, 2)


def test_doccano_file_without_span_keys_says_so(tmp_path):
    path = _jsonl(tmp_path / "plain.jsonl", {"text": TEXT, "tags": [[0, 4, "PER"]]})
    warnings = read_spans(path, "doccano").spans.warnings
    assert "no example holds spans ('label', 'labels', 'entities', 'annotations')" in warnings[0]


def _task(task_id, annotations=None, predictions=None, key="annotations"):
    task = {"id": task_id, "data": {"text": TEXT}}
    if annotations is not None:
        task[key] = annotations
    if predictions is not None:
        task["predictions"] = predictions
    return task


def _entry(start, end, label, **extra):
    value = {"start": start, "end": end, "labels": [label]}
    return {"result": [{"from_name": "ner", "to_name": "text", "type": "labels", "value": value}], **extra}


def _json(path, tasks):
    path.write_text(json.dumps(tasks, indent=1), encoding="utf-8")
    return str(path)


def test_label_studio_completions_before_1_0_are_the_annotations(tmp_path):
    tasks = [_task(1, [_entry(0, 4, "PER", skipped=True), _entry(9, 12, "PER")], key="completions")]
    path = _json(tmp_path / "completions.json", tasks)
    assert detect(path) == "Label Studio JSON"
    assert _texts(read_spans(path)) == [("PER", "Bob")]  # the skipped completion is not counted


def test_label_studio_tasks_without_the_annotation_are_left_out(tmp_path):
    prediction = [_entry(0, 4, "PER")]
    tasks = [_task(1, [_entry(0, 4, "PER")], prediction), _task(2, [], prediction),
             _task(3, [_entry(0, 4, "PER", was_cancelled=True)], prediction)]  # fmt: skip
    path = _json(tmp_path / "tasks.json", tasks)
    gold = read_spans(path)
    assert [d.name for d in gold.documents] == ["1"]
    assert gold.spans.warnings == [
        f"{path}: 2 tasks have no annotation number 1 (--index 0; cancelled ones not counted), left out "
        "of the comparison: 2 (0 annotations), 3 (0 annotations, 1 cancelled)"]
    scores, warnings = _scores(path, path, system_source="predictions")
    assert scores == (1.0, 1.0, 1)  # the predictions of tasks 2 and 3 are not false positives
    assert any("left out of the comparison: 2 (0 annotations)" in w for w in warnings)


def test_label_studio_index_in_messages_is_the_option_given(tmp_path):
    path = _json(tmp_path / "two.json", [_task(1, [_entry(0, 4, "PER"), _entry(0, 4, "LOC")])])
    warning = read_spans(path, None, ReadOptions(index=2)).spans.warnings[0]
    assert "no annotation number 3 (--index 2; cancelled ones not counted)" in warning
    assert "1 (2 annotations)" in warning


def test_label_studio_results_that_are_not_text_spans_are_named(tmp_path):
    choice = {"result": [{"from_name": "c", "to_name": "text", "type": "choices", "value": {"choices": ["a"]}}]}
    path = _json(tmp_path / "choices.json", [_task(1, [choice])])
    assert read_spans(path).spans.warnings == [
        f'{path}: no result of type "labels" (text spans) in the annotations; results of type "choices" are not read']


def test_label_studio_results_not_text_spans_are_named_in_json_words(tmp_path):
    """A result that is no object is named by what it is in JSON, as every message of the
    reader names a value (engine.errors.describe), never by a Python type (`str`, `list`)."""
    results = {"result": ["PER", 3, [0, 4], None, {"type": None}, {"type": "choices"}, {"value": {}}]}
    path = _json(tmp_path / "odd.json", [_task(1, [results])])
    assert read_spans(path).spans.warnings == [
        f'{path}: no result of type "labels" (text spans) in the annotations; results of type '
        '"choices", null; results without a type; results that are not objects ("PER", 3, an array, '
        "null) are not read"]


def _min_record(task_id, text, regions, annotation_id):
    """A record of Label Studio's JSON-MIN export: one annotation, the data and its regions side by side."""
    record = {"id": task_id, "text": text, "annotator": 1, "annotation_id": annotation_id,
              "created_at": "2024-01-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z", "lead_time": 3.2}  # fmt: skip
    if regions:
        record["label"] = [{"start": s, "end": e, "text": text[s:e], "labels": [lab]} for s, e, lab in regions]
    return record


def test_label_studio_json_min_export_is_read_as_its_tasks(tmp_path):
    records = [_min_record(1, TEXT, [(0, 4, "PER")], 5), _min_record(1, TEXT, [(9, 12, "PER")], 6),
               _min_record(2, TEXT, [], 7)]  # fmt: skip
    path = _json(tmp_path / "min.json", records)
    assert detect(path) == "Label Studio JSON"
    first = read_spans(path)
    assert ([d.name for d in first.documents], _texts(first)) == (["1", "2"], [("PER", "Anna")])
    second = read_spans(path, None, ReadOptions(index=1))
    assert _texts(second) == [("PER", "Bob")]
    assert "left out of the comparison: 2 (1 annotation)" in second.spans.warnings[0]
    full = _json(tmp_path / "full.json", [_task(1, [_entry(0, 4, "PER")]), _task(2, [{"result": []}])])
    assert _scores(path, full) == ((1.0, 1.0, 1), [])


def test_label_studio_json_min_region_out_of_its_text_is_named(tmp_path):
    path = _json(tmp_path / "min.json", [_min_record(1, "Anna", [(0, 9, "PER")], 5)])
    with pytest.raises(InputError, match=r"0 ≤ start ≤ end ≤ 4 .*found \[0, 9\) at \$\[0\]\.label\[0\]"):
        read_spans(path)


def test_json_with_a_bom_is_recognised(tmp_path):
    doccano = tmp_path / "bom.jsonl"
    doccano.write_bytes(b"\xef\xbb\xbf" + json.dumps(TEXT_LABEL).encode() + b"\n")
    studio = tmp_path / "bom.json"
    studio.write_bytes(b"\xef\xbb\xbf" + json.dumps([_task(1, [_entry(0, 4, "PER")])]).encode())
    assert (detect(doccano), detect(studio)) == ("doccano JSONL", "Label Studio JSON")
    assert _texts(read_spans(str(studio))) == [("PER", "Anna")]


def test_truncated_json_names_the_line_where_it_stops(tmp_path):
    whole = json.dumps([_task(1, [_entry(0, 4, "PER")])], indent=1)
    path = tmp_path / "cut.json"
    path.write_text(whole[: whole.index('"labels"')], encoding="utf-8")
    line = whole[: whole.index('"labels"')].count("\n") + 1
    with pytest.raises(InputError, match="invalid JSON") as error:
        read_spans(str(path), "label-studio")
    assert error.value.line == line > 1


def test_label_studio_task_without_a_prediction_is_left_out_of_the_gold_too(tmp_path):
    tasks = [_task(1, [_entry(0, 4, "PER")], [_entry(0, 4, "PER")]), _task(4, [_entry(9, 12, "PER")], [])]
    path = _json(tmp_path / "tasks.json", tasks)
    scores, warnings = _scores(path, path, system_source="predictions")
    assert scores == (1.0, 1.0, 1)  # task 4's gold span is not a false negative: no prediction was made
    assert any("1 task has no prediction number 1 (--index 0), left out" in w for w in warnings)


def test_doccano_users_of_mixed_ids_are_ordered_whole_numbers_first(tmp_path):
    mixed = {**TWO_USERS, "annotations": [_annotation(0, 4, "A", "bob"), _annotation(9, 12, "B", 2.5),
                                          _annotation(16, 20, "C", 1)]}  # fmt: skip
    path = _jsonl(tmp_path / "mixed.jsonl", mixed)
    first = read_spans(path, "doccano")
    assert "the annotations of 3 users (1, 2.5, bob): user 1's read (--index 0)" in first.spans.warnings[0]
    assert [_texts(read_spans(path, "doccano", ReadOptions(index=i))) for i in (1, 2)] == [[("B", "Bob")], [("A", "Anna")]]
    assert choices(path, ReadOptions(index=2)) == {"index": ["0", "1", "2"], "label": ["A"],
                                                  "user": ["user 1", "2.5", "bob"]}  # as --gold-user names them
    assert choices(path, ReadOptions(index=3))["label"] == ["C"]  # past the last user (read stops): the first user's


def test_doccano_user_that_is_no_id_is_named(tmp_path):
    path = _jsonl(tmp_path / "listed.jsonl", {**TWO_USERS, "annotations": [_annotation(0, 4, "A", [1])]})
    with pytest.raises(InputError, match=r"expected a user id \(a number or a name\), found \[1\] at \$.annotations\[0\].user"):
        read_spans(path, "doccano")
