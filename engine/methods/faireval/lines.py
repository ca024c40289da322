"""A FairEval data file's lines (specs/faireval.md §2.1), found by numpy over its bytes.

The file is split at every newline at once and each line's having text (a byte that
str.strip() keeps) is found in C; no line becomes a Python object until a reader asks for
it: the span lines' distinct texts (reading.py), each sentence's first line, the fields of the
CoNLL-2000 lines (split as str.split() splits them: engine/formats/columns.py).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property

import numpy as np

from ...blocks import byte_blocks, translated
from ...errors import InputError
from ...formats.columns import (
    NEWLINE,
    SPACE,
    TAB,
    decoded,
    gather,
    str_blanks_spaced,
)
from ...formats.conll2000 import LineFields
from ...formats.field_bytes import field_codes, index_kind, positions
from ...textio import (
    BOM,
    BOM_BYTES,
    bom_ignored,
    decode_utf8,
    lf_line_ends,
    refuse_unmarked_utf16,
    require_file,
)

#: What a reader calls with the share of its file done, now and then: a cancellation point.
Tick = Callable[[float], None]
#: bytes.translate's table: 0 for ASCII white space (str.isspace), 1 for any other byte (in a
#: file that is not ASCII, looked at once every wide white space is a space).
_TEXT_BYTES = bytes(0 if chr(b).isspace() else 1 for b in range(128)) + bytes([1]) * 128


def no_tick(share: float) -> None:
    """A reader's `tick` where no progress is reported."""


class FileLines:
    """A UTF-8 file's lines: where each starts and ends in its bytes (line ends \\n, \\r\\n
    or a lone \\r, as in text-mode iteration) and which hold text. A byte-order mark before
    the first line with text is read as white space, with a warning (F32)."""

    def __init__(self, path: str, warnings: list[str], tick: Tick = no_tick) -> None:
        self.raw = _read(path)  # as read, for its sha256
        ascii_only = self.raw.isascii()
        if not ascii_only:
            _check_utf8(self.raw, path)
        text = lf_line_ends(self.raw)
        data = np.frombuffer(text, np.uint8)
        kind = index_kind(len(data) + 1)
        ends = positions(data == NEWLINE, kind)
        tick(0.3)
        self.starts = np.empty(len(ends) + 1, kind)
        self.starts[0], self.starts[1:] = 0, ends + 1
        self.ends = np.append(ends, kind(len(data)))  # the last line: after the last newline
        self.data = data
        self.filled = self._with_text(text if ascii_only else self.spaced.tobytes())
        tick(0.6)
        if len(self.filled) and self.stripped([int(self.filled[0])])[0].startswith(BOM):
            self._drop_bom(path, int(self.filled[0]), warnings)

    def _with_text(self, text: bytes) -> np.ndarray:
        """The numbers of the lines holding a byte that is no blank (each line's bytes
        with the newline after it looked at by one reduction; `text`: the file's bytes,
        its white space ASCII)."""
        held = np.frombuffer(translated(text, _TEXT_BYTES, extra=1), bool)  # a last line's end
        if len(held) == 1:
            return np.zeros(0, np.int64)
        return np.flatnonzero(np.logical_or.reduceat(held, self.starts))

    def _drop_bom(self, path: str, line: int, warnings: list[str]) -> None:
        """The mark's bytes made blanks (the line stripped after it, as str.strip() would)."""
        text = self.stripped([line])[0]
        warnings.append(bom_ignored(path, text.split("\t")[0]))
        at = int(self.starts[line]) + int(np.argmax(self.data[self.starts[line] :] == BOM_BYTES[0]))
        self.data = self.data.copy()
        self.data[at : at + len(BOM_BYTES)] = SPACE
        self.__dict__.pop("spaced", None)  # made again from the data when asked for
        if not text[1:].strip():
            self.filled = self.filled[1:]

    def stripped(self, lines: np.ndarray | list[int]) -> list[str]:
        """The texts of these lines (in file order), stripped as str.strip() strips."""
        lines = np.asarray(lines, np.int64)
        if not len(lines):
            return []
        return [text.strip() for text in decoded(self.data, self.starts[lines], self.ends[lines])]

    def separators(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per line of `lines` (each holding text) how many TABs and how many spaces its
        text holds, stripped: the lines' bytes gathered, split where they have white space
        (their text's extent: first to last field), counted by one reduction each."""
        joined = gather(self.data, self.starts[lines], self.ends[lines], np.uint8(NEWLINE))
        extent = LineFields(joined).extents(np.arange(len(lines)))  # not the empty line after them
        return _between(joined == TAB, *extent), _between(joined == SPACE, *extent)

    def distinct(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per line of `lines` (in file order) its number among their distinct ones (equal
        bytes, numbered in order of first appearance), and per number its first line's index."""
        return field_codes(self.data, self.starts[lines], self.ends[lines])

    @cached_property
    def spaced(self) -> np.ndarray:
        """The bytes with every white space a space, TAB or newline (columns.str_blanks_spaced)."""
        return str_blanks_spaced(self.data)

    def let_go(self) -> None:
        """The fields let go (made again if asked for once more)."""
        self.__dict__.pop("fields", None)

    @cached_property
    def fields(self) -> LineFields:
        """Every line's fields as str.split() splits it (made when first asked for, from the
        spaced bytes where made already: they go to the fields)."""
        return LineFields(self.data, self.__dict__.pop("spaced", None))


def _check_utf8(raw: bytes, path: str) -> None:
    """InputError naming the line of the first byte that is not UTF-8 (decoded a block at a
    time: the app's UI thread runs between blocks)."""
    for block in byte_blocks(raw):
        try:
            block.decode("utf-8")
        except UnicodeDecodeError:
            decode_utf8(raw, path)  # raises the error that names the line
            raise


def _between(flags: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """How many of `flags` are set in each [start, end) (each holding an item; in order,
    none overlapping): one reduction over the bounds (not a running sum of every item)."""
    if not len(starts):
        return np.zeros(0, np.int64)
    bounds = np.empty(2 * len(starts), np.int64)
    bounds[0::2], bounds[1::2] = starts, ends
    return np.add.reduceat(np.append(flags, False), bounds, dtype=np.int64)[0::2]


def _read(path: str) -> bytes:
    """The bytes of an input file, refused where they look like UTF-16 without a byte-order mark."""
    p = require_file(path)
    try:
        raw = p.read_bytes()
    except PermissionError:
        raise InputError("a readable file", "permission denied", file=path) from None
    refuse_unmarked_utf16(raw[:2048], path)  # its letters would read as UTF-8, a NUL after each
    return raw
