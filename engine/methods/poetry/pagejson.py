"""The JSON `details` of a poetry report (specs/poetry.md §6.3): per row (page) its spans,
mapping and pairs, indices within the page. Written a part of the pages at a time from
the columns' texts over all pages (jsontext) where the numbers are plain
(report.ColumnRows.plain_numbers); else, and for a reader, made as light msgspec structs
cut from columns over all pages, as dicts and lists."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cached_property
from typing import Any

import msgspec
import numpy as np

from ...export import rowtexts
from ...export.rowtexts import Piece, Rows, Taken, integer_texts
from ...formats.columns import or_none
from ...report import Later
from .columns import bounds
from .errors import Pages
from .jsontext import float_texts, grouped, merged_text, string_texts, value_texts

_STRUCTS = {"gc": False}
Reference = msgspec.defstruct("Reference", ["start", "end", "label", "system", "factor"], **_STRUCTS)
System = msgspec.defstruct("System", ["start", "end", "label", "references", "merged"], **_STRUCTS)
Pair = msgspec.defstruct("Pair", ["reference", "system", "piece", "exact", "factor", "credit"], **_STRUCTS)
Page = msgspec.defstruct("Page", ["page_id", "line", "system_line", "reference", "system", "pairs"],
                         **_STRUCTS)  # fmt: skip


def _mapped_by_system(pages: Pages) -> tuple[np.ndarray, np.ndarray]:
    """The mapped references in system-span order (each system span's ascending): their
    numbers within the page and their system spans."""
    best = pages.best
    mapped = np.flatnonzero(best >= 0)
    by_system = mapped[np.argsort(best[mapped], kind="stable")]
    return pages.refs.within(by_system), best[by_system]


def _references_of(pages: Pages) -> list[list[int]]:
    """Per system span, the references mapped to it (numbered within the page), ascending."""
    within, systems = _mapped_by_system(pages)
    within, at = within.tolist(), bounds(systems, len(pages.syss)).tolist()
    return [within[a:b] for a, b in zip(at, at[1:], strict=False)]


class PageDetails(Later):
    """The `details` list: one object per page, made a part at a time (as dicts for a
    reader; as JSON for the writer: from the columns' texts where the numbers are plain,
    else as dicts)."""

    def __init__(self, pages: Pages, page_ids: list[Any]) -> None:
        self.pages, self.page_ids = pages, page_ids
        super().__init__(len(page_ids), part=self.dicts)

    def dicts(self, start: int, stop: int) -> list[dict[str, Any]]:
        """Pages `start` to `stop` as dicts (their spans and pairs dicts too)."""
        return msgspec.to_builtins(self._structs.cut(start, stop))

    @cached_property
    def _structs(self) -> _Structs:
        return _Structs(self.pages, self.page_ids)

    def json_parts(self, size: int, encode: Callable[[list[Any]], bytes]) -> Iterator[bytes | memoryview]:
        """The pages' JSON `size` at a time (objects joined by commas): from the columns'
        texts with plain numbers (page ids and labels by orjson, as the dicts' path writes
        them), else `encode` of the same values as dicts."""
        if not self.pages.plain_numbers:
            yield from super().json_parts(size, encode)
            return
        texts = PageTexts(self.pages, self.page_ids)
        for start in range(0, len(self), size):
            yield texts.text(start, min(start + size, len(self)))


class _Structs:
    """The pages as msgspec structs, cut from Python columns over all pages."""

    def __init__(self, pages: Pages, page_ids: list[Any]) -> None:
        self.pages, self.page_ids = pages, page_ids
        refs, syss, best = pages.refs, pages.syss, pages.best
        mapped = best >= 0
        self.ref_system = or_none(best - syss.at[refs.row], mapped)
        self.ref_factor = or_none(pages.top, mapped)
        self.references = _references_of(pages)
        self.pair_ref = refs.within(pages.pair_ref).tolist()
        self.pair_sys = syss.within(pages.pair_sys).tolist()
        pairs_at = bounds(refs.row[pages.pair_ref], len(page_ids))
        self.at = (refs.at.tolist(), syss.at.tolist(), pairs_at.tolist())

    def cut(self, start: int, stop: int) -> list[Any]:
        """Pages `start` to `stop` as structs."""
        (r_at, s_at, p_at), pages = self.at, self.pages
        parts = (_cut(self._references(r_at[start], r_at[stop]), r_at, start, stop),
                 _cut(self._systems(s_at[start], s_at[stop]), s_at, start, stop),
                 _cut(self._pairs(p_at[start], p_at[stop]), p_at, start, stop))  # fmt: skip
        return list(map(Page, self.page_ids[start:stop], range(start + 1, stop + 1),
                        pages.system_lines[start:stop], *parts))  # fmt: skip

    def _references(self, a: int, b: int) -> list[Any]:
        refs = self.pages.refs
        return list(map(Reference, refs.start[a:b], refs.end[a:b], refs.label[a:b], self.ref_system[a:b],
                        self.ref_factor[a:b]))  # fmt: skip

    def _systems(self, a: int, b: int) -> list[Any]:
        syss = self.pages.syss
        return list(map(System, syss.start[a:b], syss.end[a:b], syss.label[a:b], self.references[a:b],
                        self.pages.members[a:b]))  # fmt: skip

    def _pairs(self, a: int, b: int) -> list[Any]:
        pages = self.pages
        pieces = list(map(list, zip(pages.piece_start[a:b], pages.piece_end[a:b], strict=True)))
        return list(map(Pair, self.pair_ref[a:b], self.pair_sys[a:b], pieces, pages.exact[a:b],
                        pages.factor[a:b], pages.credit[a:b]))  # fmt: skip


def _cut(items: list[Any], at: list[int], start: int, stop: int) -> Iterator[list[Any]]:
    """The items of pages `start` to `stop` (laid end to end from at[start]), page by page."""
    first = at[start]
    return map(items.__getitem__, map(slice, [a - first for a in at[start:stop]],
                                      [b - first for b in at[start + 1 : stop + 1]]))  # fmt: skip


# --- the pages as JSON text -------------------------------------------------------------


def _or_null(texts: np.ndarray, present: np.ndarray) -> np.ndarray:
    return np.where(present, texts, b"null")


def _reference_pieces(pages: Pages, labels: np.ndarray) -> list[Piece]:
    """Each reference's object: its span, label, system span (within the page) and factor."""
    refs, syss, best = pages.refs, pages.syss, pages.best
    spans, mapped = refs.spans, best >= 0
    return [
        b'{"start":', pages.json_texts("ref_start"), b',"end":', pages.json_texts("ref_end"),
        b',"label":', Taken(labels, spans.label),
        b',"system":', _or_null(integer_texts(np.where(mapped, best - syss.at[refs.row], 0)), mapped),
        b',"factor":', _or_null(float_texts(pages.top), mapped), b"}",
    ]  # fmt: skip


def _system_pieces(pages: Pages, labels: np.ndarray) -> list[Piece]:
    """Each system span's object: its span, label, the references mapped to it (within the
    page) and the file indices merged into it."""
    syss, scores = pages.syss, pages.scores
    within, systems = _mapped_by_system(pages)
    references = grouped([integer_texts(within)], systems, len(syss))
    if scores.unmerged is None:
        merged = integer_texts(syss.spans.index)
    else:
        members, into = scores.unmerged
        merged = grouped([integer_texts(members.index)], into, len(syss))
    spans = syss.spans
    return [
        b'{"start":', pages.json_texts("sys_start"), b',"end":', pages.json_texts("sys_end"),
        b',"label":', Taken(labels, spans.label),
        b',"references":[', references, b'],"merged":[', merged, b"]}",
    ]  # fmt: skip


def _pair_pieces(pages: Pages) -> list[Piece]:
    """Each pair's object: its reference and system span (within the page), piece, whether
    exact, factor and credit."""
    exact = pages.scores.pairs[4]
    return [
        b'{"reference":', integer_texts(pages.refs.within(pages.pair_ref)),
        b',"system":', integer_texts(pages.syss.within(pages.pair_sys)),
        b',"piece":[', pages.json_texts("piece_start"), b",", pages.json_texts("piece_end"),
        b'],"exact":', np.array([b"false", b"true"])[exact.astype(np.int64)],
        b',"factor":', pages.json_texts("factor"), b',"credit":', pages.json_texts("credit"), b"}",
    ]  # fmt: skip


def _id_pieces(page_ids: list[Any]) -> list[Piece]:
    """The page ids' JSON: where all are strings, their texts by one msgspec call
    (string_texts) in quotes, else value_texts (a call per id)."""
    if set(map(type, page_ids)) == {str}:
        return [b'"', string_texts(page_ids), b'"']
    return [value_texts(page_ids)]


#: What ends a page's references, system spans and pairs, and the page itself (a comma
#: before the next page).
LIST_ENDS = (b"", b'],"system":[', b'],"pairs":[', b"]},")


def _suffixes(kind: int) -> np.ndarray:
    """What follows an item of `kind` (0 a page's head, 1 a reference, 2 a system span, 3 a
    pair) by k′ − kind, k′ the kind of the next item of its page (4: none): a comma before
    one of its own kind, else the ends of its list and of the empty lists up to k′."""
    return np.array([b",", *(b"".join(LIST_ENDS[max(kind, 1) : later]) for later in range(kind + 1, 5))])


class PageTexts:
    """The pages' objects' texts, made a range of pages at a time: the items (each page's
    head up to its references, then its references', system spans' and pairs' objects)
    laid out together in page order, each followed by a comma or the ends of lists."""

    def __init__(self, pages: Pages, page_ids: list[Any]) -> None:
        n = len(page_ids)
        labels = value_texts(pages.labels)
        head = [b'{"page_id":', *_id_pieces(page_ids), b',"line":', pages.json_texts("line"),
                b',"system_line":', pages.json_texts("system_line"), b',"reference":[']  # fmt: skip
        pieces = (head, _reference_pieces(pages, labels), _system_pieces(pages, labels), _pair_pieces(pages))
        page_of = (np.arange(n), pages.refs.row, pages.syss.row, pages.refs.row[pages.pair_ref])
        # where each page's items of a kind start
        self.at = (np.arange(n + 1), pages.refs.at, pages.syss.at, bounds(page_of[3], n))
        self.places, self.start, suffixes = _layout(self.at, page_of)
        self.pieces = [[*Rows(kind).pieces, Taken(_suffixes(k), suffix)]  # neighbouring constants joined
                       for k, (kind, suffix) in enumerate(zip(pieces, suffixes, strict=True))]  # fmt: skip

    def text(self, a: int, b: int) -> memoryview:
        """Pages a to b − 1, joined by commas."""
        return memoryview(self._laid(a, b))[:-1]  # no comma after the last page

    def _laid(self, a: int, b: int) -> bytes | bytearray:
        """Pages a to b − 1, each followed by a comma; each half of them laid out apart
        where their records would take more than rowtexts.LIMIT bytes (a long text)."""
        laid = merged_text(*self._items(a, b), rowtexts.LIMIT if b - a > 1 else None)
        if laid is None:
            return self._laid(a, (a + b) // 2) + self._laid((a + b) // 2, b)
        return laid

    def _items(self, a: int, b: int) -> tuple[list[tuple[np.ndarray, list[Piece]]], int]:
        """The items of pages a to b − 1 by kind (for merged_text): their places from the
        first of page a on and their pieces, each followed by its suffix; and their number."""
        first = int(self.start[a])
        kinds = []
        for kind, at in enumerate(self.at):
            lo, hi = int(at[a]), int(at[b])
            pieces = [p if isinstance(p, bytes) else p[lo:hi] for p in self.pieces[kind]]
            kinds.append((self.places[kind][lo:hi] - first, pieces))
        return kinds, int(self.start[b]) - first


def _layout(
    at: tuple[np.ndarray, ...], page_of: tuple[np.ndarray, ...]
) -> tuple[list[np.ndarray], np.ndarray, list[np.ndarray]]:
    """The items of every page laid out in page order (each page's head, references, system
    spans, pairs), made once for all pages (a part of them then takes slices): per kind
    each item's place and its suffix (_suffixes: 0 a comma, else the ends of lists up to
    the next kind of its page with items), and where each page's items start (n + 1)."""
    n = len(at[0]) - 1
    counts = np.array([ends[1:] - ends[:-1] for ends in at]).reshape(4, n)  # kind × page: its items
    flat = counts.T.ravel()
    first = (np.cumsum(flat) - flat).reshape(n, 4)  # page × kind: the place of its first item
    following = np.full((5, n), 4)  # per kind and page: the first kind on with items (4: none)
    for kind in (3, 2, 1):
        following[kind] = np.where(counts[kind] > 0, kind, following[kind + 1])
    places, suffixes = [], []
    for kind, (ends, page) in enumerate(zip(at, page_of, strict=True)):
        within = np.arange(len(page)) - ends[page]
        last = within == counts[kind, page] - 1
        suffixes.append(np.where(last, following[kind + 1, page] - kind, 0))
        places.append(first[page, kind] + within)
    return places, np.append(0, np.cumsum(counts.sum(axis=0))), suffixes
