"""The Spans sheet's rows and the viewer's spans of every page (specs/poetry.md §6.2),
built a column at a time from the scoring's arrays (columns.Scores, all pages laid end
to end): no per-page or per-span object; each viewer Span is made when it is read."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ...formats.spantable import SpanSequence
from ...report import ERROR_COLUMNS, ColumnRows, Later
from ...spans import Span
from .columns import Scores, Spans, below_1e16, bounds

MARKERS = {"reference": "🟩", "system": "🟥", "both": "🟨"}
ROW_KEYS = (
    *ERROR_COLUMNS, "sheet", "status", "marker", "ref_start", "ref_end", "sys_start", "sys_end",
    "piece_start", "piece_end", "factor", "credit", "gold_line", "system_line",
)  # fmt: skip


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
    """One side's spans (sorted as scored) as Python columns: start, end, index in the
    file's list, label as read and as shown; each span's row and where each row's spans
    start."""

    def __init__(self, spans: Spans, labels: list[Any], shown: list[str], n_rows: int) -> None:
        self.spans, self.row = spans, spans.row
        self.start, self.end, self.index = spans.start.tolist(), spans.end.tolist(), spans.index.tolist()
        codes = spans.label.tolist()
        self.label, self.shown = [labels[c] for c in codes], [shown[c] for c in codes]
        self.at = bounds(spans.row, n_rows)

    def __len__(self) -> int:
        return len(self.start)

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


def _plain_numbers(scores: Scores) -> bool:
    """Whether every offset is a 64-bit integer and every pair's factor and credit below
    1e16 in size (report.ColumnRows.plain_numbers)."""
    offsets = (scores.refs.start, scores.refs.end, scores.syss.start, scores.syss.end, *scores.pairs[2:4])
    return all(a.dtype != object for a in offsets) and below_1e16(scores.pairs[5:7])


class Pages:
    """Every page's spans, mapping and pairs in flat columns over all pages (the scoring's
    own order and indices), with each page's name, id, lines and text and the labels."""

    def __init__(self, scores: Scores, labels: list[Any], names: list[str], unit_ids: list[str],
                 system_lines: list[int], texts: list[str | None]) -> None:  # fmt: skip
        n_rows = len(names)
        self.names, self.unit_ids, self.texts, self.labels = names, unit_ids, texts, labels
        self.system_lines = system_lines
        shown = [label_text(label) for label in labels]
        self.refs, self.syss = (Side(spans, labels, shown, n_rows) for spans in (scores.refs, scores.syss))
        self.members = _members(scores, len(self.syss))
        self.best, self.top = scores.best, scores.factor
        mapped = self.best >= 0
        self.n_refs_of = np.bincount(self.best[mapped], minlength=len(self.syss))
        i, j, piece_start, piece_end, exact, factor, credit = scores.pairs
        self.pair_ref, self.pair_sys = i, j
        self.piece_start, self.piece_end = piece_start.tolist(), piece_end.tolist()
        self.exact, self.factor, self.credit = exact.tolist(), factor.tolist(), credit.tolist()
        self.pair_of = np.full(len(self.refs), -1, dtype=np.int64)
        self.pair_of[i] = np.arange(len(i), dtype=np.int64)
        self.by_system = np.argsort(j, kind="stable")
        self.sorted_systems = j[self.by_system]
        self.plain_numbers = _plain_numbers(scores)

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
        lo, hi = np.searchsorted(self.sorted_systems, [j, j + 1]).tolist()
        return [[self.piece_start[k], self.piece_end[k]] for k in self.by_system[lo:hi].tolist()]


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


def _row_order(pages: Pages) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The rows in page order, each page's by (start, end, reference before system): per
    row its page, reference index, system index and pair index (-1 for none)."""
    spurious = np.flatnonzero(pages.n_refs_of == 0)
    refs, syss = pages.refs.spans, pages.syss.spans
    starts = np.concatenate([refs.start, syss.start[spurious]])  # objects past int64: lexsort sorts them
    ends = np.concatenate([refs.end, syss.end[spurious]])
    side = np.repeat(np.array([0, 1], dtype=np.int64), [len(refs), len(spurious)])
    page = np.concatenate([refs.row, syss.row[spurious]])
    order = np.lexsort((side, ends, starts, page))
    none = np.full(len(spurious), -1, dtype=np.int64)
    pair = np.concatenate([pages.pair_of, none])
    ref = np.concatenate([np.arange(len(refs), dtype=np.int64), none])
    system = np.concatenate([pages.system_of_pair(), spurious])
    return page[order], ref[order], system[order], pair[order]


def _take(values: Sequence[Any] | np.ndarray, index: np.ndarray, blank: Any = None) -> list[Any]:
    """values[k] for each k of `index`, `blank` where k is -1 (as Python objects)."""
    column = np.empty(len(values) + 1, dtype=object)
    column[:-1] = values
    column[-1] = blank
    return column[index].tolist()


class Derived(Later):
    """A column made from others when read: a slice alone while the whole list is not made
    (the JSON writer reads a thousand rows at a time, never holding the whole column)."""

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice) and index.step in (None, 1) and self._part is not None:
            return self._part(*index.indices(len(self))[:2])
        return super().__getitem__(index)


def _parts(starts: list[Any], ends: list[Any]) -> Derived:
    """A span's parts: [[start, end]], [] without a span."""

    def part(a: int, b: int) -> list[list[list[Any]]]:
        return [[[x, y]] if x is not None else [] for x, y in zip(starts[a:b], ends[a:b], strict=True)]

    return Derived(len(starts), part=part)


