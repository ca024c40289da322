"""doccano's sequence-labelling JSONL: one example a line, `{"text": …, "label": [[start,
end, "LABEL"], …]}` or the newer `{"text": …, "entities": [{"start_offset", "end_offset",
"label"}, …]}`; `data` instead of `text` (doccano 1.x); a pretty-printed single object or a
JSON array is read too. Offsets are code points, end exclusive. Each example is a
document, named by its `id` (numbered where it has none)."""

from __future__ import annotations

from typing import Any

from ..spans import Annotations
from . import sniffing
from .jsondocs import Record, bad, document, offsets, records, unique_name
from .spantable import SpanTable
from .standoff import ReadOptions

NAME = "doccano"
TITLE = "doccano JSONL"
SUFFIXES = (".jsonl", ".json")


sniff = sniffing.doccano  # recognises the format without this module (engine/formats/sniffing.py)


def _text(record: Record, path: str) -> str:
    value = record.value
    if not isinstance(value, dict):
        raise bad(record, path, "a JSON object (one example)", type(value).__name__)
    text = value.get("text", value.get("data"))
    if not isinstance(text, str):
        raise bad(record, path, 'a "text" (or "data") string', repr(text)[:40])
    return text


def _spans(record: Record, path: str, length: int) -> list[tuple[int, int, str]]:
    value = record.value
    spans = []
    for i, item in enumerate(value.get("label") or []):
        where = f".label[{i}]"
        if not (isinstance(item, list) and len(item) == 3 and isinstance(item[2], str)):
            raise bad(record, path, "[start, end, label]", repr(item)[:40], where)
        spans.append((*offsets(record, path, where, item[0], item[1], length), item[2]))
    for i, item in enumerate(value.get("entities") or []):
        where = f".entities[{i}]"
        if not (isinstance(item, dict) and isinstance(item.get("label"), str)):
            raise bad(record, path, '{"start_offset", "end_offset", "label"}', repr(item)[:40], where)
        start, end = offsets(record, path, where, item.get("start_offset"), item.get("end_offset"), length)
        spans.append((start, end, item["label"]))
    return spans


def _examples(path: str) -> list[tuple[str, str, list[tuple[int, int, str]]]]:
    examples: list[tuple[str, str, list[tuple[int, int, str]]]] = []
    used: set[str] = set()
    for number, record in enumerate(records(path), 1):
        text = _text(record, path)
        name = unique_name(record.value.get("id"), number, used)
        examples.append((name, text, _spans(record, path, len(text))))
    return examples


def read(path: str, options: ReadOptions) -> Annotations:
    examples = _examples(path)
    documents = [document(name, text) for name, text, _ in examples]
    return Annotations(path, NAME, documents, table_of_examples(examples, [d.name for d in documents]))


def table_of_examples(examples: list[tuple[str, Any, list[tuple[int, int, str]]]],
                      names: list[str]) -> SpanTable:  # fmt: skip
    """The spans of documents given as (name, text, [(start, end, label)])."""
    labels: dict[str, int] = {}
    rows = [(d, s, e, labels.setdefault(lab, len(labels)))
            for d, (_, _, spans) in enumerate(examples) for s, e, lab in spans]  # fmt: skip
    return SpanTable.of_rows(rows, list(labels), names)


def choices(path: str, options: ReadOptions) -> dict[str, list[str]]:
    return {"label": sorted({lab for _, _, spans in _examples(path) for _, _, lab in spans})}
