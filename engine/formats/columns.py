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
        return _starts_with(self.data, self.starts, self.ends, prefix)

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
        match[lines] = (ends - starts == len(word)) & _starts_with(self.data, starts, ends, word)
        return match


def _starts_with(data: np.ndarray, starts: np.ndarray, ends: np.ndarray, prefix: bytes) -> np.ndarray:
    """Whether each [start, end) begins with `prefix` (candidates narrowed byte by byte)."""
    match = np.zeros(len(starts), dtype=bool)
    candidates = np.flatnonzero(ends - starts >= len(prefix))
    for k, byte in enumerate(prefix):
        candidates = candidates[data[starts[candidates] + k] == byte]
    match[candidates] = True
    return match


def index_kind(size: int) -> type[np.signedinteger]:
    """The integer type of positions into `size` items: 32-bit where they fit."""
    return np.int32 if size < 2**31 - 1 else np.int64


def split_lines(raw: bytes, separator: str | None) -> Lines:
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
    kept_before = _with_ends(np.cumsum(keep, dtype=kind), 0, None)[:-1]  # fields before each cut
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


_BLOCK = 1 << 20  # flags looked at a time: the positions of one block are found in 64-bit


def positions(flags: np.ndarray, kind: type) -> np.ndarray:
    """np.flatnonzero(flags) as `kind`, found a block at a time (the 64-bit positions numpy
    gives are never held for the whole array)."""
    positions = np.empty(np.count_nonzero(flags), dtype=kind)
    filled = 0
    for block in range(0, len(flags), _BLOCK):
        found = np.flatnonzero(flags[block : block + _BLOCK])
        found += block
        positions[filled : filled + len(found)] = found
        filled += len(found)
    return positions


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
    np.cumsum(newline, out=gap_line[:-1])
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
    appearance), and those fields as strings. Fields are compared in pieces of seven bytes
    read in place as one integer with the length left (8 for 8 or more) as its eighth
    byte, so only the distinct fields become strings."""
    lengths = ends - starts
    codes, count = np.zeros(len(starts), dtype=np.int32), 1
    for offset in range(0, max(int(lengths.max(initial=0)), 1), 7):
        word_codes, word_count = _numbered_pieces(data, starts, lengths, offset)
        if offset:
            codes, count = _numbered(codes.astype(np.int64) * word_count + word_codes)
        else:
            codes, count = word_codes, word_count
    firsts = _first_appearances(codes, count)
    order = np.argsort(firsts)
    renumbered = np.empty(count, dtype=np.int32)
    renumbered[order] = np.arange(count, dtype=np.int32)
    names = [data[starts[i] : ends[i]].tobytes().decode("utf-8") for i in firsts[order].tolist()]
    return renumbered[codes], names


_MASKS = np.array([(1 << (8 * k)) - 1 for k in range(8)], dtype=np.uint64)  # the first k bytes of a word


_FIELDS = 1 << 16  # fields hashed a block at a time (their 64-bit pieces held for one block only)


def _numbered_pieces(data: np.ndarray, starts: np.ndarray, lengths: np.ndarray,
                     offset: int) -> tuple[np.ndarray, int]:  # fmt: skip
    """_numbered of the fields' pieces at `offset`: each hashed to a slot of a small table
    a block of fields at a time; all pieces at once (sorted) where two distinct pieces
    share a slot."""
    slots = np.empty(len(starts), dtype=np.uint16)
    held = np.zeros(1 << _SLOT_BITS, dtype=np.uint64)
    seen = np.zeros(1 << _SLOT_BITS, dtype=bool)
    for block in range(0, len(starts), _FIELDS):
        part = slice(block, block + _FIELDS)
        piece = _piece(data, starts[part], lengths[part], offset)
        slots[part] = _slots(piece)
        if not _held(held, seen, slots[part], piece):
            return _numbered(_piece(data, starts, lengths, offset))
    return _counted(slots, 1 << _SLOT_BITS)


def _held(held: np.ndarray, seen: np.ndarray, slots: np.ndarray, pieces: np.ndarray) -> bool:
    """Each slot's piece recorded in `held` (`seen`: slots recorded); False where two
    distinct pieces share a slot."""
    mine = np.zeros_like(held)
    mine[slots] = pieces
    present = np.zeros_like(seen)
    present[slots] = True
    both = present & seen
    if not (np.array_equal(mine.take(slots), pieces) and np.array_equal(mine[both], held[both])):
        return False
    held[present] = mine[present]
    seen |= present
    return True


def _piece(data: np.ndarray, starts: np.ndarray, lengths: np.ndarray, offset: int) -> np.ndarray:
    """Bytes [offset, offset + 7) of each field as one little-endian integer, the number
    of the field's bytes left from `offset` (8 for 8 or more) as its eighth byte."""
    left = lengths - offset
    np.clip(left, 0, 8, out=left)
    word = _words_at(data, starts + offset if offset else starts)
    word &= _MASKS.take(np.minimum(left, 7))
    word.view(np.uint8)[7::8] = left  # the eighth byte (the mask left it 0)
    return word


