"""CoNLL-2000 chunk files: one token per line, `form POS tag`, sentences separated by
blank lines. Tags are BIO with `|` between nested levels, outermost first
(`B-S|B-NP`). The span building and punctuation rules are those of
specs/faireval.md §2.5–2.6, quirks of the original included.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..errors import FileWarning, InputError
from ..rowkeys import distinct_values
from ..textio import read_blocks, without_bom
from . import sniffing
from .columns import SPACE, decoded, distinct_fields, split_lines, str_blanks_spaced
from .nested_bio import Chunks, Decoded, Faults, Levels, levels_of

if TYPE_CHECKING:
    from ..spans import Annotations
    from .standoff import ReadOptions

NAME = "conll2000"
TITLE = "CoNLL-2000 (BIO chunks)"
SUFFIXES = (".txt", ".conll")

#: POS tags that count as punctuation for ignore_punct (STTS, UPOS, custom, PTB).
PUNCTUATION_TAGS = frozenset(
    [
        "$.",
        "$,",
        "$(",
        "PUNCT",
        "PUNKT",
        "KOMMA",
        "COMMA",
        "KLAMMER",
        ".",
        ",",
        ":",
        "(",
        ")",
        '"',
        "‘",
        "“",
        "’",
        "”",
    ]
)


sniff = sniffing.conll2000  # recognises the format without this module (engine/formats/sniffing.py)


class ConllReader:
    """Finds the spans of the CoNLL-2000 sentences of one file, a run of whole sentences at
    a time (engine/formats/nested_bio.py); each distinct line is parsed once a file."""

    def __init__(self, name: str, warnings: list[str], ignore_punct: bool) -> None:
        self.name = name
        self.warnings = warnings
        self.ignore_punct = ignore_punct
        self._warned_tag = False
        self._warned_fields = False
        self._tags: dict[str, int] = {}  # each distinct tag's number
        self._levels: list[Levels] = []  # by tag number
        self._lines = _Lines(0)

    def chunks(self, texts: Sequence[str], ids: np.ndarray, numbers: np.ndarray, starts: np.ndarray
               ) -> Chunks:  # fmt: skip
        """The spans of whole sentences, in emission order, punctuation taken out if asked
        (§2.6). `texts`: the file's distinct lines; `ids`: each token's line among them;
        `numbers`: its line number; `starts`: each sentence's first token (the first 0)."""
        self._parse(texts, ids)
        lines = self._lines
        decoded = Decoded(self._levels, lines.tag[ids], starts)
        self._check(decoded.faults(), texts, ids, numbers)
        return decoded.chunks(lines.punctuation[ids] if self.ignore_punct else None)

    def words(self, texts: Sequence[str], ids: np.ndarray) -> tuple[list[str], np.ndarray]:
        """The forms of tokens whose lines (`ids` into `texts`, the file's distinct lines)
        chunks() has read, and their lengths; each distinct line's found when first asked
        for, all at once (a run without the detail asks for none)."""
        lines = self._lines
        new = distinct_values(ids[lines.length[ids] < 0])[0]
        if len(new):
            found = LineFields.of([texts[i] for i in new.tolist()])
            lines.form[new] = forms = found.texts(*found.field(0))
            lines.length[new] = list(map(len, forms))
        return lines.form[ids].tolist(), lines.length[ids]

    def _parse(self, texts: Sequence[str], ids: np.ndarray) -> None:
        """Parses the lines of `ids` not parsed before, all at once (their POS only with ignore_punct)."""
        if len(self._lines.tag) < len(texts):
            self._lines = self._lines.grown(len(texts))
        lines = self._lines
        new = distinct_values(ids[lines.tag[ids] < 0])[0]
        if not len(new):
            return
        found = LineFields.of([texts[i] for i in new.tolist()])
        codes, tags = found.distinct(*found.field(-1))
        lines.tag[new] = np.array(list(map(self._tag_number, tags)), np.int64)[codes]
        lines.fields[new] = found.lines.field_count
        if self.ignore_punct:
            unread, pos_starts, pos_ends = found.second_word()
            codes, pos = found.distinct(pos_starts, pos_ends)
            punctuation = np.fromiter(map(PUNCTUATION_TAGS.__contains__, pos), bool, len(pos))
            lines.unread[new] = unread
            lines.punctuation[new] = punctuation[codes]  # a line without a space: an empty POS

    def _tag_number(self, tag: str) -> int:
        """A tag's number among the file's distinct tags (a new tag's levels read)."""
        if tag not in self._tags:
            self._tags[tag] = len(self._levels)
            self._levels.append(levels_of(tag))
        return self._tags[tag]

    def _check(self, faults: Faults, texts: Sequence[str], ids: np.ndarray, numbers: np.ndarray) -> None:
        """Stops at the first token the original stops at (a line ignore_punct cannot read is
        met before its tag); warns, once a file, of the first line without a chunk tag and
        the first tag level the original ignores, in the order of their lines."""
        unread = self._lines.unread[ids] if self.ignore_punct else np.zeros(0, bool)
        first_unread = int(np.argmax(unread)) if unread.any() else None
        if first_unread is not None and (faults.wrong is None or first_unread <= faults.wrong[0]):
            raise InputError("3 space-separated fields (form POS tag)", "1", file=self.name,
                             line=int(numbers[first_unread]))  # fmt: skip
        if faults.wrong is not None:
            token, level, written = faults.wrong
            raise InputError(f"B- to open a span before '{written}' at level {level}", "no open span",
                             file=self.name, line=int(numbers[token]))  # fmt: skip
        found: list[tuple[int, FileWarning]] = []
        few = self._lines.fields[ids] < 3
        if few.any() and not self._warned_fields:
            token = int(np.argmax(few))
            found.append((token, self._no_tag(texts[int(ids[token])], int(numbers[token]))))
        if faults.ignored is not None and not self._warned_tag:
            token, level = faults.ignored
            found.append((token, self._ignored(level, int(numbers[token]))))
        found.sort(key=lambda item: item[0])  # in the order of their lines (a line's fields first)
        self.warnings += [warning for _, warning in found]

    def _no_tag(self, line: str, number: int) -> FileWarning:
        self._warned_fields = True
        fields = line.split()
        what = "POS" if len(fields) == 2 else "form"
        said = f"no chunk tag; the {what} '{fields[-1]}' is read as the tag, as the original does"
        return FileWarning(self.name, said, number)

    def _ignored(self, level: str, number: int) -> FileWarning:
        self._warned_tag = True
        said = f"tag '{level}' is neither B-, I- nor O; the original ignores it (BIOES spans are lost)"
        return FileWarning(self.name, said, number)


