"""Label Studio regions: checked against their task's text (offsets in UTF-16 units, as
Label Studio wrote them before its fix for emoji, converted; other differences a warning),
and read from one labelling control (`from_name`: `--layer`)."""

from __future__ import annotations

import json

import pytest

from engine.cli import main
from engine.errors import InputError
from engine.formats import read_spans
from engine.formats.label_studio import choices
from engine.formats.label_studio_text import _from_utf16, utf16_units
from engine.formats.spantable import reader_warnings
from engine.formats.standoff import ReadOptions
from engine.methods import get_method

TEXT = "💩 Anna met 👩‍🔬 Bob in Köln."  # 💩 and the two people of 👩‍🔬 are beyond U+FFFF


def _utf16(text: str, offset: int) -> int:
    return len(text[:offset].encode("utf-16-le")) // 2


def _region(text: str, word: str, label: str, utf16: bool = False, control: str = "label",
            target: str = "text") -> dict:  # fmt: skip
    start = text.index(word)
    end = start + len(word)
    if utf16:
        start, end = _utf16(text, start), _utf16(text, end)
    value = {"start": start, "end": end, "text": word, "labels": [label]}
    return {"from_name": control, "to_name": target, "type": "labels", "value": value}


def _write(path, tasks: list[dict]) -> str:
    path.write_text(json.dumps(tasks, ensure_ascii=False), encoding="utf-8")
    return str(path)


def _task(*annotations: list[dict], data: dict | None = None) -> dict:
    return {"id": 1, "data": data or {"text": TEXT}, "annotations": [{"result": list(r)} for r in annotations]}


def _texts(annotations) -> list[tuple[str, str]]:
    docs = {d.name: d for d in annotations.documents}
    return [(s.label, docs[s.doc].tokens[s.start : s.end]) for s in annotations.spans]


def test_utf16_offsets_are_converted_with_a_warning(tmp_path):
    words = [("Anna", "PER"), ("Bob", "PER"), ("Köln", "LOC")]
    old = _write(tmp_path / "old.json", [_task([_region(TEXT, w, lab, utf16=True) for w, lab in words])])
    read = read_spans(old)
    assert _texts(read) == [(label, word) for word, label in words]
    (warning,) = reader_warnings(read)
    assert "3 regions counted in UTF-16 units" in warning
    assert "$[0].annotations[0].result[0].value [2, 6) → [2, 6)" not in warning  # Anna: 💩 is 2 units
    assert "$[0].annotations[0].result[0].value [3, 7) → [2, 6)" in warning


def test_old_and_new_exports_of_one_annotation_score_alike(tmp_path):
    words = [("Anna", "PER"), ("Bob", "PER"), ("Köln", "LOC")]
    old = _write(tmp_path / "old.json", [_task([_region(TEXT, w, lab, utf16=True) for w, lab in words])])
    new = _write(tmp_path / "new.json", [_task([_region(TEXT, w, lab) for w, lab in words])])
    method = get_method("spans")
    report = method.evaluate(new, old, method.Options())
    assert report.data["classification_report"]["micro avg"]["f1-score"] == 1.0
    assert not reader_warnings(read_spans(new))


def test_a_text_that_differs_otherwise_is_a_warning_and_the_offsets_stand(tmp_path):
    region = _region(TEXT, "Anna", "PER")
    region["value"]["text"] = "Hanna"
    read = read_spans(_write(tmp_path / "t.json", [_task([region])]))
    assert _texts(read) == [("PER", "Anna")]
    (warning,) = reader_warnings(read)
    assert "1 region whose text differs from the task's text" in warning
    assert '"Hanna" at [2, 6) reads "Anna"' in warning


def test_white_space_differences_are_not_reported(tmp_path):
    text = "New\nYork is big"
    region = {"type": "labels", "value": {"start": 0, "end": 8, "text": "New York", "labels": ["LOC"]}}
    read = read_spans(_write(tmp_path / "t.json", [_task([region], data={"text": text})]))
    assert not reader_warnings(read)


def test_utf16_offsets_inside_a_character_or_beyond_the_text_are_not_converted():
    units = utf16_units("💩ab")
    assert _from_utf16(units, 1, 3) is None  # inside 💩
    assert _from_utf16(units, 2, 9) is None
    assert _from_utf16(units, 2, 4) == (1, 3)
    assert utf16_units("plain ab") is None


def test_many_regions_of_a_long_text_count_its_units_once(tmp_path):
    text = "💩" + "word " * 40_000
    regions = [{"type": "labels", "value": {"start": 1 + 5 * k + 1, "end": 1 + 5 * k + 5, "text": "word",
                                            "labels": ["W"]}} for k in range(3_000)]  # fmt: skip
    read = read_spans(_write(tmp_path / "long.json", [_task(regions, data={"text": text})]))
    assert len(read.spans) == 3_000 and "3000 regions counted in UTF-16 units" in reader_warnings(read)[0]


