"""The annotations of one WebAnno TSV column, read from its cells all at once.

A cell holds values stacked with `|` (one not escaped by a backslash); a value is a label,
`*` (an annotation without a value) or either followed by `[N]`: annotation N, which
begins at its first row and ends at the end of its last row in file order. The cells'
bytes are laid one after the other and split, numbered and checked as numpy arrays; only
the annotations' labels (and numbers) become strings.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..errors import InputError, given
from .columns import decoded, gathered
from .reader_options import OR_MISSING_LABEL
from .webanno_rows import LINE_END, escaped

_VALUE_ESCAPE = re.compile(r"\\(\\|\[|\]|\||_|->|;|t|n|\*)")
_CONTROL = {"t": "\t", "n": "\n"}


def unescape_value(value: str) -> str:
    """A feature value as written with escapes."""
    if "\\" not in value:
        return value
    return _VALUE_ESCAPE.sub(lambda m: _CONTROL.get(m.group(1), m.group(1)), value)


@dataclass
class Found:
    """The annotations of a column in order of their first row: begin, end, label, row;
    `written(k)` says how annotation k is written in its first cell (`PER[3]`)."""

    begins: np.ndarray
    ends: np.ndarray
    labels: list[str]
    rows: np.ndarray
    written: Callable[[int], str] | None = None


@dataclass
class _Values:
    """The stacked values of the cells: where each lies in `pieces` and its cell's row."""

    pieces: np.ndarray  # the cells' bytes, each value followed by a line end
    begins: np.ndarray
    ends: np.ndarray
    rows: np.ndarray

    def count(self, mask: np.ndarray, begins: np.ndarray, ends: np.ndarray) -> np.ndarray:
        """How many bytes of each stretch [begin, end) of the pieces are in `mask`."""
        total = np.concatenate(([0], np.cumsum(mask)))
        return total[ends] - total[begins]

    def strings(self, begins: np.ndarray, ends: np.ndarray) -> list[str]:
        return decoded(self.pieces, begins, ends)


def _values(array: np.ndarray, rows: np.ndarray, begins: np.ndarray, ends: np.ndarray) -> _Values:
    """The cells [begin, end) of the bytes (one a row) split at each `|` not escaped."""
    pieces, at = gathered(array, begins, ends, np.uint8(LINE_END))
    bars = np.flatnonzero(pieces == ord("|"))
    pieces[bars[~escaped(pieces, bars)]] = LINE_END
    value_ends = np.flatnonzero(pieces == LINE_END)
    value_begins = np.concatenate(([0], value_ends + 1))[:-1]
    cell_of = np.searchsorted(at, value_begins, side="right") - 1
    return _Values(pieces, value_begins, value_ends, rows[cell_of])


@dataclass
class _Numbered:
    """The values ending in `[N]`: which they are, where their `[` is, whether N is a number."""

    which: np.ndarray  # index among the values
    opens: np.ndarray  # where the last `[` is in the pieces (-1: none in the value)
    numbers: tuple[np.ndarray, np.ndarray]  # where N begins and ends (empty where no `[`)
    good: np.ndarray  # N is a number (str.isdigit)


def _numbered(values: _Values) -> _Numbered:
    """The values ending in a `]` that no backslash escapes, with their last `[`."""
    pieces, begins, ends = values.pieces, values.begins, values.ends
    which = np.flatnonzero((ends > begins) & (pieces[np.maximum(ends - 1, 0)] == ord("]")))
    which = which[~escaped(pieces, ends[which] - 1)]
    brackets = np.flatnonzero(pieces == ord("["))
    before = np.searchsorted(brackets, ends[which] - 1) - 1
    opens = brackets[np.maximum(before, 0)] if brackets.size else np.zeros(len(which), dtype=np.int64)
    opens = np.where((before >= 0) & (opens >= begins[which]), opens, -1)
    numbers = np.where(opens >= 0, opens + 1, ends[which] - 1), ends[which] - 1
    return _Numbered(which, opens, numbers, _are_numbers(values, *numbers))