class LineFields:
    """Stripped lines, none empty, as one text's bytes and their fields as str.split()
    splits them (split by numpy: engine/formats/columns.py), each looked at in C."""

    def __init__(self, data: np.ndarray) -> None:
        self.data = data
        self.lines = split_lines(str_blanks_spaced(data), "whitespace")

    @classmethod
    def of(cls, texts: list[str]) -> LineFields:
        return cls(np.frombuffer("\n".join(texts).encode("utf-8"), np.uint8))

    def field(self, column: int) -> tuple[np.ndarray, np.ndarray]:
        """(start, end) bytes of each line's field `column` (negative from the end)."""
        return self.lines.field(np.arange(len(self.lines.starts)), column)

    def second_word(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per line whether it holds no space, and (start, end) bytes of its field 2 of
        `line.split(" ")` (the POS ignore_punct looks at; empty where there is no space)."""
        spaces = np.flatnonzero(self.data == SPACE)
        starts, ends = self.lines.starts, self.lines.ends
        first = np.searchsorted(spaces, starts)
        after = np.append(spaces, len(self.data))  # a last slot for the lines after every space
        unread = after[first] >= ends
        pos_starts = np.where(unread, ends, after[first] + 1)
        pos_ends = np.where(unread, ends, np.minimum(after[np.minimum(first + 1, len(spaces))], ends))
        return unread, pos_starts, pos_ends

    def distinct(self, starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, list[str]]:
        """Each field's number among the distinct ones, and those as texts."""
        return distinct_fields(self.data, starts, ends)

    def texts(self, starts: np.ndarray, ends: np.ndarray) -> list[str]:
        """The fields as texts."""
        return decoded(self.data, starts, ends)


class _Lines:
    """A file's distinct lines as parsed (by line id; tag −1: not parsed yet; length −1:
    form not found yet)."""

    def __init__(self, n: int) -> None:
        self.tag = np.full(n, -1, np.int64)
        self.form = np.empty(n, object)
        self.length = np.full(n, -1, np.int64)  # of the form (−1: not measured yet)
        self.fields = np.zeros(n, np.int64)
        self.unread = np.zeros(n, bool)
        self.punctuation = np.zeros(n, bool)

    def grown(self, n: int) -> _Lines:
        """These lines in a table of `n`."""
        grown = _Lines(n)
        for name in ("tag", "form", "length", "fields", "unread", "punctuation"):
            getattr(grown, name)[: len(self.tag)] = getattr(self, name)
        return grown


def punct_unread(line: str) -> bool:
    """Whether ignore_punct refuses a line: no space before a POS to look at (F30)."""
    return " " not in line


#: A chunk tag's shape: O, _, or levels joined by `|`, each empty or a letter, `-`, a label.
_TAG_SHAPE = re.compile(r"O|_|(?:[A-Za-z]-[^|]*)?(?:\|(?:[A-Za-z]-[^|]*)?)*")


def _check_first_tag(path: str, number: int, line: str) -> None:
    """Stops where the file's first token line has no chunk tag as its last field: the file
    is not CoNLL-2000 (a JSON or WebAnno TSV file would be read as tokens without spans).
    A later stray tag (S-X, a POS) is the original's to ignore, with a warning."""
    tag = line.split()[-1]
    if not _TAG_SHAPE.fullmatch(tag):
        raise InputError("a CoNLL-2000 line 'form POS tag' (a tag O, _, B-X or I-X, levels joined by |)",
                         f"{tag!r} as the tag: not CoNLL-2000", file=path, line=number)  # fmt: skip


def read(path: str, options: ReadOptions) -> Annotations:
    """The file as one text document (its forms, as CoNLL columns are), the chunks that
    FairEval reads from it (nested levels each a span) as character spans."""
    from .conll import ColumnFile, annotations_of
    from .spantable import SpanTable

    warnings: list[str] = []
    distinct: dict[str, int] = {}
    ids: list[int] = []
    numbers: list[int] = []
    sentence_starts: list[int] = []
    for first, lines in without_bom(read_blocks(path)):
        if not ids:
            _check_first_tag(path, first, lines[0])
        sentence_starts.append(len(ids))
        ids += [distinct.setdefault(line, len(distinct)) for line in lines]
        numbers += range(first, first + len(lines))
    if not ids:
        raise InputError("token lines (form POS tag)", "none", file=path)
    starts = np.array(sentence_starts, np.int64)
    lines = np.array(numbers, np.int64)
    reader = ConllReader(path, warnings, ignore_punct=False)
    token_lines = np.array(ids, np.int64)
    texts = list(distinct)
    chunks = reader.chunks(texts, token_lines, lines, starts)
    offsets = starts[chunks.sentence]
    labels = [chunks.labels[label] for label in chunks.label.tolist()]
    begins, ends = (offsets + chunks.begin - 1).tolist(), (offsets + chunks.end).tolist()
    rows = list(zip(begins, ends, labels, strict=True))
    rows.sort(key=lambda row: (row[0], -row[1]))
    tokens = SpanTable.of_labelled_rows([(0, start, end, label) for start, end, label in rows], [])
    columns = ColumnFile.of_tokens(path, reader.words(texts, token_lines)[0], lines, starts)
    annotations = annotations_of(columns, tokens, NAME, [f"{path}: read as CoNLL-2000 (FairEval's reading)"])
    annotations.spans.warnings.extend(warnings)  # type: ignore[attr-defined]
    return annotations


def choices(path: str, options: ReadOptions) -> dict[str, list[str]]:
    return {}
