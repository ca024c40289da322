"""WebAnno TSV 3.x, the tab format of INCEpTION and WebAnno (a reader of its span layers).

    #FORMAT=WebAnno TSV 3.3
    #T_SP=de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity|identifier|value
    #T_RL=…Dependency|DependencyType|BT_…POS     relations (#T_RL) and chains (#T_CH) are
                                                 no spans: their columns are counted, not read
    (blank line)
    #Text=Ms. Haag plays Elianti .               one line per line of the sentence
    1-1	0-3	Ms.	*	PER[2]	…                sentence-token, begin-end, token, then one
    1-2	4-8	Haag	*	PER[2]	…                field per declared column, in header order
    1-2.1	5-7	aa	…                            a sub-token row (inside a token, or empty)

INCEpTION's reader (Tsv3XDeserializer) is the reference for what this one takes from a file:
- The text is rebuilt from the `#Text=` lines: each line, unescaped, followed by a line
  break; a sentence whose first token begins right at the end of the previous one takes
  that line break off, one beginning later is preceded by spaces up to that offset.
  Sentences end before their last line break.
- Offsets count UTF-16 code units; they are converted to code points here.
- `#FORMAT=WebAnno TSV 3` (no minor version, WebAnno's first writer) is read too, its
  `#Text=` lines as written: WebAnno's reader (WebannoTsv3Reader) unescapes none there.
- A cell: `_` is no annotation; else values stacked with `|`; `VALUE[N]` is annotation N,
  which begins at its first row and ends at the end of its last row in file order; `*` is
  an annotation without a value; values are escaped (`\\\\ \\[ \\] \\| \\_ \\-> \\; \\t \\n \\*`).
- Only the chosen layer's chosen feature column is read (an annotation's stacking index
  is the same in every column of its layer, so one column gives all of them).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..errors import FileWarning, InputError, given
from ..rowkeys import first_seen_codes
from ..spans import Annotations
from ..textio import checked_utf8, read_input_bytes, read_text
from . import sniffing, webanno_cells, webanno_rows
from .field_bytes import differing_fields, index_kind, positions
from .spantable import Bounds, Origin, SpanTable
from .standoff import (
    DEFAULT_OPTIONS,
    ReadOptions,
    layer_choices,
    pick_name,
    text_document,
    zero_length_warning,
)

NAME = "webanno-tsv"
TITLE = "WebAnno TSV 3.x (INCEpTION)"
SUFFIXES = (".tsv",)

NAMED_ENTITY = "de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity"
DEFAULT_FEATURE = "value"

_FORMAT = re.compile(r"#FORMAT=(.*) (\d+)(?:\.(\d+))?")  # "3" as WebAnno's first writer wrote it
_LAYER_PREFIXES = {"#T_SP=": "span", "#T_CH=": "chain", "#T_RL=": "relation"}


sniff = sniffing.webanno_tsv  # recognises the format without this module (engine/formats/sniffing.py)


# --- header ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Layer:
    """A declared layer: its type name, kind and columns (in header order)."""

    name: str
    kind: str  # span, chain or relation
    columns: tuple[str, ...]  # "" for the one column of a layer declared without features
    first: int  # index of its first column among all annotation columns

    @property
    def features(self) -> list[str]:
        """The columns that hold a feature's value (not a slot's roles or targets)."""
        return [c for c in self.columns if c and not c.startswith("ROLE_") and "." not in c]


@dataclass(frozen=True)
class Header:
    minor: int | None  # the x of 3.x (text escapes differ before 3.2); None for plain "3"
    layers: tuple[Layer, ...]
    body: int  # index of the first line after the layer declarations
    columns: int  # number of annotation columns

    def span_layers(self) -> list[str]:
        return [layer.name for layer in self.layers if layer.kind == "span"]

    def layer(self, name: str) -> Layer:
        return next(layer for layer in self.layers if layer.name == name)


def read_header(lines: Sequence[str], path: str) -> Header:
    """The format line and the layer declarations."""
    first = lines[0] if lines else ""
    match = _FORMAT.fullmatch(first)
    if not match or match.group(1) != "WebAnno TSV" or match.group(2) != "3":
        raise InputError("a first line '#FORMAT=WebAnno TSV 3.x'", repr(first[:60]), file=path, line=1)
    layers: list[Layer] = []
    column = 0
    index = 1
    while index < len(lines) and (kind := _LAYER_PREFIXES.get(lines[index][:6])):
        name, *columns = [f for f in lines[index][6:].split("|") if f] or [""]
        if not name:
            raise InputError("a layer's type name after '='", given(lines[index]), file=path, line=index + 1)
        layers.append(Layer(name, kind, tuple(columns or [""]), column))
        column += max(len(columns), 1)
        index += 1
    minor = int(match.group(3)) if match.group(3) is not None else None
    return Header(minor, tuple(layers), index, column)


def _pick_column(header: Header, options: ReadOptions, path: str) -> tuple[int | None, str | None, bool]:
    """The field index of the chosen layer's chosen feature (None in a file without span
    layers, nothing annotated, where no layer was asked for), a note naming a feature
    chosen as the layer's first of several, and whether the layer has no feature with a
    value (its first column, `*` or the roles of a slot feature's links, is read: every
    annotation is one without a value)."""
    layers = header.span_layers()
    if options.layer is None and not layers:
        return None, None, False
    name = pick_name(options.layer, layers, "span layer", path, NAMED_ENTITY, options.flag("layer"))
    layer = header.layer(name)
    if not layer.features:
        return 3 + layer.first, None, True
    feature, note = pick_feature(layer, options.feature, path)
    return 3 + layer.first + layer.columns.index(feature), note, False


def pick_feature(layer: Layer, requested: str | None, path: str) -> tuple[str, str | None]:
    """The feature asked for, else the layer's `value` (DKPro's name for a label), else its
    first feature; with a note naming that first feature where the layer has several."""
    features = layer.features
    if requested is not None or DEFAULT_FEATURE in features or len(features) == 1:
        return pick_name(requested, features, f"feature of {layer.name}", path, DEFAULT_FEATURE), None
    others = ", ".join(features[1:])
    said = f"labels from {layer.name}'s first feature, {features[0]} (--feature picks another: {others})"
    return features[0], FileWarning(path, said)


def choices(path: str, options: ReadOptions = DEFAULT_OPTIONS) -> dict[str, list[str]]:
    """The span layers and their features (standoff.layer_choices)."""
    header = read_header(read_text(path).split("\n", 1000), path)
    layers = header.span_layers()
    chosen = None
    if options.layer is not None or NAMED_ENTITY in layers or len(layers) == 1:
        chosen = pick_name(options.layer, layers, "span layer", path, NAMED_ENTITY)
    return layer_choices(layers, {name: header.layer(name).features for name in layers}, chosen)


# --- escapes ---------------------------------------------------------------------------

_TEXT_ESCAPE = re.compile(r"\\([tnfrb\\\x00-\x07\x0e-\x1f])")  # TSV 3.2 and later
_JAVA_ESCAPE = re.compile(r"\\(u+[0-9a-fA-F]{4}|[0-3][0-7]{0,2}|[4-7][0-7]?|[btnfr'\"\\])")  # 3.0, 3.1
_CONTROL = {"t": "\t", "n": "\n", "f": "\f", "r": "\r", "b": "\b"}


def unescape_text(text: str, minor: int | None) -> str:
    """A `#Text=` line's text (escaped as Java strings in TSV 3.0 and 3.1; as written in
    plain TSV 3, which WebAnno's reader takes unescaped)."""
    if minor is None or "\\" not in text:
        return text
    if minor >= 2:
        return _TEXT_ESCAPE.sub(lambda m: _CONTROL.get(m.group(1), m.group(1)), text)
    return _JAVA_ESCAPE.sub(_java_escape, text)


