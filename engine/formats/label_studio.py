"""Label Studio's JSON export of a labelling project: a list of tasks (or one task), each
with its `data`, its `annotations` (`completions` up to 0.9) and `predictions`, whose
`result` items of type `labels` carry `value.start`, `value.end` (code points, end
exclusive) and `value.labels`.

Gold and system are picked by source (annotations or predictions) and index (which one of
each task, from 0; cancelled annotations, `was_cancelled` or 0.x's `skipped`, not
counted). A task without that annotation (or prediction) is left out, with one warning
naming the tasks; pairing leaves it out of the other side too. A region with two labels
is two spans; results of other types are not read (a warning names them where no span is
found). The JSON-MIN export (one record per annotation: the task's data keys, each
labelling tag's regions `{start, end, labels}` under its name, `annotator`,
`annotation_id`) is read as the same tasks: a task's records in file order are its
annotations (it holds no predictions). The text is the task's `data` value that the
labelling config names (a `config.xml` beside the file, or the results' `source` or
`to_name`), else its only string value. Each task is a document named by its `id`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import chain
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..spans import Annotations
from . import LABEL_STUDIO_CONFIG, sniffing
from .doccano import table_of_examples
from .jsondocs import Record, bad, document, offsets, records, unique_name
from .reader_options import SOURCES
from .standoff import ReadOptions

NAME = "label-studio"
TITLE = "Label Studio JSON"
SUFFIXES = (".json",)
_TEXT_TAG = re.compile(r"<Text[^>]*\bname=\"([^\"]+)\"[^>]*\bvalue=\"\$([^\"]+)\"", re.IGNORECASE)


sniff = sniffing.label_studio  # recognises the format without this module (engine/formats/sniffing.py)


def _config_keys(path: str) -> dict[str, str]:
    """to_name → data key, from a labelling config (config.xml) beside the file."""
    config = Path(path).with_name(LABEL_STUDIO_CONFIG)
    if not config.is_file():
        return {}
    try:
        text = config.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return {}
    return {name: key for name, key in _TEXT_TAG.findall(text)}


def _entries(task: dict[str, Any], source: str) -> tuple[str, Any]:
    """The key of the task's annotations (or predictions) and its value: Label Studio up
    to 0.9 called the annotations `completions`."""
    old = source == "annotations" and "annotations" not in task and "completions" in task
    key = "completions" if old else source
    return key, task.get(key) or []


def _cancelled(entry: Any) -> bool:
    return not isinstance(entry, dict) or bool(entry.get("was_cancelled") or entry.get("skipped"))


def _results(record: Record, path: str, options: ReadOptions) -> tuple[list[Any] | None, str]:
    """The chosen annotation's (or prediction's) results and where they are; None and
    what the task holds where it has no such annotation."""
    key, entries = _entries(record.value, options.source)
    if not isinstance(entries, list):
        raise bad(record, path, f"a list of {options.source}", type(entries).__name__, f".{key}")
    kept = [i for i, e in enumerate(entries) if not _cancelled(e)]
    if options.index >= len(kept):
        cancelled = len(entries) - len(kept)
        return None, f"{len(kept)} {options.source}" + (f", {cancelled} cancelled" if cancelled else "")
    at = f".{key}[{kept[options.index]}]"
    results = entries[kept[options.index]].get("result") or []
    if not isinstance(results, list):
        raise bad(record, path, "a list of results", type(results).__name__, at)
    return results, at


def _text_key(task: dict[str, Any], results: list[Any], keys: dict[str, str]) -> str | None:
    data = task["data"]
    for result in results:
        if isinstance(result, dict) and result.get("type") == "labels":
            source = result.get("source")
            if isinstance(source, str) and source.startswith("$") and source[1:] in data:
                return source[1:]
            name = result.get("to_name")
            if keys.get(name) in data:
                return keys[name]
            if name in data and isinstance(data[name], str):
                return name
    if len(keys) == 1 and next(iter(keys.values())) in data:
        return next(iter(keys.values()))
    strings = [k for k, v in data.items() if isinstance(v, str)]
    if len(strings) == 1:
        return strings[0]
    return "text" if isinstance(data.get("text"), str) else None


def _task_object(record: Record, path: str) -> dict[str, Any]:
    task = record.value
    if not isinstance(task, dict) or not isinstance(task.get("data"), dict):
        raise bad(record, path, 'a task: an object with "data"', type(task).__name__)
    return task


#: A JSON-MIN record's keys that are not the task's data (Label Studio's converter adds them).
_MIN_KEYS = ("id", "annotator", "annotation_id", "created_at", "updated_at", "lead_time", "agreement")
#: Where a JSON-MIN region was (its tag's name and number), for messages.
_AT = "_at"


def _is_min(value: Any) -> bool:
    """A JSON-MIN record: one annotation of a task, its data and its regions side by side."""
    return isinstance(value, dict) and not isinstance(value.get("data"), dict) and "annotation_id" in value


def _is_region(item: Any) -> bool:
    return isinstance(item, dict) and "labels" in item and "start" in item


def _min_task(value: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A JSON-MIN record as the task's data and its annotation's results."""
    data, results = {}, []
    for key, item in value.items():
        if isinstance(item, list) and item and all(map(_is_region, item)):
            results += [{"type": "labels", "value": r, _AT: f".{key}[{j}]"} for j, r in enumerate(item)]
        elif key not in _MIN_KEYS:
            data[key] = item
    return data, results


