"""Texts of many rows at once, without a Python object per value (the JSON and CSV of
long tables): each piece of a row's text is a constant or an array of one text per row
(numpy fixed-width bytes, NUL-padded; or bytes objects where texts can be of any
length); the rows are laid out side by side in one record array and the padding is then
deleted, so no text may hold a NUL byte (JSON writes one escaped; the CSV writer stands
another byte in for it). Texts of any length are put in afterwards (SPLICE), unpadded.
Integers' decimal texts are made so too (integer_texts: numpy's digits, no int object each)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..rowkeys import distinct_values

#: Bytes of a record array laid out at once (long texts: fewer rows at a time).
LIMIT = 1 << 24


class Taken:
    """texts[index]: a column of one text per row, taken a part of the rows at a time
    (never held whole)."""

    def __init__(self, texts: np.ndarray, index: np.ndarray) -> None:
        self.texts, self.index = texts, index

    def __len__(self) -> int:
        return len(self.index)

    def __getitem__(self, rows: slice) -> np.ndarray:
        return self.texts[self.index[rows]]


Piece = bytes | np.ndarray | Taken  # a constant, or one text per row


class Rows:
    """Rows' texts, each the concatenation of the same pieces (a constant, or one text per
    row); `text(a, b)` gives rows a to b − 1 one after another. `count`: the number of rows
    where every piece is a constant."""

    def __init__(self, pieces: Sequence[Piece], count: int | None = None) -> None:
        self.pieces = _merged(pieces)
        per_row = [p for p in self.pieces if not isinstance(p, bytes)]
        self.count = len(per_row[0]) if per_row else count or 0
        self._blank: tuple[np.dtype, bytearray] | None = None  # the constants laid out, kept for later parts

    def __len__(self) -> int:
        return self.count

    def text(self, a: int, b: int) -> bytes:
        return bytes(self.buffer(a, b))

    def buffer(self, a: int, b: int) -> bytes | bytearray:
        """text(a, b) as it is laid out: a bytearray where it is made in one go (to write
        or view, not copied once more into bytes)."""
        parts = [p if isinstance(p, bytes) else p[a:b] for p in self.pieces]
        loose = [p for p in parts if not isinstance(p, bytes) and p.dtype == object]
        if loose:  # texts of any length put in after: no padding to their longest
            fixed_parts = [SPLICE if not isinstance(p, bytes) and p.dtype == object else p for p in parts]
            return _spliced(self._laid(fixed_parts, b - a), loose)
        return self._laid(parts, b - a)

    def _laid(self, parts: list[Piece], count: int) -> bytes | bytearray:
        """Rows of `parts` (constants or fixed-width texts, `count` rows each) laid out, fewer
        rows at a time where they are wide."""
        width = sum(len(p) if isinstance(p, bytes) else _widest(p) for p in parts)
        step = max(1, LIMIT // max(width, 1))
        laid = [self._laid_out(parts, k, min(k + step, count)) for k in range(0, count, step)]
        return laid[0] if len(laid) == 1 else b"".join(laid)

    def _laid_out(self, pieces: list[Piece], a: int, b: int) -> bytearray:
        """Rows a to b − 1: each piece a field of a record array (zeros where a text is shorter
        than its field), the zeros then deleted. The constants are written once, in records
        kept from one part to the next (a part's rows take the same fields: only the texts
        per row are written again; fresh records for each part: poetry's CSV files 161 ms
        and 15,880 page faults against 152.5 ms and 12,930)."""
        columns = [p if isinstance(p, bytes) else p[a:b] for p in pieces]
        record = np.dtype([(f"f{k}", f"S{len(c) if isinstance(c, bytes) else c.dtype.itemsize}")
                           for k, c in enumerate(columns)])  # fmt: skip
        size = (b - a) * record.itemsize
        if self._blank is None or self._blank[0] != record or len(self._blank[1]) < size:
            self._blank = record, _blank(record, columns, b - a)
        buffer = self._blank[1]
        rows = np.frombuffer(buffer, record, count=b - a)
        for name, column in zip(record.names, columns, strict=True):
            if not isinstance(column, bytes):
                rows[name] = column
        if len(buffer) > size:  # a last, shorter part
            return bytearray(memoryview(buffer)[:size]).translate(None, b"\0")
        return buffer.translate(None, b"\0")


#: Stands in for a text of any length while the other pieces are laid out (Rows.buffer):
#: no UTF-8 text holds it (nor STAND_IN's byte, 0xFF).
SPLICE = b"\xfe"


def _spliced(laid: bytes | bytearray, loose: list[np.ndarray]) -> bytes | bytearray:
    """The rows laid out with SPLICE in each loose text's place, and the texts put there:
    the laid text made a template (each SPLICE a `%b`, each `%` doubled) filled by one `%`
    of bytes with the texts in row order (a join of Python bytes, not a record as wide as
    the longest text: poetry's span texts, 124 bytes on average and up to 430; splitting
    the laid text at each SPLICE and joining the pieces again cost 2.5 times as much)."""
    template = laid.replace(b"%", b"%%") if b"%" in laid else laid
    texts: list[bytes] = [b""] * (len(loose) * len(loose[0]))
    for k, column in enumerate(loose):
        texts[k :: len(loose)] = column.tolist()
    return template.replace(SPLICE, b"%b") % tuple(texts)


def _merged(pieces: Sequence[Piece]) -> list[Piece]:
    """The pieces with neighbouring constants joined and empty ones left out."""
    merged: list[Piece] = []
    for piece in pieces:
        if isinstance(piece, bytes) and merged and isinstance(merged[-1], bytes):
            merged[-1] += piece
        elif not isinstance(piece, bytes) or piece:
            merged.append(piece)
    return merged


def _widest(column: np.ndarray) -> int:
    """The longest text of a column."""
    if column.dtype != object:
        return column.dtype.itemsize
    return max(map(len, column), default=0)


def _blank(record: np.dtype, columns: list[Piece], count: int) -> bytearray:
    """`count` records of `record` holding the constants of `columns` (zeros elsewhere)."""
    first = np.zeros(1, record)
    for name, column in zip(record.names, columns, strict=True):
        if isinstance(column, bytes):
            first[name] = column
    return bytearray(first.tobytes()) * count


def objects(items: list[bytes]) -> np.ndarray:
    """A list of bytes objects as an array of them (np.fromiter: 10.7 -> 6.6 ms for
    136,308; np.array looks at each for a sequence to go into)."""
    return np.fromiter(items, dtype=object, count=len(items))


def fixed(texts: np.ndarray, size: int = 0) -> np.ndarray:
    """Texts (bytes objects) as fixed-width bytes where that takes at most LIMIT bytes.
    `size`: their bytes together where known (past LIMIT, so are the widest's times their
    number: no look at each)."""
    if size > LIMIT or len(texts) * _widest(texts) > LIMIT:
        return texts
    return texts.astype("S") if len(texts) else np.zeros(0, dtype="S1")


def taken(texts: np.ndarray, index: np.ndarray, blank: bytes = b"null") -> Taken:
    """texts[k] for each k of `index`, `blank` where k is −1."""
    return Taken(np.append(texts, blank), index)


def integer_texts(values: np.ndarray) -> np.ndarray:
    """Integers (int64, below 2**63 in size) as decimal texts of fixed width, NUL bytes in
    front of the shorter ones (their digits made by numpy: no Python object each); where
    their range is less than half their number, each distinct value's made once (poetry's
    span offsets: 3.5 -> 0.4 ms for 80,000)."""
    if not len(values):
        return np.zeros(0, dtype="S1")
    if int(values.max()) - int(values.min()) < len(values) // 2:
        distinct, which = distinct_values(values)
        return _digits(distinct)[which]
    return _digits(values)


def _digits(values: np.ndarray) -> np.ndarray:
    """integer_texts of every value: each digit by a division by 10 of unsigned integers,
    32-bit where they fit (numpy divides those by a constant in SIMD: 0.06 against 3 ms
    for 200,000 int64 values and one digit)."""
    size = np.abs(values)
    width = len(str(int(size.max())))
    digits = np.zeros((width, len(values)), dtype=np.uint8)  # a row per digit, the first row leading
    rest = size.astype(np.uint32 if width < 10 else np.uint64)
    ten = rest.dtype.type(10)
    for k in range(width - 1, -1, -1):
        quotient = rest // ten
        digits[k] = rest - quotient * ten
        rest = quotient
    digits += ord("0")
    powers = 10 ** np.arange(width - 1, 0, -1, dtype=np.int64)
    digits[:-1][size < powers[:, None]] = 0  # no leading zeros (a lone 0 stays)
    if (values < 0).any():
        digits = np.vstack([np.where(values < 0, ord("-"), 0).astype(np.uint8), digits])
    return np.ascontiguousarray(digits.T).view(f"S{len(digits)}").ravel()
