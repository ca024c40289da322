"""CoNLL columns (CoNLL-2003 and similar): one token a line, a token column and a tag
column chosen by number, a blank line between sentences, `-DOCSTART-` lines between
documents; tags in IOB1, IOB2, IOBES/BIOES, BILOU, BMES or IO (bare labels), detected or chosen.

A line holding a TAB is split on TABs only (tokens may hold no-break or zero-width
spaces), any other line on runs of spaces. A `-DOCSTART-` line starts a document named by
the rest of the line (CoNLL-2003's filler `-X- -X- O` names none: documents without a
name are numbered). A tag's label is what follows its first `-` where one of the scheme
letters B I E S U L M stands before it, `_` where the letter stands alone (untyped, as
seqeval reads BioBERT's B, I, O), else the whole tag (IO's bare labels: `art-film`).
The text of a document is its tokens joined by single spaces, its sentences by line ends;
spans and token bounds are character offsets into it.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import NamedTuple

import numpy as np

from ..blocks import joined, mapped_array, running_sum
from ..errors import FileWarning, InputError, Parts, given
from ..rowkeys import distinct_naturals, first_seen_codes
from ..scoped_memo import Memo, memoised
from ..spans import Annotations, Document
from ..textio import checked_utf8, read_input_bytes
from . import conllu_plus, sniffing, tagschemes
from .columns import (
    NEWLINE,
    SPACE,
    Lines,
    characters_before,
    distinct_fields,
    gathered,
    index_kind,
    positions,
    split_lines,
)
from .spantable import Bounds, SpanTable
from .standoff import ReadOptions, text_document

NAME = "conll"
TITLE = "CoNLL columns (a token and its tag)"
SUFFIXES = (".conll", ".iob", ".bio", ".bioes", ".txt", ".tsv", ".testa", ".testb", ".train")
DOCSTART = sniffing.DOCSTART
FILLER = frozenset({"-X-", "O"})
#: What a CoNLL-U range line's or empty node's tag column holds where it carries no tag.
UNTAGGED = frozenset({"_", "*", "O"})
sniff = sniffing.conll  # recognises the format without this module (engine/formats/sniffing.py)


def choices(path: str, options: ReadOptions) -> dict[str, list[str]]:
    """What can be picked in the file: the schemes, the tag columns and the labels; InputError
    where the column read holds no tags (the app's file box says so, and the way on, at once)."""
    labels = ColumnFile.read(path, options).tag_parts(options).label_names
    return {"scheme": list(tagschemes.SCHEMES), "label": sorted(labels)}


class TagParts(NamedTuple):
    """Each tag name's prefix code and label number (-1 for O), and the label names."""

    prefix_of: np.ndarray
    label_of: np.ndarray
    label_names: list[str]


@dataclass
class ColumnFile:
    """The tokens and tags of a file (tokens as byte ranges of its UTF-8 text), with where
    each sentence and document starts."""

    name: str
    data: np.ndarray = field(default_factory=lambda: np.zeros(0, np.uint8))
    token_bytes: tuple[np.ndarray, np.ndarray] = (np.zeros(0, np.int64), np.zeros(0, np.int64))
    tag_codes: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    tag_names: list[str] = field(default_factory=list)
    lines: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))  # line number of each token
    sentence_starts: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))  # token numbers
    doc_starts: list[int] = field(default_factory=list)  # token numbers
    doc_ids: list[str | None] = field(default_factory=list)
    #: the column (from 0) the tags were read from; None: another format's, or a file of one column
    tag_column: int | None = None
    #: the names a CoNLL-U Plus file's first line gives its columns (declared_columns), or None
    column_names: list[str] | None = None
    #: what the reading left out, for the user (a CoNLL-U range line's own tag)
    warnings: list[str] = field(default_factory=list)
    #: the tags' parts (tag_parts) by the scheme chosen (IO's bare labels need no O), found as a file is read
    parts: dict[str | None, TagParts] = field(default_factory=dict)
    #: the report's reading where the tags were read from the column named for named entities
    column_note: str = ""

    @classmethod
    def of_tokens(cls, name: str, tokens: list[str], lines: np.ndarray, sentence_starts: np.ndarray,
                  tags: list[str] | None = None) -> ColumnFile:  # fmt: skip
        """The tokens (and tags) another format's reader read, as one document: how the
        original tools' token formats (CoNLL-2000, .vrt) become text documents."""
        encoded = [token.encode("utf-8") for token in tokens]
        lengths = mapped_array(len, encoded, np.int64)  # (engine.blocks: the C loops a block at a time)
        starts = running_sum(lengths + 1, np.int64) - (lengths + 1)
        columns = cls(name, np.frombuffer(joined(b" ", encoded), dtype=np.uint8), (starts, starts + lengths))
        columns.lines = np.asarray(lines, dtype=np.int64)
        columns.sentence_starts = np.asarray(sentence_starts, dtype=np.int64)
        columns.doc_starts, columns.doc_ids = [0], [None]
        return columns.with_tags(tags) if tags is not None else columns

    def with_tags(self, tags: list[str]) -> ColumnFile:
        """These tokens with `tags` (one a token): a copy sharing the tokens' arrays, with its
        own tags, tag parts and warnings (a .vrt file's BIO columns, each read in turn)."""
        codes, names = first_seen_codes(tags)
        return replace(self, tag_codes=codes, tag_names=names, warnings=[], parts={})

    @classmethod
    def read(cls, path: str, options: ReadOptions) -> ColumnFile:
        """The file's columns, read once within memo_within(COLUMN_FILES) (the app's look at a
        file lists its labels and reads its spans: one read)."""
        return memoised(COLUMN_FILES, (path, options), lambda: cls._read(path, options))

    @classmethod
    def _read(cls, path: str, options: ReadOptions) -> ColumnFile:
        columns = cls(path)
        raw = checked_utf8(read_input_bytes(path), path)
        columns.column_names = conllu_plus.declared_columns(raw)
        if columns.column_names == [] and options.comment_prefix is None:
            raise conllu_plus.no_names(path)
        if columns.column_names and options.comment_prefix is None:
            options = replace(options, comment_prefix="#")  # CoNLL-U Plus: `#` opens a comment line
        lines = split_lines(raw, options.separator)
        columns._read_lines(lines, options)
        try:
            columns.tag_parts(options)  # NoTags where a tag is none (the app's file box says so too)
        except NoTags as err:
            named = columns._entities_column(options)
            if named is None:
                raise
            try:
                return columns._named_read(lines, replace(options, tag_column=named))
            except NoTags:  # none there either (a column of tags with a fault stops as it is)
                raise columns._none_either(err, named, options) from None
        return columns

    def _none_either(self, err: NoTags, named: int, options: ReadOptions) -> NoTags:
        """The last column's error where the column named for named entities holds no tags
        either: said so, its way on a column of the file's (not the one just tried)."""
        names = self.column_names or []
        tried = f", and no tag in column {named} (counted from 0, {names[named]})"
        column, note = conllu_plus.other_column(names, named)
        tag = err.parts[0]  # _not_a_tag's: the tag and where it was read
        found = (tag + tried, WAY_ON, options.way_on("tag_column", column), note)
        return NoTags(found, file=err.file, line=err.line)

    def _entities_column(self, options: ReadOptions) -> int | None:
        """The one other column a CoNLL-U Plus file names for named entities, where no tag
        column is given (the last is read) and the last holds no tags; else None."""
        if not options.left_unset("tag_column") or not self.column_names or self.tag_column is None:
            return None
        named = conllu_plus.entities_column(self.column_names, self.tag_column)
        return named if named is not None and named < self.tag_column else None  # a column the lines hold

    def _named_read(self, lines: Lines, options: ReadOptions) -> ColumnFile:
        """The file read again with its tags from options.tag_column, the column named for
        named entities, saying so (a warning, and the report's reading)."""
        columns = ColumnFile(self.name, column_names=self.column_names)
        columns._read_lines(lines, options)
        columns.tag_parts(options)
        names, last = columns.column_names or [], self.tag_column or 0
        last_said = "the last column" + (f" ({names[last]})" if last < len(names) else "")
        column = f"column {options.tag_column} (counted from 0, {names[options.tag_column]})"
        said = (f"{last_said} holds no tags: the tags are read from {column}, the one column the file names "
                "for named entities")  # fmt: skip
        columns.column_note = f"; {said}"
        another = f"({options.side_flag('tag_column')} N reads another)"
        columns.warnings.insert(0, FileWarning(self.name, f"{said} {another}"))
        return columns

    def tag_parts(self, options: ReadOptions) -> TagParts:
        """The tags' parts, found once for each scheme chosen (as a file is read; another
        format's tokens when first asked)."""
        if options.scheme not in self.parts:
            self.parts[options.scheme] = _tag_parts(self, options)
        return self.parts[options.scheme]

    def _read_lines(self, lines: Lines, options: ReadOptions) -> None:
        token_col, tag_col = options.token_column, options.tag_column
        if token_col is None:  # not given: the FORM column a CoNLL-U Plus file names, else the first
            token_col = conllu_plus.form_column(self.column_names)
        prefix = options.comment_prefix
        comment = lines.prefixed(prefix.encode("utf-8")) if prefix else np.zeros(len(lines.blank), dtype=bool)
        docstart = lines.first_field_is(DOCSTART.encode()) & ~comment
        is_token = ~(lines.blank | comment | docstart)
        if sniffing.ids_first(self.column_names):  # CoNLL-U's `1-2` and `8.1` lines: no words
            candidates = positions(is_token, index_kind(len(is_token)))
            skipped = candidates[lines.first_field_holds(sniffing.NOT_A_WORD.encode(), candidates)]
            is_token[skipped] = False
            self._note_tagged(lines, skipped, tag_col)
        short = is_token & lines.short((token_col, tag_col))
        if short.any():
            line = int(np.argmax(short))
            count = int(lines.field_count[line])
            expected = f"a token in {_column_said(token_col)} and a tag in {_column_said(tag_col)}"
            way_on = _other_column(count, tag_col, options) if (short == is_token).all() else ()
            raise InputError(expected, (_columns(count), *way_on), file=self.name, line=line + 1)
        token_lines = positions(is_token, index_kind(len(is_token)))
        self._check_column_counts(lines, token_lines)
        self.data = lines.data
        self.token_bytes = lines.field(token_lines, token_col)
        self.tag_codes, self.tag_names = distinct_fields(lines.data, *lines.field(token_lines, tag_col))
        width = int(lines.field_count[token_lines[0]]) if len(token_lines) else 0
        if width > 1:  # a file of one column has no other to read the tags from
            self.tag_column = tag_col if tag_col >= 0 else width + tag_col
        self.lines = token_lines + 1
        breaks = running_sum(lines.blank | docstart, token_lines.dtype)[token_lines]
        opens = np.ones(len(token_lines), dtype=bool)
        opens[1:] = breaks[1:] != breaks[:-1]
        self.sentence_starts = np.flatnonzero(opens)
        self._documents(lines, np.flatnonzero(docstart), token_lines)

    def _note_tagged(self, lines: Lines, skipped: np.ndarray, tag_col: int) -> None:
        """A warning where skipped range lines or empty nodes carry a tag of their own (not
        `_`, `*` or O): the spans are their words' tags, so theirs are not read."""
        held = skipped[~lines.short((tag_col,))[skipped]]
        codes, names = distinct_fields(lines.data, *lines.field(held, tag_col))
        tagged = np.isin(codes, [k for k, name in enumerate(names) if name not in UNTAGGED])
        if tagged.any():
            first, count = int(np.argmax(tagged)), int(np.count_nonzero(tagged))
            lines_said = f"{count} such lines" if count > 1 else "one such line"
            said = (f"a multiword-token line or empty node carries the tag {names[codes[first]]!r}, not "
                    f"read: the spans are read from its words' tags ({lines_said})")
            self.warnings.append(FileWarning(self.name, said, int(held[first]) + 1))

    def _check_column_counts(self, lines: Lines, token_lines: np.ndarray) -> None:
        """Stops at the first token line whose number of columns is not that of most token
        lines: with a column missing, the last column (or another) would be the wrong one."""
        counts = lines.field_count[token_lines]
        if not len(counts) or (counts == counts[0]).all():
            return
        usual = int(np.bincount(counts).argmax())
        line = int(token_lines[np.argmax(counts != usual)])
        found = _columns(int(lines.field_count[line]))
        if lines.data[lines.starts[line]] == ord("#"):
            found += " (a comment line? --comment-prefix '#' skips it)"
        expected = f"{_columns(usual)} as on most token lines of the file"
        raise InputError(expected, found, file=self.name, line=line + 1)

    def _documents(self, lines: Lines, docstarts: np.ndarray, token_lines: np.ndarray) -> None:
        at = np.searchsorted(token_lines, docstarts).tolist()
        texts = [lines.data[lines.starts[i] : lines.ends[i]].tobytes().decode("utf-8") for i in docstarts]
        if not at or at[0] > 0:
            self.doc_starts.append(0)
            self.doc_ids.append(None)
        for start, text in zip(at, texts, strict=True):
            rest = sniffing.column_fields(text, None)[1:]
            named = rest and not set(rest) <= FILLER
            self.doc_starts.append(start)
            self.doc_ids.append(" ".join(rest) if named else None)

    def doc_names(self) -> list[str]:
        names, used = [], set()
        for number, doc_id in enumerate(self.doc_ids, 1):
            name = doc_id if doc_id is not None and doc_id not in used else str(number)
            used.add(name)
            names.append(name)
        return names

    def token_count(self) -> int:
        return len(self.lines)


