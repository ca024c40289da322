"""Every document's tokens one after another (corpus order), so that the tokens of all the
spans of a table, or of all the units of the documents, are found at once, however many
documents there are (a per-document search cost 10-20 µs a document: seconds for a corpus
of 100,000 short documents)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ..rowkeys import run_bounds
from ..spans import Document
from .spantable import token_arrays


@dataclass
class CorpusTokens:
    """Each token's character bounds in its document, the document's number, and per
    document the number of its first token (then the number of tokens)."""

    starts: np.ndarray
    ends: np.ndarray
    doc: np.ndarray
    firsts: np.ndarray

    @classmethod
    def of(cls, documents: Sequence[Document]) -> CorpusTokens:
        bounds = [token_arrays(doc) for doc in documents]
        counts = np.fromiter((len(starts) for starts, _ in bounds), np.int64, len(bounds))
        doc = np.repeat(np.arange(len(bounds), dtype=np.int64), counts)
        return cls(_joined([s for s, _ in bounds]), _joined([e for _, e in bounds]), doc, run_bounds(counts))

    @cached_property
    def _stride(self) -> int:
        """The key of a document's offsets: above any of its tokens' ends, so a position
        brought below it (_keys) is found where it is found in the document alone."""
        return int(self.ends.max(initial=0)) + 2

    @cached_property
    def _start_keys(self) -> np.ndarray:
        return self.doc * self._stride + self.starts

    @cached_property
    def _end_keys(self) -> np.ndarray:
        return self.doc * self._stride + self.ends

    def _keys(self, docs: np.ndarray, positions: np.ndarray) -> np.ndarray:
        """Positions of documents as keys (none before a document's start or past the
        stride: past every token either way)."""
        return np.asarray(docs, np.int64) * self._stride + np.clip(positions, 0, self._stride - 1)

    def covered(self, docs: np.ndarray, starts: np.ndarray, ends: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
        """The numbers of the first and last token each character range [start, end) of its
        document touches (last < first: none), as a search of each document's tokens gives
        them, offset by the document's first token."""
        first = np.searchsorted(self._end_keys, self._keys(docs, starts), side="right")
        last = np.searchsorted(self._start_keys, self._keys(docs, ends), side="left") - 1
        return first, last

    def at_or_after(self, docs: np.ndarray, positions: np.ndarray) -> np.ndarray:
        """The number of the first token of each document starting at or after a position of
        it (its document's end: the next document's first token)."""
        return np.searchsorted(self._start_keys, self._keys(docs, positions), side="left")


def unit_arrays(documents: Sequence[Document]) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[int]]:
    """Every unit's document, start and end (corpus order), and where each document's
    units begin among them (then their number)."""
    unit_doc, unit_start, unit_stop, doc_units = [], [], [], [0]
    for number, doc in enumerate(documents):
        unit_doc += [number] * len(doc.units)
        unit_start += [start for start, _ in doc.units]
        unit_stop += [stop for _, stop in doc.units]
        doc_units.append(len(unit_doc))
    arrays = (np.array(values, np.int64) for values in (unit_doc, unit_start, unit_stop))
    return *arrays, doc_units  # type: ignore[return-value]


def _joined(arrays: list[np.ndarray]) -> np.ndarray:
    return np.concatenate(arrays).astype(np.int64, copy=False) if arrays else np.zeros(0, np.int64)
