"""Fields of a file's bytes (each [start, end) of a uint8 array) read eight bytes at a time
in place by numpy: each field's code (equal codes: equal bytes; field_codes, the one coder
of fields on bytes), a short field's key, and which fields differ from others. The work
grows with the fields' bytes, however long the longest field is.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

import numpy as np

from ..blocks import running_sum
from ..rowkeys import run_starts


def index_kind(size: int) -> type[np.signedinteger]:
    """The integer type of positions into `size` items: 32-bit where they fit."""
    return np.int32 if size < 2**31 - 1 else np.int64


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


WORD = np.dtype("<u8")  # eight bytes, the first in the lowest bits on every machine
MIX = np.uint64(0x9E3779B97F4A7C15)  # odd: multiplying by it (mod 2**64) spreads the bits


def field_codes(data: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per field its code (equal codes: equal bytes; 32-bit where they fit), numbered in
    order of first appearance, and per code its first field. Fields are read eight bytes
    at a time in place: where none is longer than seven bytes, a field's bytes and length
    are its key; else every field is hashed and compared byte for byte with the first field
    of its code, so codes are exact (on the rare hash collision they are found through a
    dict). A field equal to the one before it takes its code without a look-up. The work
    grows with the fields' bytes, however long the longest field."""
    lengths = ends - starts
    longest = int(lengths.max(initial=0))
    kind = index_kind(len(starts))
    first_pieces = _pieces_at(data, starts, lengths)
    opens = _run_openings(data, starts, lengths, first_pieces)
    heads = positions(opens, kind)  # the rows that start a run of equal fields
    found = _head_codes(data, starts.take(heads), lengths.take(heads), first_pieces.take(heads), longest)
    del lengths, first_pieces  # every row's: only the heads' are looked at from here
    if found is None:
        return _dict_codes(data, starts, ends)  # two texts with one hash
    codes, first = found
    order = np.argsort(first)  # codes renumbered by first appearance
    number = np.empty(len(order), kind)
    number[order] = np.arange(len(order), dtype=kind)
    head_codes = number.take(codes)
    del codes
    run = run_numbers(opens, kind)
    # the codes written over the runs: a new array of every row, made last, stayed in the
    # heap among the freed temporaries (10 MB more peak memory of a 1M-token spans run)
    return head_codes.take(run, out=run, mode="clip"), heads.take(first.take(order))


def run_numbers(opens: np.ndarray, kind: type) -> np.ndarray:
    """Per item the number of its run (from 0), given where runs open."""
    run = running_sum(opens, kind)
    run -= 1
    return run


def _head_codes(data: np.ndarray, starts: np.ndarray, lengths: np.ndarray, pieces: np.ndarray, longest: int
                ) -> tuple[np.ndarray, np.ndarray] | None:  # fmt: skip
    """numbered's codes and first positions of the fields [starts, starts + lengths), given
    their first pieces: keyed by their one piece with its length where none is longer than
    seven bytes, else hashed and each compared with the first field of its code; None when
    two distinct fields have one hash."""
    if longest < 8:
        return numbered(_with_length(pieces, lengths))[1:]
    hashed = _HashedFields(data, starts, lengths, pieces)
    _, codes, first = numbered(hashed.hashes)
    return (codes, first) if hashed.equal_to(first.take(codes)) else None


def _run_openings(data: np.ndarray, starts: np.ndarray, lengths: np.ndarray, first_pieces: np.ndarray
                  ) -> np.ndarray:  # fmt: skip
    """Per field: whether it differs from the one before it (the first field does). Lengths
    and first pieces are compared for every field, the rest of the bytes only for the
    fields longer than a piece still equal to the one before."""
    opens = np.ones(len(lengths), bool)
    np.not_equal(lengths[1:], lengths[:-1], out=opens[1:])
    opens[1:] |= first_pieces[1:] != first_pieces[:-1]
    still = lengths > 8  # the fields longer than a piece that equal the one before so far
    still &= ~opens
    rows = positions(still, index_kind(len(lengths)))
    del still
    rest = starts.take(rows) + 8, lengths.take(rows) - 8, data, starts.take(rows - 1) + 8
    opens.put(rows[_differing(data, *rest)], True)
    return opens


