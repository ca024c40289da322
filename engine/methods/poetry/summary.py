"""The corpus level of a poetry run (specs/poetry.md §4.3 and Span Studio's micro and
macro scores): running totals over the pages, the headline and summed-counts tables,
and the run's warnings."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...report import Table
from .columns import Scores
from .render import COLUMNS

COUNT_NAMES = COLUMNS[3:]


class Warnings:
    """Warnings with a cap per kind, so that a file repeating one oddity stays readable."""

    LIMIT = 10
    SUMMARY = {
        "gate": "pages whose list is ignored because of its count field",
        "system-repeat": "repeated page ids in the system file",
        "reference-repeat": "repeated page ids in the reference file",
    }

    def __init__(self) -> None:
        self.messages: list[str] = []
        self.counts: Counter[str] = Counter()

    def __call__(self, kind: str, text: str) -> None:
        self.counts[kind] += 1
        if self.counts[kind] <= self.LIMIT:
            self.messages.append(text)

    def finish(self) -> list[str]:
        for kind, count in self.counts.items():
            if count > self.LIMIT:
                self.messages.append(f"… and {count - self.LIMIT} more {self.SUMMARY.get(kind, kind)}")
        return self.messages


def f1(precision: float, recall: float) -> float:
    """The harmonic mean, 0.0 when both are 0 (as corppa's later page F1)."""
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


@dataclass
class Totals:
    """What the Overall line and the corpus scores add up over the pages: running totals
    in row order of the precision, recall, relevance and page F1 of each page, and the
    sums of the counts (COUNT_NAMES, then n_retrieved, reference and system spans)."""

    pages: int
    precision: float
    recall: float
    relevance: float
    f1: float
    sums: list[int]

    @classmethod
    def of(cls, scores: Scores) -> Totals:
        """The totals of scored rows (an integer precision or recall adds as its float)."""
        p, r = scores.precision, scores.recall
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):  # inf, as Python's floats
            page_f1 = np.where(p + r != 0, 2 * p * r / (p + r), 0.0)  # f1() of each page
        columns = [*scores.counts.T, scores.n_retrieved, scores.n_ref, scores.n_sys]
        return cls(len(p), running_total(p), running_total(r), running_total(scores.relevance),
                   running_total(page_f1), [int(column.sum()) for column in columns])  # fmt: skip


def running_total(values: np.ndarray) -> float:
    """0.0 + v1 + v2 + … one addition at a time in row order (not sum(), not fsum: §4.3;
    numpy accumulates strictly left to right)."""
    return float(np.add.accumulate(np.r_[0.0, values])[-1])


def corpus_scores(totals: Totals) -> dict[str, Any]:
    """Macro (mean over pages: the original's Overall precision and recall, and the mean
    page F1) and micro (all spans pooled: total relevance over the total retrieved and
    the total reference spans) scores, and the summed counts. Every sum is a running
    total in row order."""
    pages, counts = totals.pages, totals.sums
    relevance, retrieved, references, systems = totals.relevance, *counts[6:]
    micro_p = relevance / retrieved if retrieved else (0.0 if references else 1.0)
    micro_r = relevance / references if references else (0.0 if systems else 1.0)
    return {
        "macro": {
            "precision": totals.precision / pages,
            "recall": totals.recall / pages,
            "f1": totals.f1 / pages,
        },  # fmt: skip
        "micro": {
            "precision": micro_p,
            "recall": micro_r,
            "f1": f1(micro_p, micro_r),
            "relevance": relevance,
            "retrieved": retrieved,
        },  # fmt: skip
        "pages": pages,
        "reference_spans": references,
        "system_spans": systems,
        "counts": dict(zip(COUNT_NAMES, counts[:6], strict=True)),
    }


def tables(corpus: dict[str, Any]) -> dict[str, Table]:
    """The headline (macro and micro scores) and the summed counts."""
    macro, micro = corpus["macro"], corpus["micro"]
    headline = Table(
        ["average", "precision", "recall", "f1"],
        [["macro (mean over pages)", macro["precision"], macro["recall"], macro["f1"]],
         ["micro (all spans pooled)", micro["precision"], micro["recall"], micro["f1"]]],
        "Corpus scores",
        note="Macro precision and recall are the original's Overall line; F1 is the mean page F1.",
    )  # fmt: skip
    counts = Table(
        ["pages", "reference spans", "system spans", *COUNT_NAMES],
        [[corpus["pages"], corpus["reference_spans"], corpus["system_spans"], *corpus["counts"].values()]],
        "Summed counts",
    )
    return {"scores": headline, "counts": counts}
