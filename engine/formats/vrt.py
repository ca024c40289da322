"""Vertical text files (.vrt): one token per line, TAB-separated columns, XML structure.

A token line has two or more fields after stripping the line: the token, then columns
such as BIO tags, token ids or document ids (which column holds what is the caller's
business). Every other line is a non-token line: empty lines, XML lines (`<s id="1">`)
and lines with a single field. Corpus positions count token lines from 0 over the whole
file (specs/clueval.md §2).

The reader keeps flat arrays, never a Python object per token beyond its strings: the
token text, the raw fields of the requested columns, and the token index of every
non-token line (from which line numbers and boundaries are derived).
"""

from __future__ import annotations

import bisect
import itertools
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from ..errors import FileWarning, InputError, Parts, nothing_found
from ..rowkeys import distinct_naturals
from ..textio import BOM, bom_ignored, check_input, not_utf8, open_utf8
from . import sniffing
from .spantable import span_labels
from .vrt_tags import first_refused, refused_tag, stored_labels
from .vrt_xml import Structure

if TYPE_CHECKING:
    from ..spans import Annotations
    from . import conll
    from .standoff import ReadOptions

NAME = "vrt"
TITLE = "Vertical text (.vrt) with BIO columns"
SUFFIXES = (".vrt",)

sniff = sniffing.vrt  # recognises the format without this module (engine/formats/sniffing.py)


def bio_columns(lines: Sequence[str]) -> int:
    """How many BIO columns follow the token on every token line of these (first) lines,
    each a column of tags as a CoNLL file's (sniffing.tag_column: any scheme, IO's bare labels
    beside O); a byte-order mark before the first is no part of it; a line of a single field
    is no token line, as read_vrt reads it."""
    return _columns_of(_table(lines), lambda tags, _: sniffing.tag_column(tags))


def _columns_read(table: _Table, io: bool) -> int:
    """How many columns after the token the span methods read as tags in a head's table:
    bio_columns' and any the CoNLL reader reads as tags with its own message for what is
    wrong with them (bare labels mixed with prefixed tags beside O: sniffing.read_as_tags);
    with IO chosen (`io`), a first column of bare labels without O too (later ones may be
    ids or domains, told from tags by their O)."""
    return _columns_of(table, lambda tags, k: sniffing.read_as_tags(tags, io and k == 0))


class _Table(NamedTuple):
    """The fields of the token lines among a head's lines, and how many columns follow the
    token on every one of them (the head split once, whoever asks)."""

    rows: list[list[str]]
    most: int

    def values(self, k: int) -> set[str]:
        """The values of column `k` (from 0, the token's; k <= most)."""
        return {f[k] for f in self.rows}


def _table(lines: Sequence[str]) -> _Table:
    """The table of these lines (a byte-order mark before the first dropped)."""
    rows = sniffing.vrt_lines(lines)[1]
    return _Table(rows, min(map(len, rows), default=1) - 1)


def _columns_of(table: _Table, counts: Callable[[set[str], int], bool]) -> int:
    """How many columns after the token on every token line `counts` as tags (given each
    column's values and number, from 0), up to the first that does not."""
    count = 0
    while count < table.most and counts(table.values(count + 1), count):
        count += 1
    return count


def _io_labels(table: _Table, k: int) -> bool:
    """Whether column `k` after the token (from 1) holds IO's bare labels on every token line,
    O or none (sniffing.read_as_tags with IO chosen), no value with a digit: a doc or token id
    (`d1`, `t1`) is no label."""
    if not 1 <= k <= table.most:
        return False
    values = table.values(k)
    return sniffing.read_as_tags(values, io=True) and not any(c.isdigit() for v in values for c in v)


# --- the file --------------------------------------------------------------------------


@dataclass(frozen=True)
class VrtLayout:
    """Which columns a reader needs (0-based; negative = from the end; None = not given)."""

    n_tag_columns: int
    token_id_column: int | None = None
    doc_id_column: int | None = None
    domain_column: int | None = None
    xml_document: str = "text"
    xml_sentence: str = "s"

    def metadata(self) -> list[tuple[str, int]]:
        named = (
            ("token id", self.token_id_column),
            ("doc id", self.doc_id_column),
            ("domain", self.domain_column),
        )
        return [(name, index) for name, index in named if index is not None]

    def fields_needed(self) -> int:
        """The fewest fields a token line must have."""
        return max([1 + self.n_tag_columns, *(_needs(index) for _, index in self.metadata())])


