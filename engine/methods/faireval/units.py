"""FairEval's per-sentence counts for confidence intervals and significance tests
(engine/stats.py): the unit is a compared sentence; its traditional counts follow from
its spans (by identity, §3.2), its fair counts from its decisions (§3.3–3.7)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from ...formats.faireval_spans import TokenSpan
from ...report import Report
from ...stats import ScoreRow, Scores, UnitCounts, UnitStatistics, prf
from .compare import TRADITIONAL, Decision, identity
from .scores import weights_for
from .settings import COUNTS, METHODS, Weights

OVERALL = None  # the label of the overall columns


def unit_statistics(report: Report) -> UnitStatistics | None:
    """Per compared sentence: traditional TP/FP/FN and fair counts, per label and overall."""
    decisions = report.data.get("_decisions")
    if decisions is None:
        return None
    by_sentence: dict[tuple[str, int], list[Decision]] = {}
    for pair, number, decision in decisions:
        by_sentence.setdefault((pair.names[0], number), []).append(decision)
    focus = report.options["focus"]
    counts = UnitCounts("sentence")
    for document in report.documents:
        for number in range(1, len(document.units) + 1):
            counts.start(f"{document.name}:{number}")
            sentence = by_sentence.get((document.name, number), [])
            _add_traditional(counts, sentence)
            _add_fair(counts, sentence, focus)
    weights = dict(report.options["weights"]) if report.options["weights"] else None
    versions = [v for v in METHODS if v in report.tables]  # the sections the report shows
    return counts.statistics(_rows(counts, report.data["per_label"]["traditional"], weights, versions))


def _add_traditional(counts: UnitCounts, sentence: list[Decision]) -> None:
    """TP/FN per target span by membership among the system spans, FP per system span
    without an identical target (each span once, however many decisions it is in)."""
    targets = _distinct(d[2] for d in sentence)
    systems = _distinct(d[3] for d in sentence)
    in_system = {identity(s) for s in systems}
    in_target = {identity(t) for t in targets}
    for t in targets:
        _add(counts, "traditional", t.label, "TP" if identity(t) in in_system else "FN")
    for s in systems:
        if identity(s) not in in_target:
            _add(counts, "traditional", s.label, "FP")


def _distinct(spans: Iterable[TokenSpan | None]) -> list[TokenSpan]:
    seen: dict[int, TokenSpan] = {}
    for span in spans:
        if span is not None:
            seen.setdefault(id(span), span)
    return list(seen.values())


def _add_fair(counts: UnitCounts, sentence: list[Decision], focus: str) -> None:
    for kind, sub, target, system in sentence:
        if kind in ("TP", "FN") or (kind == "BE") or (kind in ("LE", "LBE") and focus == "target"):
            label = target.label if target is not None else system.label
        else:
            label = system.label if system is not None else target.label
        _add(counts, "fair", label, kind)
        if sub:
            _add(counts, "fair", label, sub)


def _add(counts: UnitCounts, version: str, label: str, count: str) -> None:
    counts.add((version, label, count), 1)
    counts.add((version, OVERALL, count), 1)


# --- the score rows ------------------------------------------------------------------------


def _rows(
    counts: UnitCounts, labels: Iterable[str], weights: Weights | None, versions: list[str]
) -> list[ScoreRow]:
    rows = [ScoreRow("overall", version, *_row(counts, version, OVERALL, weights)) for version in versions]
    for version in versions:
        for label in [*sorted(labels), OVERALL]:
            name = "overall" if label is OVERALL else label
            rows.append(ScoreRow(version, name, *_row(counts, version, label, weights)))
    return rows


def _row(counts: UnitCounts, version: str, label: str | None, weights: Weights | None) -> tuple[Any, Any]:
    """The columns of one row and its formula (scores.py's, on arrays)."""
    kinds = TRADITIONAL if version == "traditional" else COUNTS
    source = "traditional" if version == "traditional" else "fair"
    columns = tuple((source, label, kind) for kind in kinds)
    for key in columns:
        counts.column(key)
    table = weights_for(version, weights)

    def score(sums: np.ndarray) -> Scores:
        at = dict(zip(kinds, sums.T, strict=True))
        tp = fp = fn = np.zeros(len(sums))
        for error_type, w in table.items():
            n = at.get(error_type, 0) if error_type in COUNTS else 0
            tp, fp, fn = tp + w.get("TP", 0) * n, fp + w.get("FP", 0) * n, fn + w.get("FN", 0) * n
        return prf(tp, fp, fn)

    return columns, score
