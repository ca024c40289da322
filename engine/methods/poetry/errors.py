"""The Spans sheet's rows and the viewer's spans of every page (specs/poetry.md §6.2),
built a column at a time from the pages' details laid end to end: no per-page or per-span
object beyond the rows themselves; each viewer Span is made when it is read."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import TYPE_CHECKING, Any

import numpy as np

from ...formats.spantable import SpanSequence
from ...spans import Span
from .compare import PageDetail

if TYPE_CHECKING:
    from .detail import PageRecord

MARKERS = {"reference": "🟩", "system": "🟥", "both": "🟨"}
ROW_KEYS = (
    "error_id", "document", "unit", "unit_id", "type", "subtype", "gold_label", "system_label",
    "gold_start", "gold_end", "system_start", "system_end", "gold_parts", "system_parts",
    "gold_position", "system_position", "gold_text", "system_text", "detail", "sheet", "status",
    "marker", "ref_start", "ref_end", "sys_start", "sys_end", "piece_start", "piece_end", "factor",
    "credit", "gold_line", "system_line",
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


def _offsets(counts: list[int]) -> np.ndarray:
    """Where each page's items start in the flat columns."""
    return np.concatenate(([0], np.cumsum(counts, dtype=np.int64)[:-1])).astype(np.int64)


def _pages_of(counts: list[int]) -> np.ndarray:
    return np.repeat(np.arange(len(counts), dtype=np.int64), counts)


class Pages:
    """Every page's spans, mapping and pairs in flat columns, with indices over all pages."""

    def __init__(self, records: Sequence[PageRecord], names: list[str]) -> None:
        self.names = names
        self.unit_ids = [label_text(record.page_id) for record in records]
        self.lines = [record.line for record in records]
        self.system_lines = [record.system_line for record in records]
        self.texts = [record.text for record in records]
        details = [record.detail for record in records]
        n_refs, n_sys = [len(d.references) for d in details], [len(d.systems) for d in details]
        self.references = list(chain.from_iterable(d.references for d in details))
        self.systems = list(chain.from_iterable(d.systems for d in details))
        self.members = list(chain.from_iterable(d.members for d in details))
        self.ref_page, self.sys_page = _pages_of(n_refs), _pages_of(n_sys)
        system_of = np.array(list(chain.from_iterable(d.system_of for d in details)), dtype=np.int64)
        mapped = system_of >= 0
        self.n_refs_of = np.bincount(
            system_of[mapped] + _offsets(n_sys)[self.ref_page[mapped]], minlength=len(self.systems)
        )
        self._pairs(details, _offsets(n_refs), _offsets(n_sys))

    def _pairs(self, details: Sequence[PageDetail], ref_at: np.ndarray, sys_at: np.ndarray) -> None:
        """The pairs' columns (reference and system indices over all pages), each
        reference's pair (-1 for none) and the pairs of each system span in pair order."""
        pairs = list(chain.from_iterable(d.pairs for d in details))
        page = _pages_of([len(d.pairs) for d in details])
        i, j, self.piece_start, self.piece_end, self.exact, self.factor, self.credit = (
            [list(column) for column in zip(*pairs, strict=True)] if pairs else [[] for _ in range(7)]
        )
        self.pair_ref = np.array(i, dtype=np.int64) + ref_at[page]
        self.pair_sys = np.array(j, dtype=np.int64) + sys_at[page]
        self.pair_of = np.full(len(self.references), -1, dtype=np.int64)
        self.pair_of[self.pair_ref] = np.arange(len(pairs), dtype=np.int64)
        self.by_system = np.argsort(self.pair_sys, kind="stable")
        self.sorted_systems = self.pair_sys[self.by_system]

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
        self.spans = pages.references if reference else pages.systems
        self.page = pages.ref_page if reference else pages.sys_page

    def __len__(self) -> int:
        return len(self.spans)

    def span(self, i: int) -> Span:
        pages = self.pages
        start, end, index, label = self.spans[i]
        page = int(self.page[i])
        if self.reference:
            attrs = {"status": pages.reference_status(i), "line": pages.lines[page], "index": index}
        else:
            attrs = {"status": pages.system_status(i), "line": pages.system_lines[page], "index": index,
                     "pieces": pages.pieces(i), "merged": pages.members[i]}  # fmt: skip
        return Span(start, end, label_text(label), pages.names[page], attrs)


