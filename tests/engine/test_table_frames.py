"""report.Table.frame of rows kept as columns (ColumnLists, taken a column at a time) is
the frame of the same rows as a list: values, dtypes and headers, for columns of every
kind the methods keep (lists, numpy arrays, ranges; texts, whole numbers within 64 bits
and past them, floats with NaN, None, a mix), repeated headers and no rows at all."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from engine.report import ColumnLists, Later, Table

COLUMNS = [
    ["a", "b", "a"],
    np.array([1, 2, 3], np.int64),
    range(1, 4),
    [0.5, float("nan"), 2.0],
    [None, "x", None],
    [1, None, 3],
    [True, False, True],
    [1, 2, -(2**63)],  # whole numbers: an int64 array
    [2**63 - 1, 0, 2**64],  # past int64: as pandas takes the list (object)
    [2**63, 1, 2],  # past int64, within uint64
    [1, 2.5, 3],  # whole numbers and floats
    [float("inf"), -0.0, 1e300],
    [1, True, 0],  # a bool among whole numbers
    Later(3, part=lambda start, stop: list(range(start, stop))),  # made when read
    Later(3, part=lambda start, stop: [2**64 + k for k in range(start, stop)]),
]
HEADERS = ["text", "array", "line", "score", "maybe", "count", "flag", "int64", "big", "uint64", "mixed",
           "float", "bool", "later", "later big"]  # fmt: skip


@pytest.mark.parametrize("rows", [3, 1, 0])
def test_a_column_frame_is_the_row_frame(rows):
    columns = [column if rows == 3 else column[:rows] for column in COLUMNS]  # a Later kept whole
    headers = HEADERS
    table = Table(headers, ColumnLists(columns), kind="detail")  # type: ignore[arg-type]
    expected = pd.DataFrame(list(table.rows), columns=headers)
    frame = table.frame()
    pd.testing.assert_frame_equal(frame, expected)
    assert list(frame.columns) == headers


def test_repeated_headers_keep_their_columns():
    table = Table(["x", "x"], ColumnLists([[1, 2], ["p", "q"]]), kind="detail")  # type: ignore[arg-type]
    frame = table.frame()
    assert list(frame.columns) == ["x", "x"]
    assert frame.iloc[:, 0].tolist() == [1, 2] and frame.iloc[:, 1].tolist() == ["p", "q"]


@pytest.mark.parametrize("as_int", [[True, True, True], [True, False, True], [False, False, False]])
def test_a_column_that_brings_its_array_frames_as_its_list(as_int):
    """Poetry's page numbers give a frame their arrays (no list made): the frame is the one
    of their lists, whole numbers among floats included (all of them, some, none)."""
    from engine.methods.poetry.columns import _numbers_column, _with_ints_column

    values = np.array([1.0, 0.25, 3.0]) if not all(as_int) else np.array([1.0, 0.0, 3.0])
    columns = [_with_ints_column(values, np.array(as_int)), _numbers_column(np.array([4, 5, 6], np.int64))]
    table = Table(["precision", "count"], ColumnLists(columns), kind="detail")  # type: ignore[arg-type]
    expected = pd.DataFrame(list(table.rows), columns=["precision", "count"])
    pd.testing.assert_frame_equal(table.frame(), expected)
    assert all(column.array is not None for column in columns)
