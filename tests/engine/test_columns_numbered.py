"""columns.numbered is np.unique's distinct keys, inverse and first positions (the coder of
every column reader's fields)."""

from __future__ import annotations

import numpy as np
import pytest

from engine.formats.field_bytes import numbered


def _keys(kind: str, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    if kind == "many":
        pool = rng.integers(0, 2**64 - 1, 5_000, dtype=np.uint64)
        return pool[rng.integers(0, len(pool), 10_000)]
    if kind == "few":
        return rng.integers(0, 4, 10_000).astype(np.uint64) << np.uint64(60)
    return np.array({"none": [], "one": [7], "ties": [5, 5, 3, 5, 3, 9, 2**64 - 1, 0]}[kind], np.uint64)


@pytest.mark.parametrize("kind", ["many", "few", "none", "one", "ties"])
@pytest.mark.parametrize("seed", [1, 2])
def test_numbered_is_numpy_unique(kind, seed):
    keys = _keys(kind, seed)
    distinct, codes, first = numbered(keys)
    expected, index, inverse = np.unique(keys, return_index=True, return_inverse=True)
    assert distinct.tolist() == expected.tolist()
    assert codes.tolist() == inverse.ravel().tolist()
    assert first.tolist() == index.tolist()
