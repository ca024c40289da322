"""Krippendorff's unitizing alpha (αu) with DKPro Statistics' numbers, from sorted units.

DKPro Statistics (`KrippendorffAlphaUnitizingAgreement`, the figure INCEpTION shows)
sweeps the continuum once per pair of raters and, for the expected disagreement, compares
every unit with every gap: quadratic. The same sums come from sorted arrays here:

* observed, one pair of raters and one label: every two overlapping units add
  (Δbegin)² + (Δend)², every unit that overlaps no unit of the other rater (it lies in a
  gap of the other) adds its length²; DKPro's D_O(c) = 2·Σpairs / (R·(R−1)·L²);
* expected, one label: D_E(c) = 2/L · Σ_units [(N_c−1)·(2l³−3l²+l)/3 + l²·Σ_{gaps g ≥ l}
  (g−l+1)] / (R·L·(R·L−1) − Σ_units l·(l−1)), the inner sum from prefix sums over the
  sorted gap lengths, grouped by unit length; DKPro's rounding kept exactly (the first
  term is a double divided by 3 in 34 digits, the rest BigDecimal: `decimal` here);
* αu(c) = 1 − D_O/D_E, and 0.0 where D_O == D_E (DKPro's rule); overall
  1 − mean D_O / mean D_E over the labels (summed in code-point order of the labels).

Units of one rater and one label must not overlap (DKPro's own requirement: its sweep
goes backwards over such units and its value means nothing); there αu is undefined with
the reason. Undefined values are None with a reason, where DKPro gives NaN (no unit at
all) or 0.0 only because both disagreements are 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Context, Decimal
from functools import lru_cache

import numpy as np

from ..rowkeys import ranges

_DECIMAL128 = Context(prec=34, rounding=ROUND_HALF_EVEN)  # Java's MathContext.DECIMAL128
_EXACT = Context(prec=400)  # BigDecimal's add and multiply are exact: ample digits


@dataclass(frozen=True)
class Units:
    """One rater's units of one label on a continuum: sorted half-open [start, end)."""

    starts: np.ndarray
    ends: np.ndarray

    @property
    def lengths(self) -> np.ndarray:
        return self.ends - self.starts

    def overlapping(self) -> bool:
        """Whether two of the units overlap (DKPro's αu assumes they never do)."""
        return bool(np.any(self.starts[1:] < self.ends[:-1]))


EMPTY = Units(np.zeros(0, np.int64), np.zeros(0, np.int64))


@dataclass(frozen=True)
class AlphaU:
    """αu with its observed and expected disagreement; value None (with reason) when undefined."""

    value: float | None
    observed: float | None
    expected: float | None
    reason: str = ""


def make_units(starts: np.ndarray, ends: np.ndarray) -> Units:
    """Units from unsorted ranges, sorted by (start, end), each once (empty ones left out)."""
    keep = ends > starts
    starts, ends = starts[keep].astype(np.int64), ends[keep].astype(np.int64)
    order = np.lexsort((ends, starts))
    starts, ends = starts[order], ends[order]
    new = np.ones(len(starts), dtype=bool)
    new[1:] = (starts[1:] != starts[:-1]) | (ends[1:] != ends[:-1])
    return Units(starts[new], ends[new])


def _between(units: Units, other: Units) -> tuple[np.ndarray, np.ndarray]:
    """For each unit, the index range [lo, hi) of the other rater's units it overlaps."""
    lo = np.searchsorted(other.ends, units.starts, side="right")
    hi = np.searchsorted(other.starts, units.ends, side="left")
    return lo, np.maximum(hi, lo)


def _by_part(values: np.ndarray, parts: np.ndarray, n_parts: int) -> np.ndarray:
    """Sums of `values` per part (parts sorted), in exact integers."""
    running = np.concatenate(([0], np.cumsum(values, dtype=np.int64)))
    edges = np.searchsorted(parts, np.arange(n_parts + 1), side="left")
    return running[edges[1:]] - running[edges[:-1]]


