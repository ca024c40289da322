"""Reading FairEval inputs: pairing files, pairing sentences, parsing each sentence in
its own format (specs/faireval.md §2.1–2.3)."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ...errors import FileWarning, InputError
from ...formats.conll2000 import ConllReader
from ...formats.faireval_spans import _CACHE_LIMIT, Key, SpanFileReader
from ...formats.folders import unlistable
from ...formats.nested_bio import Chunks
from ...rowkeys import first_of_groups, ranges
from ...textio import BOM, check_input, iter_lines
from .batch import POSITION_LIMIT, RANGE, Codes, Side, empty_side
from .lines import FileLines, Tick, no_tick
from .settings import Settings
from .words import SentenceWords, WordsRead

#: Lines parsed between two calls of a reader's `tick` (each a cancellation point).
BLOCK_LINES = 1 << 16


@dataclass
class FilePair:
    target: str  # paths for messages: as given, or the given folder joined with the name
    system: str

    def __post_init__(self) -> None:
        self.names = (os.path.basename(self.target), os.path.basename(self.system))


def _listing(folder: str, warnings: list[str]) -> tuple[list[str], bool]:
    """Regular, visible files of a folder in code-point order of their names, and whether
    the folder holds anything at all (what a folder without such files is said to be)."""
    try:
        names = sorted(os.listdir(folder))
    except OSError as err:  # a folder it may not list: said, not an internal error
        raise unlistable(folder, "a folder of files to pair by name", err) from None
    files = []
    for name in names:
        path = os.path.join(folder, name)
        if name.startswith(".") or not os.path.isfile(path):
            warnings.append(FileWarning(path, "skipped (not a regular visible file)"))
            continue
        files.append(path)
    return files, bool(names)


def file_pairs(settings: Settings, warnings: list[str]) -> list[FilePair]:
    """Target files with their system partners (§2.2)."""
    target, system = settings.target_in, settings.system_in
    if settings.pair_single_files and os.path.isfile(target) and os.path.isfile(system):
        return [FilePair(target, system)]
    targets, target_holds = _listing(target, warnings) if os.path.isdir(target) else ([target], True)
    systems, system_holds = _listing(system, warnings) if os.path.isdir(system) else ([system], True)
    if not targets:
        raise _no_files(target, "target", "system", target_holds)
    if not systems:
        raise _no_files(system, "system", "target", system_holds)
    by_name = {os.path.basename(s): s for s in reversed(systems)}
    pairs, unpaired = [], []
    for t in targets:
        partner = by_name.get(os.path.basename(t))
        if partner is None:
            unpaired.append(t)
        else:
            pairs.append(FilePair(t, partner))
    if not pairs:
        name = os.path.basename(targets[0])
        where = settings.source or settings.target_in
        raise InputError(f"a system file named '{name}' for target file '{name}'", "none", file=where)
    for t in unpaired:
        warnings.append(FileWarning(t, "no system file of the same name; not evaluated"))
    return pairs


def _no_files(folder: str, role: str, other: str, holds: bool) -> InputError:
    """A folder with no file to pair: what FairEval pairs (§2.2), and whether it is empty
    (`holds`: it holds hidden files or folders, as its listing found)."""
    found = "no visible regular file (only hidden files or folders)" if holds else "an empty folder"
    expected = (f"{role} files, each paired with the {other} file of the same name "
                "(FairEval reads a folder's visible regular files, not its sub-folders)")  # fmt: skip
    return InputError(expected, found, file=folder)


@dataclass(slots=True)
class Sentence:
    """The spans of one sentence as compared (keys), where they stand, its words."""

    keys: list[Key]
    lines: Sequence[int]  # line number of each span
    forms: list[str] | None  # the words of a CoNLL sentence

    def keep(self, wanted: Callable[[str], bool], known: set[str]) -> Sentence:
        """The sentence without the spans whose label is not wanted (§2.7); `known` holds
        labels already found wanted (it grows)."""
        labels = {key[0] for key in self.keys}
        if labels <= known:
            return self
        if all(map(wanted, labels)):
            known.update(labels)
            return self
        kept = [i for i, key in enumerate(self.keys) if wanted(key[0])]
        return Sentence([self.keys[i] for i in kept], [self.lines[i] for i in kept], self.forms)


def _fields_found(line: str) -> str:
    """The fields of a line as counted by its separators (counted, not split)."""
    tabs = line.count("\t") + 1
    if tabs > 1:
        return f"{tabs} TAB-separated fields"
    spaces = line.count(" ") + 1
    return f"{spaces} space-separated field{'s' if spaces != 1 else ''}"


def token_field(path: str, line: int) -> str:
    """The token field of a span line, read again for a message."""
    for number, text in enumerate(iter_lines(path), 1):
        if number == line:
            return text.strip().lstrip(BOM).split("\t")[-1]
    return ""


def input_size(path: str) -> int:
    """Bytes in an input file (for progress); InputError for a path that is no regular
    file (a FIFO would wait for a writer forever)."""
    check_input(path)
    return os.path.getsize(path) if os.path.isfile(path) else 0


@dataclass
class FileSpans:
    """Every span of one data file as arrays, its sentence count, the words of its CoNLL
    sentences (by sentence index)."""

    side: Side
    sentences: int
    forms: SentenceWords


class FileReader:
    """Reads a whole data file at once: its lines found by numpy (lines.FileLines), each
    distinct span line parsed once, the CoNLL-2000 lines' fields split at once, and the spans
    go into arrays without an object per span (§2.1–2.5)."""

    def __init__(
        self, path: str, warnings: list[str], ignore_punct: bool, codes: Codes, tick: Tick = no_tick
    ) -> None:
        self.path = path
        self.warnings = warnings
        self.ignore_punct = ignore_punct
        self.codes = codes
        try:
            self.lines = FileLines(path, warnings, tick)
        except InputError as err:
            raise self._plainly(err) from None
        self.raw = self.lines.raw
        self.filled = self.lines.filled  # the numbers of the lines with text
        self.starts = np.ones(len(self.filled), dtype=bool)  # which of them begin a sentence
        self.starts[1:] = np.diff(self.filled) > 1
        self.sentence = np.cumsum(self.starts) - 1
        self.sentences = int(self.starts.sum())
        tabs, self._spaces = self.lines.separators(self.filled[self.starts])  # in each sentence's first line
        self._is_span = tabs == 3

    def spans(self, compared: int, tick: Tick = no_tick, words: bool = False) -> FileSpans:
        """The spans of the first `compared` sentences (the later ones are not read: §2.2),
        with the words of its CoNLL sentences if asked (`words`: for the detail);
        `tick(share)` every BLOCK_LINES lines parsed or so (a cancellation point)."""
        within = int(np.searchsorted(self.sentence, compared))  # sentences are numbered in file order
        filled, sentence, starts = self.filled[:within], self.sentence[:within], self.starts[:within]
        is_span = self._is_span[:compared]
        self._check_formats(is_span, filled[starts])
        in_spans = slice(None) if is_span.all() else is_span[sentence]
        spans = self._span_lines(filled[in_spans], sentence[in_spans], tick)
        other, forms = self._conll_sentences(filled, starts, is_span, tick, words)
        side = Side.concat([spans, other])
        if len(other):
            side = side.take(np.argsort(side.sentence, kind="stable"))
        return FileSpans(side, compared, forms)

    def holds_conll(self) -> bool:
        """Whether a sentence of the file is read as CoNLL-2000 (its first line is no span line: §2.3)."""
        return not self._is_span.all()

    def unspaced_lines(self) -> bool:
        """Whether a line with text holds no space (ignore_punct stops there: F30)."""
        return bool(self.lines.fields.second_word(self.filled)[0].any())

    def sentence_at(self, line: int | None) -> int:
        """The sentence (0 the first) holding line `line` (1-based) with text; 0 for no line."""
        if line is None or not len(self.filled):
            return 0
        return int(self.sentence[min(int(np.searchsorted(self.filled, line - 1)), len(self.filled) - 1)])

    def _check_formats(self, is_span: np.ndarray, first_lines: np.ndarray) -> None:
        """Each sentence's first line must be a span line or a CoNLL-2000 line (§2.3): the
        first sentence whose first line is neither is named."""
        neither = ~is_span & (self._spaces[: len(is_span)] != 2)  # no CoNLL-2000 line (is_conll_line)
        if neither.any():
            wrong = int(np.argmax(neither))
            raise self._plainly(InputError(
                "4 TAB-separated fields (span file) or 3 space-separated fields (CoNLL-2000)",
                _fields_found(self.lines.stripped([int(first_lines[wrong])])[0]),
                file=self.path,
                line=int(first_lines[wrong]) + 1,
            ))  # fmt: skip

    def _plainly(self, err: InputError) -> InputError:
        """`err`, or, where the file plainly is no file FairEval reads (binary data, CoNLL-U),
        what it looks like and the formats FairEval reads, as read_spans says it."""
        from ...formats import readable_lines
        from ...formats.folders import plainly_unread
        from ..span_adapter import narrowed_to

        found = plainly_unread(Path(self.path), readable_lines(Path(self.path)))
        return err if found is None else narrowed_to("faireval", found)

    def _span_lines(self, positions: np.ndarray, sentence: np.ndarray, tick: Tick) -> Side:
        """The spans of the span-format lines (`positions`: their line numbers from 0), each
        distinct line parsed once, in file order of first appearance (so that warnings and
        errors name the first line)."""
        if not len(positions):
            return empty_side()
        ids, first = self.lines.distinct(positions)
        at_lines = positions[first]
        texts = self.lines.stripped(at_lines)
        reader = SpanFileReader(self.path, self.warnings)
        known, label = self.codes.lines, self.codes.label
        rows: list[tuple[int, ...]] = []
        for block in range(0, len(texts), BLOCK_LINES):
            tick(0.5 * block / len(texts))  # the span lines are counted as the first half
            end = block + BLOCK_LINES
            for text, at in zip(texts[block:end], at_lines[block:end].tolist(), strict=True):
                name, _, fields = text.partition("\t")
                row = known.get(fields)
                rows.append((label(name), *row) if row is not None else self._parse(reader, at + 1, text))
        table = np.array(rows, dtype=np.int64).T  # a row per column, a cell per distinct line
        return Side(sentence, *(row[ids] for row in table), positions + 1)

    def _parse(self, reader: SpanFileReader, number: int, text: str) -> tuple[int, int, int, int]:
        """The codes of one span line (label, begin, end, tokens). The codes of the fields
        after the label of a line of four fields that gives no warning are kept: other
        labels over the same tokens, and the other file of the pair, repeat them."""
        name, begin, end, token_set = reader.line(number, text)
        if end >= POSITION_LIMIT:
            raise InputError(f"token numbers below {POSITION_LIMIT:,}", str(end), file=self.path, line=number)
        bounds = (begin, end, self.codes.tokens(begin, end, token_set))
        if bounds[2] != RANGE and text.count("\t") == 3:
            if len(self.codes.lines) >= _CACHE_LIMIT:  # a folder's many files: memory stays bounded
                self.codes.lines.clear()
            self.codes.lines[text.partition("\t")[2]] = bounds
        return (self.codes.label(name), *bounds)

    def _conll_sentences(self, filled, starts, is_span, tick: Tick, words: bool):
        """The spans of the CoNLL-2000 sentences, a run of whole sentences about
        BLOCK_LINES lines long at a time, and if asked each one's forms (by sentence)."""
        if is_span.all():
            return empty_side(), SentenceWords.none()
        reader = ConllReader(self.path, self.warnings, self.ignore_punct, self.lines.fields)
        bounds = np.r_[np.flatnonzero(starts), len(filled)]
        conll = np.flatnonzero(~is_span)
        sides, words_of = [], WordsRead()
        for run in np.split(conll, np.flatnonzero(np.diff(bounds[conll] // BLOCK_LINES)) + 1):
            tick(0.5 + 0.5 * int(bounds[run[0]]) / len(filled))
            lengths = bounds[run + 1] - bounds[run]
            positions = filled[ranges(bounds[run], lengths)]
            ends = np.cumsum(lengths)
            chunks = reader.chunks(positions, positions + 1, ends - lengths)
            sides.append(self._side(chunks, run, positions))
            if words:
                words_of.add(reader.fields, positions, run, lengths)
        return Side.concat(sides), words_of.made()

    def _side(self, chunks: Chunks, run: np.ndarray, positions: np.ndarray) -> Side:
        """The spans of a run of CoNLL-2000 sentences (`run`: their numbers in the file) as a side."""
        labels = np.zeros(len(chunks.labels), np.int64)
        first = first_of_groups(chunks.label, len(chunks.labels))  # each label's first span
        for number in np.argsort(first, kind="stable").tolist():  # coded in emission order, as spans are
            if first[number] < len(chunks.label):  # (a label whose spans punctuation took out: none)
                labels[number] = self.codes.label(chunks.labels[number])
        tokens = np.zeros(len(chunks.begin), np.int64)  # FULL
        if chunks.gaps:
            rows = np.fromiter(chunks.gaps, np.int64, len(chunks.gaps))
            begins, ends = chunks.begin[rows].tolist(), chunks.end[rows].tolist()
            tokens[rows] = list(map(self.codes.tokens, begins, ends, chunks.gaps.values()))
        return Side(run[chunks.sentence], labels[chunks.label], chunks.begin, chunks.end, tokens,
                    positions[chunks.first] + 1)  # fmt: skip

