"""The body of a WebAnno TSV as columns: numpy arrays over the file's bytes.

One pass over the bytes finds every TAB and line end; a line's fields are the stretches
between its separators, so a column of the file is two arrays (where each row's field
begins and ends) and is read for all rows at once: the offsets parsed as numbers, the
sub-token marks found, the chosen column's cells decoded together. Nothing is made in
Python per row. engine/formats/webanno_tsv.py gives the rows their meaning.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from ..errors import InputError
from .columns import positions, starts_with

TAB, LINE_END = ord("\t"), ord("\n")
BACKSLASH = ord("\\")
_TEXT_LINE = b"#Text="
_WIDEST_OFFSETS = 19  # "123456789-123456789": at most nine digits a number
_BLOCK = 1 << 16  # rows read at once
_BYTES = 1 << 20  # bytes searched at once


class Lines:
    """Where each line of the bytes and each of its TAB-separated fields begins and ends
    (lines end at \\n only: the bytes are those of a text whose line ends were made \\n)."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.array = np.frombuffer(data, dtype=np.uint8)
        found = positions(self.array <= LINE_END, np.int64)
        kinds = self.array[found]
        if kinds.size and kinds.min() < TAB:  # a control character below TAB separates nothing
            found, kinds = found[kinds >= TAB], kinds[kinds >= TAB]
        # every TAB and line end, between a line end before the first line and one after the last
        self.separators = np.concatenate(([-1], found, [len(data)]))
        line_ends = np.flatnonzero(kinds == LINE_END) + 1
        self.first = np.concatenate(([0], line_ends))  # each line's line end before it, in separators
        self.tabs = np.diff(self.first, append=len(self.separators) - 1) - 1  # each line's TABs

    def __len__(self) -> int:
        return len(self.first)

    def field(self, lines: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
        """Where field k (0: the first) of each of the lines begins and ends (in bytes);
        each line must have at least k TABs."""
        at = self.first[lines] + k
        return self.separators[at] + 1, self.separators[at + 1]

    def whole(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Where each of the lines begins and ends (in bytes, its line end left out)."""
        first = self.first[lines]
        return self.separators[first] + 1, self.separators[first + self.tabs[lines] + 1]

    def text(self, begin: int, end: int) -> str:
        return self.data[begin:end].decode("utf-8")


def escaped(array: np.ndarray, at: np.ndarray) -> np.ndarray:
    """Whether the byte at each position follows an odd number of backslashes."""
    slashes = positions(array == BACKSLASH, np.int64)
    if not slashes.size:
        return np.zeros(len(at), dtype=bool)
    new_run = np.concatenate(([True], np.diff(slashes) != 1))
    run_start = slashes[np.maximum.accumulate(np.where(new_run, np.arange(len(slashes)), 0))]
    last = np.maximum(np.searchsorted(slashes, at) - 1, 0)  # the last backslash before each
    return (slashes[last] == at - 1) & ((at - run_start[last]) % 2 == 1)


def holding(array: np.ndarray, begins: np.ndarray, ends: np.ndarray, byte: bytes) -> np.ndarray:
    """Whether each stretch [begin, end) of the bytes (in order, none overlapping) holds the
    byte, looked for a block of bytes at a time (no temporary as long as the file)."""
    held = np.zeros(len(begins), dtype=bool)
    if not len(begins):
        return held
    blocks = range(0, len(array), _BYTES)
    found = np.concatenate([np.flatnonzero(array[at : at + _BYTES] == ord(byte)) + at for at in blocks])
    last = np.searchsorted(begins, found, side="right") - 1  # the stretch beginning before each
    inside = found < ends[np.maximum(last, 0)]
    held[last[inside & (last >= 0)]] = True
    return held


# --- the body: token rows, sentences and their text lines -------------------------------


@dataclass
class Body:
    """The rows of the body (token and sub-token lines, file order) and its sentences."""

    lines: Lines
    rows: np.ndarray  # the line of each row
    sentence_rows: np.ndarray  # each sentence's first row
    sentence_texts: list[list[str]]  # each sentence's #Text= lines (as written, without '#Text=')

    def line_of(self, row: int) -> int:
        """The line number of a row (counted from 1)."""
        return int(self.rows[row]) + 1

    def field(self, k: int) -> tuple[np.ndarray, np.ndarray]:
        return self.lines.field(self.rows, k)


def read_body(lines: Lines, first: int, fields: int, path: str) -> Body:
    """The rows and sentences of the lines from `first` on; InputError at the first row
    with fewer than `fields` fields."""
    begins, ends = lines.whole(np.arange(first, len(lines)))
    heads = lines.array[np.minimum(begins, len(lines.array) - 1)]
    is_row = (ends > begins) & (heads != ord("#"))  # not blank, no comment
    rows = first + np.flatnonzero(is_row)
    short = np.flatnonzero(lines.tabs[rows] < fields - 1)
    if short.size:
        line = int(rows[short[0]])
        found = str(int(lines.tabs[line]) + 1)
        expected = f"{fields} TAB-separated fields (as the layers declare)"
        raise InputError(expected, found, file=path, line=line + 1)
    after_row = np.concatenate(([False], is_row[:-1]))
    starting = first + np.flatnonzero(is_row & ~after_row)  # the lines of the sentences' first rows
    texts = np.flatnonzero(starts_with(lines.array, begins, ends, _TEXT_LINE))
    _check_last_text(texts + first, rows, path)
    sentences = _sentence_texts(lines, first, texts, begins, ends, starting)
    return Body(lines, rows, np.searchsorted(rows, starting), sentences)


def _check_last_text(texts: np.ndarray, rows: np.ndarray, path: str) -> None:
    """InputError for `#Text=` lines after the last row (no rows of their sentence): a file
    cut short (INCEpTION writes each sentence's rows after its text). A file without rows
    is a text without tokens, read as such."""
    if texts.size and rows.size and texts[-1] > rows[-1]:
        raise InputError("the rows of a sentence after its '#Text=' line",
                         "the end of the file: was it cut short?",
                         file=path, line=int(texts[-1]) + 1)  # fmt: skip


def _sentence_texts(lines: Lines, first: int, texts: np.ndarray, begins: np.ndarray, ends: np.ndarray,
                    starting: np.ndarray) -> list[list[str]]:  # fmt: skip
    """For each sentence (by the line of its first row) the #Text= lines (`texts`, counted
    from `first`) after the previous sentence's first row."""
    text_begins, text_ends = (begins[texts] + len(_TEXT_LINE)).tolist(), ends[texts].tolist()
    found = [lines.data[a:b] for a, b in zip(text_begins, text_ends, strict=True)]  # one a sentence or so
    strings = b"\n".join(found).decode("utf-8").split("\n") if found else []
    bounds = np.searchsorted(first + texts, starting).tolist()
    return [strings[a:b] for a, b in zip([0, *bounds][:-1], bounds, strict=True)]


# --- the offsets column ------------------------------------------------------------------

_POWERS = 10 ** np.arange(19, dtype=np.int64)


Numbers = tuple[np.ndarray, np.ndarray, np.ndarray]  # begins, ends, the index of the fields that are wrong


def offsets(array: np.ndarray, begins: np.ndarray, ends: np.ndarray) -> Numbers:
    """The two numbers of each field 'begin-end' (each of 1-9 ASCII digits) [begin, end)
    of the bytes, and the index of the fields that are not that; read a block of rows at
    a time, so that the block's temporaries stay in the processor's cache."""
    numbers = np.zeros((2, len(begins)), dtype=np.int64)
    bad = []
    for at in range(0, len(begins), _BLOCK):
        block = slice(at, at + _BLOCK)
        numbers[0, block], numbers[1, block], wrong = _offsets(array, begins[block], ends[block])
        bad.append(wrong + at)
    return numbers[0], numbers[1], np.concatenate(bad) if bad else np.zeros(0, dtype=np.int64)


def _offsets(array: np.ndarray, begins: np.ndarray, ends: np.ndarray) -> Numbers:
    """offsets() of a block of rows."""
    lengths = ends - begins
    width = max(int(min(lengths.max(initial=0), _WIDEST_OFFSETS)), 1)
    window = np.maximum(ends - width, 0)  # the `width` bytes that end with the field
    grid = np.ascontiguousarray(sliding_window_view(array, width)[window].T)  # one row a byte of them
    column = np.arange(width)[:, None]
    inside = (column >= begins - window) & (column < ends - window)
    digit = inside & (grid - ord("0") < 10)
    other = inside ^ digit
    dash_at = np.argmax(other, axis=0)  # the one byte that is no digit, in the window
    before, after = dash_at - (begins - window), ends - window - dash_at - 1  # digits either side
    good = (lengths <= _WIDEST_OFFSETS) & (np.count_nonzero(other, axis=0) == 1)
    good &= grid[dash_at, np.arange(len(begins))] == ord("-")
    good &= (before >= 1) & (before <= 9) & (after >= 1) & (after <= 9)
    number = _digits(grid, digit)  # both numbers' digits as one number
    power = _POWERS[np.clip(after, 0, 18)]
    return number // power, number % power, np.flatnonzero(~good)


def _digits(grid: np.ndarray, digit: np.ndarray) -> np.ndarray:
    """The number each column of the grid spells with its bytes where `digit` holds."""
    number = np.zeros(grid.shape[1], dtype=np.int64)
    for byte, use in zip(grid, digit, strict=True):
        np.multiply(number, 10, out=number, where=use)
        np.add(number, byte, out=number, where=use, casting="unsafe")
        np.subtract(number, ord("0"), out=number, where=use)
    return number
