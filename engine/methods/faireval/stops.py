"""Where FairEval's own reader stops on one of its files (specs/faireval.md §2.1–2.6), found
before any run: the app's box says what the run says of the file (the same message, read by
the same FileReader). The file is read once; a run reads only the sentences it compares (the
first as many as the shorter file of the pair holds: §2.2), so the stops are kept by sentence."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...errors import InputError
from ...rowkeys import distinct_naturals
from . import OWN_FORMATS
from .batch import Codes
from .reading import FileReader

#: A stop: the sentence (0 the first; -1 before any) a run must read to stop there, and its message.
Stop = tuple[int, InputError]


@dataclass(frozen=True)
class Stops:
    """Where FairEval's run stops on one file, by how many of its sentences it compares."""

    formats: ClassVar[tuple[str, ...]] = OWN_FORMATS  # the method's own formats, which it reads so
    sentences: int  # the file's sentences (0 where it cannot be read at all)
    found: tuple[Stop, ...] = ()  # each found reading the sentences before the previous one's
    punct: tuple[Stop, ...] = ()  # the same with ignore_punct (CoNLL-2000 sentences read so)
    labels: tuple[str, ...] | None = None  # the labels of its spans, where it is read whole

    def stopping(self, compared: int | None, ignore_punct: bool = False) -> InputError | None:
        """What FairEval's run says of the file where it compares its first `compared`
        sentences (None: all of them), with or without ignore_punct; None where it reads them."""
        compared = self.sentences if compared is None else compared
        return next((err for at, err in (self.punct if ignore_punct else self.found) if at < compared), None)


def own_stops(path: str) -> Stops:
    """Where FairEval's run stops on this file (its own reader's messages), and its labels;
    OSError where it cannot be opened."""
    try:
        reader = FileReader(path, [], False, Codes())
    except InputError as err:  # its bytes or lines (not UTF-8, UTF-16, binary data)
        return Stops(0, ((-1, err),), ((-1, err),))
    found, labels = _stops(reader)
    punct = found
    if reader.holds_conll() and reader.unspaced_lines():  # else the same
        reader.ignore_punct = True
        punct, _ = _stops(reader)
    return Stops(reader.sentences, found, punct, labels)


def _stops(reader: FileReader) -> tuple[tuple[Stop, ...], tuple[str, ...] | None]:
    """Each stop the reader finds reading fewer and fewer sentences (each read up to the one
    before the last stop's sentence: an earlier message may stand there), and the labels
    where it reads every sentence."""
    found: list[Stop] = []
    compared, labels = reader.sentences, None
    while compared:
        try:
            spans = reader.spans(compared)
        except InputError as err:
            at = reader.sentence_at(err.line)
            found.append((at, err))
            compared = at
            continue
        if compared == reader.sentences:
            names = reader.codes.labels
            labels = tuple(sorted({names[code] for code in distinct_naturals(spans.side.label).tolist()}))
        break
    return tuple(found), labels
