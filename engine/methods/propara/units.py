"""ProPara's per-process scores for confidence intervals and significance tests
(engine/stats.py): the unit is an answer process; each question's precision and recall
are means over the processes, rounded to 3 places, and the overall row the mean of the
four questions (scores.averages, Averages.output)."""

from __future__ import annotations

import numpy as np

from ...report import Report
from ...stats import ScoreRow, Scores, UnitStatistics, harmonic
from .scores import LABELS, QUESTIONS

KEYS = ["processes", *(f"{q}.{score}" for q in QUESTIONS for score in ("precision", "recall"))]


def unit_statistics(report: Report) -> UnitStatistics | None:
    run = report.data.get("_run")
    if run is None or not run.scores.pids:
        return None
    scores = run.scores
    columns = [scores.precision[q] if m == "precision" else scores.recall[q] for q in QUESTIONS
               for m in ("precision", "recall")]  # fmt: skip
    counts = np.column_stack([np.ones(len(scores.pids)), *(np.array(c, float) for c in columns)])
    rows = [ScoreRow("overall", LABELS[q], ("processes", f"{q}.precision", f"{q}.recall"), _question_scores)
            for q in QUESTIONS]  # fmt: skip
    rows.append(ScoreRow("overall", "Overall", tuple(KEYS), _overall))
    return UnitStatistics("process", [str(pid) for pid in scores.pids], counts, rows, list(KEYS))


def _means(sums: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per question (columns) the rounded mean precision and recall over the processes."""
    processes = sums[:, :1]
    return np.round(sums[:, 1::2] / processes, 3), np.round(sums[:, 2::2] / processes, 3)


def _question_scores(sums: np.ndarray) -> Scores:
    precision, recall = (values[:, 0] for values in _means(sums))
    return {"precision": precision, "recall": recall, "f1": np.round(harmonic(precision, recall), 3)}


def _overall(sums: np.ndarray) -> Scores:
    precision, recall = (values.sum(axis=1) / 4 for values in _means(sums))
    return {"precision": np.round(precision, 3), "recall": np.round(recall, 3),
            "f1": np.round(harmonic(precision, recall), 3)}  # fmt: skip