def _java_escape(match: re.Match[str]) -> str:
    code = match.group(1)
    if code[0] == "u":
        return chr(int(code[-4:], 16))
    if code[0].isdigit():
        return chr(int(code, 8))
    return _CONTROL.get(code, code)


# --- body: its rows as columns (engine/formats/webanno_rows.py) --------------------------


_HEADER_LINES = re.compile(rb"[^\n]*(?:\n#T_(?:SP|CH|RL)=[^\n]*)*")


class _Text:
    """The document text as it is rebuilt sentence by sentence, measured in UTF-16 units."""

    def __init__(self) -> None:
        self.pieces: list[str] = []
        self.length = 0  # in UTF-16 code units
        self.begins: list[int] = []  # of the sentences
        self.ends: list[int] = []

    def add_sentence(self, sentence: str, begin: int) -> str | None:
        """A sentence (its lines, each with a line break) whose first token begins at
        `begin`; what is wrong where it cannot be placed there."""
        if not sentence:
            return "a token row without a '#Text=' line before it"
        if self.length > begin:  # no space between the sentences: take the line break off
            if self.length != begin + 1:
                return f"offset {begin}, before the end of the previous sentence ({self.length - 1})"
            self.pieces[-1] = self.pieces[-1][:-1]
            self.length -= 1
        elif self.length < begin:
            self.pieces.append(" " * (begin - self.length))
            self.length = begin
        self.pieces.append(sentence)
        self.begins.append(self.length)
        self.length += len(sentence) if sentence.isascii() else len(sentence.encode("utf-16-le")) // 2
        self.ends.append(self.length - 1)
        return None


