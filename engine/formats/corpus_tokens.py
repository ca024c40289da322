"""Every document's tokens one after another (corpus order), so that the tokens of all the
spans of a table, or of all the units of the documents, are found at once, however many
documents there are (a per-document search cost 10-20 µs a document: seconds for a corpus
of 100,000 short documents)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

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
        firsts = np.zeros(len(bounds) + 1, np.int64)
        np.cumsum(counts, out=firsts[1:])
        doc = np.repeat(np.arange(len(bounds), dtype=np.int64), counts)
        return cls(_joined([s for s, _ in bounds]), _joined([e for _, e in bounds]), doc, firsts)

    def covered(self, docs: np.ndarray, starts: np.ndarray, ends: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
        """The numbers of the first and last token each character range [start, end) of its
        document touches (last < first: none), as a search of each document's tokens gives
        them, offset by the document's first token."""
        starts, ends = np.maximum(starts, 0), np.maximum(ends, 0)  # (none is before a document)
        stride = max(int(self.ends.max(initial=0)), int(starts.max(initial=0)), int(ends.max(initial=0))) + 1
        base = np.asarray(docs, np.int64) * stride
        token_base = self.doc * stride
        first = np.searchsorted(token_base + self.ends, base + starts, side="right")
        last = np.searchsorted(token_base + self.starts, base + ends, side="left") - 1
        return first, last

    def at_or_after(self, docs: np.ndarray, positions: np.ndarray) -> np.ndarray:
        """The number of the first token of each document starting at or after a position of
        it (its document's end: the next document's first token)."""
        positions = np.maximum(positions, 0)
        stride = max(int(self.ends.max(initial=0)), int(positions.max(initial=0))) + 1
        keys = self.doc * stride + self.starts
        return np.searchsorted(keys, np.asarray(docs, np.int64) * stride + positions, side="left")


def _joined(arrays: list[np.ndarray]) -> np.ndarray:
    return np.concatenate(arrays).astype(np.int64, copy=False) if arrays else np.zeros(0, np.int64)
