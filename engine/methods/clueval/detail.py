"""What a CLUEval report carries beyond the scores: the JSON keys of specs/clueval.md §5.5,
the documents and spans for the viewer, and the error rows for the review workbook (on
span formats with a text, that text as written: DocumentMap)."""

from __future__ import annotations

import bisect
import os
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cached_property, partial
from typing import Any

import numpy as np

from ...blocks import changes
from ...context import BOTH_MARK, GOLD_MARK, SYSTEM_MARK
from ...formats.spantable import SpanPlaces, SpanSequence, token_arrays
from ...formats.vrt import VrtFile
from ...report import ColumnRows, Later
from ...rowkeys import first_seen_codes, run_starts
from ...spans import Document, Span
from ..span_adapter import has_own_text
from .errortables import ErrorRow
from .match import STATUSES, Matches
from .run import Run
from .spans import LabelDicts, SpanTable

LEGENDS = {
    "Recall errors": "One row per reference span the candidate missed or matched only loosely (gold = the "
    "reference span, system = every candidate span overlapping it). Context: 🟩…🟩 the reference span, "
    "🟥…🟥 candidate spans, nested where they overlap. context_marked (the original CLUEval's context, "
    "with Span Studio's marks): 🟩…🟩 only in the reference span (missed), 🟥…🟥 only in a candidate "
    "span, 🟨…🟨 in both.",
    "Precision errors": "One row per candidate span the reference does not support or supports only "
    "loosely (system = the candidate span, gold = every reference span overlapping it). Context: 🟩…🟩 "
    "reference spans, 🟥…🟥 the candidate span, nested where they overlap. context_marked (the original "
    "CLUEval's context, with Span Studio's marks): 🟥…🟥 only in the candidate span (spurious), 🟩…🟩 "
    "only in a reference span, 🟨…🟨 in both.",
}
# The original's marks (errortables.EMOJI: 🟩 both, 🟥 own span, 🟧 the other side's) as
# Span Studio's everywhere else: 🟩 reference (gold), 🟥 candidate (system), 🟨 both.
_BOTH, _OWN, _OTHER = "\U0001f7e9", "\U0001f7e5", "\U0001f7e7"
OUR_MARKS = {
    "recall": {_BOTH: BOTH_MARK, _OWN: GOLD_MARK, _OTHER: SYSTEM_MARK},
    "precision": {_BOTH: BOTH_MARK, _OWN: SYSTEM_MARK, _OTHER: GOLD_MARK},
}
# OUR_MARKS as replacements in turn (str.replace, not translate's lookup a character): in this
# order each mark is replaced before a later step puts it in (🟩 first, then what becomes 🟩).
_REPLACEMENTS = {side: [(a, b) for a, b in marks.items() if a != b] for side, marks in OUR_MARKS.items()}


def our_marks(text: str, side: str) -> str:
    """The original's context with Span Studio's marks (OUR_MARKS)."""
    for mark, ours in _REPLACEMENTS[side]:
        if mark in text:
            text = text.replace(mark, ours)
    return text


# --- JSON (§5.5) ---------------------------------------------------------------------------


SPAN_KEYS = ("id", "start", "end", "token_id_start", "token_id_end", "text", "doc_id", "domain", "labels",
             "document", "sentence", "line_start", "line_end")  # fmt: skip
MATCH_KEYS = ("start", "end", "token_id_start", "token_id_end", "text", "doc_id", "domain")
MATCH_Y_KEYS = ("token_id_start_Y", "token_id_end_Y", "text_Y")
MATCH_OBJECT_KEYS = (*MATCH_KEYS, "labels", *MATCH_Y_KEYS, "labels_Y", "status", "start_Y", "end_Y")


class LaterColumns(ColumnRows):
    """ColumnRows whose columns are made when first read: the JSON report reads them, a
    workbook or the app never does (the bench's 250,000 tokens: 0.3 s of CPU saved)."""

    def __init__(self, length: int, make: Callable[[], dict[str, Sequence[Any]]]) -> None:
        Later.__init__(self, length, part=self.dicts)
        self.plain_numbers = True  # positions, lines: int; texts, label dicts
        self._make_columns = make

    @cached_property
    def columns(self) -> dict[str, Sequence[Any]]:  # type: ignore[override]
        return self._make_columns()


def spans_json(table: SpanTable) -> ColumnRows:
    """SPAN objects of §5.5 for every span of a table, as columns made when read (the JSON
    writer encodes them by msgspec, the dicts are made only when read)."""
    return LaterColumns(len(table), partial(_span_columns, table))


def _span_columns(table: SpanTable) -> dict[str, Sequence[Any]]:
    lines = table.vrt.lines(np.array(table.starts + table.ends, dtype=np.int64)).tolist()
    n = len(table)
    columns = (
        [table.span_id(i) for i in range(n)], table.starts, table.ends,
        table.start_ids, table.end_ids, table.texts,
        table.doc_id_column, table.domain_column, table.label_dicts,
        table.document_column(), table.sentence_column(), lines[:n], lines[n:],
    )  # fmt: skip
    return dict(zip(SPAN_KEYS, columns, strict=True))


