"""Column files split at once: the bytes of a whole file turned into fields by numpy.

A line holding a TAB is split on every TAB (empty fields kept, as str.split("\\t")), any
other line on runs of spaces (TABs too with separator "whitespace"); a line of blanks
only is empty. Nothing here loops over lines in Python: a million-line file is split in
a few array operations, and only the fields asked for are turned into strings.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

NEWLINE, TAB, SPACE = 10, 9, 32


@dataclass
class Lines:
    """The lines of a file: where each starts and ends (bytes), and its fields."""

    data: np.ndarray  # the file's bytes (uint8)
    starts: np.ndarray
    ends: np.ndarray
    field_starts: np.ndarray  # every field of every line, in order
    field_ends: np.ndarray
    first_field: np.ndarray  # per line: the index of its first field
    field_count: np.ndarray  # per line
    blank: np.ndarray  # per line: nothing but blanks

    def field(self, lines: np.ndarray, column: int) -> tuple[np.ndarray, np.ndarray]:
        """(start, end) bytes of column `column` (negative from the end) of the given lines;
        the caller checks that they have it."""
        index = self.first_field[lines] + (column if column >= 0 else self.field_count[lines] + column)
        return self.field_starts[index], self.field_ends[index]

    def has_column(self, lines: np.ndarray, column: int) -> np.ndarray:
        count = self.field_count[lines]
        return column < count if column >= 0 else -column <= count

    def prefixed(self, prefix: bytes) -> np.ndarray:
        """Per line: whether it starts with `prefix`."""
        return _starts_with(self.data, self.starts, self.ends, prefix)

    def first_field_is(self, word: bytes) -> np.ndarray:
        has = self.field_count > 0
        index = np.where(has, self.first_field, 0)
        starts = self.field_starts[index] if len(self.field_starts) else np.zeros(len(has), np.int64)
        ends = self.field_ends[index] if len(self.field_ends) else np.zeros(len(has), np.int64)
        return has & (ends - starts == len(word)) & _starts_with(self.data, starts, ends, word)


def _starts_with(data: np.ndarray, starts: np.ndarray, ends: np.ndarray, prefix: bytes) -> np.ndarray:
    """Whether each [start, end) begins with `prefix` (candidates narrowed byte by byte)."""
    match = np.zeros(len(starts), dtype=bool)
    candidates = np.flatnonzero(ends - starts >= len(prefix))
    for k, byte in enumerate(prefix):
        candidates = candidates[data[starts[candidates] + k] == byte]
    match[candidates] = True
    return match


def split_lines(raw: bytes, separator: str | None) -> Lines:
    """Lines and fields of a UTF-8 text with \\n line ends."""
    data = np.frombuffer(raw, dtype=np.uint8)
    newlines = np.flatnonzero(data == NEWLINE)
    starts = np.concatenate([[0], newlines + 1]).astype(np.int64)
    ends = np.concatenate([newlines, [len(data)]]).astype(np.int64)
    lengths = ends - starts + 1  # with the line end (one past the data on the last line)
    tabs = data == TAB
    tab_count = _per_line(tabs, starts, ends)
    if separator == "tab":
        tab_mode = np.ones(len(starts), dtype=bool)
    elif separator is None:
        tab_mode = tab_count > 0
    else:
        tab_mode = np.zeros(len(starts), dtype=bool)
    per_byte_tab_mode = _per_byte(tab_mode, lengths, len(data))
    space_sep = (data == SPACE) | tabs if separator == "whitespace" else data == SPACE
    separators = (per_byte_tab_mode & tabs) | (~per_byte_tab_mode & space_sep)
    run_starts, run_ends = _runs((data != NEWLINE) & ~separators & ~per_byte_tab_mode)
    run_flags = np.zeros(len(data), dtype=bool)
    run_flags[run_starts] = True
    run_count = _per_line(run_flags, starts, ends)
    field_count = np.where(tab_mode, tab_count + 1, run_count).astype(np.int64)
    blank = ~tab_mode & (run_count == 0)
    if tab_mode.any():
        filled = _per_line((data != SPACE) & ~tabs & (data != NEWLINE), starts, ends) > 0
        blank |= tab_mode & ~filled
    tab_starts, tab_ends = _tab_fields(data, tabs, starts, ends, tab_mode)
    field_starts = np.concatenate([run_starts, tab_starts])
    field_ends = np.concatenate([run_ends, tab_ends])
    if len(tab_starts) and len(run_starts):
        order = np.argsort(field_starts, kind="stable")
        field_starts, field_ends = field_starts[order], field_ends[order]
    first_field = np.cumsum(field_count) - field_count
    return Lines(data, starts, ends, field_starts, field_ends, first_field, field_count, blank)


def _per_byte(flags: np.ndarray, lengths: np.ndarray, size: int) -> np.ndarray:
    """A flag per line spread over its bytes (a constant where every line has the same)."""
    if flags.all() or not flags.any():
        return np.full(size, bool(flags.all()) and len(flags) > 0, dtype=bool)
    return np.repeat(flags, lengths)[:size]


def _per_line(flags: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """How many flagged bytes each line [start, end) holds."""
    total = np.zeros(len(flags) + 1, dtype=np.int32 if len(flags) < 2**31 else np.int64)
    np.cumsum(flags, out=total[1:])
    return (total[ends] - total[starts]).astype(np.int64)


def _runs(content: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(start, end) of every run of True."""
    edges = np.diff(np.concatenate([[False], content, [False]]).astype(np.int8))
    return np.flatnonzero(edges == 1).astype(np.int64), np.flatnonzero(edges == -1).astype(np.int64)


def _tab_fields(data: np.ndarray, tabs: np.ndarray, starts: np.ndarray, ends: np.ndarray,
                tab_mode: np.ndarray) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Fields of the TAB lines: from the line's start or a TAB to the next TAB or its end."""
    lines = np.flatnonzero(tab_mode)
    tab_at = np.flatnonzero(tabs)
    line_of_tab = np.searchsorted(starts, tab_at, side="right") - 1
    tab_at = tab_at[tab_mode[line_of_tab]] if len(tab_at) else tab_at
    field_starts = np.concatenate([starts[lines], tab_at + 1])
    field_ends = np.concatenate([tab_at, ends[lines]])
    return np.sort(field_starts), np.sort(field_ends)


def strings(data: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> list[str]:
    """The fields (start, end) as strings: gathered into one buffer, decoded once, split."""
    if not len(starts):
        return []
    buffer = gather(data, starts, ends, np.full(len(starts), NEWLINE, dtype=np.uint8))
    return buffer[:-1].tobytes().decode("utf-8").split("\n")


def gather(data: np.ndarray, starts: np.ndarray, ends: np.ndarray, after: np.ndarray) -> np.ndarray:
    """The bytes of the fields one after another, each followed by its byte of `after`;
    the fields are in file order and apart (each field's end is before the next start).
    Each field is taken with the byte after it (its slot for `after`) by one mask over the
    data: a byte-sized running sum of +1 at each start and -1 past each slot."""
    lengths = ends - starts
    edges = np.zeros(len(data) + 2, dtype=np.int8)
    edges[starts] += 1
    edges[ends + 1] -= 1
    keep = np.cumsum(edges[:-1], dtype=np.int8).view(bool)
    source = data if not len(ends) or ends[-1] < len(data) else np.append(data, np.uint8(0))
    out = source[keep[: len(source)]]
    out[np.cumsum(lengths + 1) - 1] = after
    return out
