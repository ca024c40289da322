"""Reading and scoring the two files: the reader of the mode and its scorer, step by step
in the order the original checks and counts, over the whole files."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ...progress import Progress
from .files import Input, read_bytes


class Counting:
    """A mode's reader and its scorer over the two files."""

    def __init__(self, mode: str, task: str, gold: Input, system: Input, detail: bool) -> None:
        self.mode = mode
        self.inputs = gold, system
        self.detail = detail
        self.reader: Any = None
        reader_class, scorer_class = _classes(mode)
        self.reader_class = reader_class
        self.scorer = scorer_class(task, record=detail) if mode == "extended" else scorer_class(record=detail)
        self.layout = _layout(gold.path) if detail else None

    def run(self, progress: Progress) -> None:
        """Read the files, check them as a whole, then score every sentence; the
        sentences the reader only counted are added to the scorer."""
        progress.update(0.02, "reading the files")
        self.reader = self.reader_class(*self.inputs, keep_rows=self.detail)
        for check in self._checks():
            check(progress)
        self.score(progress)
        self.scorer.add_plain(self.reader.plain_count)
        if self.layout is not None:
            self.layout.add_plain(*self.reader.plain_units)

    def _checks(self) -> list[Callable[[Progress], None]]:
        """The checks of the whole input before the first sentence is scored."""
        if self.mode == "starsem-exact":
            return [self._alignment, self._system_format]
        if self.mode == "extended":
            return [lambda _: self.reader.check_gold_starts(), lambda _: self.reader.check_system_starts(),
                    lambda _: self.reader.check_counts()]  # fmt: skip
        return []

    def _alignment(self, progress: Progress) -> None:
        progress.update(0.05, "checking the alignment")
        self.reader.check_alignment()

    def _system_format(self, progress: Progress) -> None:
        progress.update(0.1, "checking the system file")
        self.reader.check_system_format()

    def score(self, progress: Progress) -> None:
        """Feed every sentence the reader yields to the scorer (and the detail layout)."""
        total = max(len(self.reader), 1)
        self._add(self.reader.sentences(), lambda sentence: sentence.number / total, progress)

    def _add(self, sentences: Iterator[Any], share: Callable[[Any], float], progress: Progress) -> None:
        """Add the sentences to the scorer (and the detail layout); `share`: the share of
        the input read up to a sentence, for progress."""
        scorer, layout = self.scorer, self.layout
        progress.update(0.1, "scoring sentences")
        for count, sentence in enumerate(sentences, 1):
            scorer.add(sentence)
            if layout is not None:
                layout.add(sentence.number, sentence.words)
            if count % 512 == 0:
                progress.update(0.1 + 0.85 * min(share(sentence), 1.0), "scoring sentences")


def _classes(mode: str) -> tuple[Any, Any]:
    """The reader and the scorer of a mode (their modules imported now: a run needs one
    mode's only)."""
    if mode == "starsem-exact":
        from .exact import ExactReader
        from .scoring import Scorer

        return ExactReader, Scorer
    if mode == "extended":
        from .extended import ExtendedScorer
        from .extended_reading import ExtendedReader

        return ExtendedReader, ExtendedScorer
    from .reading import DefaultReader
    from .scoring import Scorer

    return DefaultReader, Scorer


def _layout(path: str) -> Any:
    from .detail import Layout

    return Layout(Path(path).name)


def count(gold: str, system: str, mode: str, task: str, progress: Progress, detail: bool
          ) -> tuple[Counting, dict[str, bytes]]:  # fmt: skip
    """Read and score the files (GOLD's errors before SYSTEM's); also the bytes read, by
    role (the report hashes them when asked)."""
    g_data = read_bytes(gold)
    s_data = read_bytes(system)
    counting = Counting(mode, task, Input(gold, g_data), Input(system, s_data), detail)
    counting.run(progress)
    return counting, {"gold": g_data, "system": s_data}