def _positions(starts: list[Any], ends: list[Any]) -> Derived:
    """A span's position as the file writes it: start-end, "" without a span."""

    def part(a: int, b: int) -> list[str]:
        return [f"{x}-{y}" if x is not None else "" for x, y in zip(starts[a:b], ends[a:b], strict=True)]

    return Derived(len(starts), part=part)


def _ids(n: int) -> Derived:
    """The rows' ids: E1, E2, …"""
    return Derived(n, part=lambda a, b: [f"E{k}" for k in range(a + 1, b + 1)])


def _side(side: Side, index: np.ndarray, page: np.ndarray, texts: list[str | None]) -> list[Sequence[Any]]:
    """One side's label, start, end, parts, position and text columns (blank without a span)."""
    starts, ends = _take(side.spans.start, index), _take(side.spans.end, index)
    covered = [""] * len(index)
    if texts.count(None) < len(texts):  # some page has a text
        row_texts = _take(texts, page)
        covered = [text[max(a, 0) : max(b, 0)] if text is not None and a is not None else ""
                   for text, a, b in zip(row_texts, starts, ends, strict=True)]  # fmt: skip
    shown = _take(side.shown, index, "")
    return [shown, starts, ends, _parts(starts, ends), _positions(starts, ends), covered]


def _pair_columns(pages: Pages, pair: np.ndarray, split: np.ndarray) -> list[list[Any]]:
    """piece start and end (when split), factor and credit of each row's pair."""
    piece = np.where(split, pair, -1)
    return [_take(pages.piece_start, piece), _take(pages.piece_end, piece),
            _take(pages.factor, pair), _take(pages.credit, pair)]  # fmt: skip


def _notes(pages: Pages, system: np.ndarray, pair: np.ndarray, split: np.ndarray,
           ignore_label: bool) -> list[str]:  # fmt: skip
    """The detail column: a split system span's piece, a merged one's member count."""
    notes = [""] * len(system)
    counts = pages.n_refs_of.tolist()
    merged = [len(members) for members in pages.members] if ignore_label else []
    for row in np.flatnonzero(split | (system >= 0) if ignore_label else split).tolist():
        j, q, parts = int(system[row]), int(pair[row]), []
        if split[row]:
            parts.append(f"system span split into {counts[j]} pieces; this one is "
                         f"{pages.piece_start[q]}-{pages.piece_end[q]}")  # fmt: skip
        if ignore_label and merged[j] > 1:
            parts.append(f"merged from {merged[j]} overlapping system spans")
        notes[row] = "; ".join(parts)
    return notes


def _statuses(pages: Pages, ref: np.ndarray, pair: np.ndarray) -> list[str]:
    exact = np.append(np.asarray(pages.exact, dtype=bool), False)[pair]
    code = np.where(pair >= 0, np.where(exact, 0, 1), np.where(ref >= 0, 2, 3))
    return np.array(["exact", "partial", "missed", "spurious"], dtype=object)[code].tolist()


def _markers(ref: np.ndarray, system: np.ndarray) -> list[str]:
    """🟩 reference only, 🟥 system only, 🟨 both."""
    code = (ref >= 0).astype(np.int64) + 2 * (system >= 0)
    shown = np.array(["", MARKERS["reference"], MARKERS["system"], MARKERS["both"]], dtype=object)
    return shown[code].tolist()


def error_rows(pages: Pages, ignore_label: bool) -> ColumnRows:
    """One row per reference span and per spurious system span, page by page in (start,
    end) order, references first: ids E1, E2, … (ROW_KEYS, ERROR_COLUMNS first), a column
    at a time."""
    page, ref, system, pair = _row_order(pages)
    n = len(page)
    split = np.append(pages.n_refs_of, 0)[system] > 1  # no system span (-1): the 0 appended
    gold = _side(pages.refs, ref, page, pages.texts)
    sys_ = _side(pages.syss, system, page, pages.texts)
    statuses = _statuses(pages, ref, pair)
    lines = np.asarray(pages.system_lines, dtype=object)
    subtypes = np.array(["", "split"], dtype=object)[split.astype(np.int64)].tolist()
    columns = (
        _ids(n), _take(pages.names, page), [1] * n, _take(pages.unit_ids, page),
        statuses, subtypes, gold[0], sys_[0], gold[1], gold[2], sys_[1], sys_[2], gold[3], sys_[3], gold[4],
        sys_[4], gold[5], sys_[5],
        _notes(pages, system, pair, split, ignore_label), ["Spans"] * n, statuses, _markers(ref, system),
        gold[1], gold[2], sys_[1], sys_[2], *_pair_columns(pages, pair, split),
        np.where(ref >= 0, page + 1, None).tolist(), np.where(system >= 0, lines[page], None).tolist(),
    )  # fmt: skip
    return ColumnRows(dict(zip(ROW_KEYS, columns, strict=True)), plain_numbers=pages.plain_numbers)
