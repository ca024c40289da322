"""The words of a text, read from a CoNLL-style or one-token-per-line file, and tokens cut
at span boundaries.

Used to show words for inputs that carry only token numbers (FairEval span files): one
token per line, the token being the line's first field (TAB- or space-separated, so a
CoNLL file's form column), sentences separated by blank lines. Not an annotation format,
so not in FORMAT_MODULES.

The methods that count tokens (FairEval, CLUEval, agreement's token measures) cut a text's
tokens where a span begins or ends inside one (`cut_at`): a text without spaces (Japanese,
Chinese) is one "word" per run of letters, which would otherwise swallow the boundaries
its spans differ by. Tokens that no span boundary falls into stay as they are, so every
input whose spans keep to its tokens (FairEval's and CLUEval's own files, CoNLL) is
counted as before.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np

from ..errors import InputError
from ..textio import read_blocks

TITLE = "text, one token per line"


def first_field(line: str) -> str:
    """The token of a (stripped, non-blank) line: its first TAB- or space-separated field."""
    return line.split("\t", 1)[0].split(" ", 1)[0]


def read_sentences(path: str | os.PathLike[str], name: str | None = None) -> list[list[str]]:
    """The sentences of the file, each a list of tokens."""
    name = str(path) if name is None else name
    sentences = []
    for _, lines in read_blocks(path, name):
        sentences.append([first_field(line) for line in lines])
    if not sentences:
        raise InputError("one token per line", "no tokens", file=name)
    return sentences


Ranges = Sequence[tuple[np.ndarray, np.ndarray]]  # per document: token starts, token ends


def laid_out(tokens: Ranges, reach: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Every document's tokens (starts, ends) in one pair of arrays, document d's positions
    shifted by d · scale (scale: above every token end and `reach`), and the scale."""
    lengths = np.array([len(starts) for starts, _ in tokens], dtype=np.int64)
    starts = np.concatenate([s for s, _ in tokens] + [np.zeros(0, np.int64)], dtype=np.int64)
    ends = np.concatenate([e for _, e in tokens] + [np.zeros(0, np.int64)], dtype=np.int64)
    scale = int(max(ends.max(initial=0), reach)) + 1
    shift = np.repeat(np.arange(len(tokens), dtype=np.int64) * scale, lengths)
    return starts + shift, ends + shift, scale


def cut_by_document(
    tokens: Ranges, docs: np.ndarray, cuts: np.ndarray
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Each document's tokens (starts, ends) cut at its positions of `cuts` (`docs`: the
    document number of each): one cut_at over all documents, laid one after another."""
    starts, ends, scale = laid_out(tokens, int(cuts.max(initial=0)))
    cut_starts, cut_ends = cut_at(starts, ends, docs * scale + cuts)
    bounds = np.searchsorted(cut_starts, np.arange(len(tokens) + 1, dtype=np.int64) * scale).tolist()
    return [(cut_starts[a:b] - d * scale, cut_ends[a:b] - d * scale)
            for d, (a, b) in enumerate(zip(bounds[:-1], bounds[1:], strict=True))]  # fmt: skip


def without_tokens(tokens: Ranges, docs: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> int:
    """How many of the ranges [starts, ends) of documents `docs` hold no token."""
    token_starts, token_ends, scale = laid_out(tokens, int(ends.max(initial=0)))
    if not len(token_starts):
        return len(docs)
    first = np.searchsorted(token_ends, docs * scale + starts, side="right")  # the first ending after
    held = token_starts[np.minimum(first, len(token_starts) - 1)] < docs * scale + ends
    return int(np.count_nonzero((first == len(token_starts)) | ~held))


def cut_at(starts: np.ndarray, ends: np.ndarray, cuts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Tokens (sorted, not overlapping: [starts, ends)) each cut in two at every position of
    `cuts` strictly inside it."""
    if not len(starts):
        return starts, ends
    cuts = np.sort(cuts)  # sorted and each once: the binary searches run many times faster
    cuts = cuts[np.concatenate(([True], cuts[1:] != cuts[:-1]))] if len(cuts) else cuts
    token = np.maximum(np.searchsorted(starts, cuts, side="right") - 1, 0)
    added = cuts[(cuts > starts[token]) & (cuts < ends[token])]  # each ends a piece, begins the next
    if not added.size:
        return starts, ends
    return np.sort(np.concatenate((starts, added))), np.sort(np.concatenate((ends, added)))
