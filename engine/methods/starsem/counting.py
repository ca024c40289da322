"""Reading and scoring the two files: the reader of the mode and its scorer, step by step
in the order the original checks and counts, over the whole files — or, for a large
input on a plain command-line run, over two windows of them in two processes
(halves.py), the second window's counts added to the first's. There each reader reads
its window batch by batch where it can (Counting._stream)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ... import cores
from ...errors import InputError
from ...progress import Progress
from . import halves
from .files import Irregular, Part, Reading, halve


class Counting:
    """A reader and its scorer over a pair of parts of the files (halves.Work)."""

    def __init__(self, mode: str, task: str, parts: tuple[Part, Part], detail: bool) -> None:
        self.mode = mode
        self.parts = parts
        self.detail = detail
        self.reader: Any = None
        self.task = task
        self.reader_class, self.scorer_class = _classes(mode)
        self.scorer = self._new_scorer()
        self.layout = _layout(parts[0].path) if detail else None
        self.streamed = False  # read and scored by load (_stream): the other steps have nothing to do
        self.steps: list[Callable[[Progress], None]] = [
            self.load, *map(self._unless_streamed, self._checks()), self._unless_streamed(self.score)
        ]  # fmt: skip

    def _new_scorer(self) -> Any:
        if self.mode == "extended":
            return self.scorer_class(self.task, record=self.detail)
        return self.scorer_class(record=self.detail)

    def _unless_streamed(self, step: Callable[[Progress], None]) -> Callable[[Progress], None]:
        return lambda progress: None if self.streamed else step(progress)

    def load(self, progress: Progress) -> None:
        progress.update(0.02, "reading the files")
        if self._stream(progress):
            return
        self.reader = self.reader_class(*self.parts, keep_rows=self.detail)

    def _stream(self, progress: Progress) -> bool:
        """Read and score two windows batch by batch (the readers' `streamed`): a large
        input read in halves, its sentences only counted. False, nothing counted, when
        the windows must be read whole: the steps then read them so, and raise the error
        to show if there is one. (In --starsem-exact the files are then read whole:
        WholeFile, as its reader raises it in a window.)"""
        if self.detail or self.parts[0].whole:
            return False
        reader = self.reader_class(*self.parts, keep_rows=False, stream=True)
        size = max(self.parts[0].size, 1)
        try:
            self._add(reader.streamed(), lambda _: reader.streamed_bytes / size, progress)
        except (InputError, Irregular):
            self.scorer = self._new_scorer()
            return False
        self.reader, self.streamed = reader, True
        return True

    def _checks(self) -> list[Callable[[Progress], None]]:
        """The checks of the whole input before the first sentence is scored."""
        if self.mode == "starsem-exact":  # in a window, made in pass 3 (exact.ExactReader)
            return [self._alignment, self._system_format] if self.parts[0].whole else []
        if self.mode == "extended":
            whole = self.parts[0].whole
            return [lambda _: self.reader.check_gold_starts(), lambda _: self.reader.check_system_starts(),
                    lambda _: self.reader.check_counts(whole)]  # fmt: skip
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
                layout.add(sentence.number, sentence.rows, sentence.chapter, sentence.sentence_id)
            if count % 512 == 0:
                progress.update(0.1 + 0.85 * min(share(sentence), 1.0), "scoring sentences")

    def state(self) -> tuple[Any, int, list[str]]:
        return self.scorer.state(), self.reader.plain_count, self.reader.warnings

    def merge(self, state: tuple[Any, int, list[str]]) -> None:
        scores, plain, warnings = state
        self.scorer.merge(scores)
        self.reader.plain_count += plain
        self.reader.warnings += warnings


def _classes(mode: str) -> tuple[Any, Any]:
    """The reader and the scorer of a mode (their modules imported now: a run needs one
    mode's only)."""
    if mode == "starsem-exact":
        from .exact import ExactReader
        from .scoring import Scorer

        return ExactReader, Scorer
    if mode == "extended":
        from .extended import ExtendedReader, ExtendedScorer

        return ExtendedReader, ExtendedScorer
    from .reading import DefaultReader
    from .scoring import Scorer

    return DefaultReader, Scorer


def _layout(path: str) -> Any:
    from .detail import Layout

    return Layout(Path(path).name)


def count(gold: str, system: str, mode: str, task: str, progress: Progress, detail: bool
          ) -> tuple[Counting, Reading]:  # fmt: skip
    """Read and score the files; the sentences the reader only counted are added to the
    scorer. Also the reading of the files, for their digests. (The mode's reader and
    scorer are imported while the files are read.)"""
    reading = Reading({"gold": gold, "system": system})
    _classes(mode)  # imported while the threads read
    g_data, s_data = reading.data()
    parts = Part(gold, g_data), Part(system, s_data)
    counting = _in_halves(parts, mode, task, progress, detail, reading)
    if counting is None:
        counting = Counting(mode, task, parts, detail)
        for step in counting.steps:
            step(progress)
    counting.scorer.add_plain(counting.reader.plain_count)
    return counting, reading


def _in_halves(parts: tuple[Part, Part], mode: str, task: str, progress: Progress, detail: bool,
               reading: Reading) -> Counting | None:  # fmt: skip
    """The counting of a large input in two processes, or None when it is read whole.
    (The digests are computed while the windows are found: their threads end before the
    fork.)"""
    if detail or len(parts[0].data) < halves.MIN_BYTES:
        return None
    windows = halve(*parts)
    reading.digests()
    if windows is None or not cores.can_fork():
        return None

    def make(half: int, helper: bool) -> Counting:
        parts = windows[half]
        if helper:
            parts = (parts[0].unnumbered(), parts[1].unnumbered())
        return Counting(mode, task, parts, detail)

    try:
        return halves.run(make, progress)  # type: ignore[return-value]
    except halves.WholeFile:
        return None
