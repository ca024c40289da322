"""Array helpers of FairEval's comparison: equal rows, ranks within groups, clusters of
intersecting intervals. All sort-based, O(n log n)."""

from __future__ import annotations

import numpy as np

from ...rowkeys import row_keys


def rank_within(groups: np.ndarray) -> np.ndarray:
    """Each element's rank among the elements of its group, in array order."""
    n = len(groups)
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    order = np.argsort(groups, kind="stable")
    ordered = groups[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
    run_start = np.repeat(starts, np.diff(np.r_[starts, n]))
    ranks = np.empty(n, dtype=np.int64)
    ranks[order] = np.arange(n) - run_start
    return ranks


def clusters(sentence: np.ndarray, begin: np.ndarray, end: np.ndarray) -> np.ndarray:
    """Cluster ids: intervals [begin, end] of one sentence that intersect, directly or
    through others, share a cluster; ids follow sentence and begin order."""
    n = len(sentence)
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    keys = row_keys(np.concatenate((sentence, sentence)), np.concatenate((begin, end)))  # (sentence, bound)
    order = np.argsort(keys[:n], kind="stable")
    s, b = sentence[order], keys[:n][order]
    reach = np.maximum.accumulate(keys[n:][order])  # the furthest end so far (sentence first)
    new = np.ones(n, dtype=bool)
    new[1:] = (s[1:] != s[:-1]) | (b[1:] > reach[:-1])
    ids = np.empty(n, dtype=np.int64)
    ids[order] = np.cumsum(new) - 1
    return ids
