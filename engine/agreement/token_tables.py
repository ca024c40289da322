"""What every document adds to the token coefficients, for all documents at once.

An annotator has a document's tokens all or none, so per document three kinds of counts
say everything: each annotator's category totals, and for each two annotators the tokens
they gave one category. Cohen's κ of a pair is its tokens, agreements and the two category
totals; Fleiss' Σ per-token agreement is Σ_tokens (Σ_c n_c² − r) / (r(r−1)) = 2·Σ_pairs
agreements / (r(r−1)); Krippendorff's coincidences Σ_tokens Σ_c n_c(n_c−1) / (n−1) are
2·Σ_pairs agreements / (r−1) (r annotators on each token of the document).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

import numpy as np

from .coding import Figure, FleissSums, KrippSums, by_chance, cohen_from_counts
from .corpus import Corpus

Pair = tuple[int, int]


@dataclass
class TokenTables:
    """Per document: its tokens, each annotator's category totals (documents × categories,
    zero where the annotator lacks it) and each two annotators' agreements."""

    sizes: np.ndarray
    totals: list[np.ndarray]
    agreeing: dict[Pair, np.ndarray]
    present: np.ndarray
    _chance: dict[Pair, list[int]] = field(default_factory=dict)  # by document, as numbers
    _agreeing: dict[Pair, list[int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._sizes = self.sizes.tolist()

    def cohen(self, pair: Pair, docs: np.ndarray) -> Figure:
        """Cohen's κ of two annotators pooled over `docs` (document numbers)."""
        a, b = pair
        chance = by_chance(self.totals[a][docs].sum(axis=0), self.totals[b][docs].sum(axis=0))
        return cohen_from_counts(int(self.sizes[docs].sum()), int(self.agreeing[pair][docs].sum()), chance)

    def cohen_of_document(self, pair: Pair, d: int) -> Figure:
        """Cohen's κ of two annotators in one document."""
        if pair not in self._chance:
            a, b = pair
            self._chance[pair] = (self.totals[a] * self.totals[b]).sum(axis=1).tolist()
            self._agreeing[pair] = self.agreeing[pair].tolist()
        return cohen_from_counts(self._sizes[d], self._agreeing[pair][d], self._chance[pair][d])

    def fleiss(self, d: int) -> FleissSums | None:
        """Fleiss' sums of document `d` over the annotators who have it (None: fewer than two,
        or no token)."""
        holders, same = self._agreement(d)
        r = len(holders)
        if r < 2 or not self.sizes[d]:
            return None
        return 2 * same / (r * (r - 1)), int(self.sizes[d]), self._category_totals(holders, d)

    def kripp(self, d: int) -> KrippSums | None:
        """Krippendorff's sums of document `d` (None: fewer than two annotators, or no token)."""
        holders, same = self._agreement(d)
        r = len(holders)
        if r < 2 or not self.sizes[d]:
            return None
        return r * int(self.sizes[d]), 2 * same / (r - 1), self._category_totals(holders, d)

    def _agreement(self, d: int) -> tuple[list[int], int]:
        holders = np.flatnonzero(self.present[:, d]).tolist()
        return holders, sum(int(self.agreeing[pair][d]) for pair in combinations(holders, 2))

    def _category_totals(self, holders: list[int], d: int) -> np.ndarray:
        return sum((self.totals[a][d] for a in holders), np.zeros(self.totals[0].shape[1], np.int64))


def token_tables(corpus: Corpus) -> TokenTables:
    """The token counts of every document (corpus.codes: −1 where an annotator lacks it)."""
    sizes = np.diff(corpus.token_offsets)
    n_docs, k = len(sizes), len(corpus.categories)
    doc_of_token = np.repeat(np.arange(n_docs, dtype=np.int64), sizes)
    totals = []
    for codes in corpus.codes:
        counts = np.bincount(doc_of_token * (k + 1) + (codes + 1), minlength=n_docs * (k + 1))
        totals.append(counts.reshape(n_docs, k + 1)[:, 1:])
    ends = corpus.token_offsets
    agreeing = {}
    for a, b in combinations(range(len(corpus.codes)), 2):
        running = np.concatenate(([0], np.cumsum(corpus.codes[a] == corpus.codes[b], dtype=np.int64)))
        agreeing[(a, b)] = running[ends[1:]] - running[ends[:-1]]
    return TokenTables(sizes, totals, agreeing, corpus.present)