def _words_at(data: np.ndarray, at: np.ndarray) -> np.ndarray:
    """The 8 bytes from each position as a little-endian integer (zeros past the end),
    read in place: only the positions within 8 bytes of the end are read from a copy."""
    if len(data) < 8:
        data = np.concatenate([data, np.zeros(8 - len(data), dtype=np.uint8)])
    last = len(data) - 8  # the last position with 8 bytes from it
    word = np.ndarray((last + 1,), dtype="<u8", buffer=data, strides=(1,))[np.minimum(at, last)]
    late = np.flatnonzero(at > last)
    if len(late):
        tail = np.ndarray((9,), dtype="<u8", buffer=np.concatenate([data[last:], np.zeros(8, np.uint8)]),
                          strides=(1,))  # fmt: skip
        word[late] = tail.take(at[late] - last, mode="clip")
    return word


def _numbered(values: np.ndarray) -> tuple[np.ndarray, int]:
    """Each value's number among the distinct values (0 to their count - 1, 32-bit), and
    how many there are: counted where the values are small integers or hash to distinct
    slots of a small table (a file's few tags), else by sorting."""
    top = int(values.max(initial=0))
    if top <= 4 * len(values) + 1024:
        return _counted(values, top + 1)
    if values.dtype == np.int64:  # codes are never negative: the same bits, unsigned
        values = values.view(np.uint64)
    codes, count = _counted(_slots(values), 1 << _SLOT_BITS)
    held = values[_first_appearances(codes, count)]  # the value first seen in each slot
    if np.array_equal(held.take(codes), values):  # no two distinct values share a slot
        return codes, count
    ordered = np.sort(values)
    distinct = ordered[np.concatenate([[True], ordered[1:] != ordered[:-1]])]
    return np.searchsorted(distinct, values).astype(np.int32), len(distinct)


_GOLDEN = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing's multiplier (2**64 / golden ratio)
_SLOT_BITS = 12


def _slots(values: np.ndarray) -> np.ndarray:
    """Each unsigned 64-bit value's slot in a table of 2**_SLOT_BITS (Fibonacci hashing)."""
    hashed = np.multiply(values, _GOLDEN, dtype=np.uint64)
    hashed >>= np.uint64(64 - _SLOT_BITS)
    return hashed.astype(np.uint16)


def _counted(values: np.ndarray, size: int) -> tuple[np.ndarray, int]:
    """_numbered of integers in [0, size), by counting."""
    number = np.cumsum(np.bincount(values, minlength=size) > 0, dtype=np.int32)
    number -= 1
    return number.take(values), int(number[-1]) + 1


_FEW = 64  # distinct values few enough to find each one's first appearance by a scan


def _first_appearances(codes: np.ndarray, count: int) -> np.ndarray:
    """Where each of the `count` numbers first appears in `codes`."""
    if count <= _FEW:
        return np.array([np.argmax(codes == code) for code in range(count)], dtype=np.int64)
    order = np.argsort(codes.astype(np.min_scalar_type(count)), kind="stable")
    sizes = np.bincount(codes, minlength=count)
    return order[np.cumsum(sizes) - sizes]


def gather(data: np.ndarray, starts: np.ndarray, ends: np.ndarray, after: np.ndarray) -> np.ndarray:
    """The bytes of the fields one after another, each followed by its byte of `after`;
    the fields are in file order and apart (each field's end is before the next start).
    Each field is taken with the byte after it (its slot for `after`) by one index per
    byte out, a running sum of steps: 1 within a slot, the jump from the previous slot's
    last byte at a slot's first (the sum taken in place, one array for the index)."""
    lengths = ends - starts
    slot_ends = np.cumsum(lengths + 1)
    kind = index_kind(len(data))  # half the memory of the index
    taken = np.ones(int(slot_ends[-1]) if len(slot_ends) else 0, dtype=kind)
    if len(starts):
        taken[0] = starts[0]
        taken[slot_ends[:-1]] = starts[1:] - ends[:-1]
    np.cumsum(taken, out=taken)
    source = data if not len(ends) or ends[-1] < len(data) else np.append(data, np.uint8(0))
    out = source[taken]
    out[slot_ends - 1] = after
    return out
