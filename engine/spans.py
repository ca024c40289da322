"""Spans and the documents they point into.

Positions are half-open `[start, end)` everywhere inside the engine. Readers convert
from each file's own convention; reports convert back when they show positions.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain
from typing import Any, overload


@dataclass(frozen=True, slots=True)
class Span:
    """A labelled stretch `[start, end)` of a document."""

    start: int
    end: int
    label: str = ""
    doc: str = ""
    attrs: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.end < self.start:
            raise ValueError(f"span ends before it starts: [{self.start}, {self.end})")

    def __len__(self) -> int:
        return self.end - self.start

    def overlaps(self, other: Span) -> bool:
        return self.start < other.end and other.start < self.end


class TokenNumbers(Sequence[str]):
    """Tokens computed on demand: each position shows its 1-based number within its unit
    (sentence), as an input without words counts tokens, or the unit's word where `words`
    has words for that unit. Nothing is stored per position, so a unit can be long."""

    def __init__(
        self, units: Sequence[tuple[int, int]], words: dict[int, Sequence[str]] | None = None
    ) -> None:
        self._units = list(units)
        self._starts = [start for start, _ in units]
        self._length = units[-1][1] if units else 0
        self._words = words or {}

    def __len__(self) -> int:
        return self._length

    def _token(self, pos: int) -> str:
        if not 0 <= pos < self._length:
            raise IndexError(pos)
        return self._tokens(pos, pos + 1)[0]

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...
    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._length)
            if step == 1:
                return self._tokens(start, stop)
            return [self._token(i) for i in range(start, stop, step)]
        return self._token(index + self._length if index < 0 else index)

    def __iter__(self) -> Iterator[str]:
        return chain.from_iterable(self._tokens(start, end) for start, end in self._units)

    def _tokens(self, start: int, stop: int) -> list[str]:
        """The tokens of [start, stop), unit by unit (no search per position): a unit's
        words, then the numbers of its positions past them."""
        tokens: list[str] = []
        unit = max(bisect.bisect_right(self._starts, start) - 1, 0)
        while start < stop and unit < len(self._units):
            first, end = self._units[unit]
            a, b = max(start, first) - first, min(stop, end) - first
            if a < b:
                tokens += unit_tokens(self._words.get(unit, ()), a, b)
            start = max(start, end)
            unit += 1
        return tokens


NUMBERS_KEPT = 1 << 16  # numbers' texts kept (a unit can be far longer)
_NUMBERS: list[str] = []  # "1", "2", … as far as a unit has been asked for, up to NUMBERS_KEPT


def unit_tokens(words: Sequence[str], a: int, b: int) -> list[str]:
    """Positions a..b − 1 of a unit: its words, then the numbers of its positions past them
    (the texts of the numbers up to NUMBERS_KEPT made once: each error's context asks again)."""
    global _NUMBERS
    if b <= len(words):
        return list(words[a:b])
    numbers = _NUMBERS
    if b > len(numbers) and len(numbers) < NUMBERS_KEPT:  # a longer list, bound at once: no
        # thread ever sees a list being extended (the app's worker and a test may both ask)
        numbers = _NUMBERS = [*numbers, *map(str, range(len(numbers) + 1, min(b, NUMBERS_KEPT) + 1))]
    start = max(a, len(words))
    rest = range(max(start, len(numbers)) + 1, b + 1)  # past the kept ones
    return [*words[a:b], *numbers[start:b], *map(str, rest)]


TEXT_LIMIT = 2_000  # positions of a span's text shown whole; longer ones keep both ends


@dataclass
class Document:
    """A text that spans point into: its tokens (or characters) and its units.

    `tokens` holds one string per position: words for token-based formats, the text
    itself (a str is a sequence of characters) for character offsets, or TokenNumbers
    when the input carries no words. `units` are the sentences or pages as
    `[start, end)` position ranges, in order; `unit_ids` their names in the input.
    """

    name: str
    tokens: Sequence[str]
    units: list[tuple[int, int]] = field(default_factory=list)
    unit_ids: Sequence[str] | None = None
    joiner: str = " "
    has_words: bool = True
    unit_name: str = "sentence"  # what a unit is called: sentence, page, process, …
    # Text documents (engine/formats/standoff.py): the tokens as character ranges, where
    # the format has tokens; None elsewhere.
    token_bounds: Sequence[tuple[int, int]] | None = None
    # The input holds no text (a FairEval span file's token numbers, a poetry page without
    # its text): `tokens` stands in for it, and a partner's own text may replace it (pairing).
    stand_in: bool = False
    # The file of a folder's corpus the document was read from (engine/formats/corpus.py
    # read_corpus), for messages naming it; "" where the input itself is the file, and for an
    # INCEpTION project export's documents (inception_project.read_entries: the export is named).
    file: str = ""

    def __post_init__(self) -> None:
        if not self.units and len(self.tokens):
            self.units = [(0, len(self.tokens))]
        self._unit_starts = [start for start, _ in self.units]

    def __len__(self) -> int:
        return len(self.tokens)

    def unit_of(self, pos: int) -> int:
        """Index of the unit holding position `pos` (the last unit starting at or before it)."""
        return max(bisect.bisect_right(self._unit_starts, pos) - 1, 0)

    def unit_id(self, index: int) -> str:
        return self.unit_ids[index] if self.unit_ids else str(index + 1)

    def text(self, start: int, end: int) -> str:
        """The text of [start, end); a very long stretch keeps its ends around a '…'."""
        if end - start <= TEXT_LIMIT:
            return self.joiner.join(self.tokens[start:end])
        half = TEXT_LIMIT // 2
        head = self.joiner.join(self.tokens[start : start + half])
        tail = self.joiner.join(self.tokens[end - half : end])
        return f"{head}{self.joiner or ' '}…{self.joiner or ' '}{tail}"


class LazyDocuments(Sequence[Document]):
    """Documents made when read (`document(k)`, poetry's pages, ProPara's processes), whose
    names and lengths are told without making them."""

    names: Sequence[str]

    def document(self, k: int) -> Document:
        raise NotImplementedError

    def lengths(self) -> list[int]:
        """Each document's number of positions (here by making it; a subclass may know them)."""
        return [len(document) for document in self]

    def __len__(self) -> int:
        return len(self.names)

    @overload
    def __getitem__(self, index: int) -> Document: ...
    @overload
    def __getitem__(self, index: slice) -> list[Document]: ...
    def __getitem__(self, index: int | slice) -> Document | list[Document]:
        rows = range(len(self))[index]  # an index or a slice of the rows (IndexError beyond)
        return list(map(self.document, rows)) if isinstance(rows, range) else self.document(rows)

    def __iter__(self) -> Iterator[Document]:
        return map(self.document, range(len(self)))

    def __reversed__(self) -> Iterator[Document]:
        return map(self.document, reversed(range(len(self))))


def document_names(documents: Sequence[Document]) -> Sequence[str]:
    """The documents' names (those made when read are not made)."""
    if isinstance(documents, LazyDocuments):
        return documents.names
    return [document.name for document in documents]


def document_lengths(documents: Sequence[Document]) -> list[int]:
    """The documents' numbers of positions (those made when read are made only where their
    sequence does not know them)."""
    if isinstance(documents, LazyDocuments):
        return documents.lengths()
    return [len(document) for document in documents]


class DocumentsByName(Mapping[str, Document]):
    """A report's documents by name (the first of a name), each made when it is read (43,000
    poetry pages made to learn their names: 0.17–0.3 s)."""

    def __init__(self, documents: Sequence[Document]) -> None:
        names = document_names(documents)
        self.documents = documents
        self.number = dict(zip(reversed(names), range(len(names) - 1, -1, -1), strict=True))

    def __getitem__(self, name: str) -> Document:
        return self.documents[self.number[name]]

    def __contains__(self, name: object) -> bool:
        return name in self.number

    def __iter__(self) -> Iterator[str]:
        return iter(self.number)

    def __len__(self) -> int:
        return len(self.number)


@dataclass
class Annotations:
    """What one input holds: the documents and the spans in them (by document name)."""

    source: str
    format: str
    documents: list[Document]
    spans: list[Span]
    # What the reader left out or changed, for the caller to show (e.g. zero-length spans dropped).
    warnings: list[str] = field(default_factory=list)
    # Whether the user taken from system A (ReadOptions.user_taken) was left out: none is named.
    user_left_out: bool = False

    def spans_of(self, doc: str) -> list[Span]:
        return [span for span in self.spans if span.doc == doc]


def same_items(made: Sequence[Any], other: object) -> bool | Any:
    """A sequence that stands for a list (a SpanTable, report.Later, ProPara's Shown) compared
    as that list: equal to a list or another such sequence of the same items (a tuple is no
    list, as for a list); its items made by `list`, as any reading does."""
    if not isinstance(other, list) and type(other) is not type(made):
        return NotImplemented
    return list(made) == list(other)
