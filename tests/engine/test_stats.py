"""Confidence intervals and paired tests over per-unit counts (engine/stats.py)."""

from __future__ import annotations

import numpy as np
import pytest

from engine import stats
from engine.errors import InputError
from engine.stats import Confidence, ScoreRow, UnitStatistics


def micro(counts: np.ndarray, unit: str = "sentence") -> UnitStatistics:
    """Statistics of units with TP, FP, FN columns and one micro P/R/F1 row."""
    row = ScoreRow("overall", "overall", ("TP", "FP", "FN"), lambda s: stats.prf(s[:, 0], s[:, 1], s[:, 2]))
    ids = [str(i + 1) for i in range(len(counts))]
    return UnitStatistics(unit, ids, np.asarray(counts, float), [row], ["TP", "FP", "FN"])


def draw_corpus(rng: np.random.Generator, units: int) -> np.ndarray:
    """Per unit: 5 gold spans, each found with probability 0.8 (else FN), and 2 chances
    of a spurious span with probability 0.25 each."""
    tp = rng.binomial(5, 0.8, units)
    return np.column_stack([tp, rng.binomial(2, 0.25, units), 5 - tp])


TRUE_P, TRUE_R = 4 / 4.5, 4 / 5
TRUE_F1 = 2 * TRUE_P * TRUE_R / (TRUE_P + TRUE_R)


def f1_interval(counts: np.ndarray, confidence: Confidence | None = None) -> tuple[float, float]:
    return stats.resampled_intervals(micro(counts), confidence or Confidence())[0][("overall", "overall")]["f1"]


# --- intervals ---------------------------------------------------------------------------


def test_interval_holds_the_point_estimate_and_repeats_with_its_seed():
    counts = draw_corpus(np.random.default_rng(1), 300)
    point = micro(counts).point()[("overall", "overall")]
    found = stats.resampled_intervals(micro(counts), Confidence())[0][("overall", "overall")]
    for name, (low, high) in found.items():
        assert low < point[name] < high
    assert found == stats.resampled_intervals(micro(counts), Confidence())[0][("overall", "overall")]
    assert found != stats.resampled_intervals(micro(counts), Confidence(seed=7))[0][("overall", "overall")]


def test_width_shrinks_as_one_over_root_n_when_the_corpus_is_repeated():
    counts = draw_corpus(np.random.default_rng(2), 200)
    widths = {}
    for n in (1, 4, 16):
        low, high = f1_interval(np.tile(counts, (n, 1)), Confidence(resamples=2000))
        widths[n] = high - low
    assert widths[4] / widths[1] == pytest.approx(0.5, rel=0.12)
    assert widths[16] / widths[1] == pytest.approx(0.25, rel=0.12)


def test_coverage_of_the_true_f1_on_synthetic_corpora():
    """400 corpora of 200 units drawn from a known error rate: the 95 % interval holds
    the population F1 in 93–97 % of them."""
    rng = np.random.default_rng(2024)
    held = 0
    for draw in range(400):
        low, high = f1_interval(draw_corpus(rng, 200), Confidence(seed=draw))
        held += low <= TRUE_F1 <= high
    assert 0.93 <= held / 400 <= 0.97


def test_a_narrower_level_gives_a_narrower_interval():
    counts = draw_corpus(np.random.default_rng(3), 200)
    low90, high90 = f1_interval(counts, Confidence(level=0.9))
    low99, high99 = f1_interval(counts, Confidence(level=0.99))
    assert low99 < low90 < high90 < high99


def test_percentile_bootstrap_agrees_with_scipy():
    from scipy import stats as scipy_stats

    counts = draw_corpus(np.random.default_rng(4), 150)

    def f1(indices: np.ndarray, axis: int = -1) -> np.ndarray:
        sums = counts[indices].sum(axis=-2)
        return stats.prf(sums[..., 0], sums[..., 1], sums[..., 2])["f1"]

    theirs = scipy_stats.bootstrap(
        (np.arange(len(counts)),), f1, vectorized=True, n_resamples=5000, method="percentile",
        confidence_level=0.95, random_state=np.random.default_rng(5),
    )  # fmt: skip
    ours = f1_interval(counts, Confidence(resamples=5000))
    spread = theirs.standard_error
    assert ours[0] == pytest.approx(theirs.confidence_interval.low, abs=0.2 * spread)
    assert ours[1] == pytest.approx(theirs.confidence_interval.high, abs=0.2 * spread)


def test_resampled_sums_are_the_sums_of_the_drawn_units():
    rng = np.random.default_rng(6)
    counts = rng.integers(0, 4, size=(50, 3)).astype(float)
    inverse = np.arange(50)
    weights = stats.bootstrap_weights(np.random.default_rng(8), inverse, 50, 3)
    draws = np.random.default_rng(8).integers(0, 50, size=(3, 50), dtype=np.int32)
    assert weights.sum(axis=1).tolist() == [50, 50, 50]
    assert np.array_equal(weights @ counts, counts[draws].sum(axis=1))


def test_equal_units_share_a_row():
    counts = np.array([[1, 0], [0, 2], [1, 0], [0, 0], [0, 2]], float)
    distinct, inverse = stats.distinct_rows(counts)
    assert np.array_equal(distinct[inverse], counts)
    assert len(distinct) == 3


