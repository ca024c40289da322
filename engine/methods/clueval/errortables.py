"""Error tables: selected match-table rows with all overlapping spans of the other file and
the row's sentence with the spans marked (specs/clueval.md §5.3, §5.4)."""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Any

from ...formats.vrt import VrtFile
from .match import STATUSES, Matches, most_shared_words

BOTH, OWN, OTHER, PLAIN = "both", "own", "other", ""
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
        self.starts: list[int] = vrt.sentence_starts().tolist()  # bisect on a list: no numpy call a row
        self.n = len(vrt)

    def index(self, position: int) -> int:
        return bisect.bisect_right(self.starts, position) - 1

    def bounds(self, index: int) -> tuple[int, int]:
        """[start, end) of a sentence."""
        end = self.starts[index + 1] if index + 1 < len(self.starts) else self.n
        return self.starts[index], end

    def holds(self, start: int, end: int) -> bool:
        """Whether inclusive [start, end] lies inside one sentence of this file."""
        return end < self.n and self.index(start) == self.index(end)

    def shown(self, start: int, end: int) -> tuple[int, int]:
        """The [start, end) of the sentence of a span as contexts show it: without the file's
        last token when the file does not end with a non-token line (C39), unless the span
        itself holds that token (C40)."""
        first, last = self.bounds(self.index(start))
        if self.vrt.last_line_is_token and last == self.n and end < self.n - 1:
            last -= 1
        return first, last


@dataclass
class Context:
    text: str
    first: int  # corpus positions of the first and last shown token
    last: int
    sentence_start: int
    sentence_end: int  # exclusive
    from_candidate: bool


def context(
    xs: int,
    xe: int,
    overlaps: list[tuple[int, int]],
    sentences: Sentences,
    left: int,
    right: int,
    from_candidate: bool = False,
) -> Context:
    """The row's sentence window with the runs of x (own), overlaps (other) and both marked."""
    first, last = sentences.shown(xs, xe)
    lo = max(first, xs - left)
    hi = min(last, xe + right + 1)
    tokens = sentences.vrt.tokens
    pieces: list[str] = []
    for begin, end, mark in _marked_runs(lo, hi, xs, xe, overlaps):
        if mark == PLAIN:
            pieces.extend(tokens[begin:end])
        else:
            pieces.append(EMOJI[mark] + " ".join(tokens[begin:end]) + EMOJI[mark])
    text = " ".join(pieces)
    if lo > first:
        text = "[...] " + text
    if hi < last:
        text += " [...]"
    return Context(text, lo, hi - 1, first, last, from_candidate)


def _marked_runs(
    lo: int, hi: int, xs: int, xe: int, overlaps: list[tuple[int, int]]
) -> list[tuple[int, int, str]]:
    """[begin, end) runs of positions lo..hi-1 with one mark each: in x only (own), in an
    overlap only (other), in both, or in neither (plain); touching runs of one mark are one."""
    cuts = {lo, hi, xs, xe + 1}
    for start, end in overlaps:
        cuts.update((start, end + 1))
    runs: list[tuple[int, int, str]] = []
    bounds = sorted(c for c in cuts if lo <= c <= hi)
    k = 0
    for begin, end in zip(bounds, bounds[1:], strict=False):
        while k < len(overlaps) and overlaps[k][1] < begin:
            k += 1
        in_other = k < len(overlaps) and overlaps[k][0] <= begin
        in_own = xs <= begin <= xe
        mark = BOTH if in_own and in_other else OWN if in_own else OTHER if in_other else PLAIN
        if runs and runs[-1][2] == mark:
            begin = runs.pop()[0]
        runs.append((begin, end, mark))
    return runs


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
    candidate spans, `candidate` then holds the candidate's sentences for C37)."""
    wanted = {STATUSES.index(t) for t in types}
    keys = columns(matches.x.layers)
    rows = [_row(matches, i, keys, reference, candidate, left, right)
            for i, s in enumerate(matches.status) if s in wanted]  # fmt: skip
    rows.sort(key=lambda r: (r.values["error_type"], r.values["token_id_start"]))
    return rows


def _row(
    matches: Matches, i: int, keys: list[str], reference: Sentences, candidate: Sentences | None,
    left: int, right: int,
) -> ErrorRow:  # fmt: skip
    """Row i of the error table: its §5.4 values (`keys`: the columns), overlaps and context."""
    x, y = matches.x, matches.y
    xs, xe = x.starts[i], x.ends[i]
    overlaps = matches.overlaps(i)
    lo, hi = overlaps.start, overlaps.stop
    sentences = reference
    if candidate is not None and not reference.holds(xs, xe):
        sentences = candidate
    spans = list(zip(y.starts[lo:hi], y.ends[lo:hi], strict=True))
    ctx = context(xs, xe, spans, sentences, left, right, sentences is not reference)
    if hi > lo:
        texts = y.texts[lo:hi]
        labels_y = y.labels[lo + most_shared_words(x.texts[i], texts)]
        ids_start, ids_end = " ".join(y.start_ids[lo:hi]), " ".join(y.end_ids[lo:hi])
        other_text = " | ".join(texts)
    else:
        labels_y = (NONE,) * len(y.layers)
        ids_start = ids_end = other_text = NONE
    values = (x.start_ids[i], x.end_ids[i], ids_start, ids_end, x.domain_column[i], *x.labels[i], *labels_y,
              " ".join(x.texts[i].split()), other_text, ctx.text, STATUSES[matches.status[i]])  # fmt: skip
    return ErrorRow(i, dict(zip(keys, values, strict=True)), overlaps, ctx)
