"""FairEval's boundary passes, span by span, for the clusters of spans that compete for
the same partners (specs/faireval.md §3.3 steps 3–6, §3.4, §3.6).

The original's candidate orders and tie rules are kept exactly; partners are found with
interval indexes instead of scans of every remaining span once a list is long, so a
cluster of n spans costs O(n log n) plus the candidates found. Decisions are recorded as
(phase, subtype, target index, system index), the indices those of the spans' sides.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable

import numpy as np

from ...errors import InputError
from ...intervals import IntervalIndex

SMALL = 24  # below this many spans a pass scans its list instead of building an index

# Phases, in the order the original decides within a sentence.
TP, LE, BE_A, BE_B, BE_C, LBE_A, LBE_B, LBE_C, FN, FP = range(10)
KINDS = ("TP", "LE", "BE", "BE", "BE", "LBE", "LBE", "LBE", "FN", "FP")
SUBTYPES = ("", "BES", "BEL", "BEO")

Record = tuple[int, int, int, int]  # phase, subtype code, target index, system index (-1: none)


class Work:
    """A span while it is being matched: its current token set shrinks."""

    __slots__ = ("label", "begin", "end", "tokens", "is_range", "side", "index", "line")

    def __init__(self, label, begin, end, tokens, is_range, side, index, line) -> None:  # noqa: ANN001
        self.label = label  # a label code
        self.begin = begin
        self.end = end
        self.tokens = tokens  # a frozenset, or RangeTokens for a range span
        self.is_range = is_range
        self.side = side  # 0 target, 1 system
        self.index = index  # position in its side's arrays
        self.line = line


def _relations(targets: list[Work], systems: list[Work]) -> list[bool]:
    """The label relations whose passes can match anything: same labels (step 4) where
    a label is on both sides, other labels (step 5) where there are two labels."""
    labels_t = {t.label for t in targets}
    labels_s = {s.label for s in systems}
    if not labels_t or not labels_s:
        return []
    return [
        same
        for same, possible in ((True, bool(labels_t & labels_s)), (False, len(labels_t | labels_s) > 1))
        if possible
    ]


def subtype(t: Work, s: Work) -> int:
    """BES (1) / BEL (2) / BEO (3) of an overlapping pair, from the target's side (§3.5)."""
    if s.begin == t.begin:
        return 1 if s.end < t.end else 2
    if s.begin < t.begin:
        return 3 if s.end < t.end else 2
    return 1 if s.end <= t.end else 3


def subtypes(tb: np.ndarray, te: np.ndarray, sb: np.ndarray, se: np.ndarray) -> np.ndarray:
    """BES (1) / BEL (2) / BEO (3) of overlapping pairs, from the target's side (§3.5)."""
    starts_with = np.where(se < te, 1, 2)
    starts_before = np.where(se < te, 3, 2)
    starts_after = np.where(se <= te, 1, 3)
    return np.where(sb == tb, starts_with, np.where(sb < tb, starts_before, starts_after))


def _best(r: Work, candidates: list[Work]) -> Work:
    """The candidate sharing most tokens with r, then leaving fewest out (§3.4)."""
    if len(candidates) == 1:
        return candidates[0]
    rt = r.tokens

    def key(item: tuple[int, Work]) -> tuple[int, int, int, int, int]:
        position, c = item
        shared = len(rt & c.tokens)
        return (-shared, len(rt) - shared, len(c.tokens) - shared, c.end - c.begin, position)

    return min(enumerate(candidates), key=key)[1]