def test_regions_of_two_controls_need_a_layer(tmp_path, capsys):
    ner = [_region(TEXT, "Anna", "PER", control="ner"), _region(TEXT, "Köln", "LOC", control="ner")]
    pos = [_region(TEXT, "met", "VERB", control="pos")]
    path = _write(tmp_path / "two.json", [_task(ner + pos, ner)])
    with pytest.raises(InputError) as caught:
        read_spans(path)
    assert caught.value.message.endswith(
        "expected the regions of one labelling control (--layer 'ner' or --layer 'pos'), found regions of 2: ner, pos")
    assert _texts(read_spans(path, None, ReadOptions(layer="ner"))) == [("PER", "Anna"), ("LOC", "Köln")]
    assert _texts(read_spans(path, None, ReadOptions(layer="pos", index=1))) == []  # in the file, not in this one
    assert choices(path, ReadOptions())["layer"] == ["ner", "pos"]
    assert choices(path, ReadOptions(layer="pos"))["label"] == ["VERB"]
    assert main(["spans", path, path, "--system-index", "1"]) == 2
    assert "--layer 'ner' or --layer 'pos'" in capsys.readouterr().err
    assert main(["spans", path, path, "--system-index", "1", "--layer", "ner"]) == 0
    assert main(["spans", path, path, "--layer", "lemma"]) == 2
    assert "of this file (ner, pos), found 'lemma'" in capsys.readouterr().err


def test_the_layer_chooses_the_text_its_control_labels(tmp_path):
    data = {"text": "Apple hired Tim Cook.", "title": "Tim Cook news"}
    regions = [_region(data["text"], "Apple", "ORG", control="label_text"),
               _region(data["title"], "Tim Cook", "PER", control="label_title", target="title")]  # fmt: skip
    path = _write(tmp_path / "texts.json", [_task(regions, data=data)])
    with pytest.raises(InputError, match="label_text, label_title"):
        read_spans(path)
    title = read_spans(path, None, ReadOptions(layer="label_title"))
    assert _texts(title) == [("PER", "Tim Cook")]
    assert title.documents[0].tokens == "Tim Cook news"
    assert _texts(read_spans(path, None, ReadOptions(layer="label_text"))) == [("ORG", "Apple")]


def test_json_min_tags_are_controls(tmp_path):
    record = {"id": 1, "text": "Anna met Bob", "annotation_id": 7,
              "ner": [{"start": 0, "end": 4, "text": "Anna", "labels": ["PER"]}],
              "pos": [{"start": 5, "end": 8, "text": "met", "labels": ["VERB"]}]}  # fmt: skip
    path = _write(tmp_path / "min.json", [record])
    with pytest.raises(InputError, match="--layer 'ner' or --layer 'pos'"):
        read_spans(path)
    assert _texts(read_spans(path, None, ReadOptions(layer="pos"))) == [("VERB", "met")]


def test_each_annotator_of_an_export_is_read_from_the_chosen_control(tmp_path):
    from engine.formats.label_studio import read_annotators

    ner = [_region(TEXT, "Anna", "PER", control="ner", utf16=True)]
    pos = [_region(TEXT, "met", "VERB", control="pos")]
    task = {"id": 1, "data": {"text": TEXT}, "annotations": [
        {"completed_by": 1, "result": ner + pos}, {"completed_by": 2, "result": ner}]}  # fmt: skip
    path = _write(tmp_path / "two.json", [task])
    with pytest.raises(InputError, match="--layer 'ner' or --layer 'pos'"):
        read_annotators(path, ReadOptions())
    read = read_annotators(path, ReadOptions(layer="ner"))
    assert {name: _texts(annotations) for name, annotations in read.items()} == {
        "user 1": [("PER", "Anna")], "user 2": [("PER", "Anna")]}  # fmt: skip
    assert "2 regions counted in UTF-16 units" in read["user 1"].warnings[0]


@pytest.mark.parametrize(("label", "found"), [(None, "null"), (5, "5"), ({"a": 1}, '{"a": 1}'), (True, "true")])
def test_a_label_that_is_not_text_is_refused_by_its_json_path(tmp_path, label, found):
    """null, a number or an object was read as the label "None", "5", "{'a': 1}"."""
    anna, bob = _region(TEXT, "Anna", "PER"), _region(TEXT, "Bob", label)
    path = _write(tmp_path / "tasks.json", [_task([anna, bob])])
    with pytest.raises(InputError) as caught:
        read_spans(path)
    assert str(caught.value) == (f"{path}: expected a label that is text (a JSON string), found {found} "
                                 "at $[0].annotations[0].result[1].value.labels[0]")  # fmt: skip


def test_a_task_of_several_strings_without_a_config_names_them(tmp_path):
    """A task whose data holds several strings and whose regions name none of them (no
    `source`, a `to_name` that is not a data key) needs the config.xml beside the file:
    the error lists the strings rather than saying there are none (the CSV export of
    label-studio-converter's tests/data/test_export_csv/csv_test2.json: 13 of them)."""
    region = _region("Anna met Bob", "Anna", "PER", target="review")
    path = _write(tmp_path / "t.json", [_task([region], data={"title": "A day", "body": "Anna met Bob"})])
    with pytest.raises(InputError, match=r"found 2 strings \(title, body\) and no config.xml beside the file "
                       r"naming one at \$\[0\]\.data"):  # fmt: skip
        read_spans(path)
    (tmp_path / "config.xml").write_text('<View><Text name="review" value="$text"/></View>', encoding="utf-8")
    with pytest.raises(InputError, match=r"found 2 strings \(title, body\), none of them named by the config.xml "
                       r"beside the file at \$\[0\]\.data"):  # fmt: skip
        read_spans(path)
    (tmp_path / "config.xml").write_text('<View><Text name="review" value="$body"/></View>', encoding="utf-8")
    assert _texts(read_spans(path)) == [("PER", "Anna")]


