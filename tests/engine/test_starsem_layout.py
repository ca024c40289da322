"""*SEM's document layout: the words of a run of document positions, within a unit, into
the next ones (a plain block's words read when first asked), and a wrong unit hint."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.none(), st.integers(1, 3)), min_size=1, max_size=6), st.data())
def test_a_run_is_the_documents_words_at_those_positions(sizes, data):
    """The document is its sentences' GOLD words one after another in the order of their
    numbers, a sentence without words taking no position (specs/starsem.md §6.2–6.3: one unit
    per sentence, the error rows' runs sliced from it): a run start..end − 1 is those words and
    their numbers (column 3), found from any unit hint at or before `start` or none, across as
    many units as it spans (units without words between them too); past the words an
    IndexError."""
    layout, words, numbers = Layout("doc"), [], []
    for number, size in enumerate(sizes):
        unit = None if size is None else Words([f"w{number}.{k}" for k in range(size)],
                                               [str(k) for k in range(size)], "ch", str(number))  # fmt: skip
        layout.add(number, unit)
    for number, size in enumerate(sizes):
        words += [f"w{number}.{k}" for k in range(size or 0)]
        numbers += [str(k) for k in range(size or 0)]
    total = len(words)
    start = data.draw(st.integers(0, max(total - 1, 0)))
    end = data.draw(st.integers(start + 1, total + 2))
    hints = [None, *(k for k, (first, _) in enumerate(layout.units) if first <= start)]
    for hint in hints:
        if end <= total:
            assert layout.run(start, end, hint) == (words[start:end], numbers[start:end])
        else:
            with pytest.raises(IndexError):
                layout.run(start, end, hint)
