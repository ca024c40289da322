"""JSON text of many rows at once, without a Python object per value: each column of a
row's text is an array of one text per row (numpy fixed-width bytes, NUL-padded; or bytes
objects where texts can be of any length), the rows are laid out side by side in one
record array and the padding is then deleted. JSON text holds no NUL byte (a NUL in a
string is written escaped), so deleting every NUL leaves exactly the texts joined."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
import numpy as np

#: Bytes of a record array laid out at once (long texts: fewer rows at a time).
LIMIT = 1 << 24
#: Ends a group's text in Groups, a head's in pagejson (JSON text holds no raw control
#: character).
GROUP_END = b"\x01"


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
    row); `text(a, b)` gives rows a to b − 1 one after another."""

    def __init__(self, pieces: Sequence[Piece]) -> None:
        self.pieces = _merged(pieces)
        self.count = len(next(p for p in self.pieces if not isinstance(p, bytes)))  # a piece per row

    def __len__(self) -> int:
        return self.count

    def text(self, a: int, b: int) -> bytes:
        parts = [p if isinstance(p, bytes) else p[a:b] for p in self.pieces]
        width = sum(len(p) if isinstance(p, bytes) else _widest(p) for p in parts)
        step = max(1, LIMIT // max(width, 1))
        return b"".join([_laid_out(parts, k, min(k + step, b - a)) for k in range(0, b - a, step)])


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


def _laid_out(pieces: list[Piece], a: int, b: int) -> bytes:
    """Rows a to b − 1: each piece a field of a record array (zeros where a text is shorter
    than its field), the zeros then deleted."""
    columns = [p if isinstance(p, bytes) else _fixed_part(p, a, b) for p in pieces]
    widths = [len(c) if isinstance(c, bytes) else c.dtype.itemsize for c in columns]
    record = np.dtype([(f"f{k}", f"S{w}") for k, w in enumerate(widths)])
    buffer = bytearray(record.itemsize * (b - a))
    rows = np.frombuffer(buffer, record)
    for name, column in zip(record.names, columns, strict=True):
        rows[name] = column
    return buffer.translate(None, b"\0")


def _fixed_part(column: np.ndarray, a: int, b: int) -> np.ndarray:
    """column[a:b] as fixed-width bytes."""
    return column[a:b].astype("S") if column.dtype == object else column[a:b]


class Groups:
    """Per group its rows' texts joined by commas (b"" for a group without rows), made a
    range of groups at a time: the rows (each the pieces' concatenation) come sorted by
    their group, 0 to n_groups − 1."""

    def __init__(self, pieces: Sequence[Piece], groups: np.ndarray, n_groups: int) -> None:
        last = np.append(groups[1:] != groups[:-1], True) if len(groups) else np.zeros(0, dtype=bool)
        self.rows = Rows([*pieces, Taken(np.array([b",", GROUP_END]), last.astype(np.int64))])
        self.groups, self.last = groups, last
        self.at = np.searchsorted(groups, np.arange(n_groups + 1))

    def texts(self, a: int, b: int) -> np.ndarray:
        """Groups a to b − 1 (bytes objects)."""
        texts = np.full(b - a, b"", dtype=object)
        lo, hi = self.at[a], self.at[b]
        if hi > lo:
            filled = self.groups[lo:hi][self.last[lo:hi]] - a
            texts[filled] = self.rows.text(lo, hi).split(GROUP_END)[:-1]
        return texts


def grouped(pieces: Sequence[Piece], groups: np.ndarray, n_groups: int) -> np.ndarray:
    """Every group's text (Groups) at once."""
    return Groups(pieces, groups, n_groups).texts(0, n_groups)


def string_texts(values: Sequence[str]) -> np.ndarray:
    """Each string's JSON text without its quotes, as msgspec writes it (bytes objects). A
    list of strings encoded is `["…","…"]`, and `","` occurs in it only between strings:
    a quote inside a string is written `\\"`. Fixed-width where they are short enough."""
    if not values:
        return np.zeros(0, dtype="S1")
    return fixed(np.array(msgspec.json.encode(values)[2:-2].split(b'","'), dtype=object))


def value_texts(values: Sequence[object]) -> np.ndarray:
    """Each value's JSON text (any JSON scalars) by msgspec, floats by orjson, which writes
    those of 1e16 and above as `1e+20` (msgspec: `1e20`; the dicts' path: orjson).
    Fixed-width where they are short enough."""
    import orjson  # here: a run that writes no JSON (a workbook, --ci, the app) does not load it

    texts = list(map(msgspec.json.encode, values))
    for k in [k for k, value in enumerate(values) if type(value) is float]:
        texts[k] = orjson.dumps(values[k])
    return fixed(np.array(texts, dtype=object))


def number_texts(values: list[float | int]) -> np.ndarray:
    """Numbers' JSON texts as msgspec writes them (fixed-width bytes)."""
    if not values:
        return np.zeros(0, dtype="S1")
    return np.array(msgspec.json.encode(values)[1:-1].split(b","), dtype="S")


def fixed(texts: np.ndarray) -> np.ndarray:
    """Texts (bytes objects) as fixed-width bytes where that takes at most LIMIT bytes."""
    if len(texts) * _widest(texts) > LIMIT:
        return texts
    return texts.astype("S") if len(texts) else np.zeros(0, dtype="S1")


def integer_texts(values: np.ndarray) -> np.ndarray:
    """Integers (int64, below 2**63 in size) as decimal texts of fixed width, NUL bytes in
    front of the shorter ones (their digits made by numpy: no Python object each)."""
    if not len(values):
        return np.zeros(0, dtype="S1")
    size = np.abs(values)
    width = len(str(int(size.max())))
    digits = np.zeros((width, len(values)), dtype=np.uint8)  # a row per digit, the first row leading
    rest = size
    for k in range(width - 1, -1, -1):
        rest, digit = np.divmod(rest, 10)
        digits[k] = digit + ord("0")
    powers = 10 ** np.arange(width - 1, 0, -1, dtype=np.int64)
    digits[:-1][size < powers[:, None]] = 0  # no leading zeros (a lone 0 stays)
    if (values < 0).any():
        digits = np.vstack([np.where(values < 0, ord("-"), 0).astype(np.uint8), digits])
    return np.ascontiguousarray(digits.T).view(f"S{len(digits)}").ravel()


def taken(texts: np.ndarray, index: np.ndarray, blank: bytes = b"null") -> Taken:
    """texts[k] for each k of `index`, `blank` where k is −1."""
    return Taken(np.append(texts, blank), index)