def _tasks(path: str) -> Iterator[Record]:
    """The file's tasks; a JSON-MIN export's records (one per annotation) joined by task id."""
    found = records(path)
    first = next(found, None)
    if first is None or not _is_min(first.value):
        yield from () if first is None else chain([first], found)
        return
    tasks: dict[str, Record] = {}
    for record in chain([first], found):
        if not _is_min(record.value):
            expected = 'a JSON-MIN record (with "annotation_id"), as the first'
            raise bad(record, path, expected, "another object")
        data, results = _min_task(record.value)
        key = repr(record.value.get("id", record.path))
        if key not in tasks:
            task = {"id": record.value.get("id"), "data": data, "annotations": []}
            tasks[key] = Record(task, record.line, record.path)
        tasks[key].value["annotations"].append({"result": results})
    yield from tasks.values()


def _task(record: Record, path: str, results: list[Any], at: str,
          keys: dict[str, str]) -> tuple[str, list, set[str]]:  # fmt: skip
    """The task's text, its spans and the types of its results that are not spans."""
    task = record.value
    key = _text_key(task, results, keys)
    if key is None or not isinstance(task["data"].get(key), str):
        expected = "a text in the task's data (its one string value, or the one the config names)"
        raise bad(record, path, expected, "none", ".data")
    text = task["data"][key]
    spans, others = [], set()
    for i, result in enumerate(results):
        if not isinstance(result, dict) or result.get("type") != "labels":
            others.add(repr(result.get("type")) if isinstance(result, dict) else type(result).__name__)
            continue
        where = result.get(_AT) or f"{at}.result[{i}].value"
        value = result.get("value")
        if not isinstance(value, dict) or not isinstance(value.get("labels"), list):
            raise bad(record, path, 'a value with "start", "end" and "labels"', repr(value)[:40], where)
        start, end = offsets(record, path, where, value.get("start"), value.get("end"), len(text))
        spans += [(start, end, str(label)) for label in value["labels"]]
    return text, spans, others


def read(path: str, options: ReadOptions) -> Annotations:
    if options.source not in SOURCES:
        raise InputError("annotations or predictions", repr(options.source), option="--source")
    keys = _config_keys(path)
    examples, used, left_out, others = [], set(), [], set()
    for number, record in enumerate(_tasks(path), 1):
        name = unique_name(_task_object(record, path).get("id"), number, used)
        results, at = _results(record, path, options)
        if results is None:
            left_out.append((name, at))
            continue
        text, spans, ignored = _task(record, path, results, at, keys)
        examples.append((name, text, spans))
        others |= ignored
    documents = [document(name, text) for name, text, _ in examples]
    table = table_of_examples(examples, [d.name for d in documents])
    table.left_out = [name for name, _ in left_out]
    table.warnings = _warnings(path, options, left_out, others if not len(table) else set())
    return Annotations(path, NAME, documents, table)


def _warnings(path: str, options: ReadOptions, left_out: list[tuple[str, str]],
              others: set[str]) -> list[str]:  # fmt: skip
    """What the user should know: the tasks left out, the results that are not spans."""
    warnings = []
    if left_out:
        n, noun = len(left_out), options.source[:-1]
        shown = ", ".join(f"{name} ({held})" for name, held in left_out[:10])
        not_counted = "; cancelled ones not counted" if options.source == "annotations" else ""
        have = "tasks have" if n != 1 else "task has"
        warnings.append(f"{path}: {n} {have} no {noun} number {options.index + 1} "
                        f"(--index {options.index}{not_counted}), left out of the comparison: "
                        f"{shown}{', …' if n > 10 else ''}")  # fmt: skip
    if others:
        warnings.append(f"{path}: no result of type 'labels' (text spans) in the {options.source}; "
                        f"results of type {', '.join(sorted(others))} are not read")  # fmt: skip
    return warnings


def choices(path: str, options: ReadOptions) -> dict[str, list[str]]:
    most, labels = 0, set()
    for record in _tasks(path):
        task = record.value if isinstance(record.value, dict) else {}
        entries = [e for e in _entries(task, options.source)[1] if not _cancelled(e)]
        most = max(most, len(entries))
        for entry in entries:
            for result in entry.get("result") or []:
                if isinstance(result, dict) and result.get("type") == "labels":
                    labels.update(map(str, (result.get("value") or {}).get("labels") or []))
    return {"source": list(SOURCES), "index": [str(i) for i in range(max(most, 1))], "label": sorted(labels)}


def none_chosen(path: str, role: str, tasks: int) -> InputError:
    """The error for a side none of whose tasks has the chosen annotation (each left out),
    suggesting the predictions (`role`: gold or system, whose options name the choice)."""
    every = "its one task" if tasks == 1 else f"all its {tasks} tasks"
    return InputError(f"a task with the {role}'s chosen annotation (or prediction)",
                      f"none ({every} left out); to compare the predictions, choose predictions "
                      f"with --{role}-source, or another number with --{role}-index", file=path)  # fmt: skip
