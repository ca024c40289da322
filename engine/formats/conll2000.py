"""CoNLL-2000 chunk files: one token per line, `form POS tag`, sentences separated by
blank lines. Tags are BIO with `|` between nested levels, outermost first
(`B-S|B-NP`). The span building and punctuation rules are those of
specs/faireval.md §2.5–2.6, quirks of the original included.
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from ..errors import FileWarning, InputError
from ..textio import read_blocks, without_bom
from . import sniffing
from .columns import (
    SPACE,
    characters_before,
    distinct_fields,
    gathered,
    split_lines,
    str_blanks_spaced,
)
from .field_bytes import short_keys
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


def _short_keys_of(tags: frozenset[str]) -> np.ndarray:
    """The tags' columns.short_keys."""
    encoded = [tag.encode("utf-8") for tag in sorted(tags)]
    lengths = np.array([len(e) for e in encoded], np.int64)
    ends = np.cumsum(lengths)
    return short_keys(np.frombuffer(b"".join(encoded), np.uint8), ends - lengths, ends)


#: PUNCTUATION_TAGS' keys: each tag is of at most seven bytes in UTF-8, so a longer POS is none.
_PUNCTUATION_KEYS = _short_keys_of(PUNCTUATION_TAGS)

sniff = sniffing.conll2000  # recognises the format without this module (engine/formats/sniffing.py)


