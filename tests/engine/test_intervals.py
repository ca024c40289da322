"""Interval primitives against brute force (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.intervals import IntervalIndex, merge_overlapping, overlap_components, overlapping_pairs

interval = st.tuples(st.integers(0, 40), st.integers(0, 12)).map(lambda p: (p[0], p[0] + p[1]))
intervals = st.lists(interval, max_size=40)


def meets(a, b) -> bool:
    return a[0] < a[1] and b[0] < b[1] and a[0] < b[1] and b[0] < a[1]


@given(intervals, intervals)
def test_overlapping_pairs_equals_brute_force(a, b):
    expected = sorted((i, j) for i, x in enumerate(a) for j, y in enumerate(b) if meets(x, y))
    assert overlapping_pairs(a, b) == expected


@given(intervals, st.booleans())
def test_merge_covers_exactly_the_same_positions(items, touching):
    merged = merge_overlapping(items, touching=touching)
    covered = {p for s, e in items for p in range(s, e)}
    assert {p for s, e in merged for p in range(s, e)} == covered
    for (_, e1), (s2, _) in zip(merged, merged[1:], strict=False):
        assert e1 < s2 if touching else e1 <= s2


@given(intervals, intervals, intervals)
def test_components_are_the_connected_groups(a, b, c):
    sets = (a, b, c)
    groups = overlap_components(*sets)
    items = [(k, i) for k, s in enumerate(sets) for i in range(len(s))]
    assert sorted(x for g in groups for x in g) == sorted(items)
    where = {x: n for n, g in enumerate(groups) for x in g}
    for x in items:  # overlapping intervals share a group …
        for y in items:
            if meets(sets[x[0]][x[1]], sets[y[0]][y[1]]):
                assert where[x] == where[y]
    for group in groups:  # … and a group cannot be split into two non-overlapping halves
        spans = sorted(sets[k][i] for k, i in group)
        reach = spans[0][1]
        for s, e in spans[1:]:
            assert s < reach
            reach = max(reach, e)


@settings(max_examples=200)
@given(intervals, st.lists(st.integers(0, 39), max_size=20), st.lists(interval, max_size=10))
def test_index_answers_like_a_scan_after_removals(items, removed, queries):
    index = IntervalIndex(items)
    gone = {r for r in removed if r < len(items)}
    for r in gone:
        index.remove(r)
    for q in queries:
        expected = sorted(i for i, x in enumerate(items) if i not in gone and meets(x, q))
        assert sorted(index.overlapping(*q)) == expected
