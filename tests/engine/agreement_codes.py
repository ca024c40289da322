"""Generated category codes for the coefficient tests (the same in every Python)."""

from __future__ import annotations

import random


def codes(seed: int, raters: int, n: int, k: int, missing: float = 0.0) -> list[list[int]]:
    """`raters` rows of `n` codes in 0..k−1 that mostly follow one hidden truth; −1 is missing."""
    rnd = random.Random(seed)
    truth = [rnd.randrange(k) for _ in range(n)]
    rows = []
    for _ in range(raters):
        row = []
        for t in truth:
            v = t if rnd.random() < 0.7 else rnd.randrange(k)
            row.append(-1 if rnd.random() < missing else v)
        rows.append(row)
    return rows