#: The column files read within a look (ColumnFile.read).
COLUMN_FILES: Memo = ContextVar("conll_column_files", default=None)


def _column_said(column: int) -> str:
    """'column 3 (counted from 0)' (the app names it as it counts: the 4th), or 'the last column'."""
    return "the last column" if column == -1 else f"column {column} (counted from 0)"


def _other_column(count: int, tag_col: int, options: ReadOptions) -> Parts:
    """The way on where no token line has a column given (the file has `count`): the flag of
    the tag or token column of this side."""
    name, held = ("tag_column", "tags") if not -count <= tag_col < count else ("token_column", "tokens")
    return f"; where the {held} are in another column, read them with ", options.way_on(name, "N")


def _columns(count: int) -> str:
    return f"{count} column{'s' if count != 1 else ''}"


#: What a tag column holds, for the message of a tag that is none.
TAG_SHAPES = ("a tag O or B-, I-, E-, S-, U-, L-, M- followed by a label, or labels without a prefix "
              "beside O (IO)")


class NoTags(InputError):
    """The column read holds no tags: a value in it is none (TAG_SHAPES were expected), as
    against a column of tags with a fault (a sequence its scheme does not allow …)."""

    def __init__(self, found: Parts, *, file: str, line: int | None) -> None:
        super().__init__(TAG_SHAPES, found, file=file, line=line)


