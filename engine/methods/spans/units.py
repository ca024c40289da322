"""The units the span methods' scores are sums over, for confidence intervals and
significance tests (engine/stats.py): the gold input's sentences where its format has
them (CoNLL's blank-line sentences, WebAnno TSV's and XMI's sentences, brat's lines,
which brat shows as sentences), else its documents (Label Studio and doccano carry no
sentences: their lines are not units). A span counts in the unit its start is in; for
`spans`, each unit's TP, predicted and gold spans per label."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import partial

import numpy as np

from ...formats.pairing import Paired
from ...formats.spantable import SpanTable
from ...report import Report
from ...stats import ScoreRow, Scores, UnitStatistics, harmonic, ratio
from .scoring import AVERAGES, Counts, Matches

SENTENCE_FORMATS = ("conll", "webanno-tsv", "uima-xmi", "brat")
KINDS = ("TP", "pred", "true")  # the count columns of each label


@dataclass
class Units:
    """The units of the gold documents: names, and where each starts (sorted keys
    document × width + position; a document's first unit starts at 0)."""

    name: str  # "sentence" or "document"
    ids: list[str]
    keys: np.ndarray
    width: int

    def of(self, table: SpanTable, index: np.ndarray | None = None) -> np.ndarray:
        """The unit number of each span of `table` (of the spans at `index`)."""
        docs, starts = table.docs, table.starts
        if index is not None:
            docs, starts = docs[index], starts[index]
        return np.maximum(np.searchsorted(self.keys, docs * self.width + starts, side="right") - 1, 0)


def units_of(paired: Paired) -> Units:
    """Sentences where the gold format has them, else documents."""
    sentences = paired.gold_format in SENTENCE_FORMATS
    width = max((len(doc) for doc in paired.documents), default=0) + 1
    keys: list[np.ndarray] = []
    ids: list[str] = []
    for number, doc in enumerate(paired.documents):
        starts = np.array([start for start, _ in doc.units] if sentences and doc.units else [0], np.int64)
        starts[0] = 0
        keys.append(number * width + starts)
        ids += [f"{doc.name}:{i}" for i in range(1, len(starts) + 1)] if sentences else [doc.name]
    joined = np.concatenate(keys) if keys else np.zeros(1, np.int64)
    return Units("sentence" if sentences else "document", ids or ["-"], joined, width)


@dataclass
class SpanUnits:
    """What `spans` keeps of a run for its unit counts (what it has anyway)."""

    paired: Paired  # as scored
    gold_labels: np.ndarray  # label numbers (in the run's sorted label names)
    system_labels: np.ndarray
    names: list[str]
    matches: Matches
    counts: Counts


def unit_statistics(report: Report) -> UnitStatistics | None:
    """Per unit: TP, predicted and gold spans of every label seqeval lists."""
    kept: SpanUnits | None = report.data.get("_units")
    if kept is None:
        return None
    m, labels, units = kept.matches, kept.counts.labels, units_of(kept.paired)
    column = np.full(len(kept.names), -1, np.int64)
    column[[kept.names.index(label) for label in labels]] = np.arange(len(labels))
    width = len(KINDS) * len(labels)
    gold_unit, system_unit = units.of(kept.paired.gold), units.of(kept.paired.system)
    sides = ((gold_unit, kept.gold_labels, m.gold_first & m.gold_matched, 0),
             (system_unit, kept.system_labels, m.system_first, 1),
             (gold_unit, kept.gold_labels, m.gold_first, 2))  # fmt: skip
    cells = [unit_of[chosen] * width + kind * len(labels) + column[label_numbers[chosen]]
             for unit_of, label_numbers, chosen, kind in sides]  # fmt: skip
    counts = np.bincount(np.concatenate(cells), minlength=len(units.ids) * width)
    keys: list[Hashable] = [(kind, label) for kind in KINDS for label in labels]
    matrix = counts.reshape(len(units.ids), width).astype(float)
    return UnitStatistics(units.name, units.ids, matrix, _rows(labels, keys), keys, partial(_rows, labels))


def _rows(labels: list[str], keys: list[Hashable]) -> list[ScoreRow]:
    """Each label's row, and the averages over every label the columns `keys` count (once
    matched with another system's, its labels too: seqeval scores a system over all its
    labels, a unit's counts swapped in from the other system included)."""
    every = list(dict.fromkeys(label for _, label in keys))  # type: ignore[misc]
    columns = tuple((kind, label) for kind in KINDS for label in every)
    rows = [ScoreRow("scores", label, ((KINDS[0], label), (KINDS[1], label), (KINDS[2], label)), _label)
            for label in labels]  # fmt: skip
    return rows + [ScoreRow("scores", name, columns, _average(name, len(every))) for name in AVERAGES]


def _prf(tp: np.ndarray, pred: np.ndarray, true: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    precision, recall = ratio(tp, pred), ratio(tp, true)
    return precision, recall, harmonic(precision, recall)


def _label(sums: np.ndarray) -> Scores:
    precision, recall, f1 = _prf(*sums.T)
    return {"precision": precision, "recall": recall, "f1-score": f1}


def _average(name: str, n_labels: int):
    """seqeval's micro, macro or weighted average from per-label sums (TP…, pred…, true…)."""

    def score(sums: np.ndarray) -> Scores:
        tp, pred, true = sums.reshape(len(sums), len(KINDS), n_labels).transpose(1, 0, 2)
        if name == "micro avg":
            values = _prf(tp.sum(axis=1), pred.sum(axis=1), true.sum(axis=1))
        elif name == "macro avg":  # the mean over the labels either side uses in this sample
            used = ((pred > 0) | (true > 0)).sum(axis=1)
            values = tuple(ratio(v.sum(axis=1), used) for v in _prf(tp, pred, true))
        else:
            values = tuple(ratio((v * true).sum(axis=1), true.sum(axis=1)) for v in _prf(tp, pred, true))
        return dict(zip(("precision", "recall", "f1-score"), values, strict=True))

    return score
