"""What kind of cell each value of a block of a sheet's columns becomes, found over them all
at once: none (empty), a whole number, a decimal, a bool, or text — quoted where it starts
like a formula, its spaces kept where it starts or ends with one — and which values must
be put in one by one (text to escape or cut, NaN, infinities, values of other types)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import chain, compress
from math import isfinite
from operator import itemgetter
from typing import Any

import numpy as np

from .cells import FORMULA_START, MAX_TEXT

# Kind codes: a value of another type (and one to put in apart) is -1
NONE, INT, FLOAT, BOOL, TEXT = 0, 1, 2, 3, 4  # TEXT +1 quoted, +2 its spaces kept: 4..7


class _TypeCodes(dict):
    """The kind code of a value's type, as a byte (255: -1, a value of another type)."""

    def __missing__(self, key: type) -> int:
        return 255


_KIND_CODES = {type(None): NONE, int: INT, float: FLOAT, bool: BOOL, str: TEXT}
_TYPE_BYTES = _TypeCodes(_KIND_CODES)
LITERAL_ESCAPE = re.compile("(_x[0-9a-fA-F]{4}_)")
# What a code point of texts joined by NUL asks (the last entry: all above U+FFFF): escaping
# (_SPECIAL), or a look at whether an underscore starts a literal _xHHHH_ (_UNDERSCORE)
_SPECIAL, _UNDERSCORE = 1, 2
_POINT_FLAGS = np.zeros(0x10001, np.uint8)
_POINT_FLAGS[[*map(ord, "&<>\ufffe\uffff"), *range(1, 9), *range(11, 32), *range(0xD800, 0xE000)]] = _SPECIAL
_POINT_FLAGS[ord("_")] = _UNDERSCORE
# What a text's first or last character asks of its cell: quoting (a formula's start), keeping spaces
_QUOTED, _SPACED = 1, 2
# The whitespace (str.isspace) below U+3001, listed: a table of chr(c).isspace() costs 1.7 ms a run
WHITESPACE = (*range(9, 14), *range(28, 33), 0x85, 0xA0, 0x1680, *range(0x2000, 0x200B), 0x2028, 0x2029,
              0x202F, 0x205F, 0x3000)  # fmt: skip
_EDGE_FLAGS = np.zeros(0x3002, np.int8)  # the last entry: all from U+3001 on, none of them whitespace
_EDGE_FLAGS[list(WHITESPACE)] = _SPACED
_EDGE_FLAGS[[ord(c) for c in FORMULA_START]] = _QUOTED


def type_codes(column: Sequence[Any]) -> np.ndarray:
    """Each value's kind code by its type alone (TEXT for any text, -1 for another type)."""
    kind = type_kind(column)
    return kind if isinstance(kind, np.ndarray) else np.full(len(column), kind, np.int8)


def type_kind(column: Sequence[Any]) -> int | np.ndarray:
    """The kind code of the type of every value of a column, as most columns hold one
    type; else each value's (type_codes)."""
    types = list(map(type, column))
    if not types or types.count(types[0]) == len(types):
        return _KIND_CODES.get(types[0], -1) if types else NONE
    return np.frombuffer(bytearray(map(_TYPE_BYTES.__getitem__, types)), np.int8)  # (writable)


def columns_codes(columns: Sequence[Sequence[Any]], careful: Sequence[np.ndarray | None] | None = None
                  ) -> list[np.ndarray]:  # fmt: skip
    """The kind code of each value of each column. `careful[k]`, where known, marks column k's
    texts to escape or cut (its texts then looked at one by one: long ones); the other
    columns' texts are looked at all at once (a column of texts only taken as it is)."""
    known = careful or [None] * len(columns)
    kinds = list(map(type_kind, columns))
    texts = [_texts_of(values, kind) for values, kind in zip(columns, kinds, strict=True)]
    parts = [part for part, mask in zip(texts, known, strict=True) if mask is None and len(part)]
    found = _joined_codes(parts) if parts else np.zeros(0, np.int8)
    codes, at = [], 0
    for values, kind, part, mask in zip(columns, kinds, texts, known, strict=True):
        if mask is None or not len(part):  # (a column without texts: none to look at)
            text_codes, at = found[at : at + len(part)], at + len(part)
        else:
            text_codes = careful_codes(part, mask if isinstance(kind, int) else mask[kind == TEXT])
        codes.append(_placed(values, kind, text_codes))
    return codes


def _placed(values: Sequence[Any], kind: int | np.ndarray, text_codes: np.ndarray) -> np.ndarray:
    """A column's kind codes from its types' (type_kind) and its texts' codes (in order)."""
    if isinstance(kind, int):
        column = text_codes if kind == TEXT else np.full(len(values), kind, np.int8)
    else:
        column = kind
        column[kind == TEXT] = text_codes
    return column if isinstance(kind, int) and kind != FLOAT else _finite(values, column)


def _texts_of(values: Sequence[Any], kind: int | np.ndarray) -> Sequence[str]:
    """The texts of a column of values whose types are of kind `kind` (type_kind)."""
    if isinstance(kind, int):
        return values if kind == TEXT else ()
    texts = kind == TEXT
    return list(compress(values, texts.tolist())) if texts.any() else ()


