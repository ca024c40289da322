"""Agreement on token categories: Cohen's κ (two annotators), Fleiss' κ (the same
annotators on every token), Krippendorff's α nominal (missing values allowed).

Each is figured from sums that add up over documents (token_tables.py counts them): token
count, tokens agreed on and category totals (Cohen), Σ per-token agreement, token count and
category totals (Fleiss), pairable values, coincidences and category totals (Krippendorff).
Each figure is (value, reason), the value None where the coefficient is undefined. The
formulas are those of scikit-learn's cohen_kappa_score, statsmodels' fleiss_kappa and
Krippendorff's coincidence matrix (the `krippendorff` package), checked against them in
the tests (their versions on whole arrays of codes: tests/engine/coding_oracle.py).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

Figure = tuple[float | None, str]
FleissSums = tuple[float, int, np.ndarray]  # Σ per-token agreement, tokens, category totals
KrippSums = tuple[int, float, np.ndarray]  # pairable values, Σ coincidences, category totals


def by_chance(rows: np.ndarray, columns: np.ndarray) -> int:
    """Σ over the categories of one annotator's total times the other's."""
    return int(np.dot(rows.astype(np.int64), columns.astype(np.int64)))


def cohen_from_counts(total: int, agreeing: int, chance: int) -> Figure:
    """Cohen's κ from the token count, the tokens given one category by both, and
    by_chance of the two annotators' category totals: scikit-learn's 1 − Σ off-diagonal
    observed / Σ off-diagonal expected, whose sums are total − agreeing and (total² −
    chance) / total; in whole numbers up to the one division."""
    if total == 0:
        return None, "no token in common"
    denominator = total * total - chance
    if denominator == 0:
        return None, "both annotators gave every token one and the same category"
    return 1.0 - (total - agreeing) * total / denominator, ""


def fleiss_from_sums(parts: Sequence[FleissSums], raters: int) -> Figure:
    """Fleiss' κ (statsmodels' formula) from the sums of documents rated by `raters` annotators."""
    if raters < 2:
        return None, "fewer than two annotators"
    items = sum(p[1] for p in parts)
    if not items:
        return None, "no token every annotator has"
    p = sum(part[2] for part in parts) / (items * raters)
    chance = float((p * p).sum())
    if chance == 1:
        return None, "every annotator gave every token the same category"
    mean = sum(part[0] for part in parts) / items
    return float((mean - chance) / (1 - chance)), ""


def krippendorff_from_sums(parts: Sequence[KrippSums], categories: int, raters: int) -> Figure:
    """Krippendorff's α (nominal) from the sums of documents rated by `raters` annotators."""
    if raters < 2:
        return None, "fewer than two annotators"
    n = sum(p[0] for p in parts)
    if not n:
        return None, "no token that two annotators or more have"
    per_category = sum((p[2] for p in parts), np.zeros(categories, dtype=np.int64))
    if np.count_nonzero(per_category) < 2:
        return None, "fewer than two distinct categories in the tokens two annotators or more have"
    coincide = sum(p[1] for p in parts)
    expected = (n * n - float((per_category * per_category).sum())) / (n - 1)
    return float(1 - (n - coincide) / expected), ""
