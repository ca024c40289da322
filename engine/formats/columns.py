"""Column files split at once: the bytes of a whole file turned into fields by numpy.

A line holding a TAB is split on every TAB (empty fields kept, as str.split("\\t")), any
other line on runs of spaces (TABs too with separator "whitespace"); a line of blanks
only is empty. Nothing here loops over lines in Python: a million-line file is split in
a few array operations over its blanks, and only distinct fields become strings.
`distinct_fields` (field_bytes.field_codes) is the one coder of fields on bytes, for every
column reader (CoNLL and the other column formats, ProPara's action files).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..blocks import running_sum, translated
from .field_bytes import field_codes, index_kind, positions

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
        index = self.first_field[lines]
        if column < 0:
            index += self.field_count[lines]
        index += column
        return self.field_starts[index], self.field_ends[index]

    def short(self, columns: tuple[int, ...]) -> np.ndarray:
        """Per line: whether it lacks one of the columns (negative from the end)."""
        need = max((c + 1 if c >= 0 else -c for c in columns), default=0)
        return self.field_count < need

    def prefixed(self, prefix: bytes) -> np.ndarray:
        """Per line: whether it starts with `prefix`."""
        return starts_with(self.data, self.starts, self.ends, prefix)

    def first_field_is(self, word: bytes) -> np.ndarray:
        """Per line: whether its first field is `word` (the lines whose first field starts
        with its first byte looked at further)."""
        match = np.zeros(len(self.blank), dtype=bool)
        if not len(self.field_starts) or not len(self.data):
            return match
        starts = self.field_starts.take(self.first_field, mode="clip")
        lines = np.flatnonzero(self.data[np.minimum(starts, len(self.data) - 1)] == word[0])
        lines = lines[self.field_count[lines] > 0]
        index = self.first_field[lines]
        starts, ends = self.field_starts[index], self.field_ends[index]
        match[lines] = (ends - starts == len(word)) & starts_with(self.data, starts, ends, word)
        return match

    def first_field_holds(self, marks: bytes, lines: np.ndarray) -> np.ndarray:
        """Per line of `lines` (each holding a field): whether its first field holds one of
        the bytes `marks` (looked at a byte at a time, as far as the longest such field)."""
        index = self.first_field.take(lines)
        starts = self.field_starts.take(index)
        lengths = self.field_ends.take(index) - starts
        found = np.zeros(len(lines), dtype=bool)
        rows = positions(lengths > 0, index_kind(len(lines)))
        for offset in range(int(lengths.max(initial=0))):
            byte = self.data.take(starts.take(rows) + offset)
            hit = byte == marks[0]
            for mark in marks[1:]:
                hit |= byte == mark
            found[rows[hit]] = True
            rows = rows[~hit & (lengths[rows] > offset + 1)]
        return found


def starts_with(data: np.ndarray, starts: np.ndarray, ends: np.ndarray, prefix: bytes) -> np.ndarray:
    """Whether each [start, end) begins with `prefix` (candidates narrowed byte by byte)."""
    match = np.zeros(len(starts), dtype=bool)
    candidates = np.flatnonzero(ends - starts >= len(prefix))
    for k, byte in enumerate(prefix):
        candidates = candidates[data[starts[candidates] + k] == byte]
    match[candidates] = True
    return match


def split_lines(raw: bytes | bytearray | np.ndarray, separator: str | None) -> Lines:
    """Lines and fields of a UTF-8 text with \\n line ends. The bytes are looked at once,
    for the blanks (newlines, spaces, TABs); the fields are the gaps between the blanks
    that separate (a TAB line keeps its empty fields). Positions are 32-bit where they fit
    and each large temporary array is let go as soon as it has served (a million-line
    file's peak memory is that of its fields)."""
    data = np.frombuffer(raw, dtype=np.uint8)
    kind = index_kind(len(data))
    cuts = _with_ends(positions(_blank_bytes(data), kind), -1, len(data))
    kinds = data[cuts[1:-1]]
    line_cuts = _line_cuts(kinds, kind)
    starts, ends = cuts[line_cuts[:-1]] + 1, cuts[line_cuts[1:]]
    tab_mode, gap_line = _tab_lines(separator, kinds)
    blank = None  # without TAB lines: the lines without fields
    if tab_mode is not None:  # TAB lines are split on TABs only
        blank = ends - starts == np.diff(line_cuts) - 1  # every byte of the line a blank
        splits = kinds == NEWLINE
        splits |= np.where(tab_mode[gap_line[:-1]], kinds == TAB, kinds == SPACE)
        separates = np.concatenate([[True], splits, [True]])
        cuts, gap_line = cuts[separates], gap_line[separates[1:]]
        line_cuts = _line_cuts(kinds[splits], kind)
    del kinds
    keep = np.diff(cuts) > 1  # a field holds a byte, except on TAB lines
    if tab_mode is not None:
        keep |= tab_mode[gap_line]
    del gap_line
    field_starts, field_ends = cuts[:-1][keep], cuts[1:][keep]
    field_starts += 1
    del cuts
    kept_before = _with_ends(running_sum(keep, kind), 0, None)[:-1]  # fields before each cut
    del keep
    first_field = kept_before[line_cuts[:-1]]
    field_count = kept_before[line_cuts[1:]] - first_field
    blank = field_count == 0 if blank is None else blank
    return Lines(data, starts, ends, field_starts, field_ends, first_field, field_count, blank)


def _line_cuts(kinds: np.ndarray, kind: type) -> np.ndarray:
    """The cut opening each line (0, then each newline's), and the last cut."""
    return _with_ends(positions(kinds == NEWLINE, kind) + 1, 0, len(kinds) + 1)


def _blank_bytes(data: np.ndarray) -> np.ndarray:
    """Per byte: a newline, space or TAB."""
    flags = data == SPACE
    flags |= data == NEWLINE
    flags |= data == TAB
    return flags


#: The characters besides space, TAB and newline that str.split() and str.strip() take for
#: white space (str.isspace; tests/engine/test_conll2000_fields.py checks the list).
OTHER_BLANKS = "\x0b\x0c\r\x1c\x1d\x1e\x1f\x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + (
    "\u2028\u2029\u202f\u205f\u3000"
)


