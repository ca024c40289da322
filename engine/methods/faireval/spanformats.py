"""FairEval on the annotation tools' span formats (WebAnno TSV, XMI, brat, Label Studio,
doccano, CoNLL columns): an input adapter, nothing else.

Both inputs are read with engine.formats.read_spans and paired (the system's spans put
into the gold's texts); each of the gold's sentences (its units) becomes one FairEval
sentence pair, spans becoming 1-based inclusive token numbers within their sentence
(the format's tokens, or engine.formats.standoff.word_bounds where it has none, cut where
a span of either side begins or ends inside one: span_adapter.tokens_cut_at_spans). The
comparison and the scores are FairEval's own (Run._compare): the same numbers as on
FairEval's own files for the same spans.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from ...errors import InputError, nothing_found
from ...formats import read_spans
from ...formats.corpus_tokens import CorpusTokens, unit_arrays
from ...formats.pairing import Paired, pair
from ...formats.spantable import SpanTable, document_text
from ...progress import NO_PROGRESS, Progress
from ...same_inputs import as_read
from .. import span_adapter
from ..span_options import reader_values
from ..spans.inputs import only_system_labels
from . import Run
from .reading import FilePair, Sentence


def paired_inputs(target: str, system: str, options: Any, progress: Progress = NO_PROGRESS) -> Paired:
    """Both inputs read with the reader options (none from a config file) and paired; spans
    in pieces as --discontinuous says: their extent, each piece a span, or all pieces
    together (`all-fragments`: one span over the tokens of every piece)."""
    if options is None:
        with span_adapter.formats_of("faireval"):
            return span_adapter.tokens_cut_at_spans(pair(read_spans(target), read_spans(system)))
    return span_adapter.read_paired(target, system, options, progress, "faireval")


class SpanFormatRun(Run):
    """A FairEval run whose sentences come from span-format documents."""

    def __init__(self, settings: Any, progress: Progress, detail: bool, reading: Any = None) -> None:
        super().__init__(settings, progress, detail)
        self.reading = reading  # the span reader options, None for a config file

    def report(self):  # type: ignore[override]
        settings = self.settings
        paired = paired_inputs(settings.target_in, settings.system_in, self.reading)
        self.warnings += [*paired.warnings, *only_system_labels(paired)]
        files = FilePair(settings.target_in, settings.system_in)
        number, units = 0, max(_unit_count(paired), 1)
        for target, system in sentences(paired):
            number += 1
            self._compare(files, number, target, system)
            if number % 512 == 0:
                self.progress.update(number / units, "comparing sentences")
        if number == 0:
            gold = settings.target_in
            raise InputError("at least one sentence", nothing_found(gold), file=gold)
        self.sentences.update(target=number, system=number, compared=number)
        self._flush()  # the pending sentences counted, so that the checks see every label
        if self.documents is not None:
            self.documents.show_texts(paired.documents)  # the text as written, not tokens joined
        self._check_spans()
        self.progress.update(1.0, "scoring", force=True)
        report = self._build([files])
        for options in (report.options, report.data["options"]):  # how the inputs were read, for a rerun
            options.update(reader_values(self.reading))
        report.options = as_read(report.options, paired.system_user_left_out)
        return report


def _unit_count(paired: Paired) -> int:
    return sum(len(d.units) for d in paired.documents)


def sentences(paired: Paired) -> Iterator[tuple[Sentence, Sentence]]:
    """(target, system) sentences of every gold unit, document by document (the tokens of
    every span and sentence found over all documents at once: CorpusTokens)."""
    documents = paired.documents
    corpus = CorpusTokens.of(documents)
    unit_doc, unit_start, unit_stop, doc_units = unit_arrays(documents)
    unit_first = corpus.at_or_after(unit_doc, unit_start)
    unit_end = corpus.at_or_after(unit_doc, unit_stop).tolist()
    keys = [_SideKeys(table, corpus, unit_first, doc_units) for table in (paired.gold, paired.system)]
    starts, ends, firsts = corpus.starts, corpus.ends, unit_first.tolist()
    for number, doc in enumerate(documents):
        text = document_text(doc)
        sides = [side.of_document(number) for side in keys]
        for u in range(doc_units[number], doc_units[number + 1]):
            a, b = firsts[u], unit_end[u]
            forms = [text[s:e] for s, e in zip(starts[a:b].tolist(), ends[a:b].tolist(), strict=True)]
            yield (_sentence(sides[0].get(u, []), forms), _sentence(sides[1].get(u, []), forms))


class _SideKeys:
    """A side's spans as FairEval keys (with a running span number) by unit (its number
    among all units), made a document at a time from arrays found for all spans at once:
    token numbers 1-based within the unit."""

    def __init__(self, table: SpanTable, corpus: CorpusTokens, unit_first: np.ndarray, doc_units: list[int]
                 ) -> None:  # fmt: skip
        first, last, self.pieces = _token_bounds(table, corpus)
        own_first = np.array(doc_units[:-1], np.int64)[table.docs]  # each span's document's first unit
        unit = np.maximum(np.searchsorted(unit_first, first, side="right") - 1, own_first)
        shift = np.append(unit_first, 0)[unit] - 1  # (a span of a document without units: none kept)
        self.rows = [column.tolist() for column in (first, last, unit, shift, table.labels)]
        order = np.argsort(table.docs, kind="stable")  # each document's spans in table order
        self.bounds = np.searchsorted(table.docs[order], np.arange(len(doc_units))).tolist()
        self.order, self.names = order.tolist(), table.label_names

    def of_document(self, number: int) -> dict[int, list[tuple]]:
        """The keys of a document's spans, by unit."""
        first, last, unit, shift, label = self.rows
        by_unit: dict[int, list[tuple]] = {}
        for i in self.order[self.bounds[number] : self.bounds[number + 1]]:
            a, b, k = first[i], last[i], shift[i]
            if b < a:
                continue  # no token
            tokens = self.pieces.get(i) or range(a, b + 1)
            key = (self.names[label[i]], a - k, b - k, frozenset(t - k for t in tokens))
            by_unit.setdefault(unit[i], []).append((key, i + 1))
        return by_unit


def _token_bounds(table: SpanTable, corpus: CorpusTokens
                  ) -> tuple[np.ndarray, np.ndarray, dict[int, set[int]]]:  # fmt: skip
    """The first and last token of every span (last < first: none), all found at once, and
    the tokens of those in pieces (by span): those of every piece."""
    first, last = corpus.covered(table.docs, table.starts, table.ends)
    parted = [(i, piece) for i, pieces in table.parts.items() if pieces for piece in pieces]
    pieces: dict[int, set[int]] = {i: set() for i, own in table.parts.items() if own}
    if parted:
        spans = np.array([i for i, _ in parted], np.int64)
        bounds = np.array([piece for _, piece in parted], np.int64).reshape(-1, 2)
        piece_first, piece_last = corpus.covered(table.docs[spans], bounds[:, 0], bounds[:, 1])
        for i, a, b in zip(spans.tolist(), piece_first.tolist(), piece_last.tolist(), strict=True):
            pieces[i].update(range(a, b + 1))
    for i, tokens in pieces.items():
        first[i], last[i] = (min(tokens), max(tokens)) if tokens else (0, -1)
    return first, last, pieces


def _sentence(keyed: list[tuple], forms: list[str]) -> Sentence:
    keyed.sort(key=lambda item: (item[0][1], item[0][2], item[0][0]))
    return Sentence([k for k, _ in keyed], [line for _, line in keyed], forms)
