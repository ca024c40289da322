"""The marks of an error's context (🟩 gold, 🟥 system, 🟨 both), the legend that explains
them, and how much of a unit a context shows. engine.export.contexts makes the contexts
(a block of rows at once) for both workbooks; Positions stands in for a page without text."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

# One meaning per mark in every method and column: 🟩 gold, 🟥 system, 🟨 both.
GOLD_MARK = "\U0001f7e9"  # 🟩 LARGE GREEN SQUARE
SYSTEM_MARK = "\U0001f7e5"  # 🟥 LARGE RED SQUARE
BOTH_MARK = "\U0001f7e8"  # 🟨 LARGE YELLOW SQUARE: in gold and system alike
LEGEND = (
    f"{GOLD_MARK}…{GOLD_MARK} gold span, {SYSTEM_MARK}…{SYSTEM_MARK} system span, nested where they "
    f"overlap ({GOLD_MARK}{SYSTEM_MARK}Sherlock{SYSTEM_MARK} Holmes{GOLD_MARK}); in the method's own "
    f"columns {GOLD_MARK} gold only, {SYSTEM_MARK} system only, {BOTH_MARK} both. Coloured context: "
    "green = gold only, red = system only, orange underlined = both. [...] marks a cut sentence."
)
MAX_TOKENS = 80  # a longer sentence is shown as a window around the spans
WINDOW_TOKENS = 30
WINDOW_CHARS = 120  # characters on each side of the spans in a character document


class Positions(Sequence[str]):
    """Stand-in characters for a page without text: a middle dot per position (a slice is
    a str of them). A context shows such a page's stretches by their lengths (stretch),
    known from this type, never from its dots: a real text may hold them too."""

    def __init__(self, length: int) -> None:
        self._length = length

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return "·" * len(range(*index.indices(self._length)))
        if not -self._length <= index < self._length:
            raise IndexError(index)
        return "·"


def stretch(length: int) -> str:
    """A stretch of `length` positions of a page without text, as a context shows it."""
    return f"⟨{length}⟩"
