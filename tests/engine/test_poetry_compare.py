"""The engine's page scoring against the literal reference (tests/engine/poetry_reference.py)
on random pages: ties, nesting, duplicates, touching and overlapping spans, labels that
compare equal across types, both modes, several weights, small and large pages."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.methods.poetry import columns
from engine.methods.poetry.columns import row_numbers, score_rows
from engine.methods.poetry.compare import PageDetail, SplitError, score_page, spans_from_tuples
from tests.engine import poetry_reference as ref

LABELS = ["A", "B", "", None, 1, 1.0, True, "1"]


@st.composite
def span_lists(draw, max_spans=6, max_pos=30):
    spans = []
    for _ in range(draw(st.integers(0, max_spans))):
        start = draw(st.integers(-3, max_pos))
        end = draw(st.integers(start + 1, start + draw(st.sampled_from([1, 3, 8, 20]))))
        spans.append((start, end, draw(st.sampled_from(LABELS))))
    return spans


def engine(refs, syss, ignore_label, weight, detail=None):
    as_tuples = [[(s, e, k, lab) for k, (s, e, lab) in enumerate(side)] for side in (refs, syss)]
    return score_page(as_tuples[0], as_tuples[1], ignore_label, weight, detail)


def typed(values):
    return [(type(v).__name__, v) for v in values]


def check(refs, syss, ignore_label, weight):
    detail = PageDetail()
    try:
        engine(refs, syss, ignore_label, weight, detail)
    except SplitError:
        pass
    else:
        expected_map = ref.mapping(refs, syss, ignore_label)
        assert detail.system_of == [-1 if j is None else j for j in expected_map]
    try:
        expected = ref.evaluate_page(refs, syss, ignore_label, weight)
    except ref.EmptyPiece:
        with pytest.raises(SplitError):
            engine(refs, syss, ignore_label, weight)
        return
    got = engine(refs, syss, ignore_label, weight, PageDetail())
    assert typed(got[:8]) == typed(expected)
    assert got == engine(refs, syss, ignore_label, weight)  # detail changes nothing


@settings(max_examples=600, deadline=None)
@given(span_lists(), span_lists(), st.booleans(), st.sampled_from([1.0, 0.0, 0.3, 0.5, 2.0]))
def test_small_pages_match_the_reference(refs, syss, ignore_label, weight):
    check(refs, syss, ignore_label, weight)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 12), st.integers(1, 6)), max_size=5),
    st.lists(st.tuples(st.integers(0, 12), st.integers(1, 6)), max_size=6),
    st.booleans(),
)
def test_ties_go_to_the_first_span_in_sorted_order(refs, syss, ignore_label):
    """Few positions, one label: equal factors everywhere (P3)."""
    check([(s, s + n, "A") for s, n in refs], [(s, s + n, "A") for s, n in syss], ignore_label, 1.0)


def test_ties_between_running_and_starting_spans():
    """(5,15) and (6,15) both give (10,20) the factor 0.5 while running; (10,16) ties
    (12,18) among the spans that start inside it: the first in sorted order wins."""
    for refs, syss, first in [([(10, 20, "A")], [(6, 15, "A"), (5, 15, "A")], 0),
                              ([(10, 20, "A")], [(12, 18, "A"), (10, 16, "A")], 0),
                              ([(10, 20, "A")], [(12, 22, "A"), (8, 18, "A")], 0)]:  # fmt: skip
        detail = PageDetail()
        engine(refs, syss, False, 1.0, detail)
        assert detail.system_of == [first] == ref.mapping(refs, syss)


@settings(max_examples=150, deadline=None)
@given(span_lists(40, 200), span_lists(40, 200), st.booleans(), st.sampled_from([1.0, 0.5]))
def test_large_pages_match_the_reference(refs, syss, ignore_label, weight):
    check(refs, syss, ignore_label, weight)


def test_large_pages_mixing_labels():
    """Two labels interleaved over a long page: each reference meets only its own label."""
    refs = [(i * 7, i * 7 + 9, "AB"[i % 2]) for i in range(30)]
    syss = [(i * 5, i * 5 + 12, "AB"[i % 3 % 2]) for i in range(40)]
    assert typed(engine(refs, syss, False, 1.0)[:8]) == typed(ref.evaluate_page(refs, syss, False, 1.0))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(span_lists(), span_lists()), max_size=8), st.booleans(),
       st.sampled_from([1.0, 0.3]))  # fmt: skip
def test_all_pages_at_once_as_page_by_page(pages, ignore_label, weight):
    """score_rows over many pages gives each page the numbers it gets alone."""
    codes = {}
    tuples = [[[(s, e, k, lab) for k, (s, e, lab) in enumerate(side)] for side in page] for page in pages]
    rows = list(range(len(pages)))
    refs = spans_from_tuples(rows, [page[0] for page in tuples], codes)
    syss = spans_from_tuples(rows, [page[1] for page in tuples], codes)
    empty = codes.setdefault("", len(codes))
    alone = []
    for page in pages:
        try:
            alone.append(engine(*page, ignore_label, weight))
        except SplitError:
            alone.append(None)
    if None in alone:
        with pytest.raises(SplitError) as err:
            score_rows(refs, syss, len(pages), ignore_label, weight, len(codes), empty)
        assert err.value.row == alone.index(None)
        return
    default = columns.FEW_ROWS
    try:
        for few_rows in (1, default):  # the k-th pair of all pages added at once, or page by page
            columns.FEW_ROWS = few_rows
            scores = score_rows(refs, syss, len(pages), ignore_label, weight, len(codes), empty)
            assert [typed(numbers) for numbers in row_numbers(scores)] == [typed(numbers) for numbers in alone]
    finally:
        columns.FEW_ROWS = default


def test_offsets_beyond_int64_arithmetic_are_exact():
    """Offsets near 2**63 are kept as Python integers: the same numbers as small ones
    shifted, and the literal reference's."""
    big = 2**63 - 1000
    refs = [(big, big + 9, "A"), (big + 10, big + 17, "A"), (3, 2**60, "B")]
    syss = [(big + 2, big + 16, "A"), (2, 2**60 + 3, "B")]
    assert typed(engine(refs, syss, False, 1.0)[:8]) == typed(ref.evaluate_page(refs, syss, False, 1.0))
    assert typed(engine(refs, syss, True, 0.5)[:8]) == typed(ref.evaluate_page(refs, syss, True, 0.5))