def _needs(index: int) -> int:
    """The fewest fields a token line has where it has column `index` (negative: from the end)."""
    return index + 1 if index >= 0 else -index


@dataclass
class VrtFile:
    """One vertical file as flat arrays over its token lines (corpus positions)."""

    path: str
    tokens: list[str]
    tag_columns: list[list[str]]  # raw tag strings, one list per BIO column
    token_ids: list[str] | None
    domains: list[str] | None  # raw values (not yet lower-cased)
    doc_ids: list[str] | None  # effective values of the doc-id column ("" continues the previous)
    nontoken: np.ndarray  # token index of every non-token line, in file order
    sentence_marks: np.ndarray  # token index of every sentence boundary (§2.4)
    xml_changes: list[tuple[int, str, str]]  # (from token index, XML document id, sentence id)
    last_line_is_token: bool
    warnings: list[str]
    _xml_starts: list[int] = field(default_factory=list, repr=False)

    def __len__(self) -> int:
        return len(self.tokens)

    @cached_property
    def token_columns(self) -> conll.ColumnFile:
        """The tokens as CoNLL columns without tags, made once for all the BIO columns read as
        spans (each a copy with its tags: ColumnFile.with_tags)."""
        from . import conll

        return conll.ColumnFile.of_tokens(self.path, self.tokens, self.lines(np.arange(len(self))),
                                          self.sentence_starts())  # fmt: skip

    def span_breaks(self) -> np.ndarray:
        """True at position i when a non-token line lies between token i-1 and i (or i = 0)."""
        flags = np.zeros(len(self.tokens) + 1, dtype=bool)
        flags[self.nontoken] = True
        flags[0] = True
        return flags[: len(self.tokens)]

    def sentence_starts(self) -> np.ndarray:
        """Sorted positions at which a context sentence starts."""
        marks = np.concatenate(([0], self.sentence_marks)).astype(np.int64)
        starts = distinct_naturals(marks)
        return starts[starts < max(len(self.tokens), 1)]

    def line(self, position: int) -> int:
        """1-based line number of the token at a corpus position."""
        return position + 1 + int(np.searchsorted(self.nontoken, position, side="right"))

    def lines(self, positions: np.ndarray) -> np.ndarray:
        return positions + 1 + np.searchsorted(self.nontoken, positions, side="right")

    def xml_ids(self, position: int) -> tuple[str, str]:
        """(XML document id, XML sentence id) of the token at a position."""
        if not self.xml_changes:
            return "", ""
        if len(self._xml_starts) != len(self.xml_changes):
            self._xml_starts = [c[0] for c in self.xml_changes]
        k = bisect.bisect_right(self._xml_starts, position) - 1
        return (self.xml_changes[k][1], self.xml_changes[k][2]) if k >= 0 else ("", "")

    def document_of(self, position: int) -> str:
        """Span Studio's document of a token: the doc-id column value, else the XML document id."""
        if self.doc_ids is not None:
            return self.doc_ids[position]
        return self.xml_ids(position)[0]


@contextmanager
def _lines(path: str, name: str, warnings: list[str]) -> Iterator[Iterator[str]]:
    """The file's lines as Python's text mode splits them (at \\n, \\r\\n and a lone \\r);
    a byte-order mark at the very start is dropped with a warning (C7)."""
    check_input(path)  # a device or FIFO is refused (reading it could last forever)
    p = Path(path)
    if not p.is_file():
        raise InputError("an existing file", "nothing", file=name)
    try:
        with open_utf8(p, name) as handle:
            first = handle.readline()
            if first.startswith(BOM):
                first = first[1:]
                warnings.append(bom_ignored(name))
            yield itertools.chain((first,) if first else (), handle)
    except UnicodeDecodeError:
        data = p.read_bytes()
        position = _bad_byte(data)
        line = data[:position].replace(b"\r\n", b"\n").replace(b"\r", b"\n").count(b"\n") + 1
        raise not_utf8(data[:2048], data[position], name, line) from None
    except PermissionError:
        raise InputError("a readable file", "permission denied", file=name) from None


