"""The per-document figures, counted for all documents at once in arrays (unit_tables.py,
token_tables.py), against the plain definitions on each document alone: αu against
alpha_u.study (checked against DKPro in test_agreement_coefficients.py), bit for bit;
κ and α against the coefficient functions on the document's category codes."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest

from engine.agreement import alpha_u as au
from engine.agreement.corpus import build_corpus
from engine.agreement.measures import measure
from engine.formats.standoff import text_document
from engine.spans import Annotations, Span
from tests.engine.coding_oracle import cohen_kappa, fleiss_kappa, krippendorff_alpha

LABELS = ("LOC", "PER", "Ä")


def _sides(rnd: random.Random, sizes: list[int], long_units: bool) -> dict[str, Annotations]:
    """2–4 annotators over documents of one-character tokens, each document missing for
    an annotator now and then; units overlap, stack and run long where asked."""
    docs = [
        text_document(f"d{d}", "a " * n, token_bounds=[(2 * i, 2 * i + 1) for i in range(n)])
        for d, n in enumerate(sizes)
    ]
    sides = {}
    for a in range(rnd.randint(2, 4)):
        mine = [doc for doc in docs if rnd.random() < 0.85] or docs[:1]
        spans = []
        for doc, n in zip(docs, sizes, strict=True):
            for _ in range(rnd.randint(0, 12) if n else 0):
                first = rnd.randrange(n)
                length = rnd.randint(1, n // 2 + 1) if long_units else rnd.randint(1, 6)
                end = min(n, first + length)
                spans.append(Span(2 * first, 2 * end - 1, rnd.choice(LABELS), doc.name))
        names = {doc.name for doc in mine}
        sides[f"n{a}"] = Annotations(f"n{a}", "test", mine, [s for s in spans if s.doc in names])
    return sides


def _close(value: float | None, expected: float | None) -> bool:
    """The same value, but for the rounding of sums taken in another order."""
    return value == expected if expected is None else value == pytest.approx(expected, rel=1e-12, abs=1e-13)


def _check_document(corpus, data: dict, d: int) -> None:
    name, n = corpus.documents[d], corpus.n_tokens(d)
    holders = corpus.holders(d)
    block = data["per_document"][name]
    units: dict[int, dict[str, au.Units]] = {a: {} for a in holders}
    for a in holders:
        table = corpus.tables[a]
        rows = table.rows(d)
        for i, label in enumerate(corpus.labels):
            mine = table.label[rows] == i
            units[a][label] = au.make_units(table.tok_start[rows][mine], table.tok_end[rows][mine])
    overall, per_label = au.study([units[a] for a in holders], corpus.labels, n)
    assert block["alpha_u"]["overall"] == overall.value
    assert block["alpha_u"]["disagreement"]["overall"] == {
        "observed": overall.observed,
        "expected": overall.expected,
    }
    assert block["alpha_u"]["per_label"] == {c: v.value for c, v in per_label.items()}
    for a, b in combinations(holders, 2):
        pair, _ = au.study([units[a], units[b]], corpus.labels, n)
        x, y = corpus.annotators[a], corpus.annotators[b]
        assert block["alpha_u"]["pairwise"][x][y] == pair.value
        assert block["alpha_u"]["disagreement"]["pairwise"][x][y]["expected"] == pair.expected
        codes = [corpus.doc_codes(h, d) for h in (a, b)]
        kappa = cohen_kappa(*codes, len(corpus.categories))[0]
        assert _close(block["token"]["cohen_kappa"]["pairwise"][x][y], kappa)
    if len(holders) >= 2 and n:
        codes = [corpus.doc_codes(h, d) for h in holders]
        k = len(corpus.categories)
        for key, function in (("fleiss_kappa", fleiss_kappa), ("krippendorff_alpha", krippendorff_alpha)):
            expected = function(codes, k)[0]
            assert _close(block["token"][key], expected)


@pytest.mark.parametrize("seed", range(40))
def test_every_document_as_measured_alone(seed):
    rnd = random.Random(seed)
    sizes = [rnd.choice([0, 1, 5, 20, 60]) for _ in range(rnd.randint(1, 5))]
    corpus = build_corpus(_sides(rnd, sizes, long_units=seed % 3 == 0))
    data = measure(corpus)
    for d in range(len(corpus.documents)):
        _check_document(corpus, data, d)


def test_long_units_of_a_long_document_keep_dkpros_rounding():
    """Units over 165,140 tokens (DKPro's doubles round the thirds) in a 500,000-token
    document (sums beyond int64: Python integers)."""
    rnd = random.Random(5)
    corpus = build_corpus(_sides(rnd, [500_000, 7], long_units=True))
    assert max(int(np.max(t.tok_end - t.tok_start, initial=0)) for t in corpus.tables) > 165_140
    data = measure(corpus)
    for d in range(len(corpus.documents)):
        _check_document(corpus, data, d)
