"""What a FairEval report shows beyond the scores: documents, spans and error rows.

Each file pair becomes one document; its sentences are laid out one after another, a
sentence taking as many positions as its highest token number. Span files carry no
words, so their tokens show their numbers.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...formats.faireval_spans import RangeTokens, TokenSpan
from ...report import Report, error_row
from ...spans import Document, Span, TokenNumbers
from .batch import Side
from .compare import Decision
from .reading import FilePair, Sentence


def _runs(tokens: frozenset[int] | RangeTokens) -> list[tuple[int, int]]:
    """Token numbers as [first, last + 1) runs."""
    if isinstance(tokens, RangeTokens):
        return [(tokens.first, tokens.last + 1)]
    runs: list[list[int]] = []
    for n in sorted(tokens):
        if runs and n == runs[-1][1]:
            runs[-1][1] = n + 1
        else:
            runs.append([n, n + 1])
    return [(a, b) for a, b in runs]


def position_text(span: TokenSpan) -> str:
    """A span's position as the file writes it: inclusive token numbers, gaps listed."""
    bounds = str(span.begin) if span.begin == span.end else f"{span.begin}-{span.end}"
    if not span.is_range and len(span.tokens) != span.end - span.begin + 1:
        bounds += " {" + ",".join(map(str, sorted(span.tokens))) + "}"
    return bounds


class DocumentBuilder:
    """Collects documents and spans sentence by sentence, then fills a Report."""

    def __init__(self) -> None:
        self.documents: list[Document] = []
        self.gold: list[Span] = []
        self.system: list[Span] = []
        self.offsets: dict[tuple[str, int], int] = {}
        self._reset()

    def _reset(self) -> None:
        self.words: dict[int, list[str]] = {}  # the words of CoNLL sentences, by unit
        self.units: list[tuple[int, int]] = []
        self.length = 0

    def sentence(self, pair: FilePair, number: int, target: Sentence, system: Sentence) -> None:
        """Lay out one compared sentence and place its spans."""
        targets, systems = target.spans(), system.spans()
        forms = target.forms or system.forms
        length = max([len(forms or ()), *(s.end for s in targets), *(s.end for s in systems)])
        offset = self.length
        self.offsets[(pair.target, number)] = offset
        if forms:
            self.words[len(self.units)] = forms
        self.units.append((offset, offset + length))
        self.length += length
        doc = pair.names[0]
        self.gold += [_span(s, offset, doc, number) for s in targets]
        self.system += [_span(s, offset, doc, number) for s in systems]

    def sides(
        self,
        pair: FilePair,
        compared: int,
        T: Side,
        S: Side,
        forms: dict[int, list[str]],
        spans: tuple[list[TokenSpan], list[TokenSpan]],
    ) -> None:
        """Lay out the compared sentences of a file pair read as arrays, and place their
        spans (`spans`: the TokenSpans of T and S)."""
        lengths = np.zeros(compared, dtype=np.int64)
        for side in (T, S):
            np.maximum.at(lengths, side.sentence, side.end)
        for k, words in forms.items():
            lengths[k] = max(lengths[k], len(words))
        offsets = np.concatenate(([0], np.cumsum(lengths))) + self.length
        doc = pair.names[0]
        for k, (start, end) in enumerate(zip(offsets[:-1].tolist(), offsets[1:].tolist(), strict=True)):
            self.offsets[(pair.target, k + 1)] = start
            if forms.get(k):
                self.words[len(self.units)] = forms[k]
            self.units.append((start, end))
        self.length = int(offsets[-1])
        for side, side_spans, placed in ((T, spans[0], self.gold), (S, spans[1], self.system)):
            at = offsets[side.sentence].tolist()
            numbers = (side.sentence + 1).tolist()
            placed += [_span(span, at[i], doc, numbers[i]) for i, span in enumerate(side_spans)]

    def finish(self, pair: FilePair) -> None:
        """Close the document of a file pair."""
        tokens = TokenNumbers(self.units, self.words)
        self.documents.append(Document(pair.names[0], tokens, self.units, has_words=bool(self.words)))
        self._reset()

    def fill(self, report: Report, decisions: list[tuple[FilePair, int, Decision]]) -> None:
        report.documents = self.documents
        report.gold_spans = self.gold
        report.system_spans = self.system
        docs = {d.name: d for d in self.documents}
        rows = []
        for pair, number, (kind, sub, target, system) in decisions:
            if kind == "TP":
                continue
            doc = docs[pair.names[0]]
            offset = self.offsets[(pair.target, number)]
            rows.append(_error_row(doc, number, offset, kind, sub, target, system))
        report.set_errors(rows)


def _span(span: TokenSpan, offset: int, doc: str, number: int) -> Span:
    return Span(
        offset + span.begin - 1,
        offset + span.end,
        span.label,
        doc,
        {"line": span.line, "sentence": number, "tokens": sorted(span.tokens)},
    )


def _side(doc: Document, offset: int, span: TokenSpan | None) -> tuple[Any, ...]:
    """A span's label, start, end, parts, position, text and line as an error row shows
    them (empty without a span)."""
    if span is None:
        return "", None, None, [], "", "", None
    start, end = offset + span.begin - 1, offset + span.end
    parts = [[offset + a - 1, offset + b - 1] for a, b in _runs(span.tokens)]
    return span.label, start, end, parts, position_text(span), doc.text(start, end), span.line


STRIP_MARKS = {(True, False): "\U0001f7e9", (False, True): "\U0001f7e5", (True, True): "\U0001f7e8"}


STRIP_EDGE = 30  # a longer strip shows this many numbers at each end around "…"


def token_strip(target: TokenSpan | None, system: TokenSpan | None, length: int) -> str:
    """Token numbers from the first begin − 2 to the last end + 2, target-only tokens
    marked 🟩, system-only 🟥, shared 🟨 (specs/faireval.md §6.5)."""
    spans = [s for s in (target, system) if s is not None]
    first = max(1, min(s.begin for s in spans) - 2)
    last = min(max(length, max(s.end for s in spans)), max(s.end for s in spans) + 2)
    t_tokens = target.tokens if target else frozenset()
    s_tokens = system.tokens if system else frozenset()

    def cell(k: int) -> str:
        return STRIP_MARKS.get((k in t_tokens, k in s_tokens), "") + str(k)

    if last - first + 1 <= 2 * STRIP_EDGE + 1:
        return " ".join(cell(k) for k in range(first, last + 1))
    head = (cell(k) for k in range(first, first + STRIP_EDGE))
    tail = (cell(k) for k in range(last - STRIP_EDGE + 1, last + 1))
    return " ".join([*head, "…", *tail])


def _error_row(
    doc: Document,
    number: int,
    offset: int,
    kind: str,
    sub: str,
    target: TokenSpan | None,
    system: TokenSpan | None,
) -> dict[str, Any]:
    """One error row: the standard columns (engine.report.ERROR_COLUMNS), then both spans'
    lines and the token strip."""
    gold, other = _side(doc, offset, target), _side(doc, offset, system)
    unit_start, unit_end = doc.units[number - 1]
    return error_row(
        document=doc.name, unit=number, type=kind, subtype=sub,
        gold_label=gold[0], system_label=other[0], gold_start=gold[1], gold_end=gold[2],
        system_start=other[1], system_end=other[2], gold_parts=gold[3], system_parts=other[3],
        gold_position=gold[4], system_position=other[4], gold_text=gold[5], system_text=other[5],
        gold_line=gold[6], system_line=other[6],
        token_strip=token_strip(target, system, unit_end - unit_start),
    )  # fmt: skip
