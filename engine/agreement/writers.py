"""The settled gold as files: doccano JSONL, brat standoff (a folder of .txt and .ann) or
CoNLL (token TAB IOB2 tag, `-DOCSTART- name` before each document). Positions are code
points of each document's text."""

from __future__ import annotations

import bisect
import json
import re
from pathlib import Path
from typing import Any

from ..errors import InputError, given

Gold = list[tuple[dict[str, Any], list[list]]]


def render(gold: Gold, fmt: str, out: str) -> list[tuple[str, str]]:
    """(path, text) of every file the gold is written to."""
    if fmt == "doccano":
        return [(out, doccano(gold))]
    if fmt == "conll":
        return [(out, conll(gold, out))]
    return brat(gold, out)


def doccano(gold: Gold) -> str:
    lines = []
    for doc, spans in gold:
        record = {"id": doc["name"], "text": doc["text"], "label": [[s, e, label] for s, e, label in spans]}
        lines.append(json.dumps(record, ensure_ascii=False))
    return "\n".join(lines) + ("\n" if lines else "")


_FILE_NAME = re.compile(r"^[^/\\\x00]+$")


def brat(gold: Gold, folder: str) -> list[tuple[str, str]]:
    files = []
    for doc, spans in gold:
        name = doc["name"]
        if not _FILE_NAME.match(name) or name in (".", ".."):
            raise InputError("document names that can be file names (brat)", given(name), file=folder)
        lines = []
        for n, (s, e, label) in enumerate(spans, start=1):
            if not label or re.search(r"\s", label):
                raise InputError("labels without spaces (brat types)", given(label), file=folder)
            text = doc["text"][s:e].replace("\n", " ").replace("\t", " ")
            lines.append(f"T{n}\t{label} {s} {e}\t{text}")
        files.append((str(Path(folder) / f"{name}.txt"), doc["text"]))
        files.append((str(Path(folder) / f"{name}.ann"), "".join(line + "\n" for line in lines)))
    return files


def conll(gold: Gold, path: str = "") -> str:
    """IOB2 tags on the documents' tokens, a blank line after each sentence; overlapping
    spans cannot be written."""
    out = []
    for doc, spans in gold:
        tags = _tags(doc, spans, path)
        ends = {e for _, e in doc.get("sentences", [])}
        out += [f"-DOCSTART- {doc['name']}", ""]
        for (ts, te), tag in zip(doc["tokens"], tags, strict=True):
            out.append(f"{doc['text'][ts:te]}\t{tag}")
            if te in ends:
                out.append("")
        if out[-1] != "":
            out.append("")
    return "\n".join(out) + ("\n" if out else "")


def _tags(doc: dict[str, Any], spans: list[list], path: str) -> list[str]:
    starts = [t[0] for t in doc["tokens"]]
    ends = [t[1] for t in doc["tokens"]]
    tags = ["O"] * len(starts)
    for s, e, label in spans:
        first, last = bisect.bisect_right(ends, s), bisect.bisect_left(starts, e)
        if first >= last:
            continue
        if any(tag != "O" for tag in tags[first:last]):
            raise InputError(
                "spans that do not overlap (CoNLL holds one tag per token; write brat or doccano)",
                f"an overlap in document '{doc['name']}' at characters {s}–{e} ({label})",
                file=path or None,
            )
        tags[first:last] = ["B-" + label] + ["I-" + label] * (last - first - 1)
    return tags
