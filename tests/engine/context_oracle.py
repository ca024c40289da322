"""The test oracle of the workbooks' contexts: one error's context made one row at a
time, by the rules engine.export.contexts applies over arrays (the engine's code before
that): the sentence (or a window of a page) with the gold and the system span marked, as
emoji text (🟩 gold, 🟥 system, properly nested) and as runs for rich text."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from operator import itemgetter
from typing import NamedTuple

from engine.context import GOLD_MARK, MAX_TOKENS, SYSTEM_MARK, WINDOW_CHARS, WINDOW_TOKENS, Positions, stretch
from engine.export.sheetxml import escaped, text_element
from engine.spans import Document


class Run(NamedTuple):
    """Consecutive positions covered by the same spans, as text."""

    text: str
    gold: bool = False
    system: bool = False


class Context(NamedTuple):
    """An error's context: its runs, and whether the unit is cut before or after them."""

    runs: list[Run]
    joiner: str  # between runs: " " for tokens, "" for characters
    cut_before: bool
    cut_after: bool

    @property
    def cut_mark(self) -> str:
        return "[...]" if self.joiner else "…"


Parts = list[tuple[int, int]]


def _clipped(parts: Iterable[Sequence[int]], length: int) -> Parts:
    """The [start, end) parts that exist in a document of `length` positions, cut to it."""
    return [(max(start, 0), min(end, length)) for start, end in parts if max(start, 0) < min(end, length)]


def _window(doc: Document, unit: int, marked: tuple[int, int] | None) -> tuple[int, int, int, int]:
    """(first, end) of the positions shown and of the whole unit they come from (`marked`:
    the first and the end of the positions the spans cover)."""
    unit_start, unit_end = doc.units[unit] if doc.units else (0, len(doc.tokens))
    if marked:
        unit_start, unit_end = min(unit_start, marked[0]), max(unit_end, marked[1])
    chars = doc.joiner == ""
    limit, margin = (2 * WINDOW_CHARS, WINDOW_CHARS) if chars else (MAX_TOKENS, WINDOW_TOKENS)
    if unit_end - unit_start <= limit:
        return unit_start, unit_end, unit_start, unit_end
    if not marked:
        return unit_start, unit_start + limit, unit_start, unit_end
    first, end = max(unit_start, marked[0] - margin), min(unit_end, marked[1] + margin)
    return first, end, unit_start, unit_end


def _segments(gold: Parts, system: Parts, first: int, end: int) -> list[tuple[int, int, bool, bool]]:
    """[start, stop) pieces of first..end, each as long as the spans covering it stay the
    same, with whether gold and system cover it (cut where a part begins or ends, not
    position by position: a poetry page's context is hundreds of characters)."""
    cuts = sorted({first, end, *(p for part in gold + system for p in part if first < p < end)})
    pieces = []
    start, flags = first, None
    for a in cuts[:-1]:  # each piece a..the next cut
        covered = (_covers(gold, a), _covers(system, a))
        if covered != flags and flags is not None:
            pieces.append((start, a, *flags))
            start = a
        flags = covered
    if flags is not None:
        pieces.append((start, end, *flags))
    return pieces


def _covers(parts: Parts, position: int) -> bool:
    """Whether one of the [start, end) parts holds `position` (a loop: any() over a
    generator costs several times as much for the one or two parts an error has)."""
    for start, end in parts:  # noqa: SIM110
        if start <= position < end:
            return True
    return False


