"""*SEM's document layout: the words of a run of document positions, within a unit, into
the next ones (a plain block's words read when first asked), and a wrong unit hint."""

from __future__ import annotations

import pytest

from engine.methods.starsem.detail import Layout
from engine.methods.starsem.model import Words


def _layout() -> Layout:
    layout = Layout("doc")
    layout.add(2, Words(["c", "d", "e"], ["0", "1", "2"], "ch", "2"))
    layout.add(0, Words(["a", "b"], ["0", "1"], "ch", "0"))
    layout.add(3, None)
    layout.add_plain([1], ["ch\t1\t0\tx\t_\t_\t_\t_\nch\t1\t1\ty\t_\t_\t_\t_"], [2])
    return layout


def test_units_are_put_in_order_of_their_numbers():
    layout = _layout()
    assert layout.numbers == [0, 1, 2, 3]
    assert layout.units == [(0, 2), (2, 4), (4, 7), (7, 7)]
    assert [layout.offset(n) for n in (0, 1, 2, 3, 9)] == [0, 2, 4, 7, 0]


def test_a_run_within_a_unit_and_across_units():
    layout = _layout()
    assert layout.run(0, 2) == (["a", "b"], ["0", "1"])
    assert layout.run(1, 3) == (["b", "x"], ["1", "0"])  # into the plain block, read now
    assert layout.run(1, 6, unit=0) == (["b", "x", "y", "c", "d"], ["1", "0", "1", "0", "1"])
    assert layout.run(5, 7, unit=0) == (["d", "e"], ["1", "2"])  # a hint not holding start
    assert layout.tokens(1, 7) == ["b", "x", "y", "c", "d", "e"]


def test_a_run_past_the_words_is_an_index_error():
    layout = _layout()
    with pytest.raises(IndexError):
        layout.run(6, 8)  # past the last words, into a unit without any
    with pytest.raises(IndexError):
        layout.run(7, 8)
