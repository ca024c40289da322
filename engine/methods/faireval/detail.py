"""What a FairEval report shows beyond the scores: documents, spans, error rows and the
JSON report's decisions, built from the arrays the comparison already has (batch.Side,
matching.Decisions) with no object per span but those the report holds.

Each file pair becomes one document; its sentences are laid out one after another, a
sentence taking as many positions as its highest token number. Span files carry no
words, so their tokens show their numbers. Inputs with a text (brat, WebAnno, XMI, …:
engine/methods/faireval/spanformats.py) show it as written instead: the document is
their text, each span its tokens' characters (DocumentBuilder.show_texts).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from itertools import accumulate, chain
from typing import TYPE_CHECKING, Any

import numpy as np

from ...formats.columns import or_none
from ...formats.spantable import SpanTable
from ...pieces import PieceColumn
from ...report import ColumnRows, Later, Report, error_id_column
from ...spans import Document, Span, TokenNumbers
from .batch import Codes, Side, empty_side
from .compare import Decided, Decision, Ordered, decision_rows, ordered_decisions
from .errorrows import ROW_KEYS, error_blocks
from .jsonpairs import PairsText, SpanColumns, joined
from .matching import Decisions
from .passes import KINDS, SUBTYPES
from .reading import FilePair
from .words import SentenceWords

if TYPE_CHECKING:
    from ..span_adapter import TextLayout


@dataclass
class PairDetail:
    """One file pair: its document, where its sentences start, its spans and decisions."""

    pair: FilePair
    document: Document
    offsets: list[int]  # the first position of each compared sentence
    words: SentenceWords  # the words of its sentences that have words, by index
    T: Side
    S: Side
    decided: Ordered  # its decisions in the original's order
    spans: tuple[SpanColumns, SpanColumns] | None = field(default=None, repr=False)  # made by fill
    unwritable: bool = False  # orjson cannot write its `pairs` (a name that is not UTF-8)
    chars: tuple[np.ndarray, np.ndarray] | None = None  # each position's characters (show_texts)

    @property
    def name(self) -> str:
        """The name of its document (the target file's)."""
        return self.document.name

    def show_text(self, layout: TextLayout) -> None:
        """Show the pair in the text of `layout` (its sentences the layout's units in turn):
        the layout's document, each position its token's characters."""
        lengths = np.diff(np.asarray(self.offsets, dtype=np.int64))
        sentence = np.repeat(np.arange(len(lengths)), lengths)
        within = np.arange(len(sentence)) - np.repeat(np.asarray(self.offsets[:-1], dtype=np.int64), lengths)
        self.chars = layout.characters(layout.unit_first[sentence] + within)
        self.document = replace(layout.document, name=self.document.name)
        self.words = SentenceWords.none()  # its rows' texts are the document's now (rows_in_text)

    def placed(self, starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Spans [starts, ends) of its positions as its document shows them: its token
        positions, or the characters of its tokens (show_text)."""
        if self.chars is None or not len(starts):
            return starts, ends
        return self.chars[0][starts], self.chars[1][np.maximum(ends - 1, starts)]


class PairsJSON(Later):
    """The JSON report's `pairs`: dicts when read, text when written (a part at a time,
    never all held), from `texts` (None where orjson cannot write a part's file name or
    labels: the dicts by the writer's `encode` then, which escapes them)."""

    def __init__(
        self,
        length: int,
        dicts: Callable[[int, int], list[dict[str, Any]]],
        texts: Callable[[int, int], bytes | bytearray | None],
    ) -> None:
        super().__init__(length, part=dicts)
        self.dicts, self.texts = dicts, texts

    def json_parts(self, size: int, encode: Callable[[list[Any]], bytes]) -> Iterator[bytes | memoryview]:
        """The entries' JSON `size` at a time (objects joined by commas)."""
        for start in range(0, len(self), size):
            stop = min(start + size, len(self))
            text = self.texts(start, stop)
            if text is None:
                yield memoryview(encode(self.dicts(start, stop)))[1:-1]
            else:  # the entries come after commas: the first one is passed over, not cut off (a copy)
                yield memoryview(text)[1:]


def token_numbers(sets: list[frozenset[int]], begin: int, end: int, code: int) -> list[int]:
    """A span's token numbers in order: its own set where it has one, else begin..end."""
    return sorted(sets[code]) if code > 0 else list(range(begin, end + 1))


class PlacedSpans(SpanTable):
    """One side's spans of every pair as columns, placed in their documents, for the viewer
    (which indexes the columns): each Span, with its line, sentence and token numbers, made
    when read."""

    def __init__(self, pairs: list[PairDetail], which: int, codes: Codes) -> None:
        sides = [(p.T, p.S)[which] for p in pairs]
        self.side, self.token_sets = Side.concat(sides), codes.token_sets
        firsts = [
            np.asarray(p.offsets, dtype=np.int64)[s.sentence] for p, s in zip(pairs, sides, strict=True)
        ]
        at = (
            np.concatenate(firsts) if firsts else np.zeros(0, dtype=np.int64)
        )  # each span's sentence's first position
        docs = np.repeat(np.arange(len(pairs)), [len(s) for s in sides])
        starts, ends = _placed(pairs, sides, at + self.side.begin - 1, at + self.side.end)
        super().__init__(docs, starts, ends, self.side.label, codes.labels,
                         [p.pair.names[0] for p in pairs])  # fmt: skip

    def span(self, i: int) -> Span:
        begin, end, code = int(self.side.begin[i]), int(self.side.end[i]), int(self.side.tokens[i])
        attrs = {
            "line": int(self.side.line[i]),
            "sentence": int(self.side.sentence[i]) + 1,
            "tokens": token_numbers(self.token_sets, begin, end, code),
        }
        return Span(int(self.starts[i]), int(self.ends[i]), self.label_names[self.labels[i]],
                    self.doc_names[self.docs[i]], attrs)  # fmt: skip


def _placed(pairs: list[PairDetail], sides: list[Side], starts: np.ndarray,
            ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Every pair's spans (one after another) as its document shows them (PairDetail.placed)."""
    if all(p.chars is None for p in pairs):
        return starts, ends
    bounds = np.cumsum([0, *(len(s) for s in sides)]).tolist()
    pieces = zip(pairs, bounds[:-1], bounds[1:], strict=True)
    placed = [p.placed(starts[a:b], ends[a:b]) for p, a, b in pieces]
    return np.concatenate([s for s, _ in placed]), np.concatenate([e for _, e in placed])


def rows_in_text(detail: PairDetail, columns: dict[str, list[Any]]) -> dict[str, list[Any]]:
    """A pair's error columns with each span's positions and text as its document shows
    them (PairDetail.placed): the characters of its tokens, where it shows a text."""
    if detail.chars is None:
        return columns
    text = detail.document.text
    for side in ("gold", "system"):
        column = columns[f"{side}_parts"]
        parts = PieceColumn(column.bounds, *detail.placed(*column.pieces()))
        starts, ends, has = parts.extent()
        columns[f"{side}_parts"] = parts
        columns[f"{side}_start"], columns[f"{side}_end"] = or_none(starts, has), or_none(ends, has)
        bounds = zip(starts.tolist(), ends.tolist(), has.tolist(), strict=True)
        columns[f"{side}_text"] = [text(a, b) if h else "" for a, b, h in bounds]
    return columns


class DocumentBuilder:
    """Lays out the documents pair by pair, then fills a Report with the detail."""

    def __init__(self, codes: Codes) -> None:
        self.codes = codes
        self.pairs: list[PairDetail] = []
        self._ends: list[int] = []  # where each pair's decisions end in `pairs` (fill)
        self._sides: tuple[Side, Side] = (empty_side(), empty_side())  # every pair's spans, joined (fill)

    def add(
        self, pair: FilePair, compared: int, T: Side, S: Side, forms: Mapping[int, Sequence[str]],
        d: Decisions,
    ) -> None:
        """Lay out the compared sentences of a file pair (`forms`: the words of its CoNLL
        sentences, by sentence index) and keep its spans and decisions."""
        lengths = np.zeros(compared, dtype=np.int64)
        for side in (T, S):
            np.maximum.at(lengths, side.sentence, side.end)
        words = SentenceWords.of(forms).worded()
        lengths[words.sentences] = np.maximum(lengths[words.sentences], words.counts)
        offsets = np.concatenate(([0], np.cumsum(lengths))).tolist()
        units = list(zip(offsets[:-1], offsets[1:], strict=True))
        tokens = TokenNumbers(units, words)
        document = Document(pair.names[0], tokens, units, has_words=bool(words))
        self.pairs.append(PairDetail(pair, document, offsets, words, T, S, ordered_decisions(T, S, d)))

    def show_texts(self, documents: list[Document]) -> None:
        """Show the one file pair's sentences in the texts of their documents (span formats:
        one sentence per unit of `documents`), where they have a text of their own."""
        from ..span_adapter import text_layout

        layout = text_layout(self.pairs[0].name, documents) if len(self.pairs) == 1 else None
        if layout is not None:
            self.pairs[0].show_text(layout)

    def fill(self, report: Report, tick: Callable[[], None]) -> None:
        """The documents, the spans, the error rows and the JSON's `pairs`; `tick` is called
        after each block of error rows (a cancellation point)."""
        report.documents = [p.document for p in self.pairs]
        report.gold_spans = PlacedSpans(self.pairs, 0, self.codes)
        report.system_spans = PlacedSpans(self.pairs, 1, self.codes)
        self._sides = report.gold_spans.side, report.system_spans.side  # the JSON's too
        self._ends = list(accumulate(len(p.decided) for p in self.pairs))
        decisions = self._ends[-1] if self._ends else 0
        report.data["pairs"] = PairsJSON(decisions, self._pairs_dicts, self._pairs_texts)
        report.data["_decisions"] = Later(decisions, self.decisions)  # the per-sentence counts of units.py
        sources = {p.name: {"gold": p.pair.target, "system": p.pair.system} for p in self.pairs}
        report.data["_sources"] = sources  # the files of each document, for the app's viewer
        report.set_errors(self._error_rows(tick))

    def _error_rows(self, tick: Callable[[], None]) -> ColumnRows:
        """Every pair's error rows in turn, numbered E1, E2, …"""
        blocks = []
        for p in self.pairs:
            for block in error_blocks(p, self._spans(p), self.codes.labels):
                blocks.append(rows_in_text(p, block))
                tick()
        columns = blocks[0] if len(blocks) == 1 else _joined(blocks)
        ids = error_id_column(len(columns["document"]))
        return ColumnRows({"error_id": ids, **columns}, plain_numbers=True)  # texts, whole numbers, None

    def _pairs_texts(self, start: int, stop: int) -> bytes | bytearray | None:
        """Entries start..stop − 1 of the JSON report's `pairs` as JSON text, each after a
        comma (None where orjson cannot write the name of a pair among them, or the labels)."""
        text = self._text
        if text is None or any(p.unwritable for p, _, _ in self._pair_parts(start, stop)):
            return None
        return text.part(start, stop)

    def _pairs_dicts(self, start: int, stop: int) -> list[dict[str, Any]]:
        """Entries start..stop − 1 of the JSON report's `pairs` as dicts."""
        labels = self.codes.labels
        return [
            entry
            for p, first, last in self._pair_parts(start, stop)
            for entry in _pairs_dicts(
                p.name, p.decided.take(slice(first, last)).rows(), self._spans(p), labels
            )
        ]

    def _pair_parts(self, start: int, stop: int) -> Iterator[tuple[PairDetail, int, int]]:
        """The file pairs holding entries start..stop − 1 of `pairs` (every pair's decisions
        in turn), each with the range of its own decisions."""
        ends = self._ends
        for k in range(bisect_right(ends, start), len(self.pairs)):
            first = ends[k - 1] if k else 0
            if first >= stop:
                break
            yield self.pairs[k], max(start - first, 0), stop - first

    @cached_property
    def _text(self) -> PairsText | None:
        """Every pair's `pairs` entries as JSON text (made once, when first written; None
        where orjson cannot write the labels; a pair whose name it cannot write is marked
        unwritable, its name left out)."""
        import orjson  # here: a run without the JSON report does not load it

        try:
            labels = [orjson.dumps(label) for label in self.codes.labels]
        except orjson.JSONEncodeError:
            return None
        names = [self._name_json(p) for p in self.pairs]
        decided, pair = joined([p.decided for p in self.pairs], [(p.T, p.S) for p in self.pairs])
        return PairsText(names, labels, self._span_columns(*self._sides), decided, pair)

    @staticmethod
    def _name_json(detail: PairDetail) -> bytes:
        """A pair's name as JSON (empty, the pair marked unwritable, where orjson cannot
        write it: not UTF-8)."""
        import orjson

        try:
            return orjson.dumps(detail.name)
        except orjson.JSONEncodeError:
            detail.unwritable = True
            return b""

    def _spans(self, detail: PairDetail) -> tuple[SpanColumns, SpanColumns]:
        """The arrays of a pair's spans (made once, for its error rows)."""
        if detail.spans is None:
            detail.spans = self._span_columns(detail.T, detail.S)
        return detail.spans

    def _span_columns(self, target: Side, system: Side) -> tuple[SpanColumns, SpanColumns]:
        """Both sides' spans as columns, `no span` the label code after the last."""
        labels, sets = len(self.codes.labels), self.codes.token_sets
        return SpanColumns(target, labels, sets), SpanColumns(system, labels, sets)

    def decisions(self) -> list[tuple[FilePair, int, Decision]]:
        """Every decision with its spans as TokenSpans (a span in several decisions is
        one object), in the original's order: what units.py counts per sentence."""
        found = []
        for p in self.pairs:
            spans = (self.codes.spans(p.T), self.codes.spans(p.S))
            found += [(p.pair, k + 1, decision) for k, decision in decision_rows(p.decided, spans)]
        return found


def _joined(blocks: list[dict[str, Any]]) -> dict[str, Any]:
    """Blocks of error columns as one."""
    return {k: _column([b[k] for b in blocks]) for k in ROW_KEYS[1:]}


def _column(pieces: list[Any]) -> Any:
    """Blocks of one error column as one (a PieceColumn's as one)."""
    if isinstance(pieces[0], PieceColumn):
        return PieceColumn.concat(pieces)
    return list(chain.from_iterable(pieces))


def _pairs_dicts(
    doc: str, decided: list[Decided], sides: tuple[SpanColumns, SpanColumns], labels: list[str]
) -> list[dict[str, Any]]:
    """The JSON report's `pairs` of some of a file pair's decisions: one entry each."""
    targets = _span_dicts(sides[0], [d[3] for d in decided], labels)
    systems = _span_dicts(sides[1], [d[4] for d in decided], labels)
    return [
        {"file": doc, "sentence": k + 1, "type": KINDS[phase], "subtype": SUBTYPES[sub],
         "target": target, "system": system}
        for (k, phase, sub, _, _), target, system in zip(decided, targets, systems, strict=True)
    ]  # fmt: skip


def _span_dicts(spans: SpanColumns, index: list[int], labels: list[str]) -> list[dict[str, Any] | None]:
    """Spans `index` (-1: none) as the JSON report's decisions show them (specs/faireval.md §6.4)."""
    label, begin, end, line, code = spans.at(np.asarray(index, dtype=np.int64)).tolist()
    sets = spans.sets
    return [
        {"label": labels[name], "begin": b, "end": e, "tokens": token_numbers(sets, b, e, c), "line": ln}
        if i >= 0 else None
        for i, name, b, e, ln, c in zip(index, label, begin, end, line, code, strict=True)
    ]  # fmt: skip
