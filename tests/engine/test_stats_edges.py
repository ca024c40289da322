"""engine/stats.py on the samples random corpora never make, against scipy computed here:
approximate randomization against scipy's exact paired permutation test (identical
systems, one unit apart, better by the same on every unit), equal units, a seed given twice."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats as scipy_stats

from engine import stats
from engine.stats import Confidence
from tests.engine.test_stats import micro

SCORES = ("precision", "recall", "f1")


def exact_p(a: np.ndarray, b: np.ndarray, score: str) -> float:
    """scipy's exact paired permutation test of |score(b) − score(a)| (every unit's counts
    swapped between the systems or not: all 2^n ways)."""
    table = np.vstack([a, b]).astype(float)

    def statistic(x: np.ndarray, y: np.ndarray, axis: int = -1) -> np.ndarray:
        sums_a, sums_b = table[x].sum(axis=-2), table[y].sum(axis=-2)
        return np.abs(
            stats.prf(*np.moveaxis(sums_b, -1, 0))[score] - stats.prf(*np.moveaxis(sums_a, -1, 0))[score]
        )

    units = np.arange(len(a))
    return scipy_stats.permutation_test(
        (units, units + len(a)), statistic, permutation_type="samples", vectorized=True,
        alternative="greater", n_resamples=np.inf,
    ).pvalue  # fmt: skip


def _one_unit_apart() -> tuple[np.ndarray, np.ndarray]:
    a = np.random.default_rng(3).integers(0, 4, (8, 3))
    b = a.copy()
    b[0] = [0, 3, 3]
    return a, b


CASES = {
    "random": tuple(np.random.default_rng(2).integers(0, 4, (2, 9, 3))),
    "identical": (np.tile([2, 1, 1], (6, 1)), np.tile([2, 1, 1], (6, 1))),
    "better by the same on every unit": (np.tile([3, 1, 1], (6, 1)), np.tile([4, 0, 0], (6, 1))),
    "one unit apart": _one_unit_apart(),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_approximate_randomization_is_scipys_exact_permutation_test(case):
    """10,000 trials: within 0.02 of the exact p (4 standard errors); exactly 1 where every
    swap gives as large a difference (identical systems, one unit apart)."""
    a, b = CASES[case]
    rows = {r["score"]: r for r in stats.compare(micro(a), micro(b), Confidence(resamples=100), ("a", "b"))}
    for score in SCORES:
        exact = exact_p(a, b, score)
        assert rows[score]["p_randomization"] == (1.0 if exact == 1 else pytest.approx(exact, abs=0.02))


@pytest.mark.parametrize("counts", [np.tile([3, 1, 1], (20, 1)), np.tile([0, 2, 1], (5, 1))])
def test_equal_units_give_the_score_as_interval_as_scipy_does(counts):
    def f1(indices: np.ndarray, axis: int = -1) -> np.ndarray:
        return stats.prf(*np.moveaxis(counts[indices].sum(axis=-2), -1, 0))["f1"]

    theirs = scipy_stats.bootstrap(
        (np.arange(len(counts)),), f1, vectorized=True, n_resamples=200, method="percentile",
        random_state=np.random.default_rng(1),
    ).confidence_interval  # fmt: skip
    ours = stats.resampled_intervals(micro(counts), Confidence(resamples=200))[0][("overall", "overall")][
        "f1"
    ]
    point = micro(counts).point()[("overall", "overall")]["f1"]
    assert ours == (theirs.low, theirs.high) == (point, point)


def test_compare_repeats_with_its_seed():
    a, b = CASES["random"]
    once, again, other = (
        stats.compare(micro(a), micro(b), Confidence(resamples=100, trials=100, seed=seed), ("a", "b"))
        for seed in (4, 4, 5)
    )
    assert once == again and once != other
