"""A line-by-line Python port of DKPro Statistics' KrippendorffAlphaUnitizingAgreement
(dkpro/dkpro-statistics, org.dkpro.statistics.agreement.unitizing; Apache-2.0), quadratic
as the original: the tests' reference for engine.agreement.alpha_u on small studies.

A study is (begin, length, raters, units) with units as (offset, length, rater, category)
kept in DKPro's TreeSet order (offset, length, rater); categories in insertion order.
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Context, Decimal

D128 = Context(prec=34, rounding=ROUND_HALF_EVEN)
EXACT = Context(prec=400)


class Study:
    def __init__(self, raters: int, begin: int, length: int) -> None:
        self.raters, self.begin, self.length = raters, begin, length
        self.units: list[tuple[int, int, int, str]] = []
        self.categories: list[str] = []

    def add(self, offset: int, length: int, rater: int, category: str) -> None:
        self.units.append((offset, length, rater, category))
        self.units.sort(key=lambda u: (u[0], u[1], u[2]))
        if category not in self.categories:
            self.categories.append(category)


def _next(it, rater, category):
    for unit in it:
        if category is not None and unit[3] != category:
            continue
        if rater < 0 or unit[2] == rater:
            return unit
    return None


def measure_distance(o1, l1, c1, o2, l2, c2) -> float:
    bd, ld = o1 - o2, l1 - l2
    if c1 is not None and c2 is not None and -l1 < bd < l2:
        return float(bd * bd + (bd + ld) * (bd + ld))
    if c1 is not None and c2 is None and -ld >= bd >= 0:
        return float(l1 * l1)
    if c1 is None and c2 is not None and -ld <= bd <= 0:
        return float(l2 * l2)
    return 0.0


def observed(study: Study, category: str) -> float:
    B, L, R = study.begin, study.length, study.raters
    result = 0.0
    for r1 in range(R):
        for r2 in range(r1 + 1, R):
            it1, it2 = iter(study.units), iter(study.units)
            n1, n2 = _next(it1, r1, category), _next(it2, r2, category)
            o1, l1, o2, l2 = B, 0, B, 0
            c1 = c2 = None
            pos = B
            while pos < B + L and (n1 is not None or n2 is not None):
                if pos == o1 + l1:
                    if n1 is not None and pos == n1[0]:
                        l1, c1 = n1[1], n1[3]
                        n1 = _next(it1, r1, category)
                    else:
                        l1 = (n1[0] if n1 is not None else B + L) - pos
                        c1 = None
                    o1 = pos
                if pos == o2 + l2:
                    if n2 is not None and pos == n2[0]:
                        l2, c2 = n2[1], n2[3]
                        n2 = _next(it2, r2, category)
                    else:
                        l2 = (n2[0] if n2 is not None else B + L) - pos
                        c2 = None
                    o2 = pos
                result += measure_distance(o1, l1, c1, o2, l2, c2)
                pos = min(o1 + l1, o2 + l2)
    result *= 2.0
    result /= float(R * (R - 1) * (L * L))
    return result


def expected(study: Study, category: str) -> float:
    B, L, R = study.begin, study.length, study.raters
    n_c = 0
    squared = Decimal(0)
    for unit in study.units:
        if unit[3] == category:
            n_c += 1
            squared = EXACT.add(squared, EXACT.multiply(Decimal(unit[1]), Decimal(float(unit[1] - 1.0))))
    gaps = []
    for r in range(R):
        it = iter(study.units)
        nxt = _next(it, r, category)
        offset, length, pos = B, 0, B
        while pos < B + L:
            if pos == offset + length:
                if nxt is not None and pos == nxt[0]:
                    length = nxt[1]
                    nxt = _next(it, r, category)
                else:
                    length = (nxt[0] if nxt is not None else B + L) - pos
                    gaps.append(length)
                offset = pos
            pos = offset + length
    gaps.sort(reverse=True)
    result = Decimal(0)
    for unit in study.units:
        if unit[3] != category:
            continue
        l = unit[1]
        x = (n_c - 1.0) * (2.0 * l * l * l - 3.0 * l * l + l)
        sum1 = D128.divide(Decimal(x), Decimal(3))
        sum2 = Decimal(0)
        for gap in gaps:
            if gap >= l:
                sum2 = EXACT.add(sum2, Decimal(float(gap - l + 1.0)))
            else:
                break
        sum2 = EXACT.multiply(sum2, Decimal(l * l))
        result = EXACT.add(EXACT.add(result, sum1), sum2)
    result = EXACT.multiply(result, D128.divide(Decimal(2), Decimal(L)))
    result = D128.divide(result, EXACT.subtract(Decimal(R * L * (R * L - 1)), squared))
    return float(result)


def category_agreement(study: Study, category: str) -> float:
    d_o, d_e = observed(study, category), expected(study, category)
    return 0.0 if d_o == d_e else 1.0 - d_o / d_e


def agreement(study: Study) -> float:
    d_o = d_e = 0.0
    for c in study.categories:
        d_o += observed(study, c)
    d_o /= len(study.categories) if study.categories else float("nan")
    for c in study.categories:
        d_e += expected(study, c)
    d_e /= len(study.categories) if study.categories else float("nan")
    return 0.0 if d_o == d_e else 1.0 - d_o / d_e