def _finite(values: Sequence[Any], codes: np.ndarray) -> np.ndarray:
    """The codes with NaN and the infinities among the decimals put apart (-1: written as text)."""
    floats = codes == FLOAT
    if floats.any() and not (_only_floats(codes, floats) and isfinite(sum(filter(None, values)))):
        finite = np.isfinite(np.fromiter(compress(values, floats.tolist()), float))
        codes[np.flatnonzero(floats)[~finite]] = -1
    return codes


def _only_floats(codes: np.ndarray, floats: np.ndarray) -> bool:
    """Whether a column holds decimals and None only: NaN and the infinities among them then
    carry into their sum (as does a sum too large, then looked at value by value)."""
    return bool(floats.all() or (floats | (codes == NONE)).all())


def _joined_codes(parts: Sequence[Sequence[str]]) -> np.ndarray:
    """The kind codes of the texts of `parts` (columns' texts, in turn), looked at all at once."""
    joined = Joined(parts)
    return _codes(joined.lengths, joined.first, joined.last, joined.careful())


def careful_codes(texts: Sequence[str], careful: np.ndarray | None) -> np.ndarray:
    """The kind codes of texts whose ones to escape or cut are known (`careful`; None: none,
    as texts escaped and cut already): long ones (contexts), not joined, their first and last
    characters looked at one by one."""
    lengths = np.fromiter(map(len, texts), np.int64, len(texts))
    first, last = (_edge_flags(_points(_ends(texts, end, lengths))) for end in (0, -1))
    return _codes(lengths, first, last, careful)


def _codes(lengths: np.ndarray, first: np.ndarray, last: np.ndarray, careful: np.ndarray | None
           ) -> np.ndarray:  # fmt: skip
    """The kind codes of texts: none where empty; -1 where it must be escaped or cut
    (`careful`); else text, quoted where it starts like a formula (its `first` character's
    edge flags), its spaces kept where it starts or ends with one."""
    codes = (first & _QUOTED) | ((first | last) & _SPACED)
    codes += TEXT
    if careful is not None:
        codes[careful] = -1
    codes[lengths == 0] = NONE
    return codes


class Joined:
    """The texts of columns (`parts`, each column's in turn) joined by NUL (and NUL at both
    ends) and their characters' code points: where each text starts and ends, their lengths,
    their first and last characters' edge flags."""

    def __init__(self, parts: Sequence[Sequence[str]]) -> None:
        self.parts, self.n = parts, sum(map(len, parts))
        self.text = "\x00".join(["", *map("\x00".join, parts), ""])  # (no part empty)
        self.points = _points(self.text)
        nuls = np.flatnonzero(self.points == 0)
        self.inner_nul = len(nuls) != self.n + 1  # a text holds NUL
        self.lengths = np.diff(nuls) - 1
        if self.inner_nul:
            self.lengths = np.fromiter(map(len, chain.from_iterable(parts)), np.int64, self.n)
        self.ends = np.cumsum(self.lengths + 1)  # where each text's closing NUL is
        starts = self.ends - self.lengths
        # an empty text's first and last: NUL, no flags
        self.first, self.last = _edge_flags(self.points[starts]), _edge_flags(self.points[self.ends - 1])

    def careful(self) -> np.ndarray | None:
        """Which texts must be escaped or cut (`special` or long); None where none must."""
        found = self._special()
        careful = self.lengths > MAX_TEXT // 2
        if not (len(found) or self.inner_nul or careful.any()):
            return None
        careful[np.searchsorted(self.ends, found, side="right")] = True
        if self.inner_nul:
            careful |= np.fromiter(["\x00" in text for text in chain.from_iterable(self.parts)], bool, self.n)
        return careful

    def _special(self) -> np.ndarray:
        """Where the joined text holds a character to escape or a literal _xHHHH_ (all its
        characters' flags taken at once; the literals searched for only after an `_x`)."""
        flags = np.take(_POINT_FLAGS, self.points, mode="clip")
        found = np.flatnonzero(flags)
        asked = flags[found]
        underscores, found = found[asked == _UNDERSCORE], found[asked == _SPECIAL]
        if len(underscores) and (self.points[underscores + 1] == ord("x")).any():  # the text ends with NUL
            literal = [m.start() for m in LITERAL_ESCAPE.finditer(self.text)]
            found = np.append(found, np.array(literal, np.int64))
        return found


def spaced(starting: str, ending: str) -> np.ndarray:
    """Whether each text starts or ends with whitespace (given each one's first character in
    `starting`, its last in `ending`): its <t> keeps its spaces."""
    return ((_edge_flags(_points(starting)) | _edge_flags(_points(ending))) & _SPACED) > 0


def _points(text: str) -> np.ndarray:
    """The code points of a text (lone surrogates too)."""
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)


def _edge_flags(points: np.ndarray) -> np.ndarray:
    """_QUOTED where a code point starts a formula, _SPACED where it is whitespace."""
    return np.take(_EDGE_FLAGS, points, mode="clip")


def _ends(texts: Sequence[str], end: int, lengths: np.ndarray) -> str:
    """The first (`end` 0) or last (-1) character of each text, NUL for an empty one."""
    if lengths.all():
        return "".join(map(itemgetter(end), texts))
    return "".join(text[end] if text else "\x00" for text in texts)
