"""Row keys and dense row ids (engine/rowkeys.py): the same ids whether the rows are packed
into whole numbers or sorted column by column."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from engine.rowkeys import (
    DENSE_LIMIT,
    _sorted_ids,
    distinct_values,
    first_seen_codes,
    group_ids,
    ranges,
    row_keys,
    run_positions,
    stacked_row_keys,
)


@pytest.mark.parametrize("seed", range(5))
def test_first_seen_codes_number_values_in_order_of_first_appearance(seed):
    rng = np.random.default_rng(seed)
    values = [tuple(map(str, rng.integers(0, 4, 2))) for _ in range(int(rng.integers(0, 60)))]
    number: dict[tuple[str, ...], int] = {}
    expected = [number.setdefault(value, len(number)) for value in values]
    codes, distinct = first_seen_codes(values)
    assert codes.tolist() == expected and distinct == list(number) and codes.dtype == np.int64


def test_run_positions_number_each_item_in_its_run():
    lengths = np.array([3, 0, 1, 2], dtype=np.int64)
    assert run_positions(lengths).tolist() == [0, 1, 2, 0, 0, 1]
    assert run_positions(np.zeros(0, dtype=np.int64)).tolist() == []


def test_group_ids_are_dense_ranks_of_the_rows():
    rows = np.array([[3, 1], [1, 9], [3, 1], [1, 2], [-5, 2]])
    assert group_ids(*rows.T).tolist() == [3, 2, 3, 1, 0]
    assert group_ids(np.zeros(0, dtype=np.int64)).tolist() == []


def test_packed_and_sorted_ids_agree():
    rng = np.random.default_rng(5)
    for width in (3, 1000, 1 << 40):  # the last too wide to pack three columns
        columns = [rng.integers(-width, width, 5000) for _ in range(3)]
        assert np.array_equal(group_ids(*columns), _sorted_ids(*columns))


def test_row_keys_order_the_rows_and_blocks_stack():
    a, b = np.array([2, 0, 2, 1]), np.array([5, 7, 4, 7])
    keys = row_keys(a, b)
    assert np.argsort(keys, kind="stable").tolist() == np.lexsort((b, a)).tolist()
    assert np.array_equal(stacked_row_keys((a[:2], b[:2]), (a[2:], b[2:])), keys)
    wide = row_keys(a, b, limit=4)  # too wide to pack: dense ids instead
    assert wide.tolist() == group_ids(a, b).tolist() == [3, 0, 2, 1]


def test_distinct_values_are_numpys_unique():
    """By a table of the range (small ranges, negative values too) or by sorting (wide)."""
    rng = np.random.default_rng(7)
    for low, high in ((0, 1), (-50, 50), (0, 40_000), (-(1 << 40), 1 << 40), (0, 4 * DENSE_LIMIT)):
        values = rng.integers(low, high, 5000)
        distinct, which = distinct_values(values)
        expected, inverse = np.unique(values, return_inverse=True)
        assert np.array_equal(distinct, expected) and np.array_equal(which, inverse)
        assert distinct.dtype == values.dtype and which.dtype == np.int64
    distinct, which = distinct_values(np.zeros(0, dtype=np.int64))
    assert distinct.tolist() == which.tolist() == []


_NUMPY_MA_AFTER = "import sys, numpy as np; {call}; print('numpy.ma' in sys.modules)"


@pytest.mark.parametrize(("call", "imports_ma"), [
    ("np.unique(np.array([3, 1, 3]))", True),
    ("np.unique(np.array([3, 1, 3]), return_inverse=True)", False),
    ("distinct_values(np.array([3, 1 << 40, 3]))", False),
])  # fmt: skip
def test_which_unique_imports_numpy_ma(call, imports_ma):
    """What rowkeys' docstrings say: np.unique alone imports numpy.ma, with an inverse asked it
    does not; distinct_values' sort (a range too wide for a table) imports none."""
    code = "from engine.rowkeys import distinct_values; " + _NUMPY_MA_AFTER.format(call=call)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == str(imports_ma), done.stderr


def test_each_item_numbered_within_its_group():
    """ranges from 0: each item's number in its group (ProPara's, poetry's and the viewer's use)."""
    assert ranges(np.zeros(4, np.int64), np.array([3, 0, 1, 2])).tolist() == [0, 1, 2, 0, 0, 1]
    assert ranges(np.zeros(0, np.int64), np.array([], dtype=np.int64)).tolist() == []
    assert ranges(np.zeros(1, np.int64), np.array([2])).tolist() == [0, 1]
