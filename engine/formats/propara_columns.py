"""The fields of an action file found and coded on its bytes (numpy), for the reader in
propara_actions: where each line's first six fields start and end, and per column of
fields an integer code per row, equal codes meaning equal bytes. Only the distinct texts
of a column become Python strings.

A field is coded by its bytes read eight at a time (a view of the file whose element i
is the eight bytes from position i): a field of at most seven bytes is its own key (its
bytes and its length), a longer one is hashed; np.unique numbers the keys, and every
hashed field is then compared byte for byte with the first field of its code, so codes
are exact (on the rare hash collision the column is coded through a dict instead).
"""

from __future__ import annotations

import numpy as np

FIELDS = 6  # the fields a row needs; a line may have more (the rest is ignored)
WORD = np.dtype("<u8")  # eight bytes, the first in the lowest bits on every machine
MIX = np.uint64(0x9E3779B97F4A7C15)  # odd: multiplying by it (mod 2**64) spreads the bits
MASKS = np.array([(1 << (8 * n)) - 1 for n in range(9)], WORD)  # per n: the lowest n bytes
Bounds = list[tuple[np.ndarray, np.ndarray]]  # per field: (starts, ends) of every row


class ByteFields:
    """A file's bytes (every line ending in \\n) with the bounds of each line's first six
    fields; `bounds` is None when some line has fewer."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        # a view, not a copy: element i is the eight bytes from position i (zeros past the end)
        self.words = np.ndarray((len(data) + 1,), WORD, buffer=data + bytes(8), strides=(1,))
        self.bounds = field_bounds(np.frombuffer(data, np.uint8))
        self.lines = 0 if self.bounds is None else len(self.bounds[0][0])

    def column(self, field: int) -> tuple[np.ndarray, list[str]]:
        """Per row the code of one field (0, 1, … in order of first appearance), and per
        code its text."""
        assert self.bounds is not None
        starts, ends = self.bounds[field]
        codes, first = field_codes(self.words, starts, ends, self.data)
        data, bounds = self.data, zip(starts[first].tolist(), ends[first].tolist(), strict=True)
        return codes, [data[start:end].decode() for start, end in bounds]


def field_bounds(text: np.ndarray) -> Bounds | None:
    """(starts, ends) of the first six fields of every line (the sixth ends at the next TAB
    or at the line end); None when a line has fewer than six."""
    below = np.flatnonzero(text < 11)  # TAB (9), LF (10) and rare control characters
    separators = below[text[below] >= 9]
    line_ends = np.flatnonzero(text[separators] == 10)  # among the separators
    first = np.concatenate(([0], line_ends[:-1] + 1))  # each line's first separator
    if not len(line_ends) or int((line_ends - first).min()) < FIELDS - 1:
        return None
    cuts = [separators[first + j] for j in range(FIELDS)]
    starts = [np.concatenate(([0], separators[line_ends[:-1]] + 1)), *(cut + 1 for cut in cuts[:-1])]
    return list(zip(starts, cuts, strict=True))


def _pieces(words: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> list[np.ndarray]:
    """Per eight bytes of the longest field, each field's bytes there as a number (0 past
    its end; only fields that reach there are read)."""
    pieces = [words[starts] & MASKS[np.minimum(lengths, 8)]]
    for offset in range(8, int(lengths.max(initial=0)), 8):
        rows = np.flatnonzero(lengths > offset)
        piece = np.zeros(len(starts), WORD)
        piece[rows] = words[starts[rows] + offset] & MASKS[np.minimum(lengths[rows] - offset, 8)]
        pieces.append(piece)
    return pieces


def field_codes(words: np.ndarray, starts: np.ndarray, ends: np.ndarray, data: bytes
                ) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Per field its code (equal codes: equal bytes), numbered in order of first
    appearance, and per code its first field. A field equal to the one before it (a
    participant's rows, its place while it rests) takes its code without a look-up."""
    lengths = ends - starts
    pieces = _pieces(words, starts, lengths)
    repeated = np.concatenate(([False], lengths[1:] == lengths[:-1]))
    for piece in pieces:
        repeated[1:] &= piece[1:] == piece[:-1]
    heads = np.flatnonzero(~repeated)  # the rows that start a run of equal fields
    head_pieces = [piece[heads] for piece in pieces]
    if len(pieces) == 1 and int(lengths.max(initial=0)) < 8:
        keys = head_pieces[0] | (lengths[heads].astype(WORD) << np.uint64(56))  # the field itself
    else:
        keys = _hashes(head_pieces, lengths[heads])
    _, codes, first = numbered(keys)
    if len(pieces) > 1 or int(lengths.max(initial=0)) >= 8:
        rep = first[codes]
        if not all(np.array_equal(piece[rep], piece) for piece in [lengths[heads], *head_pieces]):
            return _dict_codes(data, starts, ends)  # two texts with one hash
    order = np.argsort(first)  # codes renumbered by first appearance
    number = np.empty(len(order), np.int64)
    number[order] = np.arange(len(order))
    run = np.cumsum(~repeated) - 1  # each row's run
    return number[codes][run], heads[first[order]]


def numbered(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """np.unique's distinct keys, per key its number among them and per number its first
    position (return_index), without the stable sort that return_index costs."""
    distinct, codes = np.unique(keys, return_inverse=True)
    codes = codes.ravel()
    first = np.full(len(distinct), len(codes), np.int64)
    np.minimum.at(first, codes, np.arange(len(codes)))
    return distinct, codes, first


def _hashes(pieces: list[np.ndarray], lengths: np.ndarray) -> np.ndarray:
    """A 64-bit hash of each field's pieces and length."""
    hashes = lengths.astype(WORD)
    for piece in pieces:
        hashes = (hashes ^ piece) * MIX
    return hashes


def _dict_codes(data: bytes, starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """field_codes through a dict of the fields' bytes (after a hash collision)."""
    known: dict[bytes, int] = {}
    first: list[int] = []
    codes = []
    for row, (start, end) in enumerate(zip(starts.tolist(), ends.tolist(), strict=True)):
        code = known.setdefault(data[start:end], len(known))
        if code == len(first):
            first.append(row)
        codes.append(code)
    return np.array(codes, np.int64), np.array(first, np.int64)
