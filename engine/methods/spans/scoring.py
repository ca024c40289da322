"""Exact-span scores as seqeval 1.2.2 computes them: spans compared as sets per label
(a duplicate counts once), precision, recall and F1 per label, micro, macro and weighted
averages, with numpy's arithmetic in seqeval's order so that the floats are the same."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ...formats.spantable import SpanTable
from ...rowkeys import row_keys as shared_row_keys

AVERAGES = ("micro avg", "macro avg", "weighted avg")


def span_rows(table: SpanTable, labels: np.ndarray, numbers: dict[tuple, int] | None) -> np.ndarray:
    """One row per span: document, start, end, label and the number of its pieces in
    `numbers` (both sides' spans numbered in one: equal pieces, equal number; None: 0,
    the extent alone is compared)."""
    pieces = np.zeros(len(table), dtype=np.int64)
    if numbers is not None and table.parts:
        for i, parts in table.parts.items():
            pieces[i] = numbers.setdefault(tuple(map(tuple, parts)), len(numbers) + 1)
    return np.stack([table.docs, table.starts, table.ends, labels, pieces], axis=1) if len(table) else \
        np.zeros((0, 5), dtype=np.int64)


@dataclass
class Matches:
    """Which spans of each side have an equal span on the other, and which are repeats."""

    gold_matched: np.ndarray  # bool per gold span
    system_matched: np.ndarray
    gold_first: np.ndarray  # bool: the first of its equal spans (the one counted)
    system_first: np.ndarray


def match(gold_rows: np.ndarray, system_rows: np.ndarray) -> Matches:
    """Equal rows found by sorting both sides' rows together (no pairwise comparison)."""
    rows = np.concatenate([gold_rows, system_rows]).astype(np.int64, copy=False)
    side = np.repeat(np.array([0, 1], dtype=np.int64), [len(gold_rows), len(system_rows)])
    keyed = row_keys(rows) * 2 + side
    order = np.argsort(keyed, kind="stable")  # each side's rows mostly come in order already
    ordered = keyed[order]
    new = np.ones(len(order), dtype=bool)
    new[1:] = (ordered[1:] >> 1) != (ordered[:-1] >> 1)
    group = np.cumsum(new) - 1
    sides = side[order]
    has_gold = np.bincount(group, weights=sides == 0, minlength=group[-1] + 1 if len(group) else 0) > 0
    has_system = np.bincount(group, weights=sides == 1, minlength=len(has_gold)) > 0
    first_of_side = np.ones(len(order), dtype=bool)
    first_of_side[1:] = new[1:] | (sides[1:] != sides[:-1])
    matched = np.empty(len(order), dtype=bool)
    first = np.empty(len(order), dtype=bool)
    matched[order] = np.where(sides == 0, has_system[group], has_gold[group])
    first[order] = first_of_side
    n = len(gold_rows)
    return Matches(matched[:n], matched[n:], first[:n], first[n:])


def row_keys(rows: np.ndarray) -> np.ndarray:
    """One integer per row below 2**62 (room for a side bit), equal for equal rows and
    ordered as the rows are."""
    return shared_row_keys(*rows.T, limit=1 << 62) if len(rows) else np.zeros(0, dtype=np.int64)


@dataclass
class Counts:
    """Per label: true positives, predicted spans, gold spans (distinct spans)."""

    labels: list[str]
    tp: np.ndarray
    pred: np.ndarray
    true: np.ndarray


def counts(labels: list[str], gold_labels: np.ndarray, system_labels: np.ndarray, m: Matches) -> Counts:
    n = len(labels)
    tp = np.bincount(gold_labels[m.gold_first & m.gold_matched], minlength=n)
    pred = np.bincount(system_labels[m.system_first], minlength=n)
    true = np.bincount(gold_labels[m.gold_first], minlength=n)
    used = (pred > 0) | (true > 0)  # seqeval lists the labels either side uses
    kept = np.flatnonzero(used)
    return Counts([labels[i] for i in kept], tp[kept], pred[kept], true[kept])


def _divide(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    denominator = denominator.copy()
    zero = denominator == 0
    denominator[zero] = 1
    result = numerator / denominator
    result[zero] = 0.0
    return result


def prf(tp: np.ndarray, pred: np.ndarray, true: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    precision = _divide(tp, pred)
    recall = _divide(tp, true)
    denom = precision + recall
    denom[denom == 0.0] = 1
    return precision, recall, 2.0 * precision * recall / denom


def classification_report(c: Counts) -> dict[str, dict[str, Any]]:
    """seqeval's classification_report(output_dict=True), as plain floats and ints."""
    report: dict[str, dict[str, Any]] = {}
    p, r, f = prf(c.tp, c.pred, c.true)
    for i, label in enumerate(c.labels):
        report[label] = _row(p[i], r[i], f[i], c.true[i])
    mp, mr, mf = prf(np.array([c.tp.sum()]), np.array([c.pred.sum()]), np.array([c.true.sum()]))
    support = int(c.true.sum())
    report["micro avg"] = _row(mp[0], mr[0], mf[0], support)
    if len(c.labels):
        report["macro avg"] = _row(np.average(p), np.average(r), np.average(f), support)
    else:
        report["macro avg"] = _row(0.0, 0.0, 0.0, 0)
    if c.true.sum() == 0:
        report["weighted avg"] = _row(0.0, 0.0, 0.0, support)
    else:
        w = c.true
        report["weighted avg"] = _row(np.average(p, weights=w), np.average(r, weights=w),
                                      np.average(f, weights=w), support)  # fmt: skip
    return report


def _row(p: float, r: float, f: float, support: int) -> dict[str, Any]:
    return {"precision": float(p), "recall": float(r), "f1-score": float(f), "support": int(support)}