#: The label of an untyped tag (a B or I alone, as one-type corpora such as BioBERT's
#: NCBI-disease write them), as seqeval names it.
UNTYPED = "_"


def tag_kind(tag: str) -> tuple[int, str]:
    """A tag's prefix code and label: O; a known letter and `-` before a label (`B-PER`); a
    known letter alone (UNTYPED); else the whole tag, a bare label (`PER`, `art-film`: IO).
    A tag without a label (`B-`, `_`, `12`: sniffing.BARE_LABEL's shape is a label's) has ''."""
    if tag == "O":
        return tagschemes.O, ""
    prefix, dash, label = tag.partition("-")
    if dash and prefix in tagschemes.PREFIXES:
        return tagschemes.PREFIXES[prefix], label
    if tag in tagschemes.PREFIXES:  # untyped (BioBERT's B, I, O): seqeval's type '_'
        return tagschemes.PREFIXES[tag], UNTYPED
    return tagschemes.BARE, tag if sniffing.BARE_LABEL.fullmatch(tag) else ""


def _tag_parts(columns: ColumnFile, options: ReadOptions) -> TagParts:
    """(prefix code, label number) of each tag name, and the label names; InputError for a tag
    that is none, and for bare labels where they are no tags (_check_bare_labels)."""
    prefixes, labels, names = [], [], {}
    for code, tag in enumerate(columns.tag_names):
        prefix, label = tag_kind(tag)
        if prefix != tagschemes.O and not label:
            raise _not_a_tag(columns, code, options)
        prefixes.append(prefix)
        labels.append(names.setdefault(label, len(names)) if prefix != tagschemes.O else -1)
    prefix_of = np.array(prefixes, dtype=np.int8)
    if tagschemes.BARE in prefixes:
        _check_bare_labels(columns, prefix_of, options)
    return TagParts(prefix_of, np.array(labels, dtype=np.int32), list(names))