_BLOCK_FIELDS = 1 << 16  # fields read a block at a time (no temporary as long as all of them)
_BLOCK_PIECES = 1 << 20  # the pieces of fields read a block at a time
#: Fields are read a piece (eight bytes) at a time while at least this many reach that far;
#: the rest of the fewer longer ones then all at once (so the work follows the fields' bytes,
#: and a very long field costs no loop of a step per piece).
_WIDE = 1 << 10


def _with_length(piece: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Fields of at most seven bytes (their one piece), each with its length as the
    eighth byte (written into `piece`)."""
    piece |= lengths.astype(WORD) << np.uint64(56)
    return piece


class _HashedFields:
    """Fields' 64-bit hashes of their bytes and lengths: a field's length taken with each of
    its pieces in turn (XORed, then multiplied by MIX), every field's first piece, then the
    next of those that reach further while wide (_WIDE); then with the sum of its other
    pieces, each mixed with its place; its bits mixed last. The pieces read in turn are
    kept to compare the fields of one hash."""

    def __init__(self, data: np.ndarray, starts: np.ndarray, lengths: np.ndarray, first_pieces: np.ndarray
                 ) -> None:  # fmt: skip
        self.data, self.starts, self.lengths, self.first_pieces = data, starts, lengths, first_pieces
        self.read: list[tuple[np.ndarray, np.ndarray]] = []  # the fields reaching each offset, their pieces
        hashes = lengths.astype(WORD) * MIX
        hashes ^= first_pieces
        hashes *= MIX
        rows, offset = np.flatnonzero(lengths > 8), 8
        while len(rows) >= _WIDE:
            left = lengths.take(rows) - offset
            pieces = _pieces_at(data, starts.take(rows) + offset, left)
            self.read.append((rows, pieces))
            hashes[rows] = (hashes.take(rows) ^ pieces) * MIX
            rows, offset = rows[left > 8], offset + 8
        self.rest, self.offset = rows, offset  # the fields read on after the turns, and from where
        hashes[rows] ^= _pieces_sums(data, *self._rest_of(rows))
        self.hashes = _mixed(hashes)

    def equal_to(self, others: np.ndarray) -> bool:
        """Whether every field's bytes are those of the field `others` gives for it."""
        for known in (self.lengths, self.first_pieces):
            if (known.take(others) != known).any():
                return False
        place = np.empty(len(others), np.int64)  # a field's place among the fields of a turn
        for rows, pieces in self.read:
            place[rows] = np.arange(len(rows))
            if (pieces.take(place.take(others.take(rows))) != pieces).any():
                return False
        return not len(_differing_pieces(self.data, *self._rest_of(self.rest), self.data,
                                         self._rest_of(others.take(self.rest))[0]))  # fmt: skip

    def _rest_of(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Where the rest of these fields starts, and its length."""
        return self.starts.take(rows) + self.offset, self.lengths.take(rows) - self.offset


def _pieces_sums(data: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Per field the sum of its pieces, each mixed with its place in the field (a block of
    fields' pieces at a time, summed by one reduction)."""
    sums = np.empty(len(starts), WORD)
    for part, counts in _piece_blocks(lengths):
        pieces, places = _pieces_of(data, starts[part], lengths[part], counts)
        pieces ^= _mixed(places.astype(WORD))
        sums[part] = np.add.reduceat(_mixed(pieces), run_starts(counts))
    return sums


def differing_fields(data: np.ndarray, starts: np.ndarray, ends: np.ndarray, other: np.ndarray,
                     other_starts: np.ndarray, other_ends: np.ndarray) -> np.ndarray:  # fmt: skip
    """The indices of the fields [starts, ends) of `data` whose bytes are not those of the
    fields [other_starts, other_ends) of `other`: compared eight bytes at a time in place."""
    lengths, other_lengths = ends - starts, other_ends - other_starts
    differ = lengths != other_lengths
    lengths = np.minimum(lengths, other_lengths)  # read within both fields (a longer one differs)
    differ[_differing(data, starts, lengths, other, other_starts)] = True
    return np.flatnonzero(differ)


def _differing(data: np.ndarray, starts: np.ndarray, lengths: np.ndarray, other: np.ndarray,
               other_starts: np.ndarray) -> np.ndarray:  # fmt: skip
    """The indices of the fields [starts, starts + lengths) of `data` whose bytes are not
    those of the fields as long from `other_starts` in `other`: a piece of each at a time
    while wide (_WIDE), then the rest of the fields still equal all at once."""
    differ = np.zeros(len(starts), bool)
    rows, offset = np.flatnonzero(lengths > 0), 0
    if not len(rows):
        return rows
    while len(rows) >= _WIDE:
        left = lengths.take(rows) - offset
        mine = _pieces_at(data, starts.take(rows) + offset, left)
        differs = mine != _pieces_at(other, other_starts.take(rows) + offset, left)
        differ[rows[differs]] = True
        rows, offset = rows[~differs & (left > 8)], offset + 8
    rest = starts.take(rows) + offset, lengths.take(rows) - offset, other, other_starts.take(rows) + offset
    differ[rows[_differing_pieces(data, *rest)]] = True
    return np.flatnonzero(differ)


def _differing_pieces(data: np.ndarray, starts: np.ndarray, lengths: np.ndarray, other: np.ndarray,
                      other_starts: np.ndarray) -> np.ndarray:  # fmt: skip
    """_differing of every piece of the fields at once (a block at a time)."""
    differ = np.zeros(len(starts), bool)
    for part, counts in _piece_blocks(lengths):
        mine = _pieces_of(data, starts[part], lengths[part], counts)[0]
        theirs = _pieces_of(other, other_starts[part], lengths[part], counts)[0]
        differ[part] = np.logical_or.reduceat(mine != theirs, run_starts(counts))
    return np.flatnonzero(differ)


def _piece_blocks(lengths: np.ndarray) -> Iterator[tuple[slice, np.ndarray]]:
    """Runs of fields with at most twice _BLOCK_PIECES pieces in all (a longer field alone),
    and each one's number of pieces (at least one: an empty field has one, of no bytes)."""
    if not len(lengths):
        return
    counts = np.maximum((lengths + 7) >> 3, 1)
    ends = running_sum(counts, np.int64)
    total = int(ends[-1])
    long = np.flatnonzero(counts > _BLOCK_PIECES)
    cuts = np.searchsorted(ends, np.arange(_BLOCK_PIECES, total, _BLOCK_PIECES), side="right")
    for first, end in pairwise(np.unique(np.r_[0, cuts, long, long + 1, len(counts)]).tolist()):
        yield slice(first, end), counts[first:end]


def _pieces_of(data: np.ndarray, starts: np.ndarray, lengths: np.ndarray, counts: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Every piece (`counts` a field) of the fields, one after another, and each one's place
    (its first byte's offset in its field)."""
    places = np.arange(int(counts.sum()), dtype=np.int64)
    places -= np.repeat(run_starts(counts), counts)
    places <<= 3
    left = np.repeat(lengths, counts) - places  # (an empty field's one piece: 0)
    return _pieces_at(data, np.repeat(starts, counts) + places, left), places


def _mixed(words: np.ndarray) -> np.ndarray:
    """The words' bits spread over the whole word, in place (splitmix64's last step)."""
    words ^= words >> np.uint64(30)
    words *= np.uint64(0xBF58476D1CE4E5B9)
    words ^= words >> np.uint64(27)
    words *= np.uint64(0x94D049BB133111EB)
    words ^= words >> np.uint64(31)
    return words


#: short_keys' key of a field longer than seven bytes (no field of seven bytes or fewer has it).
LONG = np.uint64(0xFFFFFFFFFFFFFFFF)


def short_keys(data: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """Per field [start, end) a 64-bit key: its bytes with its length as the eighth byte for
    a field of at most seven bytes (equal keys: equal fields), LONG for a longer one."""
    lengths = ends - starts
    keys = _with_length(_pieces_at(data, starts, np.minimum(lengths, 7)), lengths)
    keys[lengths > 7] = LONG
    return keys


def numbered(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The distinct keys (sorted), per key its number among them and per number its first
    position: np.unique's with return_inverse and return_index, found by a plain sort and
    a binary search of each key (np.unique's argsort is several times slower)."""
    ordered = np.sort(keys)
    new = np.ones(len(ordered), bool)
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    distinct = ordered[new]
    codes = np.searchsorted(distinct, keys)
    kind = index_kind(len(codes))
    first = np.full(len(distinct), len(codes), kind)
    np.minimum.at(first, codes, np.arange(len(codes), dtype=kind))
    return distinct, codes, first


def _dict_codes(data: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """field_codes through a dict of the fields' bytes (after a hash collision)."""
    raw = data.tobytes()
    known: dict[bytes, int] = {}
    first: list[int] = []
    codes = []
    for row, (start, end) in enumerate(zip(starts.tolist(), ends.tolist(), strict=True)):
        code = known.setdefault(raw[start:end], len(known))
        if code == len(first):
            first.append(row)
        codes.append(code)
    return np.array(codes, np.int32), np.array(first, np.int64)


def _pieces_at(data: np.ndarray, at: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """The `counts` bytes (all 8 for 8 or more) from each position as a little-endian
    integer, read in place a block at a time: the two aligned words that hold the eight
    bytes are shifted together (a read of eight bytes at any position cost several times
    two aligned ones); positions within 16 bytes of the end are read from a copy."""
    if len(data) < 16:
        data = np.concatenate([data, np.zeros(16, np.uint8)])
    words = data[: len(data) // 8 * 8].view(WORD)
    pieces = np.empty(len(at), WORD)
    for block in range(0, len(at), _BLOCK_FIELDS):
        part = slice(block, block + _BLOCK_FIELDS)
        pieces[part] = _block_pieces(words, at[part], counts[part])
    start = (len(words) - 1) * 8  # the last aligned word's
    if int(at.max(initial=0)) >= start:
        late = np.flatnonzero(at >= start)
        tail = np.concatenate([data[start:], np.zeros(8, np.uint8)])
        word = np.ndarray((len(tail) - 7,), dtype=WORD, buffer=tail, strides=(1,))[at[late] - start]
        pieces[late] = word & _low_bytes(counts[late])
    return pieces


def _block_pieces(words: np.ndarray, at: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """_pieces_at for one block (the positions before the last aligned word right)."""
    index = at >> 3
    shift = (at & 7).astype(WORD)
    shift <<= np.uint64(3)
    piece = words.take(index, mode="clip")
    piece >>= shift
    np.subtract(np.uint64(64), shift, out=shift)  # a shift by 64 gives 0
    index += 1
    high = words.take(index, mode="clip")
    high <<= shift
    piece |= high
    piece &= _low_bytes(counts)
    return piece


def _low_bytes(counts: np.ndarray) -> np.ndarray:
    """Per count the mask of a word's lowest `count` bytes (all 8 for 8 or more)."""
    dropped = np.minimum(counts, 8).astype(WORD)  # the bytes above them, in bits
    np.subtract(np.uint64(8), dropped, out=dropped)
    dropped <<= np.uint64(3)
    return np.right_shift(np.uint64(0xFFFFFFFFFFFFFFFF), dropped)  # a shift by 64 gives 0
