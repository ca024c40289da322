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
from ...formats.sniffing import is_conll_line
from ...rowkeys import distinct_values, first_of_groups, ranges
from ...textio import BOM, check_input, iter_lines
from .batch import POSITION_LIMIT, RANGE, Codes, Side, empty_side
from .lines import Tick, distinct_lines, no_tick
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


def _first_appearances(ids: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """The distinct values of `ids` in order of first appearance, with the position of
    each first appearance. Line ids are numbered in that order, so a running maximum
    finds them; when it does not (the lines are a part of the file), a sort does."""
    if not len(ids):
        return ids, ids
    seen_before = np.maximum.accumulate(ids)
    first = np.flatnonzero(np.r_[True, ids[1:] > seen_before[:-1]])
    present = np.zeros(n, dtype=bool)
    present[ids] = True
    if len(first) == int(present.sum()):
        return ids[first], first
    distinct, first = np.unique(ids, return_index=True)
    order = np.argsort(first)
    return distinct[order], first[order]


def _four_fields(texts: list[str], ids: np.ndarray) -> np.ndarray:
    """Whether each line of `ids` (distinct lines' numbers) has four TAB-separated fields (a
    span line's: §2.3); each distinct one looked at once."""
    distinct, which = distinct_values(ids)
    return np.fromiter((texts[i].count("\t") == 3 for i in distinct.tolist()), bool, len(distinct))[which]


def _fields_found(line: str) -> str:
    """The fields of a line as counted by its separators (counted, not split: is_conll_line)."""
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
    """Reads a whole data file at once: each distinct line is parsed once, and the spans
    of span-format sentences go into arrays without an object per span (§2.1–2.5)."""

    def __init__(
        self, path: str, warnings: list[str], ignore_punct: bool, codes: Codes, tick: Tick = no_tick
    ) -> None:
        self.path = path
        self.warnings = warnings
        self.ignore_punct = ignore_punct
        self.codes = codes
        try:
            self.raw, self.texts, self.line_ids = distinct_lines(path, warnings, tick)
        except InputError as err:
            raise self._plainly(err) from None
        has_text = np.fromiter(map(bool, self.texts), dtype=bool, count=len(self.texts))
        self.filled = np.flatnonzero(has_text[self.line_ids])  # positions of the lines with text
        self.starts = np.ones(len(self.filled), dtype=bool)  # which of them begin a sentence
        self.starts[1:] = np.diff(self.filled) > 1
        self.sentence = np.cumsum(self.starts) - 1
        self.sentences = int(self.starts.sum())

    def spans(self, compared: int, tick: Tick = no_tick, words: bool = False) -> FileSpans:
        """The spans of the first `compared` sentences (the later ones are not read: §2.2),
        with the words of its CoNLL sentences if asked (`words`: for the detail);
        `tick(share)` every BLOCK_LINES lines parsed or so (a cancellation point)."""
        within = int(np.searchsorted(self.sentence, compared))  # sentences are numbered in file order
        filled, sentence, starts = self.filled[:within], self.sentence[:within], self.starts[:within]
        texts, line_ids = self.texts, self.line_ids
        first_ids = line_ids[filled[starts]]
        is_span = _four_fields(texts, first_ids)
        self._check_formats(texts, first_ids, is_span, filled[starts])
        in_spans = slice(None) if is_span.all() else is_span[sentence]
        spans = self._span_lines(texts, line_ids, filled[in_spans], sentence[in_spans], tick)
        other, forms = self._conll_sentences(texts, line_ids, filled, starts, is_span, tick, words)
        side = Side.concat([spans, other])
        if len(other):
            side = side.take(np.argsort(side.sentence, kind="stable"))
        return FileSpans(side, compared, forms)

    def holds_conll(self) -> bool:
        """Whether a sentence of the file is read as CoNLL-2000 (its first line is no span line: §2.3)."""
        return not _four_fields(self.texts, self.line_ids[self.filled[self.starts]]).all()

    def sentence_at(self, line: int | None) -> int:
        """The sentence (0 the first) holding line `line` (1-based) with text; 0 for no line."""
        if line is None or not len(self.filled):
            return 0
        return int(self.sentence[min(int(np.searchsorted(self.filled, line - 1)), len(self.filled) - 1)])

    def _check_formats(self, texts, first_ids, is_span, first_lines) -> None:
        """Each sentence's first line must be a span line or a CoNLL-2000 line (§2.3): each
        distinct first line looked at once, the first sentence of one that is neither named."""
        others = first_ids[~is_span]
        wrong = [i for i in distinct_values(others)[0].tolist() if not is_conll_line(texts[i])]
        if wrong:
            sentence = int(np.flatnonzero(~is_span)[np.argmax(np.isin(others, wrong))])
            raise self._plainly(InputError(
                "4 TAB-separated fields (span file) or 3 space-separated fields (CoNLL-2000)",
                _fields_found(texts[int(first_ids[sentence])]),
                file=self.path,
                line=int(first_lines[sentence]) + 1,
            ))  # fmt: skip

    def _plainly(self, err: InputError) -> InputError:
        """`err`, or, where the file plainly is no file FairEval reads (binary data, CoNLL-U),
        what it looks like and the formats FairEval reads, as read_spans says it."""
        from ...formats import readable_lines
        from ...formats.folders import plainly_unread
        from ..span_adapter import narrowed_to

        found = plainly_unread(Path(self.path), readable_lines(Path(self.path)))
        return err if found is None else narrowed_to("faireval", found)

    def _span_lines(self, texts, line_ids, positions, sentence, tick: Tick) -> Side:
        """The spans of the span-format lines, each distinct line parsed once, in file
        order of first appearance (so that warnings and errors name the first line)."""
        ids = line_ids[positions]
        distinct, first = _first_appearances(ids, len(texts))
        reader = SpanFileReader(self.path, self.warnings)
        known, label = self.codes.lines, self.codes.label
        rows: list[tuple[int, ...]] = []
        numbers, at_lines = distinct.tolist(), positions[first].tolist()
        for block in range(0, len(numbers), BLOCK_LINES):
            tick(0.5 * block / len(numbers))  # the span lines are counted as the first half
            end = block + BLOCK_LINES
            for i, at in zip(numbers[block:end], at_lines[block:end], strict=True):
                name, _, fields = texts[i].partition("\t")
                row = known.get(fields)
                rows.append((label(name), *row) if row is not None else self._parse(reader, at + 1, texts[i]))
        table = np.zeros((4, len(texts)), dtype=np.int64)  # a row per column, a cell per distinct line
        if rows:
            table[:, distinct] = np.array(rows, dtype=np.int64).T
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

    def _conll_sentences(self, texts, line_ids, filled, starts, is_span, tick: Tick, words: bool):
        """The spans of the CoNLL-2000 sentences, a run of whole sentences about
        BLOCK_LINES lines long at a time, and if asked each one's forms (by sentence)."""
        if is_span.all():
            return empty_side(), SentenceWords.none()
        reader = ConllReader(self.path, self.warnings, self.ignore_punct)
        bounds = np.r_[np.flatnonzero(starts), len(filled)]
        conll = np.flatnonzero(~is_span)
        sides, words_of = [], WordsRead()
        for run in np.split(conll, np.flatnonzero(np.diff(bounds[conll] // BLOCK_LINES)) + 1):
            tick(0.5 + 0.5 * int(bounds[run[0]]) / len(filled))
            lengths = bounds[run + 1] - bounds[run]
            positions = filled[ranges(bounds[run], lengths)]
            ends = np.cumsum(lengths)
            chunks = reader.chunks(texts, line_ids[positions], positions + 1, ends - lengths)
            sides.append(self._side(chunks, run, positions))
            if words:
                words_of.add(reader, texts, line_ids[positions], run, lengths)
        return Side.concat(sides), words_of.made()

    def _side(self, chunks: Chunks, run: np.ndarray, positions: np.ndarray) -> Side:
        """The spans of a run of CoNLL-2000 sentences (`run`: their numbers in the file) as a side."""
        labels = np.zeros(len(chunks.labels), np.int64)
        first = first_of_groups(chunks.label, len(chunks.labels))  # each label's first span
        for number in np.argsort(first, kind="stable").tolist():  # coded in emission order, as spans are
            if first[number] < len(chunks.label):  # (a label whose spans punctuation took out: none)
                labels[number] = self.codes.label(chunks.labels[number])
        tokens = np.zeros(len(chunks.begin), np.int64)  # FULL
        for row, found in chunks.gaps.items():
            tokens[row] = self.codes.tokens(int(chunks.begin[row]), int(chunks.end[row]), found)
        return Side(run[chunks.sentence], labels[chunks.label], chunks.begin, chunks.end, tokens,
                    positions[chunks.first] + 1)  # fmt: skip