def _bad_byte(data: bytes) -> int:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as err:
        return err.start
    return 0


def _too_short(name: str, number: int, fields: list[str], layout: VrtLayout) -> InputError:
    """C10: which needed column a token line lacks."""
    n = layout.n_tag_columns
    if len(fields) < 1 + n:
        columns = "1 BIO column" if n == 1 else f"{n} BIO columns"
        return InputError(
            f"at least {1 + n} TAB-separated fields (token, {columns})",
            str(len(fields)),
            file=name,
            line=number,
        )
    for what, index in layout.metadata():
        need = _needs(index)
        if len(fields) < need:
            return InputError(
                f"at least {need} TAB-separated fields ({what} in column {index})",
                str(len(fields)),
                file=name,
                line=number,
            )
    raise AssertionError("line is long enough")


def _empty_token_field(raw: str) -> bool:
    """C8: a non-blank line whose text before the first TAB is empty or only whitespace."""
    return "\t" in raw and not raw.split("\t", 1)[0].strip()


def read_vrt(
    path: str, layout: VrtLayout, name: str | None = None, on_progress: Callable[[float], None] | None = None
) -> VrtFile:
    """Read a vertical file into flat arrays (bad input raises InputError); `on_progress`
    hears the fraction read now and then."""
    name = str(path) if name is None else name
    warnings: list[str] = []
    n_tags = layout.n_tag_columns
    need = layout.fields_needed()
    tokens: list[str] = []
    tag_columns: list[list[str]] = [[] for _ in range(n_tags)]
    ti, di, mi = layout.token_id_column, layout.doc_id_column, layout.domain_column
    token_ids: list[str] | None = [] if ti is not None else None
    domains: list[str] | None = [] if mi is not None else None
    doc_ids: list[str] | None = [] if di is not None else None
    nontoken: list[int] = []
    sentence_marks: list[int] = []
    structure = Structure(layout.xml_document, layout.xml_sentence, name, warnings)
    xml_changes: list[tuple[int, str, str]] = []
    one_field: int | None = None
    shared = {}.setdefault  # one string object per distinct tag, doc id and domain
    add_token, add_nontoken = tokens.append, nontoken.append
    appends = [(ti, token_ids.append)] if token_ids is not None else []
    interned = [(k + 1, column.append) for k, column in enumerate(tag_columns)]
    if domains is not None:
        interned.append((mi, domains.append))
    current_doc = ""
    n = number = 0  # token lines and lines so far
    raw = ""
    size = max(os.path.getsize(path), 1) if os.path.isfile(path) else 1
    with _lines(path, name, warnings) as lines:
        for number, raw in enumerate(lines, 1):
            line = raw.strip()
            if not line:
                add_nontoken(n)
                sentence_marks.append(n)
                continue
            fields = line.split("\t")
            if len(fields) < 2:
                add_nontoken(n)
                if line[0] == "<" and line[-1] == ">":
                    if structure.apply(line, number):
                        sentence_marks.append(n)
                    ids = structure.ids()
                    if (xml_changes[-1][1:] if xml_changes else ("", "")) != ids:
                        xml_changes.append((n, *ids))
                elif _empty_token_field(raw):
                    raise InputError("a token in column 0", "an empty field", file=name, line=number)
                elif one_field is None:
                    one_field = number
                continue
            if raw[0] != line[0] and _empty_token_field(raw):  # the raw line starts with whitespace
                raise InputError("a token in column 0", "an empty field", file=name, line=number)
            if len(fields) < need:
                raise _too_short(name, number, fields, layout)
            add_token(fields[0])
            for k, add in appends:
                add(fields[k])
            for k, add in interned:
                value = fields[k]
                add(shared(value, value))
            if doc_ids is not None:
                value = fields[di]
                if value:
                    current_doc = shared(value, value)
                doc_ids.append(current_doc)
            n += 1
            if not n & 0xFFFF and on_progress is not None:
                on_progress(min(n * 40 / size, 1.0))
    if not tokens:
        raise InputError("at least one token line (token TAB tag)", nothing_found(path), file=name)
    if one_field is not None:
        warnings.append(
            FileWarning(name, "a line with a single field is not a token line and gets no position (as in "
                        "the original); later positions shift by one against a file with a token there",
                        one_field)  # fmt: skip
        )
    last = raw.strip()
    last_is_token = bool(last) and len(last.split("\t")) >= 2
    return VrtFile(
        path=name,
        tokens=tokens,
        tag_columns=tag_columns,
        token_ids=token_ids,
        domains=domains,
        doc_ids=doc_ids,
        nontoken=np.array(nontoken, dtype=np.int64),
        sentence_marks=np.array(sentence_marks, dtype=np.int64),
        xml_changes=xml_changes,
        last_line_is_token=last_is_token,
        warnings=warnings,
    )