#: bytes.translate's table writing OTHER_BLANKS' ASCII ones (\v \f \r, \x1c-\x1f) as spaces.
_ASCII_BLANKS_SPACED = bytes(SPACE if b in b"\x0b\x0c\r\x1c\x1d\x1e\x1f" else b for b in range(256))


def str_blanks_spaced(data: np.ndarray) -> np.ndarray:
    """A copy of UTF-8 bytes with every other white space (OTHER_BLANKS) written as spaces,
    so that split_lines(..., "whitespace") splits and strips lines as str.split() does (a
    wide character's every byte a space: still one run of blanks). The ASCII ones are
    rewritten by bytes.translate (one C loop), the wide ones looked for only in a text
    that is not ASCII."""
    raw = data.tobytes()
    spaced = np.frombuffer(translated(raw, _ASCII_BLANKS_SPACED), np.uint8)
    if raw.isascii():
        return spaced
    leads = np.flatnonzero((data == 0xC2) | ((data >= 0xE1) & (data <= 0xE3)))  # the wide blanks' first bytes
    for char in (c.encode("utf-8") for c in OTHER_BLANKS if c >= "\x80"):
        at = leads[data[leads] == char[0]]
        for offset, byte in enumerate(char[1:], 1):
            at = at[at + offset < len(data)]
            at = at[data[at + offset] == byte]
        for offset in range(len(char)):
            spaced[at + offset] = SPACE
    return spaced


def _with_ends(values: np.ndarray, first: int, last: int | None) -> np.ndarray:
    """`first`, the values and `last` (a slot left for it where None) in one array."""
    out = np.empty(len(values) + 2, dtype=values.dtype)
    out[0], out[1:-1] = first, values
    if last is not None:
        out[-1] = last
    return out