def _row_order(pages: Pages) -> tuple[list[int], list[int], list[int], list[int]]:
    """The rows in page order, each page's by (start, end, reference before system): per
    row its page, reference index, system index and pair index (-1 for none)."""
    spurious = np.flatnonzero(pages.n_refs_of == 0)
    n_refs = len(pages.references)
    spans = pages.references + [pages.systems[j] for j in spurious.tolist()]
    starts = np.array([span[0] for span in spans], dtype=np.int64)
    ends = np.array([span[1] for span in spans], dtype=np.int64)
    side = np.repeat(np.array([0, 1], dtype=np.int64), [n_refs, len(spurious)])
    page = np.concatenate([pages.ref_page, pages.sys_page[spurious]])
    order = np.lexsort((side, ends, starts, page))
    pair = np.concatenate([pages.pair_of, np.full(len(spurious), -1, dtype=np.int64)])
    ref = np.concatenate([np.arange(n_refs, dtype=np.int64), np.full(len(spurious), -1, dtype=np.int64)])
    system = np.concatenate([pages.system_of_pair(), spurious])
    return page[order].tolist(), ref[order].tolist(), system[order].tolist(), pair[order].tolist()


def _side(spans: list[Any], index: list[int], page: list[int], texts: list[str | None]) -> list[list[Any]]:
    """One side's label, start, end, parts, position and text columns (blank without a span)."""
    rows = [spans[k] if k >= 0 else None for k in index]
    starts = [span[0] if span else None for span in rows]
    ends = [span[1] if span else None for span in rows]
    covered = [_covered(texts[p], span) for span, p in zip(rows, page, strict=True)]
    return [
        [label_text(span[3]) if span else "" for span in rows], starts, ends,
        [[[span[0], span[1]]] if span else [] for span in rows],
        [f"{span[0]}-{span[1]}" if span else "" for span in rows], covered,
    ]  # fmt: skip


def _covered(text: str | None, span: Any) -> str:
    """The text a span covers ("" without a span or a text)."""
    return "" if text is None or not span else text[max(span[0], 0) : max(span[1], 0)]


def _pair_columns(pages: Pages, pair: list[int], split: list[bool]) -> list[list[Any]]:
    """piece start and end (when split), factor and credit of each row's pair."""
    piece_start = [pages.piece_start[q] if s else None for q, s in zip(pair, split, strict=True)]
    piece_end = [pages.piece_end[q] if s else None for q, s in zip(pair, split, strict=True)]
    factor = [pages.factor[q] if q >= 0 else None for q in pair]
    credit = [pages.credit[q] if q >= 0 else None for q in pair]
    return [piece_start, piece_end, factor, credit]


def _notes(pages: Pages, system: list[int], pair: list[int], split: list[bool],
           ignore_label: bool) -> list[str]:  # fmt: skip
    """The detail column: a split system span's piece, a merged one's member count."""
    notes = []
    counts = pages.n_refs_of.tolist()
    for j, q, s in zip(system, pair, split, strict=True):
        parts = []
        if s:
            parts.append(f"system span split into {counts[j]} pieces; this one is "
                         f"{pages.piece_start[q]}-{pages.piece_end[q]}")  # fmt: skip
        if ignore_label and j >= 0 and len(pages.members[j]) > 1:
            parts.append(f"merged from {len(pages.members[j])} overlapping system spans")
        notes.append("; ".join(parts))
    return notes


def _statuses(pages: Pages, ref: list[int], pair: list[int]) -> list[str]:
    return [("exact" if pages.exact[q] else "partial") if q >= 0 else ("missed" if i >= 0 else "spurious")
            for i, q in zip(ref, pair, strict=True)]  # fmt: skip


def error_rows(pages: Pages, ignore_label: bool) -> list[dict[str, Any]]:
    """One row per reference span and per spurious system span, page by page in (start,
    end) order, references first: ids E1, E2, … (ROW_KEYS, ERROR_COLUMNS first)."""
    page, ref, system, pair = _row_order(pages)
    n = len(page)
    counts = pages.n_refs_of.tolist()
    split = [j >= 0 and counts[j] > 1 for j in system]
    gold = _side(pages.references, ref, page, pages.texts)
    sys_ = _side(pages.systems, system, page, pages.texts)
    marker = [MARKERS["both" if i >= 0 and j >= 0 else "reference" if i >= 0 else "system"]
              for i, j in zip(ref, system, strict=True)]  # fmt: skip
    statuses = _statuses(pages, ref, pair)
    unit_ids = pages.unit_ids
    columns = (
        [f"E{k}" for k in range(1, n + 1)], [pages.names[p] for p in page], [1] * n,
        [unit_ids[p] for p in page], statuses, ["split" if s else "" for s in split], gold[0], sys_[0],
        gold[1], gold[2], sys_[1], sys_[2], gold[3], sys_[3], gold[4], sys_[4], gold[5], sys_[5],
        _notes(pages, system, pair, split, ignore_label), ["Spans"] * n, statuses, marker,
        gold[1], gold[2], sys_[1], sys_[2], *_pair_columns(pages, pair, split),
        [pages.lines[p] if i >= 0 else None for p, i in zip(page, ref, strict=True)],
        [pages.system_lines[p] if j >= 0 else None for p, j in zip(page, system, strict=True)],
    )  # fmt: skip
    return [dict(zip(ROW_KEYS, values, strict=True)) for values in zip(*columns, strict=True)]