# --- as text documents, for the methods over plain labelled spans ------------------------


def read(path: str, options: ReadOptions) -> Annotations:
    """One BIO column of the file (options.tag_column: 1 the first after the token,
    negative from the last BIO column) as spans of one text document of its tokens, read
    in the tag scheme chosen or detected (as CoNLL columns are)."""
    table = _table(_head(path))
    count = _counted(table, options, _columns_read(table, _io(options)))
    vrt = _every_column(path, table, count, options)  # first: its own errors (no token line, a bad byte)
    if count == 0:
        raise _no_column(path, table, options)
    return _column(path, vrt, count, options)


class ColumnLabels(NamedTuple):
    """Each BIO column's labels under two readings of one read of a file."""

    read: list[list[str]]  # each column the span readers read, as they read it with the options (`read`)
    opening: list[list[str]]  # those CLUEval's reader reads (the first at least) as it reads them
    refused: InputError | None = None  # why `read` stops on the file or the column the options name
    own_refused: tuple[InputError | None, ...] = ()  # each column's C9 refusal, as CLUEval's run says it

    def to_choose(self) -> list[list[str]]:
        """`read`'s columns where there are several to choose among; none where there is one."""
        return self.read if len(self.read) > 1 else []


def column_labels(path: str, options: ReadOptions) -> list[list[str]]:
    """The labels of each BIO column's spans where the span methods read several columns of
    tags with these options (none where they read one: nothing to choose among), the file read
    once (each column as `read` reads it; none for a column that cannot be read so)."""
    return column_readings(path, options).to_choose()


def column_readings(path: str, options: ReadOptions) -> ColumnLabels:
    """Each column's labels as the span readers read it, and as CLUEval's own reader reads
    it, where every tag but O is inside a span labelled by it without its B- and I- prefixes
    (specs/clueval.md §2.5, §2.6: vrt_tags.stored_labels): the columns the span readers count,
    or the first where they count none (CLUEval reads it whatever its tags); and where
    CLUEval's run stops on each (a tag it refuses: _own_refusals)."""
    table = _table(_head(path))
    read = _columns_read(table, _io(options))
    count = _counted(table, options, read)
    vrt = _every_column(path, table, count, options)  # `read`'s message where it cannot be read
    if count == 0:
        opening = [stored_labels(vrt.tag_columns[0])]
        return ColumnLabels([], opening, _no_column(path, table, options), _own_refusals(vrt))
    labels: list[list[str]] = []
    opening: list[list[str]] = []
    refused, named = None, options.tag_column if options.tag_column > 0 else count + 1 + options.tag_column
    for k in range(1, count + 1):
        if k > read and not _io_labels(table, k):  # before an explicit --tag-column K: ids, a domain
            labels.append([])
            opening.append([])
            continue
        try:  # the column the options name read with them as given: `read`'s message, where it stops
            spans = _column(path, vrt, count, options if k == named else replace(options, tag_column=k)).spans
        except InputError as err:
            spans, refused = [], err if k == named else refused
        labels.append(sorted(span_labels(spans)))
        opening.append(stored_labels(vrt.tag_columns[k - 1]))
    refused = refused if 1 <= named <= count else _refusal(path, vrt, count, options)  # a column it has not
    return ColumnLabels(labels, opening, refused, _own_refusals(vrt))


