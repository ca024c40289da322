"""Every page's spans, mapping and pairs for the report (specs/poetry.md §6.2), as the
scoring's arrays (columns.Scores, all pages laid end to end), and the viewer's spans:
no per-page or per-span object; each viewer Span is made when it is read (the Spans
sheet's rows: spanrows.py)."""

from __future__ import annotations

from functools import cached_property
from typing import Any

import numpy as np

from ...export.rowtexts import integer_texts
from ...formats.spantable import SpanSequence
from ...spans import Span
from .columns import Scores, Spans, below_1e16, bounds
from .jsontext import float_texts


def label_text(label: Any) -> str:
    """A poem id or page id for display: strings as they are, other values as JSON."""
    if isinstance(label, str):
        return label
    if label is None:
        return "null"
    if isinstance(label, bool):
        return "true" if label else "false"
    return str(label)


class Side:
    """One side's spans (sorted as scored): the arrays, and as Python columns (made when
    first read) start, end, index in the file's list, label as read and as shown; each
    span's row and where each row's spans start."""

    def __init__(self, spans: Spans, labels: list[Any], shown: list[str], n_rows: int) -> None:
        self.spans, self.row = spans, spans.row
        self.labels, self.shown_labels = labels, shown
        self.at = bounds(spans.row, n_rows)

    @cached_property
    def start(self) -> list[Any]:
        return self.spans.start.tolist()

    @cached_property
    def end(self) -> list[Any]:
        return self.spans.end.tolist()

    @cached_property
    def index(self) -> list[int]:
        return self.spans.index.tolist()

    @cached_property
    def label(self) -> list[Any]:
        return np.array(self.labels, dtype=object)[self.spans.label].tolist() if len(self) else []

    @cached_property
    def shown(self) -> list[str]:
        return np.array(self.shown_labels, dtype=object)[self.spans.label].tolist() if len(self) else []

    def __len__(self) -> int:
        return len(self.row)

    def within(self, k: np.ndarray) -> np.ndarray:
        """The spans `k` numbered within their own row."""
        return k - self.at[self.row[k]]


def _members(scores: Scores, n_systems: int) -> list[list[int]]:
    """File indices folded into each system span (one each without merging)."""
    if scores.unmerged is None:
        return [[index] for index in scores.syss.index.tolist()]
    spans, into = scores.unmerged
    indices = spans.index.tolist()
    at = bounds(into, n_systems).tolist()  # `into` ascends
    return [indices[a:b] for a, b in zip(at, at[1:], strict=False)]


def _pair_list(k: int) -> property:
    """One of Pages.pair_lists, by name."""
    return property(lambda pages: pages.pair_lists[k])