# --- paired tests --------------------------------------------------------------------------


def compared(a: np.ndarray, b: np.ndarray, **settings) -> dict[str, dict]:
    confidence = Confidence(resamples=settings.get("resamples", 500), trials=settings.get("trials", 1000))
    rows = stats.compare(micro(a), micro(b), confidence, ("a.tsv", "b.tsv"))
    return {row["score"]: row for row in rows}


def test_identical_systems_differ_by_nothing_with_p_one():
    counts = draw_corpus(np.random.default_rng(9), 100)
    for row in compared(counts, counts.copy()).values():
        assert row["difference"] == 0 and row["low"] == 0 and row["high"] == 0
        assert row["p_bootstrap"] == 1 and row["p_randomization"] == 1


def test_a_system_better_on_every_unit_is_at_the_floor():
    better = np.tile([10, 0, 0], (60, 1))
    worse = np.tile([5, 5, 5], (60, 1))
    for row in compared(worse, better, resamples=400, trials=2000).values():
        assert row["difference"] == pytest.approx(0.5)
        assert row["p_bootstrap"] == 1 / 401
        assert row["p_randomization"] == 1 / 2001


def test_a_small_difference_is_not_significant():
    rng = np.random.default_rng(10)
    a = draw_corpus(rng, 200)
    b = a.copy()
    b[:3] = [[0, 2, 5]] * 3  # three units worse
    row = compared(a, b)["f1"]
    assert row["difference"] < 0
    assert row["low"] < 0 <= row["high"] or row["high"] < 0
    assert 0.01 < row["p_randomization"] <= 1


def test_randomization_matches_columns_by_key():
    """Two systems whose columns were made in another order are still swapped column by column."""
    counts = draw_corpus(np.random.default_rng(11), 80)
    a = micro(counts)
    order = [2, 0, 1]
    b = UnitStatistics("sentence", a.ids, counts[:, order].astype(float), a.rows, [a.keys[i] for i in order])
    row = {r["score"]: r for r in stats.compare(a, b, Confidence(), ("a", "b"))}["f1"]
    assert row["difference"] == 0 and row["p_randomization"] == 1


def test_units_that_differ_are_named():
    a = micro(np.ones((3, 3)))
    b = micro(np.ones((3, 3)))
    b.ids[1] = "s.tsv:7"
    with pytest.raises(
        InputError,
        match="b.tsv: expected the same sentences as a.tsv, found sentence s.tsv:7 where a.tsv has sentence 2",
    ):
        stats.check_same_units(a, b, "a.tsv", "b.tsv")
    shorter = micro(np.ones((2, 3)))
    with pytest.raises(
        InputError, match="2 sentences where a.tsv has 3: the first that differs is sentence 3"
    ):
        stats.check_same_units(a, shorter, "a.tsv", "b.tsv")


@pytest.mark.parametrize(
    ("confidence", "message"),
    [
        (Confidence(level=1.0), "--ci: expected a level between 0 and 1 (exclusive), found 1.0"),
        (Confidence(level=0.0), "--ci: expected a level between 0 and 1"),
        (Confidence(resamples=99), "--resamples: expected at least 100 resamples, found 99"),
        (Confidence(trials=10), "--trials: expected at least 100 trials, found 10"),
        (Confidence(resamples=10**11), "--resamples: expected at most 100,000 resamples, found 100000000000"),
        (Confidence(trials=100_001), "--trials: expected at most 100,000 trials, found 100001"),
    ],
)
def test_settings_out_of_range(confidence, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        confidence.check()


def test_a_negative_seed_is_refused_as_numpy_refuses_it():
    with pytest.raises(ValueError, match="non-negative"):
        np.random.default_rng(-1)
    with pytest.raises(InputError, match="--seed: expected a whole number of 0 or more, found -1"):
        Confidence(seed=-1).check()
    Confidence(seed=0).check()


class _CountedColumns(tuple):
    """A row's columns that count how often they are read."""

    reads = 0

    def __iter__(self):
        _CountedColumns.reads += 1
        return super().__iter__()


def test_the_intervals_pick_each_rows_columns_once_for_its_scores_and_its_unread_resamples():
    """scores() and unread() each picked every row's columns from the sums (0.68 → 0.71 s)."""
    counts = draw_corpus(np.random.default_rng(3), 40)
    plain = micro(counts)
    row = plain.rows[0]
    counted = UnitStatistics("sentence", plain.ids, plain.counts, [ScoreRow(row.table, row.row,
                             _CountedColumns(row.columns), row.score)], plain.keys)  # fmt: skip
    confidence = Confidence(resamples=200, seed=5)
    _CountedColumns.reads = 0
    assert stats.resampled_intervals(counted, confidence) == stats.resampled_intervals(plain, confidence)
    assert _CountedColumns.reads == 1  # one block of resamples, one row
    scores, unread = counted.scores_and_unread(counts[:3])
    assert unread[row.table, row.row].tolist() == (counts[:3].sum(axis=1) == 0).tolist()
    assert scores.keys() == counted.scores(counts[:3]).keys()
