"""Exact-span scores as seqeval 1.2.2 computes them: spans compared as sets per label
(a duplicate counts once), precision, recall and F1 per label, micro, macro and weighted
averages, with numpy's arithmetic in seqeval's order so that the floats are the same."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ...formats.spantable import SpanTable

AVERAGES = ("micro avg", "macro avg", "weighted avg")


def span_rows(table: SpanTable, labels: np.ndarray, whole_parts: bool) -> np.ndarray:
    """One row per span: document, start, end, label and (with whole_parts) its pieces' number."""
    pieces = np.zeros(len(table), dtype=np.int64)
    if whole_parts and table.parts:
        numbers: dict[tuple, int] = {}
        for i, parts in table.parts.items():
            pieces[i] = numbers.setdefault(tuple(map(tuple, parts)), len(numbers) + 1)
    return np.stack([table.docs, table.starts, table.ends, labels, pieces], axis=1) if len(table) else \
        np.zeros((0, 5), dtype=np.int64)


def _keys(rows: np.ndarray) -> np.ndarray:
    rows = np.ascontiguousarray(rows, dtype=np.int64)
    return rows.view(np.dtype((np.void, rows.dtype.itemsize * rows.shape[1]))).ravel()


@dataclass
class Matches:
    """Which spans of each side have an equal span on the other, and which are repeats."""

    gold_matched: np.ndarray  # bool per gold span
    system_matched: np.ndarray
    gold_first: np.ndarray  # bool: the first of its equal spans (the one counted)
    system_first: np.ndarray


def _firsts(keys: np.ndarray) -> np.ndarray:
    first = np.zeros(len(keys), dtype=bool)
    if len(keys):
        first[np.unique(keys, return_index=True)[1]] = True
    return first


def match(gold_rows: np.ndarray, system_rows: np.ndarray) -> Matches:
    g, s = _keys(gold_rows), _keys(system_rows)
    return Matches(np.isin(g, s), np.isin(s, g), _firsts(g), _firsts(s))


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
