"""FairEval span files as labelled spans, for the methods over plain spans.

A FairEval span file (`label TAB begin TAB end TAB tokens`, blank lines between
sentences, token numbers 1-based and inclusive within the sentence; specs/faireval.md
§2.4) holds no text. Each sentence, read as FairEval reads it (its messages, its byte-order
mark rule), becomes a document named by its number (1, 2, …) whose text stands in for
the missing one: its token numbers `1 2 3 … n` up to the last token a span reaches. Two
such files are compared sentence by sentence as FairEval pairs them (the longer stand-in
of a pair is used: `1 2 3` is the start of `1 2 3 4 5`); against a file with text they
cannot be, which is said. A span whose token field skips numbers (`3,5`) is discontinuous,
one piece per run of numbers; a range span (no usable token field) covers begin..end.
Spans labelled NONE or EMPTY are left out, as FairEval always leaves them out.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from ..errors import FileWarning, InputError
from ..spans import Annotations, Document
from ..textio import Block, bom_ignored, read_blocks, without_bom
from . import faireval_spans
from .faireval_spans import Key, SpanFileReader
from .spantable import Bounds, SpanTable
from .standoff import ReadOptions, text_document

NAME = "faireval-spans"
TITLE = faireval_spans.TITLE
SUFFIXES = (".txt", ".tsv", ".spans")
NOT_SPANS = ("NONE", "EMPTY")  # FairEval's exclude always holds them
#: The most tokens of a sentence: its stand-in text holds every number up to its last token.
MOST_TOKENS = 1_000_000
sniff = faireval_spans.sniff


def _runs(numbers: list[int]) -> list[tuple[int, int]]:
    """Runs of consecutive numbers as (first, last)."""
    runs: list[tuple[int, int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    return runs


class _Numbers:
    """The text `1 2 3 … n` and where each number stands, for the largest n asked so far:
    every sentence's stand-in is a start of it (made once, not per sentence)."""

    def __init__(self) -> None:
        self.text, self.starts, self.ends = "", np.zeros(0, np.int64), np.zeros(0, np.int64)
        self.start_list: list[int] = []
        self.end_list: list[int] = []
        self._pieces: dict[Key, list[tuple[int, int]]] = {}  # real data repeats many spans

    def grow(self, n: int) -> None:
        if n <= len(self.start_list):
            return
        n = max(n, 2 * len(self.start_list))
        words = [str(k) for k in range(1, n + 1)]
        lengths = np.array([len(w) + 1 for w in words], dtype=np.int64)
        self.starts = np.cumsum(lengths) - lengths
        self.ends = self.starts + lengths - 1
        self.text = " ".join(words)
        self.start_list, self.end_list = self.starts.tolist(), self.ends.tolist()

    def document(self, number: int, tokens: int) -> Document:
        """Sentence `number` as the stand-in text of its token numbers 1 … tokens."""
        self.grow(tokens)
        text = self.text[: self.end_list[tokens - 1]] if tokens else ""
        bounds = Bounds(self.starts[:tokens], self.ends[:tokens])
        doc = text_document(str(number), text, token_bounds=bounds)
        doc.stand_in = True
        return doc

    def pieces(self, key: Key) -> list[tuple[int, int]]:
        """A span's character pieces in its sentence's stand-in text."""
        found = self._pieces.get(key)
        if found is None:
            _, begin, end, tokens = key
            runs = _runs(sorted(tokens)) if tokens is not None else [(begin, end)]
            found = self._pieces[key] = [(self.start_list[a - 1], self.end_list[b - 1]) for a, b in runs]
        return found


def _last_token(keys: list[Key], path: str, first: int) -> int:
    """The last token a sentence's spans reach; InputError naming the line of a span past
    MOST_TOKENS (its stand-in text would hold every number up to it)."""
    ends = [key[2] for key in keys]
    last = max([0, *ends])
    if last > MOST_TOKENS:
        expected = f"token numbers up to {MOST_TOKENS:,} (a sentence's text is made of its token numbers)"
        raise InputError(expected, f"{last:,}", file=path, line=first + ends.index(last))
    return last


def _sentences(path: str, warnings: list[str]) -> Iterator[Block]:
    """The sentences of the file (blank-line separated); a byte-order mark before the first
    line is dropped with FairEval's warning (specs/faireval.md §2.3)."""
    def warn(line: str) -> None:
        warnings.append(bom_ignored(path, line.split("\t")[0]))

    return without_bom(read_blocks(path), warn)


def read(path: str, options: ReadOptions) -> Annotations:
    """Every sentence as a document with its spans (see the module's docstring)."""
    warnings: list[str] = []
    reader = SpanFileReader(path, warnings)
    numbers = _Numbers()
    documents: list[Document] = []
    rows: list[tuple[int, int, int, str]] = []
    parts: dict[int, list[tuple[int, int]]] = {}
    left_out = 0
    for first, lines in _sentences(path, warnings):
        keys = reader.sentence(first, lines)
        kept = [key for key in keys if key[0] not in NOT_SPANS]
        left_out += len(keys) - len(kept)
        doc = numbers.document(len(documents) + 1, _last_token(keys, path, first))
        for key in kept:
            pieces = numbers.pieces(key)
            if len(pieces) > 1:
                parts[len(rows)] = pieces
            rows.append((len(documents), pieces[0][0], pieces[-1][1], key[0]))
        documents.append(doc)
    if not documents:
        raise InputError("span lines (label TAB begin TAB end TAB tokens)", "none", file=path)
    if left_out:
        labels = " or ".join(NOT_SPANS)
        warnings.append(FileWarning(path, f"{left_out} spans labelled {labels} left out (as FairEval does)"))
    table = SpanTable.of_labelled_rows(rows, [d.name for d in documents], parts)
    table.warnings = warnings
    return Annotations(path, NAME, documents, table)


def choices(path: str, options: ReadOptions) -> dict[str, list[str]]:
    return {}
