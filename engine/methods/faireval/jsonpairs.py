"""The JSON report's `pairs` (specs/faireval.md §6.4) written as text straight from the
comparison's arrays, a part at a time with no dict per decision or span.

Every file pair's entries are laid out as one table of rows (engine.export.rowtexts.Rows),
the pairs' columns one after another, so what is made for the columns is made once for
all pairs: the file name's text once a pair, the sentence's and each span's line as
decimal digits (as orjson writes integers), the type and subtype, and each span's head
(label, begin, end and token numbers), made once for each distinct head of every pair
with the label's text by orjson, or `null` where the entry has no such span. The bytes are
those orjson writes for the entries as dicts (test_faireval_detail checks).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from ...rowkeys import first_of_groups, group_ids
from .batch import Side
from .compare import Ordered
from .passes import KINDS, SUBTYPES

if TYPE_CHECKING:
    from ...export.rowtexts import Piece

#: What follows the sentence: type and subtype, by phase × len(SUBTYPES) + subtype.
TYPE_TEXTS = [f',"type":"{k}","subtype":"{s}","target":'.encode() for k in KINDS for s in SUBTYPES]
#: A span's head: its object up to its line.
HEAD = b'{"label":%b,"begin":%d,"end":%d,"tokens":[%b],"line":'
#: What closes a span's object after its line: nothing without a span (`null`), a brace with one.
CLOSE = np.array([b"", b"}"])


class PairsText:
    """Every file pair's entries of `pairs` as JSON text, laid out as one table (`names`:
    each pair's name as JSON, `labels` each label code's; `decided`: every pair's decisions
    one after another, their spans indexing `spans`, both sides' spans of every pair one
    after another, and `pair` each decision's file pair)."""

    def __init__(self, names: list[bytes], labels: list[bytes], spans: tuple[SpanColumns, SpanColumns],
                 decided: Ordered, pair: np.ndarray) -> None:  # fmt: skip
        from ...export.rowtexts import Rows, Taken, fixed, integer_texts, objects, taken  # here: JSON only

        files = fixed(objects([b',{"file":' + name + b',"sentence":' for name in names]))
        kinds = Taken(np.array(TYPE_TEXTS), decided.phase * len(SUBTYPES) + decided.subtype)
        pieces: list[Piece] = [Taken(files, pair), integer_texts(decided.sentence + 1), kinds]
        for k, (side, index) in enumerate(zip(spans, decided.indexes, strict=True)):
            heads, which = side.heads(labels)  # each span's object up to its line, or `null`
            pieces += [b',"system":'] * k + [
                taken(fixed(objects(heads)), np.append(which, -1)[index]),
                taken(integer_texts(side.columns[3]), index, b""),
                Taken(CLOSE, (index >= 0).astype(np.int64)),
            ]
        self.rows = Rows([*pieces, b"}"])

    def part(self, start: int, stop: int) -> bytes | bytearray:
        """Entries start..stop − 1, each after a comma."""
        return self.rows.buffer(start, stop)


def joined(decided: Sequence[Ordered], sides: Sequence[tuple[Side, Side]]) -> tuple[Ordered, np.ndarray]:
    """Every file pair's decisions one after another, each decision's spans numbered among
    both sides' spans of every pair one after another (−1 stays: no span; the sides joined so
    are PlacedSpans'), and each decision's pair."""
    counts = [len(d) for d in decided]
    order = Ordered.concat(decided)
    indexes = []
    for k, index in enumerate(order.indexes):
        firsts = np.cumsum([0, *(len(s[k]) for s in sides[:-1])], dtype=np.int64)  # each pair's first span
        indexes.append(np.where(index >= 0, index + np.repeat(firsts, counts), -1))
    pair = np.repeat(np.arange(len(counts)), counts)
    return replace(order, target=indexes[0], system=indexes[1]), pair


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

    def heads(self, labels: list[bytes]) -> tuple[list[bytes], np.ndarray]:
        """Each distinct span head ('{"label":"NP","begin":4,"end":6,"tokens":[4,5,6],"line":';
        `labels`: each label code's JSON) and each span's number among them: the token
        numbers begin..end, or the span's own where it has gaps (token-set code > 0)."""
        label, begin, end, _, code = self.columns
        kinds, which = distinct_rows(label, begin, end, code)
        return [self._head(labels, *kind) for kind in kinds], which

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
