"""The fields of an action file found on its bytes (numpy), for the reader in
propara_actions: where each line's first six fields start and end, and per column of
fields an integer code per row, equal codes meaning equal bytes (columns.field_codes).
Only the distinct texts of a column become Python strings.
"""

from __future__ import annotations

import numpy as np

from .columns import distinct_fields, index_kind, positions

FIELDS = 6  # the fields a row needs; a line may have more (the rest is ignored)
Bounds = list[tuple[np.ndarray, np.ndarray]]  # per field: (starts, ends) of every row


class ByteFields:
    """A file's bytes (every line ending in \\n) with the bounds of each line's first six
    fields; `bounds` is None when some line has fewer."""

    def __init__(self, data: bytes) -> None:
        self.data = np.frombuffer(data, np.uint8)
        self.bounds = field_bounds(self.data)
        self.lines = 0 if self.bounds is None else len(self.bounds[0][0])

    def column(self, field: int) -> tuple[np.ndarray, list[str]]:
        """Per row the code of one field (0, 1, … in order of first appearance), and per
        code its text."""
        assert self.bounds is not None
        return distinct_fields(self.data, *self.bounds[field])

    def columns(self, fields: tuple[int, ...]) -> tuple[list[np.ndarray], list[str]]:
        """Per field, per row its code, the fields coded together (equal codes, equal texts
        in any of them) row by row, so that a text repeated from one field to the next (a
        location before and after a step) is looked up once; per code its text."""
        assert self.bounds is not None
        starts, ends = (np.stack([self.bounds[f][end] for f in fields], axis=1).ravel() for end in (0, 1))
        codes, texts = distinct_fields(self.data, starts, ends)
        return [codes[j :: len(fields)] for j in range(len(fields))], texts


def field_bounds(text: np.ndarray) -> Bounds | None:
    """(starts, ends) of the first six fields of every line (the sixth ends at the next TAB
    or at the line end); None when a line has fewer than six."""
    below = positions(text < 11, index_kind(len(text)))  # TAB (9), LF (10) and rare control characters
    kinds = text.take(below)
    separators = below
    if kinds.min(initial=9) < 9:  # control characters other than TAB and LF: not separators
        separating = kinds >= 9
        separators, kinds = below[separating], kinds[separating]
    line_ends = np.flatnonzero(kinds == 10)  # among the separators
    first = np.concatenate(([0], line_ends[:-1] + 1))  # each line's first separator
    if not len(line_ends) or int((line_ends - first).min()) < FIELDS - 1:
        return None
    cuts = [separators.take(first + j) for j in range(FIELDS)]
    starts = [np.concatenate(([0], separators.take(line_ends[:-1]) + 1)), *(cut + 1 for cut in cuts[:-1])]
    return list(zip(starts, cuts, strict=True))
