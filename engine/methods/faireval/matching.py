"""FairEval's decisions for every sentence of a file pair at once (specs/faireval.md §3).

Steps 1 (TP) and 2 (LE) by sorting on identity and on bounds; steps 3–6 by clusters of
intersecting spans: a cluster holding spans of one side only is all FN or FP, one target
with one system span is one BE or LBE, and only clusters where spans compete for partners
go through the original's passes span by span (passes.py). The result is one array per
column of decisions (phase, subtype, target index, system index).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ...rowkeys import group_ids, stacked_row_keys
from .batch import RANGE, Codes, Side
from .grouping import clusters, rank_within
from .passes import BE_A, FN, FP, LBE_A, LE, TP, RangeError, Record, SentenceComparison, Work, subtypes
from .stars import decide_stars, star_clusters


@dataclass
class Decisions:
    """What happened to each span: phase (passes.TP … FP), BE subtype, the spans involved."""

    phase: np.ndarray
    subtype: np.ndarray
    target: np.ndarray  # index into the target side, -1 for an FP
    system: np.ndarray  # index into the system side, -1 for an FN
    traditional_tp: np.ndarray  # per target: an identical system span exists (§3.2)
    traditional_fp: np.ndarray  # per system span: no identical target exists


class Collector:
    """Decisions gathered step by step as arrays."""

    def __init__(self) -> None:
        self.parts: list[tuple[np.ndarray, ...]] = []

    def add(self, phase, targets: np.ndarray, systems: np.ndarray, subtype=0) -> None:
        n = max(len(targets), len(systems))
        if n == 0:
            return
        column = np.full(n, -1, dtype=np.int64)
        t = targets if len(targets) else column
        s = systems if len(systems) else column
        phases = np.broadcast_to(np.asarray(phase, dtype=np.int64), (n,))
        subtypes = np.broadcast_to(np.asarray(subtype, dtype=np.int64), (n,))
        self.parts.append((phases, subtypes, t, s))

    def add_records(self, records: list[Record]) -> None:
        if records:
            table = np.array(records, dtype=np.int64)
            self.parts.append(tuple(np.ascontiguousarray(table[:, j]) for j in range(4)))

    def columns(self) -> list[np.ndarray]:
        if not self.parts:
            return [np.zeros(0, dtype=np.int64) for _ in range(4)]
        return [np.concatenate(column) for column in zip(*self.parts, strict=True)]


def decide(
    T: Side, S: Side, codes: Codes, range_error: RangeError, tick: Callable[[], None] = lambda: None
) -> Decisions:
    """Every decision of the traditional and fair evaluations of two sides; `tick` is
    called between the steps (a cancellation point)."""
    out = Collector()
    traditional_tp, traditional_fp, rest_t, rest_s = _true_positives(T, S, out)
    tick()
    rest_t, rest_s = _label_errors(T, S, rest_t, rest_s, out)
    tick()
    _boundaries(T, S, rest_t, rest_s, codes, out, range_error)
    phase, subtype, target, system = out.columns()
    return Decisions(phase, subtype, target, system, traditional_tp, traditional_fp)


def _identity(side: Side) -> tuple[np.ndarray, ...]:
    return (side.sentence, side.label, side.begin, side.end, side.tokens)


def _identity_keys(T: Side, S: Side) -> np.ndarray:
    """One whole number per span, targets then system spans, equal exactly for identical
    spans (§2.8)."""
    return stacked_row_keys(_identity(T), _identity(S))


def _pair_by_rank(indices: np.ndarray, groups: np.ndarray, ranks: np.ndarray) -> np.ndarray:
    """Indices ordered by (group, rank): the k-th of a group meets the other side's k-th."""
    return indices[np.lexsort((ranks, groups))]


def _true_positives(T: Side, S: Side, out: Collector):
    """Traditional TP/FN/FP by membership; step 1: per identical span min(#T, #S) TPs,
    the first targets with the first system spans."""
    n_t = len(T)
    keys = _identity_keys(T, S)
    order = np.argsort(keys, kind="stable")  # a group of identical spans: its targets first
    ordered = keys[order]
    new = np.ones(len(order), dtype=bool)
    new[1:] = ordered[1:] != ordered[:-1]
    starts = np.flatnonzero(new)
    group = np.cumsum(new) - 1
    is_t = order < n_t
    in_t = np.add.reduceat(is_t, starts, dtype=np.int64) if len(starts) else starts
    in_s = np.diff(np.append(starts, len(order))) - in_t
    offset = np.arange(len(order)) - starts[group]  # targets at 0..in_t-1, then the system spans
    pairs = np.minimum(in_t, in_s)[group]
    first_t = in_t[group]
    matched_t = order[offset < pairs]
    matched_s = order[(offset >= first_t) & (offset < first_t + pairs)] - n_t
    out.add(TP, matched_t, matched_s)
    traditional = np.empty(len(order), dtype=bool)  # TP for a target, FP for a system span
    traditional[order] = np.where(is_t, (in_s > 0)[group], (in_t == 0)[group])
    return traditional[:n_t], traditional[n_t:], _rest(n_t, matched_t), _rest(len(S), matched_s)