def test_many_pages_with_one_far_offset_score_as_each_alone():
    """3,000 pages and one span ending at 2**52: the (page, start) search keys no longer fit
    in int64 (an internal error once); each page gets the numbers it gets alone."""
    pages = [([(0, 5, f"p{k}")], [(0, 5, f"p{k}")]) for k in range(3000)]
    pages[0] = ([(0, 5, "p0"), (10, 2**52, "big")], [(0, 5, "p0"), (10, 2**52, "big")])
    codes = {}
    rows = list(range(len(pages)))
    tuples = [[[(s, e, k, lab) for k, (s, e, lab) in enumerate(side)] for side in page] for page in pages]
    refs = spans_from_tuples(rows, [page[0] for page in tuples], codes)
    syss = spans_from_tuples(rows, [page[1] for page in tuples], codes)
    empty = codes.setdefault("", len(codes))
    scores = score_rows(refs, syss, len(pages), False, 1.0, len(codes), empty)
    got = row_numbers(scores)
    assert [typed(got[k][:8]) for k in (0, 1, 2999)] == [typed(engine(*pages[k], False, 1.0)[:8]) for k in (0, 1, 2999)]


def test_growth_is_not_quadratic():
    """One page of 20,000 references and 20,000 system spans scores in well under a second
    (the all-pairs original needs 10⁸ factor computations)."""
    import time

    n = 20_000
    refs = [(i * 10, i * 10 + 6, f"p{i % 50}") for i in range(n)]
    syss = [(i * 10 + 1, i * 10 + 8, f"p{i % 50}") for i in range(n)]
    start = time.perf_counter()
    got = engine(refs, syss, False, 1.0)
    assert time.perf_counter() - start < 2.0
    assert got[2:5] == (n, 0, 0)


def test_one_long_system_span_does_not_make_it_quadratic():
    """A system span over the whole page overlaps every reference: it is searched among
    the long spans only, not in the range of every reference (20,000² pairs)."""
    import time

    n = 20_000
    refs = [(i * 10, i * 10 + 6, "p") for i in range(n)]
    syss = [(i * 10 + 1, i * 10 + 8, "p") for i in range(n)] + [(0, n * 10, "p")]
    start = time.perf_counter()
    got = engine(refs, syss, False, 1.0)
    assert time.perf_counter() - start < 2.0
    assert got[2:5] == (n, 0, 1)


def test_offsets_beyond_int64_with_detail(tmp_path):
    """A run with the error detail orders its rows by offsets past 2**63 too (an internal
    OverflowError once): the JSON report holds every span's row."""
    import json

    from engine.cli import main
    from tests.engine.test_poetry_examples import write_pages

    big = 2**63 + 10
    pages = [("p", [(big, big + 10, "A")], [(big, big + 5, "A"), (big + 20, big + 30, "A")])]
    ref_path, sys_path = write_pages(tmp_path, pages)
    out, report = str(tmp_path / "out.csv"), str(tmp_path / "o.json")
    assert main(["poetry", str(ref_path), str(sys_path), out, "--json", report]) == 0
    errors = json.loads((tmp_path / "o.json").read_text(encoding="utf-8"))["errors"]
    assert [(e["gold_start"], e["system_start"]) for e in errors] == [(big, big), (None, big + 20)]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 12)), st.integers(0, 10))
def test_bounds_are_where_each_rows_items_start(rows, n_rows):
    """columns.bounds (counted) is the search of each row in the sorted rows, rows past
    n_rows and none at all included."""
    import numpy as np

    sorted_rows = np.array(sorted(rows), dtype=np.int64)
    got = columns.bounds(sorted_rows, n_rows)
    assert got.tolist() == np.searchsorted(sorted_rows, np.arange(n_rows + 1)).tolist()
    assert got.dtype == np.int64