def pair_sums(a: Units, b: Units, a_part: np.ndarray, b_part: np.ndarray, n_parts: int) -> np.ndarray:
    """What DKPro's sweep adds up for two raters and one label (before 2/(R(R−1)L²)), for
    each part of the continuum (a document): units are given in one sorted continuum with
    the part of each (no unit crosses parts). Every two overlapping units add (Δbegin)² +
    (Δend)², every unit overlapping none of the other rater's adds length²."""
    lo, hi = _between(a, b)
    b_lo, b_hi = _between(b, a)
    alone_a, alone_b = a.lengths[hi == lo], b.lengths[b_hi == b_lo]
    total = _by_part(alone_a * alone_a, a_part[hi == lo], n_parts)
    total += _by_part(alone_b * alone_b, b_part[b_hi == b_lo], n_parts)
    counts = hi - lo
    if counts.any():
        ia = np.repeat(np.arange(len(counts)), counts)
        ib = ranges(lo, counts)
        begin, end = a.starts[ia] - b.starts[ib], a.ends[ia] - b.ends[ib]
        total += _by_part(begin * begin + end * end, a_part[ia], n_parts)
    return total


def pair_sum(a: Units, b: Units) -> int:
    """pair_sums on one continuum."""
    return int(pair_sums(a, b, np.zeros(len(a.starts), np.int64), np.zeros(len(b.starts), np.int64), 1)[0])


def gaps(units: Units, begin: int, length: int) -> np.ndarray:
    """The lengths of the stretches of the continuum no unit covers (none of length 0)."""
    bounds_start = np.concatenate(([begin], units.ends))
    bounds_end = np.concatenate((units.starts, [begin + length]))
    found = bounds_end - bounds_start
    return found[found > 0]


def observed(pair_total: int, raters: int, length: int) -> float:
    """DKPro's D_O of one label from the sum over all pairs of raters."""
    return float(pair_total) * 2.0 / float(raters * (raters - 1) * (length * length))


@dataclass(frozen=True)
class Summary:
    """One rater's units of one label on a continuum, as D_E needs them: the distinct unit
    lengths with their counts, the sorted gap lengths with their suffix sums, and sums over
    the units: Σ l(l−1)(2l−1)/3 (a whole number), Σ l(l−1), the longest."""

    lengths: np.ndarray
    counts: np.ndarray
    gaps: np.ndarray
    suffix: np.ndarray
    units: int
    thirds: int
    squared: int
    longest: int