def matches_json(matches: Matches, columns: list[list[Any]]) -> ColumnRows:
    """MATCH objects of §5.5 from the match table's columns (§3.3), made when read (spans_json)."""
    return LaterColumns(len(matches), partial(_match_columns, matches, columns))


def _match_columns(matches: Matches, columns: list[list[Any]]) -> dict[str, Sequence[Any]]:
    labels_y = list(map(LabelDicts(matches.y.layers), matches.labels_y_column))
    y = 7 + len(matches.x.layers)  # where token_id_start_Y stands
    values = (*columns[:7], matches.x.label_dicts, *columns[y : y + 3], labels_y, *columns[-3:])
    return dict(zip(MATCH_OBJECT_KEYS, values, strict=True))


def error_json(matches: Matches, row: ErrorRow) -> dict[str, Any]:
    x, y = matches.x, matches.y
    overlaps = [
        {"start": y.starts[k], "end": y.ends[k], "labels": y.label_dicts[k]}
        for k in row.overlaps
    ]
    return {
        **row.values,
        "start": x.starts[row.index],
        "end": x.ends[row.index],
        "overlaps": overlaps,
        "window": {"first": row.context.first, "last": row.context.last},
    }


def json_data(run: Run, level: int) -> dict[str, Any]:
    """The method's own JSON keys (the evaluation table at the chosen level); the long
    lists made when read (a workbook or the app reads only `levels`' span rows)."""
    ref, cand = run.recall.x, run.precision.x
    data: dict[str, Any] = {
        "compatible_with": "clueval 0.4.0.1",
        "inputs": {"reference": run.gold, "candidate": run.system},
        "n_spans": {"reference": len(ref), "candidate": len(cand)},
        "spans": {"reference": spans_json(ref), "candidate": spans_json(cand)},
        "recall_table": matches_json(run.recall, run.recall.columns),
        "precision_table": matches_json(run.precision, run.precision.columns),
        "class_counts": run.class_counts(),
        "levels": run.levels(),
        "evaluation_table": run.scorer.evaluation_table(level),
    }
    if run.errors:
        data["error_tables"] = {
            side: Later(len(run.errors[side]), partial(_errors_json, m, run.errors[side]))
            for side, m in (("recall", run.recall), ("precision", run.precision))
        }
    return data


def _errors_json(matches: Matches, rows: list[ErrorRow]) -> list[dict[str, Any]]:
    """ERROR objects of §5.5 of one side's error table."""
    return [error_json(matches, row) for row in rows]


# --- documents and spans for the viewer -------------------------------------------------


def _document_runs(vrt: VrtFile) -> list[tuple[str, int]]:
    """(document id, first position) of each run of tokens with the same document."""
    ids = vrt.doc_ids
    if ids is not None:  # each position whose id differs from the one before
        return [(ids[s], s) for s in [0, *changes(ids)]]
    runs = [("", 0)]
    for position, document, _ in vrt.xml_changes:
        if position >= len(vrt):
            break
        if position == runs[-1][1]:
            runs.pop()
        if not runs or runs[-1][0] != document:
            runs.append((document, position))
    return runs


