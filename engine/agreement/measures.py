"""Every agreement figure, per document and over the corpus, as the JSON report's data.

What each document adds to every figure is counted once for all documents together, in
arrays (span counts: spanf1.py; token counts: token_tables.py; αu's sums per document:
unit_tables.py). A document's figures read its row; the corpus figures add the rows up
(span F1 is micro, κ and α pool the tokens), except αu's expected disagreement, which is
computed on the documents concatenated in the fixed order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from itertools import combinations
from typing import Any

import numpy as np

from ..progress import NO_PROGRESS, Progress
from . import alpha_u as au
from .coding import Figure, fleiss_from_sums, krippendorff_from_sums
from .corpus import Corpus
from .spanf1 import VARIANTS, Counts, PairCounts
from .token_tables import TokenTables, token_tables
from .unit_tables import (
    Located,
    SetSums,
    UnitTables,
    corpus_units,
    pair_sums_by_doc,
    set_sums,
    unit_tables,
)

Pair = tuple[int, int]
Study = tuple[au.AlphaU, dict[str, au.AlphaU]]


def pointer(parts: Sequence[str]) -> str:
    """The JSON pointer (RFC 6901) of a figure in the report's data: how its "undefined"
    names a figure that has no value."""
    return "".join("/" + part.replace("~", "~0").replace("/", "~1") for part in parts)


@dataclass
class Tables:
    """What every figure reads, counted once for all documents."""

    corpus: Corpus
    spans: dict[Pair, PairCounts]
    tokens: TokenTables
    located: Located
    pair_sums: dict[tuple[int, int, str], np.ndarray]
    units: UnitTables
    sets: SetSums
    pairs: list[Pair]


def tables_of(corpus: Corpus) -> Tables:
    n_docs, everyone = len(corpus.documents), range(len(corpus.annotators))
    spans = {
        (a, b): PairCounts(corpus.tables[a], corpus.tables[b], max(len(corpus.labels), 1), n_docs)
        for a, b in combinations(everyone, 2)
    }
    located = corpus_units(corpus)
    sums = pair_sums_by_doc(corpus, located)
    units = unit_tables(corpus, located, sums)
    holds = corpus.present.T[units.groups // max(len(corpus.labels), 1)]
    pairs = list(combinations(everyone, 2))
    return Tables(corpus, spans, token_tables(corpus), located, sums, units, set_sums(units, holds), pairs)


class Block:
    """The figures of one document, or of the corpus, over some annotators: the JSON
    shape here, the numbers from the subclass."""

    def __init__(self, tables: Tables, annotators: Sequence[int]) -> None:
        self.tables, self.corpus, self.annotators = tables, tables.corpus, list(annotators)
        self.names = tables.corpus.annotators
        self.undefined: dict[str, str] = {}
        self._counts: dict[Pair, Counts] = {}

    def has_pair(self, pair: Pair) -> bool:
        raise NotImplementedError

    def span_counts(self, pair: Pair) -> Counts:
        raise NotImplementedError

    def cohen(self, pair: Pair) -> Figure:
        raise NotImplementedError

    def fleiss(self) -> Figure:
        raise NotImplementedError

    def kripp(self) -> Figure:
        raise NotImplementedError

    def study(self, raters: list[int]) -> Study:
        raise NotImplementedError

    def name(self, a: int) -> str:
        return self.names[a]

    def pairs(self) -> list[Pair]:
        return list(combinations(self.annotators, 2))

    def note(self, path: Sequence[str], reason: str) -> None:
        self.undefined[pointer(path)] = reason

    def matrix(self, path: Sequence[str], value_of: Callable[[Pair], Figure]) -> dict[str, Any]:
        """{"pairwise": {a: {b: v}}, "mean": mean over the pairs with a value}."""
        names = self.names
        pairwise: dict[str, dict[str, float | None]] = {names[a]: {} for a in self.annotators}
        values = []
        for a, b in self.pairs():
            value, reason = value_of((a, b)) if self.has_pair((a, b)) else (None, "no document in common")
            pairwise[names[a]][names[b]] = pairwise[names[b]][names[a]] = value
            if value is None:
                self.note([*path, "pairwise", names[a], names[b]], reason)
                self.note([*path, "pairwise", names[b], names[a]], reason)
            else:
                values.append(value)
        mean = sum(values) / len(values) if values else None
        if mean is None:
            self.note([*path, "mean"], "no pair of annotators has a value")
        return {"pairwise": pairwise, "mean": mean}

    def scalar(self, path: Sequence[str], figure: Figure) -> float | None:
        if figure[0] is None:
            self.note(path, figure[1])
        return figure[0]

    # --- the figures ----------------------------------------------------------------

    def span_f1(self) -> dict[str, Any]:
        out = {}
        for variant in VARIANTS:
            out[variant] = self.matrix(["span_f1", variant], lambda p, v=variant: self._pair_counts(p).f1(v))
        return out

    def _pair_counts(self, pair: Pair) -> Counts:
        if pair not in self._counts:
            self._counts[pair] = self.span_counts(pair)
        return self._counts[pair]

    def token(self) -> dict[str, Any]:
        return {
            "cohen_kappa": self.matrix(["token", "cohen_kappa"], self.cohen),
            "fleiss_kappa": self.scalar(["token", "fleiss_kappa"], self.fleiss()),
            "krippendorff_alpha": self.scalar(["token", "krippendorff_alpha"], self.kripp()),
        }

    def alpha_u(self) -> dict[str, Any]:
        overall, per_label = self.study(self.annotators)
        out: dict[str, Any] = {
            "overall": self.scalar(["alpha_u", "overall"], (overall.value, overall.reason))
        }
        out["per_label"] = {
            c: self.scalar(["alpha_u", "per_label", c], (v.value, v.reason)) for c, v in per_label.items()
        }
        found: dict[Pair, au.AlphaU] = {}

        def pair_value(pair: Pair) -> Figure:
            found[pair] = self.study(list(pair))[0]
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

    def overlapping(self, a: int, label: str) -> au.AlphaU:
        return au.undefined(
            f"{self.name(a)} has overlapping spans labelled {label} (DKPro's αu assumes none)"
        )


class DocumentBlock(Block):
    """One document over the annotators who have it."""

    def __init__(self, tables: Tables, d: int) -> None:
        super().__init__(tables, tables.corpus.holders(d))
        self.d = d
        self.length = int(tables.tokens.sizes[d])
        n_labels = max(len(self.corpus.labels), 1)
        rows = tables.units.of_document(d, n_labels)
        self.labels = [self.corpus.labels[g % n_labels] for g in tables.units.groups[rows].tolist()]
        columns = [getattr(tables.sets, name)[rows].tolist() for name in SetSums.__dataclass_fields__]
        self.cells = list(zip(*columns, strict=True))  # per label: each field per rater set
        self.set_of = {(a, b): s for s, (a, b) in enumerate(tables.pairs, 1)}

    def has_pair(self, pair: Pair) -> bool:
        return True

    def span_counts(self, pair: Pair) -> Counts:
        return self.tables.spans[pair].of_document(self.d)

    def cohen(self, pair: Pair) -> Figure:
        return self.tables.tokens.cohen_of_document(pair, self.d)

    def fleiss(self) -> Figure:
        part = self.tables.tokens.fleiss(self.d)
        return fleiss_from_sums([part] if part else [], len(self.annotators))

    def kripp(self) -> Figure:
        part = self.tables.tokens.kripp(self.d)
        return krippendorff_from_sums([part] if part else [], len(self.corpus.categories),
                                      len(self.annotators))  # fmt: skip

    def study(self, raters: list[int]) -> Study:
        if len(raters) < 2:
            return au.undefined("fewer than two annotators"), {}
        column = 0 if raters == self.annotators else self.set_of[(raters[0], raters[1])]
        per_label = {}
        for row, label in enumerate(self.labels):
            if self.cells[row][0][column]:
                per_label[label] = self._label(row, column, raters, label)
        return au.overall(per_label), per_label

    def _label(self, row: int, column: int, raters: list[int], label: str) -> au.AlphaU:
        _, broken, observed, n_units, thirds, crossed, squared, fits = (f[column] for f in self.cells[row])
        if broken >= 0:
            return self.overlapping(broken, label)
        if self.length <= 0:
            return au.undefined("the text has no tokens")
        if fits:
            whole, rounded = (n_units - 1) * thirds, Decimal(0)
        else:
            whole, rounded = au._thirds([self._summary(a, label) for a in raters], n_units)
        r = len(raters)
        return au.ratio(
            au.observed(observed, r, self.length),
            au.expected_of(whole + crossed, rounded, squared, r, self.length),
        )

    def _summary(self, a: int, label: str) -> au.Summary:
        """An annotator's units of a label in this document, summarised."""
        units, docs, _ = self.tables.located.get((a, label), (au.EMPTY, np.zeros(0, np.int64), set()))
        mine = docs == self.d
        offset = int(self.corpus.token_offsets[self.d])
        return au.summarise(au.Units(units.starts[mine] - offset, units.ends[mine] - offset), self.length)


