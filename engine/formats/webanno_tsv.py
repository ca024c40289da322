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
- A cell: `_` is no annotation; else values stacked with `|`; `VALUE[N]` is annotation N,
  which begins at its first row and ends at the end of its last row in file order; `*` is
  an annotation without a value; values are escaped (`\\\\ \\[ \\] \\| \\_ \\-> \\; \\t \\n \\*`).
- Only the chosen layer's chosen feature column is read (an annotation's stacking index
  is the same in every column of its layer, so one column gives all of them).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..errors import InputError
from ..spans import Annotations, Span
from ..textio import read_text
from . import sniffing
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

_FORMAT = re.compile(r"#FORMAT=(.*) (\d+)\.(\d+)")
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
    minor: int  # the x of 3.x (text escapes differ before 3.2)
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
            raise InputError("a layer's type name after '='", repr(lines[index]), file=path, line=index + 1)
        layers.append(Layer(name, kind, tuple(columns or [""]), column))
        column += max(len(columns), 1)
        index += 1
    return Header(int(match.group(3)), tuple(layers), index, column)


def _pick_column(header: Header, options: ReadOptions, path: str) -> int | None:
    """The field index of the chosen layer's chosen feature; None in a file without span
    layers (nothing annotated) where no layer was asked for."""
    if options.layer is None and not header.span_layers():
        return None
    name = pick_name(options.layer, header.span_layers(), "span layer", path, NAMED_ENTITY)
    layer = header.layer(name)
    if not layer.features:  # a layer without features: every annotation is `*`
        return 3 + layer.first
    feature = pick_name(options.feature, layer.features, f"feature of {name}", path, DEFAULT_FEATURE)
    return 3 + layer.first + layer.columns.index(feature)


def choices(path: str, options: ReadOptions = DEFAULT_OPTIONS) -> dict[str, list[str]]:
    """The span layers and their features (standoff.layer_choices)."""
    header = read_header(read_text(path).split("\n", 1000), path)
    layers = header.span_layers()
    chosen = None
    if options.layer is not None or NAMED_ENTITY in layers or len(layers) == 1:
        chosen = pick_name(options.layer, layers, "span layer", path, NAMED_ENTITY)
    return layer_choices(layers, {name: header.layer(name).features for name in layers}, chosen)


# --- escapes ---------------------------------------------------------------------------

_VALUE_ESCAPE = re.compile(r"\\(\\|\[|\]|\||_|->|;|t|n|\*)")
_TEXT_ESCAPE = re.compile(r"\\([tnfrb\\\x00-\x07\x0e-\x1f])")  # TSV 3.2 and later
_JAVA_ESCAPE = re.compile(r"\\(u+[0-9a-fA-F]{4}|[0-3][0-7]{0,2}|[4-7][0-7]?|[btnfr'\"\\])")  # 3.0, 3.1
_CONTROL = {"t": "\t", "n": "\n", "f": "\f", "r": "\r", "b": "\b"}
_UNESCAPED_BAR = re.compile(r"(?<!\\)\|")


def unescape_value(value: str) -> str:
    """A feature value as written with escapes."""
    if "\\" not in value:
        return value
    return _VALUE_ESCAPE.sub(lambda m: _CONTROL.get(m.group(1), m.group(1)), value)


def unescape_text(text: str, minor: int) -> str:
    """A `#Text=` line's text (escaped as Java strings before TSV 3.2)."""
    if "\\" not in text:
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


def stacked_values(cell: str) -> list[str]:
    """The values of a cell, split at each `|` that is not escaped."""
    if "\\" not in cell:
        return cell.split("|")
    masked = cell.replace("\\\\", "\x00")  # an escaped backslash before a `|` escapes nothing
    return [part.replace("\x00", "\\\\") for part in _UNESCAPED_BAR.split(masked)]


def _value_and_number(raw: str) -> tuple[str, str | None]:
    """A stacked value without its `[N]`, and N (None where it has none); ValueError
    where the brackets hold no number."""
    masked = raw.replace("\\\\", "\x00") if "\\" in raw else raw
    if not masked.endswith("]") or masked.endswith("\\]"):
        return raw, None
    open_at = masked.rfind("[")
    number = masked[open_at + 1 : -1]
    if open_at < 0 or not number.isdigit():
        raise ValueError(raw)
    return masked[:open_at].replace("\x00", "\\\\"), number


# --- body: one pass over the lines; numbers converted together --------------------------