class Pool:
    """Spans a pass searches for partners, in the order the original scans them."""

    def __init__(self, items: list[Work | None], same: bool) -> None:
        self.items = items  # remove() writes None in its place
        self.same = same  # the pass's label relation: same label (BE) or another (LBE)
        self._index: dict[int | None, tuple[IntervalIndex, list[int]]] | None = None
        if len(items) > SMALL:
            groups: dict[int | None, list[int]] = {}
            for position, item in enumerate(items):
                groups.setdefault(self._group(item), []).append(position)
            self._index = {
                key: (IntervalIndex([(items[p].begin, items[p].end + 1) for p in members]), members)
                for key, members in groups.items()
            }

    def _group(self, item: Work) -> int | None:
        return item.label if self.same else None

    def related(self, r: Work) -> list[int]:
        """Positions of live spans with the pass's label relation to r whose bounds
        differ from r's and intersect them, in order."""
        items, same = self.items, self.same
        b, e, label = r.begin, r.end, r.label
        if self._index is None:
            return [
                p
                for p, c in enumerate(items)
                if c is not None and c.begin <= e and b <= c.end and (c.label == label) is same
                and (c.begin != b or c.end != e)
            ]  # fmt: skip
        entry = self._index.get(self._group(r))
        if entry is None:
            return []
        index, members = entry
        found = sorted(members[i] for i in index.overlapping(b, e + 1))
        return [
            p
            for p in found
            if (items[p].begin != b or items[p].end != e) and (items[p].label == label) == same
        ]

    def remove(self, position: int) -> None:
        if self._index is not None:
            index, members = self._index[self._group(self.items[position])]
            index.remove(bisect.bisect_left(members, position))
        self.items[position] = None


RangeError = Callable[[Work], InputError]


class SentenceComparison:
    """The fair passes over the remaining spans of a cluster (§3.3 steps 3–6)."""

    def __init__(self, record: list[Record], range_error: RangeError, any_range: bool = True) -> None:
        self.record = record
        self.range_error = range_error
        self.any_range = any_range  # whether any cluster to come may hold a range span
        self.ranged = False  # whether a span of the cluster in hand is a range span

    def run(self, targets: list[Work], systems: list[Work]) -> None:
        """Match spans given in the passes' order (by length, then in emission order);
        leftovers become FN and FP."""
        used_t: list[Work] = []
        used_s: list[Work] = []
        self.ranged = self.any_range and any(w.is_range for w in (*targets, *systems))
        for same in _relations(targets, systems):
            targets, systems = self._passes(targets, systems, used_t, used_s, same)
        self.record += [(FN, 0, t.index, -1) for t in targets]
        self.record += [(FP, 0, -1, s.index) for s in systems]

    def _passes(self, T: list[Work], S: list[Work], UT: list[Work], US: list[Work], same: bool):
        first = BE_A if same else LBE_A
        T = self._pass_a(T, S, UT, US, same, first)
        S = [s for s in S if s is not None]
        T = self._pass_used(T, US, UT, same, first + 1)
        S = self._pass_used(S, UT, US, same, first + 2)
        return T, S

    def _pass_a(self, T, S, UT, US, same: bool, phase: int) -> list[Work]:
        """New target with new system span; S entries are set to None when used."""
        pool = Pool(S, same)
        left, record = [], self.record.append
        for t in T:
            found = pool.related(t)
            if not found:
                left.append(t)
                continue
            candidates = [S[p] for p in found]
            if self.ranged:
                self._refuse_range([t, *candidates])
            s = _best(t, candidates)
            pool.remove(found[candidates.index(s)])  # its place in S becomes None
            record((phase, subtype(t, s) if same else 0, t.index, s.index))
            _share(t, s)
            UT.append(t)
            US.append(s)
        return left

    def _pass_used(self, rest: list[Work], used: list[Work], grown: list[Work], same: bool, phase: int):
        """Pass B (rest: remaining targets, used: US, which stay usable) or pass C (rest:
        remaining system spans, used: UT); a matched span of `rest` joins `grown`."""
        if not rest or not used:
            return rest
        targets = rest[0].side == 0
        pool = Pool(used, same)
        left, record = [], self.record.append
        for r in rest:
            found = pool.related(r)
            tokens = r.tokens
            candidates = [used[p] for p in found if not tokens.isdisjoint(used[p].tokens)]
            if r.is_range and (found if targets else candidates):  # where the original fails
                raise self.range_error(r)
            if not candidates:
                left.append(r)
                continue
            u = _best(r, candidates)
            t, s = (r, u) if targets else (u, r)
            record((phase, subtype(t, s) if same else 0, t.index, s.index))
            _share(t, s)
            grown.append(r)
        return left

    def _refuse_range(self, spans: list[Work]) -> None:
        """The error at the first range span among `spans` (none: nothing)."""
        for w in spans:
            if w.is_range:
                raise self.range_error(w)


def _share(a: Work, b: Work) -> None:
    """Take the tokens two matched spans share out of both."""
    shared = a.tokens & b.tokens
    if shared:
        a.tokens = a.tokens - shared
        b.tokens = b.tokens - shared