def _own_refusals(vrt: VrtFile) -> tuple[InputError | None, ...]:
    """Each BIO column's message where CLUEval's run stops on a tag it refuses (C9: the first
    such tag of the column, vrt_tags.refused_tag), None where it takes every tag."""
    found: list[InputError | None] = []
    for k, tags in enumerate(vrt.tag_columns, 1):
        at = first_refused(tags)
        found.append(None if at is None else refused_tag(tags[at], k, vrt.path, vrt.line(at)))
    return tuple(found)


def _refusal(path: str, vrt: VrtFile, count: int, options: ReadOptions) -> InputError | None:
    """What `read` says of the column the options name (a column the file has not), if anything."""
    try:
        _column(path, vrt, count, options)
    except InputError as err:
        return err
    return None


def _every_column(path: str, table: _Table, count: int, options: ReadOptions) -> VrtFile:
    """The file with the `count` columns of tags its head has (_counted); the default column
    taken under IO where a later one holds labels too, a warning says so."""
    vrt = read_vrt(path, VrtLayout(max(count, 1)))
    if options.left_unset("tag_column") and _io(options):
        vrt.warnings.extend(_other_labels(table, count, vrt.path, options.side_flag("tag_column")))
    return vrt


def _head(path: str) -> sniffing.Head:
    return sniffing.read_head(Path(path)) if Path(path).is_file() else sniffing.Head()


def _io(options: ReadOptions) -> bool:
    return (options.scheme or "").upper() == "IO"


def _counted(table: _Table, options: ReadOptions, read: int) -> int:
    """How many columns of tags the span methods read in a file of this head's table: `read`
    (_columns_read's with the scheme chosen), or up to an explicit --tag-column K past them
    under IO where column K holds bare labels (_io_labels)."""
    k = options.tag_column
    return k if _io(options) and k > read and _io_labels(table, k) else read


def _other_labels(table: _Table, count: int, name: str, flag: str) -> list[str]:
    """The warning that the default column, the last of the `count` read, is read while a later
    column holds bare values too, where no O tells the tags (none where one does, or none does:
    a domain column after a column with O is no layer)."""
    later = next((k for k in range(count + 1, table.most + 1) if _io_labels(table, k)), 0)
    if not count or not later or "O" in table.values(count):
        return []
    return [FileWarning(name, f"BIO column {count} read (the last read as tags: without O a later column "
                              f"may hold ids); column {later} holds bare values too (a second layer, or a "
                              f"domain): where they are labels, read it with {flag} {later}")]  # fmt: skip


def _later_tags(table: _Table) -> bool:
    """Whether a column after the first holds tags (the first then holds words: GermEval's
    number, word, tags)."""
    return any(sniffing.tag_column(table.values(k)) for k in range(2, table.most + 1))


def _no_column(path: str, table: _Table, options: ReadOptions) -> InputError:
    """The error for a file of no BIO column after the token (naming IO where its labels may be IO's)."""
    found: Parts = ("no BIO column after the token (CoNLL columns: --format conll, --token-column, "
                    "--tag-column)",)  # fmt: skip
    if not _io(options) and _io_labels(table, 1) and not _later_tags(table):  # IO without O
        found += ("; where its labels are IO's in a file without O, read them with ",
                  options.way_on("scheme", "IO"))  # fmt: skip
    return InputError("vertical text: a token, then BIO columns (O, B-X, I-X)", found, file=path)


def _column(path: str, vrt: VrtFile, count: int, options: ReadOptions) -> Annotations:
    """The spans of the BIO column options.tag_column of a file read with its `count` columns (not 0)."""
    from . import conll

    k = options.tag_column
    if not (-count <= k <= count) or k == 0:
        found = (f"column {k}; read one of them with ", options.way_on("tag_column", "N"))
        raise InputError(f"a BIO column 1..{count} (or -1..-{count} from the last)", found, file=path)
    columns = vrt.token_columns.with_tags(vrt.tag_columns[k - 1 if k > 0 else k])
    tokens, scheme = conll.read_columns(columns, options)
    annotations = conll.annotations_of(columns, tokens, NAME, [conll.scheme_note(path, scheme, options)])
    annotations.spans.warnings.extend(vrt.warnings)  # type: ignore[attr-defined]
    return annotations


def choices(path: str, options: ReadOptions) -> dict[str, list[str]]:
    from .tagschemes import SCHEMES

    return {"scheme": list(SCHEMES)}
