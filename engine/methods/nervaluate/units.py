"""nervaluate's per-unit counts for confidence intervals and significance tests
(engine/stats.py): the unit is the gold input's sentence, or its document where the
format has no sentences (spans/units.py). Each unit holds, per schema, overall and per
label, the correct, incorrect, partial and spurious predictions that start in it and the
missed gold spans that start in it; precision and recall follow from their sums by
nervaluate's formulas (partial and ent_type count a partial match as ½)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...formats.pairing import Paired
from ...report import Report
from ...stats import ScoreRow, Scores, UnitStatistics, harmonic, ratio
from ..spans.units import units_of
from .matching import CORRECT, INCORRECT, MISSED, OUTCOMES, PARTIAL, SCHEMAS, SPURIOUS, Outcome

#: The OUTCOMES column of each predicted span's status.
_COLUMN = np.zeros(max(CORRECT, INCORRECT, PARTIAL, SPURIOUS) + 1, np.int64)
_COLUMN[[CORRECT, INCORRECT, PARTIAL, SPURIOUS]] = [
    OUTCOMES.index(o) for o in ("correct", "incorrect", "partial", "spurious")
]
_MISSED = OUTCOMES.index("missed")


@dataclass
class Scope:
    """The outcomes of one evaluation (all labels, or one label's spans) and which spans
    of nervaluate's lists it was given (indices into the paired tables)."""

    label: str | None  # None: overall
    true_index: np.ndarray
    pred_index: np.ndarray
    outcomes: dict[str, Outcome]


@dataclass
class NervaluateUnits:
    """What nervaluate keeps of a run for its unit counts."""

    paired: Paired
    scopes: list[Scope]


def unit_statistics(report: Report) -> UnitStatistics | None:
    kept: NervaluateUnits | None = report.data.get("_units")
    if kept is None:
        return None
    units = units_of(kept.paired)
    blocks, keys, rows = [], [], []
    for scope in kept.scopes:
        true_unit = units.of(kept.paired.gold, scope.true_index)
        pred_unit = units.of(kept.paired.system, scope.pred_index)
        for schema in SCHEMAS:
            blocks.append(_counts(scope.outcomes[schema], true_unit, pred_unit, len(units.ids)))
            columns = tuple((scope.label, schema, outcome) for outcome in OUTCOMES)
            keys += columns
            table, row = ("overall", schema) if scope.label is None else (f"per_label_{schema}", scope.label)
            rows.append(ScoreRow(table, row, columns, _scorer(schema)))
    counts = np.hstack(blocks) if blocks else np.zeros((len(units.ids), 0))
    return UnitStatistics(units.name, units.ids, counts, rows, keys)


def _counts(outcome: Outcome, true_unit: np.ndarray, pred_unit: np.ndarray, n_units: int) -> np.ndarray:
    """units × OUTCOMES: predictions by the unit they start in, missed gold spans by theirs."""
    width = len(OUTCOMES)
    cells = [pred_unit * width + _COLUMN[outcome.pred_status],
             true_unit[outcome.true_status == MISSED] * width + _MISSED]  # fmt: skip
    return np.bincount(np.concatenate(cells), minlength=n_units * width).reshape(n_units, width).astype(float)


def _scorer(schema: str):
    half = schema in ("partial", "ent_type")

    def score(sums: np.ndarray) -> Scores:
        correct, incorrect, partial, missed, spurious = sums.T
        actual = correct + incorrect + partial + spurious
        possible = correct + incorrect + partial + missed
        found = correct + 0.5 * partial if half else correct
        precision, recall = ratio(found, actual), ratio(found, possible)
        return {"precision": precision, "recall": recall, "f1": harmonic(precision, recall)}

    return score
