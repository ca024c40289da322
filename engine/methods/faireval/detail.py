"""What a FairEval report shows beyond the scores: documents, spans, error rows and the
JSON report's decisions, built from the arrays the comparison already has (batch.Side,
matching.Decisions) with no object per span but those the report holds.

Each file pair becomes one document; its sentences are laid out one after another, a
sentence taking as many positions as its highest token number. Span files carry no
words, so their tokens show their numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import repeat
from typing import Any, overload

import numpy as np

from ...formats.spantable import SpanTable
from ...report import ERROR_COLUMNS, Report
from ...spans import Document, Span, TokenNumbers
from .batch import RANGE, Codes, Side
from .compare import Decided, Decision, decision_rows, ordered_decisions
from .matching import Decisions
from .passes import KINDS, SUBTYPES, TP
from .reading import FilePair

Tokens = range | frozenset[int]  # a span's token numbers: a range unless it has gaps
StripSpan = tuple[int, int, Tokens]  # begin, end, token numbers


@dataclass
class PairDetail:
    """One file pair: its document, where its sentences start, its spans and decisions."""

    pair: FilePair
    document: Document
    offsets: list[int]  # the first position of each compared sentence
    T: Side
    S: Side
    decided: list[Decided]  # its decisions in the original's order


class SideColumns:
    """The spans of one side of a pair as lists of plain values (one `tolist` per column)."""

    def __init__(self, side: Side, codes: Codes) -> None:
        names = codes.labels
        self.label = [names[code] for code in side.label.tolist()]
        self.begin, self.end = side.begin.tolist(), side.end.tolist()
        self.code, self.line = side.tokens.tolist(), side.line.tolist()
        self.sentence = side.sentence.tolist()
        self.sets = codes.token_sets

    def strip_span(self, i: int) -> StripSpan:
        """Span i's begin, end and token numbers."""
        begin, end, code = self.begin[i], self.end[i], self.code[i]
        return begin, end, self.sets[code] if code > 0 else range(begin, end + 1)

    def numbers(self) -> list[list[int]]:
        """Every span's token numbers in order, as lists."""
        sets = self.sets
        return [
            sorted(sets[code]) if code > 0 else list(range(begin, end + 1))
            for begin, end, code in zip(self.begin, self.end, self.code, strict=True)
        ]

    def json(self) -> list[dict[str, Any]]:
        """Every span as the JSON report's decisions show it (specs/faireval.md §6.4)."""
        return [
            {"label": label, "begin": begin, "end": end, "tokens": tokens, "line": line}
            for label, begin, end, tokens, line in zip(
                self.label, self.begin, self.end, self.numbers(), self.line, strict=True
            )
        ]


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
        super().__init__(docs, at + self.side.begin - 1, at + self.side.end, self.side.label, codes.labels,
                         [p.pair.names[0] for p in pairs])  # fmt: skip

    def span(self, i: int) -> Span:
        begin, end, code = int(self.side.begin[i]), int(self.side.end[i]), int(self.side.tokens[i])
        numbers = sorted(self.token_sets[code]) if code > 0 else list(range(begin, end + 1))
        attrs = {
            "line": int(self.side.line[i]),
            "sentence": int(self.side.sentence[i]) + 1,
            "tokens": numbers,
        }
        return Span(int(self.starts[i]), int(self.ends[i]), self.label_names[self.labels[i]],
                    self.doc_names[self.docs[i]], attrs)  # fmt: skip


class Later(Sequence[Any]):
    """A list made when first read (the decisions units.py counts, which the command line
    never needs)."""

    def __init__(self, length: int, make: Callable[[], list[Any]]) -> None:
        self._length = length
        self._make: Callable[[], list[Any]] | None = make
        self._items: list[Any] = []

    def _list(self) -> list[Any]:
        if self._make is not None:
            self._items, self._make = self._make(), None  # the maker and what it holds let go
        return self._items

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Any: ...
    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...
    def __getitem__(self, index: int | slice) -> Any:
        return self._list()[index]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._list())


