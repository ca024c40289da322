"""A column of error rows' span pieces kept as arrays: each row's [start, end) pieces (one
for a span, several for a span with gaps, none without a span) as `[[start, end], …]` when
read, flat arrays for the app's marks and the workbook's contexts: no list per row until a
row is read (FairEval's error rows on the app bench: 116,892 rows, two sides)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import chain
from typing import Any, overload

import numpy as np

from .rowkeys import ranges, run_bounds
from .spans import same_items

Pieces = list[list[int]]  # one row's [start, end) pieces

#: Rows of lists taken at a time (PieceColumn.of): a C-level pass holds the interpreter's
#: lock throughout, and the app's window waits while its worker makes the marks.
BLOCK = 10_000


class PieceColumn(Sequence[Pieces]):
    """Row k's pieces are [starts[i], ends[i]) for i in bounds[k]..bounds[k + 1] − 1."""

    def __init__(self, bounds: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> None:
        self.bounds, self.starts, self.ends = bounds, starts, ends

    @classmethod
    def spans(cls, starts: np.ndarray, ends: np.ndarray, present: np.ndarray,
              own: Mapping[int, Pieces] | None = None) -> PieceColumn:  # fmt: skip
        """One piece [starts, ends) per row where `present`, none elsewhere; rows `own` (by
        row number, each at least one piece) their own pieces instead."""
        numbers = np.array(sorted(own or ()), np.int64)
        counts = present.astype(np.int64)
        counts[numbers] = [len(own[k]) for k in numbers.tolist()] if own else []
        bounds = run_bounds(counts)
        plain = present.copy()
        plain[numbers] = False
        at = bounds[:-1][plain]
        pieces = np.zeros((2, int(bounds[-1])), np.result_type(starts, ends))  # objects: offsets past int64
        pieces[0, at], pieces[1, at] = starts[plain], ends[plain]
        if own:
            given = np.array([piece for k in numbers.tolist() for piece in own[k]], np.int64)
            pieces[:, ranges(bounds[numbers], counts[numbers])] = given.T
        return cls(bounds, pieces[0], pieces[1])

    @classmethod
    def of(cls, rows: Sequence[Any]) -> PieceColumn:
        """`rows` as a PieceColumn: itself if it is one; else each row's list of [start, end]
        (None or [] for none), BLOCK rows at a time."""
        if isinstance(rows, PieceColumn):
            return rows
        return cls.concat([cls._of_lists(rows[at : at + BLOCK]) for at in range(0, len(rows), BLOCK)])

    @classmethod
    def _of_lists(cls, rows: Sequence[Any]) -> PieceColumn:
        lists = [row or () for row in rows]
        counts = np.fromiter(map(len, lists), np.int64, len(lists))
        flat = np.fromiter(chain.from_iterable(chain.from_iterable(lists)), np.int64, 2 * int(counts.sum()))
        return cls(run_bounds(counts), flat[0::2], flat[1::2])

    @staticmethod
    def concat(columns: Sequence[PieceColumn]) -> PieceColumn:
        """The rows of `columns` one after another."""
        shifts = np.cumsum([0, *(len(c.starts) for c in columns)])
        bounds = [np.zeros(1, np.int64)] + [c.bounds[1:] + at for c, at in zip(columns, shifts, strict=False)]
        starts = [np.zeros(0, np.int64)] + [c.starts for c in columns]
        ends = [np.zeros(0, np.int64)] + [c.ends for c in columns]
        return PieceColumn(np.concatenate(bounds), np.concatenate(starts), np.concatenate(ends))

    def part(self, start: int, stop: int) -> PieceColumn:
        """Rows start..stop − 1 as a PieceColumn (views of this one's arrays)."""
        a, b = int(self.bounds[start]), int(self.bounds[stop])
        return PieceColumn(self.bounds[start : stop + 1] - a, self.starts[a:b], self.ends[a:b])

    def pieces(self) -> tuple[np.ndarray, np.ndarray]:
        """Every row's pieces, one row after another: their starts and ends."""
        return self.starts, self.ends

    def filled(self) -> np.ndarray:
        """Per row: whether it has a piece."""
        return self.bounds[1:] > self.bounds[:-1]

    def extent(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Each row's first start and last end (0 for a row without pieces), and whether it has any."""
        has = self.filled()
        starts, ends = np.append(self.starts, 0), np.append(self.ends, 0)
        none = len(self.starts)  # the 0 appended
        first, last = np.where(has, self.bounds[:-1], none), np.where(has, self.bounds[1:] - 1, none)
        return starts[first], ends[last], has

    def rows(self) -> np.ndarray:
        """Each piece's row number."""
        return np.repeat(np.arange(len(self), dtype=np.int64), np.diff(self.bounds))

    def __len__(self) -> int:
        return len(self.bounds) - 1

    @overload
    def __getitem__(self, index: int) -> Pieces: ...
    @overload
    def __getitem__(self, index: slice) -> list[Pieces]: ...
    def __getitem__(self, index: int | slice) -> Pieces | list[Pieces]:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                return [self[k] for k in range(start, stop, step)]
            return self._lists(start, max(start, stop))
        k = range(len(self))[index]
        return self._lists(k, k + 1)[0]

    def _lists(self, start: int, stop: int) -> list[Pieces]:
        """Rows start..stop − 1 as lists: made from the pairs of their pieces at once."""
        a, b = int(self.bounds[start]), int(self.bounds[stop])
        pairs = np.stack((self.starts[a:b], self.ends[a:b]), axis=1).tolist()
        cuts = (self.bounds[start : stop + 1] - a).tolist()
        return [pairs[x:y] for x, y in zip(cuts[:-1], cuts[1:], strict=True)]

    def __iter__(self) -> Iterator[Pieces]:
        return iter(self._lists(0, len(self)))

    def __eq__(self, other: object) -> bool:
        return same_items(self, other)

    __hash__ = None  # type: ignore[assignment]  # equal by its items, as a list


#: The farthest position a view (a workbook's context, a page's stand-in text) reaches: with
#: room for their sums in 64 bits.
FARTHEST_SHOWN = 2**62


def positions_within(positions: np.ndarray, bound: int) -> np.ndarray:
    """Positions as 64-bit integers within ±bound: a page without text may have offsets past
    2**63 (kept as Python ints), which no view shows; clipped, they keep their order."""
    return np.clip(positions, -bound, bound).astype(np.int64)