def _not_a_tag(columns: ColumnFile, code: int, options: ReadOptions, also: Parts = ()) -> NoTags:
    """The error for the tag `code`, which is none (the column read holds no tags): its first
    line, where the tags were read, and the way on to the column of tags (the other side's
    tags may be where they are: this side's flag)."""
    line = int(columns.lines[np.argmax(columns.tag_codes == code)])
    where, way_on = _tag_column(columns, options)
    found = (given(columns.tag_names[code]) + where, *way_on, *also)
    return NoTags(found, file=columns.name, line=line)


def _check_bare_labels(columns: ColumnFile, prefix_of: np.ndarray, options: ReadOptions) -> None:
    """Bare labels (IO) are tags only beside O (or with the scheme IO chosen), and never beside
    prefixed tags: the first tag that is neither O nor of the kind of most of the file's tags
    stops the reading."""
    io = (options.scheme or "").upper() == "IO"
    if not io and "O" not in columns.tag_names:  # POS tags, CoNLL-U's MISC '_' …
        also: Parts = ()
        if columns.tag_column is not None:  # a file of one column: no tags at all
            also = ("; where they are IO's labels in a file without O, read them with ",
                    options.way_on("scheme", "IO"))  # fmt: skip
        raise _not_a_tag(columns, int(np.argmax(prefix_of == tagschemes.BARE)), options, also)
    kind = prefix_of[columns.tag_codes]
    inside = np.flatnonzero(kind != tagschemes.O)
    bare = kind[inside] == tagschemes.BARE
    if bare.all():
        return
    usual = bool(2 * np.count_nonzero(bare) > len(bare))  # the kind of most tags is the rule
    first, other = int(inside[np.argmax(bare == usual)]), int(inside[np.argmax(bare != usual)])
    shown = f"as on line {columns.lines[first]} ({_untyped_said(columns.tag_names[columns.tag_codes[first]])}"
    if usual:
        expected = f"a label without a prefix, {shown}: IO; a file does not mix them with B-, I- … tags)"
    else:
        expected = f"a tag with a prefix, {shown}; a file does not mix them with IO's bare labels)"
    found = _untyped_said(columns.tag_names[columns.tag_codes[other]])
    raise InputError(expected, found, file=columns.name, line=int(columns.lines[other]))


