"""The tasks of a Label Studio JSON export, as engine/formats/label_studio.py reads them: a
JSON-MIN export's records (one per annotation) joined by task id, and an object of data alone
imported as Label Studio imports it (its data, none of it annotated yet)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain
from typing import Any

from ..errors import describe, first_listed
from .jsondocs import Record, bad
from .label_studio_table import export_records
from .reader_options import SOURCES


def task_object(record: Record, path: str) -> dict[str, Any]:
    task = record.value
    if not isinstance(task, dict) or not isinstance(task.get("data"), dict):
        raise bad(record, path, 'a task: an object with "data" (an object)', not_task(task))
    return task


def not_task(value: Any) -> str:
    """What a value that is no task is: its keys where it is an object without "data"."""
    if not isinstance(value, dict) or not value:
        return "an empty object" if isinstance(value, dict) else describe(value)
    if "data" in value:
        return f'"data" that is {describe(value["data"])}'
    return f"an object of keys {first_listed(list(map(str, value)), 8, more=', …')}"


#: A JSON-MIN record's keys that are not the task's data (Label Studio's converter adds them).
_MIN_KEYS = ("id", "annotator", "annotation_id", "created_at", "updated_at", "lead_time", "agreement",
             "history")  # fmt: skip
#: Where a JSON-MIN region was (its tag's name and number), for messages.
AT = "_at"


def _is_min(value: Any) -> bool:
    """A JSON-MIN record: one annotation of a task, its data and its regions side by side."""
    return isinstance(value, dict) and not isinstance(value.get("data"), dict) and "annotation_id" in value


def _is_region(item: Any) -> bool:
    return isinstance(item, dict) and "labels" in item and "start" in item


def _regions(item: Any) -> bool:
    """Whether a value is a JSON-MIN record's regions of one labelling control."""
    return isinstance(item, list) and bool(item) and all(map(_is_region, item))


def _min_regions(record: Record, path: str, key: str, item: Any) -> bool:
    """Whether a JSON-MIN record's value is the regions of one labelling control (_regions,
    each item looked at once); InputError where a list holds a region (an object with "labels"
    and "start") beside an item that is none: a region cut or edited, which would make the
    list the task's data."""
    if not isinstance(item, list) or not item:
        return False
    is_region = list(map(_is_region, item))
    if all(is_region) or not any(is_region):
        return all(is_region)
    j = is_region.index(False)
    found = not_task(item[j]) if isinstance(item[j], dict) and item[j] else describe(item[j])
    raise bad(record, path, 'a region with "start", "end" and "labels", as the others of its list', found,
              f".{key}[{j}]")  # fmt: skip


def _min_task(record: Record, path: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A JSON-MIN record as the task's data and its annotation's results; InputError naming
    an item that is no region in a list of regions (its spans would all be lost)."""
    data, results = {}, []
    for key, item in record.value.items():
        if _min_regions(record, path, key, item):
            results += [{"type": "labels", "from_name": key, "value": r, AT: f".{key}[{j}]"}
                        for j, r in enumerate(item)]  # fmt: skip
        elif key not in _MIN_KEYS:
            data[key] = item
    return data, results


def export_tasks(path: str) -> Iterator[Record]:
    """The file's tasks; a JSON-MIN export's records (one per annotation) joined by task id.
    A record without an annotation id or regions is a task without annotations (the
    converter writes one so for each such task: annotation_id null, annotator empty)."""
    found = export_records(path)
    first = next(found, None)
    if first is None or not _is_min(first.value):
        yield from () if first is None else _imported_tasks(first, found, path)
        return
    tasks: dict[str, Record] = {}
    for record in chain([first], found):
        if not _is_min(record.value):
            expected = 'a JSON-MIN record (with "annotation_id"), as the first'
            raise bad(record, path, expected, "another object")
        data, results = _min_task(record, path)
        key = repr(record.value.get("id", record.path))
        if key not in tasks:
            task = {"id": record.value.get("id"), "data": data, "annotations": []}
            tasks[key] = Record(task, record.line, record.path)
        if results or record.value["annotation_id"] not in (None, ""):
            tasks[key].value["annotations"].append(
                {"result": results, "completed_by": record.value.get("annotator")}
            )
    yield from tasks.values()


#: A task's keys beside its data (`completions`: 0.x's annotations).
_TASK_KEYS = ("data", *SOURCES, "completions")


def _imported_tasks(first: Record, found: Iterator[Record], path: str) -> Iterator[Record]:
    """The tasks as imported (_imported), beside at least one task of its own: a file of data
    alone (a doccano array, objects of text) is no export, said as the first is no task."""
    own = False
    for record in chain([first], found):
        yield (task := _imported(record))
        own = own or task is record
    if not own:
        task_object(first, path)  # raises: the first is no task


def _imported(record: Record) -> Record:
    """A task as Label Studio imports it: an object without "data" is its data, none of it
    annotated yet (one with annotations, predictions or regions of its own stays as it is)."""
    task = record.value
    if not isinstance(task, dict) or not task or any(key in task for key in _TASK_KEYS):
        return record
    if any(map(_regions, task.values())):
        return record
    return Record({"data": task}, record.line, record.path)
