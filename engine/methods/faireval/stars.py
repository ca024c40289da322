"""FairEval's boundary passes on arrays for the competing clusters with one span on a side
(specs/faireval.md §3.3 steps 3–6): one system span that several targets overlap, or one
target that overlaps several system spans — about half of the competing clusters.

With one span alone on its side, the original's passes reduce to this: pass A pairs the
alone span once (with the first related span of the other side when the alone span is
the system span, with the best one by §3.4 when it is the target); afterwards the spans of
the other side, in the passes' length order, each take it again (pass B or C) while they
share a token with what is left of it. Every span of such a cluster covers all numbers
begin..end (no range span, no gap), so what is left of the alone span is a bit mask of
its tokens. Decisions are added to a Collector as the passes would record them.
"""

from __future__ import annotations

import numpy as np

from .batch import FULL, Side
from .passes import BE_A, BE_B, BE_C, FN, FP, LBE_A, LBE_B, LBE_C, subtypes

WIDEST = 62  # the alone span's tokens are bits of an int64
NONE = np.zeros(0, dtype=np.int64)


def star_clusters(T: Side, S: Side, t, c_t, s, c_s, n: int) -> np.ndarray:  # noqa: ANN001
    """Which of the `n` clusters (ids c_t, c_s of the competing spans t, s) have one span
    on a side, spans of every token number begin..end, and an alone span of at most
    WIDEST tokens."""
    count_t, count_s = np.bincount(c_t, minlength=n), np.bincount(c_s, minlength=n)
    gaps = np.bincount(c_t[T.tokens[t] != FULL], minlength=n)
    gaps += np.bincount(c_s[S.tokens[s] != FULL], minlength=n)
    width = np.full(n, WIDEST + 1)
    alone_t, alone_s = count_t[c_t] == 1, count_s[c_s] == 1
    width[c_t[alone_t]] = T.end[t[alone_t]] - T.begin[t[alone_t]] + 1
    width[c_s[alone_s]] = S.end[s[alone_s]] - S.begin[s[alone_s]] + 1  # the alone span where both are
    return ((count_t == 1) | (count_s == 1)) & (gaps == 0) & (width <= WIDEST)


def decide_stars(T: Side, S: Side, t, c_t, s, c_s, n: int, out) -> None:  # noqa: ANN001
    """The decisions of star clusters (spans t, s with cluster ids c_t, c_s below n)."""
    fan_in = np.zeros(n, dtype=bool)  # the clusters of one system span
    fan_in[c_s[np.bincount(c_s, minlength=n)[c_s] == 1]] = True
    in_t, in_s = fan_in[c_t], fan_in[c_s]
    _one_alone(S, T, s[in_s], c_s[in_s], t[in_t], c_t[in_t], out, alone_is_target=False)
    _one_alone(T, S, t[~in_t], c_t[~in_t], s[~in_s], c_s[~in_s], out, alone_is_target=True)


def _bits(low: np.ndarray, high: np.ndarray, base: np.ndarray) -> np.ndarray:
    """Bits of the token numbers low..high counted from base (0 where low > high)."""
    width = np.maximum(high - low + 1, 0)
    return ((np.int64(1) << width) - 1) << np.maximum(low - base, 0)


