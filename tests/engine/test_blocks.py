"""engine/blocks.py: the C loops over long sequences taken a block at a time give what one
call over the whole sequence gives, at and across the blocks' bounds."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import blocks
from engine.formats.spantable import SpanTable
from engine.rowkeys import codes_in, first_seen_codes


@pytest.fixture(autouse=True)
def small_blocks(monkeypatch):
    monkeypatch.setattr(blocks, "ITEMS", 3)
    monkeypatch.setattr(blocks, "BYTES", 5)


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


def _rows(width: int) -> st.SearchStrategy:
    """Lists of rows of `width` int64 numbers, with their width."""
    row = st.tuples(*[st.integers(-(2**63), 2**63 - 1)] * width)
    return st.lists(row, max_size=12).map(lambda rows: (width, rows))


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 5).flatmap(_rows))
def test_rows_become_the_array_one_call_makes(case):
    width, rows = case
    made = blocks.rows_array(rows, width)
    assert made.dtype == np.int64 and made.shape == (len(rows), width)
    assert made.tolist() == np.array(rows, dtype=np.int64).reshape(-1, width).tolist()


class Rows(list):
    """A list that records the length of each slice taken of it."""

    taken: list[int]

    def __getitem__(self, index):
        if isinstance(index, slice):
            self.taken.append(len(range(*index.indices(len(self)))))
        return super().__getitem__(index)


def test_rows_are_converted_a_block_of_numbers_at_a_time(monkeypatch):
    monkeypatch.setattr(blocks, "ITEMS", 8)
    rows = Rows((k, k + 1, k + 2, k % 3) for k in range(7))
    rows.taken = []
    assert blocks.rows_array(rows, 4)[:, 0].tolist() == list(range(7))
    assert rows.taken == [2, 2, 2, 1]  # 8 numbers: two rows of four a call


def test_a_span_table_of_rows_takes_them_a_block_at_a_time(monkeypatch):
    monkeypatch.setattr(blocks, "ITEMS", 8)
    rows = Rows([(0, 0, 4, 1), (0, 5, 9, 0), (1, 2, 3, 1)])
    rows.taken = []
    table = SpanTable.of_rows(rows, ["LOC", "PER"], ["a", "b"])
    assert [(s.doc, s.start, s.end, s.label) for s in map(table.span, range(3))] == [
        ("a", 0, 4, "PER"), ("a", 5, 9, "LOC"), ("b", 2, 3, "PER")]  # fmt: skip
    assert rows.taken == [2, 1]


REVERSED = bytes(255 - b for b in range(256))


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from([b"a", b"\n", b"\xc3\xa4", b"\r", b"bcdefgh"]), max_size=40))
def test_byte_blocks_are_cut_after_newlines_and_join_to_the_bytes(pieces):
    data = b"".join(pieces)
    found = list(blocks.byte_blocks(data))
    assert b"".join(found) == data
    assert all(block.endswith(b"\n") and len(block) > 5 for block in found[:-1])  # BYTES is 5 here
    assert blocks.translated(data, REVERSED) == data.translate(REVERSED)
