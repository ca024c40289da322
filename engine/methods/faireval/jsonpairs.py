"""The JSON report's `pairs` (specs/faireval.md §6.4) written as text straight from the
comparison's arrays, a part at a time with no dict per decision or span.

Every entry is laid out from columns of texts (engine.export.rowtexts.Rows): the file name,
the sentence's and each span's line as decimal digits (as orjson writes integers), the type
and subtype, and each span's head (label, begin, end and token numbers), made once for each
distinct head with the label's text by orjson, or `null` where the entry has no such span.
The bytes are those orjson writes for the entries as dicts (test_faireval_detail checks).
"""

from __future__ import annotations

import numpy as np

from ...export.rowtexts import Piece, Rows, Taken, fixed, integer_texts, taken
from ...rowkeys import first_of_groups, group_ids
from .batch import Side
from .compare import Ordered
from .passes import KINDS, SUBTYPES

#: What follows the sentence: type and subtype, by phase × len(SUBTYPES) + subtype.
TYPE_TEXTS = [f',"type":"{k}","subtype":"{s}","target":'.encode() for k in KINDS for s in SUBTYPES]
#: A span's head: its object up to its line.
HEAD = b'{"label":%b,"begin":%d,"end":%d,"tokens":[%b],"line":'
#: What closes a span's object after its line: nothing without a span (`null`), a brace with one.
CLOSE = np.array([b"", b"}"])


class PairsText:
    """A file pair's entries of `pairs` as JSON text (raises orjson.JSONEncodeError when its
    file name or a label cannot be written by orjson: not UTF-8)."""

    def __init__(
        self, name: str, labels: list[str], spans: tuple[SpanColumns, SpanColumns], order: Ordered
    ) -> None:
        import orjson  # here: a run without the report's detail does not load it

        texts = [orjson.dumps(label) for label in labels]
        kinds = Taken(np.array(TYPE_TEXTS), order.phase * len(SUBTYPES) + order.subtype)
        file = b',{"file":' + orjson.dumps(name) + b',"sentence":'
        pieces = [file, integer_texts(order.sentence + 1), kinds]
        for k, (side, index) in enumerate(zip(spans, order.indexes, strict=True)):
            pieces += [b',"system":'] * k + side.json_pieces(texts, index)
        self.rows = Rows([*pieces, b"}"])

    def part(self, start: int, stop: int) -> bytes | bytearray:
        """Entries start..stop − 1, each after a comma."""
        return self.rows.buffer(start, stop)


class SpanColumns:
    """One side's label code, begin, end, line and token-set code (the side's own arrays,
    not copied), read at span indexes where −1 is `no span`: the label code `none`, begin
    0, end −1, line 0, no token numbers."""

    def __init__(self, side: Side, none: int, sets: list[frozenset[int]]) -> None:
        self.columns = (side.label, side.begin, side.end, side.line, side.tokens)
        self.none = (none, 0, -1, 0, 0)
        self.sets = sets

    def at(self, index: np.ndarray) -> np.ndarray:
        """The columns of spans `index` (−1: none), as the rows of one array."""
        return np.stack([self.column(k, index) for k in range(len(self.columns))])

    def column(self, k: int, index: np.ndarray) -> np.ndarray:
        """Column `k` of spans `index` (−1: none)."""
        values = np.full(len(index), self.none[k], dtype=np.int64)
        has = index >= 0
        values[has] = self.columns[k][index[has]]
        return values

    def json_pieces(self, labels: list[bytes], index: np.ndarray) -> list[Piece]:
        """The spans `index` (−1: none) as pieces of rows' JSON (`labels`: each label code's
        JSON): each span's object, its head and line ('{"label":"NP",…,"line":7}'), or `null`."""
        heads, which = self.heads(labels)
        lines = integer_texts(np.asarray(self.columns[3], dtype=np.int64))
        has = (index >= 0).astype(np.int64)
        return [taken(heads, np.append(which, -1)[index]), taken(lines, index, b""), Taken(CLOSE, has)]

    def heads(self, labels: list[bytes]) -> tuple[np.ndarray, np.ndarray]:
        """Each distinct span head ('{"label":"NP","begin":4,"end":6,"tokens":[4,5,6],"line":';
        `labels`: each label code's JSON) and each span's number among them: the token
        numbers begin..end, or the span's own where it has gaps (token-set code > 0)."""
        label, begin, end, _, code = self.columns
        kinds, which = distinct_rows(label, begin, end, code)
        return fixed(np.array([self._head(labels, *kind) for kind in kinds], dtype=object)), which

    def _head(self, labels: list[bytes], label: int, begin: int, end: int, code: int) -> bytes:
        """The head of spans with this label, begin, end and token-set code."""
        tokens = ",".join(map(str, sorted(self.sets[code]) if code > 0 else range(begin, end + 1)))
        return HEAD % (labels[label], begin, end, tokens.encode())


def distinct_rows(*columns: np.ndarray) -> tuple[list[tuple[int, ...]], np.ndarray]:
    """The distinct rows of the columns (their values side by side), in order, and each
    row's number among them."""
    which = group_ids(*columns)
    first = first_of_groups(which, int(which.max(initial=-1)) + 1)
    return list(zip(*(c.take(first).tolist() for c in columns), strict=True)), which
