"""One page: mapping, splitting, relevance, counts and scores (specs/poetry.md §3, §4.1).

Spans are tuples (start, end, index in the file's list, label) as the reader gives them.
Every floating-point step is the original's, in the original's order: a factor is one
division of two integers, the relevance a running total in pair order.
"""

from __future__ import annotations

from typing import Any

from ...formats.poetry_jsonl import SpanTuple

#: The per-page numbers, in this order: precision, recall, n_span_matches, n_span_misses,
#: n_span_spurious, n_poem_matches, n_poem_misses, n_poem_spurious, relevance,
#: n_retrieved, number of reference spans, number of system spans (after merging).
PageScore = tuple[Any, ...]

# A pair as recorded for the report: (reference index, system index, piece start,
# piece end, exact, factor, credit), indices into the sorted lists.
Pair = tuple[int, int, int, int, bool, float, float]


class SplitError(Exception):
    """P11: splitting a system span over overlapping references gives an empty or
    reversed piece. `first` and `second` are the two references, in file order."""

    def __init__(self, first: SpanTuple, second: SpanTuple, piece: tuple[int, int]) -> None:
        self.first, self.second = sorted((first, second), key=lambda span: span[2])
        self.piece = piece
        super().__init__(piece)


class PageDetail:
    """What the report shows of a page besides its numbers (filled by score_page)."""

    def __init__(self) -> None:
        self.references: list[SpanTuple] = []  # sorted
        self.systems: list[SpanTuple] = []  # sorted; merged with ignore_label
        self.members: list[list[int]] = []  # file indices merged into each system span
        self.system_of: list[int] = []  # per reference: system index or -1
        self.factors: list[float] = []  # per reference: the factor it was mapped with
        self.pairs: list[Pair] = []  # in pair order


def merge_system(spans: list[SpanTuple], members: list[list[int]] | None = None) -> list[SpanTuple]:
    """§3.1 step 3: fold strictly overlapping sorted spans together, labels become ""."""
    if members is None:
        return _merged(spans)
    merged: list[SpanTuple] = []
    for start, end, index, _ in spans:
        if merged and start < merged[-1][1]:
            last = merged[-1]
            if end > last[1]:
                merged[-1] = (last[0], end, last[2], "")
            members[-1].append(index)
        else:
            merged.append((start, end, index, ""))
            members.append([index])
    return merged


def _merged(spans: list[SpanTuple]) -> list[SpanTuple]:
    """merge_system without the members, for a non-empty list."""
    start, end, index, _ = spans[0]
    merged = [(start, end, index, "")]
    for span in spans[1:]:
        if span[0] >= end:
            start, end, index = span[0], span[1], span[2]
            merged.append((start, end, index, ""))
        elif span[1] > end:
            end = span[1]
            merged[-1] = (start, end, index, "")
    return merged


#: Pages with at most this many system spans are swept once with a label check; larger
#: pages in label mode are swept label by label (fewer candidates to look at).
SMALL_PAGE = 16


def _sweep(refs: list[SpanTuple], syss: list[SpanTuple], check_label: bool) -> tuple[list[int], list[float]]:
    """The best system span of each reference (§3.3), both lists sorted by (start, end):
    per reference the index of its system span (-1: none) and the factor.

    References come in order of start, so a system span that ends before one reference
    starts ends before every later one: it leaves `active` for good. The candidates of a
    reference are the active spans (started before it, still running) and the spans that
    start inside it; both are visited in sorted order, so the first of equal factors wins.
    """
    n = len(refs)
    best = [-1] * n
    factors = [0.0] * n
    count = len(syss)
    active: list[int] = []
    p = 0
    for i in range(n):
        rs, re, _, rl = refs[i]
        while p < count and syss[p][0] < rs:
            active.append(p)
            p += 1
        if active:
            active = [j for j in active if syss[j][1] > rs]
        length = re - rs
        top = 0.0
        pick = -1
        for j in active:  # start < rs < end
            ss, se, _, sl = syss[j]
            if check_label and sl != rl:
                continue
            longer = se - ss if se - ss > length else length
            factor = ((se if se < re else re) - rs) / longer
            if factor > top:
                top, pick = factor, j
        q = p
        while q < count:
            ss, se, _, sl = syss[q]
            if ss >= re:
                break
            if not check_label or sl == rl:
                longer = se - ss if se - ss > length else length
                factor = ((se if se < re else re) - ss) / longer
                if factor > top:
                    top, pick = factor, q
            q += 1
        if pick >= 0:
            best[i] = pick
            factors[i] = top
    return best, factors


def _one_system(
    refs: list[SpanTuple], system: SpanTuple, ignore_label: bool
) -> tuple[list[int], list[float]]:  # noqa: E501
    """§3.3 when the page has one system span: each reference overlaps it or not."""
    ss, se, _, sl = system
    ls = se - ss
    best: list[int] = []
    factors: list[float] = []
    for rs, re, _, rl in refs:
        if rs < se and ss < re and (ignore_label or rl == sl):
            lr = re - rs
            best.append(0)
            factors.append(((se if se < re else re) - (ss if ss > rs else rs)) / (ls if ls > lr else lr))
        else:
            best.append(-1)
            factors.append(0.0)
    return best, factors