def test_a_control_named_as_a_placeholder_keeps_its_name_in_the_advice(tmp_path):
    """The advice quotes each control's name as other user values are (errors.given): the
    app names `--layer NAME` by its Layer list and leaves the metavar NAME out, so a control
    named NAME would lose its name unquoted."""
    regions = [_region(TEXT, "Anna", "PER", control="NAME"), _region(TEXT, "met", "VERB", control="pos")]
    path = _write(tmp_path / "two.json", [_task(regions)])
    with pytest.raises(InputError, match=r"\(--layer 'NAME' or --layer 'pos'\)"):
        read_spans(path)


def test_a_task_without_data_is_named_by_its_keys(tmp_path):
    """label-studio-evalme's tests/test_data/test_old_format.json: tasks of `id` and
    `completions` without `data` (its 0.x aggregated completions). The error said 'found
    dict'; it names the object's keys, or what `data` is where it is no object."""
    path = _write(tmp_path / "old.json", [{"id": 6057964, "completions": []}])
    with pytest.raises(InputError, match=r'expected a task: an object with "data" \(an object\), found an object '
                       r"of keys id, completions at \$\[0\]"):  # fmt: skip
        read_spans(path, "label-studio")
    path = _write(tmp_path / "text.json", [{"id": 1, "data": "Anna met Bob"}])
    with pytest.raises(InputError, match=r'found "data" that is "Anna met Bob" at \$\[0\]'):
        read_spans(path, "label-studio")
    for task, found in (({"data": None}, '"data" that is null'), ({}, "an empty object"), (3, "3")):
        path = _write(tmp_path / "odd.json", [task])
        with pytest.raises(InputError, match=rf"found {found} at \$\[0\]"):
            read_spans(path, "label-studio")


def test_a_task_of_data_alone_is_a_task_without_annotations(tmp_path):
    """Label Studio's import: "in case "data" field is missing in imported task object, the
    whole task body is interpreted as task["data"]" (its tasks guide), as in its own test
    tasks_annotations_predictions.json ({"text": "zzz"} after tasks with annotations): such a
    task has none yet and is left out with the others without one. An object holding regions
    without an annotation_id is no such task (a JSON-MIN record cut short): still an error."""
    path = _write(tmp_path / "tasks.json", [_task([_region(TEXT, "Anna", "PER")]), {"text": "zzz"}])
    found = read_spans(path)
    assert _texts(found) == [("PER", "Anna")] and [d.name for d in found.documents] == ["1"]
    assert reader_warnings(found) == [f"{path}: 1 task has no annotation number 1 (--index 0; cancelled ones not "
                                      "counted), left out of the comparison: 2 (0 annotations)"]
    regions = {"text": "zzz", "label": [{"start": 0, "end": 1, "labels": ["X"]}]}
    path = _write(tmp_path / "min.json", [_task([_region(TEXT, "Anna", "PER")]), regions])
    with pytest.raises(InputError, match=r"found an object of keys text, label at \$\[1\]"):
        read_spans(path)


def test_a_file_of_data_alone_is_no_export(tmp_path):
    """Objects of data alone are tasks only beside a task of its own: a file of nothing else (a
    doccano array, objects of text) stops as before, naming the first, never read as no task."""
    doccano = [{"text": "Anna", "label": [[0, 4, "PER"]]}, {"text": "zzz"}]
    path = _write(tmp_path / "doccano.json", doccano)
    with pytest.raises(InputError, match=r'expected a task: an object with "data" \(an object\), found an object '
                                         r"of keys text, label at \$\[0\]"):
        read_spans(path, "label-studio")


def test_a_value_that_is_no_task_among_tasks_is_named_by_agreement_too(tmp_path, capsys):
    """agreement looked for the labelling controls in every value before checking it is a task
    (an internal error on `5`)."""
    from engine.cli import main

    path = _write(tmp_path / "five.json", [_task([_region(TEXT, "Anna", "PER")]), 5])
    for command in (["agreement", path], ["spans", path, path]):
        assert main(command) == 2
        assert capsys.readouterr().err.endswith('expected a task: an object with "data" (an object), found 5 at $[1]\n')


def test_data_alone_before_the_first_task_is_a_task_without_annotations(tmp_path):
    path = _write(tmp_path / "first.json", [{"text": "zzz"}, _task([_region(TEXT, "Anna", "PER")])])
    found = read_spans(path)
    assert _texts(found) == [("PER", "Anna")] and [d.name for d in found.documents] == ["2"]