class ConllReader:
    """Finds the spans of the CoNLL-2000 sentences of one file, a run of whole sentences at
    a time (engine/formats/nested_bio.py), from its lines split at once (LineFields)."""

    def __init__(self, name: str, warnings: list[str], ignore_punct: bool, fields: LineFields) -> None:
        self.name = name
        self.warnings = warnings
        self.ignore_punct = ignore_punct
        self.fields = fields
        self._warned_tag = False
        self._warned_fields = False
        self._tags: dict[str, int] = {}  # each distinct tag's number
        self._levels: list[Levels] = []  # by tag number

    def chunks(self, rows: np.ndarray, numbers: np.ndarray, starts: np.ndarray) -> Chunks:
        """The spans of whole sentences, in emission order, punctuation taken out if asked
        (§2.6). `rows`: each token's line among the fields' lines; `numbers`: its line
        number in the file; `starts`: each sentence's first token (the first 0)."""
        fields = self.fields
        codes, tags = fields.distinct(*fields.field(rows, -1))
        tag = np.array(list(map(self._tag_number, tags)), np.int64)[codes]
        decoded = Decoded(self._levels, tag, starts)
        punctuation, unread = None, None
        if self.ignore_punct:
            unread, pos_starts, pos_ends = fields.second_word(rows)  # a line without a space: an empty POS
            punctuation = np.isin(short_keys(fields.data, pos_starts, pos_ends), _PUNCTUATION_KEYS)
        self._check(decoded.faults(), rows, numbers, unread)
        return decoded.chunks(punctuation)

    def words(self, rows: np.ndarray) -> list[str]:
        """The forms of the tokens of lines `rows` (a form holds no white space)."""
        return self.fields.joined(rows)[0].split(" ")[:-1]

    def _tag_number(self, tag: str) -> int:
        """A tag's number among the file's distinct tags (a new tag's levels read)."""
        if tag not in self._tags:
            self._tags[tag] = len(self._levels)
            self._levels.append(levels_of(tag))
        return self._tags[tag]

    def _check(self, faults: Faults, rows: np.ndarray, numbers: np.ndarray, unread: np.ndarray | None
               ) -> None:  # fmt: skip
        """Stops at the first token the original stops at (a line ignore_punct cannot read is
        met before its tag); warns, once a file, of the first line without a chunk tag and
        the first tag level the original ignores, in the order of their lines."""
        first_unread = int(np.argmax(unread)) if unread is not None and unread.any() else None
        if first_unread is not None and (faults.wrong is None or first_unread <= faults.wrong[0]):
            raise InputError("3 space-separated fields (form POS tag)", "1", file=self.name,
                             line=int(numbers[first_unread]))  # fmt: skip
        if faults.wrong is not None:
            token, level, written = faults.wrong
            raise InputError(f"B- to open a span before '{written}' at level {level}", "no open span",
                             file=self.name, line=int(numbers[token]))  # fmt: skip
        found: list[tuple[int, FileWarning]] = []
        few = self.fields.lines.field_count[rows] < 3
        if few.any() and not self._warned_fields:
            token = int(np.argmax(few))
            found.append((token, self._no_tag(self.fields.text(int(rows[token])), int(numbers[token]))))
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
    """Lines of UTF-8 bytes (\\n-separated) and their fields as str.split() splits them
    (split by numpy: engine/formats/columns.py), each looked at in C; `spaced`: the bytes
    with every white space a space, TAB or newline, where the caller has them."""

    def __init__(self, data: np.ndarray, spaced: np.ndarray | None = None) -> None:
        self.data = data
        spaced = str_blanks_spaced(data) if spaced is None else spaced
        self.lines = split_lines(spaced, "whitespace")

    @classmethod
    def of(cls, texts: list[str]) -> LineFields:
        """Lines of these texts (stripped, none empty), one a text."""
        return cls(np.frombuffer("\n".join(texts).encode("utf-8"), np.uint8))

    def field(self, rows: np.ndarray, column: int) -> tuple[np.ndarray, np.ndarray]:
        """(start, end) bytes of field `column` (negative from the end) of the lines `rows`
        (each holding text)."""
        return self.lines.field(rows, column)

    def extents(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Where the text of each line of `rows` (each holding text) begins and ends,
        stripped: from its first field's start to its last field's end."""
        first = self.lines.first_field[rows]
        return self.lines.field_starts[first], self.lines.field_ends[first + self.lines.field_count[rows] - 1]

    def text(self, row: int) -> str:
        """A line's text, stripped."""
        (start,), (end,) = self.extents(np.array([row]))
        return bytes(self.data[start:end]).decode("utf-8")

    def joined(self, rows: np.ndarray) -> tuple[str, np.ndarray]:
        """The first fields of lines `rows` as one text, each followed by a space, and where
        each starts in it (and where one more would): their bytes gathered and decoded at once."""
        text_bytes, slot_starts = gathered(self.data, *self.field(rows, 0), np.uint8(SPACE))
        text = text_bytes.tobytes().decode("utf-8")
        starts = np.append(slot_starts, len(text_bytes))
        return text, starts if len(text) == len(text_bytes) else characters_before(text_bytes)[starts]

    @cached_property
    def _spaces(self) -> np.ndarray:
        """Where the bytes hold a space (found once, for every run of sentences)."""
        return np.flatnonzero(self.data == SPACE)

    def second_word(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per line of `rows` whether its text holds no space, and (start, end) bytes of
        field 2 of its `text.split(" ")` (the POS ignore_punct looks at; empty where there
        is no space)."""
        spaces = self._spaces
        starts, ends = self.extents(rows)
        first = np.searchsorted(spaces, starts)
        after = np.append(spaces, len(self.data))  # a last slot for the lines after every space
        unread = after[first] >= ends
        pos_starts = np.where(unread, ends, after[first] + 1)
        pos_ends = np.where(unread, ends, np.minimum(after[np.minimum(first + 1, len(spaces))], ends))
        return unread, pos_starts, pos_ends

    def distinct(self, starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, list[str]]:
        """Each field's number among the distinct ones, and those as texts (the fields of
        lines in any order)."""
        return distinct_fields(self.data, starts, ends)


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
    reader = ConllReader(path, warnings, False, LineFields.of(list(distinct)))
    token_lines = np.array(ids, np.int64)
    chunks = reader.chunks(token_lines, lines, starts)
    offsets = starts[chunks.sentence]
    labels = [chunks.labels[label] for label in chunks.label.tolist()]
    begins, ends = (offsets + chunks.begin - 1).tolist(), (offsets + chunks.end).tolist()
    rows = list(zip(begins, ends, labels, strict=True))
    rows.sort(key=lambda row: (row[0], -row[1]))
    tokens = SpanTable.of_labelled_rows([(0, start, end, label) for start, end, label in rows], [])
    columns = ColumnFile.of_tokens(path, reader.words(token_lines), lines, starts)
    annotations = annotations_of(columns, tokens, NAME, [f"{path}: read as CoNLL-2000 (FairEval's reading)"])
    annotations.spans.warnings.extend(warnings)  # type: ignore[attr-defined]
    return annotations


def choices(path: str, options: ReadOptions) -> dict[str, list[str]]:
    return {}
