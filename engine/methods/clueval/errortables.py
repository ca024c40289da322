"""Error tables: selected match-table rows with all overlapping spans of the other file and
the row's sentence with the spans marked (specs/clueval.md §5.3, §5.4)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ...formats.vrt import VrtFile
from ...rowkeys import ranges
from .match import STATUSES, Matches, most_shared_words

BOTH, OWN, OTHER = "both", "own", "other"
EMOJI = {BOTH: "\U0001f7e9", OWN: "\U0001f7e5", OTHER: "\U0001f7e7"}
NONE = "---"


def columns(layers: tuple[str, ...]) -> list[str]:
    return [
        "token_id_start",
        "token_id_end",
        "token_id_start_Y",
        "token_id_end_Y",
        "domain",
        *layers,
        *(f"{layer}_Y" for layer in layers),
        "reference",
        "candidate",
        "context",
        "error_type",
    ]


class Sentences:
    """The context sentences of one file: positions cut at the boundaries of §2.4."""

    def __init__(self, vrt: VrtFile) -> None:
        self.vrt = vrt
        self.starts = vrt.sentence_starts()
        self.n = len(vrt)
        self.ends = np.append(self.starts[1:], self.n)  # exclusive

    def index(self, positions: np.ndarray) -> np.ndarray:
        """The sentence of each position."""
        return np.searchsorted(self.starts, positions, side="right") - 1

    def holds(self, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
        """Whether each inclusive [start, end] lies inside one sentence of this file."""
        return (ends < self.n) & (self.index(starts) == self.index(ends))

    def shown(self, starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The [first, last) of the sentence of each span [start, end] as contexts show it:
        without the file's last token when the file does not end with a non-token line (C39),
        unless the span itself holds that token (C40)."""
        index = self.index(starts)
        first, last = self.starts[index], self.ends[index]
        if self.vrt.last_line_is_token:
            last = np.where((last == self.n) & (ends < self.n - 1), last - 1, last)
        return first, last


@dataclass
class Context:
    text: str
    first: int  # corpus positions of the first and last shown token
    last: int
    sentence_start: int
    sentence_end: int  # exclusive
    from_candidate: bool


#: A token's mark by its code (1 own, 2 other, 3 both: own + 2 × other; 0 none).
MARKS = ("", EMOJI[OWN], EMOJI[OTHER], EMOJI[BOTH])


@dataclass
class Overlaps:
    """The spans of the other file each span overlaps: starts[lo[i]:hi[i]], ends[lo[i]:hi[i]]
    (inclusive), sorted and disjoint."""

    lo: np.ndarray
    hi: np.ndarray
    starts: np.ndarray
    ends: np.ndarray

    def take(self, rows: np.ndarray) -> Overlaps:
        return Overlaps(self.lo[rows], self.hi[rows], self.starts, self.ends)

    def hold(self, row: np.ndarray, positions: np.ndarray) -> np.ndarray:
        """Whether each position lies in one of the spans row `row` overlaps."""
        k = np.searchsorted(self.starts, positions, side="right") - 1  # the last span starting at or before
        held = (k >= self.lo[row]) & (k < self.hi[row])
        held[held] = positions[held] <= self.ends[k[held]]
        return held


def _marked(edges: np.ndarray, mark: np.ndarray) -> tuple[list[int], list[int]]:
    """The positions among `edges` (a run's first or last token) whose run is marked, and its mark's code."""
    at = np.flatnonzero(edges & (mark > 0))
    return at.tolist(), mark[at].tolist()


