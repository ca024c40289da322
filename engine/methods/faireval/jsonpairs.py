"""The JSON report's `pairs` (specs/faireval.md §6.4) written as text straight from the
comparison's arrays, a part at a time with no dict per decision or span.

Every entry is one of four templates (either span may be `null`) filled by one `%` of
bytes for a whole part: the sentence and each span's line as Python's decimal digits, as
orjson writes them, and the rest of a span as its head (label, begin, end and token
numbers), made once for each distinct head with the label's text by orjson. The bytes are
those orjson writes for the entries as dicts (test_faireval_detail checks).
"""

from __future__ import annotations

import numpy as np

from ...rowkeys import first_of_groups, group_ids
from .batch import Side
from .compare import Ordered
from .passes import KINDS, SUBTYPES

#: What follows the sentence: type and subtype, by phase × len(SUBTYPES) + subtype.
TYPE_TEXTS = [f',"type":"{k}","subtype":"{s}","target":'.encode() for k in KINDS for s in SUBTYPES]
#: A span's object: its head (SpanColumns.heads), then its line.
SPAN = b"%b%d}"
HEAD = b'{"label":%b,"begin":%d,"end":%d,"tokens":[%b],"line":'


class PairsText:
    """A file pair's entries of `pairs` as JSON text (raises orjson.JSONEncodeError when its
    file name or a label cannot be written by orjson: not UTF-8)."""

    def __init__(
        self, name: str, labels: list[str], spans: tuple[SpanColumns, SpanColumns], order: Ordered
    ) -> None:
        import orjson  # here: a run without the report's detail does not load it

        file = b',{"file":' + orjson.dumps(name).replace(b"%", b"%%") + b',"sentence":%d%b'
        self.templates = [  # by 2 × (has a target) + (has a system span)
            file + (SPAN if target else b"null") + b',"system":' + (SPAN if system else b"null") + b"}"
            for target in (False, True)
            for system in (False, True)
        ]
        self.kinds = np.array(TYPE_TEXTS, dtype=object)
        texts = [orjson.dumps(label) for label in labels]
        self.heads = [side.heads(texts) for side in spans]
        self.spans, self.order = spans, order

    def part(self, start: int, stop: int) -> bytes:
        """Entries start..stop − 1, each after a comma."""
        order = self.order.take(slice(start, stop))
        cells = np.empty((len(order), 6), dtype=object)  # sentence, type, both spans' head and line
        shown = np.ones((len(order), 6), dtype=bool)
        cells[:, 0] = order.sentence + 1
        cells[:, 1] = self.kinds[order.phase * len(SUBTYPES) + order.subtype]
        for first, spans, heads, index in zip((2, 4), self.spans, self.heads, order.indexes, strict=True):
            cells[:, first], cells[:, first + 1] = heads[index], spans.column(3, index)
            shown[:, first : first + 2] = (index >= 0)[:, None]
        which = 2 * (order.target >= 0) + (order.system >= 0)
        return b"".join(map(self.templates.__getitem__, which.tolist())) % tuple(cells[shown].tolist())


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

    def heads(self, labels: list[bytes]) -> np.ndarray:
        """Each span's JSON object up to its line ('{"label":"NP","begin":4,"end":6,"tokens":
        [4,5,6],"line":'; `labels`: each label code's JSON), then an empty one for `no span`
        (index −1): the token numbers begin..end, or the span's own where it has gaps
        (token-set code > 0); each distinct head made once."""
        label, begin, end, _, code = self.columns
        kinds, which = distinct_rows(label, begin, end, code)
        texts = [*(self._head(labels, *kind) for kind in kinds), b""]
        return np.array(texts, dtype=object)[np.append(which, len(kinds))]

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
