"""Span F1 between two annotators: F1 = 2·|A∩B| / (|A|+|B|) over spans as sets.

Three variants: labelled (start, end, label), unlabelled (start, end), and overlap — a
one-to-one matching of spans with the same label that overlap: identical spans are paired
first, then the rest of each label greedily in order of (start, end) (a span is paired with
the first unpaired span of the other annotator that overlaps it, else the one of the two
that ends first is passed over). Over the corpus F1 is micro: the counts of every document
both annotators have, added.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .corpus import SpanTable

VARIANTS = ("labelled", "unlabelled", "overlap")
FIELDS = ("a", "b", "a_extents", "b_extents", "labelled", "unlabelled", "overlap")


@dataclass
class Counts:
    """|A|, |B| (spans and distinct extents) and the matched spans of each variant."""

    a: int = 0
    b: int = 0
    a_extents: int = 0
    b_extents: int = 0
    labelled: int = 0
    unlabelled: int = 0
    overlap: int = 0

    def f1(self, variant: str) -> tuple[float | None, str]:
        """(F1, reason when undefined)."""
        total = self.a_extents + self.b_extents if variant == "unlabelled" else self.a + self.b
        if total == 0:
            return None, "neither annotator marked a span"
        return 2 * getattr(self, variant) / total, ""


class PairCounts:
    """The counts of two annotators per document (arrays over the corpus' documents)."""

    def __init__(self, a: SpanTable, b: SpanTable, n_labels: int, n_docs: int) -> None:
        self.n_docs = n_docs
        keys_a, keys_b = a.extent * n_labels + a.label, b.extent * n_labels + b.label
        in_a, in_b = np.isin(keys_a, keys_b), np.isin(keys_b, keys_a)
        ext_a, doc_ext_a = _extents(a)
        ext_b, doc_ext_b = _extents(b)
        shared_ext = np.isin(ext_a, ext_b)
        self.arrays = {
            "a": self._per_doc(a.doc),
            "b": self._per_doc(b.doc),
            "a_extents": self._per_doc(doc_ext_a),
            "b_extents": self._per_doc(doc_ext_b),
            "labelled": self._per_doc(a.doc[in_a]),
            "unlabelled": self._per_doc(doc_ext_a[shared_ext]),
        }
        self.arrays["overlap"] = self.arrays["labelled"] + self._per_doc(_greedy(a, ~in_a, b, ~in_b))
        self.table = np.stack([self.arrays[name] for name in FIELDS], axis=1)  # documents × FIELDS
        self._rows: list[list[int]] | None = None

    def _per_doc(self, docs: np.ndarray) -> np.ndarray:
        return np.bincount(docs, minlength=self.n_docs)

    def counts(self, docs: np.ndarray | list[int]) -> Counts:
        """The counts added over `docs`."""
        return Counts(*self.table[docs].sum(axis=0).tolist())

    def of_document(self, d: int) -> Counts:
        if self._rows is None:
            self._rows = self.table.tolist()
        return Counts(*self._rows[d])


def _extents(table: SpanTable) -> tuple[np.ndarray, np.ndarray]:
    """The distinct extents of an annotator and the document of each (the table is in
    extent order)."""
    first = np.ones(len(table.extent), dtype=bool)
    first[1:] = table.extent[1:] != table.extent[:-1]
    return table.extent[first], table.doc[first]


def _greedy(a: SpanTable, rest_a: np.ndarray, b: SpanTable, rest_b: np.ndarray) -> np.ndarray:
    """The documents of the pairs of same-label overlapping spans among the unpaired ones.
    Spans overlapping no unpaired span of the other annotator are left out first: the
    greedy pass would pass over them without changing its other choices. What is left
    falls into stretches of overlapping spans (_stretches) that the pass takes one after
    the other; a stretch of one span of each annotator is one pair."""
    rows_a, rows_b = _ordered(a, rest_a), _ordered(b, rest_b)
    rows_a, rows_b = rows_a[_touching(rows_a, rows_b)], rows_b[_touching(rows_b, rows_a)]
    stretch_a, stretch_b = _stretches(rows_a, rows_b)
    n = int(max(stretch_a.max(initial=-1), stretch_b.max(initial=-1))) + 1
    count_a, count_b = np.bincount(stretch_a, minlength=n), np.bincount(stretch_b, minlength=n)
    single = (count_a == 1) & (count_b == 1)
    paired = rows_a[single[stretch_a], 0]
    rest = _greedy_pass(rows_a[~single[stretch_a]].tolist(), rows_b[~single[stretch_b]].tolist())
    return np.concatenate((paired, np.asarray(rest, dtype=np.int64)))


def _greedy_pass(left: list[list[int]], right: list[list[int]]) -> list[int]:
    """The documents of the pairs the greedy pass makes over sorted rows."""
    i = j = 0
    docs = []
    while i < len(left) and j < len(right):
        (da, la, sa, ea), (db, lb, sb, eb) = left[i], right[j]
        if (da, la) != (db, lb):
            i, j = (i + 1, j) if (da, la) < (db, lb) else (i, j + 1)
        elif sa < eb and sb < ea:
            docs.append(da)
            i, j = i + 1, j + 1
        elif ea <= sb:
            i += 1
        else:
            j += 1
    return docs


def _ordered(table: SpanTable, rows: np.ndarray) -> np.ndarray:
    """(document, label, start, end) of the chosen rows, sorted (the table is sorted by
    document, start, end: a stable sort by document and label is enough)."""
    doc, label, start, end = table.doc[rows], table.label[rows], table.start[rows], table.end[rows]
    order = np.argsort(doc * (int(label.max(initial=0)) + 1) + label, kind="stable")
    return np.stack((doc, label, start, end), axis=1)[order]


def _packing(rows: np.ndarray, other: np.ndarray) -> tuple[int, int] | None:
    """(labels, scale) to pack (document, label, position) into one int64, None where
    positions are too far apart."""
    both = np.concatenate((rows, other))
    labels, scale = int(both[:, 1].max()) + 1, int(both[:, 3].max()) + 1
    if (int(both[:, 0].max()) + 1) * labels * scale >= 2**62:
        return None
    return labels, scale


def _place(r: np.ndarray, column: int, packing: tuple[int, int]) -> np.ndarray:
    labels, scale = packing
    return (r[:, 0] * labels + r[:, 1]) * scale + r[:, column]


def _stretches(rows_a: np.ndarray, rows_b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The stretch of each row of either annotator: rows of one document and label that
    overlap, one after the other (each row a stretch of its own where they cannot be packed:
    then none is one pair by itself, and the greedy pass takes them all)."""
    packing = _packing(rows_a, rows_b) if len(rows_a) and len(rows_b) else None
    if packing is None:
        return np.arange(len(rows_a)), len(rows_a) + np.arange(len(rows_b))
    both = np.concatenate((rows_a, rows_b))
    starts, ends = _place(both, 2, packing), _place(both, 3, packing)
    order = np.lexsort((ends, starts))
    reach = np.maximum.accumulate(ends[order])
    new = np.concatenate(([True], starts[order][1:] >= reach[:-1]))
    stretch = np.empty(len(both), np.int64)
    stretch[order] = np.cumsum(new) - 1
    return stretch[: len(rows_a)], stretch[len(rows_a) :]


def _touching(rows: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Which rows overlap a row of `other` with the same document and label (both sorted
    by document, label, start)."""
    if not len(rows) or not len(other):
        return np.zeros(len(rows), dtype=bool)
    packing = _packing(rows, other)
    if packing is None:  # positions too far apart to pack
        return np.ones(len(rows), dtype=bool)
    reach = np.maximum.accumulate(_place(other, 3, packing))
    before = np.searchsorted(_place(other, 2, packing), _place(rows, 3, packing), side="left")
    return (before > 0) & (reach[np.maximum(before - 1, 0)] > _place(rows, 2, packing))