def map_references(
    refs: list[SpanTuple], syss: list[SpanTuple], ignore_label: bool
) -> tuple[list[int], list[float]]:
    """Per sorted reference: the index of its system span (-1: none) and the factor."""
    if len(syss) == 1:
        return _one_system(refs, syss[0], ignore_label)
    if ignore_label or len(syss) <= SMALL_PAGE:
        return _sweep(refs, syss, not ignore_label)
    best = [-1] * len(refs)
    factors = [0.0] * len(refs)
    groups: dict[Any, tuple[list[int], list[int]]] = {}
    for j, span in enumerate(syss):
        groups.setdefault(span[3], ([], []))[1].append(j)
    for i, span in enumerate(refs):
        group = groups.get(span[3])
        if group is not None:
            group[0].append(i)
    for ref_at, sys_at in groups.values():
        if ref_at:
            picks, tops = _sweep([refs[i] for i in ref_at], [syss[j] for j in sys_at], False)
            for k, i in enumerate(ref_at):
                if picks[k] >= 0:
                    best[i] = sys_at[picks[k]]
                    factors[i] = tops[k]
    return best, factors


def piece_factor(rs: int, re: int, ps: int, pe: int) -> float | int:
    """factor(reference, piece) of equal labels: 0 (an integer, as in the original) unless
    they strictly overlap."""
    if rs < pe and ps < re:
        return ((re if re < pe else pe) - (rs if rs > ps else ps)) / max(re - rs, pe - ps)
    return 0


def _split_relevance(refs: list[SpanTuple], group: list[int], j: int, ss: int, se: int, weight: float,
                     relevance: Any, pairs: list[Pair] | None) -> Any:  # fmt: skip
    """§3.4–3.5 for one system span over k ≥ 2 references: its pieces, in order."""
    last = len(group) - 1
    for p, i in enumerate(group):
        rs, re = refs[i][0], refs[i][1]
        ps = ss if p == 0 else rs
        pe = se if p == last else refs[group[p + 1]][0]
        if pe <= ps:
            raise SplitError(refs[i], refs[group[p + 1]], (ps, pe))
        if rs == ps and re == pe:
            relevance = relevance + 1
            if pairs is not None:
                pairs.append((i, j, ps, pe, True, 1.0, 1.0))
        else:
            factor = piece_factor(rs, re, ps, pe)
            credit = weight * factor
            relevance = relevance + credit
            if pairs is not None:
                pairs.append((i, j, ps, pe, False, float(factor), float(credit)))
    return relevance


def _distinct(spans: list[SpanTuple]) -> int:
    """Number of distinct labels (Python set semantics: 1, 1.0 and true are one)."""
    return len({span[3] for span in spans})


def _empty_side(refs: list[SpanTuple], syss: list[SpanTuple]) -> PageScore:
    """A page without reference spans or without system spans (§4.1 edge cases)."""
    n_ref, n_sys = len(refs), len(syss)
    if n_sys:  # system spans only: all spurious
        return (0 / n_sys, 0, 0, 0, n_sys, 0, 0, _distinct(syss), 0, n_sys, 0, n_sys)
    if n_ref:  # references only: all missed
        return (0, 0 / n_ref, 0, n_ref, 0, 0, _distinct(refs), 0, 0, 0, n_ref, 0)
    return (1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)


def score_page(refs: list[SpanTuple], syss: list[SpanTuple], ignore_label: bool, weight: float,
               detail: PageDetail | None = None) -> PageScore:  # fmt: skip
    """The numbers of one page (§3–§4.1) from its spans in file order (both lists are
    sorted in place)."""
    refs.sort()
    syss.sort()
    members: list[list[int]] | None = [] if detail is not None else None
    if ignore_label and syss:
        syss = merge_system(syss, members)
    elif members is not None:
        members.extend([index] for _, _, index, _ in syss)
    n_ref, n_sys = len(refs), len(syss)
    if not n_ref or not n_sys:
        if detail is not None:
            detail.references, detail.systems, detail.members = refs, syss, members or []
            detail.system_of, detail.factors = [-1] * n_ref, [0.0] * n_ref
        return _empty_side(refs, syss)
    best, factors = map_references(refs, syss, ignore_label)
    groups: list[list[int] | None] = [None] * n_sys  # the references of each system span
    for i, j in enumerate(best):
        if j >= 0:
            group = groups[j]
            if group is None:
                groups[j] = [i]
            else:
                group.append(i)
    pairs: list[Pair] | None = [] if detail is not None else None
    relevance: Any = 0  # §3.5: a running total over the pair list, one operation at a time
    spurious = []
    for j, group in enumerate(groups):
        if group is None:
            spurious.append(syss[j][3])
            continue
        ss, se = syss[j][0], syss[j][1]
        if len(group) > 1:
            relevance = _split_relevance(refs, group, j, ss, se, weight, relevance, pairs)
            continue
        i = group[0]
        if refs[i][0] == ss and refs[i][1] == se:
            relevance = relevance + 1
            if pairs is not None:
                pairs.append((i, j, ss, se, True, 1.0, 1.0))
        else:
            credit = weight * factors[i]
            relevance = relevance + credit
            if pairs is not None:
                pairs.append((i, j, ss, se, False, factors[i], credit))
    n_missed = best.count(-1)
    n_matched = n_ref - n_missed
    labels = {span[3] for span in refs}
    if not n_missed:
        poems = (len(labels), 0)
    elif not n_matched:
        poems = (0, len(labels))
    else:
        poems = (len({refs[i][3] for i in range(n_ref) if best[i] >= 0}),
                 len({refs[i][3] for i in range(n_ref) if best[i] < 0}))  # fmt: skip
    n_retrieved = len(spurious) + n_matched
    if detail is not None:
        detail.references, detail.systems, detail.members = refs, syss, members or []
        detail.system_of, detail.factors, detail.pairs = best, factors, pairs or []
    return (relevance / n_retrieved, relevance / n_ref, n_matched, n_missed, len(spurious),
            poems[0], poems[1], len(set(spurious).difference(labels)) if spurious else 0,
            relevance, n_retrieved, n_ref, n_sys)  # fmt: skip
