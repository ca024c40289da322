"""What the viewer shows of a report, prepared off the UI thread: per document its blocks
(lines of layout), the spans and error marks of each side (each side's of every document in
one interval index), and the words attached by the user to a document without words. No Qt
here."""

from __future__ import annotations

import bisect
import os
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from operator import attrgetter
from pathlib import PurePath
from typing import Any

import numpy as np
import pandas as pd

from engine.blocks import each
from engine.formats.spantable import SpanPlaces, SpanSequence
from engine.pieces import PieceColumn, positions_within
from engine.progress import NO_PROGRESS, Progress
from engine.report import ColumnRows, Report, listed
from engine.spans import Document, Span, document_lengths, document_names

from .error_columns import shown_columns
from .models import error_table, search_texts
from .viewer_blocks import (
    CHAR_BLOCK,
    WORD_BLOCK,
    breaks_joined,
    cut_ranges,
    layout_blocks,
    layout_cut,
    newline_positions,
    unit_ranges,
)

SIDES = ("gold", "system")
#: An index of spans holds positions within ±this (a page without text may have offsets past
#: 2**63), its documents laid one after another in as much room (a document's spans past its
#: share are still found as its own: a query looks in one document).
LONGEST_PLACED = 2**61



@dataclass(frozen=True)
class Mark:
    """One piece of an error on one side: the positions it covers and its error row."""

    start: int
    end: int
    row: int
    type: str


