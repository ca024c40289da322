"""Identical duplicate spans: one side's spans with the same document, start, end, label
(and pieces) as an earlier one (a brat `T99` repeating `T1`, INCEpTION's stacked values
`A[1]|B[2]|A[3]`). Every method reading span formats counts such a span once: the
duplicates are merged into the first, with one warning naming the file and them. The
original tools' own formats (FairEval span files, CoNLL-2000, .vrt, …) are read as their
originals read them and keep their duplicates."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..errors import FileWarning, first_listed
from ..spans import Annotations
from . import ORIGINAL_SPAN_FORMATS
from .spantable import SpanTable, document_text, table_of

SHOWN = 3  # duplicates named in the warning
PLACES = 5  # duplicates whose places in the file the warning before it names


def repeated(table: SpanTable) -> tuple[np.ndarray, np.ndarray]:
    """The indices of the spans that repeat an earlier span exactly (in the table's order),
    and for each the index of the first span it repeats."""
    if len(table) < 2:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    columns = [table.docs, table.starts, table.ends, table.labels]
    if table.parts:  # a span in pieces: its pieces numbered (0: in one piece)
        pieces = np.zeros(len(table), dtype=np.int64)
        distinct: dict[tuple[tuple[int, int], ...], int] = {}
        for i, parts in table.parts.items():
            pieces[i] = distinct.setdefault(tuple(map(tuple, parts)), len(distinct) + 1)
        columns.append(pieces)
    order = np.lexsort(columns[::-1])  # stable: of equal spans, the first in the table first
    same = np.ones(len(table) - 1, dtype=bool)
    for column in columns:
        in_order = column[order]
        same &= in_order[1:] == in_order[:-1]
    group_first = np.maximum.accumulate(np.where(np.concatenate(([False], same)), 0, np.arange(len(table))))
    by_index = np.argsort(order[1:][same], kind="stable")
    return order[1:][same][by_index], order[group_first[1:][same]][by_index]


def merged_duplicates(annotations: Annotations) -> Annotations:
    """The annotations (their spans as a SpanTable) with each identical duplicate span left
    out, and a warning naming them; unchanged where the format is an original tool's."""
    if annotations.format in ORIGINAL_SPAN_FORMATS.values():
        return annotations
    table = table_of(annotations)
    dropped, firsts = repeated(table)
    if not len(dropped):
        return replace(annotations, spans=table)  # the table pairing would make again
    keep = np.ones(len(table), dtype=bool)
    keep[dropped] = False
    kept = table.select(keep)
    warnings = [*_places(annotations.source, table, dropped, firsts), _warning(annotations, table, dropped)]
    return replace(annotations, spans=kept, warnings=[*annotations.warnings, *warnings])


def _warning(annotations: Annotations, table: SpanTable, dropped: np.ndarray) -> str:
    """`FILE: N spans repeat another …: DOC LABEL START-END 'TEXT', … (the first 3)`."""
    texts = {doc.name: doc for doc in annotations.documents}

    def shown(i: int) -> str:
        span = table.span(i)
        doc = texts.get(span.doc)
        text = f" {document_text(doc)[span.start : span.end]!r}" if doc is not None else ""
        return f"{span.doc} {span.label} {span.start}-{span.end}{text}"

    listed = first_listed(range(len(dropped)), SHOWN, "; ", f" (the first {SHOWN} of {len(dropped)})",
                          lambda k: shown(int(dropped[k])))  # fmt: skip
    count = f"{len(dropped)} duplicate span{'s' if len(dropped) != 1 else ''}"
    return FileWarning(annotations.source, f"{count} (the same document, start, end and label as another) "
                       f"merged into one, counted once by every method: {listed}")


def _places(source: str, table: SpanTable, dropped: np.ndarray, firsts: np.ndarray) -> list[str]:
    """`FILE: spans that repeat another, as the file gives them: doc: T99 = T2; … and 12
    more` (the first PLACES, each as the format names it and with the span it repeats),
    where the reader says where its spans are; said before the warning that merges them."""
    if table.origin is None:
        return []
    names = table.doc_names

    def shown(k: int) -> str:
        dup, first = int(dropped[k]), int(firsts[k])
        return f"{names[table.docs[dup]]}: {table.where(dup)} = {table.where(first)}"

    listed = first_listed(range(len(dropped)), PLACES, "; ", " … and {} more", shown)
    spans = f"{len(dropped)} span{'s' if len(dropped) != 1 else ''}"
    return [FileWarning(source, f"{spans} repeating another, as the file gives them (each = the one it "
                                f"repeats): {listed}")]  # fmt: skip
