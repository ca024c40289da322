"""Readers given a value of the wrong type where the format has an object or a list (a
number, true, null): one message naming the file and where, or the value passed over
where the reading does not need it; never a traceback or an internal error."""

from __future__ import annotations

import json

import pytest

from engine.formats.label_studio import choices
from engine.formats.standoff import ReadOptions

TEXT = "Anna met Bob."


def _task(predictions) -> dict:
    region = {"from_name": "label", "to_name": "text", "type": "labels",
              "value": {"start": 0, "end": 4, "text": "Anna", "labels": ["PER"]}}  # fmt: skip
    return {"id": 1, "data": {"text": TEXT}, "annotations": [{"result": [region]}], "predictions": predictions}


@pytest.mark.parametrize("predictions", [5, 1.5, True, [{"result": 7}], [{"result": [{"from_name": "label",
                                         "type": "labels", "value": 3}]}]], ids=["int", "float", "bool", "result", "value"])  # fmt: skip
def test_label_studio_predictions_of_a_wrong_type_leave_the_annotations_read(cli, tmp_path, predictions):
    """The labelling controls are looked for in the annotations and the predictions: a
    `predictions` (or its `result`) that is a number was iterated (TypeError: 'int' object
    is not iterable), an internal error, though the annotations read are fine."""
    tasks = tmp_path / "tasks.json"
    tasks.write_text(json.dumps([_task(predictions)]), encoding="utf-8")
    result = cli("spans", tasks, tasks)
    assert result.code == 0, result.err
    assert "internal error" not in result.err
    assert choices(str(tasks), ReadOptions())["label"] == ["PER"]


def test_label_studio_predictions_of_a_wrong_type_read_name_the_task(cli, tmp_path):
    tasks = tmp_path / "tasks.json"
    tasks.write_text(json.dumps([_task(5)]), encoding="utf-8")
    result = cli("spans", tasks, tasks, "--system-source", "predictions")
    assert result.code == 2
    assert result.err == f"spanstudio: error: {tasks}: expected a list of predictions, found 5 at $[0].predictions\n"


def test_label_studio_choices_pass_over_a_region_value_that_is_no_object(tmp_path):
    """The app's choices list the labels of the regions: a region's value that is a
    number was asked for its labels (AttributeError)."""
    task = _task([])
    task["annotations"][0]["result"].append({"from_name": "label", "type": "labels", "value": 3})
    tasks = tmp_path / "tasks.json"
    tasks.write_text(json.dumps([task]), encoding="utf-8")
    assert choices(str(tasks), ReadOptions())["label"] == ["PER"]
