"""JSON readers quote a value of the file as the file writes it (`true`, `null`, `"abc"`,
`{"a": 1}`), never as Python writes it (`True`, `None`, `'abc'`, `{'a': 1}`); an offset whose
key is absent is said missing, not null."""

import json

import pytest

from engine.errors import InputError, json_value
from engine.formats import read_spans
from engine.formats.standoff import ReadOptions


def _message(path, format=None, options=None) -> str:
    with pytest.raises(InputError) as caught:
        read_spans(str(path), format, options)
    return str(caught.value)


def _lines(tmp_path, name, *values) -> str:
    path = tmp_path / name
    path.write_text("".join(json.dumps(v, ensure_ascii=False) + "\n" for v in values), encoding="utf-8")
    return str(path)


def test_json_value_is_json_text_escaped_and_cut():
    assert [json_value(v) for v in (True, None, "abc", {"a": 1}, 1.0, [1, "é"])] == [
        "true", "null", '"abc"', '{"a": 1}', "1.0", '[1, "é"]']  # fmt: skip
    assert json_value("a\x1bb\u202e") == '"a\\u001bb\\u202e"'
    assert json_value("x" * 100, most=10) == '"xxxxxxxx…'


DOCCANO = [
    ({"text": True, "label": []}, 'expected a "text" (or "data") string, found true at $.text'),
    ({"data": None, "label": []}, 'expected a "text" (or "data") string, found null at $.data'),
    ({"id": 1, "label": []}, 'expected a "text" (or "data") string, found no "text" at $'),
    ({"text": "Anna", "label": [[0, 4, None]]}, 'expected [start, end, label], found [0, 4, null] at $.label[0]'),
    ({"text": "Anna", "label": [[0.0, True, "PER"]]},
     "expected whole-number start and end offsets, found start 0.0, end true at $.label[0]"),
    ({"text": "Anna", "entities": [{"start_offset": None, "end_offset": 4, "label": "PER"}]},
     "expected whole-number start and end offsets, found start_offset null, end_offset 4 at $.entities[0]"),
    ({"text": "Anna", "entities": [{"end_offset": 4, "label": "PER"}]},
     "expected whole-number start and end offsets, found no start_offset, end_offset 4 at $.entities[0]"),
    ({"text": "Anna", "entities": [{"start_offset": 0, "end_offset": 4, "label": {"a": 1}}]},
     'expected {"start_offset", "end_offset", "label"}, found {"start_offset": 0, "end_offset": 4, "label": '
     '{"a": 1}} at $.entities[0]'),
    ({"text": "Anna", "annotations": [{"start_offset": 0, "end_offset": 4, "label": "PER", "user": {"a": 1}}]},
     'expected a user id (a number or a name), found {"a": 1} at $.annotations[0].user'),
]


@pytest.mark.parametrize(("example", "said"), DOCCANO)
def test_doccano_quotes_json(tmp_path, example, said):
    path = _lines(tmp_path, "d.jsonl", example)
    assert _message(path, "doccano") == f"{path}:1: {said}"


def test_doccano_label_file_quotes_json(tmp_path):
    labels = _lines(tmp_path, "labels.jsonl", {"id": "1", "text": True})
    path = _lines(tmp_path, "d.jsonl", {"text": "Anna", "annotations": [{"start_offset": 0, "end_offset": 4,
                                                                           "label": 1}]})  # fmt: skip
    assert _message(path, "doccano", ReadOptions(label_file=labels)) == (
        f'{labels}:1: expected a label {{"id": 1, "text": "PER", …}} (a doccano label file), found '
        '{"id": "1", "text": true} at $')


def _region(value):
    return {"id": 7, "data": {"text": "Anna met Bob"},
            "annotations": [{"result": [{"type": "labels", "from_name": "ner", "to_name": "text",
                                         "value": value}]}]}  # fmt: skip


