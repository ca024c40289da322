"""What αu needs of every document, for all documents at once (alpha_u.py has the sums).

Each annotator's units of each label, in token positions counted from the corpus' first
token, come from corpus_units. Per (document, label) that has a unit — a group — and per
annotator: the number of units, Σ l(l−1)(2l−1)/3, Σ l(l−1), the longest, whether two of
them overlap; per group and each two annotators i, j (i = j too): alpha_u.cross of i's
units with j's gaps, and the observed sum of the pair. The gaps of an annotator are the
stretches of a document its units of the label leave uncovered (the whole document where
it has none). Cross sums come from one sorted array of every gap with prefix sums,
searched with each distinct unit length of each annotator.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np

from ..rowkeys import distinct_naturals, distinct_values
from . import alpha_u as au
from .corpus import Corpus

# Located: per (annotator, label), the sorted units, the document of each, and the documents
# where two of them overlap.
Located = dict[tuple[int, str], tuple[au.Units, np.ndarray, set[int]]]


@dataclass
class UnitTables:
    """Per group (doc · n_labels + label, sorted) and annotator (the last axes)."""

    groups: np.ndarray
    units: np.ndarray
    thirds: np.ndarray
    squared: np.ndarray
    longest: np.ndarray
    clash: np.ndarray
    crossed: np.ndarray  # groups × annotators × annotators
    observed: np.ndarray  # groups × annotators × annotators (a < b)

    def of_document(self, d: int, n_labels: int) -> slice:
        """The groups of document `d`, in label order."""
        first, end = np.searchsorted(self.groups, [d * n_labels, (d + 1) * n_labels])
        return slice(int(first), int(end))


def corpus_units(corpus: Corpus) -> Located:
    """Each annotator's units of each label on all documents (token positions counted from
    the corpus' first token) with their documents."""
    found: Located = {}
    offsets = corpus.token_offsets
    for a, table in enumerate(corpus.tables):
        for i, label in enumerate(corpus.labels):
            mine = table.label == i
            if mine.any():
                shift = offsets[table.doc[mine]]
                units = au.make_units(table.tok_start[mine] + shift, table.tok_end[mine] + shift)
                docs = np.searchsorted(offsets, units.starts, side="right") - 1
                clash = (units.starts[1:] < units.ends[:-1]) & (docs[1:] == docs[:-1])
                found[(a, label)] = units, docs, set(docs[1:][clash].tolist())
    return found


def pair_sums_by_doc(corpus: Corpus, located: Located) -> dict[tuple[int, int, str], np.ndarray]:
    """αu's observed sum of each two annotators and each label, per document."""
    n_docs, empty = len(corpus.documents), (au.EMPTY, np.zeros(0, np.int64), set())
    sums = {}
    for a, b in combinations(range(len(corpus.annotators)), 2):
        for label in corpus.labels:
            (ua, da, _), (ub, db, _) = located.get((a, label), empty), located.get((b, label), empty)
            if len(ua.starts) or len(ub.starts):
                sums[(a, b, label)] = au.pair_sums(ua, ub, da, db, n_docs)
    return sums


def _wide(bound: int) -> type:
    """int64 while every sum stays below `bound` < 2⁶³, else Python integers (object)."""
    return np.int64 if bound < 2**62 else object