def _untyped_said(tag: str) -> str:
    """A tag as a message shows it, saying how a letter alone is read ('S' is no bare label)."""
    return given(tag) + (f" (a letter alone: an untyped tag, read as {tag}-{UNTYPED})"
                        if tag in tagschemes.PREFIXES else "")  # fmt: skip


def _tag_column(columns: ColumnFile, options: ReadOptions) -> tuple[str, Parts]:
    """Where a file's tags were read from and how to read another column's, for a tag that
    is none (a CoNLL-U Plus MISC column, flair's whitespace flags …), with the columns'
    names where the file gives them; nothing for another format's and for a file of one column."""
    column, names = columns.tag_column, columns.column_names or []
    if column is None:
        return "", ()
    other, note = conllu_plus.other_column(names, column) if names else ("N", "")
    where = f" in column {column} (counted from 0{conllu_plus.named(names, column)})"
    return where, (WAY_ON, options.way_on("tag_column", other), note)


#: How a message of a column without tags goes on: the flag and the column to read instead.
WAY_ON = "; where the tags are in another column, read them with "


def _sentence_numbers(columns: ColumnFile) -> np.ndarray:
    flags = np.zeros(columns.token_count(), dtype=bool)
    flags[np.array(columns.sentence_starts, dtype=np.int64)] = True
    flags[np.array(columns.doc_starts, dtype=np.int64)[np.array(columns.doc_starts) < len(flags)]] = True
    numbers = running_sum(flags, index_kind(len(flags)))
    numbers -= 1
    return numbers