@dataclass
class _Rows:
    """What one pass over the body collects, in file order ("row": a token or sub-token line).
    Flat lists of numbers and strings only: a million tuples or lists kept here would have
    the cyclic garbage collector walk them again and again (a third of the reading time)."""

    offsets: list[str] = field(default_factory=list)  # each row's "begin-end"
    subtokens: list[int] = field(default_factory=list)  # the sub-token rows
    cell_rows: list[int] = field(default_factory=list)  # the rows annotated in the chosen column
    cells: list[str] = field(default_factory=list)  # and their cells
    sentence_rows: list[int] = field(default_factory=list)  # each sentence's first row
    sentence_texts: list[str] = field(default_factory=list)  # its #Text= lines, each with a line break


def _scan(lines: list[str], header: Header, column: int | None, path: str) -> _Rows:
    """Collect rows, sentences and the non-empty cells of the chosen column."""
    rows = _Rows()
    offsets, subtokens, cell_rows, cells = rows.offsets, rows.subtokens, rows.cell_rows, rows.cells
    need = header.columns + 3
    text_lines: list[str] = []
    in_tokens = False
    for index in range(header.body, len(lines)):
        line = lines[index]
        if not line or line[0] == "#":
            in_tokens = False
            if line.startswith("#Text="):
                text_lines.append(unescape_text(line[6:], header.minor))
            continue
        fields = line.split("\t")
        if len(fields) < need:
            expected = f"{need} TAB-separated fields (as the layers declare)"
            raise InputError(expected, str(len(fields)), file=path, line=index + 1)
        if not in_tokens:
            rows.sentence_rows.append(len(offsets))
            rows.sentence_texts.append("".join(line + "\n" for line in text_lines))
            text_lines = []
            in_tokens = True
        if "." in fields[0]:
            subtokens.append(len(offsets))
        if column is not None and fields[column] != "_":
            cell_rows.append(len(offsets))
            cells.append(fields[column])
        offsets.append(fields[1])
    return rows


def _line_of_row(lines: list[str], header: Header, row: int) -> int:
    """The line number of a row (for an error found after the pass)."""
    for index in range(header.body, len(lines)):
        if lines[index] and lines[index][0] != "#":
            if row == 0:
                return index + 1
            row -= 1
    return len(lines)


_OFFSET = re.compile(r"\d{1,9}-\d{1,9}")
# possessive: four times as fast on a million rows as the same pattern backtracking
_OFFSET_LIST = re.compile(r"(?:\d{1,9}+-\d{1,9}+ )*+\d{1,9}+-\d{1,9}+")


def _offsets(lines: list[str], header: Header, rows: _Rows, path: str) -> tuple[np.ndarray, np.ndarray]:
    """Every row's begin and end (UTF-16 units), converted at once."""
    joined = " ".join(rows.offsets)
    if rows.offsets and not _OFFSET_LIST.fullmatch(joined):
        row = next(k for k, text in enumerate(rows.offsets) if not _OFFSET.fullmatch(text))
        found = repr(rows.offsets[row])
        raise InputError(
            "offsets 'begin-end' in a row's second field",
            found,
            file=path,
            line=_line_of_row(lines, header, row),
        )
    values = np.fromstring(joined.replace("-", " "), dtype=np.int64, sep=" ")
    return values[0::2], values[1::2]


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


def _rebuild(reader: _Reader, starts: np.ndarray) -> tuple[_Text, np.ndarray]:
    """The text, and for each row where its sentence ends (no row ends after it)."""
    text = _Text()
    rows = reader.rows
    for first, sentence in zip(rows.sentence_rows, rows.sentence_texts, strict=True):
        wrong = text.add_sentence(sentence, int(starts[first]))
        if wrong:
            raise reader.fail(
                "a '#Text=' line, then the sentence's rows (after the previous one's)", wrong, first
            )
    counts = np.diff([*rows.sentence_rows, len(rows.offsets)])
    return text, np.repeat(np.array(text.ends, dtype=np.int64), counts)


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


class _Annotations:
    """The annotations of one column in order of their first row: begin, end, label, row."""

    def __init__(self, path: str, missing_label: str | None, line_of: Callable[[int], int]) -> None:
        self.begins: list[int] = []
        self.ends: list[int] = []
        self.labels: list[str] = []
        self.rows: list[int] = []
        self._numbered: dict[str, int] = {}
        self._path = path
        self._missing = missing_label
        self._line_of = line_of

    def add(self, cell: str, begin: int, end: int, row: int) -> None:
        """The annotations of a non-empty cell of a row covering [begin, end)."""
        plain = "|" not in cell and "\\" not in cell  # the common case: one value, no escapes
        for raw in (cell,) if plain else stacked_values(cell):
            try:
                value, number = _value_and_number(raw) if raw[-1:] == "]" else (raw, None)
            except ValueError:
                expected = "an annotation number as in 'PER[3]'"
                raise InputError(expected, repr(raw), file=self._path, line=self._line_of(row)) from None
            if number is not None and (known := self._numbered.get(number)) is not None:
                self.ends[known] = end  # a row more of annotation N: it ends here (file order)
                continue
            if value == "*":
                value = self._without_value(row)
            elif not plain:
                value = unescape_value(value)
            if number is not None:
                self._numbered[number] = len(self.begins)
            self.begins.append(begin)
            self.ends.append(end)
            self.labels.append(value)
            self.rows.append(row)

    def _without_value(self, row: int) -> str:
        """The label of an annotation without a value (`*`), where the options give one."""
        if self._missing is None:
            expected = "a value for every annotation ('*' marks one without: give a label for those)"
            raise InputError(expected, "'*'", file=self._path, line=self._line_of(row))
        return self._missing