def build_context(
    doc: Document,
    gold_parts: Iterable[Sequence[int]],
    system_parts: Iterable[Sequence[int]],
    unit: int | None = None,
) -> Context:
    """The runs of an error's context: its unit (or a window of it) split where the
    covering spans change."""
    length = len(doc.tokens)
    gold, system = _clipped(gold_parts, length), _clipped(system_parts, length)
    both = gold + system
    marked = (min(both)[0], max(map(itemgetter(1), both))) if both else None
    if unit is None:
        unit = doc.unit_of(marked[0]) if marked else 0
    first, end, unit_start, unit_end = _window(doc, unit, marked)
    segments = _segments(gold, system, first, end)
    if isinstance(doc.tokens, Positions):
        return _without_text(segments)
    tokens, joiner = doc.tokens[first:end], doc.joiner  # one slice: a TokenNumbers slice finds its unit
    runs = [Run(joiner.join(tokens[start - first : stop - first]), in_gold, in_system)
            for start, stop, in_gold, in_system in segments]  # fmt: skip
    return Context(runs, doc.joiner, first > unit_start, end < unit_end)


def _without_text(segments: list[tuple[int, int, bool, bool]]) -> Context:
    """The context of a page without text: each run its length (stretch); an unmarked run
    before the first mark or after the last one (the margins, or a window without marks)
    left out, a cut mark showing that the page goes on there (one where nothing is marked)."""
    runs = [Run(stretch(stop - start), in_gold, in_system) for start, stop, in_gold, in_system in segments]
    before = bool(runs) and not (runs[0].gold or runs[0].system)
    runs = runs[before:]
    after = bool(runs) and not (runs[-1].gold or runs[-1].system)
    return Context(runs[: len(runs) - after], "", before, after)


def _reach(runs: list[Run], i: int, gold: bool) -> int:
    """How many runs from run i on the gold (or the system) span keeps covering."""
    n = 0
    while i + n < len(runs) and (runs[i + n].gold if gold else runs[i + n].system):
        n += 1
    return n


def marked_text(context: Context) -> str:
    """Emoji text: each span wrapped in its squares, nested properly where they overlap
    (a span crossing another is closed and reopened around it)."""
    pieces = [context.cut_mark + context.joiner] if context.cut_before else []
    stack: list[str] = []  # open marks, innermost last
    runs, joiner = context.runs, context.joiner
    for i, run in enumerate(runs):
        wanted, wanted_set = _WANTED[run.gold, run.system]
        while not wanted_set.issuperset(stack):
            pieces.append(stack.pop())
        if i:
            pieces.append(joiner)
        if wanted:
            opening = [m for m in wanted if m not in stack]  # gold first: a fixed order
            if len(opening) == 2 and _reach(runs, i, False) > _reach(runs, i, True):
                opening.reverse()  # the longer span outside; gold outside on a tie
            pieces += opening
            stack += opening
        pieces.append(run.text)
    pieces.extend(reversed(stack))
    if context.cut_after:
        pieces.append(joiner + context.cut_mark)
    return "".join(pieces)


def _wanted(gold: bool, system: bool) -> tuple[tuple[str, ...], frozenset[str]]:
    marks = tuple(m for m, on in ((GOLD_MARK, gold), (SYSTEM_MARK, system)) if on)
    return marks, frozenset(marks)


_WANTED = {(g, s): _wanted(g, s) for g in (False, True) for s in (False, True)}  # the marks a run wants open


def rich_runs(context: Context) -> Iterator[Run]:
    """The context as runs with the joiners and cut marks as plain runs, for rich text."""
    if context.cut_before:
        yield Run(context.cut_mark + context.joiner)
    for i, run in enumerate(context.runs):
        if i and context.joiner:
            yield Run(context.joiner)
        yield run
    if context.cut_after:
        yield Run(context.joiner + context.cut_mark)


def rich_cell(ref: str, runs: list[tuple[str, str]], style: int, careful: bool = True) -> str:
    """A rich-text cell of (run properties, text) pairs whose texts together fit a cell, the
    properties "" for a first plain run (`careful`: False where no text needs escaping)."""
    body = "".join([f"<r>{properties}{text_element(escaped(text) if careful else text)}</r>"
                    for properties, text in runs])  # fmt: skip
    shown = f' s="{style}"' if style else ""
    return f'<c r="{ref}"{shown} t="inlineStr"><is>{body}</is></c>'
