"""The marks of an error's context (🟩 gold, 🟥 system, 🟨 both), the legend that explains
them, and how much of a unit a context shows. engine.export.contexts makes the contexts
(a block of rows at once) for both workbooks."""

from __future__ import annotations

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
