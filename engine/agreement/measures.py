"""Every agreement figure, per document and over the corpus, as the JSON report's data.

Each document is measured once (span counts, token confusion matrices, Fleiss' and
Krippendorff's sums, αu's pair sums and gaps); the corpus figures add those up (span F1 is
micro, κ and α pool the tokens), except αu's expected disagreement, which is computed on
the documents concatenated in the fixed order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

import numpy as np

from ..progress import NO_PROGRESS, Progress
from . import alpha_u as au
from .coding import (
    cohen_confusion,
    cohen_from_confusion,
    fleiss_from_sums,
    fleiss_sums,
    krippendorff_from_sums,
    krippendorff_sums,
)
from .corpus import Corpus
from .spanf1 import VARIANTS, Counts, PairCounts

Pair = tuple[int, int]


@dataclass
class DocStats:
    """What one document contributes to every figure."""

    index: int
    name: str
    holders: list[int]
    length: int
    units: dict[tuple[int, str], au.Units] = field(default_factory=dict)
    overlapping: set[tuple[int, str]] = field(default_factory=set)
    summaries: dict[tuple[int, str], au.Summary] = field(default_factory=dict)
    crossed: dict[tuple[int, int, str], int] = field(default_factory=dict)
    pair_sums: dict[tuple[int, int, str], int] = field(default_factory=dict)
    confusion: dict[Pair, np.ndarray] = field(default_factory=dict)
    fleiss: tuple[float, int, np.ndarray] | None = None
    kripp: tuple[int, float, np.ndarray] | None = None


Located = dict[tuple[int, str], tuple[au.Units, np.ndarray, list[int], set[int]]]


def corpus_units(corpus: Corpus) -> Located:
    """Each annotator's units of each label on all documents (token positions counted from
    the corpus' first token), with the document of each unit, where each document's units
    begin, and the documents where two of them overlap."""
    found: Located = {}
    offsets = corpus.token_offsets
    for a, table in enumerate(corpus.tables):
        for i, label in enumerate(corpus.labels):
            mine = table.label == i
            if mine.any():
                shift = offsets[table.doc[mine]]
                units = au.make_units(table.tok_start[mine] + shift, table.tok_end[mine] + shift)
                docs = np.searchsorted(offsets, units.starts, side="right") - 1
                bounds = np.searchsorted(docs, np.arange(len(corpus.documents) + 1)).tolist()
                clash = (units.starts[1:] < units.ends[:-1]) & (docs[1:] == docs[:-1])
                found[(a, label)] = units, docs, bounds, set(docs[1:][clash].tolist())
    return found


def pair_sums_by_doc(corpus: Corpus, located: Located) -> dict[tuple[int, int, str], np.ndarray]:
    """αu's observed sum of each two annotators and each label, per document."""
    n_docs, empty = len(corpus.documents), (au.EMPTY, np.zeros(0, np.int64), [], set())
    sums = {}
    for a, b in combinations(range(len(corpus.annotators)), 2):
        for label in corpus.labels:
            (ua, da, _, _), (ub, db, _, _) = located.get((a, label), empty), located.get((b, label), empty)
            if len(ua.starts) or len(ub.starts):
                sums[(a, b, label)] = au.pair_sums(ua, ub, da, db, n_docs)
    return sums


def doc_stats(
    corpus: Corpus, d: int, located: Located, sums: dict[tuple[int, int, str], np.ndarray]
) -> DocStats:
    holders = corpus.holders(d)
    stats = DocStats(d, corpus.documents[d], holders, corpus.n_tokens(d))
    k = len(corpus.categories)
    codes = {a: corpus.doc_codes(a, d) for a in holders}
    offset = int(corpus.token_offsets[d])
    for (a, label), (units, _, bounds, clashes) in located.items():
        first, end = bounds[d], bounds[d + 1]
        if end > first and a in holders:
            stats.units[(a, label)] = au.Units(
                units.starts[first:end] - offset, units.ends[first:end] - offset
            )
            if d in clashes:
                stats.overlapping.add((a, label))
    for a, b in combinations(holders, 2):
        stats.confusion[(a, b)] = cohen_confusion(codes[a], codes[b], k)
        for label in corpus.labels:
            if (a, b, label) in sums:
                stats.pair_sums[(a, b, label)] = int(sums[(a, b, label)][d])
    return _coding(stats, codes, k)


def _coding(stats: DocStats, codes: dict[int, np.ndarray], k: int) -> DocStats:
    holders = stats.holders
    if len(holders) >= 2 and stats.length:
        stats.fleiss = fleiss_sums([codes[a] for a in holders], k)
        stats.kripp = krippendorff_sums([codes[a] for a in holders], k)
    return stats


