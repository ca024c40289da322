"""The token coefficients on whole arrays of category codes, as their references define
them: the oracles the tests hold the engine's sums (engine/agreement/coding.py, which
measures from sums added up over documents) and the reference packages against."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from engine.agreement.coding import (
    Figure,
    FleissSums,
    KrippSums,
    by_chance,
    cohen_from_counts,
    fleiss_from_sums,
    krippendorff_from_sums,
)


def cohen_confusion(a: np.ndarray, b: np.ndarray, categories: int) -> np.ndarray:
    """The categories × categories confusion matrix of two annotators' codes."""
    flat = np.bincount(a.astype(np.int64) * categories + b, minlength=categories * categories)
    return flat.reshape(categories, categories).astype(np.float64)


def cohen_from_confusion(confusion: np.ndarray) -> Figure:
    """Cohen's κ from a confusion matrix (scikit-learn's formula)."""
    table = confusion.astype(np.int64)
    agreeing = int(np.trace(table))
    return cohen_from_counts(int(table.sum()), agreeing, by_chance(table.sum(axis=1), table.sum(axis=0)))


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


def krippendorff_alpha(codes: Sequence[np.ndarray], categories: int) -> Figure:
    """Krippendorff's α (nominal) of annotators × tokens; code −1 is a missing value."""
    return krippendorff_from_sums([krippendorff_sums(codes, categories)], categories, len(codes))
