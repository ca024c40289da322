"""Classifying the spans of one table against the other (specs/clueval.md §3.2, §3.3).

`match(X, Y)` sweeps both tables once, sorted by start: the spans of each table are
disjoint, so the spans of Y overlapping x form one contiguous run of Y, found by a
pointer that only moves forward. Every decision of §3.2 follows from that run.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .spans import SpanTable

STATUSES = ("exact", "contained", "tiled", "covered", "unmatched")
EXACT, CONTAINED, TILED, COVERED, UNMATCHED = range(5)
NO_MATCH = -100  # start_Y / end_Y of an unmatched span without partial information


def most_shared_words(x_text: str, texts: list[str]) -> int:
    """Index of the text with the most words found among x's words (ties: the first)."""
    if len(texts) == 1:
        return 0
    words = set(x_text.split())
    counts = [sum(1 for w in text.split() if w in words) for text in texts]
    return counts.index(max(counts))


@dataclass
class Matches:
    """The match table of X against Y: one classified row per span of X, in X's order."""

    x: SpanTable
    y: SpanTable
    status: list[int]
    overlap_lo: list[int]  # the spans of Y overlapping x are y[overlap_lo : overlap_hi]
    overlap_hi: list[int]
    chosen: list[int]  # the span of Y giving the _Y labels, -1 for none (FN)
    joined: list[tuple[int, int]]  # start_Y, end_Y

    def __len__(self) -> int:
        return len(self.status)

    def overlaps(self, i: int) -> range:
        return range(self.overlap_lo[i], self.overlap_hi[i])

    @cached_property
    def labels_y_column(self) -> list[tuple[str, ...]]:
        """The _Y labels of every row: the chosen span's, FN without one (made once: scores, tables, JSON)."""
        fn = ("FN",) * len(self.y.layers)
        return [self.y.labels[c] if c >= 0 else fn for c in self.chosen]

    @cached_property
    def rows(self) -> list[list[Any]]:
        """The match table of §3.3, row by row (made once: its tables share them)."""
        return list(map(list, zip(*self.columns, strict=True)))

    @cached_property
    def columns(self) -> list[list[Any]]:
        """The match table of §3.3, column by column (made once: its rows and its JSON share them)."""
        x, y = self.x, self.y
        n_layers = len(x.layers)
        rows = list(zip(self.status, self.overlap_lo, self.overlap_hi, strict=True))
        starts_y, ends_y, y_texts = y.start_ids, y.end_ids, y.texts  # made once, shared with y's own table
        id_start = ["" if s == UNMATCHED else starts_y[lo] for s, lo, _ in rows]
        id_end = ["" if s == UNMATCHED else ends_y[hi - 1] for s, _, hi in rows]
        text_y = ["" if s == UNMATCHED else y_texts[lo] if hi - lo == 1 else " | ".join(y_texts[lo:hi])
                  for s, lo, hi in rows]  # fmt: skip
        labels_y = self.labels_y_column
        return [
            x.starts, x.ends, x.start_ids, x.end_ids, x.texts, x.doc_id_column, x.domain_column,
            *([labels[k] for labels in x.labels] for k in range(n_layers)),
            id_start, id_end, text_y,
            *([labels[k] for labels in labels_y] for k in range(n_layers)),
            list(map(STATUSES.__getitem__, self.status)),
            [j[0] for j in self.joined], [j[1] for j in self.joined],
        ]  # fmt: skip


def columns(layers: tuple[str, ...]) -> list[str]:
    """The match table's columns (§3.3)."""
    return [
        "start",
        "end",
        "token_id_start",
        "token_id_end",
        "text",
        "doc_id",
        "domain",
        *layers,
        "token_id_start_Y",
        "token_id_end_Y",
        "text_Y",
        *(f"{layer}_Y" for layer in layers),
        "status",
        "start_Y",
        "end_Y",
    ]


def match(x: SpanTable, y: SpanTable) -> Matches:
    """Classify every span of x against the spans of y (§3.2)."""
    ys, ye = y.starts, y.ends
    n_y = len(ys)
    status: list[int] = []
    lows: list[int] = []
    highs: list[int] = []
    chosen: list[int] = []
    joined: list[tuple[int, int]] = []
    j = 0
    for i, (xs, xe) in enumerate(zip(x.starts, x.ends, strict=True)):
        while j < n_y and ye[j] < xs:
            j += 1
        k = j
        while k < n_y and ys[k] <= xe:
            k += 1
        lows.append(j)
        highs.append(k)
        kind, pick, span = _classify(xs, xe, ys, ye, j, k, x.texts[i], y.texts)
        status.append(kind)
        chosen.append(pick)
        joined.append(span)
    return Matches(x, y, status, lows, highs, chosen, joined)


def _classify(
    xs: int, xe: int, ys: list[int], ye: list[int], lo: int, hi: int, x_text: str, y_texts: list[str]
) -> tuple[int, int, tuple[int, int]]:
    """(status, chosen span of y or -1, (start_Y, end_Y)) for x with pieces y[lo:hi]."""
    if hi == lo:
        return UNMATCHED, -1, (NO_MATCH, NO_MATCH)
    if hi - lo == 1:
        s, e = ys[lo], ye[lo]
        if s == xs and e == xe:
            return EXACT, lo, (xs, xe)
        if s <= xs and e >= xe:
            return CONTAINED, lo, (s, e)
        return UNMATCHED, lo, (s, e)
    for k in range(lo, hi - 1):
        if ye[k] + 1 != ys[k + 1]:
            return UNMATCHED, -1, (NO_MATCH, NO_MATCH)
    s, e = ys[lo], ye[hi - 1]
    pick = lo + most_shared_words(x_text, y_texts[lo:hi])
    if s == xs and e == xe:
        return TILED, pick, (s, e)
    if s <= xs and e >= xe:
        return COVERED, pick, (s, e)
    return UNMATCHED, pick, (s, e)