def _scheme_error(err: tagschemes.SchemeError, seq: tagschemes.Sequence, columns: ColumnFile,
                  scheme: str, options: ReadOptions) -> InputError:  # fmt: skip
    """The message of a sequence the scheme does not allow: its line, and what came before."""
    token = int(np.searchsorted(seq.token_position, err.position))
    holds_token = token < len(seq.token_position) and seq.token_position[token] == err.position
    if holds_token:
        found = given(columns.tag_names[columns.tag_codes[token]])
        line = columns.lines[token]
        same_sentence = token > 0 and seq.token_position[token - 1] == err.position - 1
    else:
        found = "the end of the sentence"
        line = columns.lines[token - 1] + 1
        same_sentence = True
    if same_sentence:
        found += f" after {columns.tag_names[columns.tag_codes[token - 1]]!r}"
    way_on = _way_on(seq, scheme, options)
    return InputError(f"{scheme}: {err.expected}", (found, *way_on), file=columns.name, line=line)


def _way_on(seq: tagschemes.Sequence, scheme: str, options: ReadOptions) -> Parts:
    """How to read a file whose tags `scheme` (or 'conlleval', the reading) stops at: the
    scheme its tags fit and the option that sets it for this side ('with --scheme IOB1': the
    app names the control, 'with Scheme set to IOB1')."""
    fit = tagschemes.fitting(seq, scheme)
    if fit in tagschemes.STRICT_ONLY and scheme == "conlleval":
        return (f"; its tags fit {fit}, read strictly only: read them with ", options.way_on("scheme", fit),
                " and --reading strict")  # fmt: skip
    if fit is not None:
        return f"; its tags fit {fit}: read them with ", options.way_on("scheme", fit)
    if scheme != "conlleval" and np.isin(seq.prefix, tagschemes.ALLOWED["conlleval"]).all():
        return ("; its tags fit no scheme read strictly: read them with --reading conlleval, which reads "
                "any sequence",)  # fmt: skip
    return ()


def read_columns(columns: ColumnFile, options: ReadOptions) -> tuple[SpanTable, str]:
    """The spans (token numbers over the whole file) and the scheme they were read in."""
    prefix_of, label_of, label_names = columns.tag_parts(options)
    codes = columns.tag_codes
    seq = tagschemes.Sequence.of(prefix_of[codes] if len(codes) else np.zeros(0, np.int8),
                                 label_of[codes] if len(codes) else np.zeros(0, np.int32),
                                 _sentence_numbers(columns))  # fmt: skip
    scheme = options.scheme.upper() if options.scheme else tagschemes.detect(seq)
    if scheme == "BIOES":
        scheme = "IOBES"
    if scheme not in tagschemes.SCHEMES:
        expected = f"a scheme {', '.join(tagschemes.SCHEMES)}"
        raise InputError(expected, given(options.scheme), option=options.flag("scheme"))
    if options.reading == "conlleval" and scheme in tagschemes.STRICT_ONLY:
        raise InputError(f"the strict reading for {scheme} (it is read strictly only)", "--reading conlleval",
                         file=columns.name)  # fmt: skip
    try:
        first, last, labels = tagschemes.chunks(seq, scheme, options.reading)
    except tagschemes.SchemeError as err:
        shown = scheme if options.reading == "strict" else "conlleval"
        raise _scheme_error(err, seq, columns, shown, options) from None
    table = SpanTable(np.zeros(len(first)), first, last + 1, labels, label_names, [])
    return table, scheme


