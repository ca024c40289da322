"""One page, and what the report shows of each page (specs/poetry.md §3, §4.1, §6.2).

The numbers come from columns.score_rows, which scores all pages at once; `score_page`
is that for one page given as span tuples (start, end, index in the file's list, label),
and `page_details` turns its columns back into per-page tuples for the report.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...formats.poetry_jsonl import SpanTuple
from .columns import Scores, Spans, SplitError, bounds, offsets, row_numbers, score_rows

__all__ = ["PageDetail", "SplitError", "page_details", "score_page", "spans_from_tuples"]

#: The per-page numbers, in this order: precision, recall, n_span_matches, n_span_misses,
#: n_span_spurious, n_poem_matches, n_poem_misses, n_poem_spurious, relevance,
#: n_retrieved, number of reference spans, number of system spans (after merging).
PageScore = tuple[Any, ...]

# A pair as recorded for the report: (reference index, system index, piece start,
# piece end, exact, factor, credit), indices into the page's sorted lists.
Pair = tuple[int, int, int, int, bool, float, float]


class PageDetail:
    """What the report shows of a page besides its numbers."""

    def __init__(self) -> None:
        self.references: list[SpanTuple] = []  # sorted
        self.systems: list[SpanTuple] = []  # sorted; merged with ignore_label
        self.members: list[list[int]] = []  # file indices merged into each system span
        self.system_of: list[int] = []  # per reference: system index or -1
        self.factors: list[float] = []  # per reference: the factor it was mapped with
        self.pairs: list[Pair] = []  # in pair order


def spans_from_tuples(rows: list[int], pages: list[list[SpanTuple]], codes: dict[Any, int]) -> Spans:
    """Spans in columns from span tuples, one list per row; labels coded in `codes`."""
    flat = [span for page in pages for span in page]
    return Spans(
        np.repeat(np.array(rows, dtype=np.int64), [len(page) for page in pages]),
        offsets([span[0] for span in flat]),
        offsets([span[1] for span in flat]),
        np.array([codes.setdefault(span[3], len(codes)) for span in flat], dtype=np.int64),
        np.array([span[2] for span in flat], dtype=np.int64),
    )


def score_page(refs: list[SpanTuple], syss: list[SpanTuple], ignore_label: bool, weight: float,
               detail: PageDetail | None = None) -> PageScore:  # fmt: skip
    """The numbers of one page (§3–§4.1) from its spans in file order (both lists are
    sorted in place)."""
    refs.sort()
    syss.sort()
    codes: dict[Any, int] = {}
    ref_spans, sys_spans = spans_from_tuples([0], [refs], codes), spans_from_tuples([0], [syss], codes)
    empty = codes.setdefault("", len(codes))
    scores = score_rows(ref_spans, sys_spans, 1, ignore_label, weight, len(codes), empty)
    if detail is not None:
        detail.__dict__.update(page_details(scores, list(codes), 1)[0].__dict__)
    return row_numbers(scores)[0]


def _tuples(spans: Spans, labels: list[Any]) -> list[SpanTuple]:
    return list(zip(spans.start.tolist(), spans.end.tolist(), spans.index.tolist(),
                    [labels[code] for code in spans.label.tolist()], strict=True))  # fmt: skip


def _members(scores: Scores) -> list[list[int]]:
    """File indices folded into each system span (one each without merging)."""
    if scores.unmerged is None:
        return [[index] for index in scores.syss.index.tolist()]
    members: list[list[int]] = [[] for _ in range(len(scores.syss))]
    spans, into = scores.unmerged
    for k, index in zip(into.tolist(), spans.index.tolist(), strict=True):
        members[k].append(index)
    return members


def page_details(scores: Scores, labels: list[Any], n_rows: int) -> list[PageDetail]:
    """Per row: its sorted spans, mapping and pair list with indices within the page."""
    refs, syss = scores.refs, scores.syss
    ref_at, sys_at = bounds(refs.row, n_rows).tolist(), bounds(syss.row, n_rows).tolist()
    references, systems, members = _tuples(refs, labels), _tuples(syss, labels), _members(scores)
    best, top = scores.best.tolist(), scores.factor.tolist()
    i, j, ps, pe, exact, factor, credit = (column.tolist() for column in scores.pairs)
    pair_rows = refs.row[scores.pairs[0]]
    pair_at = bounds(pair_rows, n_rows).tolist()
    out = []
    for row in range(n_rows):
        detail = PageDetail()
        r0, r1, s0, s1 = ref_at[row], ref_at[row + 1], sys_at[row], sys_at[row + 1]
        detail.references, detail.systems, detail.members = references[r0:r1], systems[s0:s1], members[s0:s1]
        detail.system_of = [b - s0 if b >= 0 else -1 for b in best[r0:r1]]
        detail.factors = top[r0:r1]
        detail.pairs = [(i[k] - r0, j[k] - s0, ps[k], pe[k], exact[k], factor[k], credit[k])
                        for k in range(pair_at[row], pair_at[row + 1])]  # fmt: skip
        out.append(detail)
    return out