def _rest(n: int, taken: np.ndarray) -> np.ndarray:
    """The indices 0..n-1 not taken, in order."""
    left = np.ones(n, dtype=bool)
    left[taken] = False
    return np.flatnonzero(left)


def _label_errors(T: Side, S: Side, rest_t: np.ndarray, rest_s: np.ndarray, out: Collector):
    """Step 2: each target, in order, takes the first remaining system span with its
    bounds and another label. Returns the spans left on both sides."""
    if not len(rest_t) or not len(rest_s):
        return rest_t, rest_s
    columns = (T.sentence, T.begin, T.end), (S.sentence, S.begin, S.end)
    ids = group_ids(*(np.concatenate((a[rest_t], b[rest_s])) for a, b in zip(*columns, strict=True)))
    n_groups = int(ids.max()) + 1
    g_t, g_s = ids[: len(rest_t)], ids[len(rest_t) :]
    labels_t, labels_s = T.label[rest_t], S.label[rest_s]
    low = np.full(n_groups, np.iinfo(np.int64).max)
    high = np.full(n_groups, -1)
    np.minimum.at(low, g_t, labels_t)
    np.maximum.at(high, g_t, labels_t)
    mixed = (high >= 0) & (low != high)  # targets with several labels compete: one by one
    simple_t = ~mixed[g_t]
    eligible = (high[g_s] >= 0) & ~mixed[g_s] & (labels_s != low[g_s])
    t, gt = rest_t[simple_t], g_t[simple_t]
    s, gs = rest_s[eligible], g_s[eligible]
    rank_t, rank_s = rank_within(gt), rank_within(gs)
    take_t = rank_t < np.bincount(gs, minlength=n_groups)[gt]
    take_s = rank_s < np.bincount(gt, minlength=n_groups)[gs]
    pairs_t = _pair_by_rank(t[take_t], gt[take_t], rank_t[take_t])
    pairs_s = _pair_by_rank(s[take_s], gs[take_s], rank_s[take_s])
    if mixed.any():
        in_mixed = mixed[g_s]
        more_t, more_s = _mixed_label_errors(
            T, S, rest_t[~simple_t], g_t[~simple_t], rest_s[in_mixed], g_s[in_mixed]
        )
        pairs_t, pairs_s = np.concatenate((pairs_t, more_t)), np.concatenate((pairs_s, more_s))
    out.add(LE, pairs_t, pairs_s)
    used_t = np.isin(rest_t, pairs_t, assume_unique=True)
    used_s = np.isin(rest_s, pairs_s, assume_unique=True)
    return rest_t[~used_t], rest_s[~used_s]


def _mixed_label_errors(T: Side, S: Side, targets, target_groups, systems, system_groups):
    """Step 2 one target at a time, in groups whose targets carry different labels."""
    waiting: dict[int, list[int]] = {}
    for index, group in zip(systems.tolist(), system_groups.tolist(), strict=True):
        waiting.setdefault(group, []).append(index)
    pairs_t, pairs_s = [], []
    system_label = dict(zip(systems.tolist(), S.label[systems].tolist(), strict=True))
    for t, group, label in zip(
        targets.tolist(), target_groups.tolist(), T.label[targets].tolist(), strict=True
    ):
        queue = waiting.get(group, [])
        for k, s in enumerate(queue):
            if system_label[s] != label:
                pairs_t.append(t)
                pairs_s.append(queue.pop(k))
                break
    return np.array(pairs_t, dtype=np.int64), np.array(pairs_s, dtype=np.int64)


PAIR_LIMIT = 64  # clusters with at most this many (target, system) pairs are looked at in bulk


