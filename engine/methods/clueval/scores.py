"""Scores per leniency level (specs/clueval.md §3.4, §4).

A row is a hit at level L when its status number is ≤ L (exact 0 … covered 3; unmatched 4
never is). All four levels come from the same per-status counts.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property, partial
from typing import Any

from ...report import Later
from .match import STATUSES, Matches

EVALUATION_COLUMNS = ["Level", "P", "R", "F1", "TP_Precision", "TP_Recall", "FP", "FN", "Support", "Label"]
LEVELS = (0, 1, 2, 3)
SCORE_KEYS = EVALUATION_COLUMNS[1:9]


def percent(hits: int, total: int) -> float:
    """round(100·hits/total, 4) as the original computes it; 0.0 without a denominator."""
    return round(100 * hits / total, 4) if total else 0.0


def f1(p: float, r: float) -> float:
    """F1 from the rounded P and R (C24); 0.0 when both are 0."""
    return round(2 * p * r / (p + r), 4) if p + r else 0.0


def score_row(tp_p: int, n_p: int, tp_r: int, n_r: int) -> dict[str, Any]:
    p, r = percent(tp_p, n_p), percent(tp_r, n_r)
    return {
        "P": p,
        "R": r,
        "F1": f1(p, r),
        "TP_Precision": tp_p,
        "TP_Recall": tp_r,
        "FP": n_p - tp_p,
        "FN": n_r - tp_r,
        "Support": n_r,
    }


def hits(histogram: list[int], level: int) -> int:
    return sum(histogram[: level + 1])


def histogram(statuses: list[int]) -> list[int]:
    counts = [0] * len(STATUSES)
    for s in statuses:
        counts[s] += 1
    return counts


@dataclass(frozen=True)
class Scoring:
    """What the scores depend on besides the matches."""

    layers: tuple[str, ...]
    labelled: tuple[str, ...] = ()
    filter_layer: str | None = None
    filter_value: str | None = None


class Scorer:
    """Per-status counts of both match tables, from which every level's scores follow."""

    def __init__(self, recall: Matches, precision: Matches, scoring: Scoring) -> None:
        self.recall, self.precision, self.scoring = recall, precision, scoring
        self.recall_counts = histogram(recall.status)
        self.precision_counts = histogram(precision.status)
        self.filtered = self._filtered() if scoring.filter_layer is not None else None
        self.labelled = [(layer, self._categories(layer)) for layer in scoring.labelled]
        self.misses = Misses(recall), Misses(precision)  # LEVEL's fn and fp

    def _filtered(self) -> tuple[list[int], list[int]]:
        k = self.scoring.layers.index(self.scoring.filter_layer)
        value = self.scoring.filter_value
        x = self.recall.x.labels
        recall = [s for i, s in enumerate(self.recall.status) if x[i][k] == value]
        partners = self.precision.labels_y_column
        precision = [s for s, other in zip(self.precision.status, partners, strict=True) if other[k] == value]
        return histogram(recall), histogram(precision)

    def _categories(self, layer: str) -> list[tuple[str, int, int, list[int], list[int]]]:
        """(category, n_P, n_R, recall hit histogram, precision hit histogram) per category."""
        k = self.scoring.layers.index(layer)
        n_r = Counter(labels[k] for labels in self.recall.x.labels)
        n_p = Counter(labels[k] for labels in self.precision.x.labels)
        hit_r = _agreeing(self.recall, k)
        hit_p = _agreeing(self.precision, k)
        empty = [0] * len(STATUSES)
        return [
            (c, n_p[c], n_r[c], hit_r.get(c, empty), hit_p.get(c, empty))
            for c in sorted((set(n_r) | set(n_p)) - {"O"})
        ]

    def span_row(self, level: int) -> dict[str, Any]:
        return score_row(
            hits(self.precision_counts, level),
            len(self.precision),
            hits(self.recall_counts, level),
            len(self.recall),
        )

    def filtered_row(self, level: int) -> dict[str, Any] | None:
        if self.filtered is None:
            return None
        recall, precision = self.filtered
        return score_row(hits(precision, level), sum(precision), hits(recall, level), sum(recall))

    def labelled_rows(self, level: int) -> list[dict[str, Any]]:
        rows = []
        for layer, categories in self.labelled:
            for c, n_p, n_r, hit_r, hit_p in categories:
                row = score_row(hits(hit_p, level), n_p, hits(hit_r, level), n_r)
                rows.append({"Level": layer, **row, "Label": c.capitalize()})
        return rows

    def evaluation_table(self, level: int) -> list[dict[str, Any]]:
        """The rows of §4.4: Span, the filtered row, the labelled rows."""
        rows = [{"Level": "Span", **self.span_row(level), "Label": "Span"}]
        filtered = self.filtered_row(level)
        if filtered is not None:
            value = self.scoring.filter_value or ""
            rows.append({"Level": value.capitalize(), **filtered, "Label": "Span"})
        return rows + self.labelled_rows(level)

    def level(self, level: int) -> dict[str, Any]:
        """LEVEL of the JSON report (§5.5)."""
        return {
            "span": self.span_row(level),
            "filtered": self.filtered_row(level),
            "labelled": self.labelled_rows(level),
            "fn": self.misses[0].later(self.recall_counts, level),
            "fp": self.misses[1].later(self.precision_counts, level),
        }


def _agreeing(matches: Matches, k: int) -> dict[str, list[int]]:
    """Per own label, a status histogram of the rows whose label equals their _Y label."""
    result: dict[str, list[int]] = {}
    for own, other, status in zip(matches.x.labels, matches.labels_y_column, matches.status, strict=True):
        if own[k] == other[k]:
            result.setdefault(own[k], [0] * len(STATUSES))[status] += 1
    return result


class Misses:
    """The rows of a match table that are no hit at a level (LEVEL's fn or fp), of every
    level from one list made when first read (only the JSON report reads them): the rows
    missed at level 0, each row and label dict made once and shared by the levels."""

    def __init__(self, matches: Matches) -> None:
        self.matches = matches

    @cached_property
    def missed(self) -> list[tuple[int, list[Any]]]:
        """(status, row) of every row no hit at the lowest level, in table order."""
        x = self.matches.x
        labels = x.label_dicts
        return [
            (s, [x.starts[i], x.ends[i], STATUSES[s], labels[i]])
            for i, s in enumerate(self.matches.status)
            if s > LEVELS[0]
        ]

    def later(self, counts: list[int], level: int) -> Later:
        """The rows no hit at `level`, made when read."""
        return Later(len(self.matches) - hits(counts, level), partial(self.at, level))

    def at(self, level: int) -> list[list[Any]]:
        return [row for s, row in self.missed if s > level]
