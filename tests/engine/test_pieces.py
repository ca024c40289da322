"""The error rows' pieces as arrays (engine/pieces.py): read as the lists they stand for."""

from __future__ import annotations

import json

import numpy as np
import pytest

from engine.pieces import BLOCK, PieceColumn

ROWS = [[[1, 5]], [], [[3, 4], [6, 7]], [[4, 8]]]


def _column() -> PieceColumn:
    present = np.array([True, False, True, True])
    return PieceColumn.spans(np.array([1, 2, 3, 4]), np.array([5, 6, 7, 8]), present, {2: [[3, 4], [6, 7]]})


def test_spans_with_pieces_of_their_own_read_as_their_lists():
    column = _column()
    assert column == ROWS and list(column) == ROWS and len(column) == 4
    assert column[2] == [[3, 4], [6, 7]] and column[-1] == [[4, 8]] and column[1] == []
    assert column[1:3] == ROWS[1:3] and column[::2] == ROWS[::2] and column[3:1] == []
    assert json.dumps(column[0:4]) == json.dumps(ROWS)  # Python ints, not numpy's
    with pytest.raises(IndexError):
        column[4]  # noqa: B018


def test_lists_and_blocks_of_rows_make_one_column():
    rows = [[[k, k + 1]] if k % 3 else ([[k, k + 1], [k + 2, k + 4]] if k % 2 else None) for k in range(BLOCK + 7)]
    column = PieceColumn.of(rows)
    assert column == [row or [] for row in rows]
    assert PieceColumn.of(column) is column
    joined = PieceColumn.concat([_column(), column, PieceColumn.of([])])
    assert joined == ROWS + [row or [] for row in rows]
    assert joined.rows()[:6].tolist() == [0, 2, 2, 3, 5, 6]  # row 4 (k = 0) has none


def test_extent_is_each_rows_first_start_and_last_end():
    starts, ends, has = _column().extent()
    assert has.tolist() == [True, False, True, True]
    assert starts[has].tolist() == [1, 3, 4] and ends[has].tolist() == [5, 7, 8]
    assert PieceColumn.of([[], None]).extent()[2].tolist() == [False, False]


def test_random_columns_read_as_the_lists_they_stand_for():
    """Spans with and without pieces of their own, in blocks joined: the lists made row by row."""
    rng = np.random.default_rng(11)
    for _ in range(100):
        n = int(rng.integers(0, 30))
        starts = rng.integers(0, 50, n)
        ends = starts + rng.integers(1, 9, n)
        present = rng.random(n) < 0.7
        own = {int(k): [[int(a), int(a) + 1] for a in sorted(rng.choice(40, int(rng.integers(1, 4)), replace=False))]
               for k in np.flatnonzero(present & (rng.random(n) < 0.3))}  # fmt: skip
        spans = enumerate(zip(starts.tolist(), ends.tolist(), present.tolist(), strict=True))
        rows = [own.get(k, [[a, b]] if p else []) for k, (a, b, p) in spans]
        column = PieceColumn.spans(starts, ends, present, own)
        assert column == rows and column[: n // 2] == rows[: n // 2]
        joined = PieceColumn.concat([column, PieceColumn.of(rows)])
        assert joined == rows + rows and joined.rows().tolist() == [k for k, r in enumerate(rows * 2) for _ in r]
        first, last, has = column.extent()
        assert has.tolist() == [bool(r) for r in rows]
        extents = zip(first.tolist(), last.tolist(), has.tolist(), strict=True)
        assert [(a, b) for a, b, h in extents if h] == [(r[0][0], r[-1][1]) for r in rows if r]


def test_part_is_the_slice_of_its_rows_as_a_column():
    """A part of the rows (the workbook's blocks) is a PieceColumn of views, read as the slice."""
    column = _column()
    for start in range(5):
        for stop in range(start, 5):
            part = column.part(start, stop)
            assert isinstance(part, PieceColumn) and part == ROWS[start:stop]
            assert part.rows().tolist() == [k for k, row in enumerate(ROWS[start:stop]) for _ in row]
    assert np.shares_memory(column.part(1, 4).starts, column.starts)


def test_offsets_past_64_bits_kept_as_python_ints():
    """Spans whose offsets an int64 cannot hold (poetry keeps them as Python ints) keep them."""
    big = 2**63 + 10
    starts, ends = np.array([big, 0], object), np.array([big + 5, 0], object)
    column = PieceColumn.spans(starts, ends, np.array([True, False]))
    assert column == [[[big, big + 5]], []]
