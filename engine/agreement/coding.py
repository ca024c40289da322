"""Agreement on token categories: Cohen's κ (two annotators), Fleiss' κ (the same
annotators on every token), Krippendorff's α nominal (missing values allowed).

They work on integer category codes (numpy arrays) through sums that add up over
documents: a confusion matrix (Cohen), Σ per-token agreement, token count and category
totals (Fleiss), pairable values, coincidences and category totals (Krippendorff). Each
figure is (value, reason), the value None where the coefficient is undefined. The formulas
are those of scikit-learn's cohen_kappa_score, statsmodels' fleiss_kappa and
Krippendorff's coincidence matrix (the `krippendorff` package), checked against them in
the tests.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

Figure = tuple[float | None, str]
FleissSums = tuple[float, int, np.ndarray]  # Σ per-token agreement, tokens, category totals
KrippSums = tuple[int, float, np.ndarray]  # pairable values, Σ coincidences, category totals


def cohen_confusion(a: np.ndarray, b: np.ndarray, categories: int) -> np.ndarray:
    """The categories × categories confusion matrix of two annotators' codes."""
    flat = np.bincount(a.astype(np.int64) * categories + b, minlength=categories * categories)
    return flat.reshape(categories, categories).astype(np.float64)


def cohen_from_confusion(confusion: np.ndarray) -> Figure:
    """Cohen's κ from a confusion matrix (scikit-learn's formula)."""
    table = confusion.astype(np.int64)
    agreeing = int(np.trace(table))
    return cohen_from_counts(int(table.sum()), agreeing, by_chance(table.sum(axis=1), table.sum(axis=0)))


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


def cohen_kappa(a: np.ndarray, b: np.ndarray, categories: int) -> Figure:
    """Cohen's κ of two annotators' codes for the same tokens."""
    return cohen_from_confusion(cohen_confusion(a, b, categories))


def _counts(codes: Sequence[np.ndarray], categories: int) -> np.ndarray:
    """Tokens × categories: how many annotators gave each token each category (code −1:
    missing)."""
    table = np.zeros((len(codes[0]), categories), dtype=np.int64)
    for c in codes:
        present = c >= 0
        table[np.flatnonzero(present), c[present]] += 1
    return table


def fleiss_sums(codes: Sequence[np.ndarray], categories: int) -> FleissSums:
    """Fleiss' sums of annotators' codes for the same tokens (every annotator on every token)."""
    table = _counts(codes, categories)
    raters = len(codes)
    agreement = ((table * table).sum(axis=1) - raters) / (raters * (raters - 1))
    return float(agreement.sum()), table.shape[0], table.sum(axis=0)


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


def fleiss_kappa(codes: Sequence[np.ndarray], categories: int) -> Figure:
    """Fleiss' κ of several annotators' codes for the same tokens (statsmodels refuses
    a token some annotator left unrated: so does this)."""
    if len(codes) < 2:
        return None, "fewer than two annotators"
    if any((c < 0).any() for c in codes):
        return None, "a token some annotator did not rate (Fleiss' κ needs every annotator on every token)"
    return fleiss_from_sums([fleiss_sums(codes, categories)], len(codes))


def krippendorff_sums(codes: Sequence[np.ndarray], categories: int) -> KrippSums:
    """Krippendorff's sums of annotators × tokens (code −1: missing value)."""
    counts = _counts(codes, categories)
    values = counts.sum(axis=1)
    pairable = values >= 2
    counts, values = counts[pairable], values[pairable]
    coincide = float(((counts * (counts - 1)).sum(axis=1) / (values - 1)).sum())
    return int(values.sum()), coincide, counts.sum(axis=0)


def krippendorff_from_sums(parts: Sequence[KrippSums], categories: int) -> Figure:
    """Krippendorff's α (nominal) from the sums of documents."""
    n = sum(p[0] for p in parts)
    if not n:
        return None, "no token that two annotators or more have"
    per_category = sum((p[2] for p in parts), np.zeros(categories, dtype=np.int64))
    if np.count_nonzero(per_category) < 2:
        return None, "fewer than two distinct categories in the tokens two annotators or more have"
    coincide = sum(p[1] for p in parts)
    expected = (n * n - float((per_category * per_category).sum())) / (n - 1)
    return float(1 - (n - coincide) / expected), ""


def krippendorff_alpha(codes: Sequence[np.ndarray], categories: int) -> Figure:
    """Krippendorff's α (nominal) of annotators × tokens; code −1 is a missing value."""
    if len(codes) < 2:
        return None, "fewer than two annotators"
    return krippendorff_from_sums([krippendorff_sums(codes, categories)], categories)
