"""Resampling speed (make bench): 1,000 bootstrap resamples and a comparison of two
systems over the per-sentence counts of a 1,000,000-token corpus (engine/stats.py)."""

from __future__ import annotations

import time

import numpy as np

from engine.methods.faireval.units import _rows
from engine.stats import Confidence, UnitCounts, UnitStatistics, compare, matched, resampled_intervals

TOKENS, SENTENCE = 1_000_000, 20  # 50,000 sentences of 20 tokens
LABELS = ["PER", "LOC", "ORG", "OTH", "DATE", "TIME", "MONEY", "EVENT", "WORK", "LAW"]
FAIR = ("TP", "FP", "FN", "LE", "BE", "BES", "BEL", "BEO", "LBE")


def corpus(seed: int) -> UnitStatistics:
    """FairEval-shaped counts (traditional and fair, per label and overall) of sentences
    with 0-6 gold spans each, found by a system with the usual kinds of error."""
    rng = np.random.default_rng(seed)
    counts = UnitCounts("sentence")
    for number in range(TOKENS // SENTENCE):
        counts.start(str(number))
        for _ in range(rng.integers(0, 7)):
            label = LABELS[rng.integers(len(LABELS))]
            kind = FAIR[min(rng.geometric(0.75) - 1, 8)]
            traditional = ("TP",) if kind == "TP" else ("FP", "FN") if kind != "FP" else ("FP",)
            for name in ("traditional", "fair"):
                for count in (traditional if name == "traditional" else (kind,)):
                    counts.add((name, label, count), 1)
                    counts.add((name, None, count), 1)
    return counts.statistics(_rows(counts, LABELS, None, ["traditional", "fair"]))


def cpu(function, *args) -> tuple[float, object]:
    start = time.process_time()
    result = function(*args)
    return time.process_time() - start, result


def test_resampling_a_million_tokens():
    a, other = matched(corpus(1), corpus(2))
    changed = np.random.default_rng(3).random(len(a.ids))[:, None] < 0.1  # B differs in 10 % of the sentences
    b = UnitStatistics("sentence", a.ids, np.where(changed, other.counts, a.counts), a.rows, a.keys)
    assert len(a.ids) == TOKENS // SENTENCE
    seconds, found = cpu(resampled_intervals, a, Confidence())
    low, high = found[0][("overall", "fair")]["f1"]
    print(f"\nbootstrap: 1,000 resamples of {len(a.ids):,} sentences ({TOKENS:,} tokens, "
          f"{a.counts.shape[1]} count columns, {len(a.rows)} score rows): {seconds:.2f} s CPU; "
          f"fair F1 in [{low:.4f}, {high:.4f}]")  # fmt: skip
    assert seconds < 2.0
    seconds, rows = cpu(compare, a, b, Confidence(), ("a", "b"))
    print(f"compare (B differs in 10 % of the sentences): 1,000 paired resamples and 10,000 "
          f"randomization trials: {seconds:.2f} s CPU ({len(rows)} differences)")  # fmt: skip
