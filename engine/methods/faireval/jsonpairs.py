"""The JSON report's `pairs` (specs/faireval.md §6.4) written as text straight from the
comparison's arrays, a part at a time with no object per decision or span.

Every entry is the same row of 21 pieces: constant texts (the file name, a label, the
keys between the values, `null` for a missing span), numbers and a span's token numbers.
A part is therefore a grid of (where in one buffer, how long), gathered in a few numpy
steps. The numbers are written by orjson in one call and the texts once each by orjson, so
the bytes are those orjson writes for the entries as dicts (test_faireval_detail checks).
"""

from __future__ import annotations

import numpy as np

from .batch import Side
from .compare import Ordered
from .passes import KINDS, SUBTYPES

COMMA = ord(",")
WIDTH = 21  # pieces of an entry
#: The entry's pieces by kind, in the order written: constant texts chosen per entry (the
#: file name, type and subtype, each span's label or `null` and what follows the span),
#: numbers (sentence; begin, end and line of the target, then of the system span), the
#: keys between a span's values, and the two spans' token numbers.
CHOSEN = [0, 2, 3, 11, 12, 20]
NUMBERS = [1, 4, 6, 10, 13, 15, 19]
KEYS = [5, 7, 9, 14, 16, 18]
TOKENS = [8, 17]
#: What follows the sentence: type and subtype, by phase × len(SUBTYPES) + subtype.
TYPE_TEXTS = [f',"type":"{k}","subtype":"{s}","target":'.encode() for k in KINDS for s in SUBTYPES]
SPAN_KEYS = [b',"end":', b',"tokens":[', b'],"line":']


class PairsText:
    """A file pair's entries of `pairs` as JSON text (raises orjson.JSONEncodeError when its
    file name or a label cannot be written by orjson: not UTF-8)."""

    def __init__(
        self, name: str, labels: list[str], spans: tuple[SpanColumns, SpanColumns], order: Ordered
    ) -> None:
        import orjson  # here: a run without the report's detail does not load it

        file = b'{"file":' + orjson.dumps(name) + b',"sentence":'
        kinds = TYPE_TEXTS
        heads = [b'{"label":' + orjson.dumps(label) + b',"begin":' for label in labels] + [b"null"]
        after = [b'},"system":', b',"system":', b"}}", b"}"]  # after a span or none: target, system
        texts = [b"," + file, file, *kinds, *heads, *after, *SPAN_KEYS]  # the first of a part: no comma
        self.kind, self.label = 2, 2 + len(kinds)  # where each group of texts begins
        self.after, keys = self.label + len(heads), self.label + len(heads) + len(after)
        self.buffer = b"".join(texts)
        self.lengths = np.array([len(text) for text in texts], dtype=np.int64)
        self.starts = np.cumsum(self.lengths) - self.lengths
        self.keys = np.tile(np.arange(keys, keys + 3), 2)  # the keys of both spans
        self.spans, self.order = spans, order

    def part(self, start: int, stop: int) -> bytes:
        """Entries start..stop − 1, joined by commas."""
        order = self.order.take(slice(start, stop))
        rows, has = len(order), [index >= 0 for index in order.indexes]
        target, system = (spans.at(index) for spans, index in zip(self.spans, order.indexes, strict=True))
        tokens = [spans.tokens(columns) for spans, columns in zip(self.spans, (target, system), strict=True)]
        fields = np.stack((order.sentence + 1, *target[1:4], *system[1:4]), axis=1)  # NUMBERS' order
        numbers = NumberText(np.concatenate((fields.ravel(), *(t for t, _ in tokens))), len(self.buffer))
        starts = np.empty((rows, WIDTH), dtype=np.int64)
        lengths = np.empty((rows, WIDTH), dtype=np.int64)
        chosen = self._chosen(order, target[0], system[0], has)
        starts[:, CHOSEN], lengths[:, CHOSEN] = self.starts[chosen], self.lengths[chosen]
        shown = np.stack([np.ones(rows, dtype=bool), *[has[0]] * 3, *[has[1]] * 3], axis=1)
        starts[:, NUMBERS], lengths[:, NUMBERS] = numbers.cells(np.arange(7 * rows).reshape(rows, 7), shown)
        starts[:, KEYS] = self.starts[self.keys]
        lengths[:, KEYS] = self.lengths[self.keys] * np.repeat(np.stack(has, axis=1), 3, axis=1)
        at = 7 * rows + np.cumsum([0, len(tokens[0][0])])  # where each side's token numbers begin
        runs = [
            numbers.runs(first + np.cumsum(counts) - counts, counts)
            for first, (_, counts) in zip(at, tokens, strict=True)
        ]
        starts[:, TOKENS] = np.stack([run[0] for run in runs], axis=1)
        lengths[:, TOKENS] = np.stack([run[1] for run in runs], axis=1)
        return gathered(self.buffer + numbers.text, starts.ravel(), lengths.ravel())

    def _chosen(
        self, order: Ordered, target: np.ndarray, system: np.ndarray, has: list[np.ndarray]
    ) -> np.ndarray:
        """Each entry's texts of CHOSEN: the file (with a comma but for the first), type and
        subtype, then for each span its label (`null`: none) and what follows it."""
        first = np.zeros(len(order), dtype=np.int64)
        first[0] = 1
        kind = self.kind + order.phase * len(SUBTYPES) + order.subtype
        after = [self.after + 1 - has[0], self.after + 3 - has[1]]
        return np.stack((first, kind, target + self.label, after[0], system + self.label, after[1]), axis=1)


