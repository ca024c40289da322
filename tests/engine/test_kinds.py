"""The kind codes of a block's columns (engine/export/kinds.py): the same whether a column's
texts to escape or cut are known beforehand (the contexts know theirs) or found at once."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from engine.export.cells import MAX_TEXT
from engine.export.kinds import FLOAT, NONE, TEXT, columns_codes
from engine.export.sheetxml import special

from .test_sheetxml import VALUES


def _careful(column: list) -> np.ndarray:
    """Which values of a column are texts to escape or cut, as the contexts know it."""
    return np.array([isinstance(v, str) and (special(v) or len(v) > MAX_TEXT // 2) for v in column], bool)


@given(st.lists(st.lists(VALUES, max_size=6), min_size=1, max_size=4))
def test_known_careful_texts_give_the_codes_found(columns):
    """Columns of one type or of several, with texts or none, some columns' careful texts known."""
    found = columns_codes(columns)
    some_known = columns_codes(columns, [_careful(c) if k % 2 else None for k, c in enumerate(columns)])
    all_known = columns_codes(columns, list(map(_careful, columns)))
    for codes in (some_known, all_known):
        assert [c.tolist() for c in codes] == [c.tolist() for c in found]


def test_the_codes_of_a_mixed_column():
    column = ["", "a", "=b", " c", None, 3, 2.5, float("nan"), True, "x&y", [1]]
    expected = [NONE, TEXT, TEXT + 1, TEXT + 2, NONE, 1, FLOAT, -1, 3, -1, -1]
    assert columns_codes([column])[0].tolist() == expected
    assert columns_codes([column], [_careful(column)])[0].tolist() == expected


def test_the_codes_of_columns_of_decimals_and_none():
    """NaN and the infinities found among decimals, whether or not the column holds None; a
    column whose finite decimals add up past the largest float keeps them decimals."""
    nan, inf = float("nan"), float("inf")
    columns = [[None, 1.5, nan], [0.0, -inf], [None, inf, 2.0], [1e308, 1e308, None], [None, 0.5], [2.5]]
    expected = [[NONE, FLOAT, -1], [FLOAT, -1], [NONE, -1, FLOAT], [FLOAT, FLOAT, NONE], [NONE, FLOAT], [FLOAT]]
    assert [c.tolist() for c in columns_codes(columns)] == expected