class DocumentBuilder:
    """Lays out the documents pair by pair, then fills a Report with the detail."""

    def __init__(self, codes: Codes) -> None:
        self.codes = codes
        self.pairs: list[PairDetail] = []

    def add(
        self, pair: FilePair, compared: int, T: Side, S: Side, forms: dict[int, list[str]], d: Decisions
    ) -> None:
        """Lay out the compared sentences of a file pair (`forms`: the words of its CoNLL
        sentences, by sentence index) and keep its spans and decisions."""
        lengths = np.zeros(compared, dtype=np.int64)
        for side in (T, S):
            np.maximum.at(lengths, side.sentence, side.end)
        for k, words in forms.items():
            lengths[k] = max(lengths[k], len(words))
        offsets = np.concatenate(([0], np.cumsum(lengths))).tolist()
        units = list(zip(offsets[:-1], offsets[1:], strict=True))
        words = {k: w for k, w in forms.items() if w}
        tokens = TokenNumbers(units, words)
        document = Document(pair.names[0], tokens, units, has_words=bool(words))
        self.pairs.append(PairDetail(pair, document, offsets, T, S, ordered_decisions(T, S, d)))

    def fill(self, report: Report) -> None:
        """The documents, the spans, the error rows and the JSON's `pairs`."""
        report.documents = [p.document for p in self.pairs]
        report.gold_spans = PlacedSpans(self.pairs, 0, self.codes)
        report.system_spans = PlacedSpans(self.pairs, 1, self.codes)
        rows: list[dict[str, Any]] = []
        pairs: list[dict[str, Any]] = []
        for detail in self.pairs:
            T, S = SideColumns(detail.T, self.codes), SideColumns(detail.S, self.codes)
            pairs += _pairs_json(detail.pair.names[0], detail.decided, T.json(), S.json())
            rows += _error_rows(detail, T, S)
        report.data["pairs"] = pairs
        report.data["_decisions"] = Later(len(pairs), self.decisions)  # the per-sentence counts of units.py
        report.set_errors(rows)

    def decisions(self) -> list[tuple[FilePair, int, Decision]]:
        """Every decision with its spans as TokenSpans (a span in several decisions is
        one object), in the original's order: what units.py counts per sentence."""
        found = []
        for p in self.pairs:
            spans = (self.codes.spans(p.T), self.codes.spans(p.S))
            found += [(p.pair, k + 1, decision) for k, decision in decision_rows(p.decided, spans)]
        return found


def _pairs_json(
    doc: str, decided: list[Decided], targets: list[dict], systems: list[dict]
) -> list[dict[str, Any]]:
    """The JSON report's `pairs`: one entry per decision of the fair evaluation."""
    return [
        {"file": doc, "sentence": k + 1, "type": KINDS[phase], "subtype": SUBTYPES[sub],
         "target": targets[t] if t >= 0 else None, "system": systems[s] if s >= 0 else None}
        for k, phase, sub, t, s in decided
    ]  # fmt: skip


def _runs(tokens: Tokens) -> list[tuple[int, int]]:
    """Token numbers as [first, last + 1) runs."""
    if isinstance(tokens, range):
        return [(tokens.start, tokens.stop)]
    runs: list[list[int]] = []
    for n in sorted(tokens):
        if runs and n == runs[-1][1]:
            runs[-1][1] = n + 1
        else:
            runs.append([n, n + 1])
    return [(a, b) for a, b in runs]


def position_text(begin: int, end: int, tokens: Tokens, is_range: bool) -> str:
    """A span's position as the file writes it: inclusive token numbers, gaps listed."""
    bounds = str(begin) if begin == end else f"{begin}-{end}"
    if not is_range and len(tokens) != end - begin + 1:
        bounds += " {" + ",".join(map(str, sorted(tokens))) + "}"
    return bounds


#: The columns of an error row: the standard ones, then both spans' lines and the token strip.
ROW_KEYS = (*ERROR_COLUMNS, "gold_line", "system_line", "token_strip")


