"""FairEval's error rows (one per decision that is not a TP) as columns (report.ColumnRows),
each column made for all of a pair's rows at once from the comparison's arrays: positions
and lines as array sums, the position texts and the texts of span files (token numbers)
made once for each distinct begin..end, the texts of words cut out of one text of the
pair's words joined; only spans with gaps, and spans past their words, taken one at a time."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Protocol

import numpy as np

from ...formats.columns import or_none
from ...pieces import PieceColumn
from ...report import ERROR_COLUMNS
from ...rowkeys import distinct_values
from ...spans import TEXT_LIMIT, unit_tokens
from .compare import Ordered
from .jsonpairs import SpanColumns, distinct_rows
from .passes import KINDS, SUBTYPES, TP
from .strips import NO_BEGIN, Bounds, token_strips
from .words import SentenceWords

#: The columns of an error row: the standard ones, then both spans' lines and the token strip.
ROW_KEYS = (*ERROR_COLUMNS, "gold_line", "system_line", "token_strip")

#: Error rows made at once: a block between two cancellation points (error_blocks).
BLOCK_ROWS = 16_384


class Layout(Protocol):
    """A pair's document name, where its sentences start in it, their words and the pair's
    decisions (detail.PairDetail)."""

    offsets: list[int]
    words: SentenceWords
    decided: Ordered

    @property
    def name(self) -> str: ...


def error_blocks(
    layout: Layout, sides: Sequence[SpanColumns], labels: list[str]
) -> Iterator[dict[str, list[Any]]]:
    """The columns of ROW_KEYS but the ids, one row per decision that is not a TP, for
    BLOCK_ROWS rows at a time (the caller checks for Cancel between blocks)."""
    errors = layout.decided.take(layout.decided.phase != TP)
    pair = PairWords(layout)
    for start in range(0, max(len(errors), 1), BLOCK_ROWS):
        yield error_columns(layout, pair, sides, labels, errors.take(slice(start, start + BLOCK_ROWS)))


class PairWords:
    """What every block of a pair's error rows reads, converted once per pair: where its
    sentences start (an array), and the words of those that have words."""

    def __init__(self, layout: Layout) -> None:
        self.words = layout.words
        self.offsets = np.asarray(layout.offsets, dtype=np.int64)


def error_columns(
    layout: Layout, pair: PairWords, sides: Sequence[SpanColumns], labels: list[str], errors: Ordered
) -> dict[str, list[Any]]:
    """The columns of ROW_KEYS but the ids of the error rows of decisions `errors`."""
    n, sentence, offsets = len(errors), errors.sentence, pair.offsets
    at = offsets[sentence]  # each row's sentence's first position
    gold, system = (
        SideRows(pair, side, index, sentence, at, labels)
        for side, index in zip(sides, errors.indexes, strict=True)
    )
    strips = token_strips(gold.bounds, system.bounds, offsets[sentence + 1] - at)
    columns = (
        [layout.name] * n, (sentence + 1).tolist(), [""] * n, _names(KINDS, errors.phase),
        _names(SUBTYPES, errors.subtype), gold.label, system.label, gold.start, gold.end, system.start,
        system.end, gold.parts, system.parts, gold.position, system.position, gold.text, system.text,
        [""] * n, gold.line, system.line, strips,
    )  # fmt: skip
    return dict(zip(ROW_KEYS[1:], columns, strict=True))


def _names(names: Sequence[str], codes: np.ndarray) -> list[str]:
    return np.array(names, dtype=object)[codes].tolist()


class SideRows:
    """The gold or system columns of the error rows: each row's span `index` into the
    side (-1: none) in sentence `sentence` of the pair, which starts at position `at`
    (`pair.words`: the pair's sentences that have words, by index)."""

    def __init__(self, pair: PairWords, side: SpanColumns, index: np.ndarray,
                 sentence: np.ndarray, at: np.ndarray, labels: list[str]) -> None:  # fmt: skip
        has = index >= 0
        code, begin, end, line, tokens = side.at(index)
        gapped = np.flatnonzero(tokens > 0)  # spans with their own token numbers
        own = {i: side.sets[c] for i, c in zip(gapped.tolist(), tokens[gapped].tolist(), strict=True)}
        self.bounds = Bounds(np.where(has, begin, NO_BEGIN), np.where(has, end, 0), own)
        self.label = np.array([*labels, ""], dtype=object)[code].tolist()
        self.line = or_none(line, has)
        starts, ends = at + begin - 1, at + end
        self.start, self.end = or_none(starts, has), or_none(ends, has)
        gaps = {i: _parts(tokens_of, int(at[i])) for i, tokens_of in own.items()}
        self.parts = PieceColumn.spans(starts, ends, has, gaps)
        self.position, self.text = _bounds_texts(pair, sentence, begin, end, has)
        for i, tokens_of in own.items():
            self.position[i] = position_text(int(begin[i]), int(end[i]), tokens_of)


def _bounds_texts(pair: PairWords, sentence: np.ndarray, begin: np.ndarray, end: np.ndarray,
                  has: np.ndarray) -> tuple[list[str], list[str]]:  # fmt: skip
    """Each span's position as its file writes it without gaps ("4-6"), and its text: its
    token numbers where its sentence has no words ("4 5 6"), its words and numbers
    otherwise ("" for none); the texts of each distinct begin..end made once."""
    bounds, which = distinct_rows(begin, end)
    positions = [str(b) if b == e else f"{b}-{e}" for b, e in bounds]
    which = np.where(has, which, len(bounds))  # the last texts: none
    worded = has & (
        _among(sentence, pair.words.sentences) | (end - begin >= TEXT_LIMIT) | (begin < 1)
    )  # as span_text shows
    numbers = np.full(len(bounds) + 1, "", dtype=object)
    for k in distinct_values(which[has & ~worded])[0].tolist():  # the bounds of the spans shown by numbers
        b, e = bounds[k]
        numbers[k] = " ".join(map(str, range(b, e + 1)))
    texts = numbers[which]
    chosen = np.flatnonzero(worded)
    inside, sliced = _sliced_texts(pair, sentence[chosen], begin[chosen], end[chosen])
    texts[chosen[inside]] = sliced
    rest = chosen[~inside]  # past their sentence's words, from position 0, or too long to show whole
    for i, k, b, e in zip(*(a.tolist() for a in (rest, sentence[rest], begin[rest], end[rest])), strict=True):
        texts[i] = span_text(pair.words.get(k, []), b, e)
    return np.array([*positions, ""], dtype=object)[which].tolist(), texts.tolist()


def _sliced_texts(pair: PairWords, sentence: np.ndarray, begin: np.ndarray,
                  end: np.ndarray) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Which spans begin..end (1-based) of sentences `sentence` lie within their sentence's
    words and are short enough to show whole, and the texts of those (as span_text gives
    them): slices of the pair's words (SentenceWords.text)."""
    if not len(pair.words.sentences):
        return np.zeros(len(sentence), bool), np.zeros(0, dtype=object)
    text, starts = pair.words.text, pair.words.starts
    firsts, counts = pair.words.firsts, pair.words.counts
    at = np.minimum(np.searchsorted(pair.words.sentences, sentence), len(pair.words.sentences) - 1)
    found = np.where(pair.words.sentences[at] == sentence, counts[at], 0)  # each sentence's words
    inside = (begin >= 1) & (end <= found) & (end - begin < TEXT_LIMIT)
    first = firsts[at[inside]]
    cuts = zip(starts[first + begin[inside] - 1].tolist(), (starts[first + end[inside]] - 1).tolist(),
               strict=True)  # fmt: skip
    return inside, np.array([text[a:b] for a, b in cuts], dtype=object)


def _among(values: np.ndarray, sorted_values: np.ndarray) -> np.ndarray:
    """Whether each value is one of `sorted_values` (looked up by bisection)."""
    if not len(sorted_values):
        return np.zeros(len(values), bool)
    found = np.minimum(np.searchsorted(sorted_values, values), len(sorted_values) - 1)
    return sorted_values[found] == values


def span_text(words: Sequence[str], begin: int, end: int) -> str:
    """Tokens begin..end (1-based) of a sentence as its document shows them (Document.text):
    its words, then the numbers of the positions past them; a very long stretch keeps its
    ends around a '…'."""
    if end - begin + 1 > TEXT_LIMIT:
        half = TEXT_LIMIT // 2
        return f"{span_text(words, begin, begin + half - 1)} … {span_text(words, end - half + 1, end)}"
    return " ".join(unit_tokens(words, begin - 1, end))


def _runs(tokens: frozenset[int]) -> list[tuple[int, int]]:
    """Token numbers as [first, last + 1) runs."""
    runs: list[list[int]] = []
    for n in sorted(tokens):
        if runs and n == runs[-1][1]:
            runs[-1][1] = n + 1
        else:
            runs.append([n, n + 1])
    return [(a, b) for a, b in runs]


def position_text(begin: int, end: int, tokens: frozenset[int]) -> str:
    """A span's position as the file writes it: inclusive token numbers, gaps listed."""
    bounds = str(begin) if begin == end else f"{begin}-{end}"
    if len(tokens) != end - begin + 1:
        bounds += " {" + ",".join(map(str, sorted(tokens))) + "}"
    return bounds


def _parts(tokens: frozenset[int], offset: int) -> list[list[int]]:
    """The [start, end) positions a span covers (several pieces where it has gaps)."""
    return [[offset + a - 1, offset + b - 1] for a, b in _runs(tokens)]