LABEL_STUDIO = [
    ({"start": 0, "end": 4, "labels": [True]},
     "expected a label that is text (a JSON string), found true at $[0].annotations[0].result[0].value.labels[0]"),
    ({"start": 0, "end": 4, "labels": [{"a": 1}]},
     'expected a label that is text (a JSON string), found {"a": 1} at '
     "$[0].annotations[0].result[0].value.labels[0]"),
    ({"start": None, "end": "4", "labels": ["PER"]},
     'expected whole-number start and end offsets, found start null, end "4" at '
     "$[0].annotations[0].result[0].value"),
    ({"end": 4, "labels": ["PER"]},
     "expected whole-number start and end offsets, found no start, end 4 at $[0].annotations[0].result[0].value"),
    ({"start": 0, "end": 4, "labels": "PER"},
     'expected a value with "start", "end" and "labels", found {"start": 0, "end": 4, "labels": "PER"} at '
     "$[0].annotations[0].result[0].value"),
]


@pytest.mark.parametrize(("value", "said"), LABEL_STUDIO)
def test_label_studio_quotes_json(tmp_path, value, said):
    path = tmp_path / "export.json"
    path.write_text(json.dumps([_region(value)]), encoding="utf-8")
    assert _message(path, "label-studio") == f"{path}: {said}"


def test_label_studio_value_missing_is_said_missing(tmp_path):
    task = _region(None)
    del task["annotations"][0]["result"][0]["value"]
    path = tmp_path / "export.json"
    path.write_text(json.dumps([task]), encoding="utf-8")
    assert _message(path, "label-studio") == (
        f'{path}: expected a value with "start", "end" and "labels", found no "value" at '
        "$[0].annotations[0].result[0].value")


def _warnings(path, task) -> list[str]:
    path.write_text(json.dumps([task]), encoding="utf-8")
    return [w.removeprefix(f"{path}: ") for w in read_spans(str(path), "label-studio").spans.warnings]


def test_label_studio_warnings_quote_json(tmp_path):
    differs = _region({"start": 0, "end": 4, "text": "Ann", "labels": ["PER"]})
    assert _warnings(tmp_path / "export.json", differs) == [
        "1 region whose text differs from the task's text at its offsets (the offsets are used): "
        '$[0].annotations[0].result[0].value: "Ann" at [0, 4) reads "Anna"']
    choices = _region({"choices": ["x"]})
    choices["annotations"][0]["result"][0]["type"] = "choices"
    assert _warnings(tmp_path / "choices.json", choices) == [
        'no result of type "labels" (text spans) in the annotations; results of type "choices" are not read']


def test_label_studio_min_quotes_json(tmp_path):
    path = tmp_path / "min.json"
    regions = [{"start": 0, "end": 4, "labels": ["PER"]}, {"start": 5, "end": None, "labels": ["PER"]}]
    path.write_text(json.dumps([{"id": 1, "text": "Anna met Bob", "label": regions, "annotation_id": 3}]))
    assert _message(path, "label-studio") == (
        f"{path}: expected whole-number start and end offsets, found start 5, end null at $[0].label[1]")
    regions[1].update(end=8, labels=[True])
    path.write_text(json.dumps([{"id": 1, "text": "Anna met Bob", "label": regions, "annotation_id": 3}]))
    assert _message(path, "label-studio") == (
        f"{path}: expected a label that is text (a JSON string), found true at $[0].label[1].labels[0]")


def test_label_studio_csv_quotes_the_cell_as_written(tmp_path):
    path = tmp_path / "export.csv"
    good = '"[{""start"": 0, ""end"": 4, ""labels"": [""PER""]}]"'
    path.write_text("annotation_id,annotator,id,label,lead_time,text\n"
                    f"1,1,1,{good},2.5,Anna\n2,1,2,\"{{\"\"a\"\": true}}\",2.5,Bob\n")  # fmt: skip
    assert _message(path, "label-studio") == (
        f'{path}:3: expected regions in column \'label\' as in its other rows (a JSON list of objects with '
        '"labels"), found {"a": true}')


def _page(page_id):
    return {"page_id": page_id, "n_spans": 0, "poem_spans": []}


@pytest.mark.parametrize(("page_id", "shown"), [("p1", '"p1"'), (True, "true"), (None, "null"), (1.5, "1.5")])
def test_poetry_page_ids_quote_json(tmp_path, page_id, shown):
    path = _lines(tmp_path, "pages.jsonl", _page(page_id), _page(page_id))
    assert _message(path, "poetry-jsonl") == (
        f"{path}:2: expected each page id once (page {shown} is on line 1), found it again")
