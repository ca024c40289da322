"""Every page's spans, mapping and pairs for the report (specs/poetry.md §6.2), as the
scoring's arrays (columns.Scores, all pages laid end to end), and the viewer's spans:
no per-page or per-span object; each viewer Span is made when it is read (the Spans
sheet's rows: spanrows.py)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import Any

import numpy as np

from ...export.rowtexts import integer_texts
from ...formats.spantable import SpanPlaces, SpanSequence
from ...spans import Span
from .columns import Scores, Spans, below_1e16, bounds
from .jsontext import float_texts

REFERENCE_STATUSES = ("missed", "exact", "partial")  # no pair, an exact one, a partial one
SYSTEM_STATUSES = ("spurious", "matched", "split")  # by the references it was paired with: 0, 1, more


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
            return self.page_lines[column == "system_line"]
        columns = {"ref_start": refs.start, "ref_end": refs.end, "sys_start": syss.start,
                   "sys_end": syss.end, "piece_start": pairs[2], "piece_end": pairs[3],
                   "factor": pairs[5], "credit": pairs[6]}  # fmt: skip
        return columns[column]

    @cached_property
    def page_lines(self) -> tuple[np.ndarray, np.ndarray]:
        """Each page's line in the reference file and in the system file (from 1), made once:
        the app's cells take them a row at a time."""
        return np.arange(1, len(self.names) + 1), np.asarray(self.system_lines)

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

    def reference_statuses(self, a: int, b: int) -> list[str]:
        """The status of references a..b − 1: missed, exact or partial."""
        pair = self.pair_of[a:b]
        paired = pair >= 0
        exact = np.zeros(len(pair), bool)
        exact[paired] = self.scores.pairs[4][pair[paired]]  # those pairs' flags only (a span at a time too)
        return np.array(REFERENCE_STATUSES, object)[np.where(paired, np.where(exact, 1, 2), 0)].tolist()

    def system_statuses(self, a: int, b: int) -> list[str]:
        """The status of system spans a..b − 1: spurious, matched or split."""
        return np.array(SYSTEM_STATUSES, object)[np.minimum(self.n_refs_of[a:b], 2)].tolist()

    def pieces(self, a: int, b: int) -> list[list[list[int]]]:
        """The pieces of system spans a..b − 1 their pairs took, each span's in pair order."""
        order, systems = self.by_system
        cuts = np.searchsorted(systems, np.arange(a, b + 1))
        taken = order[cuts[0] : cuts[-1]]
        pairs = np.stack((self.scores.pairs[2][taken], self.scores.pairs[3][taken]), axis=1).tolist()
        cuts = (cuts - cuts[0]).tolist()
        return [pairs[x:y] for x, y in zip(cuts[:-1], cuts[1:], strict=True)]


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
        return self.between(i, i + 1)[0]

    def __iter__(self) -> Iterator[Span]:
        return iter(self.between(0, len(self)))

    def places(self) -> SpanPlaces:
        side = self.side
        return SpanPlaces(self.pages.names, side.row, side.spans.start, side.spans.end, side.spans.label,
                          side.shown_labels)  # fmt: skip

    def between(self, start: int, stop: int) -> list[Span]:
        """Spans start..stop − 1, made a column at a time (a status, line and pieces per span)."""
        pages, side, part = self.pages, self.side, slice(start, stop)
        rows = side.row[part].tolist()
        names, index = [pages.names[row] for row in rows], side.index[part]
        if self.reference:
            keys = zip(pages.reference_statuses(start, stop), [row + 1 for row in rows], index, strict=True)
            attrs = [{"status": status, "line": line, "index": k} for status, line, k in keys]
        else:
            statuses, pieces = pages.system_statuses(start, stop), pages.pieces(start, stop)
            lines = [pages.system_lines[row] for row in rows]
            keys = zip(statuses, lines, index, pieces, pages.members[part], strict=True)
            attrs = [{"status": status, "line": line, "index": k, "pieces": taken, "merged": merged}
                     for status, line, k, taken, merged in keys]  # fmt: skip
        return list(map(Span, side.start[part], side.end[part], side.shown[part], names, attrs))
