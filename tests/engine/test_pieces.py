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
