"""Precision, recall and F1 from FairEval counts, computed exactly as the original
does (specs/faireval.md §4): a running total per weight, in weight-table order."""

from __future__ import annotations

from .settings import COUNTS, Weights, default_weights

TRADITIONAL_WEIGHTS: Weights = {"TP": {"TP": 1}, "FP": {"FP": 1}, "FN": {"FN": 1}}


def _weighted_totals(counts: dict[str, int], weights: Weights) -> tuple[float, float, float]:
    """TP′, FP′, FN′: one multiplication and one addition per table entry, in order.

    (Never math.fsum or Python ≥ 3.12's compensated sum(): the last bits must match.)
    """
    tp = fp = fn = 0
    for error_type, w in weights.items():
        n = counts.get(error_type, 0) if error_type in COUNTS else 0
        tp = tp + w.get("TP", 0) * n
        fp = fp + w.get("FP", 0) * n
        fn = fn + w.get("FN", 0) * n
    return tp, fp, fn


def _ratio(a: float, b: float) -> float:
    try:
        return a / b
    except ZeroDivisionError:
        return 0.0


def scores(counts: dict[str, int], weights: Weights) -> dict[str, float]:
    """Prec, Rec and F1 of one table row under a weight table."""
    tp, fp, fn = _weighted_totals(counts, weights)
    precision = _ratio(tp, tp + fp)
    recall = _ratio(tp, tp + fn)
    return {"Prec": precision, "Rec": recall, "F1": _ratio(2 * (precision * recall), precision + recall)}


def weights_for(version: str, configured: Weights | None) -> Weights:
    """The weight table behind each evaluation method."""
    if version == "traditional":
        return TRADITIONAL_WEIGHTS
    if version == "fair" or not configured:
        return default_weights()
    return configured


def percent(value: float) -> str:
    """A score as the report prints it: the double times 100, rounded to 2 decimals."""
    return f"{value * 100:04.2f}"