def contexts(xs: np.ndarray, xe: np.ndarray, overlaps: Overlaps, sentences: Sentences, left: int, right: int,
             from_candidate: bool) -> list[Context]:  # fmt: skip
    """The sentence window of each span [xs, xe] with the runs of its tokens (own), of the
    spans it overlaps (other) and of both marked, all spans at once: a marked run is its
    tokens joined with its mark before and after, so the run's first token takes the mark
    before it and its last the mark after it."""
    first, last = sentences.shown(xs, xe)
    lo, hi = np.maximum(first, xs - left), np.minimum(last, xe + right + 1)
    counts = np.maximum(hi - lo, 0)
    row = np.repeat(np.arange(len(xs)), counts)
    at = ranges(lo, counts)
    mark = ((xs[row] <= at) & (at <= xe[row])) + 2 * overlaps.hold(row, at)
    begins = np.ones(len(at), dtype=bool)
    begins[1:] = (mark[1:] != mark[:-1]) | (row[1:] != row[:-1])
    ends = np.append(begins[1:], True)
    tokens = sentences.vrt.tokens
    words = [tokens[p] for p in at.tolist()]
    for k, code in zip(*_marked(begins, mark), strict=True):
        words[k] = MARKS[code] + words[k]
    for k, code in zip(*_marked(ends, mark), strict=True):
        words[k] += MARKS[code]
    bounds = np.append(0, np.cumsum(counts)).tolist()
    texts = [" ".join(words[a:b]) for a, b in zip(bounds, bounds[1:], strict=False)]
    cut = zip((lo > first).tolist(), (hi < last).tolist(), strict=True)
    texts = [("[...] " if before else "") + text + (" [...]" if after else "") for text, (before, after) in
             zip(texts, cut, strict=True)]  # fmt: skip
    places = zip(lo.tolist(), hi.tolist(), first.tolist(), last.tolist(), strict=True)
    return [Context(text, a, b - 1, f, la, from_candidate)
            for text, (a, b, f, la) in zip(texts, places, strict=True)]  # fmt: skip


@dataclass
class ErrorRow:
    """One row of an error table, with what Span Studio adds for its own outputs."""

    index: int  # the row of the match table
    values: dict[str, Any]  # the §5.4 columns
    overlaps: range  # indices into the other table
    context: Context


def error_table(
    matches: Matches,
    types: tuple[str, ...],
    reference: Sentences,
    candidate: Sentences | None,
    left: int,
    right: int,
) -> list[ErrorRow]:
    """The error table of one match table (recall: x = reference spans; precision: x =
    candidate spans, `candidate` then holds the candidate's sentences for C37: a span the
    reference's sentences do not hold is shown in the candidate's)."""
    wanted = {STATUSES.index(t) for t in types}
    chosen = [i for i, s in enumerate(matches.status) if s in wanted]
    rows = np.array(chosen, dtype=np.int64)
    xs, xe = (np.array(column, dtype=np.int64)[rows] for column in (matches.x.starts, matches.x.ends))
    bounds = (matches.overlap_lo, matches.overlap_hi, matches.y.starts, matches.y.ends)
    overlaps = Overlaps(*(np.array(column, dtype=np.int64) for column in bounds)).take(rows)
    in_candidate = ~reference.holds(xs, xe) if candidate is not None else np.zeros(len(rows), dtype=bool)
    found: list[Context | None] = [None] * len(rows)
    for sentences, which in ((reference, ~in_candidate), (candidate, in_candidate)):
        if sentences is not None and which.any():
            at = np.flatnonzero(which)
            made = contexts(xs[at], xe[at], overlaps.take(at), sentences, left, right, sentences is candidate)
            for k, context in zip(at.tolist(), made, strict=True):
                found[k] = context
    keys = columns(matches.x.layers)
    table = [_row(matches, i, keys, context) for i, context in zip(chosen, found, strict=True)]  # type: ignore[arg-type]
    table.sort(key=lambda r: (r.values["error_type"], r.values["token_id_start"]))
    return table


def _row(matches: Matches, i: int, keys: list[str], context: Context) -> ErrorRow:
    """Row i of the error table: its §5.4 values (`keys`: the columns), overlaps and context."""
    x, y = matches.x, matches.y
    overlaps = matches.overlaps(i)
    lo, hi = overlaps.start, overlaps.stop
    if hi > lo:
        texts = y.texts[lo:hi]
        labels_y = y.labels[lo + most_shared_words(x.texts[i], texts)]
        ids_start, ids_end = " ".join(y.start_ids[lo:hi]), " ".join(y.end_ids[lo:hi])
        other_text = " | ".join(texts)
    else:
        labels_y = (NONE,) * len(y.layers)
        ids_start = ids_end = other_text = NONE
    values = (x.start_ids[i], x.end_ids[i], ids_start, ids_end, x.domain_column[i], *x.labels[i],
              *labels_y, " ".join(x.texts[i].split()), other_text, context.text,
              STATUSES[matches.status[i]])  # fmt: skip
    return ErrorRow(i, dict(zip(keys, values, strict=True)), overlaps, context)
