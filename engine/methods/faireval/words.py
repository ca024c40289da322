"""The words of a file pair's CoNLL-2000 sentences for FairEval's detail, by sentence index:
one list of every word and arrays of where each sentence's words are in it, with each word's
length from its distinct form (conll2000.ConllReader.words); no list per sentence until one
is read (the app bench's 1,000,076 words in 103,904 sentences)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from ...rowkeys import ranges, run_starts

if TYPE_CHECKING:
    from ...formats.conll2000 import ConllReader


class SentenceWords(Mapping[int, Sequence[str]]):
    """Sentence `sentences[k]`'s words are words[firsts[k] : firsts[k] + counts[k]]
    (`sentences` ascending; a sentence may have none)."""

    def __init__(self, words: list[str], lengths: np.ndarray, sentences: np.ndarray, firsts: np.ndarray,
                 counts: np.ndarray) -> None:  # fmt: skip
        self.words, self.lengths = words, lengths
        self.sentences, self.firsts, self.counts = sentences, firsts, counts

    @classmethod
    def none(cls) -> SentenceWords:
        empty = np.zeros(0, np.int64)
        return cls([], empty, empty, empty, empty)

    @classmethod
    def of(cls, forms: Mapping[int, Sequence[str]]) -> SentenceWords:
        """`forms` (words by sentence index) as SentenceWords: itself if it is one."""
        if isinstance(forms, SentenceWords):
            return forms
        order = sorted(forms)
        lists = [list(forms[k]) for k in order]
        counts = np.fromiter(map(len, lists), np.int64, len(lists))
        words = [word for words in lists for word in words]
        lengths = np.fromiter(map(len, words), np.int64, len(words))
        return cls(words, lengths, np.array(order, np.int64), run_starts(counts), counts)

    def over(self, other: SentenceWords) -> SentenceWords:
        """These words, and `other`'s of the sentences these lack."""
        lacking = np.flatnonzero(~np.isin(other.sentences, self.sentences))
        if not len(lacking):
            return self
        counts = other.counts[lacking]
        taken = ranges(other.firsts[lacking], counts)
        words = self.words + list(map(other.words.__getitem__, taken.tolist()))
        sentences = np.concatenate((self.sentences, other.sentences[lacking]))
        order = np.argsort(sentences, kind="stable")
        firsts = np.concatenate((self.firsts, len(self.words) + run_starts(counts)))
        lengths = np.concatenate((self.lengths, other.lengths[taken]))
        return SentenceWords(words, lengths, sentences[order], firsts[order],
                             np.concatenate((self.counts, counts))[order])  # fmt: skip

    def worded(self) -> SentenceWords:
        """Only the sentences that have words."""
        has = self.counts > 0
        if has.all():
            return self
        kept = (self.sentences[has], self.firsts[has], self.counts[has])
        return SentenceWords(self.words, self.lengths, *kept)

    @cached_property
    def joined(self) -> tuple[str, np.ndarray]:
        """Every word joined by spaces (made once, when a row first shows words), and where
        each word starts in that text (and where one more would)."""
        starts = np.zeros(len(self.words) + 1, np.int64)
        np.cumsum(self.lengths + 1, out=starts[1:])
        return " ".join(self.words), starts

    def _at(self, sentence: int) -> int:
        """Where `sentence` is among `sentences` (KeyError where it is not)."""
        k = int(np.searchsorted(self.sentences, sentence))
        if k == len(self.sentences) or self.sentences[k] != sentence:
            raise KeyError(sentence)
        return k

    def __getitem__(self, sentence: int) -> list[str]:
        k = self._at(sentence)
        first = int(self.firsts[k])
        return self.words[first : first + int(self.counts[k])]

    def __contains__(self, sentence: object) -> bool:
        try:
            self._at(sentence)  # type: ignore[arg-type]
        except (KeyError, TypeError):
            return False
        return True

    def __iter__(self) -> Iterator[int]:
        return iter(self.sentences.tolist())

    def __len__(self) -> int:
        return len(self.sentences)


class WordsRead:
    """SentenceWords gathered a run of sentences at a time, as a reader reads them."""

    def __init__(self) -> None:
        self.words: list[str] = []
        self.lengths: list[np.ndarray] = []
        self.sentences: list[np.ndarray] = []
        self.counts: list[np.ndarray] = []

    def add(self, reader: ConllReader, rows: np.ndarray, sentences: np.ndarray, counts: np.ndarray) -> None:
        """The words of token lines `rows` (read by `reader`), `counts[k]` of them sentence
        `sentences[k]`'s in turn."""
        words, lengths = reader.words(rows)
        self.words += words
        self.lengths.append(lengths)
        self.sentences.append(sentences)
        self.counts.append(counts)

    def made(self) -> SentenceWords:
        if not self.sentences:
            return SentenceWords.none()
        counts = np.concatenate(self.counts)
        return SentenceWords(self.words, np.concatenate(self.lengths), np.concatenate(self.sentences),
                             run_starts(counts), counts)  # fmt: skip