class _CodePoints:
    """Converts UTF-16 offsets into a text to code point offsets."""

    def __init__(self, text: str) -> None:
        astral = [m.start() for m in _ASTRAL.finditer(text)] if not text.isascii() else []
        # where each character of two UTF-16 units begins, in UTF-16 units
        self._starts = np.array([at + k for k, at in enumerate(astral)], dtype=np.int64)

    def convert(self, offsets: np.ndarray) -> tuple[np.ndarray, int | None]:
        """The offsets in code points, and the index of the first that falls inside a
        character of two units (None where none does)."""
        if not self._starts.size:
            return offsets, None
        before = np.searchsorted(self._starts, offsets, side="left")
        inside = (before > 0) & (self._starts[np.maximum(before - 1, 0)] + 1 == offsets)
        bad = np.flatnonzero(inside)
        return offsets - before, (int(bad[0]) if bad.size else None)


_ASTRAL = re.compile("[\U00010000-\U0010ffff]")


# --- reading ---------------------------------------------------------------------------


class _Reader:
    """One file read: the header, and the body's rows as columns."""

    def __init__(self, path: str, options: ReadOptions) -> None:
        self.path = path
        self.options = options
        data = checked_utf8(read_input_bytes(path), path)
        header = _HEADER_LINES.match(data).group().decode("utf-8")
        self.header = read_header(header.split("\n"), path)
        self.column, self.note, self.valueless = _pick_column(self.header, options, path)
        lines = webanno_rows.Lines(data)
        self.body = webanno_rows.read_body(lines, self.header.body, self.header.columns + 3, path)
        self.unended = _unended(data, path)

    def fail(self, expected: str, found: str, row: int) -> InputError:
        return InputError(expected, found, file=self.path, line=self.body.line_of(row))

    def offsets_text(self, row: int) -> str:
        """A row's second field as written."""
        begins, ends = self.body.field(1)
        return self.body.lines.text(int(begins[row]), int(ends[row]))

    def units(self) -> tuple[np.ndarray, np.ndarray]:
        """Every row's begin and end (UTF-16 units)."""
        starts, ends, bad = webanno_rows.offsets(self.body.lines.array, *self.body.field(1))
        if bad.size:
            row = int(bad[0])
            raise self.fail("offsets 'begin-end' in a row's second field", given(self.offsets_text(row)), row)
        return starts, ends

    def rebuild(self, starts: np.ndarray) -> tuple[_Text, np.ndarray]:
        """The text, and for each row where its sentence ends (no row ends after it)."""
        text = _Text()
        minor = self.header.minor
        body = self.body
        for first, lines in zip(body.sentence_rows.tolist(), body.sentence_texts, strict=True):
            sentence = "".join(unescape_text(line, minor) + "\n" for line in lines)
            wrong = text.add_sentence(sentence, int(starts[first]))
            if wrong:
                expected = "a '#Text=' line, then the sentence's rows (after the previous one's)"
                raise self.fail(expected, wrong, first)
        counts = np.diff(body.sentence_rows, append=len(body.rows))
        return text, np.repeat(np.array(text.ends, dtype=np.int64), counts)

    def offsets(self) -> tuple[str, np.ndarray, np.ndarray, list[tuple[int, int]]]:
        """The text, and the rows' and sentences' offsets in code points (checked)."""
        starts, ends = self.units()
        text, limits = self.rebuild(starts)
        bad = np.flatnonzero((starts > ends) | (ends > limits))
        if bad.size:
            row = int(bad[0])
            found = f"'{self.offsets_text(row)}' (the sentence ends at {limits[row]}, in UTF-16 units)"
            raise self.fail("offsets 'begin-end' within the sentence's text", found, row)
        joined = "".join(text.pieces)
        points = _CodePoints(joined)
        starts, inside = points.convert(starts)
        ends, inside_end = points.convert(ends)
        if inside is not None or inside_end is not None:
            row = min(k for k in (inside, inside_end) if k is not None)
            raise self.fail(
                "offsets between characters",
                f"'{self.offsets_text(row)}', inside an emoji or other character of two UTF-16 units",
                row,
            )
        begins, _ = points.convert(np.array(text.begins, dtype=np.int64))
        sentence_ends, _ = points.convert(np.array(text.ends, dtype=np.int64))
        return joined, starts, ends, list(zip(begins.tolist(), sentence_ends.tolist(), strict=True))

    def tokens(self, starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The token rows' bounds (sub-token rows, whose first field holds a '.', left out)."""
        keep = ~webanno_rows.holding(self.body.lines.array, *self.body.field(0), b".")
        return starts[keep], ends[keep]

    def annotations(self, starts: np.ndarray, ends: np.ndarray) -> webanno_cells.Found:
        """The annotations of the chosen column (none where the file has no span layer)."""
        if self.column is None:
            empty = np.zeros(0, dtype=np.int64)
            return webanno_cells.Found(empty, empty, [], empty)
        begins, cell_ends = self.body.field(self.column)
        array = self.body.lines.array
        empty = (cell_ends - begins == 1) & (array[np.minimum(begins, len(array) - 1)] == ord("_"))
        filled = np.flatnonzero(~empty)
        cells = (begins[filled], cell_ends[filled])
        missing = self.options.missing_label
        bounds = (starts, ends)
        return webanno_cells.read_cells(array, filled, cells, bounds, missing, self.fail, self.valueless)


def read(path: str, options: ReadOptions = DEFAULT_OPTIONS) -> Annotations:
    """The spans of the chosen layer and feature, over the text rebuilt from `#Text=` lines."""
    reader = _Reader(path, options)
    text, starts, ends, sentences = reader.offsets()
    _check_token_texts(reader, text, starts, ends)
    found = reader.annotations(starts, ends)
    token_starts, token_ends = reader.tokens(starts, ends)
    zero_length = found.rows[found.begins == found.ends]
    warnings = [reader.note] if reader.note else []
    warnings += reader.unended
    if zero_length.size:
        first = reader.body.line_of(int(zero_length.min()))
        warnings.append(zero_length_warning(path, len(zero_length), first))
    name = Path(path).stem
    document = text_document(name, text, sentences, Bounds(token_starts, token_ends))
    table = _table(found, name, reader.body.rows)
    return Annotations(path, NAME, [document], table, warnings)


def _unended(data: bytes, path: str) -> list[str]:
    """The warning of a file whose last line has no line end, as INCEpTION ends every line:
    the file may have been cut short in that line (its last value read as it stands)."""
    if not data or data.endswith(b"\n"):
        return []
    line = data.count(b"\n") + 1
    return [FileWarning(path, "the file ends inside its last line, without a line end (INCEpTION ends every "
                        "line with one): was it cut short? The line is read as it stands", line)]  # fmt: skip


def _check_token_texts(reader: _Reader, text: str, starts: np.ndarray, ends: np.ndarray) -> None:
    """Stops at the first row whose token is not the text at its offsets (a `#Text=` line
    edited after the export): the spans would be read over the edited text. The rows'
    tokens and the text's characters are compared as bytes all at once; a token that
    differs there is compared again with its escapes undone (`\\_`, `\\t` …)."""
    encoded = np.frombuffer(text.encode("utf-8"), dtype=np.uint8)
    if len(encoded) == len(text):  # ASCII: code points are bytes
        byte_starts, byte_ends = starts, ends
    else:
        first_bytes = np.append((encoded & 0xC0) != 0x80, True)  # each character's first byte, and the end
        at = positions(first_bytes, index_kind(len(first_bytes)))
        byte_starts, byte_ends = at[starts], at[ends]
    tokens = reader.body.field(2)
    for row in differing_fields(reader.body.lines.array, *tokens, encoded, byte_starts, byte_ends).tolist():
        token = reader.body.lines.text(int(tokens[0][row]), int(tokens[1][row]))
        found = text[starts[row] : ends[row]]
        unescaped = (webanno_cells.unescape_value(token), unescape_text(token, reader.header.minor))
        if "\\" in token and found in unescaped:
            continue
        expected = f"the token {token!r} to match the #Text at {reader.offsets_text(row)}"
        raise reader.fail(expected, given(found), row)


def _table(found: webanno_cells.Found, name: str, row_lines: np.ndarray) -> SpanTable:
    """The annotations with characters, in document order (stable: file order within), as
    a table whose labels are numbered in order of their first span."""
    keep = np.flatnonzero(found.begins < found.ends)
    order = keep[np.lexsort((found.ends[keep], found.begins[keep]))]
    labels = [found.labels[k] for k in order.tolist()]
    codes, distinct = first_seen_codes(labels)
    begins, ends = found.begins[order], found.ends[order]
    table = SpanTable(np.zeros(len(order)), begins, ends, codes, distinct, [name])
    table.origin = _origin(found.written, order, row_lines[found.rows[order]] + 1)
    return table


def _origin(written: Callable[[int], str] | None, order: np.ndarray, lines: np.ndarray) -> Origin | None:
    """Where each span of the table is: its first row's line (`lines`, in table order) and
    its value as written there (annotation order[i]'s)."""
    if written is None:
        return None
    return lambda i: f"line {lines[i]} {written(int(order[i]))}"
