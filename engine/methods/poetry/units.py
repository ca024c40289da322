"""The poetry method's per-page numbers for confidence intervals and significance tests
(engine/stats.py): the unit is a reference page (a CSV row). Macro scores are means of
the page scores, micro scores ratios of the summed relevance and span counts
(summary.corpus_scores)."""

from __future__ import annotations

import numpy as np

from ...report import Report
from ...stats import ScoreRow, Scores, UnitStatistics, harmonic, ratio
from .render import columns_of

#: What each column holds, and where it is in a page's score tuple (None: 1 per page).
COLUMNS = {"pages": None, "precision": 0, "recall": 1, "f1": None, "relevance": 8,
           "retrieved": 9, "reference spans": 10, "system spans": 11}  # fmt: skip


def unit_statistics(report: Report) -> UnitStatistics | None:
    pages = report.data.get("_pages")
    if pages is None:
        return None
    page_ids, scores = pages
    numbers = columns_of(scores)
    counts = np.zeros((len(scores), len(COLUMNS)))
    for column, at in enumerate(COLUMNS.values()):
        if at is not None:
            counts[:, column] = numbers[at]
    counts[:, 0] = 1
    counts[:, 3] = harmonic(counts[:, 1], counts[:, 2])
    rows = [
        ScoreRow("scores", "macro (mean over pages)", ("pages", "precision", "recall", "f1"), _macro),
        ScoreRow("scores", "micro (all spans pooled)", ("relevance", "retrieved", "reference spans",
                                                        "system spans"), _micro),
    ]  # fmt: skip
    return UnitStatistics("page", [str(page_id) for page_id in page_ids], counts, rows, list(COLUMNS))


def _macro(sums: np.ndarray) -> Scores:
    pages = sums[:, 0]
    return {"precision": sums[:, 1] / pages, "recall": sums[:, 2] / pages, "f1": sums[:, 3] / pages}


def _micro(sums: np.ndarray) -> Scores:
    """summary.corpus_scores's micro scores: 1 where neither side has a span."""
    relevance, retrieved, references, systems = sums.T
    precision = ratio(relevance, retrieved, 1.0)
    precision[(retrieved == 0) & (references != 0)] = 0.0
    recall = ratio(relevance, references, 1.0)
    recall[(references == 0) & (systems != 0)] = 0.0
    return {"precision": precision, "recall": recall, "f1": harmonic(precision, recall)}
