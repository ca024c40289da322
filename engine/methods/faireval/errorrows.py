"""FairEval's error rows (one per decision that is not a TP), built a column at a time from
the lists of a pair's spans: their texts, positions, parts and token strips made from the
token numbers directly, with no search in the document per row."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat
from typing import Any, Protocol

from ...report import ERROR_COLUMNS
from ...spans import TEXT_LIMIT, unit_tokens
from .batch import RANGE
from .compare import Decided
from .passes import KINDS, SUBTYPES, TP
from .strips import StripSpan, Tokens, token_strips

NO_WORDS: list[str] = []  # a sentence of a span file: its tokens show their numbers
#: The columns of an error row: the standard ones, then both spans' lines and the token strip.
ROW_KEYS = (*ERROR_COLUMNS, "gold_line", "system_line", "token_strip")


class Spans(Protocol):
    """The spans of one side of a pair as lists (detail.SideColumns)."""

    label: list[str]
    begin: list[int]
    end: list[int]
    code: list[int]
    line: list[int]

    def strip_span(self, i: int) -> StripSpan: ...


class Layout(Protocol):
    """A pair's document name, where its sentences lie in it, their words and the pair's
    decisions (detail.PairDetail)."""

    offsets: list[int]
    words: dict[int, list[str]]
    decided: list[Decided]

    @property
    def name(self) -> str: ...


def error_rows(layout: Layout, sides: tuple[Spans, Spans]) -> list[dict[str, Any]]:
    """One row per decision that is not a TP (numbered by Report.set_errors)."""
    offsets = layout.offsets
    errors = [d for d in layout.decided if d[1] != TP]
    sentence = [d[0] for d in errors]
    gold = SideRows(layout, sides[0], sentence, [d[3] for d in errors])
    other = SideRows(layout, sides[1], sentence, [d[4] for d in errors])
    lengths = [offsets[k + 1] - offsets[k] for k in sentence]
    strips = token_strips(gold.spans, other.spans, lengths)
    columns = (
        repeat(""), repeat(layout.name), [k + 1 for k in sentence],
        repeat(""), [KINDS[d[1]] for d in errors], [SUBTYPES[d[2]] for d in errors], gold.label, other.label,
        gold.start, gold.end, other.start, other.end, gold.parts, other.parts, gold.position,
        other.position, gold.text, other.text, repeat(""), gold.line, other.line, strips,
    )  # fmt: skip
    return [dict(zip(ROW_KEYS, values)) for values in zip(*columns)]  # noqa: B905 (repeat)


class SideRows:
    """The gold or system columns of the error rows: each row's span `index` into the
    side (-1: none) in sentence `sentence` of the pair."""

    def __init__(self, layout: Layout, side: Spans, sentence: list[int], index: list[int]):
        self.spans = [side.strip_span(i) if i >= 0 else None for i in index]
        self.label = [side.label[i] if i >= 0 else "" for i in index]
        self.line = [side.line[i] if i >= 0 else None for i in index]
        at = [layout.offsets[k] for k in sentence]
        self.start = [o + s[0] - 1 if s else None for o, s in zip(at, self.spans, strict=True)]
        self.end = [o + s[1] if s else None for o, s in zip(at, self.spans, strict=True)]
        words, none = layout.words, NO_WORDS
        self.text = [
            span_text(words.get(k, none), s[0], s[1]) if s else ""
            for k, s in zip(sentence, self.spans, strict=True)
        ]
        self.parts = [_parts(s[2], o) if s else [] for o, s in zip(at, self.spans, strict=True)]
        code = side.code
        self.position = [
            position_text(*s, code[i] == RANGE) if s else "" for s, i in zip(self.spans, index, strict=True)
        ]


def span_text(words: Sequence[str], begin: int, end: int) -> str:
    """Tokens begin..end (1-based) of a sentence as its document shows them (Document.text):
    its words, then the numbers of the positions past them; a very long stretch keeps its
    ends around a '…'."""
    if end - begin + 1 > TEXT_LIMIT:
        half = TEXT_LIMIT // 2
        return f"{span_text(words, begin, begin + half - 1)} … {span_text(words, end - half + 1, end)}"
    return " ".join(unit_tokens(words, begin - 1, end))


def _runs(tokens: Tokens) -> list[tuple[int, int]]:
    """Token numbers as [first, last + 1) runs."""
    if isinstance(tokens, range):
        return [(tokens.start, tokens.stop)]
    runs: list[list[int]] = []
    for n in sorted(tokens):
        if runs and n == runs[-1][1]:
            runs[-1][1] = n + 1
        else:
            runs.append([n, n + 1])
    return [(a, b) for a, b in runs]


def position_text(begin: int, end: int, tokens: Tokens, is_range: bool) -> str:
    """A span's position as the file writes it: inclusive token numbers, gaps listed."""
    bounds = str(begin) if begin == end else f"{begin}-{end}"
    if not is_range and len(tokens) != end - begin + 1:
        bounds += " {" + ",".join(map(str, sorted(tokens))) + "}"
    return bounds


def _parts(tokens: Tokens, offset: int) -> list[list[int]]:
    """The [start, end) positions a span covers (several pieces where it has gaps)."""
    return [[offset + a - 1, offset + b - 1] for a, b in _runs(tokens)]
