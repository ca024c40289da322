"""The corpus level of a poetry run (specs/poetry.md §4.3 and Span Studio's micro and
macro scores): running totals over the pages, the headline and summed-counts tables,
and the run's warnings."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...report import Table
from .render import COLUMNS, columns_of, running_total

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


class Totals:
    """The page numbers that the Overall line and the corpus scores add up, column by
    column in row order: precision, recall, relevance and page F1 per page, and the
    sums of the counts (COUNT_NAMES, then n_retrieved, reference and system spans)."""

    def __init__(self) -> None:
        self.precision: list[Any] = []
        self.recall: list[Any] = []
        self.relevance: list[Any] = []
        self.f1: list[float] = []
        self.sums = [0] * 9

    def add(self, scores: list[tuple[Any, ...]]) -> None:
        """The numbers of the next pages (score tuples, in row order)."""
        if not scores:
            return
        columns = columns_of(scores)
        sums = [sum(column) for column in (*columns[2:8], *columns[9:12])]
        self.precision += columns[0]
        self.recall += columns[1]
        self.relevance += columns[8]
        self.f1 += [2 * p * r / (p + r) if p + r else 0.0  # f1(), inlined
                    for p, r in zip(columns[0], columns[1], strict=True)]  # fmt: skip
        self.sums = [a + b for a, b in zip(self.sums, sums, strict=True)]

    @property
    def pages(self) -> int:
        return len(self.precision)


def corpus_scores(totals: Totals) -> dict[str, Any]:
    """Macro (mean over pages: the original's Overall precision and recall, and the mean
    page F1) and micro (all spans pooled: total relevance over the total retrieved and
    the total reference spans) scores, and the summed counts. Every sum is a running
    total in row order."""
    pages, counts = totals.pages, totals.sums
    relevance, retrieved, references, systems = running_total(totals.relevance), *counts[6:]
    micro_p = relevance / retrieved if retrieved else (0.0 if references else 1.0)
    micro_r = relevance / references if references else (0.0 if systems else 1.0)
    return {
        "macro": {
            "precision": running_total(totals.precision) / pages,
            "recall": running_total(totals.recall) / pages,
            "f1": running_total(totals.f1) / pages,
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
