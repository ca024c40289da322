"""Column files split at once: the bytes of a whole file turned into fields by numpy.

A line holding a TAB is split on every TAB (empty fields kept, as str.split("\\t")), any
other line on runs of spaces (TABs too with separator "whitespace"); a line of blanks
only is empty. Nothing here loops over lines in Python: a million-line file is split in
a few array operations over its blanks, and only distinct fields become strings.
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
    """Lines and fields of a UTF-8 text with \\n line ends. The bytes are looked at once,
    for the blanks (newlines, spaces, TABs); the fields are the gaps between the blanks
    that separate (a TAB line keeps its empty fields). Each large temporary array is let
    go as soon as it has served (a million-line file's peak memory is that of its fields)."""
    data = np.frombuffer(raw, dtype=np.uint8)
    cuts = _blanks(data)
    kinds = data[cuts[1:-1]]
    at_newline = kinds == NEWLINE
    newlines = cuts[1:-1][at_newline]
    starts = np.concatenate([np.zeros(1, cuts.dtype), newlines + 1])  # 32-bit as the cuts
    ends = np.append(newlines, np.array(len(data), cuts.dtype))
    del newlines
    line_of = np.cumsum(at_newline, dtype=np.int32)
    line_of -= at_newline  # the line of each blank
    blank = ends - starts == np.bincount(line_of[~at_newline], minlength=len(starts))
    tab_mode = _tab_mode(separator, line_of[kinds == TAB], len(starts))
    cut_line = np.append(line_of, len(starts) - 1)  # the line of the field before each cut
    if tab_mode.any():
        splits = at_newline | np.where(tab_mode[line_of], kinds == TAB, kinds == SPACE)
        separates = np.concatenate([[True], splits, [True]])
        cuts, cut_line = cuts[separates], cut_line[separates[1:]]
    del kinds, at_newline, line_of
    keep = np.diff(cuts) > 1  # a field holds a byte, except on TAB lines
    keep |= tab_mode[cut_line]
    field_starts, field_ends, field_line = cuts[:-1][keep], cuts[1:][keep], cut_line[keep]
    field_starts += 1
    cuts_dtype = cuts.dtype  # a field count or index is below the length of the data
    del cuts, cut_line, keep
    field_count = np.bincount(field_line, minlength=len(starts)).astype(cuts_dtype)
    first_field = np.cumsum(field_count, dtype=cuts_dtype) - field_count
    return Lines(data, starts, ends, field_starts, field_ends, first_field, field_count, blank)


def _blanks(data: np.ndarray) -> np.ndarray:
    """-1, the position of every newline, space and TAB, and the length of the data (32-bit
    where they fit)."""
    flags = np.empty(len(data) + 2, dtype=bool)
    flags[0] = flags[-1] = True
    inner = flags[1:-1]
    np.equal(data, SPACE, out=inner)
    inner |= data == NEWLINE
    inner |= data == TAB
    cuts = np.flatnonzero(flags)
    cuts -= 1
    return cuts.astype(np.int32) if len(data) < 2**31 - 1 else cuts  # half the memory of the fields


def _tab_mode(separator: str | None, tab_lines: np.ndarray, count: int) -> np.ndarray:
    """Per line: whether it is split on TABs only (with "tab" every line, by default those
    holding a TAB, with "whitespace" none)."""
    tab_mode = np.full(count, separator == "tab", dtype=bool)
    if separator is None:
        tab_mode[tab_lines] = True
    return tab_mode


def distinct_fields(data: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, list[str]]:
    """Each field's number among the distinct fields (numbered in order of first
    appearance), and those fields as strings. Fields are compared in pieces of seven bytes
    read in place as one integer with the length left (8 for 8 or more) as its eighth
    byte, so only the distinct fields become strings."""
    lengths = ends - starts
    padded = np.concatenate([data, np.zeros(8, dtype=np.uint8)])
    words = np.ndarray((len(data) + 1,), dtype="<u8", buffer=padded, strides=(1,))  # 8 bytes from each
    codes, count = np.zeros(len(starts), dtype=np.int64), 1
    for offset in range(0, max(int(lengths.max(initial=0)), 1), 7):
        left = np.clip(lengths - offset, 0, 8)
        word = words[np.minimum(starts + offset, len(data))] & _MASKS[np.minimum(left, 7)]
        word |= left.astype(np.uint64) << np.uint64(56)
        word_codes, word_count = _numbered(word)
        codes, count = _numbered(codes * word_count + word_codes) if offset else (word_codes, word_count)
    firsts = _first_appearances(codes, count)
    order = np.argsort(firsts)
    renumbered = np.empty(count, dtype=np.int64)
    renumbered[order] = np.arange(count)
    names = [data[starts[i] : ends[i]].tobytes().decode("utf-8") for i in firsts[order].tolist()]
    return renumbered[codes], names


_MASKS = np.array([(1 << (8 * k)) - 1 for k in range(8)], dtype=np.uint64)  # the first k bytes of a word


def _numbered(values: np.ndarray) -> tuple[np.ndarray, int]:
    """Each value's number among the distinct values (0 to their count - 1), and how many
    there are: counted where the values are small integers or hash to distinct slots of
    a small table (a file's few tags), else by sorting."""
    top = int(values.max(initial=0))
    if top <= 4 * len(values) + 1024:
        return _counted(values.astype(np.int64), top + 1)
    slots = (values.astype(np.uint64) * _GOLDEN) >> np.uint64(64 - _SLOT_BITS)
    held = np.zeros(1 << _SLOT_BITS, dtype=np.uint64)
    held[slots] = values
    if (held[slots] == values).all():  # no two distinct values share a slot
        return _counted(slots.astype(np.int64), 1 << _SLOT_BITS)
    ordered = np.sort(values)
    distinct = ordered[np.concatenate([[True], ordered[1:] != ordered[:-1]])]
    return np.searchsorted(distinct, values), len(distinct)


_GOLDEN = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing's multiplier (2**64 / golden ratio)
_SLOT_BITS = 12


def _counted(values: np.ndarray, size: int) -> tuple[np.ndarray, int]:
    """_numbered of integers in [0, size), by counting."""
    present = np.bincount(values, minlength=size) > 0
    return (np.cumsum(present) - 1)[values], int(present.sum())


def _first_appearances(codes: np.ndarray, count: int) -> np.ndarray:
    """Where each of the `count` numbers first appears in `codes`."""
    order = np.argsort(codes.astype(np.min_scalar_type(count)), kind="stable")
    sizes = np.bincount(codes, minlength=count)
    return order[np.cumsum(sizes) - sizes]


def gather(data: np.ndarray, starts: np.ndarray, ends: np.ndarray, after: np.ndarray) -> np.ndarray:
    """The bytes of the fields one after another, each followed by its byte of `after`;
    the fields are in file order and apart (each field's end is before the next start).
    Each field is taken with the byte after it (its slot for `after`) by one index per
    byte out: the field's start less its slot's start, repeated over the slot, plus the
    byte's place in the output."""
    lengths = ends - starts
    slot_ends = np.cumsum(lengths + 1)
    kind = np.int32 if len(data) < 2**31 - 1 else np.int64  # half the memory of the index
    taken = np.repeat((starts - (slot_ends - lengths - 1)).astype(kind), lengths + 1)
    taken += np.arange(len(taken), dtype=kind)
    source = data if not len(ends) or ends[-1] < len(data) else np.append(data, np.uint8(0))
    out = source[taken]
    out[slot_ends - 1] = after
    return out