def _boundaries(T: Side, S: Side, rest_t, rest_s, codes: Codes, out: Collector, range_error) -> None:
    """Steps 3–6 over clusters of intersecting spans: a cluster of one side is all FN or
    FP; in a cluster where no span overlaps two of the other side, each overlapping pair
    is one BE or LBE (step 4 or 5, pass A) and the rest FN and FP; the other clusters
    go through the original's passes."""
    n_t = len(rest_t)
    sentence = np.concatenate((T.sentence[rest_t], S.sentence[rest_s]))
    ids = clusters(sentence, np.concatenate((T.begin[rest_t], S.begin[rest_s])),
                   np.concatenate((T.end[rest_t], S.end[rest_s])))  # fmt: skip
    n_clusters = int(ids.max()) + 1 if len(ids) else 0
    c_t, c_s = ids[:n_t], ids[n_t:]
    count_t = np.bincount(c_t, minlength=n_clusters)
    count_s = np.bincount(c_s, minlength=n_clusters)
    both = (count_t > 0) & (count_s > 0)
    out.add(FN, rest_t[~both[c_t]], np.zeros(0, dtype=np.int64))
    out.add(FP, np.zeros(0, dtype=np.int64), rest_s[~both[c_s]])
    small = both & (count_t * count_s <= PAIR_LIMIT)
    t, s, cluster = _pairs(rest_t[small[c_t]], c_t[small[c_t]], rest_s[small[c_s]], c_s[small[c_s]], count_s)
    edge = (T.begin[t] <= S.end[s]) & (S.begin[s] <= T.end[t])
    edge &= (T.begin[t] != S.begin[s]) | (T.end[t] != S.end[s])
    t, s, cluster = t[edge], s[edge], cluster[edge]
    degree_t = np.bincount(t, minlength=len(T))
    degree_s = np.bincount(s, minlength=len(S))
    ranged = (T.tokens[t] == RANGE) | (S.tokens[s] == RANGE)
    competing = both & ~small
    competing[cluster[(degree_t[t] > 1) | (degree_s[s] > 1) | ranged]] = True
    decided = ~competing[cluster]
    t, s = t[decided], s[decided]
    same = T.label[t] == S.label[s]
    kinds = subtypes(T.begin[t], T.end[t], S.begin[s], S.end[s])
    out.add(BE_A, t[same], s[same], kinds[same])
    out.add(LBE_A, t[~same], s[~same])
    alone_t = small[c_t] & ~competing[c_t] & (degree_t[rest_t] == 0)
    alone_s = small[c_s] & ~competing[c_s] & (degree_s[rest_s] == 0)
    out.add(FN, rest_t[alone_t], np.zeros(0, dtype=np.int64))
    out.add(FP, np.zeros(0, dtype=np.int64), rest_s[alone_s])
    _competing(T, S, rest_t, rest_s, c_t, c_s, competing, codes, out, range_error)


def _pairs(t: np.ndarray, c_t: np.ndarray, s: np.ndarray, c_s: np.ndarray, count_s: np.ndarray):
    """Every (target, system span) pair within each cluster, with the pair's cluster."""
    order_s = np.argsort(c_s, kind="stable")
    s, c_s = s[order_s], c_s[order_s]
    first_s = np.searchsorted(c_s, c_t)  # where each target's cluster begins among the systems
    repeats = count_s[c_t]
    total = int(repeats.sum())
    starts = np.repeat(np.cumsum(repeats) - repeats, repeats)
    within = np.arange(total) - starts
    return np.repeat(t, repeats), s[np.repeat(first_s, repeats) + within], np.repeat(c_t, repeats)


def _competing(T, S, rest_t, rest_s, c_t, c_s, competing, codes: Codes, out: Collector, range_error) -> None:
    """The clusters whose spans compete: those of one span on a side on arrays
    (stars.py), the others through the original's passes, in sentence order. A sentence
    where a range span competes goes through as a whole, so that the span the original
    stops at is the one reported (§3.6)."""
    keep_t, keep_s = competing[c_t], competing[c_s]
    t, s = rest_t[keep_t], rest_s[keep_s]
    unit_t, unit_s = c_t[keep_t], c_s[keep_s]
    star = star_clusters(T, S, t, unit_t, s, unit_s, len(competing))
    star_t, star_s = star[unit_t], star[unit_s]
    decide_stars(T, S, t[star_t], unit_t[star_t], s[star_s], unit_s[star_s], len(star), out)
    t, s, unit_t, unit_s = t[~star_t], s[~star_s], unit_t[~star_t], unit_s[~star_s]
    ranged = np.concatenate((T.sentence[t[T.tokens[t] == RANGE]], S.sentence[s[S.tokens[s] == RANGE]]))
    if len(ranged):  # every competing cluster of such a sentence becomes its first one
        first = np.full(int(T.sentence.max()) + 1, np.iinfo(np.int64).max)
        np.minimum.at(first, T.sentence[t], unit_t)
        whole_t, whole_s = np.isin(T.sentence[t], ranged), np.isin(S.sentence[s], ranged)
        unit_t = np.where(whole_t, first[T.sentence[t]], unit_t)
        unit_s = np.where(whole_s, first[S.sentence[s]], unit_s)
    records: list[Record] = []
    comparison = SentenceComparison(records, range_error, any_range=bool(len(ranged)))
    for targets, systems in zip(_works(T, 0, t, unit_t, codes), _works(S, 1, s, unit_s, codes), strict=True):
        comparison.run(targets, systems)
    out.add_records(records)


def _works(side: Side, number: int, chosen: np.ndarray, units: np.ndarray, codes: Codes) -> list[list[Work]]:
    """The Works of the chosen spans of a side, a list per unit in the order of the units,
    each list in the passes' order: by length, then in emission order (§3.3)."""
    order = np.lexsort((side.end[chosen] - side.begin[chosen], units))
    chosen = chosen[order]
    columns = (side.label, side.begin, side.end, side.tokens, side.line)
    label, begin, end, tokens, line = (column[chosen].tolist() for column in columns)
    token_set = codes.token_set
    works = [
        Work(lab, b, e, token_set(code, b, e), code == RANGE, number, i, n)
        for lab, b, e, code, i, n in zip(label, begin, end, tokens, chosen.tolist(), line, strict=True)
    ]
    ordered = units[order]
    bounds = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1], True]).tolist()
    return [works[a:b] for a, b in zip(bounds[:-1], bounds[1:], strict=True)]