def summary_of(stats: DocStats, a: int, label: str) -> au.Summary:
    """The summary of an annotator's units of a label in one document (cached)."""
    key = (a, label)
    if key not in stats.summaries:
        stats.summaries[key] = au.summarise(stats.units.get(key, au.EMPTY), stats.length)
    return stats.summaries[key]


def crossed_of(stats: DocStats, a: int, b: int, label: str) -> int:
    """au.cross of two annotators' summaries in one document (cached)."""
    key = (a, b, label)
    if key not in stats.crossed:
        stats.crossed[key] = au.cross(summary_of(stats, a, label), summary_of(stats, b, label))
    return stats.crossed[key]


class Block:
    """The figures of one document, or of the corpus, over some annotators."""

    def __init__(
        self,
        corpus: Corpus,
        docs: Sequence[DocStats],
        annotators: Sequence[int],
        counts: dict[Pair, PairCounts],
    ) -> None:
        self.corpus, self.docs, self.annotators, self.pair_counts = (
            corpus,
            list(docs),
            list(annotators),
            counts,
        )
        self.undefined: dict[str, str] = {}

    def name(self, a: int) -> str:
        return self.corpus.annotators[a]

    def pairs(self) -> list[Pair]:
        return list(combinations(self.annotators, 2))

    def shared(self, group: Sequence[int]) -> list[DocStats]:
        return [d for d in self.docs if all(a in d.holders for a in group)]

    def note(self, path: Sequence[str], reason: str) -> None:
        self.undefined["/" + "/".join(p.replace("~", "~0").replace("/", "~1") for p in path)] = reason

    def matrix(
        self, path: Sequence[str], value_of: Callable[[Pair], tuple[float | None, str]]
    ) -> dict[str, Any]:
        """{"pairwise": {a: {b: v}}, "mean": mean over the pairs with a value}."""
        pairwise: dict[str, dict[str, float | None]] = {self.name(a): {} for a in self.annotators}
        values = []
        for a, b in self.pairs():
            value, reason = value_of((a, b)) if self.shared((a, b)) else (None, "no document in common")
            pairwise[self.name(a)][self.name(b)] = pairwise[self.name(b)][self.name(a)] = value
            if value is None:
                self.note([*path, "pairwise", self.name(a), self.name(b)], reason)
                self.note([*path, "pairwise", self.name(b), self.name(a)], reason)
            else:
                values.append(value)
        mean = sum(values) / len(values) if values else None
        if mean is None:
            self.note([*path, "mean"], "no pair of annotators has a value")
        return {"pairwise": pairwise, "mean": mean}

    def scalar(self, path: Sequence[str], figure: tuple[float | None, str]) -> float | None:
        if figure[0] is None:
            self.note(path, figure[1])
        return figure[0]

    # --- the figures ----------------------------------------------------------------

    def span_f1(self) -> dict[str, Any]:
        out = {}
        for variant in VARIANTS:
            out[variant] = self.matrix(["span_f1", variant], lambda p, v=variant: self._counts(p).f1(v))
        return out

    def _counts(self, pair: Pair) -> Counts:
        return self.pair_counts[pair].counts([d.index for d in self.shared(pair)])

    def token(self) -> dict[str, Any]:
        k = len(self.corpus.categories)

        def cohen(pair: Pair) -> tuple[float | None, str]:
            pooled = sum((d.confusion[pair] for d in self.shared(pair)), np.zeros((k, k)))
            return cohen_from_confusion(pooled)

        everyone = self.shared(self.annotators)
        fleiss = fleiss_from_sums([d.fleiss for d in everyone if d.fleiss is not None], len(self.annotators))
        kripp = krippendorff_from_sums([d.kripp for d in self.docs if d.kripp is not None], k)
        return {
            "cohen_kappa": self.matrix(["token", "cohen_kappa"], cohen),
            "fleiss_kappa": self.scalar(["token", "fleiss_kappa"], fleiss),
            "krippendorff_alpha": self.scalar(["token", "krippendorff_alpha"], kripp),
        }

    def alpha_u(self) -> dict[str, Any]:
        overall, per_label = self._study(self.annotators)
        out: dict[str, Any] = {
            "overall": self.scalar(["alpha_u", "overall"], (overall.value, overall.reason))
        }
        out["per_label"] = {
            c: self.scalar(["alpha_u", "per_label", c], (v.value, v.reason)) for c, v in per_label.items()
        }
        found: dict[Pair, au.AlphaU] = {}

        def pair_value(pair: Pair) -> tuple[float | None, str]:
            found[pair] = self._study(list(pair))[0]
            return found[pair].value, found[pair].reason

        pairwise = self.matrix(["alpha_u"], pair_value)
        out["pairwise"], out["pairwise_mean"] = pairwise["pairwise"], pairwise["mean"]
        if "/alpha_u/mean" in self.undefined:
            self.undefined["/alpha_u/pairwise_mean"] = self.undefined.pop("/alpha_u/mean")
        out["disagreement"] = {
            "overall": _pair(overall),
            "per_label": {c: _pair(v) for c, v in per_label.items()},
            "pairwise": {
                self.name(a): {
                    self.name(y if x == a else x): _pair(v) for (x, y), v in found.items() if a in (x, y)
                }
                for a in self.annotators
            },
        }
        return out

    def _study(self, raters: list[int]) -> tuple[au.AlphaU, dict[str, au.AlphaU]]:
        """αu of `raters` on the documents they all have, concatenated in the fixed order."""
        docs = self.shared(raters)
        if len(raters) < 2:
            return au.undefined("fewer than two annotators"), {}
        if not docs:
            return au.undefined("no document every one of these annotators has"), {}
        length = sum(d.length for d in docs)
        per_label: dict[str, au.AlphaU] = {}
        for label in self.corpus.labels:
            if not any((a, label) in d.units for d in docs for a in raters):
                continue
            per_label[label] = self._label(raters, docs, label, length)
        return au.overall(per_label), per_label

    def _label(self, raters: list[int], docs: list[DocStats], label: str, length: int) -> au.AlphaU:
        broken = next((a for a in raters for d in docs if (a, label) in d.overlapping), None)
        if broken is not None:
            return au.undefined(
                f"{self.name(broken)} has overlapping spans labelled {label} (DKPro's αu assumes none)"
            )
        total = sum(
            d.pair_sums.get((a, b, label), 0) for d in docs for a, b in combinations(sorted(raters), 2)
        )
        if len(docs) == 1:
            d = docs[0]
            summaries = [summary_of(d, a, label) for a in raters]
            crossed = {
                (i, j): crossed_of(d, a, b, label) for i, a in enumerate(raters) for j, b in enumerate(raters)
            }
            return au.label_alpha(summaries, length, total, crossed)
        summaries = [au.summarise(self._joined(a, docs, label), length) for a in raters]
        return au.label_alpha(summaries, length, total)

    @staticmethod
    def _joined(a: int, docs: list[DocStats], label: str) -> au.Units:
        """An annotator's units of a label on the documents concatenated in order."""
        starts, ends, offset = [], [], 0
        for d in docs:
            u = d.units.get((a, label), au.EMPTY)
            starts.append(u.starts + offset)
            ends.append(u.ends + offset)
            offset += d.length
        return au.Units(np.concatenate(starts), np.concatenate(ends))


