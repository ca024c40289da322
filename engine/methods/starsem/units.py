"""*SEM 2012's per-sentence counts for confidence intervals and significance tests
(engine/stats.py): the unit is a sentence of GOLD; the rows' scores follow from the
summed counts by render.py's formulas (percentages; --starsem-exact rounds P and R to
two places before F1, as v2.2). The extended table has no per-sentence counts."""

from __future__ import annotations

from operator import itemgetter

import numpy as np

from ...report import Report
from ...stats import ScoreRow, Scores, UnitStatistics, harmonic, ratio
from .model import Sentence
from .render import B_ROWS, ROWS
from .scoring import Counts, Scorer

SIDES = ("cues_g", "cues_p", "scopes_g", "scopes_p", "negated_g", "negated_p", "tokens_g", "tokens_p")
ROW_COUNTS = ("cue", "scope", "scope_free", "tokens", "negated", "negated_v22", "full")
KEYS = [*SIDES, *(f"{row}.{kind}" for row in ROW_COUNTS for kind in ("tp", "fp", "fn"))]

#: The Counts row and the B denominator of each printed row (render.Table.sources).
SOURCES = {"cues": ("cue", "cues_p"), "scopes_cue_match": ("scope", "scopes_p"),
           "scopes_no_cue_match": ("scope_free", "scopes_p"), "scope_tokens_no_cue_match": ("tokens", None),
           "negated_no_cue_match": ("negated", "negated_p"), "full_negation": ("full", "cues_p")}  # fmt: skip


def flat(counts: Counts) -> list[int]:
    """The counts of KEYS."""
    rows = [getattr(counts, row) for row in ROW_COUNTS]
    return [*(getattr(counts, side) for side in SIDES), *(n for r in rows for n in (r.tp, r.fp, r.fn))]


def own_counts(sentence: Sentence) -> Counts:
    """A sentence's own counts: the sentence scored alone, as the run scored it (recording
    verdicts or not, a Scorer counts alike: its verdicts are not asked for here)."""
    scorer = Scorer(record=False)
    scorer.add(sentence)
    return scorer.counts


def unit_statistics(report: Report) -> UnitStatistics | None:
    kept = report.data.get("_units")
    if kept is None:
        return None
    sentences, plain = kept  # the sentences scored; the numbers of those only counted (no counts)
    exact = report.options.get("mode") == "starsem-exact"
    units = [(sentence.number, flat(own_counts(sentence))) for sentence in sentences]
    units = sorted(units + [(number, [0] * len(KEYS)) for number in plain], key=itemgetter(0))
    counts = np.array([c for _, c in units], float).reshape(len(units), len(KEYS))
    rows = []
    for key, label in ROWS:
        rows.append(ScoreRow("scores", label.rstrip(":"), _columns(key, exact), _scorer(exact, b=False)))
    for key, label in B_ROWS:
        rows.append(ScoreRow("b_scores", label.rstrip(":"), _columns(key, exact), _scorer(exact, b=True)))
    return UnitStatistics("sentence", [str(number) for number, _ in units], counts, rows, list(KEYS))


def _columns(key: str, exact: bool) -> tuple[str, ...]:
    row, denominator = SOURCES[key]
    if row == "negated" and exact:
        row = "negated_v22"
    return (f"{row}.tp", f"{row}.fp", f"{row}.fn", denominator or f"{row}.tp")


def _scorer(exact: bool, b: bool):
    def score(sums: np.ndarray) -> Scores:
        tp, fp, fn, system = sums.T
        precision = 100 * ratio(tp, system if b else tp + fp)
        recall = 100 * ratio(tp, tp + fn)
        if exact:
            precision, recall = np.round(precision, 2), np.round(recall, 2)
        return {"precision": precision, "recall": recall, "f1": harmonic(precision, recall)}

    return score