def _same_bits(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two float columns hold the same values bit for bit (so the same texts: -0.0
    is not 0.0)."""
    return a.dtype == b.dtype == float and np.array_equal(a.view(np.int64), b.view(np.int64))


def _plain_numbers(scores: Scores) -> bool:
    """Whether every offset is a 64-bit integer and every pair's factor and credit below
    1e16 in size (report.ColumnRows.plain_numbers)."""
    offsets = (scores.refs.start, scores.refs.end, scores.syss.start, scores.syss.end, *scores.pairs[2:4])
    return all(a.dtype != object for a in offsets) and below_1e16(scores.pairs[5:7])


class Pages:
    """Every page's spans, mapping and pairs in flat columns over all pages (the scoring's
    own order and indices), with each page's name, id, lines and text and the labels; the
    pairs' columns as Python lists made when first read."""

    def __init__(self, scores: Scores, labels: list[Any], names: list[str], unit_ids: list[str],
                 system_lines: list[int], texts: list[str | None]) -> None:  # fmt: skip
        n_rows = len(names)
        self.scores = scores
        self.names, self.unit_ids, self.texts, self.labels = names, unit_ids, texts, labels
        self.system_lines = system_lines
        self.shown = [label_text(label) for label in labels]
        self.refs, self.syss = (Side(side, labels, self.shown, n_rows) for side in (scores.refs, scores.syss))
        self.best, self.top = scores.best, scores.factor
        mapped = self.best >= 0
        self.n_refs_of = np.bincount(self.best[mapped], minlength=len(self.syss))
        i, j = scores.pairs[:2]
        self.pair_ref, self.pair_sys = i, j
        self.pair_of = np.full(len(self.refs), -1, dtype=np.int64)
        self.pair_of[i] = np.arange(len(i), dtype=np.int64)
        self.plain_numbers = _plain_numbers(scores)
        self._texts: dict[str, np.ndarray] = {}

    def json_texts(self, column: str) -> np.ndarray:
        """The JSON texts (jsontext) of a column of numbers both the Spans rows and the
        details write, made once: ref_start, ref_end, sys_start, sys_end, piece_start,
        piece_end, factor, credit (per pair), line, system_line (per page)."""
        if column not in self._texts:
            values = self.numbers(column)
            if column == "credit" and _same_bits(values, self.numbers("factor")):  # weight 1: credit = factor
                self._texts[column] = self.json_texts("factor")
            elif values.dtype == float:
                self._texts[column] = float_texts(values)
            else:
                self._texts[column] = integer_texts(values)
        return self._texts[column]

    def numbers(self, column: str) -> np.ndarray:
        refs, syss, pairs = self.refs.spans, self.syss.spans, self.scores.pairs
        if column in ("line", "system_line"):
            return np.arange(1, len(self.names) + 1) if column == "line" else np.asarray(self.system_lines)
        columns = {"ref_start": refs.start, "ref_end": refs.end, "sys_start": syss.start,
                   "sys_end": syss.end, "piece_start": pairs[2], "piece_end": pairs[3],
                   "factor": pairs[5], "credit": pairs[6]}  # fmt: skip
        return columns[column]

    @cached_property
    def members(self) -> list[list[int]]:
        return _members(self.scores, len(self.syss))

    @cached_property
    def pair_lists(self) -> tuple[list[Any], ...]:
        """The pairs' piece start, piece end, exact, factor and credit as Python lists."""
        return tuple(column.tolist() for column in self.scores.pairs[2:])

    piece_start, piece_end, exact, factor, credit = map(_pair_list, range(5))

    @cached_property
    def by_system(self) -> tuple[np.ndarray, np.ndarray]:
        """The pairs in system-span order, and their system spans."""
        order = np.argsort(self.pair_sys, kind="stable")
        return order, self.pair_sys[order]

    def system_of_pair(self) -> np.ndarray:
        """Per reference: the system span of its pair, -1 for none."""
        paired = self.pair_of >= 0
        system = np.full(len(self.pair_of), -1, dtype=np.int64)
        system[paired] = self.pair_sys[self.pair_of[paired]]
        return system

    def reference_status(self, i: int) -> str:
        pair = int(self.pair_of[i])
        return "missed" if pair < 0 else ("exact" if self.exact[pair] else "partial")

    def system_status(self, j: int) -> str:
        count = int(self.n_refs_of[j])
        return "spurious" if not count else ("split" if count > 1 else "matched")

    def pieces(self, j: int) -> list[list[int]]:
        """The pieces of system span `j` its pairs took, in pair order."""
        order, systems = self.by_system
        lo, hi = np.searchsorted(systems, [j, j + 1]).tolist()
        return [[self.piece_start[k], self.piece_end[k]] for k in order[lo:hi].tolist()]


class ViewerSpans(SpanSequence):
    """The viewer's spans of one side of every page: references with their status, line and
    file index; system spans as scored (merged ones with --ignore-label) with the pieces
    and the file indices merged into each too."""

    def __init__(self, pages: Pages, reference: bool) -> None:
        self.pages, self.reference = pages, reference
        self.side = pages.refs if reference else pages.syss

    def __len__(self) -> int:
        return len(self.side)

    def span(self, i: int) -> Span:
        pages, side = self.pages, self.side
        page, index = int(side.row[i]), side.index[i]
        if self.reference:
            attrs = {"status": pages.reference_status(i), "line": page + 1, "index": index}
        else:
            attrs = {"status": pages.system_status(i), "line": pages.system_lines[page], "index": index,
                     "pieces": pages.pieces(i), "merged": pages.members[i]}  # fmt: skip
        return Span(side.start[i], side.end[i], side.shown[i], pages.names[page], attrs)
