"""How the viewer cuts a document into layout blocks: its units (and the stretches no unit
covers), cut after each line break and into pieces a QTextLayout lays out at once (gui/viewer_layout.py)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain

import numpy as np

from engine.rowkeys import ranges as runs_from  # (this module names its unit ranges `ranges`)
from engine.rowkeys import run_positions
from engine.spans import Document

#: Most positions one layout block holds: tokens of a word document, characters of a
#: character document. Units longer than this are laid out in several blocks.
WORD_BLOCK = 256
CHAR_BLOCK = 2000


def newline_positions(document: Document) -> list[int]:
    """Positions holding a line break (characters of a character document). A document
    without words (numbers, a page's stand-in dots) has none."""
    tokens = document.tokens
    if not document.has_words:
        return []
    if isinstance(tokens, str):
        found, at = [], tokens.find("\n")
        while at >= 0:
            found.append(at)
            at = tokens.find("\n", at + 1)
        return found
    return [i for i, t in enumerate(tokens) if t == "\n"]


def unit_ranges(document: Document) -> np.ndarray:
    """The document's units, with any stretch no unit covers as a range of its own: rows
    of [start, end), in order (units sorted; an overlapping unit starts where the one
    before ended)."""
    length = len(document)
    flat = chain.from_iterable(document.units)
    units = np.fromiter(flat, dtype=np.int64, count=2 * len(document.units)).reshape(-1, 2)
    starts, ends = units[np.lexsort((units[:, 1], units[:, 0]))].T
    ends = np.minimum(ends, length)
    reached = np.maximum.accumulate(np.concatenate(([0], np.where(ends > starts, ends, 0))))
    at, last = reached[:-1], int(reached[-1])  # where the ranges before each unit end, and all
    starts = np.maximum(starts, at)
    pairs = np.stack((at, starts, starts, ends), axis=1).reshape(-1, 2)  # a gap, then the unit
    ranges = pairs[pairs[:, 1] > pairs[:, 0]]
    return np.concatenate((ranges, [[last, length]])) if last < length else ranges


#: The positions of a document without words (a page without text: a stand-in dot per position
#: up to its last span) that are laid out; past them its spans are not shown (offsets near 2**62
#: in such a page would take the layout forever).
LONGEST_LAID_OUT = 10**7


def layout_cut(document: Document) -> int | None:
    """Where the layout of a document without words stops, None where it is laid out whole."""
    return LONGEST_LAID_OUT if not document.has_words and len(document) > LONGEST_LAID_OUT else None


def cut_ranges(ranges: np.ndarray, cut: int) -> np.ndarray:
    """`ranges` (in order) up to position `cut`: those starting before it, the last one ending there."""
    kept = ranges[ranges[:, 0] < cut]
    return np.stack((kept[:, 0], np.minimum(kept[:, 1], cut)), axis=1)


def breaks_joined(ranges: np.ndarray, text: Sequence[str], breaks: list[int]) -> np.ndarray:
    """`ranges` (in order, end to end) with each one that starts with a line break joined
    to the one before: a line's break ends that line (layout_blocks cuts after it) instead
    of showing as an empty line of its own ("A\\nB" two lines, "A\\n\\nB" three)."""
    if len(ranges) < 2 or not breaks:
        return ranges
    starts, marks = ranges[1:, 0], np.array(breaks, dtype=np.int64)
    joined = _among(starts, marks)
    maybe = np.flatnonzero(~joined & _among(starts + 1, marks))  # CR LF, or a character before LF
    joined[maybe] = [text[at] == "\r" for at in starts[maybe].tolist()]
    kept = ranges[np.concatenate(([True], ~joined)), 0]
    return np.stack((kept, np.append(kept[1:], ranges[-1, 1])), axis=1)


def _among(values: np.ndarray, marks: np.ndarray) -> np.ndarray:
    """Whether each value is one of `marks` (sorted; np.isin took twenty times as long)."""
    at = np.minimum(np.searchsorted(marks, values), len(marks) - 1)
    return marks[at] == values


def layout_blocks(
    ranges: np.ndarray, size: int, breaks: list[int], text: Sequence[str] | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Starts and ends of the blocks of `ranges`: each range cut after each break position
    in it and into pieces of at most `size`; with `text` (a character document's), a piece
    ends after the last space of its second half, where it has one (not inside a word)."""
    marks = np.array(breaks, dtype=np.int64)
    first = np.searchsorted(marks, ranges[:, 0])
    cuts = np.searchsorted(marks, ranges[:, 1] - 1) - first  # the breaks inside each range
    cut = marks[runs_from(first, cuts)] + 1
    ahead = np.cumsum(cuts)  # the cuts of this range and those before
    starts = np.insert(cut, ahead - cuts, ranges[:, 0])  # a range's start, then its cuts
    ends = np.insert(cut, ahead, ranges[:, 1])  # its cuts, then its end
    pieces = (ends - starts + size - 1) // size
    long = np.flatnonzero(pieces > 1)
    if text is None or not len(long):
        block_starts = starts.repeat(pieces) + size * run_positions(pieces)
        return block_starts, np.minimum(block_starts + size, ends.repeat(pieces))
    piece_starts = {i: _piece_starts(text, int(starts[i]), int(ends[i]), size) for i in long.tolist()}
    pieces[long] = [len(found) for found in piece_starts.values()]
    block_starts, firsts = starts.repeat(pieces), np.cumsum(pieces) - pieces
    for i, found in piece_starts.items():
        block_starts[firsts[i] : firsts[i] + len(found)] = found
    block_ends = np.append(block_starts[1:], 0)
    block_ends[firsts + pieces - 1] = ends  # a segment's last block ends where it does
    return block_starts, block_ends


def _piece_starts(text: Sequence[str], start: int, end: int, size: int) -> list[int]:
    """Where the pieces of [start, end) start: each at most `size` long, ending after the last
    space of its second half (at `size` where that half has none)."""
    found = [start]
    while end - found[-1] > size:
        half, at = found[-1] + size // 2, found[-1] + size
        piece = text[half:at]
        space = (piece if isinstance(piece, str) else "".join(piece)).rfind(" ")
        found.append(at if space < 0 else half + space + 1)
    return found
