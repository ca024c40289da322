"""ProPara's documents made when read (ProcessDocuments) give the error rows the same units as
the documents process_document makes: the array copy of that layout cannot drift from it."""

from __future__ import annotations

import random

import numpy as np

from engine.methods.propara.detail import ProcessDocuments, process_document


def test_the_units_are_those_of_the_documents():
    rng = random.Random(7)
    pids = list(range(1, 41))
    steps = [rng.randint(1, 6) for _ in pids]
    words = ["water", "flows", "into", "the", "roots", "of", "plants"]
    texts = {pid: [" ".join(rng.choices(words, k=rng.randint(0, 5))) for _ in range(rng.randint(0, 8))]
             for pid in pids if rng.random() < 0.6}  # fmt: skip  # some without a text, some sentences empty
    documents = ProcessDocuments(pids, steps, texts)
    counts, bounds = documents.units
    made = [process_document(pid, n, texts.get(pid)) for pid, n in zip(pids, steps, strict=True)]
    assert counts.tolist() == [len(d.units) for d in made]
    assert bounds.tolist() == [list(unit) for d in made for unit in d.units]
    assert [d.name for d in documents] == [d.name for d in made] == documents.names
    assert np.all(counts > 0)