class SpanColumns:
    """One side's label code, begin, end, line and token-set code as rows of one array,
    with a last column for `no span` (index −1): the label `null`, no token numbers."""

    def __init__(self, side: Side, none: int, sets: list[frozenset[int]]) -> None:
        columns = (side.label, side.begin, side.end, side.line, side.tokens)
        self.table = np.column_stack((np.stack(columns), [none, 0, -1, 0, 0]))
        self.sets = sets

    def at(self, index: np.ndarray) -> np.ndarray:
        """The columns of spans `index` (−1: none)."""
        return self.table[:, index]

    def tokens(self, columns: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The token numbers of spans (columns of `at`) one after another, and how many each
        has: begin..end, or a span's own numbers where it has gaps (token-set code > 0)."""
        begin, end, code = columns[1], columns[2], columns[4]
        gapped = np.flatnonzero(code > 0).tolist()
        counts = end - begin + 1
        counts[gapped] = [len(self.sets[c]) for c in code[gapped].tolist()]
        starts = np.cumsum(counts) - counts
        numbers = np.repeat(begin - starts, counts) + np.arange(int(counts.sum()))
        for i, c in zip(gapped, code[gapped].tolist(), strict=True):
            numbers[starts[i] : starts[i] + counts[i]] = sorted(self.sets[c])
        return numbers, counts


class NumberText:
    """Numbers written by orjson in one call (the text goes after `offset` bytes of a
    buffer), each known by where it starts and ends there."""

    def __init__(self, numbers: np.ndarray, offset: int) -> None:
        import orjson

        self.text = orjson.dumps(numbers, option=orjson.OPT_SERIALIZE_NUMPY)[1:-1]
        commas = np.flatnonzero(np.frombuffer(self.text, dtype=np.uint8) == COMMA) + offset
        self.first = np.concatenate(([offset], commas + 1))
        self.last = np.append(commas, offset + len(self.text))

    def cells(self, at: np.ndarray, shown: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Where numbers `at` start, and their lengths (0 where not `shown`)."""
        return self.first[at], (self.last[at] - self.first[at]) * shown

    def runs(self, at: np.ndarray, counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Numbers at..at + count − 1 of each row with the commas between them (nothing
        where count is 0)."""
        first = np.minimum(at, len(self.first) - 1)
        last = np.maximum(at + counts - 1, 0)
        return self.first[first], np.where(counts > 0, self.last[last] - self.first[first], 0)


def gathered(buffer: bytes, starts: np.ndarray, lengths: np.ndarray) -> bytes:
    """buffer[start : start + length] of each (start, length) in turn, joined."""
    keep = lengths > 0
    starts, lengths = starts[keep], lengths[keep]
    step = np.ones(int(lengths.sum()), dtype=np.int64)  # the next byte follows the last …
    step[np.cumsum(lengths[:-1])] = starts[1:] - (
        starts[:-1] + lengths[:-1] - 1
    )  # … but where a piece begins
    if len(step):
        step[0] = starts[0]
    return np.frombuffer(buffer, dtype=np.uint8)[np.cumsum(step)].tobytes()