def _documents(columns: ColumnFile) -> tuple[list[Document], np.ndarray, np.ndarray, np.ndarray]:
    """The documents, and each token's character start, end and document number."""
    n = columns.token_count()
    sentence_starts = columns.sentence_starts
    last_in_sentence = np.zeros(n, dtype=bool)
    last_in_sentence[sentence_starts[1:] - 1] = True
    last_in_sentence[-1:] = True
    after = np.where(last_in_sentence, np.uint8(NEWLINE), np.uint8(SPACE))
    text_bytes, slot_starts = gathered(columns.data, *columns.token_bytes, after)
    lengths = columns.token_bytes[1] - columns.token_bytes[0]
    if len(text_bytes) and text_bytes.max() >= 0x80:  # not ASCII: characters counted
        chars = characters_before(text_bytes)
        starts, ends = chars[slot_starts], chars[slot_starts + lengths]
    else:  # the byte offsets (each document's are moved to its start after its slots are read)
        starts, ends = slot_starts, slot_starts + lengths
    bounds = np.array([*columns.doc_starts, n], np.int64)
    doc_of = np.repeat(np.arange(len(bounds) - 1, dtype=np.int32), np.diff(bounds))
    held = bounds[:-1] < bounds[1:]
    first_token = np.minimum(bounds[:-1], max(n - 1, 0))
    last_token = np.maximum(bounds[1:] - 1, 0)
    byte_starts = np.where(held, slot_starts[first_token] if n else 0, 0).tolist()
    byte_ends = np.where(held, (slot_starts[last_token] + lengths[last_token]) if n else 0, 0).tolist()
    base = np.where(held, starts[first_token] if n else 0, 0)  # each document's offsets from its start
    starts -= base[doc_of]  # (the slots' own starts, where they are the offsets: read above)
    ends -= base[doc_of]
    units, unit_bounds = _units(sentence_starts, bounds, held, starts, ends)
    documents = []
    for number, name in enumerate(columns.doc_names()):
        a, b = int(bounds[number]), int(bounds[number + 1])
        text = str(text_bytes[byte_starts[number] : byte_ends[number]], "utf-8")  # decoded in place (no copy)
        own_units = units[unit_bounds[number] : unit_bounds[number + 1]]
        documents.append(text_document(name, text, own_units, Bounds(starts[a:b], ends[a:b])))
    return documents, starts, ends, doc_of


_UNITS_BLOCK = 1 << 13  # sentences made into pairs at a time


def _units(sentence_starts: np.ndarray, bounds: np.ndarray, held: np.ndarray, starts: np.ndarray,
           ends: np.ndarray) -> tuple[list[tuple[int, int]], list[int]]:  # fmt: skip
    """The character ranges of every document's sentences (a document's first token opens
    a sentence), all made at once, and where each document's sentences begin among them
    (`bounds`: each document's first token, then the number of tokens; `held`: whether it
    has one)."""
    n = int(bounds[-1])
    firsts = distinct_naturals(np.concatenate([sentence_starts[sentence_starts < n], bounds[:-1][held]]))
    lasts = np.append(firsts[1:], n) - 1
    units: list[tuple[int, int]] = []
    for block in range(0, len(firsts), _UNITS_BLOCK):  # each extend holds the GIL: a block at a time
        part = slice(block, block + _UNITS_BLOCK)
        units += zip(starts[firsts[part]].tolist(), ends[lasts[part]].tolist(), strict=True)
    return units, np.searchsorted(firsts, bounds).tolist()


def read(path: str, options: ReadOptions) -> Annotations:
    columns = ColumnFile.read(path, options)
    tokens, scheme = read_columns(columns, options)
    return annotations_of(columns, tokens, NAME, [scheme_note(path, scheme, options) + columns.column_note])


def scheme_note(path: str, scheme: str, options: ReadOptions) -> str:
    how = "chosen" if options.scheme else "detected"
    return f"{path}: tags read as {scheme} ({how}), {options.reading} reading"


def annotations_of(columns: ColumnFile, tokens: SpanTable, format: str, notes: list[str]) -> Annotations:
    """Text documents of the columns' tokens, with the spans given as token numbers
    (tokens.starts first token, tokens.ends one past the last) as character offsets."""
    documents, token_starts, token_ends, doc_of = _documents(columns)
    first, end = tokens.starts, tokens.ends
    starts = token_starts[first] if len(first) else first
    ends = token_ends[end - 1] if len(end) else end
    table = SpanTable(doc_of[first] if len(first) else first, starts, ends, tokens.labels,
                      tokens.label_names, [d.name for d in documents])  # fmt: skip
    table.notes = notes
    if not (token_ends == token_starts).any():  # an empty token would share its bounds
        first_of_doc = np.asarray(columns.doc_starts)[table.docs]
        table.tokens = (first - first_of_doc, end - 1 - first_of_doc)
    return Annotations(columns.name, format, documents, table, list(columns.warnings))


def tags_of(columns: ColumnFile) -> Sequence[str]:
    """The tag of every token (for tests and peers that read tags)."""
    return [columns.tag_names[c] for c in columns.tag_codes.tolist()]
