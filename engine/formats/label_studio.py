"""Label Studio's JSON export of a labelling project: a list of tasks (or one task), each
with its `data`, its `annotations` and `predictions`, whose `result` items of type `labels`
carry `value.start`, `value.end` (code points, end exclusive) and `value.labels`.

Gold and system are picked by source (annotations or predictions) and index (which one of
each task, cancelled annotations left out); a region with two labels is two spans;
results of other types are ignored. The text is the task's `data` value that the
labelling config names (a `config.xml` beside the file, or the results' `source` or
`to_name`), else its only string value. Each task is a document named by its `id`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..spans import Annotations
from . import sniffing
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
    config = Path(path).with_name("config.xml")
    if not config.is_file():
        return {}
    try:
        text = config.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return {}
    return {name: key for name, key in _TEXT_TAG.findall(text)}


def _results(record: Record, path: str, options: ReadOptions) -> list[Any] | None:
    """The chosen annotation's (or prediction's) results; None when the task has none."""
    task = record.value
    entries = task.get(options.source) or []
    if not isinstance(entries, list):
        raise bad(record, path, f"a list of {options.source}", type(entries).__name__, f".{options.source}")
    kept = [e for e in entries if isinstance(e, dict) and not e.get("was_cancelled")]
    if options.index >= len(kept):
        return None
    results = kept[options.index].get("result") or []
    if not isinstance(results, list):
        raise bad(record, path, "a list of results", type(results).__name__, f".{options.source}")
    return results


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


def _task(record: Record, path: str, options: ReadOptions, keys: dict[str, str]) -> tuple[Any, str, list]:
    task = record.value
    if not isinstance(task, dict) or not isinstance(task.get("data"), dict):
        raise bad(record, path, 'a task: an object with "data"', type(task).__name__)
    results = _results(record, path, options)
    key = _text_key(task, results or [], keys)
    if key is None or not isinstance(task["data"].get(key), str):
        expected = "a text in the task's data (its one string value, or the one the config names)"
        raise bad(record, path, expected, "none", ".data")
    text = task["data"][key]
    spans = []
    for i, result in enumerate(results or []):
        if not isinstance(result, dict) or result.get("type") != "labels":
            continue
        where = f".{options.source}[{options.index}].result[{i}].value"
        value = result.get("value")
        if not isinstance(value, dict) or not isinstance(value.get("labels"), list):
            raise bad(record, path, 'a value with "start", "end" and "labels"', repr(value)[:40], where)
        start, end = offsets(record, path, where, value.get("start"), value.get("end"), len(text))
        spans += [(start, end, str(label)) for label in value["labels"]]
    return task.get("id"), text, spans


def read(path: str, options: ReadOptions) -> Annotations:
    if options.source not in SOURCES:
        raise InputError("annotations or predictions", repr(options.source), option="--source")
    keys = _config_keys(path)
    examples, used, missing = [], set(), 0
    for number, record in enumerate(records(path), 1):
        task_id, text, spans = _task(record, path, options, keys)
        missing += _results(record, path, options) is None
        examples.append((unique_name(task_id, number, used), text, spans))
    documents = [document(name, text) for name, text, _ in examples]
    table = table_of_examples(examples, [d.name for d in documents])
    if missing:
        which = f"{options.source[:-1]} number {options.index + 1}"
        table.warnings = [f"{path}: {missing} task{'s have' if missing != 1 else ' has'} no {which} "
                       "(not cancelled): no spans there"]  # fmt: skip
    return Annotations(path, NAME, documents, table)


def choices(path: str, options: ReadOptions) -> dict[str, list[str]]:
    most, labels = 0, set()
    for record in records(path):
        task = record.value if isinstance(record.value, dict) else {}
        entries = [e for e in task.get(options.source) or []
                   if isinstance(e, dict) and not e.get("was_cancelled")]  # fmt: skip
        most = max(most, len(entries))
        for entry in entries:
            for result in entry.get("result") or []:
                if isinstance(result, dict) and result.get("type") == "labels":
                    labels.update(map(str, (result.get("value") or {}).get("labels") or []))
    return {"source": list(SOURCES), "index": [str(i) for i in range(max(most, 1))], "label": sorted(labels)}
