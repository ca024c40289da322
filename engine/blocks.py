"""C loops over long Python sequences a block at a time. A C call such as np.fromiter over a
map, bytes.join or dict.fromkeys holds the interpreter's lock from start to end, and the
app's UI thread waits on that lock while a worker reads: over a million tokens one call took
25-65 ms, and a look at CLUEval's two bench files paused the UI thread 78-216 ms (over 100 ms
in 6 of 10 runs). A block of ITEMS items takes a few milliseconds; between blocks the other
thread runs."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from itertools import chain, compress, count
from operator import ne
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from numpy.typing import DTypeLike  # for the hints only: numpy.typing is not imported by a run

#: Items one C call takes at a time (about 3-7 ms each on this machine).
ITEMS = 1 << 17


def pieces(items: Sequence[Any], size: int = ITEMS) -> Iterator[Sequence[Any]]:
    """The items `size` at a time (slices). A C loop over them all through this generator
    lets the other thread run between two pieces, where its Python step comes."""
    return (items[start : start + size] for start in range(0, len(items), size))


def each(function: Callable[[Any], Any], items: Sequence[Any], size: int = ITEMS) -> Iterator[Any]:
    """function(item) for each item, a piece at a time (`size` items: fewer where each item
    costs more, such as spans made when read)."""
    return chain.from_iterable(map(function, piece) for piece in pieces(items, size))


def mapped_array(function: Callable[[Any], Any], values: Sequence[Any], dtype: DTypeLike) -> np.ndarray:
    """np.fromiter(map(function, values), dtype), a block at a time."""
    return np.fromiter(each(function, values), dtype, len(values))


def joined(separator: bytes, items: Sequence[bytes]) -> bytes:
    """separator.join(items), a block at a time (the blocks then joined: few and long)."""
    if len(items) <= ITEMS:
        return separator.join(items)
    return separator.join([separator.join(piece) for piece in pieces(items)])


#: Bytes one C call translates or decodes at a time (a few milliseconds).
BYTES = 1 << 22


def byte_blocks(data: bytes) -> Iterator[bytes]:
    """The bytes BYTES at a time or a little more, each block but the last cut after a
    newline (so that no character of a UTF-8 text is cut in two)."""
    start, size = 0, BYTES
    while start < len(data):
        end = data.find(b"\n", start + size) + 1 or len(data)
        yield data[start:end]
        start = end


def translated(data: bytes, table: bytes, extra: int = 0) -> bytearray:
    """data.translate(table), a block at a time, each written into one buffer (no list of
    blocks joined), followed by `extra` zero bytes."""
    out = bytearray(len(data) + extra)
    at = 0
    for block in byte_blocks(data):
        out[at : at + len(block)] = block.translate(table)
        at += len(block)
    return out


def distinct_in_order(values: Sequence[Hashable]) -> list[Any]:
    """The distinct values in order of first appearance (list(dict.fromkeys(values))), a
    block at a time."""
    return list(dict.fromkeys(chain.from_iterable(pieces(values))))


def running_sum(values: np.ndarray, dtype: DTypeLike, out: np.ndarray | None = None) -> np.ndarray:
    """np.cumsum(values, dtype=dtype, out=out), a block at a time: numpy's running sum holds
    the interpreter's lock for its whole run, and a block of a million fresh int64 took
    20-50 ms of it with its page faults (a look at a CLUEval file paused the UI thread 66-87 ms
    at its text's character offsets)."""
    out = np.empty(len(values), dtype) if out is None else out
    carry = out.dtype.type(0)
    for block in range(0, len(values), ITEMS):
        part = out[block : block + ITEMS]
        np.cumsum(values[block : block + ITEMS], dtype=dtype, out=part)
        part += carry
        carry = part[-1]
    return out


def rows_array(rows: Sequence[Sequence[int]], width: int) -> np.ndarray:
    """np.array(rows, np.int64) shaped (len(rows), width), ITEMS numbers at a time (poetry's
    120,988 spans as rows of four: one call held the lock 51-66 ms of a look in the app)."""
    out = np.empty((len(rows), width), np.int64)
    size = max(1, ITEMS // width)
    for start in range(0, len(rows), size):
        out[start : start + size] = rows[start : start + size]
    return out


def first_difference(a: Sequence[Any], b: Sequence[Any]) -> int | None:
    """The first index below both lengths where `a` and `b` differ, None where they do not:
    compared a block at a time (a million tokens of two files in one comparison: 60 ms)."""
    n = min(len(a), len(b))
    for start in range(0, n, ITEMS):
        stop = min(start + ITEMS, n)
        if a[start:stop] != b[start:stop]:
            return next(i for i in range(start, stop) if a[i] != b[i])
    return None


def changes(values: Sequence[Any]) -> list[int]:
    """The indices (from 1) whose value differs from the one before, found in C a block at a time."""
    found: list[int] = []
    for start in range(1, len(values), ITEMS):
        stop = min(start + ITEMS, len(values))
        found += compress(count(start), map(ne, values[start:stop], values[start - 1 : stop - 1]))
    return found