# --- reading ---------------------------------------------------------------------------


class _Reader:
    """One file read: the lines, the header, the rows."""

    def __init__(self, path: str, options: ReadOptions) -> None:
        self.path = path
        self.options = options
        self.lines = read_text(path).split("\n")
        self.header = read_header(self.lines, path)
        self.rows = _scan(self.lines, self.header, _pick_column(self.header, options, path), path)

    def line_of(self, row: int) -> int:
        return _line_of_row(self.lines, self.header, row)

    def fail(self, expected: str, found: str, row: int) -> InputError:
        return InputError(expected, found, file=self.path, line=self.line_of(row))

    def offsets(self) -> tuple[str, np.ndarray, np.ndarray, list[tuple[int, int]]]:
        """The text, and the rows' and sentences' offsets in code points (checked)."""
        starts, ends = _offsets(self.lines, self.header, self.rows, self.path)
        text, limits = _rebuild(self, starts)
        bad = np.flatnonzero((starts > ends) | (ends > limits))
        if bad.size:
            row = int(bad[0])
            found = f"'{self.rows.offsets[row]}' (the sentence ends at {limits[row]}, in UTF-16 units)"
            raise self.fail("offsets 'begin-end' within the sentence's text", found, row)
        joined = "".join(text.pieces)
        points = _CodePoints(joined)
        starts, inside = points.convert(starts)
        ends, inside_end = points.convert(ends)
        if inside is not None or inside_end is not None:
            row = min(k for k in (inside, inside_end) if k is not None)
            raise self.fail(
                "offsets between characters",
                f"'{self.rows.offsets[row]}', inside an emoji or other character of two UTF-16 units",
                row,
            )
        begins, _ = points.convert(np.array(text.begins, dtype=np.int64))
        sentence_ends, _ = points.convert(np.array(text.ends, dtype=np.int64))
        return joined, starts, ends, list(zip(begins.tolist(), sentence_ends.tolist(), strict=True))

    def tokens(self, starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The token rows' bounds (sub-token rows left out)."""
        if not self.rows.subtokens:
            return starts, ends
        keep = np.ones(len(starts), dtype=bool)
        keep[self.rows.subtokens] = False
        return starts[keep], ends[keep]

    def annotations(self, starts: np.ndarray, ends: np.ndarray) -> _Annotations:
        found = _Annotations(self.path, self.options.missing_label, self.line_of)
        rows = self.rows.cell_rows
        for row, cell, begin, end in zip(
            rows, self.rows.cells, starts[rows].tolist(), ends[rows].tolist(), strict=True
        ):
            found.add(cell, begin, end, row)
        return found


def read(path: str, options: ReadOptions = DEFAULT_OPTIONS) -> Annotations:
    """The spans of the chosen layer and feature, over the text rebuilt from `#Text=` lines."""
    reader = _Reader(path, options)
    text, starts, ends, sentences = reader.offsets()
    found = reader.annotations(starts, ends)
    token_starts, token_ends = reader.tokens(starts, ends)
    zero_length = [
        row for begin, end, row in zip(found.begins, found.ends, found.rows, strict=True) if begin == end
    ]
    warnings = []
    if zero_length:
        warnings.append(zero_length_warning(path, len(zero_length), reader.line_of(min(zero_length))))
    begins, ends, labels = found.begins, found.ends, found.labels
    del reader, found  # the lines and rows gone before the many objects below are made (see _Rows)
    name = Path(path).stem
    order = np.lexsort((ends, begins)).tolist()  # document order (stable: file order within)
    spans = [Span(begins[k], ends[k], labels[k], name) for k in order if begins[k] < ends[k]]
    tokens = list(zip(token_starts.tolist(), token_ends.tolist(), strict=True))
    return Annotations(path, NAME, [text_document(name, text, sentences, tokens)], spans, warnings)
