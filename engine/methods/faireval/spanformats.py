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
from ...formats.pairing import Paired, pair
from ...formats.spantable import SpanTable, document_text, token_arrays
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
    """(target, system) sentences of every gold unit, document by document."""
    groups = [(table, _groups(table, len(paired.documents))) for table in (paired.gold, paired.system)]
    for number, doc in enumerate(paired.documents):
        starts, ends = token_arrays(doc)
        text = document_text(doc)
        unit_first = np.searchsorted(starts, [u[0] for u in doc.units])
        unit_end = np.searchsorted(starts, [u[1] for u in doc.units])
        sides = [_by_unit(table, group[number], starts, ends, unit_first) for table, group in groups]
        for u in range(len(doc.units)):
            a, b = int(unit_first[u]), int(unit_end[u])
            forms = [text[s:e] for s, e in zip(starts[a:b].tolist(), ends[a:b].tolist(), strict=True)]
            yield (_sentence(sides[0].get(u, []), forms), _sentence(sides[1].get(u, []), forms))


def _groups(table: SpanTable, documents: int) -> list[list[int]]:
    """The span indices of each document, in table order."""
    order = np.argsort(table.docs, kind="stable")
    bounds = np.searchsorted(table.docs[order], np.arange(documents + 1))
    return [order[bounds[d] : bounds[d + 1]].tolist() for d in range(documents)]


def _by_unit(table: SpanTable, chosen: list[int], starts: np.ndarray, ends: np.ndarray,
             unit_first: np.ndarray) -> dict[int, list[tuple]]:  # fmt: skip
    """A document's spans as FairEval keys (with a running span number), by unit."""
    first, last, pieces = _token_bounds(table, chosen, starts, ends)
    unit = np.maximum(np.searchsorted(unit_first, first, side="right") - 1, 0)
    shifts = (unit_first[unit] - 1).tolist()  # token numbers are 1-based within the sentence
    labels = table.labels[np.asarray(chosen, dtype=np.int64)].tolist()
    rows = zip(chosen, first.tolist(), last.tolist(), unit.tolist(), shifts, labels, strict=True)
    by_unit: dict[int, list[tuple]] = {}
    for k, (i, a, b, u, shift, label) in enumerate(rows):
        if b < a:
            continue  # no token
        tokens = pieces.get(k) or range(a, b + 1)
        key = (table.label_names[label], a - shift, b - shift, frozenset(t - shift for t in tokens))
        by_unit.setdefault(u, []).append((key, i + 1))
    return by_unit


def _token_bounds(table: SpanTable, chosen: list[int], starts: np.ndarray,
                  ends: np.ndarray) -> tuple[np.ndarray, np.ndarray, dict[int, set[int]]]:  # fmt: skip
    """The first and last token of spans `chosen` (last < first: none), all found at
    once, and the tokens of those in pieces (by their number in `chosen`)."""
    index = np.asarray(chosen, dtype=np.int64)
    first = np.searchsorted(ends, table.starts[index], side="right")
    last = np.searchsorted(starts, table.ends[index], side="left") - 1
    pieces = {
        k: _piece_tokens(table.parts[i], starts, ends) for k, i in enumerate(chosen) if table.parts.get(i)
    }
    for k, tokens in pieces.items():
        first[k], last[k] = (min(tokens), max(tokens)) if tokens else (0, -1)
    return first, last, pieces


def _piece_tokens(pieces: list[tuple[int, int]], starts: np.ndarray, ends: np.ndarray) -> set[int]:
    """The tokens of a span in pieces: those of every piece."""
    tokens: set[int] = set()
    for s, e in pieces:
        first = int(np.searchsorted(ends, s, side="right"))
        last = int(np.searchsorted(starts, e, side="left")) - 1
        tokens.update(range(first, last + 1))
    return tokens


def _sentence(keyed: list[tuple], forms: list[str]) -> Sentence:
    keyed.sort(key=lambda item: (item[0][1], item[0][2], item[0][0]))
    return Sentence([k for k, _ in keyed], [line for _, line in keyed], forms)
