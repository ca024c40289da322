"""report.Later's slices made by its part maker while the list is not made: the same
list as the made list's slice for every start, stop and step; *SEM's document tokens
(detail.Layout) sliced so for every layout, units without words and empty ones included."""

from __future__ import annotations

from itertools import product

import pytest

from engine.methods.starsem.detail import Layout
from engine.methods.starsem.model import Words
from engine.report import Later, cell

STEPS = (None, 1, 2, 3, -1, -2)


def _bounds(n: int) -> list[int | None]:
    return [None, *range(-n - 2, n + 3)]


def test_a_slice_is_the_made_lists_slice_for_every_start_stop_and_step():
    for n in range(7):
        items = [f"t{i}" for i in range(n)]
        for start, stop, step in product(_bounds(n), _bounds(n), STEPS):
            asked: list[tuple[int, int]] = []

            def part(
                a: int, b: int, asked: list[tuple[int, int]] = asked, items: list[str] = items
            ) -> list[str]:
                asked.append((a, b))
                return items[a:b]

            later = Later(n, part=part)
            index = slice(start, stop, step)
            assert later[index] == items[index], (n, index)
            if step in (None, 1):  # one part, the whole list never made, nothing asked for nothing
                a, b, _ = index.indices(n)
                assert asked == ([(a, b)] if a < b else [])
                later[index].append("x")  # a new list each time
                assert later[index] == items[index]
            else:  # made whole, and sliced from then on
                assert asked == [(0, n)]
            assert list(later) == items and later[index] == items[index]


def test_a_slice_after_the_list_is_made_is_the_lists():
    made = Later(3, part=lambda a, b: list(range(a, b)))
    assert made[1] == 1  # an item: the list made
    assert made[0:2] == [0, 1] and made[-1:] == [2] and made[5:] == []


#: The kinds of unit a *SEM layout holds: none kept, words (none, one, two), a plain block.
UNITS = (
    None,
    Words([], [], "", ""),
    Words(["a"], ["0"], "c", "1"),
    Words(["b", "c"], ["0", "1"], "c", "2"),
    "c\t3\t0\td\t_\t_\t_\t***",
    "c\t4\t0\te\t_\t_\t_\t***\nc\t4\t1\tf\t_\t_\t_\t***",
)


def _words(unit: Words | str | None) -> list[str]:
    if unit is None:
        return []
    if isinstance(unit, str):
        return [line.split("\t")[3] for line in unit.split("\n")]
    return list(unit.words)


def _layout(units: tuple[Words | str | None, ...]) -> Layout:
    layout = Layout("gold.txt")
    for number, unit in enumerate(units, 1):
        layout.add(number, unit)
    return layout


def test_starsem_document_tokens_sliced_as_the_whole_list_for_every_layout():
    for size in range(5):
        for units in product(UNITS, repeat=size):
            words = [word for unit in units for word in _words(unit)]
            n = len(words)
            tokens = _layout(units).document().tokens
            assert len(tokens) == n
            for start, stop in product(_bounds(n), _bounds(n)):
                assert tokens[start:stop] == words[start:stop], (units, start, stop)
            assert tokens[::-1] == words[::-1] and list(tokens) == words


def test_starsem_plain_blocks_given_at_once_take_their_places():
    """The blocks only counted reach the layout after the sentences scored (add_plain, with
    their lines): the document is the one of every unit added in order."""
    for size in range(5):
        for units in product(UNITS, repeat=size):
            whole = _layout(units).document()
            layout = Layout("gold.txt")
            plain = [(number, unit) for number, unit in enumerate(units, 1) if isinstance(unit, str)]
            for number, unit in enumerate(units, 1):
                if not isinstance(unit, str):
                    layout.add(number, unit)
            numbers, texts = [n for n, _ in plain], [t for _, t in plain]
            layout.add_plain(numbers, texts, [text.count("\n") + 1 for text in texts])
            document = layout.document()
            assert document.units == whole.units and list(document.tokens) == list(whole.tokens), units
            assert list(document.unit_ids) == list(whole.unit_ids), units


def test_a_cell_is_made_alone_while_the_list_is_not_made():
    """Later.cell(i) asks its item maker, or its part maker, for item i alone (from the end
    for a negative i, an IndexError past either end, as a list's); once the list is made,
    it is read from it."""
    for n in range(5):
        items = [f"t{i}" for i in range(n)]
        for index in range(-n - 2, n + 2):
            asked: list[tuple[int, int]] = []
            later = Later(n, part=lambda a, b, asked=asked, items=items: asked.append((a, b)) or items[a:b])
            if -n <= index < n:
                assert later.cell(index) == items[index] and asked == [(index % n, index % n + 1)]
            else:
                with pytest.raises(IndexError):
                    later.cell(index)
                assert asked == []
            assert list(later) == items and asked[-1] == (0, n)  # made whole when iterated
            if -n <= index < n:
                assert later.cell(index) == items[index] and asked[-1] == (0, n)  # from the list
    assert Later(2, lambda: ["a", "b"]).cell(1) == "b"  # no part maker: the list made
    made: list[int] = []
    items = Later(3, lambda: made.append(3) or ["a", "b", "c"], item=lambda i: made.append(i) or "abc"[i])
    assert [items.cell(-1), items.cell(0)] == ["c", "a"] and made == [2, 0]  # an item maker: each alone
    assert items[0:2] == ["a", "b"] and made == [2, 0, 3]  # a slice without a part maker: the list made
    assert items.cell(1) == "b" and made == [2, 0, 3]  # from the list
    assert cell(["a", "b"], -1) == "b"
