"""Agreement of five annotators on 1,000,000 tokens in 400 documents, every figure αu
included (issue 22: under 5 s of CPU; make bench)."""

from __future__ import annotations

import random
import time

import numpy as np

from engine.agreement.corpus import build_corpus
from engine.agreement.measures import measure
from engine.formats.standoff import text_document
from engine.spans import Annotations, Span

ANNOTATORS = 5
DOCUMENTS = 400
TOKENS = 1_000_000
LABELS = ("LOC", "MISC", "ORG", "PER")


def _documents() -> list:
    """400 documents of 2,500 tokens of 4 characters (3 letters and a space)."""
    per_doc = TOKENS // DOCUMENTS
    text = "abc " * per_doc
    bounds = [(4 * i, 4 * i + 3) for i in range(per_doc)]
    return [text_document(f"doc{d:03d}", text, token_bounds=bounds) for d in range(DOCUMENTS)]


def _gold(rnd: random.Random) -> list[tuple[int, int, int, str]]:
    """A span every 7 tokens or so, 1–4 tokens long: (document, first token, end token, label)."""
    spans = []
    per_doc = TOKENS // DOCUMENTS
    for d in range(DOCUMENTS):
        t = rnd.randint(0, 6)
        while t < per_doc - 5:
            length = rnd.randint(1, 4)
            spans.append((d, t, t + length, rnd.choice(LABELS)))
            t += length + rnd.randint(1, 10)
    return spans


def _annotator(name: str, gold: list, documents: list, rnd: random.Random) -> Annotations:
    """The gold spans with 10 % of labels changed, 5 % of boundaries moved, 5 % left out."""
    spans = []
    for d, first, end, label in gold:
        roll = rnd.random()
        if roll < 0.05:
            continue
        if roll < 0.15:
            label = rnd.choice(LABELS)
        elif roll < 0.20:
            end = max(first + 1, end - 1)
        spans.append(Span(4 * first, 4 * end - 1, label, documents[d].name))
    return Annotations(name, "bench", documents, spans)


def test_agreement_of_five_annotators_on_a_million_tokens():
    rnd = random.Random(22)
    documents = _documents()
    gold = _gold(rnd)
    sides = {f"annotator{i + 1}": _annotator(f"a{i}", gold, documents, rnd) for i in range(ANNOTATORS)}
    cpu = time.process_time()
    corpus = build_corpus(sides)
    prepared = time.process_time() - cpu
    data = measure(corpus)
    took = time.process_time() - cpu
    spans = sum(len(s.spans) for s in sides.values())
    print(
        f"\nagreement: {ANNOTATORS} annotators × {TOKENS:,} tokens ({DOCUMENTS} documents, {spans:,} spans): "
        f"{took:.2f} s of CPU ({prepared:.2f} s preparing the arrays), αu {data['overall']['alpha_u']['overall']:.4f}"
    )
    assert data["overall"]["alpha_u"]["overall"] is not None
    assert np.isfinite(data["overall"]["token"]["fleiss_kappa"])
