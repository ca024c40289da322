"""Counts as the app says them: thousands grouped with a comma ("180,000 of 180,000"), as the
engine's messages and README group theirs."""

from __future__ import annotations


def grouped(n: int) -> str:
    """'999', '180,000'."""
    return f"{n:,}"


def count_of(n: int, word: str) -> str:
    """'1 error', '180,000 errors' (the only count_of: the agreement report's own counts are
    never grouped)."""
    return f"{n:,} {word}" if n == 1 else f"{n:,} {word}s"
