"""One scale for scores: percent (default) or fraction, whatever scale a method's original
printed them on. A table says which scale its scores are on (Table.scale); the score
columns are the precision, recall and F1 columns. The original tools' own files and
console output keep their own scale: this is for the app and the review workbook."""

from __future__ import annotations

import numbers
from typing import Any

PERCENT, FRACTION = "percent", "fraction"
SCALES: tuple[str, ...] = (PERCENT, FRACTION)
DEFAULT_SCALE = PERCENT

#: Column names of scores (case-insensitive), alone or as the end of a name (inputs_recall).
SCORE_WORDS = frozenset(
    {"precision", "recall", "f1", "p", "r", "prec", "rec", "f", "f-score", "fscore", "f1-score"}
)

#: Ends of the columns that hold a score's confidence interval (precision_low, F1_high).
INTERVAL_ENDS = ("_low", "_high")


#: Prefixes of columns that count what a score is made of (CLUEval's TP_Precision is a count).
COUNT_WORDS = frozenset({"tp", "fp", "fn", "n"})


def is_score_column(name: str) -> bool:
    """Whether a table column holds scores (precision, recall, F1) or the ends of their
    confidence intervals."""
    lower = str(name).lower()
    for end in INTERVAL_ENDS:
        lower = lower.removesuffix(end)
    if lower in SCORE_WORDS:
        return True
    prefix, _, last = lower.rpartition("_")
    return last in {"precision", "recall", "f1"} and prefix not in COUNT_WORDS


def on_scale(value: float, native: str, scale: str) -> float:
    """A score given on the `native` scale (its table's) on the chosen `scale`."""
    if native == scale:
        return float(value)
    return float(value) / 100 if native == PERCENT else float(value) * 100


def score_text(value: float, scale: str) -> str:
    """How a score on `scale` is shown: 86.66 (percent) or 0.8666 (fraction)."""
    return f"{value:.2f}" if scale == PERCENT else f"{value:.4f}"


def is_score(value: Any) -> bool:
    """Whether a cell of a score column holds a number to put on the scale."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool) and value == value
