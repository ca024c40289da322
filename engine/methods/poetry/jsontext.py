"""JSON texts of many values at once, without a Python object per value (numbers by msgspec,
strings by one msgspec call; integers' digits: rowtexts.integer_texts), and rows' texts
grouped by page, for the row layout of engine.export.rowtexts: JSON text holds no NUL byte
(a NUL in a string is written escaped), so deleting every NUL there leaves exactly the texts
joined."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
import numpy as np

from ...export.rowtexts import Piece, Rows, Taken, fixed, objects
from ...rowkeys import distinct_values

#: Ends a group's text in grouped's layout (JSON text holds no raw control character).
GROUP_END = b"\x01"


def grouped(pieces: Sequence[Piece], groups: np.ndarray, n_groups: int) -> np.ndarray:
    """Per group its rows' texts joined by commas (b"" for a group without rows; bytes
    objects): the rows (each the pieces' concatenation) come sorted by their group, 0 to
    n_groups − 1, and are laid out at once, GROUP_END after each group's last (where the
    groups start is not looked for: 121,000 binary searches on the bench)."""
    texts = np.full(n_groups, b"", dtype=object)
    if len(groups):
        last = np.append(groups[1:] != groups[:-1], True)
        rows = Rows([*pieces, Taken(np.array([b",", GROUP_END]), last.astype(np.int64))])
        texts[groups[last]] = rows.text(0, len(groups)).split(GROUP_END)[:-1]
    return texts


def merged_text(
    kinds: Sequence[tuple[np.ndarray, Sequence[Piece]]], count: int, limit: int | None
) -> bytearray | None:
    """Rows of several kinds in one text: per kind its rows' places (0 to count − 1, each
    place taken once over all kinds) and its pieces (merged constants, or one text per row
    of the kind). Each kind's rows are laid out as records of the widest kind's width
    (fields a column at a time), the records put in their places (a row each: a field at
    a time cost three times as much) and the padding then deleted: no text per row. None
    where the records would take more than `limit` bytes (the caller takes fewer rows)."""
    laid = []
    for places, pieces in kinds:
        if len(places):
            columns = [p if isinstance(p, bytes) else _fixed(p) for p in pieces]
            widths = [len(c) if isinstance(c, bytes) else c.dtype.itemsize for c in columns]
            laid.append((places, columns, widths))
    width = max((sum(widths) for *_, widths in laid), default=0)
    if limit is not None and count * width > limit:
        return None
    if width == 0:  # no rows, or rows of no text: numpy has no record of no bytes
        return bytearray()
    buffer = bytearray(count * width)
    merged = np.frombuffer(buffer, f"V{width}")  # a record a value: put by one copy, not a byte at a time
    for places, columns, widths in laid:
        names = [f"f{k}" for k in range(len(columns))]
        record = np.dtype({"names": names, "formats": [f"S{w}" for w in widths], "itemsize": width})
        rows = np.zeros(len(places), record)
        for name, column in zip(names, columns, strict=True):
            rows[name] = column
        merged[places] = rows.view(merged.dtype)
    return buffer.translate(None, b"\0")


def _fixed(column: np.ndarray | Taken) -> np.ndarray:
    """A kind's texts per row as fixed-width bytes."""
    column = column[:] if isinstance(column, Taken) else column
    return column.astype("S") if column.dtype == object else column


def string_texts(values: Sequence[str]) -> np.ndarray:
    """Each string's JSON text without its quotes, as msgspec writes it (bytes objects). A
    list of strings encoded is `["…","…"]`, split at each `","`: that occurs only between
    strings unless a string ends in an escaped quote and a comma (`x",` is `"x\\","`, its
    `\\","` a false split), where each string is encoded alone. Fixed-width where they are
    short enough."""
    if not values:
        return np.zeros(0, dtype="S1")
    encoded = msgspec.json.encode(values)
    if b"\\" in encoded and b'\\","' in encoded:  # maybe a string ending in `",` (or `\`): no split
        return fixed(np.array([msgspec.json.encode(value)[1:-1] for value in values], dtype=object))
    return fixed(objects(encoded[2:-2].split(b'","')), len(encoded))


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


def float_texts(values: np.ndarray) -> np.ndarray:
    """number_texts of floats (float64), each distinct value written once (poetry's factors
    and credits: 6,414 distinct among 65,303 on the bench; distinct bit for bit, so -0.0
    stays apart from 0.0)."""
    bits, which = distinct_values(np.asarray(values, dtype=np.float64).view(np.int64))
    return number_texts(bits.view(np.float64).tolist())[which.reshape(-1)]