def summarise(units: Units, length: int) -> Summary:
    histogram = np.bincount(units.lengths)
    distinct = np.flatnonzero(histogram)
    counts = histogram[distinct]
    ordered = np.sort(gaps(units, 0, length))
    suffix = np.concatenate((np.cumsum(ordered[::-1])[::-1], [0]))
    ls, cs = distinct.tolist(), counts.tolist()
    thirds = sum(c * (l * (l - 1) * (2 * l - 1) // 3) for l, c in zip(ls, cs, strict=True))
    squared = sum(c * l * (l - 1) for l, c in zip(ls, cs, strict=True))
    return Summary(distinct, counts, ordered, suffix, sum(cs), thirds, squared, ls[-1] if ls else 0)


def cross(units_of: Summary, gaps_of: Summary) -> int:
    """Σ over the units of one rater of l²·Σ_{gaps g ≥ l of another (or the same)} (g − l + 1)."""
    if not len(units_of.lengths):
        return 0
    first = np.searchsorted(gaps_of.gaps, units_of.lengths, side="left")
    reach = gaps_of.suffix[first] - (units_of.lengths - 1) * (len(gaps_of.gaps) - first)
    weights = units_of.lengths * units_of.lengths * units_of.counts
    return sum(w * r for w, r in zip(weights.tolist(), reach.tolist(), strict=True))


def _thirds(summaries: Sequence[Summary], n_units: int) -> tuple[int, Decimal]:
    """Σ over every unit of (N_c−1)·(2l³−3l²+l) computed in doubles as DKPro does, each
    divided by 3 in 34 digits. While every double on the way stays below 2⁵³ they are
    exact and each third is a whole number (l(l−1)(2l−1) is a multiple of 6): then the sum
    is (N_c−1)·Σ l(l−1)(2l−1)/3. Otherwise each length's double, as Java rounds it, is
    divided in 34 digits. Returned as (whole part, the rounded thirds)."""
    if thirds_fit(max((s.longest for s in summaries), default=0), n_units):
        return (n_units - 1) * sum(s.thirds for s in summaries), Decimal(0)
    whole_sum, rounded = 0, Decimal(0)
    for summary in summaries:
        ls = summary.lengths.astype(np.float64)
        cubic = (n_units - 1.0) * (2.0 * ls * ls * ls - 3.0 * ls * ls + ls)
        for value, count in zip(cubic.tolist(), summary.counts.tolist(), strict=True):
            whole = int(value)
            if whole % 3 == 0:
                whole_sum += whole // 3 * count
            else:
                third = _DECIMAL128.divide(Decimal(value), Decimal(3))
                rounded = _EXACT.add(rounded, _EXACT.multiply(third, Decimal(count)))
    return whole_sum, rounded


def expected(
    summaries: Sequence[Summary], length: int, crossed: dict[tuple[int, int], int] | None = None
) -> float:
    """DKPro's D_E of one label from its raters' summaries (`crossed`: cross() of each two
    of them by index, where computed already), with DKPro's rounding."""
    raters = len(summaries)
    n_units = sum(s.units for s in summaries)
    whole, rounded = _thirds(summaries, n_units)
    for i, a in enumerate(summaries):
        for j, b in enumerate(summaries):
            whole += crossed[(i, j)] if crossed is not None else cross(a, b)
    return expected_of(whole, rounded, sum(s.squared for s in summaries), raters, length)


def expected_of(whole: int, rounded: Decimal, squared: int, raters: int, length: int) -> float:
    """DKPro's D_E from its sums: the whole and rounded parts of Σ over the units (_thirds
    plus the cross sums), Σ l(l−1) over the units, the raters and the continuum's length."""
    total = _EXACT.add(Decimal(whole), rounded)
    result = _EXACT.multiply(total, _two_by(length))
    denominator = Decimal(raters * length * (raters * length - 1) - squared)
    return float(_DECIMAL128.divide(result, denominator))


@lru_cache(maxsize=1024)
def _two_by(length: int) -> Decimal:
    """2 / length in 34 digits (DKPro's BigDecimal.divide with DECIMAL128)."""
    return _DECIMAL128.divide(Decimal(2), Decimal(length))


def thirds_fit(longest: int, n_units: int) -> bool:
    """Whether _thirds may take its whole-number sum (every double on the way below 2⁵³)."""
    return 2 * longest**3 < 2**53 and (n_units - 1) * (2 * longest**3) < 2**53


def ratio(observed_value: float, expected_value: float) -> AlphaU:
    """1 − D_O/D_E (0.0 where they are equal, as DKPro); undefined where both are 0."""
    if observed_value == 0.0 and expected_value == 0.0:
        reason = "observed and expected disagreement are both 0 (DKPro says 0.0)"
        return AlphaU(None, observed_value, expected_value, reason)
    value = 0.0 if observed_value == expected_value else 1.0 - observed_value / expected_value
    return AlphaU(value, observed_value, expected_value)


def overall(per_label: dict[str, AlphaU]) -> AlphaU:
    """αu over the labels: 1 − mean D_O / mean D_E, summed in the order of `per_label`."""
    if not per_label:
        return undefined("no annotator marked a span (DKPro says NaN)")
    broken = next((v for v in per_label.values() if v.observed is None), None)
    if broken is not None:
        return undefined(broken.reason)
    observed_sum = expected_sum = 0.0
    for value in per_label.values():
        observed_sum += value.observed or 0.0
        expected_sum += value.expected or 0.0
    return ratio(observed_sum / len(per_label), expected_sum / len(per_label))


def label_alpha(
    summaries: Sequence[Summary],
    length: int,
    pair_total: int,
    crossed: dict[tuple[int, int], int] | None = None,
) -> AlphaU:
    """αu of one label from its raters' summaries on a continuum [0, length) and the sum
    over each two raters (pair_sum)."""
    if len(summaries) < 2:
        return undefined("fewer than two annotators")
    if length <= 0:
        return undefined("the text has no tokens")
    return ratio(observed(pair_total, len(summaries), length), expected(summaries, length, crossed))


def study(
    raters: Sequence[dict[str, Units]], labels: Sequence[str], length: int
) -> tuple[AlphaU, dict[str, AlphaU]]:
    """αu overall and per label of a study: for each rater its units by label on [0,
    length); `labels` in the order DKPro sums them (code-point order)."""
    if len(raters) < 2:
        return undefined("fewer than two annotators"), {}
    present = [c for c in labels if any(len(r.get(c, EMPTY).starts) for r in raters)]
    per_label = {}
    for c in present:
        units = [r.get(c, EMPTY) for r in raters]
        overlapping = next((i for i, u in enumerate(units) if u.overlapping()), None)
        if overlapping is None:
            total = sum(
                pair_sum(units[i], units[j]) for i in range(len(units)) for j in range(i + 1, len(units))
            )
            per_label[c] = label_alpha([summarise(u, length) for u in units], length, total)
        else:
            per_label[c] = undefined(f"annotator {overlapping + 1} has overlapping spans labelled {c}")
    return overall(per_label), per_label


def undefined(reason: str) -> AlphaU:
    return AlphaU(None, None, None, reason)
