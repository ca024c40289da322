"""A JSON document whose top level is an array (a Label Studio export, doccano's JSON) is
read item by item (engine/formats/jsondocs.py: records): each item is decoded by a call of
its own, so the interpreter can run another thread (the app's window) between items; the
records, their paths and every message are those of decoding the whole file at once."""

from __future__ import annotations

import json
import sys

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InputError
from engine.formats import jsondocs, read_spans
from engine.formats.jsondocs import records

EXPECTED = "expected a JSON object on each line (JSON Lines), or one JSON document, found invalid JSON"
TASK = {"data": {"text": "Anna met Bob"}, "annotations": [{"result": []}]}


class Decoder:
    """orjson as jsondocs calls it, noting the length of each text it is given to decode."""

    JSONDecodeError = orjson.JSONDecodeError

    def __init__(self) -> None:
        self.sizes: list[int] = []

    def loads(self, data):
        self.sizes.append(len(data))
        return orjson.loads(data)


def _values(path) -> list[tuple[object, int | None, str]]:
    return [(r.value, r.line, r.path) for r in records(str(path))]


def test_no_decode_call_is_given_the_whole_array(tmp_path, monkeypatch):
    tasks = [{**TASK, "id": i} for i in range(200)]
    path = tmp_path / "export.json"
    path.write_text(json.dumps(tasks), encoding="utf-8")
    decoder = Decoder()
    monkeypatch.setattr(jsondocs, "orjson", decoder)
    assert [r.value for r in records(str(path))] == tasks
    assert len(decoder.sizes) == len(tasks)  # one call an item, none for the whole
    assert max(decoder.sizes) == len(json.dumps(tasks[-1]))


DEEP = "[" * 1010 + "]" * 1010  # deeper than msgspec reads: the file is decoded whole by orjson


@pytest.mark.parametrize("second", [json.dumps(TASK), DEEP], ids=["task", "deep"])
def test_records_let_go_of_each_item_once_given(tmp_path, second):
    """A decoded export freed at once is one long deallocation: records() holds no item it
    has given."""
    path = tmp_path / "export.json"
    path.write_text(f"[{json.dumps(TASK)}, {second}]", encoding="utf-8")
    given = records(str(path))
    value = next(given).value
    assert sys.getrefcount(value) == 2  # `value` and the call's argument: none in the generator
    assert next(given).path == "$[1]"


@pytest.mark.parametrize(
    "text",
    [
        ' \n [ {"a": 1} , 2 ] \n',
        "[]",
        '[{"a": 1, "a": 2}, 18446744073709551616, 1e-400, "\\ud83d\\ude00", "Ä", null, [[]]]',
        json.dumps([TASK, TASK], indent=4),
    ],
)
def test_an_array_gives_the_records_of_decoding_it_whole(tmp_path, text):
    path = tmp_path / "export.json"
    path.write_text(text, encoding="utf-8")
    assert _values(path) == [(value, None, f"$[{i}]") for i, value in enumerate(orjson.loads(text))]


NUMBERS = st.integers() | st.floats(allow_nan=False, allow_infinity=False)
SCALARS = st.none() | st.booleans() | NUMBERS | st.text()
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
                      max_leaves=8)


@given(st.lists(VALUES), st.sampled_from([None, 1]))
@settings(max_examples=60, deadline=None)
def test_any_array_gives_what_orjson_gives(tmp_path_factory, items, indent):
    text = json.dumps(items, indent=indent, ensure_ascii=False)
    path = tmp_path_factory.mktemp("any") / "export.json"
    path.write_text(text, encoding="utf-8")
    assert [r.value for r in records(str(path))] == orjson.loads(text)


def test_an_array_deeper_than_msgspec_reads_is_read_by_orjson(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text(f"[{DEEP}]", encoding="utf-8")
    [record] = records(str(path))
    value, depth = record.value, 1
    while value:
        [value], depth = value, depth + 1
    assert (record.path, value, depth) == ("$[0]", [], 1010)


def test_other_texts_are_read_as_before(tmp_path):
    lines = tmp_path / "lines.jsonl"
    lines.write_text("[1]\n\n[2, 3]\n", encoding="utf-8")  # JSON Lines of arrays
    assert _values(lines) == [([1], 1, "$"), ([2, 3], 3, "$")]
    one = tmp_path / "one.json"
    one.write_text('{"a": [1, 2]}', encoding="utf-8")
    assert _values(one) == [({"a": [1, 2]}, 1, "$")]


@pytest.mark.parametrize(
    ("text", "line", "why"),
    [
        ('[\n  {"a": 1},\n  {"b": 1e400}\n]\n', 3, "number is infinity when parsed as double"),
        ('[{"a": 1}] x', 1, "unexpected content after document"),
        ("[" + "[" * 1030 + "]" * 1030 + "]", 1, "depth limit exceeded"),
        ('[{"a": "\\ud800"}]', 1, "no low surrogate in string"),
        ('[{"a": 1},\n {"b": 2', 2, "unexpected end of data"),
    ],
)
def test_invalid_json_in_an_array_names_the_line(tmp_path, text, line, why):
    path = tmp_path / "export.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        list(records(str(path)))
    assert caught.value.message == f"{path}:{line}: {EXPECTED} ({why})"


@pytest.mark.parametrize(
    ("data", "values"),
    [
        (b'\xef\xbb\xbf[{"a": 1}, 2]', [{"a": 1}, 2]),  # a byte-order mark
        (b'[\r\n {"a": "\xc3\x84"},\r\n 2\r\n]\r\n', [{"a": "Ä"}, 2]),  # Windows line ends
    ],
)
def test_an_array_is_read_from_its_bytes(tmp_path, data, values):
    path = tmp_path / "export.json"
    path.write_bytes(data)
    assert _values(path) == [(value, None, f"$[{i}]") for i, value in enumerate(values)]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b'[\n {"a": "x"},\n {"b": "\xff"}\n]', ":3: expected UTF-8 text, found byte 0xFF"),
        (b'["\xed\xa0\x80"]', ":1: expected UTF-8 text, found byte 0xED"),  # a surrogate's bytes
        (b"\x89PNG\r\n\x1a\n[", " is not a text file (it looks like a PNG image)"),
        (b"\xef\xbb\xbf\xef\xbb\xbf[1]", f":1: {EXPECTED} (UTF-8 byte order mark (BOM) is not supported)"),
    ],
)
def test_an_array_that_is_not_utf8_is_named_as_any_file(tmp_path, data, message):  # message: after the name
    path = tmp_path / "export.json"
    path.write_bytes(data)
    with pytest.raises(InputError) as caught:
        list(records(str(path)))
    assert caught.value.message == f"{path}{message}"


def test_invalid_json_late_in_an_export_is_said_before_an_earlier_task_is_judged(tmp_path):
    tasks = [{"data": {}, "annotations": []}, TASK, {**TASK, "id": "INF"}]  # the first task has no text
    path = tmp_path / "export.json"
    path.write_text(json.dumps(tasks, indent=1).replace('"INF"', "1e400"), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_spans(str(path), "label-studio")
    assert caught.value.message == f"{path}:25: {EXPECTED} (number is infinity when parsed as double)"
