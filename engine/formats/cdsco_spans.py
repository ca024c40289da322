"""CD-SCO (*SEM 2012 negation) files as labelled spans, for the methods over plain spans.

What a CD-SCO file marks, read as spans (specs/starsem.md §2.1): every negation of a
sentence gives up to three spans labelled `cue`, `scope` and `event`, each the tokens
(or the parts of tokens: the affix `un` of `unhappy`) its column marks. An element over
tokens that do not follow each other (a scope around its cue, `neither` … `nor`) is one
discontinuous span whose pieces are the runs of adjacent whole tokens (scored as the
--discontinuous option says, as brat's are). A document is a chapter (column 1: the story
id), its text the words joined by spaces, its sentences (units, named by column 2) by line
ends. Sentences without negation (`***`) give no span. Checks are the starsem method's
default ones (§2.3): 8 or 7+3k fields, the same on every line of a sentence, a cue in
every negation.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from ..errors import InputError
from ..spans import Annotations
from ..textio import read_blocks, without_bom
from . import cdsco
from .spantable import SpanTable
from .standoff import ReadOptions

NAME = "cdsco"
TITLE = cdsco.TITLE
SUFFIXES = (".txt", ".conll", ".cd-sco")
ELEMENTS = ("cue", "scope", "event")
sniff = cdsco.sniff

Block = list[tuple[int, list[str]]]  # (line number, fields) of each token line of a sentence


def _blocks(path: str) -> Iterator[Block]:
    """The sentences of the file: their token lines split on TAB (stripped, as §2.2)."""
    for first, lines in without_bom(read_blocks(path)):
        yield [(first + k, line.split("\t")) for k, line in enumerate(lines)]


def _negations(block: Block, path: str) -> int:
    """The number of negations of a sentence; InputError where its lines disagree, a line
    has a field count the format does not allow or a cell the *SEM method refuses."""
    from ..methods.starsem.reading import LineChecks, field_count_error

    first_line, first = block[0]
    n = len(first)
    if n != 8 and not (n > 8 and (n - 7) % 3 == 0):
        raise field_count_error(path, first_line, n)
    for number, fields in block:
        if len(fields) != n:
            raise field_count_error(path, number, len(fields), f" where the sentence's first line has {n}")
    checks = LineChecks(path, first_line)  # the rest of the *SEM method's §2.3: '***', empty or spaced cells
    for j, (_, fields) in enumerate(block):
        checks.line(j, fields)
    return 0 if n == 8 else (n - 7) // 3


def _piece(word: str, cell: str) -> tuple[int, int]:
    """Where a cell's text lies in its word: the whole word, or its prefix, suffix or
    inner part (an affix; compared without case, as system files may change it)."""
    lowered, part = word.lower(), cell.lower()
    if part == lowered or part not in lowered:
        return 0, len(word)
    if lowered.startswith(part):
        return 0, len(part)
    if lowered.endswith(part):
        return len(word) - len(part), len(word)
    at = lowered.find(part)
    return at, at + len(part)


def _element(cells: list[str], words: list[str], starts: list[int]) -> list[tuple[int, int]]:
    """The pieces of one element: runs of adjacent tokens marked whole, joined."""
    pieces: list[tuple[int, int]] = []
    previous_whole = False
    for k, cell in enumerate(cells):
        if cell == "_":
            previous_whole = False
            continue
        a, b = _piece(words[k], cell)
        start, end = starts[k] + a, starts[k] + b
        if pieces and previous_whole and a == 0 and pieces[-1][1] == starts[k] - 1:
            pieces[-1] = (pieces[-1][0], end)
        else:
            pieces.append((start, end))
        previous_whole = b == len(words[k])
    return pieces


class _Builder:
    """The documents' words and the spans, gathered sentence by sentence."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.words: list[str] = []
        self.lines: list[int] = []
        self.sentence_starts: list[int] = []
        self.sentence_ids: list[str] = []
        self.doc_starts: list[int] = []
        self.doc_ids: list[str | None] = []
        self.rows: list[tuple[int, list[tuple[int, int]], int]] = []  # (sentence, pieces in it, label)

    def add(self, block: Block) -> None:
        negations = _negations(block, self.path)
        chapter = block[0][1][0]
        if not self.doc_ids or self.doc_ids[-1] != chapter:
            self.doc_starts.append(len(self.words))
            self.doc_ids.append(chapter)
        sentence = len(self.sentence_starts)
        self.sentence_starts.append(len(self.words))
        self.sentence_ids.append(block[0][1][1])
        words = [fields[3] for _, fields in block]
        starts = np.cumsum([0, *[len(w) + 1 for w in words]]).tolist()
        self.words += words
        self.lines += [number for number, _ in block]
        for j in range(negations):
            for e, label in enumerate(ELEMENTS):
                pieces = _element([fields[7 + 3 * j + e] for _, fields in block], words, starts)
                if label == "cue" and not pieces:
                    from ..methods.starsem.reading import missing_cue_error

                    raise missing_cue_error(self.path, block[0][0], j)
                if pieces:
                    self.rows.append((sentence, pieces, e))


def read(path: str, options: ReadOptions) -> Annotations:
    """The cue, scope and event spans of every negation (see the module's docstring)."""
    from .conll import ColumnFile, annotations_of

    builder = _Builder(path)
    for block in _blocks(path):
        builder.add(block)
    if not builder.words:
        raise InputError("token lines (chapter, sentence, token, word, lemma, POS, syntax, negations)",
                         "none", file=path)  # fmt: skip
    columns = ColumnFile.of_tokens(path, builder.words, np.array(builder.lines),
                                   np.array(builder.sentence_starts))  # fmt: skip
    columns.doc_starts, columns.doc_ids = builder.doc_starts, builder.doc_ids
    empty = SpanTable(np.zeros(0), np.zeros(0), np.zeros(0), np.zeros(0), [], [])
    note = f"{path}: negations read as cue, scope and event spans"
    annotations = annotations_of(columns, empty, NAME, [note])
    return _with_spans(annotations, builder)


def _with_spans(annotations: Annotations, builder: _Builder) -> Annotations:
    """The builder's spans put into the documents (sentence-relative to document positions)."""
    docs_of_sentence = np.searchsorted(builder.doc_starts, builder.sentence_starts, side="right") - 1
    cuts = np.searchsorted(docs_of_sentence, np.arange(len(annotations.documents) + 1)).tolist()
    sentence_at: list[int] = []
    for number, doc in enumerate(annotations.documents):  # the sentences are in document order
        doc.unit_ids = builder.sentence_ids[cuts[number] : cuts[number + 1]]
        sentence_at += [start for start, _ in doc.units]
    rows, parts = [], {}
    for sentence, pieces, label in builder.rows:
        offset = sentence_at[sentence]
        moved = [(offset + a, offset + b) for a, b in pieces]
        if len(moved) > 1:
            parts[len(rows)] = moved
        rows.append((int(docs_of_sentence[sentence]), moved[0][0], moved[-1][1], label))
    table = SpanTable.of_rows(rows, ELEMENTS, [d.name for d in annotations.documents], parts)
    table.notes = annotations.spans.notes  # type: ignore[attr-defined]
    annotations.spans = table
    return annotations


def choices(path: str, options: ReadOptions) -> dict[str, list[str]]:
    return {"label": list(ELEMENTS)}
