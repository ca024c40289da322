"""engine/blocks.py: the C loops over long sequences taken a block at a time give what one
call over the whole sequence gives, at and across the blocks' bounds."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import blocks
from engine.rowkeys import codes_in, first_seen_codes


@pytest.fixture(autouse=True)
def small_blocks(monkeypatch):
    monkeypatch.setattr(blocks, "ITEMS", 3)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.binary(max_size=4), max_size=20))
def test_the_blocks_give_what_one_call_gives(items):
    assert blocks.joined(b" ", items) == b" ".join(items)
    assert blocks.mapped_array(len, items, np.int64).tolist() == [len(item) for item in items]
    assert blocks.distinct_in_order(items) == list(dict.fromkeys(items))
    assert blocks.changes(items) == [i for i in range(1, len(items)) if items[i] != items[i - 1]]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from("ab"), max_size=12), st.lists(st.sampled_from("ab"), max_size=12))
def test_the_first_difference_is_found_across_blocks(a, b):
    expected = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), None)
    assert blocks.first_difference(a, b) == expected


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["O", "B-PER", "I-PER", "B-LOC", 1, 1.0, True]), max_size=20))
def test_first_seen_codes_across_blocks(values):
    codes, distinct = first_seen_codes(values)
    assert distinct == list(dict.fromkeys(values))  # 1, 1.0 and True are one value, as for a dict
    assert [distinct[k] for k in codes.tolist()] == [distinct[distinct.index(v)] for v in values]
    assert codes.dtype == np.int64 and len(codes) == len(values)


def test_codes_in_a_table_number_new_values_next_in_order():
    table = {"O": 0, "B-X": 1}
    codes = codes_in(table, ["I-X", "O", "B-Y", "I-X", "B-X"], np.int32)
    assert codes.tolist() == [2, 0, 3, 2, 1] and codes.dtype == np.int32
    assert table == {"O": 0, "B-X": 1, "I-X": 2, "B-Y": 3}
