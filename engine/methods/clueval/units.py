"""CLUEval's per-sentence counts for confidence intervals and significance tests
(engine/stats.py). Its sums run over spans; the unit is a sentence of the reference file
(what its context sentences are: blocks between empty lines and XML sentence or document
boundaries, which no span crosses), a candidate span counting in the sentence its start
lies in. Per sentence and score row: hits and spans on the precision side, hits and spans
on the recall side (scores.Scorer), at the report's leniency level."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...report import Report
from ...stats import ScoreRow, Scores, UnitStatistics, harmonic, ratio
from .match import Matches

SIDES = ("tp_p", "n_p", "tp_r", "n_r")


def unit_statistics(report: Report) -> UnitStatistics | None:
    run, level = report.data.get("_run"), report.data.get("_level")
    if run is None:
        return None
    starts = run.reference.sentence_starts()
    sentences = len(starts)
    recall, precision = _Side(run.recall, starts, level), _Side(run.precision, starts, level)
    columns: list[np.ndarray] = []
    keys: list[tuple[str, ...]] = []
    rows: list[ScoreRow] = []

    def add(table: str, row: str, name: tuple[str, ...], parts: tuple[Any, ...], position: int) -> None:
        row_keys = tuple((*name, side) for side in SIDES)
        keys.extend(row_keys)
        columns.extend(np.bincount(units, weights, minlength=sentences) for units, weights in parts)
        rows.append(ScoreRow(table, row, row_keys, _score, position))

    add("overall", "Span", ("span",), (*precision.counts(), *recall.counts()), 0)
    scoring = run.scorer.scoring
    if scoring.filter_layer is not None:
        k, value = scoring.layers.index(scoring.filter_layer), scoring.filter_value
        parts = (*precision.counts(precision.partner(k) == value), *recall.counts(recall.own(k) == value))
        add("overall", (value or "").capitalize(), ("filtered",), parts, 1)
    position = 0
    for layer, categories in run.scorer.labelled:
        k = scoring.layers.index(layer)
        for category, *_ in categories:
            parts = (*precision.labelled(k, category), *recall.labelled(k, category))
            add("labelled", f"{layer} {category.capitalize()}", (layer, category), parts, position)
            position += 1
    counts = np.column_stack(columns) if columns else np.zeros((sentences, 0))
    return UnitStatistics("sentence", [str(n) for n in range(1, sentences + 1)], counts, rows, keys)


class _Side:
    """One match table's rows: their sentence, hit at the level, own and partner labels."""

    def __init__(self, matches: Matches, starts: np.ndarray, level: int) -> None:
        self.matches = matches
        self.units = np.searchsorted(starts, np.asarray(matches.x.starts, np.int64), side="right") - 1
        self.hits = np.asarray(matches.status, np.int64) <= level

    def own(self, k: int) -> np.ndarray:
        return np.array([labels[k] for labels in self.matches.x.labels], dtype=object)

    def partner(self, k: int) -> np.ndarray:
        return np.array([labels[k] for labels in self.matches.labels_y_column], dtype=object)

    def counts(self, keep: np.ndarray | None = None) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
        """(units, weights) of the hits and of all rows (those in `keep`)."""
        keep = np.ones(len(self.units), bool) if keep is None else keep.astype(bool)
        return (self.units, (self.hits & keep).astype(float)), (self.units, keep.astype(float))

    def labelled(self, k: int, category: str) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
        """Hits whose own label is their partner's, and all rows, of one category."""
        own = self.own(k) == category
        agreeing = own & (self.partner(k) == category)
        return (self.units, (self.hits & agreeing).astype(float)), (self.units, own.astype(float))


def _score(sums: np.ndarray) -> Scores:
    """scores.score_row: percentages rounded to 4 places, F1 from the rounded P and R."""
    tp_p, n_p, tp_r, n_r = sums.T
    precision = np.round(100 * ratio(tp_p, n_p), 4)
    recall = np.round(100 * ratio(tp_r, n_r), 4)
    return {"P": precision, "R": recall, "F1": np.round(harmonic(precision, recall), 4)}
