"""FairEval's spans as arrays: every sentence of a file pair at once (specs/faireval.md §3).

A side (targets or system spans) is six parallel arrays in sentence order, each sentence's
spans in emission order: sentence index, label code, begin, end, token-set code, line.
Labels and token sets get integer codes shared by both sides of a run, so that two spans
are identical (§2.8) exactly when their sentence, label, begin, end and token codes are equal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ...formats.faireval_spans import Key, RangeTokens, TokenSpan

FULL = 0  # token code: every number begin..end (the usual case, one code for all bounds)
RANGE = -1  # token code: a range span, whose token field was unusable (§2.8)
POSITION_LIMIT = 1 << 62  # begin and end are held in 64-bit integers
ROWS_AT_ONCE = 8_192  # rows made an array (and freed) at a time: each step holds the GIL a few ms


class Codes:
    """Integer codes of labels and token sets, shared by both sides of a run."""

    def __init__(self) -> None:
        self.labels: list[str] = []
        self.label_codes: dict[str, int] = {}
        self.token_sets: list[frozenset[int]] = [frozenset()]  # code 0 stands for FULL
        self.token_codes: dict[frozenset[int], int] = {}
        self._full: dict[tuple[int, int], frozenset[int]] = {}  # the FULL sets made so far
        self.lines: dict[str, tuple[int, int, int]] = {}  # span lines' fields after the label: their codes

    def label(self, name: str) -> int:
        code = self.label_codes.get(name)
        if code is None:
            code = self.label_codes[name] = len(self.labels)
            self.labels.append(name)
        return code

    def tokens(self, begin: int, end: int, tokens: frozenset[int] | None) -> int:
        """The code of a span's token set (None: a range span)."""
        if tokens is None:
            return RANGE
        if len(tokens) == end - begin + 1 and min(tokens) == begin and max(tokens) == end:
            return FULL
        code = self.token_codes.get(tokens)
        if code is None:
            code = self.token_codes[tokens] = len(self.token_sets)
            self.token_sets.append(tokens)
        return code

    def token_set(self, code: int, begin: int, end: int) -> frozenset[int] | RangeTokens:
        if code == RANGE:
            return RangeTokens(begin, end)
        if code == FULL:
            full = self._full.get((begin, end))
            if full is None:
                full = self._full[(begin, end)] = frozenset(range(begin, end + 1))
            return full
        return self.token_sets[code]

    def spans(self, side: Side) -> list[TokenSpan]:
        """The spans of a side as the rest of the method shows them."""
        names, token_set = self.labels, self.token_set
        columns = (side.label, side.begin, side.end, side.tokens, side.line)
        return [
            TokenSpan(names[label], begin, end, token_set(code, begin, end), code == RANGE, line)
            for label, begin, end, code, line in zip(*(c.tolist() for c in columns), strict=True)
        ]


@dataclass
class Side:
    """The spans of one side of a file pair, sentence after sentence."""

    sentence: np.ndarray  # 0-based sentence index within the pair
    label: np.ndarray
    begin: np.ndarray
    end: np.ndarray
    tokens: np.ndarray  # FULL, RANGE or a code of Codes.token_sets
    line: np.ndarray

    def __len__(self) -> int:
        return len(self.sentence)

    def take(self, chosen: np.ndarray) -> Side:
        """The spans selected by a mask or index array, in their order."""
        return Side(*(a[chosen] for a in self.columns()))

    def columns(self) -> tuple[np.ndarray, ...]:
        return (self.sentence, self.label, self.begin, self.end, self.tokens, self.line)

    @staticmethod
    def concat(parts: Sequence[Side]) -> Side:
        parts = [part for part in parts if len(part)]
        if not parts:
            return empty_side()
        if len(parts) == 1:
            return parts[0]
        return Side(*(np.concatenate(column) for column in zip(*(p.columns() for p in parts), strict=True)))


def empty_side() -> Side:
    return Side(*(np.zeros(0, dtype=np.int64) for _ in range(6)))


class SideBuilder:
    """A side collected sentence by sentence from keys (CoNLL sentences, span formats)."""

    def __init__(self, codes: Codes) -> None:
        self.codes = codes
        self.rows: list[tuple[int, int, int, int, int, int]] = []

    def add(self, sentence: int, keys: Sequence[Key], lines: Sequence[int]) -> None:
        label, tokens = self.codes.label, self.codes.tokens
        self.rows += [
            (sentence, label(name), begin, end, tokens(begin, end, token_set), line)
            for (name, begin, end, token_set), line in zip(keys, lines, strict=True)
        ]

    def side(self) -> Side:
        if not self.rows:
            return empty_side()
        rows, self.rows = self.rows, []
        parts = []
        while rows:  # the last rows made an array and let go of, a step at a time
            parts.append(np.array(rows[-ROWS_AT_ONCE:], dtype=np.int64))
            del rows[-ROWS_AT_ONCE:]
        table = np.concatenate(parts[::-1])
        return Side(*(np.ascontiguousarray(table[:, j]) for j in range(6)))
