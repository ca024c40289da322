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


def cut_by_document(
    tokens: Sequence[tuple[np.ndarray, np.ndarray]], docs: np.ndarray, cuts: np.ndarray
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Each document's tokens (starts, ends) cut at its positions of `cuts` (`docs`: the
    document number of each): one cut_at over all documents, laid one after another."""
    if not tokens:
        return []
    lengths = np.array([len(starts) for starts, _ in tokens], dtype=np.int64)
    starts = np.concatenate([s for s, _ in tokens]).astype(np.int64)
    ends = np.concatenate([e for _, e in tokens]).astype(np.int64)
    scale = int(max(ends.max(initial=0), cuts.max(initial=0))) + 1
    shift = np.repeat(np.arange(len(tokens), dtype=np.int64) * scale, lengths)
    cut_starts, cut_ends = cut_at(starts + shift, ends + shift, docs * scale + cuts)
    bounds = np.searchsorted(cut_starts, np.arange(len(tokens) + 1, dtype=np.int64) * scale).tolist()
    return [(cut_starts[a:b] - d * scale, cut_ends[a:b] - d * scale)
            for d, (a, b) in enumerate(zip(bounds[:-1], bounds[1:], strict=True))]  # fmt: skip


def cut_at(starts: np.ndarray, ends: np.ndarray, cuts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Tokens (sorted, not overlapping: [starts, ends)) each cut in two at every position of
    `cuts` strictly inside it."""
    if not len(starts):
        return starts, ends
    token = np.maximum(np.searchsorted(starts, cuts, side="right") - 1, 0)
    added = np.sort(cuts[(cuts > starts[token]) & (cuts < ends[token])])  # each ends a piece, begins the next
    if not added.size:
        return starts, ends
    added = added[np.concatenate(([True], added[1:] != added[:-1]))]
    return np.sort(np.concatenate((starts, added))), np.sort(np.concatenate((ends, added)))