class DocumentMap:
    """The reference file cut into documents: corpus positions ↔ (document, position in it).
    Span formats with a text (`texts`: the documents whose tokens the corpus positions are)
    show their texts as written: a position is then its token's characters."""

    def __init__(self, reference: VrtFile, candidate: VrtFile, texts: list[Document] | None = None) -> None:
        self.characters: list[tuple[np.ndarray, np.ndarray]] | None = None  # each text's tokens
        fallback = os.path.basename(reference.path) or "document"
        if texts and all(map(has_own_text, texts)):
            self._texts(texts, fallback)
            return
        runs = _document_runs(reference)
        n = max(len(reference), len(candidate))
        seen: dict[str, int] = {}
        self.starts = [start for _, start in runs]
        self.documents: list[Document] = []
        sentence_starts = reference.sentence_starts().tolist()
        for k, (name, start) in enumerate(runs):
            end = runs[k + 1][1] if k + 1 < len(runs) else n
            name = _unique(name or fallback, seen)
            tokens = reference.tokens[start:end]
            if end > len(reference):  # a longer candidate: its extra tokens end the last document
                tokens += candidate.tokens[len(reference) : end]
            self.documents.append(self._document(name, start, end, tokens, sentence_starts, reference))

    def _texts(self, texts: list[Document], fallback: str) -> None:
        """The documents that hold tokens, as written, each with its tokens' characters (the
        arrays the reading made: spanformats.read_span_formats)."""
        seen: dict[str, int] = {}
        self.starts, self.documents, self.characters = [], [], []
        first = 0
        for doc in texts:
            starts, ends = token_arrays(doc)
            if len(starts):
                self.starts.append(first)
                self.documents.append(replace(doc, name=_unique(doc.name or fallback, seen)))
                self.characters.append((starts, ends))
            first += len(starts)

    @staticmethod
    def _document(
        name: str, start: int, end: int, tokens: list[str], sentence_starts: list[int], reference: VrtFile
    ) -> Document:
        lo, hi = bisect.bisect_right(sentence_starts, start), bisect.bisect_left(sentence_starts, end)
        cuts = [start, *sentence_starts[lo:hi], end]
        units = [(a - start, b - start) for a, b in zip(cuts, cuts[1:], strict=False) if b > a]
        if not reference.xml_changes:
            return Document(name, tokens, units)
        ids = [reference.xml_ids(a + start)[1] if a + start < len(reference) else "" for a, _ in units]
        return Document(name, tokens, units, ids if any(ids) else None)

    def placed(self, k: int, first: int, last: int) -> tuple[int, int]:
        """Corpus positions first..last (inclusive) in document k as [start, end): its
        positions, or the characters of their tokens where it shows a text."""
        offset = self.starts[k]
        if self.characters is None:
            return first - offset, last + 1 - offset
        starts, ends = self.characters[k]
        a, b = (min(p - offset, len(starts) - 1) for p in (first, last))
        return int(starts[a]), max(int(ends[b]), int(starts[a]))

    def index_all(self, positions: np.ndarray) -> np.ndarray:
        """The number of the document holding each corpus position."""
        return np.maximum(np.searchsorted(self.starts, positions, side="right") - 1, 0)

    def placed_in(self, k: np.ndarray, first: np.ndarray, last: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """placed of many stretches at once: corpus positions first..last (inclusive) in documents k."""
        offsets = np.array(self.starts, dtype=np.int64)[k]
        first, last = first - offsets, last - offsets
        if self.characters is None:
            return first, last + 1
        return _places(self.characters, k, first, last)


def _places(characters: list[tuple[np.ndarray, np.ndarray]], k: np.ndarray, first: np.ndarray,
            last: np.ndarray) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """DocumentMap.placed of positions in documents k whose tokens are characters, all at once."""
    counts = np.array([len(starts) for starts, _ in characters], dtype=np.int64)
    base = run_starts(counts)  # where each document's tokens start among all
    starts, ends = (np.concatenate([pair[side] for pair in characters]) for side in (0, 1))
    a, b = (base[k] + np.minimum(at, counts[k] - 1) for at in (first, last))
    return starts[a], np.maximum(ends[b], starts[a])


def _unique(name: str, seen: dict[str, int]) -> str:
    """The name, numbered from its second use on ("name (2)")."""
    seen[name] = seen.get(name, 0) + 1
    return f"{name} ({seen[name]})" if seen[name] > 1 else name


class ViewerSpans(SpanSequence):
    """Every span of one side in document positions, with its match class as status: its
    columns, each Span made when it is asked for (a report written as JSON needs none)."""

    def __init__(self, table: SpanTable, matches: Matches, documents: DocumentMap, side: str) -> None:
        self.table, self.status, self.documents, self.side = table, matches.status, documents, side
        self.starts, self.ends = (np.array(column, dtype=np.int64) for column in (table.starts, table.ends))
        self.which = documents.index_all(self.starts)
        self.lines = table.vrt.lines(self.starts)

    def __len__(self) -> int:
        return len(self.table)

    def places(self) -> SpanPlaces:
        """The spans' places in their documents as span(i) makes them, all at once."""
        documents, k = self.documents, self.which
        begins, ends = documents.placed_in(k, self.starts, self.ends)
        lengths = np.array([len(document) for document in documents.documents], dtype=np.int64)[k]
        ends = np.maximum(np.minimum(ends, lengths), begins)
        labels, distinct = first_seen_codes(self.table.labels)
        names = [document.name for document in documents.documents]
        return SpanPlaces(names, k, begins, ends, labels, list(map("/".join, distinct)))

    def span(self, i: int) -> Span:
        """The i-th span (its labels by layer made for it alone: the viewer asks for the few it
        shows, on the UI thread, where every span's would cost 0.13 s on a million tokens)."""
        table, k = self.table, int(self.which[i])
        document = self.documents.documents[k]
        labels = dict(zip(table.layers, table.labels[i], strict=True))
        attrs = {"status": STATUSES[self.status[i]], "line": int(self.lines[i]),
                 "labels": labels, "id": table.span_id(i), "side": self.side}  # fmt: skip
        begin, end = self.documents.placed(k, table.starts[i], table.ends[i])
        end = max(min(end, len(document)), begin)
        return Span(begin, end, "/".join(table.labels[i]), document.name, attrs)
