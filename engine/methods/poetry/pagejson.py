"""The JSON `details` of a poetry report (specs/poetry.md §6.3): per row (page) its spans,
mapping and pairs, indices within the page. Made a part of the pages at a time when
written, as light msgspec structs cut from columns over all pages: msgspec encodes them
where the numbers are plain (report.ColumnRows.plain_numbers), else the writer encodes
the same values as dicts and lists."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import msgspec
import numpy as np

from ...formats.columns import or_none
from ...report import Later
from .columns import bounds
from .errors import Pages

_STRUCTS = {"gc": False}
Reference = msgspec.defstruct("Reference", ["start", "end", "label", "system", "factor"], **_STRUCTS)
System = msgspec.defstruct("System", ["start", "end", "label", "references", "merged"], **_STRUCTS)
Pair = msgspec.defstruct("Pair", ["reference", "system", "piece", "exact", "factor", "credit"], **_STRUCTS)
Page = msgspec.defstruct("Page", ["page_id", "line", "system_line", "reference", "system", "pairs"],
                         **_STRUCTS)  # fmt: skip


def _references_of(pages: Pages) -> list[list[int]]:
    """Per system span, the references mapped to it (numbered within the page), ascending."""
    refs, best = pages.refs, pages.best
    mapped = np.flatnonzero(best >= 0)
    by_system = mapped[np.argsort(best[mapped], kind="stable")]
    within = refs.within(by_system).tolist()
    at = bounds(best[by_system], len(pages.syss)).tolist()
    return [within[a:b] for a, b in zip(at, at[1:], strict=False)]


class PageDetails(Later):
    """The `details` list: one object per page, made a part at a time (as dicts for a
    reader; as JSON for the writer)."""

    def __init__(self, pages: Pages, page_ids: list[Any]) -> None:
        self.pages, self.page_ids = pages, page_ids
        refs, syss, best = pages.refs, pages.syss, pages.best
        kinds = {*map(type, page_ids), *map(type, pages.labels)}
        self.plain_numbers = pages.plain_numbers and float not in kinds  # ids, labels: any JSON scalar
        mapped = best >= 0
        self.ref_system = or_none(best - syss.at[refs.row], mapped)
        self.ref_factor = or_none(pages.top, mapped)
        self.references = _references_of(pages)
        self.pair_ref = refs.within(pages.pair_ref).tolist()
        self.pair_sys = syss.within(pages.pair_sys).tolist()
        pairs_at = bounds(refs.row[pages.pair_ref], len(page_ids))
        self.at = (refs.at.tolist(), syss.at.tolist(), pairs_at.tolist())
        super().__init__(len(page_ids), part=self.dicts)

    def dicts(self, start: int, stop: int) -> list[dict[str, Any]]:
        """Pages `start` to `stop` as dicts (their spans and pairs dicts too)."""
        return msgspec.to_builtins(self.structs(start, stop))

    def json_parts(self, size: int, encode: Callable[[list[Any]], bytes]) -> Iterator[bytes | memoryview]:
        """The pages' JSON `size` at a time (objects joined by commas): by msgspec with plain
        numbers (no float page id or label: msgspec writes 1e20 where orjson writes 1e+20),
        else `encode` of the same values as dicts."""
        if not self.plain_numbers:
            yield from super().json_parts(size, encode)
            return
        encoder = msgspec.json.Encoder()
        for start in range(0, len(self), size):
            yield memoryview(encoder.encode(self.structs(start, min(start + size, len(self)))))[1:-1]

    def structs(self, start: int, stop: int) -> list[Any]:
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