def _one_alone(A: Side, O: Side, a, c_a, o, c_o, out, alone_is_target: bool) -> None:  # noqa: ANN001, E741
    """Clusters of one span `a` of side A (one per cluster id c_a) and spans `o` of the
    other side O: the passes of steps 4 and 5, then FN and FP."""
    if not len(a):
        return
    order = np.argsort(c_a)
    a, c_a = a[order], c_a[order]
    order = np.lexsort((o, O.end[o] - O.begin[o], c_o))  # the passes' order: length, then emission
    o, c_o = o[order], c_o[order]
    j = np.searchsorted(c_a, c_o)  # each other span's cluster, as an index into a
    ab, ae, label = A.begin[a][j], A.end[a][j], A.label[a][j]
    ob, oe = O.begin[o], O.end[o]
    overlap = (ob <= ae) & (ab <= oe) & ((ob != ab) | (oe != ae))
    same = O.label[o] == label
    bits = _bits(np.maximum(ob, ab), np.minimum(oe, ae), ab)
    first = np.r_[True, j[1:] != j[:-1]]
    rank = np.arange(len(o)) - np.flatnonzero(first)[np.cumsum(first) - 1]
    left = _bits(A.begin[a], A.end[a], A.begin[a])  # what is left of each alone span
    shared = np.minimum(oe, ae) - np.maximum(ob, ab) + 1
    best = (rank, oe - ob, (oe - ob + 1) - shared, -shared, j) if alone_is_target else (rank, j)
    decide = _Decide(out, a, o, j, alone_is_target, A, O)
    pass_a = _Pass(j, rank, overlap, bits, left, np.zeros(len(a), dtype=bool), np.zeros(len(o), dtype=bool))
    for relation, same_label, phases in (
        (same, True, (BE_A, BE_B, BE_C)),
        (~same, False, (LBE_A, LBE_B, LBE_C)),
    ):
        if relation.any():
            decide.add(phases[0], pass_a.first(relation, best), same_label)
            for chosen in pass_a.again(relation):
                decide.add(phases[2] if alone_is_target else phases[1], chosen, same_label)
    decide.leftovers(~pass_a.used, ~pass_a.taken)


class _Pass:
    """What the passes have done so far in clusters of one alone span: which alone spans
    are used, which other spans taken, what is left of each alone span's tokens."""

    def __init__(self, j, rank, overlap, bits, left, used, taken) -> None:  # noqa: ANN001
        self.j, self.rank, self.overlap, self.bits = j, rank, overlap, bits
        self.left, self.used, self.taken = left, used, taken

    def first(self, relation: np.ndarray, best: tuple[np.ndarray, ...]) -> np.ndarray:
        """Pass A: each alone span not used yet is paired with the related span that
        comes first by `best`."""
        j = self.j
        chosen = _first_per_cluster(np.flatnonzero(relation & self.overlap & ~self.used[j]), best, j)
        self._take(chosen)
        return chosen

    def again(self, relation: np.ndarray):  # noqa: ANN201 - an iterator of index arrays
        """Pass B or C: the related spans not taken, in the passes' order, each take a
        used alone span again while they share a token with what is left of it."""
        j = self.j
        for k in range(int(self.rank.max()) + 1):
            at = np.flatnonzero((self.rank == k) & relation & self.overlap & ~self.taken & self.used[j])
            at = at[(self.bits[at] & self.left[j[at]]) != 0]
            self._take(at)
            yield at

    def _take(self, chosen: np.ndarray) -> None:
        self.taken[chosen] = True
        self.used[self.j[chosen]] = True
        self.left[self.j[chosen]] &= ~self.bits[chosen]


def _first_per_cluster(candidates: np.ndarray, keys: tuple[np.ndarray, ...], j: np.ndarray) -> np.ndarray:
    """The candidate that comes first by `keys` (last key first) in each cluster."""
    if not len(candidates):
        return candidates
    ordered = candidates[np.lexsort(tuple(key[candidates] for key in keys))]
    return ordered[np.r_[True, j[ordered[1:]] != j[ordered[:-1]]]]


class _Decide:
    """Decisions about pairs (alone span, other span) added to a Collector."""

    def __init__(self, out, a, o, j, alone_is_target: bool, A: Side, O: Side) -> None:  # noqa: ANN001, E741
        self.out, self.a, self.o, self.j = out, a, o, j
        self.alone_is_target = alone_is_target
        self.A, self.O = A, O

    def add(self, phase: int, chosen: np.ndarray, with_subtype: bool) -> None:
        if not len(chosen):
            return
        alone, other = self.a[self.j[chosen]], self.o[chosen]
        t, s = (alone, other) if self.alone_is_target else (other, alone)
        T, S = (self.A, self.O) if self.alone_is_target else (self.O, self.A)
        kinds = subtypes(T.begin[t], T.end[t], S.begin[s], S.end[s]) if with_subtype else 0
        self.out.add(phase, t, s, kinds)

    def leftovers(self, alone: np.ndarray, other: np.ndarray) -> None:
        """FN for the targets left, FP for the system spans left."""
        targets, systems = (self.a[alone], self.o[other])
        if not self.alone_is_target:
            targets, systems = systems, targets
        self.out.add(FN, targets, NONE)
        self.out.add(FP, NONE, systems)