def _tab_lines(separator: str | None, kinds: np.ndarray) -> tuple[np.ndarray | None, np.ndarray]:
    """Per line whether it is split on TABs only (None: no line is), and the line of each
    gap between cuts, that of the cut ending it (only where some line is)."""
    newline = kinds == NEWLINE
    tabs = kinds == TAB
    if separator == "whitespace" or (separator is None and not tabs.any()):
        return None, newline[:0]
    gap_line = np.empty(len(kinds) + 1, dtype=index_kind(len(kinds)))
    running_sum(newline, gap_line.dtype, out=gap_line[:-1])
    gap_line[-1] = gap_line[-2] if len(kinds) else 0  # the last gap ends the last line
    gap_line[:-1] -= newline  # a newline belongs to the line it ends
    return _tab_mode(separator, gap_line[:-1][tabs], int(gap_line[-1]) + 1), gap_line


def _tab_mode(separator: str | None, tab_lines: np.ndarray, count: int) -> np.ndarray:
    """Per line: whether it is split on TABs only (with "tab" every line, by default those
    holding a TAB, with "whitespace" none)."""
    tab_mode = np.full(count, separator == "tab", dtype=bool)
    if separator is None:
        tab_mode[tab_lines] = True
    return tab_mode


def distinct_fields(data: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, list[str]]:
    """Each field's number among the distinct fields (numbered in order of first
    appearance), and those fields as strings: the fields are in file order, none holding a
    newline, so the distinct ones are joined by newlines and decoded at once."""
    codes, first = field_codes(data, starts, ends)
    return codes, decoded(data, starts[first], ends[first])


def decoded(data: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> list[str]:
    """The fields [start, end) of UTF-8 bytes (none holding a newline) as strings: joined
    by newlines and decoded at once."""
    return gather(data, starts, ends, np.uint8(NEWLINE)).tobytes().decode("utf-8").split("\n")[:-1]


def or_none(values: np.ndarray, present: np.ndarray) -> list[Any]:
    """The values as Python objects (a list), None where not `present` (a blank cell)."""
    column = values.astype(object)
    column[~present] = None
    return column.tolist()


_BLOCK_FIELDS = 1 << 16  # fields gathered a block at a time


def characters_before(text: np.ndarray) -> np.ndarray:
    """Per byte of UTF-8 bytes (and one past the last) how many characters start before it:
    a byte offset's character offset."""
    return np.concatenate([[0], running_sum((text & 0xC0) != 0x80, np.int64)])


def gathered(data: np.ndarray, starts: np.ndarray, ends: np.ndarray,
             after: Any) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """gather's bytes, and where each field begins in them."""
    lengths = ends - starts
    field_starts = running_sum(lengths + 1, np.int64)
    field_starts -= lengths + 1
    return gather(data, starts, ends, after), field_starts


def gather(data: np.ndarray, starts: np.ndarray, ends: np.ndarray, after: np.ndarray) -> np.ndarray:
    """The bytes of the fields one after another (in any order), each followed by its byte
    of `after`. Taken a block of fields at a time: the index of a whole file's bytes, made
    and summed in calls that hold the interpreter's lock, would be as long as the text."""
    slot_ends = running_sum(ends - starts + 1, np.int64)
    out = np.empty(int(slot_ends[-1]) if len(slot_ends) else 0, dtype=np.uint8)
    source = data if int(ends.max(initial=0)) < len(data) else np.append(data, np.uint8(0))  # one at the end
    for block in range(0, len(starts), _BLOCK_FIELDS):
        part = slice(block, block + _BLOCK_FIELDS)
        first = int(slot_ends[block - 1]) if block else 0
        taken = _slot_bytes(starts[part], ends[part], slot_ends[part] - first, index_kind(len(data)))
        out[first : first + len(taken)] = source[taken]
    out[slot_ends - 1] = after
    return out


def _slot_bytes(starts: np.ndarray, ends: np.ndarray, slot_ends: np.ndarray, kind: type) -> np.ndarray:
    """Per byte of the fields' slots (each field with the byte after it) its position in
    the data: a running sum of steps, 1 within a slot, the jump from the previous slot's
    last byte at a slot's first (the sum taken in place, one array for the index)."""
    taken = np.ones(int(slot_ends[-1]), dtype=kind)
    taken[0] = starts[0]
    taken[slot_ends[:-1]] = starts[1:] - ends[:-1]
    np.cumsum(taken, out=taken)
    return taken
