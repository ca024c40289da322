"""Spans as arrays: what the span readers build and the span methods score.

A SpanTable holds one input's spans as numpy arrays (document number, start, end, label
number), so that reading and scoring a million tokens never builds a Python object per
span; it is also a Sequence of engine.spans.Span (made on demand), so it can stand as the
`spans` of an Annotations for code that wants Span objects (the viewer, the exports).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

import numpy as np

from ..blocks import rows_array
from ..spans import Annotations, Document, Span, same_items
from .standoff import PARTS, word_bounds

Parts = dict[int, list[tuple[int, int]]]  # span index → pieces of a discontinuous span
#: Where the file gives span i, as the format names it (brat's `T3`, a WebAnno TSV's `line 12
#: PER[3]`, a JSON path), for messages; made when asked, so reading costs nothing for it.
Origin = Callable[[int], str]


@dataclass
class SpanPlaces:
    """Spans' places as arrays, for the viewer's index: each span's document (a number into
    `doc_names`), start, end and label (a number into `label_names`); and the set of their
    kinds (attrs["kind"]: ProPara's conversion and move; most spans have none)."""

    doc_names: Sequence[str]
    docs: np.ndarray
    starts: np.ndarray
    ends: np.ndarray
    labels: np.ndarray
    label_names: Sequence[str]
    kinds: set[str] = field(default_factory=set)

    def label_set(self, keep: np.ndarray | slice = slice(None)) -> set[str]:
        """The labels of the spans (those `keep` picks), counted (no sort)."""
        counts = np.bincount(self.labels[keep], minlength=len(self.label_names))
        return {self.label_names[i] for i in np.flatnonzero(counts).tolist()}


class SpanSequence(Sequence[Span]):
    """Spans kept as columns, each Span made by `span(i)` when it is read."""

    def span(self, i: int) -> Span:
        raise NotImplementedError

    def places(self) -> SpanPlaces | None:
        """The spans' places as arrays, where kept so (None: known from the spans only)."""
        return None

    def between(self, start: int, stop: int) -> list[Span]:
        """Spans start..stop − 1 (a maker may make them a column at a time)."""
        return [self.span(i) for i in range(start, stop)]

    @overload
    def __getitem__(self, index: int) -> Span: ...
    @overload
    def __getitem__(self, index: slice) -> list[Span]: ...
    def __getitem__(self, index: int | slice) -> Span | list[Span]:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step == 1:
                return self.between(start, max(start, stop))
            return [self.span(i) for i in range(start, stop, step)]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self.span(index)

    def __iter__(self) -> Iterator[Span]:
        return (self.span(i) for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        return same_items(self, other)

    __hash__ = None  # type: ignore[assignment]  # compared by its items, as a list is


class SpanTable(SpanSequence):
    """Spans of several documents: parallel arrays, labels and documents by number."""

    def __init__(
        self,
        docs: np.ndarray,
        starts: np.ndarray,
        ends: np.ndarray,
        labels: np.ndarray,
        label_names: Sequence[str],
        doc_names: Sequence[str],
        parts: Parts | None = None,
    ) -> None:
        self.docs = np.asarray(docs, dtype=np.int64)
        self.starts = np.asarray(starts, dtype=np.int64)
        self.ends = np.asarray(ends, dtype=np.int64)
        self.labels = np.asarray(labels, dtype=np.int64)
        self.label_names = list(label_names)
        self.doc_names = list(doc_names)
        self.parts = parts or {}  # span index → pieces of a discontinuous span
        self.notes: list[str] = []  # how the reader read the file (the scheme, …), for the report
        self.warnings: list[str] = []  # what the user should know (tasks without an annotation, …)
        self.left_out: list[str] = []  # documents the reader left out (tasks without the chosen annotation)
        # Each span's first and last token in its document, where the reader counted tokens
        # and none is empty (CoNLL): what a search of the document's token bounds would find.
        self.tokens: tuple[np.ndarray, np.ndarray] | None = None
        self.origin: Origin | None = None  # where the file gives each span (None: not said)

    @classmethod
    def of_spans(cls, spans: Sequence[Span], doc_names: Sequence[str]) -> SpanTable:
        """The table of a list of Span objects (documents numbered by `doc_names`)."""
        if isinstance(spans, SpanTable):
            return spans
        doc_index = {name: i for i, name in enumerate(doc_names)}
        names = list(doc_names)
        label_index: dict[str, int] = {}
        docs, starts, ends, labels, parts = [], [], [], [], {}
        for i, span in enumerate(spans):
            if span.doc not in doc_index:
                doc_index[span.doc] = len(names)
                names.append(span.doc)
            docs.append(doc_index[span.doc])
            starts.append(span.start)
            ends.append(span.end)
            labels.append(label_index.setdefault(span.label, len(label_index)))
            if span.attrs.get(PARTS):
                parts[i] = [tuple(p) for p in span.attrs[PARTS]]
        return cls(np.array(docs), np.array(starts), np.array(ends), np.array(labels),
                   list(label_index), names, parts)  # fmt: skip

    @classmethod
    def of_rows(cls, rows: Sequence[tuple[int, int, int, int]], label_names: Sequence[str],
                doc_names: Sequence[str], parts: Parts | None = None) -> SpanTable:  # fmt: skip
        """The table of spans given as (document, start, end, label number) rows."""
        array = rows_array(rows, 4)
        return cls(array[:, 0], array[:, 1], array[:, 2], array[:, 3], label_names, doc_names, parts)

    @classmethod
    def of_labelled_rows(cls, rows: Sequence[tuple[int, int, int, str]], doc_names: Sequence[str],
                         parts: Parts | None = None) -> SpanTable:  # fmt: skip
        """The table of spans given as (document, start, end, label) rows, the labels
        numbered in sorted order."""
        labels = sorted({label for *_, label in rows})
        number = {label: i for i, label in enumerate(labels)}
        return cls.of_rows([(d, s, e, number[label]) for d, s, e, label in rows], labels, doc_names, parts)

    def __len__(self) -> int:
        return len(self.starts)

    def span(self, i: int) -> Span:
        attrs: dict[str, Any] = {PARTS: self.parts[i]} if i in self.parts else {}
        return Span(int(self.starts[i]), int(self.ends[i]), self.label_names[self.labels[i]],
                    self.doc_names[self.docs[i]], attrs)  # fmt: skip

    def places(self) -> SpanPlaces:
        return SpanPlaces(self.doc_names, self.docs, self.starts, self.ends, self.labels, self.label_names)

    def select(self, keep: np.ndarray) -> SpanTable:
        """The spans where `keep` (a boolean mask or index array) holds, with the reader's
        notes, warnings, documents left out and the kept spans' tokens."""
        index = np.arange(len(self))[keep]
        parts = {new: self.parts[old] for new, old in enumerate(index.tolist()) if old in self.parts}
        kept = SpanTable(self.docs[keep], self.starts[keep], self.ends[keep], self.labels[keep],
                         self.label_names, self.doc_names, parts)  # fmt: skip
        kept.notes, kept.warnings, kept.left_out = self.notes, self.warnings, self.left_out
        if self.tokens is not None:
            kept.tokens = (self.tokens[0][keep], self.tokens[1][keep])
        if self.origin is not None:
            kept.origin = reindexed(self.origin, index)
        return kept

    def where(self, i: int) -> str:
        """Where the file gives span i ('' where its reader does not say)."""
        return self.origin(i) if self.origin is not None else ""


def span_labels(spans: Sequence[Span]) -> set[str]:
    """The spans' distinct labels: from their label numbers where they keep their places as
    arrays (no Span made: a CLUEval column's 111,194 made one by one took 0.19-0.25 s), else
    from each span."""
    places = spans.places() if isinstance(spans, SpanSequence) else None
    return places.label_set() if places is not None else {span.label for span in spans}


def reindexed(origin: Origin, index: Sequence[int] | np.ndarray) -> Origin:
    """The origin of spans taken from another table: span i is its span index[i]."""
    return lambda i: origin(int(index[i]))


def listed_origin(places: Sequence[str]) -> Origin:
    """The origin of spans whose places the reader listed, in table order."""
    return places.__getitem__


def lazy_origin(places: Callable[[], list[str]]) -> Origin:
    """The origin of spans whose places `places` lists when a message first asks (a reader
    reading the file again for them: kept for every span, they would cost every reading)."""
    found: list[str] = []

    def origin(i: int) -> str:
        if not found:
            found.extend(places())
        return found[i]

    return origin


def listed_places(annotations: Annotations) -> list[str]:
    """The places of an input's spans, in table order."""
    table = table_of(annotations)
    return [table.where(i) for i in range(len(table))]


def identified_table(spans: Sequence[tuple[Span, str]], doc_names: Sequence[str]) -> SpanTable:
    """The table of spans given with where the file gives each (an id: brat's `T3`)."""
    table = SpanTable.of_spans([span for span, _ in spans], doc_names)
    table.origin = listed_origin([place for _, place in spans])
    return table


def joined_origin(tables: Sequence[SpanTable]) -> Origin | None:
    """The origin of one table of these tables' spans, one table after the other (None
    where no table's reader says where its spans are)."""
    if all(table.origin is None for table in tables):
        return None
    offsets = np.cumsum([0, *(len(table) for table in tables)])

    def origin(i: int) -> str:
        k = int(np.searchsorted(offsets, i, side="right")) - 1
        return tables[k].where(i - int(offsets[k]))

    return origin


def table_of(annotations: Annotations) -> SpanTable:
    """The spans of an Annotations as a SpanTable numbered by its documents."""
    names = [doc.name for doc in annotations.documents]
    table = annotations.spans
    if isinstance(table, SpanTable) and table.doc_names == names:
        return table
    return SpanTable.of_spans(list(table), names)


def reader_warnings(*sides: Annotations) -> list[str]:
    """What the readers of inputs say the user should know, each once however many of the
    sides say it (two users of one file): with a table (tasks left out …) or with a file
    (brat's, UIMA XMI's zero-length spans dropped …)."""
    said = (w for side in sides for w in [*getattr(side.spans, "warnings", []), *side.warnings])
    return list(dict.fromkeys(said))


class Bounds(Sequence[tuple[int, int]]):
    """Token bounds as two arrays (starts, ends), read as a sequence of (start, end)."""

    def __init__(self, starts: np.ndarray, ends: np.ndarray) -> None:
        self.starts = np.asarray(starts, dtype=np.int64)
        self.ends = np.asarray(ends, dtype=np.int64)

    def __len__(self) -> int:
        return len(self.starts)

    @overload
    def __getitem__(self, index: int) -> tuple[int, int]: ...
    @overload
    def __getitem__(self, index: slice) -> list[tuple[int, int]]: ...
    def __getitem__(self, index: int | slice) -> tuple[int, int] | list[tuple[int, int]]:
        if isinstance(index, slice):
            return list(zip(self.starts[index].tolist(), self.ends[index].tolist(), strict=True))
        return int(self.starts[index]), int(self.ends[index])

    def __eq__(self, other: object) -> bool:
        return same_items(self, other)

    __hash__ = None  # type: ignore[assignment]  # compared by its items, as a list is


def document_text(doc: Document) -> str:
    """A document's whole text (its tokens joined where it keeps them as a list)."""
    return doc.tokens if isinstance(doc.tokens, str) else doc.joiner.join(doc.tokens)


def token_arrays(doc: Document) -> tuple[np.ndarray, np.ndarray]:
    """(starts, ends) of a document's tokens: its format's, or word_bounds of its text."""
    if doc.token_bounds is None:
        return word_bounds(document_text(doc))
    return bounds_arrays(doc.token_bounds)


def bounds_arrays(bounds: Sequence[tuple[int, int]]) -> tuple[np.ndarray, np.ndarray]:
    """(starts, ends) of token bounds given as Bounds or as a list of pairs."""
    if isinstance(bounds, Bounds):
        return bounds.starts, bounds.ends
    pairs = np.asarray(list(bounds), dtype=np.int64).reshape(-1, 2)
    return pairs[:, 0], pairs[:, 1]
