"""The words of a file pair's CoNLL-2000 sentences for FairEval's detail, by sentence index:
one text of every word, each followed by a space (decoded from the file's bytes at once:
conll2000.LineFields.joined), and arrays of where each word starts in it and where each
sentence's words are; no str per word until a sentence is read (the app bench's 1,000,076
words in 103,904 sentences)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

import numpy as np

from ...rowkeys import ranges, run_bounds, run_starts

if TYPE_CHECKING:
    from ...formats.conll2000 import LineFields


class SentenceWords(Mapping[int, Sequence[str]]):
    """Sentence `sentences[k]`'s words are words firsts[k] … firsts[k] + counts[k] − 1
    (`sentences` ascending; a sentence may have none); word i is text[starts[i] :
    starts[i + 1] − 1]."""

    def __init__(self, text: str, starts: np.ndarray, sentences: np.ndarray, firsts: np.ndarray,
                 counts: np.ndarray) -> None:  # fmt: skip
        self.text, self.starts = text, starts
        self.sentences, self.firsts, self.counts = sentences, firsts, counts

    @classmethod
    def none(cls) -> SentenceWords:
        empty = np.zeros(0, np.int64)
        return cls("", np.zeros(1, np.int64), empty, empty, empty)

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
        text = "".join(f"{word} " for word in words)
        return cls(text, run_bounds(lengths + 1), np.array(order, np.int64), run_starts(counts), counts)

    def over(self, other: SentenceWords) -> SentenceWords:
        """These words, and `other`'s of the sentences these lack."""
        lacking = np.flatnonzero(~np.isin(other.sentences, self.sentences))
        if not len(lacking):
            return self
        firsts, counts = other.firsts[lacking], other.counts[lacking]
        begins, ends = other.starts[firsts], other.starts[firsts + counts]  # each sentence's piece of text
        text = self.text + "".join(map(other.text.__getitem__, map(slice, begins.tolist(), ends.tolist())))
        taken = ranges(firsts, counts)
        moved = len(self.text) + run_starts(ends - begins) - begins  # where each piece's text moves
        added = other.starts[taken] + np.repeat(moved, counts)
        starts = np.concatenate((self.starts[:-1], added, [len(text)]))
        sentences = np.concatenate((self.sentences, other.sentences[lacking]))
        order = np.argsort(sentences, kind="stable")
        firsts = np.concatenate((self.firsts, len(self.starts) - 1 + run_starts(counts)))
        return SentenceWords(text, starts, sentences[order], firsts[order],
                             np.concatenate((self.counts, counts))[order])  # fmt: skip

    def worded(self) -> SentenceWords:
        """Only the sentences that have words."""
        has = self.counts > 0
        if has.all():
            return self
        kept = (self.sentences[has], self.firsts[has], self.counts[has])
        return SentenceWords(self.text, self.starts, *kept)

    def _at(self, sentence: int) -> int:
        """Where `sentence` is among `sentences` (KeyError where it is not)."""
        k = int(np.searchsorted(self.sentences, sentence))
        if k == len(self.sentences) or self.sentences[k] != sentence:
            raise KeyError(sentence)
        return k

    def __getitem__(self, sentence: int) -> list[str]:
        k = self._at(sentence)
        first, count = int(self.firsts[k]), int(self.counts[k])
        starts = self.starts[first : first + count + 1].tolist()
        return [self.text[a : b - 1] for a, b in pairwise(starts)]  # (a span format's word may hold a space)

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
        self.texts: list[str] = []
        self.starts: list[np.ndarray] = []
        self.sentences: list[np.ndarray] = []
        self.counts: list[np.ndarray] = []
        self.length = 0  # of the texts so far

    def add(self, fields: LineFields, rows: np.ndarray, sentences: np.ndarray, counts: np.ndarray) -> None:
        """The words of token lines `rows` (among `fields`' lines), `counts[k]` of them
        sentence `sentences[k]`'s in turn."""
        text, starts = fields.joined(rows)
        self.texts.append(text)
        self.starts.append(starts[:-1] + self.length)
        self.length += len(text)
        self.sentences.append(sentences)
        self.counts.append(counts)

    def made(self) -> SentenceWords:
        if not self.sentences:
            return SentenceWords.none()
        counts = np.concatenate(self.counts)
        starts = np.concatenate((*self.starts, [self.length]))
        return SentenceWords("".join(self.texts), starts, np.concatenate(self.sentences), run_starts(counts),
                             counts)  # fmt: skip