def _pair(value: au.AlphaU) -> dict[str, float | None]:
    return {"observed": value.observed, "expected": value.expected}


def block_data(block: Block) -> dict[str, Any]:
    data = {"span_f1": block.span_f1(), "token": block.token(), "alpha_u": block.alpha_u()}
    data["undefined"] = block.undefined
    return data


def measure(corpus: Corpus, progress: Progress = NO_PROGRESS) -> dict[str, Any]:
    """The JSON report's data: annotators, documents, overall, per_document."""
    everyone = list(range(len(corpus.annotators)))
    n_docs = len(corpus.documents)
    counts = {
        (a, b): PairCounts(corpus.tables[a], corpus.tables[b], max(len(corpus.labels), 1), n_docs)
        for a, b in combinations(everyone, 2)
    }
    located = corpus_units(corpus)
    sums = pair_sums_by_doc(corpus, located)
    stats = []
    for d in range(n_docs):
        progress.update(0.6 * d / max(n_docs, 1), "measuring the documents")
        stats.append(doc_stats(corpus, d, located, sums))
    per_document = {}
    for d in stats:
        progress.update(0.6 + 0.3 * d.index / max(n_docs, 1), "measuring the documents")
        data = block_data(Block(corpus, [d], d.holders, counts))
        per_document[d.name] = {"annotators": [corpus.annotators[a] for a in d.holders], **data}
    progress.update(0.9, "measuring the corpus")
    overall = block_data(Block(corpus, stats, everyone, counts))
    return {
        "method": "agreement",
        "annotators": corpus.annotators,
        "inputs": dict(zip(corpus.annotators, corpus.sources, strict=True)),
        "documents": corpus.documents,
        "common_documents": [corpus.documents[d] for d in corpus.common(everyone)],
        "labels": corpus.labels,
        "categories": corpus.categories,
        "overall": overall,
        "per_document": per_document,
    }
