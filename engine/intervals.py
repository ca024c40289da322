"""Interval primitives by sort and sweep, shared by every method.

Intervals are half-open `(start, end)` pairs; an interval with `end <= start` is empty
and overlaps nothing. Every function here costs O((n + k) log n) for n intervals and k
results, never a comparison of every interval with every other.
"""

from __future__ import annotations

import bisect
import heapq
from collections.abc import Iterable, Sequence

Interval = tuple[int, int]


def _order(intervals: Sequence[Interval]) -> list[int]:
    """Indices of the non-empty intervals, sorted by start (ties by index)."""
    return sorted((i for i, (s, e) in enumerate(intervals) if e > s), key=lambda i: intervals[i][0])


def overlapping_pairs(a: Sequence[Interval], b: Sequence[Interval]) -> list[tuple[int, int]]:
    """All pairs (i, j) with a[i] and b[j] sharing at least one position, sorted."""
    events = [(a[i][0], 0, i) for i in _order(a)] + [(b[j][0], 1, j) for j in _order(b)]
    events.sort()
    sides = (a, b)
    active: tuple[dict[int, int], dict[int, int]] = ({}, {})
    expiry: tuple[list[tuple[int, int]], list[tuple[int, int]]] = ([], [])
    pairs: list[tuple[int, int]] = []
    for start, side, index in events:
        other = 1 - side
        heap, live = expiry[other], active[other]
        while heap and heap[0][0] <= start:
            _, gone = heapq.heappop(heap)
            live.pop(gone, None)
        for partner in live:
            pairs.append((index, partner) if side == 0 else (partner, index))
        end = sides[side][index][1]
        active[side][index] = end
        heapq.heappush(expiry[side], (end, index))
    pairs.sort()
    return pairs


def merge_overlapping(intervals: Iterable[Interval], *, touching: bool = False) -> list[Interval]:
    """The union of the intervals as sorted disjoint intervals.

    With `touching`, intervals that meet end to start (`[1, 3)` and `[3, 5)`) merge too.
    """
    merged: list[list[int]] = []
    for start, end in sorted(iv for iv in intervals if iv[1] > iv[0]):
        if merged and (start < merged[-1][1] or (touching and start == merged[-1][1])):
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return [(s, e) for s, e in merged]


def overlap_components(*sets: Sequence[Interval]) -> list[list[tuple[int, int]]]:
    """Connected groups of overlapping intervals across several sets.

    Each group is a list of (set number, index in that set), sorted by start; groups come
    in order of position. Empty intervals form groups of their own.
    """
    items = sorted(
        ((iv[0], iv[1], k, i) for k, ivs in enumerate(sets) for i, iv in enumerate(ivs)),
        key=lambda item: (item[0], item[2], item[3]),
    )
    groups: list[list[tuple[int, int]]] = []
    current: list[tuple[int, int]] = []
    reach = 0
    for start, end, k, i in items:
        if end <= start:
            groups.append([(k, i)])
            continue
        if not current or start >= reach:
            current = []
            groups.append(current)
            reach = end
        else:
            reach = max(reach, end)
        current.append((k, i))
    return groups


class IntervalIndex:
    """A fixed set of intervals answering "which live ones overlap [start, end)?".

    Intervals can be removed (and never added): sorted by start, with a segment tree of
    the largest end below each node, a query costs O((k + 1) log n).
    """

    _GONE = float("-inf")

    def __init__(self, intervals: Sequence[Interval]) -> None:
        order = sorted(range(len(intervals)), key=lambda i: intervals[i][0])
        self._ids = order
        self._starts = [intervals[i][0] for i in order]
        self._where = {item: pos for pos, item in enumerate(order)}
        size = 1
        while size < max(len(order), 1):
            size *= 2
        self._size = size
        tree: list[float] = [self._GONE] * (2 * size)
        for pos, item in enumerate(order):
            start, end = intervals[item]
            tree[size + pos] = end if end > start else self._GONE
        for node in range(size - 1, 0, -1):
            tree[node] = max(tree[2 * node], tree[2 * node + 1])
        self._tree = tree

    def __len__(self) -> int:
        return len(self._ids)

    def remove(self, item: int) -> None:
        """Take interval number `item` (its index in the input) out of all later answers."""
        node = self._size + self._where[item]
        tree = self._tree
        tree[node] = self._GONE
        node //= 2
        while node:
            tree[node] = max(tree[2 * node], tree[2 * node + 1])
            node //= 2

    def overlapping(self, start: int, end: int) -> list[int]:
        """Indices (in the input) of the live intervals sharing a position with [start, end)."""
        if end <= start:
            return []
        limit = bisect.bisect_left(self._starts, end)  # intervals starting before `end`
        if limit == 0:
            return []
        tree, size, found = self._tree, self._size, []
        stack = [(1, 0, size)]
        while stack:
            node, lo, hi = stack.pop()
            if lo >= limit or tree[node] <= start:
                continue
            if node >= size:
                found.append(self._ids[lo])
                continue
            mid = (lo + hi) // 2
            stack.append((2 * node + 1, mid, hi))
            stack.append((2 * node, lo, mid))
        return found