def _error_rows(detail: PairDetail, T: SideColumns, S: SideColumns) -> list[dict[str, Any]]:
    """One row per decision that is not a TP, built a column at a time (its error_id is
    given by Report.set_errors)."""
    doc, offsets = detail.document, detail.offsets
    errors = [d for d in detail.decided if d[1] != TP]
    sentence = [d[0] for d in errors]
    gold = SideRows(doc, offsets, T, sentence, [d[3] for d in errors])
    other = SideRows(doc, offsets, S, sentence, [d[4] for d in errors])
    lengths = [offsets[k + 1] - offsets[k] for k in sentence]
    strips = list(map(token_strip, gold.spans, other.spans, lengths))
    columns = (
        repeat(""), repeat(doc.name), [k + 1 for k in sentence], repeat(""),
        [KINDS[d[1]] for d in errors], [SUBTYPES[d[2]] for d in errors], gold.label, other.label,
        gold.start, gold.end, other.start, other.end, gold.parts, other.parts, gold.position,
        other.position, gold.text, other.text, repeat(""), gold.line, other.line, strips,
    )  # fmt: skip
    return [dict(zip(ROW_KEYS, values)) for values in zip(*columns)]  # noqa: B905 (repeat)


class SideRows:
    """The gold or system columns of the error rows: each row's span `index` into the
    side (-1: none) in sentence `sentence` of the document."""

    def __init__(
        self, doc: Document, offsets: list[int], side: SideColumns, sentence: list[int], index: list[int]
    ):
        self.spans = [side.strip_span(i) if i >= 0 else None for i in index]
        self.label = [side.label[i] if i >= 0 else "" for i in index]
        self.line = [side.line[i] if i >= 0 else None for i in index]
        at = [offsets[k] for k in sentence]
        self.start = [o + s[0] - 1 if s else None for o, s in zip(at, self.spans, strict=True)]
        self.end = [o + s[1] if s else None for o, s in zip(at, self.spans, strict=True)]
        self.text = [
            doc.text(a, b) if a is not None else "" for a, b in zip(self.start, self.end, strict=True)
        ]
        self.parts = [_parts(s[2], o) if s else [] for o, s in zip(at, self.spans, strict=True)]
        self.position = [
            position_text(*s, side.code[i] == RANGE) if s else ""
            for s, i in zip(self.spans, index, strict=True)
        ]


def _parts(tokens: Tokens, offset: int) -> list[list[int]]:
    """The [start, end) positions a span covers (several pieces where it has gaps)."""
    return [[offset + a - 1, offset + b - 1] for a, b in _runs(tokens)]


#: A token's mark by (in the target) + 2 × (in the system span).
STRIP_MARKS = ("", "\U0001f7e9", "\U0001f7e5", "\U0001f7e8")


STRIP_EDGE = 30  # a longer strip shows this many numbers at each end around "…"


def token_strip(target: StripSpan | None, system: StripSpan | None, length: int) -> str:
    """Token numbers from the first begin − 2 to the last end + 2, target-only tokens
    marked 🟩, system-only 🟥, shared 🟨 (specs/faireval.md §6.5)."""
    spans = [s for s in (target, system) if s is not None]
    first = max(1, min(s[0] for s in spans) - 2)
    last_end = max(s[1] for s in spans)
    last = min(max(length, last_end), last_end + 2)
    t_tokens = target[2] if target else ()
    s_tokens = system[2] if system else ()
    if last - first + 1 <= 2 * STRIP_EDGE + 1:
        shown: Sequence[int] = range(first, last + 1)
    else:  # 0 stands for the "…" between both ends
        shown = [*range(first, first + STRIP_EDGE), 0, *range(last - STRIP_EDGE + 1, last + 1)]
    marks = STRIP_MARKS
    return " ".join([marks[(k in t_tokens) + 2 * (k in s_tokens)] + str(k) if k else "…" for k in shown])