class CorpusBlock(Block):
    """The corpus over every annotator: each pair on the documents both have, Fleiss' κ
    and αu of all on the documents every annotator has."""

    def __init__(self, tables: Tables) -> None:
        super().__init__(tables, range(len(tables.corpus.annotators)))
        self._summaries: dict[tuple[int, str, bytes], au.Summary] = {}
        self._crossed: dict[tuple[int, int, str, bytes], int] = {}

    def shared(self, raters: Sequence[int]) -> np.ndarray:
        """The documents every one of `raters` has."""
        return np.flatnonzero(self.corpus.present[list(raters)].all(axis=0))

    def has_pair(self, pair: Pair) -> bool:
        return bool(len(self.shared(pair)))

    def span_counts(self, pair: Pair) -> Counts:
        return self.tables.spans[pair].counts(self.shared(pair))

    def cohen(self, pair: Pair) -> Figure:
        return self.tables.tokens.cohen(pair, self.shared(pair))

    def fleiss(self) -> Figure:
        parts = [self.tables.tokens.fleiss(d) for d in self.shared(self.annotators).tolist()]
        return fleiss_from_sums([p for p in parts if p is not None], len(self.annotators))

    def kripp(self) -> Figure:
        parts = [self.tables.tokens.kripp(d) for d in range(len(self.corpus.documents))]
        return krippendorff_from_sums([p for p in parts if p is not None], len(self.corpus.categories),
                                      len(self.annotators))  # fmt: skip

    def study(self, raters: list[int]) -> Study:
        """αu of `raters` on the documents they all have, concatenated in the fixed order."""
        docs = self.shared(raters)
        if len(raters) < 2:
            return au.undefined("fewer than two annotators"), {}
        if not len(docs):
            return au.undefined("no document every one of these annotators has"), {}
        chosen = np.zeros(len(self.corpus.documents), bool)
        chosen[docs] = True
        per_label: dict[str, au.AlphaU] = {}
        for label in self.corpus.labels:
            if any(self._joined(a, label, chosen)[0].size for a in raters):
                per_label[label] = self._label(raters, chosen, label)
        return au.overall(per_label), per_label

    def _label(self, raters: list[int], chosen: np.ndarray, label: str) -> au.AlphaU:
        broken = next((a for a in raters if self._clashes(a, label, chosen)), None)
        if broken is not None:
            return self.overlapping(broken, label)
        total = sum(
            int(self.tables.pair_sums[(a, b, label)][chosen].sum())
            for a, b in combinations(sorted(raters), 2)
            if (a, b, label) in self.tables.pair_sums
        )
        length = int(self.tables.tokens.sizes[chosen].sum())
        key = chosen.tobytes()
        summaries = [self._summary(a, label, chosen, length) for a in raters]
        crossed = {
            (i, j): self._cross(a, b, label, key, summaries[i], summaries[j])
            for i, a in enumerate(raters)
            for j, b in enumerate(raters)
        }
        return au.label_alpha(summaries, length, total, crossed)

    def _clashes(self, a: int, label: str, chosen: np.ndarray) -> bool:
        clashes = self.tables.located.get((a, label), (None, None, set()))[2]
        return any(chosen[d] and self.corpus.present[a, d] for d in clashes)

    def _joined(self, a: int, label: str, chosen: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """An annotator's units of a label in the chosen documents it has, on those documents
        concatenated in order."""
        units, docs, _ = self.tables.located.get((a, label), (au.EMPTY, np.zeros(0, np.int64), set()))
        keep = chosen[docs] & self.corpus.present[a][docs]
        sizes = self.tables.tokens.sizes
        left_out = self.corpus.token_offsets[:-1] - np.concatenate(([0], np.cumsum(sizes * chosen)[:-1]))
        shift = left_out[docs[keep]]
        return units.starts[keep] - shift, units.ends[keep] - shift

    def _summary(self, a: int, label: str, chosen: np.ndarray, length: int) -> au.Summary:
        key = (a, label, chosen.tobytes())
        if key not in self._summaries:
            self._summaries[key] = au.summarise(au.Units(*self._joined(a, label, chosen)), length)
        return self._summaries[key]

    def _cross(self, a: int, b: int, label: str, key: bytes, mine: au.Summary, theirs: au.Summary) -> int:
        if (a, b, label, key) not in self._crossed:
            self._crossed[(a, b, label, key)] = au.cross(mine, theirs)
        return self._crossed[(a, b, label, key)]


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
    progress.update(0.0, "counting")
    tables = tables_of(corpus)
    per_document = {}
    for d in range(n_docs):
        progress.update(0.3 + 0.6 * d / max(n_docs, 1), "measuring the documents")
        block = DocumentBlock(tables, d)
        per_document[corpus.documents[d]] = {
            "annotators": [corpus.annotators[a] for a in block.annotators],
            **block_data(block),
        }
    progress.update(0.9, "measuring the corpus")
    overall = block_data(CorpusBlock(tables))
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
