"""One page: mapping, splitting, relevance, counts and scores (specs/poetry.md §3, §4.1).

Spans are tuples (start, end, index in the file's list, label) as the reader gives them.
Every floating-point step is the original's, in the original's order: a factor is one
division of two integers, the relevance a running total in pair order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
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


@dataclass
class PageDetail:
    """What the report shows of a page besides its numbers (filled by score_page)."""

    references: list[SpanTuple] = field(default_factory=list)  # sorted
    systems: list[SpanTuple] = field(default_factory=list)  # sorted; merged with ignore_label
    members: list[list[int]] = field(default_factory=list)  # file indices merged into each system span
    system_of: list[int] = field(default_factory=list)  # per reference: system index or -1
    factors: list[float] = field(default_factory=list)  # per reference: the factor it was mapped with
    pairs: list[Pair] = field(default_factory=list)  # in pair order


def merge_system(spans: list[SpanTuple], members: list[list[int]] | None = None) -> list[SpanTuple]:
    """§3.1 step 3: fold strictly overlapping sorted spans together, labels become ""."""
    merged: list[SpanTuple] = []
    for start, end, index, _ in spans:
        if merged and start < merged[-1][1]:
            last = merged[-1]
            if end > last[1]:
                merged[-1] = (last[0], end, last[2], "")
            if members is not None:
                members[-1].append(index)
        else:
            merged.append((start, end, index, ""))
            if members is not None:
                members.append([index])
    return merged


def _sweep(refs: list[tuple[int, int, int]], syss: list[tuple[int, int, int]],
           best: list[int], factors: list[float]) -> None:  # fmt: skip
    """The best system span of each reference (§3.3): both lists sorted by (start, end),
    each entry (start, end, index in the page's sorted list).

    References come in order of start, so a system span that ends before one reference
    starts ends before every later one: it leaves `active` for good. The candidates of a
    reference are the active spans (started before it, still running) and the spans that
    start inside it; both are visited in sorted order, so the first of equal factors wins.
    """
    active: list[tuple[int, int, int]] = []
    count = len(syss)
    p = 0
    for rs, re, i in refs:
        while p < count and syss[p][0] < rs:
            active.append(syss[p])
            p += 1
        if active:
            active = [span for span in active if span[1] > rs]
        length = re - rs
        top = 0.0
        pick = -1
        for ss, se, j in active:  # ss < rs < se
            longer = se - ss if se - ss > length else length
            factor = ((se if se < re else re) - rs) / longer
            if factor > top:
                top, pick = factor, j
        q = p
        while q < count:
            ss, se, j = syss[q]
            if ss >= re:
                break
            longer = se - ss if se - ss > length else length
            factor = ((se if se < re else re) - ss) / longer
            if factor > top:
                top, pick = factor, j
            q += 1
        if pick >= 0:
            best[i] = pick
            factors[i] = top


def map_references(refs: list[SpanTuple], syss: list[SpanTuple], ignore_label: bool) -> tuple[list[int], list[float]]:
    """Per sorted reference: the index of its system span (-1: none) and the factor."""
    best = [-1] * len(refs)
    factors = [0.0] * len(refs)
    if ignore_label:
        _sweep([(s, e, i) for i, (s, e, _, _) in enumerate(refs)],
               [(s, e, j) for j, (s, e, _, _) in enumerate(syss)], best, factors)  # fmt: skip
        return best, factors
    by_label: dict[Any, list[tuple[int, int, int]]] = {}
    for j, (s, e, _, label) in enumerate(syss):
        group = by_label.get(label)
        if group is None:
            by_label[label] = [(s, e, j)]
        else:
            group.append((s, e, j))
    wanted: dict[Any, list[tuple[int, int, int]]] = {}
    for i, (s, e, _, label) in enumerate(refs):
        if label in by_label:
            group = wanted.get(label)
            if group is None:
                wanted[label] = [(s, e, i)]
            else:
                group.append((s, e, i))
    for label, group in wanted.items():
        _sweep(group, by_label[label], best, factors)
    return best, factors


def piece_factor(rs: int, re: int, ps: int, pe: int) -> float | int:
    """factor(reference, piece) of equal labels: 0 (an integer, as in the original) unless
    they strictly overlap."""
    if rs < pe and ps < re:
        return ((re if re < pe else pe) - (rs if rs > ps else ps)) / max(re - rs, pe - ps)
    return 0


def _relevance(refs: list[SpanTuple], syss: list[SpanTuple], refs_of: dict[int, list[int]],
               factors: list[float], weight: float, pairs: list[Pair] | None) -> Any:  # fmt: skip
    """§3.5: a running total over the pair list, one operation at a time."""
    relevance: Any = 0
    for j in sorted(refs_of):
        group = refs_of[j]
        ss, se = syss[j][0], syss[j][1]
        if len(group) == 1:
            i = group[0]
            exact = refs[i][0] == ss and refs[i][1] == se
            factor: Any = 1.0 if exact else factors[i]
            pieces = [(i, ss, se, exact, factor)]
        else:
            pieces = list(_split(refs, group, ss, se))
        for i, ps, pe, exact, factor in pieces:
            if exact:
                relevance = relevance + 1
                credit: Any = 1
            else:
                credit = weight * factor
                relevance = relevance + credit
            if pairs is not None:
                pairs.append((i, j, ps, pe, exact, float(factor), float(credit)))
    return relevance


def _split(refs: list[SpanTuple], group: list[int], ss: int, se: int):
    """§3.4: the pieces of one system span over its k ≥ 2 references, in order."""
    last = len(group) - 1
    for p, i in enumerate(group):
        rs, re = refs[i][0], refs[i][1]
        ps = ss if p == 0 else rs
        pe = se if p == last else refs[group[p + 1]][0]
        if pe <= ps:
            raise SplitError(refs[i], refs[group[p + 1]], (ps, pe))
        exact = rs == ps and re == pe
        yield i, ps, pe, exact, (1.0 if exact else piece_factor(rs, re, ps, pe))


def score_page(refs: list[SpanTuple], syss: list[SpanTuple], ignore_label: bool, weight: float,
               detail: PageDetail | None = None) -> PageScore:  # fmt: skip
    """The numbers of one page (§3–§4.1) from its spans in file order."""
    refs = sorted(refs)
    syss = sorted(syss)
    members: list[list[int]] | None = [] if detail is not None else None
    if ignore_label and syss:
        syss = merge_system(syss, members)
    elif members is not None:
        members.extend([index] for _, _, index, _ in syss)
    n_ref, n_sys = len(refs), len(syss)
    if n_ref and n_sys:
        best, factors = map_references(refs, syss, ignore_label)
    else:
        best, factors = [-1] * n_ref, [0.0] * n_ref
    refs_of: dict[int, list[int]] = {}
    matched_poems, missed_poems = set(), set()
    for i, j in enumerate(best):
        if j < 0:
            missed_poems.add(refs[i][3])
        else:
            matched_poems.add(refs[i][3])
            group = refs_of.get(j)
            if group is None:
                refs_of[j] = [i]
            else:
                group.append(i)
    pairs: list[Pair] | None = [] if detail is not None else None
    relevance = _relevance(refs, syss, refs_of, factors, weight, pairs) if refs_of else 0
    n_spurious = n_sys - len(refs_of)
    n_matched = n_ref - sum(1 for j in best if j < 0)
    spurious_poems = 0
    if n_spurious:
        labels = {refs[i][3] for i in range(n_ref)}
        spurious_poems = len({syss[j][3] for j in range(n_sys) if j not in refs_of} - labels)
    n_retrieved = n_spurious + n_matched
    precision = relevance / n_retrieved if n_sys else (0 if n_ref else 1)
    recall = relevance / n_ref if n_ref else (0 if n_sys else 1)
    if detail is not None:
        detail.references, detail.systems, detail.system_of, detail.factors = refs, syss, best, factors
        detail.members = members or []
        detail.pairs = pairs or []
    return (precision, recall, n_matched, n_ref - n_matched, n_spurious,
            len(matched_poems), len(missed_poems), spurious_poems,
            relevance, n_retrieved, n_ref, n_sys)  # fmt: skip