def unit_tables(corpus: Corpus, located: Located, sums: dict[tuple[int, int, str], np.ndarray]) -> UnitTables:
    n_labels, n_raters = max(len(corpus.labels), 1), len(corpus.annotators)
    mine = {key: _holders_units(corpus, key[0], value) for key, value in located.items()}
    keys = [docs * n_labels + corpus.labels.index(label) for (_, label), (_, docs, _) in mine.items()]
    groups = distinct_naturals(np.concatenate(keys)) if keys else np.zeros(0, np.int64)
    longest_doc = int(np.diff(corpus.token_offsets).max(initial=0))
    total_units = sum(len(u.starts) for u, _, _ in mine.values())
    kind = _wide(2 * (total_units + 1) * (longest_doc + 1) ** 3)
    shape = (len(groups), n_raters)
    tables = UnitTables(
        groups,
        np.zeros(shape, np.int64),
        np.zeros(shape, kind),
        np.zeros(shape, kind),
        np.zeros(shape, np.int64),
        np.zeros(shape, bool),
        np.zeros((*shape, n_raters), kind),
        np.zeros((*shape, n_raters), np.int64),
    )
    histograms = {}
    for (a, label), (units, docs, clashes) in mine.items():
        c = corpus.labels.index(label)
        rows = np.searchsorted(groups, docs * n_labels + c)
        histograms[(a, c)] = _histogram(rows, units.lengths, longest_doc)
        _add_units(tables, a, *histograms[(a, c)])
        clash_docs = np.asarray(sorted(clashes), dtype=np.int64)
        clash_docs = clash_docs[corpus.present[a][clash_docs]]
        tables.clash[np.searchsorted(groups, clash_docs * n_labels + c), a] = True
    _add_crossed(tables, corpus, mine, histograms, n_labels, longest_doc)
    for (a, b, label), per_doc in sums.items():
        c = corpus.labels.index(label)
        of_label = groups % n_labels == c
        tables.observed[of_label, a, b] = per_doc[groups[of_label] // n_labels]
    return tables


def _holders_units(corpus: Corpus, a: int, value: tuple) -> tuple:
    """An annotator's located units in the documents it has (the only ones αu counts)."""
    units, docs, clashes = value
    keep = corpus.present[a][docs]
    return au.Units(units.starts[keep], units.ends[keep]), docs[keep], clashes


def _histogram(rows: np.ndarray, lengths: np.ndarray, longest: int) -> tuple[np.ndarray, ...]:
    """The distinct (group, unit length) of one annotator's units of one label, with counts."""
    keys, which = distinct_values(rows * (longest + 1) + lengths)
    counts = np.bincount(which, minlength=len(keys))
    return keys // (longest + 1), keys % (longest + 1), counts


def _add_units(tables: UnitTables, a: int, rows: np.ndarray, lengths: np.ndarray, counts: np.ndarray) -> None:
    """Count, Σ l(l−1)(2l−1)/3, Σ l(l−1) and the longest of an annotator's units per group."""
    kind = tables.thirds.dtype
    ls, cs = lengths.astype(kind), counts.astype(kind)
    np.add.at(tables.units[:, a], rows, counts)
    np.add.at(tables.thirds[:, a], rows, cs * (ls * (ls - 1) * (2 * ls - 1) // 3))
    np.add.at(tables.squared[:, a], rows, cs * ls * (ls - 1))
    np.maximum.at(tables.longest[:, a], rows, lengths)


def _gaps(corpus: Corpus, tables: UnitTables, mine: dict, n_labels: int) -> tuple[np.ndarray, np.ndarray]:
    """Every gap of every annotator in every group of a document it has: (group · annotators
    + annotator, length), none of length 0."""
    n_raters, offsets = len(corpus.annotators), corpus.token_offsets
    keys, values = [], []
    covered = np.zeros((len(tables.groups), n_raters), bool)
    for (a, label), (units, docs, _) in mine.items():
        if not len(docs):
            continue
        rows = np.searchsorted(tables.groups, docs * n_labels + corpus.labels.index(label))
        covered[rows, a] = True
        first = np.concatenate(([True], docs[1:] != docs[:-1]))
        last = np.concatenate((docs[1:] != docs[:-1], [True]))
        before = units.starts - np.where(first, offsets[docs], np.roll(units.ends, 1))
        after = offsets[docs[last] + 1] - units.ends[last]
        keys += [rows * n_raters + a, rows[last] * n_raters + a]
        values += [before, after]
    doc_of_group = tables.groups // n_labels
    empty_rows, empty_raters = np.nonzero(~covered & corpus.present.T[doc_of_group])
    keys.append(empty_rows * n_raters + empty_raters)
    values.append(np.diff(offsets)[doc_of_group[empty_rows]])
    key, value = np.concatenate(keys), np.concatenate(values)
    return key[value > 0], value[value > 0]


def _add_crossed(
    tables: UnitTables, corpus: Corpus, mine: dict, histograms: dict, n_labels: int, longest: int
) -> None:
    """alpha_u.cross of each annotator's units with each annotator's gaps, per group: for a
    unit length l, l² · Σ_{gaps g ≥ l} (g − l + 1) = l² · (Σ g − (l − 1) · #gaps) over the
    gaps from l up, read off prefix sums of the gaps sorted by (group, annotator, length)."""
    n_raters, scale = len(corpus.annotators), longest + 1
    gap_key, gap_value = _gaps(corpus, tables, mine, n_labels)
    order = np.argsort(gap_key * scale + gap_value, kind="stable")
    sorted_keys = (gap_key * scale + gap_value)[order]
    running = np.concatenate(([0], np.cumsum(gap_value[order], dtype=np.int64)))
    doc_of_group = tables.groups // n_labels
    kind = tables.crossed.dtype
    for (a, _), (rows, lengths, counts) in histograms.items():
        for b in range(n_raters):
            holds = corpus.present[b][doc_of_group[rows]]
            r, ls, cs = rows[holds], lengths[holds], counts[holds]
            base = (r * n_raters + b) * scale
            start = np.searchsorted(sorted_keys, base + ls, side="left")
            end = np.searchsorted(sorted_keys, base + scale, side="left")
            reach = (running[end] - running[start]).astype(kind) - (ls - 1).astype(kind) * (end - start)
            np.add.at(tables.crossed[:, a, b], r, ls.astype(kind) ** 2 * cs.astype(kind) * reach)


@dataclass
class SetSums:
    """Per group and rater set — set 0 every annotator who has the document, then each two
    annotators in order — the sums αu of one label adds up over the set: whether one of
    them marked a unit, the first whose units overlap (−1: none), the observed sum, the
    units, Σ thirds, Σ cross, Σ l(l−1), and whether the thirds fit in doubles."""

    marked: np.ndarray
    broken: np.ndarray
    observed: np.ndarray
    units: np.ndarray
    thirds: np.ndarray
    crossed: np.ndarray
    squared: np.ndarray
    fits: np.ndarray


def set_sums(tables: UnitTables, holds: np.ndarray) -> SetSums:
    """The sums of every group for each rater set (`holds`: groups × annotators, whether
    the annotator has the group's document)."""
    pairs = combinations(range(holds.shape[1]), 2)
    sets = [_holders_sums(tables, holds), *(_pair_sums(tables, a, b) for a, b in pairs)]
    names = SetSums.__dataclass_fields__
    return SetSums(**{name: np.stack([s[name] for s in sets], axis=1) for name in names})


def _holders_sums(tables: UnitTables, mask: np.ndarray) -> dict[str, np.ndarray]:
    """SetSums' columns of the annotators `mask` marks in each group."""
    both = mask[:, :, None] & mask[:, None, :]
    units = (tables.units * mask).sum(axis=1)
    clashing = tables.clash & mask
    return {
        "marked": units > 0,
        "broken": np.where(clashing.any(axis=1), clashing.argmax(axis=1), -1),
        "observed": (tables.observed * both).sum(axis=(1, 2)),
        "units": units,
        "thirds": (tables.thirds * mask).sum(axis=1),
        "crossed": (tables.crossed * both).sum(axis=(1, 2)),
        "squared": (tables.squared * mask).sum(axis=1),
        "fits": _thirds_fit((tables.longest * mask).max(axis=1, initial=0), units),
    }


def _pair_sums(tables: UnitTables, a: int, b: int) -> dict[str, np.ndarray]:
    """SetSums' columns of annotators a < b in every group: their columns taken directly
    (a mask over all annotators costs groups × annotators² a pair)."""
    units = tables.units[:, a] + tables.units[:, b]
    longest = np.maximum(np.maximum(tables.longest[:, a], tables.longest[:, b]), 0)
    return {
        "marked": units > 0,
        "broken": np.where(tables.clash[:, a], a, np.where(tables.clash[:, b], b, -1)),
        "observed": _square_sum(tables.observed, a, b),
        "units": units,
        "thirds": tables.thirds[:, a] + tables.thirds[:, b],
        "crossed": _square_sum(tables.crossed, a, b),
        "squared": tables.squared[:, a] + tables.squared[:, b],
        "fits": _thirds_fit(longest, units),
    }


def _square_sum(values: np.ndarray, a: int, b: int) -> np.ndarray:
    """Per group, the sum of the a/b rows and columns' four cells."""
    return values[:, a, a] + values[:, a, b] + values[:, b, a] + values[:, b, b]


def _thirds_fit(longest: np.ndarray, units: np.ndarray) -> np.ndarray:
    """alpha_u.thirds_fit for arrays: 2·l³ < 2⁵³ and (n − 1)·2·l³ < 2⁵³, in whole numbers."""
    small = longest < 165_141  # 2 · 165,141³ > 2⁵³
    cubed = 2 * np.where(small, longest, 0).astype(np.int64) ** 3
    limit = np.where(cubed > 0, (2**53 - 1) // np.maximum(cubed, 1), np.iinfo(np.int64).max)
    return small & (units - 1 <= limit)
