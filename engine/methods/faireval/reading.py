"""Reading FairEval inputs: pairing files, pairing sentences, parsing each sentence in
its own format (specs/faireval.md §2.1–2.3)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from ...errors import InputError
from ...formats.conll2000 import ConllReader, is_conll_line
from ...formats.faireval_spans import Key, SpanFileReader, TokenSpan, is_span_line
from ...textio import BOM, Block, check_input, iter_lines, read_blocks
from .settings import Settings


@dataclass
class FilePair:
    target: str  # paths for messages: as given, or the given folder joined with the name
    system: str

    def __post_init__(self) -> None:
        self.names = (os.path.basename(self.target), os.path.basename(self.system))


def _listing(folder: str, warnings: list[str]) -> list[str]:
    """Regular, visible files of a folder in code-point order of their names."""
    files = []
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if name.startswith(".") or not os.path.isfile(path):
            warnings.append(f"{path}: skipped (not a regular visible file)")
            continue
        files.append(path)
    return files


def file_pairs(settings: Settings, warnings: list[str]) -> list[FilePair]:
    """Target files with their system partners (§2.2)."""
    target, system = settings.target_in, settings.system_in
    if settings.pair_single_files and os.path.isfile(target) and os.path.isfile(system):
        return [FilePair(target, system)]
    targets = _listing(target, warnings) if os.path.isdir(target) else [target]
    systems = _listing(system, warnings) if os.path.isdir(system) else [system]
    by_name = {os.path.basename(s): s for s in reversed(systems)}
    pairs, unpaired = [], []
    for t in targets:
        partner = by_name.get(os.path.basename(t))
        if partner is None:
            unpaired.append(t)
        else:
            pairs.append(FilePair(t, partner))
    if not pairs:
        name = os.path.basename(targets[0]) if targets else "?"
        where = settings.source or settings.target_in
        raise InputError(f"a system file named '{name}' for target file '{name}'", "none", file=where)
    for t in unpaired:
        warnings.append(f"{t}: no system file of the same name; not evaluated")
    return pairs


def file_blocks(path: str, warnings: list[str]) -> Iterator[Block]:
    """The sentences of a data file; a leading byte-order mark is dropped with a warning."""
    sentences = read_blocks(path)
    head = next(sentences, None)
    if head is None:
        return
    first, lines = head
    if lines[0].startswith(BOM):
        label = lines[0].split("\t")[0]
        warnings.append(f"{path}: byte-order mark ignored (the original read the first label as {label!r})")
        lines[0] = lines[0][1:].strip()
        if not lines[0]:
            lines.pop(0)
            first += 1
        if not lines:
            yield from sentences
            return
    yield first, lines
    yield from sentences


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

    def spans(self) -> list[TokenSpan]:
        return [TokenSpan.of(key, line) for key, line in zip(self.keys, self.lines, strict=True)]


class SentenceParser:
    """Spans of one file's sentences, whichever format each sentence is in."""

    def __init__(self, path: str, warnings: list[str], ignore_punct: bool) -> None:
        self.path = path
        self.span_file = SpanFileReader(path, warnings)
        self.conll = ConllReader(path, warnings)
        self.ignore_punct = ignore_punct

    def parse(self, block: Block) -> Sentence:
        first, lines = block
        if is_span_line(lines[0]):
            return Sentence(self.span_file.sentence(first, lines), range(first, first + len(lines)), None)
        if is_conll_line(lines[0]):
            keys, numbers = self.conll.sentence(first, lines, self.ignore_punct)
            return Sentence(keys, numbers, [line.split()[0] for line in lines])
        raise InputError(
            "4 TAB-separated fields (span file) or 3 space-separated fields (CoNLL-2000)",
            _fields_found(lines[0]),
            file=self.path,
            line=first,
        )


def _fields_found(line: str) -> str:
    tabs = len(line.split("\t"))
    if tabs > 1:
        return f"{tabs} TAB-separated fields"
    spaces = len(line.split(" "))
    return f"{spaces} space-separated field{'s' if spaces != 1 else ''}"


def token_field(path: str, line: int) -> str:
    """The token field of a span line, read again for a message."""
    for number, text in enumerate(iter_lines(path), 1):
        if number == line:
            return text.strip().lstrip(BOM).split("\t")[-1]
    return ""


def count_lines(path: str) -> int:
    """Lines in a file (for progress), counted without decoding; InputError for a path
    that is no regular file (a FIFO would wait for a writer forever)."""
    check_input(path)
    with open(Path(path), "rb") as handle:
        return sum(chunk.count(b"\n") for chunk in iter(lambda: handle.read(1 << 20), b"")) + 1
