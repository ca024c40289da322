"""The token coefficients of small degenerate corpora against their libraries, computed
here on the corpus' own token categories: scikit-learn's cohen_kappa_score, statsmodels'
fleiss_kappa, the `krippendorff` package. Where a library gives NaN or refuses (one
category everywhere, no token two annotators have, a document of one annotator, no
document in common) the figure is None with a reason; elsewhere it is the library's."""

from __future__ import annotations

import math
import random
import warnings

import numpy as np
import pytest

from engine.agreement.corpus import Corpus, build_corpus
from engine.agreement.measures import measure
from engine.formats.standoff import text_document
from engine.spans import Annotations, Span


def _corpus(rng: random.Random) -> Corpus:
    """2–4 annotators, 1–3 documents of 1–5 one-letter words, one or two labels (numbers or
    not); every annotator the same spans, random ones, or none; documents left out at random."""
    texts = {f"d{i}": " ".join("abc"[rng.randrange(3)] for _ in range(rng.choice([1, 1, 2, 5]))) for i in range(rng.choice([1, 2, 3]))}  # fmt: skip
    labels = rng.choice([["X"], ["X", "Y"], ["1", "2"]])
    mode = rng.choice(["same", "random", "none"])
    shared = {
        d: [(s, rng.choice(labels)) for s in range(0, len(t), 2) if rng.random() < 0.5]
        for d, t in texts.items()
    }
    sides = {}
    for a in range(rng.choice([2, 2, 3, 4])):
        docs = {d: t for d, t in texts.items() if (d == "d0" and a < 2) or rng.random() < 0.7}
        spans = []
        for d in docs:
            if mode == "same":
                spans += [Span(s, s + 1, label, d) for s, label in shared[d]]
            elif mode == "random":
                spans += [
                    Span(s, s + 1, rng.choice(labels), d)
                    for s in range(0, len(texts[d]), 2)
                    if rng.random() < 0.4
                ]
        sides[f"n{a}"] = Annotations(f"n{a}", "test", [text_document(d, t) for d, t in docs.items()], spans)
    return build_corpus(sides)


def _defined(value: float) -> float | None:
    return None if math.isnan(value) else float(value)


def _cohen(x: np.ndarray, y: np.ndarray) -> float | None:
    from sklearn.metrics import cohen_kappa_score

    return _defined(cohen_kappa_score(x, y)) if len(x) else None


def _fleiss(rows: list[np.ndarray], categories: int) -> float | None:
    from statsmodels.stats import inter_rater

    if len(rows) < 2 or not len(rows[0]):
        return None
    table, _ = inter_rater.aggregate_raters(np.array(rows).T, n_cat=categories)
    return _defined(inter_rater.fleiss_kappa(table, method="fleiss"))


def _kripp(rows: list[np.ndarray]) -> float | None:
    import krippendorff

    data = np.array([[np.nan if v < 0 else v for v in row] for row in rows], dtype=float)
    try:
        return _defined(krippendorff.alpha(reliability_data=data, level_of_measurement="nominal"))
    except ValueError:  # one value in the domain, or no unit two coders rated
        return None


def _same(ours: float | None, theirs: float | None) -> bool:
    return ours is None if theirs is None else ours is not None and ours == pytest.approx(theirs, abs=1e-12)


def _check_block(corpus: Corpus, block: dict, annotators: list[int], docs: list[int]) -> None:
    """One block (a document, or the corpus) against the libraries."""
    names, tokens, offsets = corpus.annotators, block["token"], corpus.token_offsets

    def codes(a: int, among: list[int]) -> np.ndarray:
        parts = [corpus.codes[a][offsets[d] : offsets[d + 1]] if corpus.present[a, d] else np.full(offsets[d + 1] - offsets[d], -1) for d in among]  # fmt: skip
        return np.concatenate(parts) if parts else np.zeros(0, np.int64)

    for i, a in enumerate(annotators):
        for b in annotators[i + 1 :]:
            both = [d for d in docs if corpus.present[a, d] and corpus.present[b, d]]
            assert _same(
                tokens["cohen_kappa"]["pairwise"][names[a]][names[b]], _cohen(codes(a, both), codes(b, both))
            )
    common = [d for d in docs if corpus.present[annotators, d].all()]
    assert _same(
        tokens["fleiss_kappa"], _fleiss([codes(a, common) for a in annotators], len(corpus.categories))
    )
    assert _same(tokens["krippendorff_alpha"], _kripp([codes(a, docs) for a in annotators]))
    for path, value in (
        ("fleiss_kappa", tokens["fleiss_kappa"]),
        ("krippendorff_alpha", tokens["krippendorff_alpha"]),
    ):
        assert value is not None or block["undefined"][f"/token/{path}"]


def test_token_coefficients_of_degenerate_corpora_are_the_libraries():
    undefined = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the libraries say where they give NaN (0/0, one label)
        for seed in range(200):
            corpus = _corpus(random.Random(seed))
            data = measure(corpus)
            everyone = list(range(len(corpus.annotators)))
            _check_block(corpus, data["overall"], everyone, list(range(len(corpus.documents))))
            for d, name in enumerate(corpus.documents):
                _check_block(corpus, data["per_document"][name], corpus.holders(d), [d])
            undefined += data["overall"]["token"]["krippendorff_alpha"] is None
    assert 20 < undefined < 180  # both kinds of corpus were made
