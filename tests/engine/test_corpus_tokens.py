"""The tokens of spans found over all documents at once (engine/formats/corpus_tokens.py)
are those a search of each document's own tokens finds, offset by its first token."""

from __future__ import annotations

import random

import numpy as np

from engine.formats.corpus_tokens import CorpusTokens
from engine.formats.spantable import Bounds
from engine.spans import Document


def _documents(rng: random.Random) -> list[Document]:
    """Documents of 0-6 tokens with gaps between them (some documents empty)."""
    documents = []
    for number in range(rng.randint(0, 6)):
        starts, ends, at = [], [], rng.randint(0, 3)
        for _ in range(rng.choice([0, 1, 6])):
            starts.append(at)
            at += rng.randint(1, 4)
            ends.append(at)
            at += rng.randint(0, 2)
        text = "x" * (at + rng.randint(0, 3))
        bounds = Bounds(np.array(starts, np.int64), np.array(ends, np.int64))
        documents.append(Document(f"d{number}", text, joiner="", token_bounds=bounds))
    return documents


def test_the_tokens_of_spans_are_each_documents_own():
    """Also of spans that start before their document (read from its start) or end after it."""
    rng = random.Random(31)
    for _ in range(2000):
        documents = _documents(rng)
        if not documents:
            continue
        corpus = CorpusTokens.of(documents)
        docs = np.array([rng.randrange(len(documents)) for _ in range(8)], np.int64)
        starts = np.array([rng.randint(-40, 30) for _ in range(8)], np.int64)
        ends = starts + np.array([rng.randint(0, 9) for _ in range(8)], np.int64)
        first, last = corpus.covered(docs, starts, ends)
        after = corpus.at_or_after(docs, starts)
        for k, d in enumerate(docs.tolist()):
            own_starts, own_ends = documents[d].token_bounds.starts, documents[d].token_bounds.ends
            base = int(corpus.firsts[d])
            start, end = max(int(starts[k]), 0), max(int(ends[k]), 0)
            assert first[k] == np.searchsorted(own_ends, start, side="right") + base
            assert last[k] == np.searchsorted(own_starts, end, side="left") - 1 + base
            assert after[k] == np.searchsorted(own_starts, start, side="left") + base