def _is_position(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def span_pieces(span: Span) -> list[tuple[int, int]]:
    """The [start, end) pieces a span covers: its `parts` attribute, or the whole span."""
    parts = span.attrs.get("parts") if span.attrs else None
    if parts:
        return [(int(a), int(b)) for a, b in parts]
    return [(span.start, span.end)]


def row_pieces(row: dict[str, Any], side: str) -> list[tuple[int, int]]:
    """The pieces an error row covers on one side (none when the row has no span there)."""
    return pieces(row.get(f"{side}_parts"), row.get(f"{side}_start"), row.get(f"{side}_end"))


def pieces(parts: Any, start: Any, end: Any) -> list[tuple[int, int]]:
    """The pieces of one side of an error row, from its parts, start and end."""
    if parts:
        return [(int(a), int(b)) for a, b in parts]
    if _is_position(start) and _is_position(end):
        return [(start, end)]
    return []


class StretchIndex:
    """Which of a fixed set of [start, end) stretches share a position with a range.

    The stretches are sorted by start (numpy): one that overlaps [a, b) starts before b
    and, unless it is one of the few longest, at most `reach` positions before a. The
    longest (above the 99.9th percentile of lengths) are checked apart. Building costs a
    sort; a query two binary searches and a look at the stretches near the range.
    """

    def __init__(self, starts: np.ndarray, ends: np.ndarray) -> None:
        ends = np.maximum(ends, starts + 1)  # an empty stretch still marks its position
        lengths = ends - starts
        self.reach = int(np.quantile(lengths, 0.999)) if len(lengths) else 0
        long = lengths > self.reach
        short = np.flatnonzero(~long)
        order = short[np.argsort(starts[short], kind="stable")]
        self.ids, self.starts, self.ends = order, starts[order], ends[order]
        self.long_ids = np.flatnonzero(long)
        self.long_starts, self.long_ends = starts[self.long_ids], ends[self.long_ids]

    def overlapping(self, start: int, end: int) -> list[int]:
        """Indices (in the input) of the stretches sharing a position with [start, end)."""
        lo = int(np.searchsorted(self.starts, start - self.reach, side="left"))
        hi = int(np.searchsorted(self.starts, end, side="left"))
        near = self.ids[lo:hi][self.ends[lo:hi] > start]
        far = self.long_ids[(self.long_starts < end) & (self.long_ends > start)]
        return [*near.tolist(), *far.tolist()]


#: Most spans one C-level pass (map, set.update, np.fromiter) takes at a time (engine.blocks.each):
#: such a pass holds the GIL throughout, and a span is made when read.
SLICE = 10_000


@dataclass(frozen=True)
class Marks:
    """One side's error marks as columns, kept so until shown: each piece's start, end and
    error row, in row order; `types`: each row's type (the error table's column)."""

    starts: np.ndarray
    ends: np.ndarray
    rows: np.ndarray
    types: Sequence[Any]

    @staticmethod
    def none() -> Marks:
        nothing = np.zeros(0, dtype=np.int64)
        return Marks(nothing, nothing, nothing, [])

    def marks(self, found: list[int]) -> list[Mark]:
        """The marks at the indices `found`."""
        columns = (self.starts[found].tolist(), self.ends[found].tolist(), self.rows[found].tolist())
        return [
            Mark(start, end, row, _type(self.types[row])) for start, end, row in zip(*columns, strict=True)
        ]


def _type(value: Any) -> str:
    return "" if value is None else str(value)


def _positions(
    items: Sequence[Any], start: Callable[[Any], int], end: Callable[[Any], int]
) -> tuple[np.ndarray, np.ndarray]:
    starts = np.fromiter(each(start, items, SLICE), dtype=np.int64, count=len(items))
    ends = np.fromiter(each(end, items, SLICE), dtype=np.int64, count=len(items))
    return starts, ends


class Placed:
    """Stretches of every document in one StretchIndex: document d's positions are shifted
    by offsets[d] (the documents laid one after another), and a query looks in one document."""

    def __init__(self, docs: np.ndarray, starts: np.ndarray, ends: np.ndarray, offsets: np.ndarray) -> None:
        self.docs, self.offsets = docs, offsets.tolist()
        shift = offsets[docs]
        self.index = StretchIndex(starts + shift, ends + shift)

    def overlapping(self, doc: int, start: int, end: int) -> list[int]:
        """Indices of document doc's stretches sharing a position with its [start, end)."""
        shift = self.offsets[doc]
        start, end = (min(max(at, -LONGEST_PLACED), LONGEST_PLACED) + shift for at in (start, end))
        found = np.array(self.index.overlapping(start, end), dtype=np.int64)
        return found[self.docs[found] == doc].tolist()


class SideIndex:
    """One side's (gold or system) spans and error marks in every document, each indexed once
    (`docs`: each span's document number; `offsets`: where each document starts in the index)."""

    def __init__(self, spans: Sequence[Span], places: SpanPlaces | None, docs: np.ndarray, marks: Marks,
                 row_docs: np.ndarray, offsets: np.ndarray) -> None:  # fmt: skip
        """`places`: the spans' places where kept as arrays; `row_docs`: the document number of
        each error row."""
        self.spans, self.places, self.marks = spans, places, marks
        if places is not None:
            positions = places.starts, places.ends
        else:
            positions = _positions(spans, attrgetter("start"), attrgetter("end"))
        self.span_places = Placed(docs, *(positions_within(p, LONGEST_PLACED) for p in positions), offsets)
        mark_positions = (positions_within(p, LONGEST_PLACED) for p in (marks.starts, marks.ends))
        self.mark_places = Placed(row_docs[marks.rows], *mark_positions, offsets)


class Side:
    """The spans and error marks of one side (gold or system) in one document: those of
    the side's SideIndex in document number `doc`."""

    def __init__(self, index: SideIndex, doc: int) -> None:
        self.index, self.doc = index, doc

    @staticmethod
    def empty() -> Side:
        """A side without spans or marks (of a document by itself)."""
        nothing = np.zeros(0, dtype=np.int64)
        return Side(SideIndex([], None, nothing, Marks.none(), nothing, np.zeros(1, dtype=np.int64)), 0)

    def spans_in(self, start: int, end: int) -> list[Span]:
        """Spans sharing a position with [start, end), in order of position (outer first)."""
        spans = self.index.spans
        found = [spans[i] for i in self.index.span_places.overlapping(self.doc, start, end)]
        return sorted(found, key=lambda s: (s.start, -s.end))

    def labels(self) -> set[str]:
        """The labels of the side's spans in its document."""
        spans, here = self.index.spans, self.index.span_places.docs == self.doc
        if self.index.places is not None:
            return self.index.places.label_set(here)
        return {spans[i].label for i in np.flatnonzero(here).tolist()}

    def marks_in(self, start: int, end: int) -> list[Mark]:
        found = self.index.marks.marks(self.index.mark_places.overlapping(self.doc, start, end))
        return sorted(found, key=lambda m: (m.start, -m.end, m.row))


@dataclass
class Attachment:
    """Words attached to a document: one per position, and those beyond a unit's positions."""

    words: list[str]
    tails: dict[int, list[str]]
    notes: list[str]


class DocumentData:
    """One document as the viewer lays it out: blocks, both sides, attached words."""

    def __init__(self, document: Document, gold: Side, system: Side) -> None:
        self.document = document
        self.name = document.name
        self.chars = document.joiner == ""
        self.sides = {"gold": gold, "system": system}
        breaks = newline_positions(document) if self.chars else []
        size = CHAR_BLOCK if self.chars else WORD_BLOCK
        self.cut = layout_cut(document)
        ranges = unit_ranges(document) if self.cut is None else cut_ranges(unit_ranges(document), self.cut)
        if self.chars:
            ranges = breaks_joined(ranges, document.tokens, breaks)
        starts, ends = layout_blocks(ranges, size, breaks, document.tokens if self.chars else None)
        self.block_starts = starts.tolist()
        self.blocks = list(zip(self.block_starts, ends.tolist(), strict=True))
        self.words: list[str] | None = None  # attached words, one per position
        self.tails: dict[int, list[str]] = {}  # block → attached words beyond its unit's positions
        self._labels: set[str] | None = None

    def cut_note(self) -> str:
        """What of the document is not shown ('' where it is shown whole)."""
        if self.cut is None:
            return ""
        shown = f"Only the first {self.cut:,} positions of {self.name} are shown"
        return f"{shown}: its input holds no text, and its spans lie further on."

    def labels(self) -> set[str]:
        """The labels of the document's spans, on either side (found once)."""
        if self._labels is None:
            self._labels = self.sides["gold"].labels() | self.sides["system"].labels()
        return self._labels

    def __len__(self) -> int:
        return len(self.document)

    @property
    def numbered(self) -> bool:
        """Whether positions show token numbers (no words in the input, none attached)."""
        return not self.document.has_words and self.words is None

    def text(self, pos: int) -> str:
        return self.words[pos] if self.words is not None else self.document.tokens[pos]

    def texts(self, start: int, end: int) -> Sequence[str]:
        """The texts of positions [start, end) (attached words included)."""
        return self.words[start:end] if self.words is not None else self.document.tokens[start:end]

    def shown(self, start: int, end: int) -> str:
        """The text of [start, end) as the viewer shows it (attached words included)."""
        end = min(end, start + 200, len(self))
        return self.document.joiner.join(self.text(pos) for pos in range(start, end))

    def block_of(self, pos: int) -> int:
        return max(bisect.bisect_right(self.block_starts, pos) - 1, 0)

    def attached(self, sentences: list[list[str]]) -> Attachment:
        """The words to show for these sentences (one list per unit, in order) instead of
        token numbers, with the notes worth telling the user (counts that do not agree)."""
        words = list(self.document.tokens)
        tails: dict[int, list[str]] = {}
        short = 0
        for (start, end), sentence in zip(self.document.units, sentences, strict=False):
            length = end - start
            words[start : start + min(length, len(sentence))] = sentence[:length]
            short += len(sentence) < length
            if len(sentence) > length:
                tails[self.block_of(end - 1)] = sentence[length:]
        return Attachment(words, tails, self._attach_notes(len(sentences), short))

    def attach(self, attachment: Attachment) -> None:
        self.words, self.tails = attachment.words, attachment.tails

    def _attach_notes(self, n_sentences: int, short: int) -> list[str]:
        notes = []
        n_units = len(self.document.units)
        if n_sentences != n_units:
            notes.append(
                f"The text has {n_sentences} sentences and the document {n_units}; "
                f"words are shown for the first {min(n_sentences, n_units)}."
            )
        if short:
            which = "1 sentence has" if short == 1 else f"{short} sentences have"
            notes.append(
                f"{which} fewer tokens than the annotation uses; the positions beyond keep their numbers."
            )
        return notes

    def position_text(self, start: int, end: int) -> str:
        """Where [start, end) is, for a person: unit and 1-based inclusive numbers in it."""
        unit = self.document.unit_of(start)
        unit_start = self.document.units[unit][0] if self.document.units else 0
        what = "characters" if self.chars else "tokens"
        first, last = start - unit_start + 1, end - unit_start
        numbers = str(first) if last <= first else f"{first}–{last}"
        where = f"{self.document.unit_name} {self.document.unit_id(unit)}"
        return f"{where}, {what} {numbers} (positions [{start}, {end}))"


@dataclass
class ReportData:
    """Everything the result views show of one report, built off the UI thread."""

    report: Report
    documents: Mapping[str, DocumentData] = field(default_factory=dict)
    labels: list[str] = field(default_factory=list)
    error_types: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    shown_columns: list[str] = field(default_factory=list)
    errors: ColumnRows = field(default_factory=lambda: ColumnRows({}))
    detail_frames: dict[str, pd.DataFrame] = field(default_factory=dict)  # each detail tab's table
    _search: list[str] | None = None
    _search_made: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @classmethod
    def build(cls, report: Report, progress: Progress = NO_PROGRESS) -> ReportData:
        """What the views show; the error table is read from the report's error columns
        (models.error_table: no row of it is made as a dict). Of the documents only the first,
        the one the viewer opens, is laid out here; the others when the viewer opens them."""
        progress.update(1.0, "preparing the viewer", force=True)
        places = _side_places(report)
        columns = report.error_columns
        errors = error_table(report.error_rows, columns)
        data = cls(report, shown_columns=shown_columns(errors, columns), errors=errors)
        labels = {str(v) for side in SIDES for v in set(errors.column(f"{side}_label")) if v}
        kinds: set[str] = set()
        for spans, side_places in zip((report.gold_spans, report.system_spans), places, strict=True):
            side_labels, side_kinds = _labels_and_kinds(spans, side_places)
            labels.update(side_labels)
            kinds.update(side_kinds)
        data.labels = sorted(label for label in labels if label)
        data.error_types = sorted({str(t) for t in set(errors.column("type")) if t})
        data.kinds = sorted(kinds)
        data.documents = _documents(report, errors, places)
        next(iter(data.documents.values()), None)  # laid out here, off the UI thread
        data.detail_frames = {name: table.frame() for name, table in report.detail_tables().items()}
        for input_file in report.inputs:
            input_file.sha256  # noqa: B018 - hashed here, off the UI thread (the results view shows it)
        return data

    def search_lines(self, progress: Progress = NO_PROGRESS) -> list[str]:
        """The error rows' text for the error view's search, made at the first search (on a
        worker thread: one at a time; a cancelled one leaves them to the next)."""
        with self._search_made:
            if self._search is None:
                self._search = search_texts(self.errors, self.shown_columns, progress)
            return self._search

    def error_row(self, index: int) -> dict[str, Any]:
        """Error row `index` (in the report's order) as a dict."""
        return self.errors.row(index)


def _side_places(report: Report) -> list[SpanPlaces | None]:
    """Each side's spans' places, where kept as arrays (indexed from them, each span made
    when shown); spans made when read without them are made once here (the views read each
    span several times)."""
    found = []
    for side in ("gold_spans", "system_spans"):
        spans = getattr(report, side)
        places = spans.places() if isinstance(spans, SpanSequence) else None
        if places is None and isinstance(spans, SpanSequence):
            setattr(report, side, list(spans))
        found.append(places)
    return found


def _labels_and_kinds(spans: Sequence[Span], places: SpanPlaces | None) -> tuple[set[str], set[str]]:
    """The labels and kinds of one side's spans (from their places where kept as arrays)."""
    if places is not None:
        return places.label_set(), places.kinds
    labels = set(each(attrgetter("label"), spans, SLICE))
    kinds = {str(a["kind"]) for a in each(attrgetter("attrs"), spans, SLICE) if a and a.get("kind")}
    return labels, kinds


def _documents(report: Report, errors: ColumnRows, places: list[SpanPlaces | None]) -> Documents:
    """Each document's data, its sides windows on one SideIndex per side (`errors`: the
    report's error table; `places`: each side's spans' places, where kept as arrays)."""
    number = {name: i for i, name in enumerate(document_names(report.documents))}
    other = len(report.documents)  # the number of any document not in the report
    longest = LONGEST_PLACED // (len(report.documents) + 1)  # the documents laid one after another
    lengths = np.minimum(np.array(document_lengths(report.documents), dtype=np.int64), longest) + 1
    offsets = np.cumsum(np.r_[0, lengths], dtype=np.int64)  # and where the other documents' go
    row_docs = _row_documents(errors, number, other)
    sides = zip(SIDES, (report.gold_spans, report.system_spans), places, strict=True)
    gold, system = (
        SideIndex(spans, found, _span_docs(spans, found, number, other), _marks(errors, side), row_docs,
                  offsets)  # fmt: skip
        for side, spans, found in sides
    )
    return Documents(report.documents, number, gold, system)


def _row_documents(errors: ColumnRows, number: dict[str, int], other: int) -> np.ndarray:
    """Each error row's document number (`other` for a document not in the report): each
    distinct name looked up once where the rows keep their documents Coded."""
    coded = errors.coded_texts().get("document")
    if coded is not None:
        names = [*map(str, coded.texts), ""]  # the number −1: none
        return _numbers(names, len(names), number, other)[coded.number]
    names = errors.column("document")
    return _numbers(map(str, names), len(names), number, other)


def _numbers(names: Iterable[str], count: int, number: dict[str, int], other: int) -> np.ndarray:
    """The document number of each of `count` names (`other` for a name not in `number`),
    looked up in C."""
    return np.fromiter(map(number.get, names, repeat(other)), np.int64, count)


class Documents(Mapping[str, DocumentData]):
    """Each document's DocumentData by name, laid out when first asked for (the viewer shows
    one at a time: a report of many documents lays out only those opened)."""

    def __init__(self, documents: list[Document], number: dict[str, int], gold: SideIndex,
                 system: SideIndex) -> None:  # fmt: skip
        self._documents, self._number, self._gold, self._system = documents, number, gold, system
        self._made: dict[str, DocumentData] = {}

    def __getitem__(self, name: str) -> DocumentData:
        made = self._made.get(name)
        if made is None:
            i = self._number[name]
            made = DocumentData(self._documents[i], Side(self._gold, i), Side(self._system, i))
            made = self._made.setdefault(name, made)  # one object per document, whichever thread asks
        return made

    def __contains__(self, name: object) -> bool:
        return name in self._number  # without laying it out

    def __iter__(self) -> Iterator[str]:
        return iter(self._number)

    def __len__(self) -> int:
        return len(self._number)


def _span_docs(spans: Sequence[Span], places: SpanPlaces | None, number: dict[str, int],
               other: int) -> np.ndarray:  # fmt: skip
    """Each span's document number (`other` for a document not in the report; from the
    spans' places where kept as arrays)."""
    if places is not None:
        names = places.doc_names
        return _numbers(names, len(names), number, other)[places.docs]
    names = each(attrgetter("doc"), spans, SLICE)
    return _numbers(names, len(spans), number, other)


def _marks(errors: ColumnRows, side: str) -> Marks:
    """The error marks of one side: the pieces each row covers there (`pieces`), in row order."""
    pieces = PieceColumn.of(errors.column(f"{side}_parts"))
    starts, ends = (listed(errors.column(f"{side}_{key}")) for key in ("start", "end"))  # read by row
    plain = [  # (a row without a span on this side has no start: None is passed over first)
        row
        for row in np.flatnonzero(~pieces.filled()).tolist()
        if starts[row] is not None and _is_position(starts[row]) and _is_position(ends[row])
    ]
    rows = np.concatenate([pieces.rows(), np.array(plain, dtype=np.int64)])
    order = np.argsort(rows, kind="stable")
    begins = np.concatenate([pieces.starts, np.array([starts[row] for row in plain], dtype=np.int64)])
    finishes = np.concatenate([pieces.ends, np.array([ends[row] for row in plain], dtype=np.int64)])
    return Marks(begins[order], finishes[order], rows[order], errors.column("type"))


def pane_title(given: str, files: Sequence[str], document: str | None, source: str | None = None) -> str:
    """A pane's title: as given ("Gold — file"), or where its side was read from several
    files (a folder) naming the file of the document shown: its `source` where the report
    says it (FairEval's), else as source_name finds it."""
    if document is None or len(files) <= 1:
        return given
    return f"{given.split(' — ')[0]} — {PurePath(source).name if source else source_name(files, document)}"


def source_name(files: Sequence[str], document: str) -> str:
    """The name of the file a document of a folder came from: the first of `files` named
    as the document without its extension (`sub/name` from a sub-folder), or as the file
    part of a `file/document` name; else the folder holding them (a document named as none
    of them)."""
    parts = document.split("/")
    for k in range(len(parts), 0, -1):
        for path in map(PurePath, files):
            if [*path.parent.parts, path.stem][-k:] == parts[:k]:
                return path.name
    try:
        folder = PurePath(os.path.commonpath(files)).name if files else ""
    except ValueError:  # absolute and relative paths, or two drives: no folder in common
        folder = ""
    return folder or document


def depths(spans: list[Span]) -> list[tuple[Span, int]]:
    """Each span with the number of spans around it (outer spans are drawn first, larger)."""
    out = []
    for span in spans:
        depth = sum(
            1
            for other in spans
            if other is not span
            and other.start <= span.start
            and span.end <= other.end
            and (other.start, -other.end) < (span.start, -span.end)
        )
        out.append((span, depth))
    return out


def attachable(doc: DocumentData | None) -> bool:
    """Whether words can be attached to a document: a token document without words."""
    return doc is not None and not doc.document.has_words and not doc.chars


Pieces = dict[str, list[tuple[int, int]]]  # side → the [start, end) pieces of an error there


def error_anchor(error: dict[str, Any], pieces: Pieces, doc: DocumentData) -> int | None:
    """Where an error is: its first position, or the start of its context unit."""
    starts = [start for side in SIDES for start, _ in pieces[side]]
    if starts:
        return min(starts)
    unit = error.get("context_unit")
    if not isinstance(unit, int):
        number = error.get("unit")
        unit = number - 1 if isinstance(number, int) and number > 0 else None
    if unit is not None and 0 <= unit < len(doc.document.units):
        return doc.document.units[unit][0]
    return None