def _are_numbers(values: _Values, begins: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """Whether each stretch is a number as str.isdigit takes one: ASCII digits, or (rarely)
    other digits of Unicode."""
    pieces = values.pieces
    other = values.count(pieces - ord("0") >= 10, begins, ends)
    good = (ends > begins) & (other == 0)
    wide = np.flatnonzero((ends > begins) & (values.count(pieces >= 0x80, begins, ends) > 0))
    for k in wide.tolist():
        good[k] = values.strings(begins[k : k + 1], ends[k : k + 1])[0].isdigit()
    return good


def read_cells(array: np.ndarray, rows: np.ndarray, cells: tuple[np.ndarray, np.ndarray],
               bounds: tuple[np.ndarray, np.ndarray], missing: str | None,
               fail: Callable[[str, str, int], InputError], valueless: bool = False) -> Found:  # fmt: skip
    """The annotations of the cells [begin, end) of the rows (in file order), each row
    covering `bounds` (begins, ends, one a row); `missing` labels those without a value:
    with `valueless` every one (a layer without features: its cells, the roles of its
    slot feature's links or `*`, say where its annotations are, not a value)."""
    values = _values(array, rows, *cells)
    numbered = _numbered(values)
    numbers = values.strings(*numbered.numbers)
    first, last = _occurrences(numbers)
    kept = np.ones(len(values.begins), dtype=bool)
    kept[numbered.which[first != np.arange(len(numbers))]] = False  # a row more of annotation N
    label_ends = values.ends.copy()
    label_ends[numbered.which] = numbered.opens
    stars = kept & (label_ends - values.begins == 1) & (values.pieces[values.begins] == ord("*"))
    stars = kept if valueless else stars
    _check(values, numbered, stars if missing is None else np.zeros(0, dtype=bool), fail)
    ends = bounds[1][values.rows]
    ends[numbered.which] = ends[numbered.which[last]]  # annotation N ends with its last row
    labels = values.strings(values.begins[kept], label_ends[kept])
    labels = [missing if label == "*" or valueless else unescape_value(label) for label in labels]
    found = Found(bounds[0][values.rows[kept]], ends[kept], labels, values.rows[kept])
    found.written = _written(values, np.flatnonzero(kept))
    return found


def _written(values: _Values, kept: np.ndarray) -> Callable[[int], str]:
    """How annotation k (value kept[k]) is written: `PER[3]`; `PER (value 2 of the cell)`
    for a value without a number stacked after others."""

    def written(k: int) -> str:
        value = int(kept[k])
        text = values.strings(values.begins[value : value + 1], values.ends[value : value + 1])[0]
        position = value - int(np.searchsorted(values.rows, values.rows[value]))
        return f"{text} (value {position + 1} of the cell)" if position and not text.endswith("]") else text

    return written


def _occurrences(numbers: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """For each number, the index of its first and of its last occurrence."""
    keys = np.array(numbers, dtype=object)  # (a fixed-width str array would be as wide as the longest)
    _, first, which = np.unique(keys, return_index=True, return_inverse=True)
    _, last = np.unique(keys[::-1], return_index=True)
    return first[which], (len(keys) - 1 - last)[which]


def _check(values: _Values, numbered: _Numbered, stars: np.ndarray,
           fail: Callable[[str, str, int], InputError]) -> None:  # fmt: skip
    """The error of the first value whose brackets hold no number or (`stars`) that is an
    annotation without a value where no label was given for those."""
    bad = numbered.which[~numbered.good]
    first_bad = int(bad[0]) if bad.size else len(values.begins)
    first_star = int(np.argmax(stars)) if stars.any() else len(values.begins)
    if first_star < first_bad:
        expected = f"a value for every annotation ({OR_MISSING_LABEL})"
        star = slice(first_star, first_star + 1)
        written = values.strings(values.begins[star], values.ends[star])[0]
        roles = f"{written!r} (the roles of a slot feature's links: the layer has no feature with a value)"
        found = "'*' (an annotation without a value)" if written.split("[")[0] == "*" else roles
        raise fail(expected, found, int(values.rows[first_star]))
    if bad.size:
        bad_value = slice(first_bad, first_bad + 1)
        raw = values.strings(values.begins[bad_value], values.ends[bad_value])[0]
        raise fail("an annotation number as in 'PER[3]'", given(raw), int(values.rows[first_bad]))
