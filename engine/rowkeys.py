"""Rows of whole numbers (one value from each column) as one sortable integer each: the one
way the array methods (FairEval, spans, agreement) find and order equal rows by sorting."""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np

from .blocks import distinct_in_order, mapped_array


def row_keys(*columns: np.ndarray, limit: int = 1 << 63) -> np.ndarray:
    """One integer per row below `limit`, equal exactly for equal rows and ordered as the
    rows are (first column first): the columns packed into one number where they fit,
    otherwise the rows' dense ids."""
    return stacked_row_keys(columns, limit=limit)


def stacked_row_keys(*blocks: tuple[np.ndarray, ...], limit: int = 1 << 63) -> np.ndarray:
    """row_keys of the rows of several blocks of the same columns, one block after the
    other, without joining the blocks' columns first."""
    filled = [block for block in blocks if len(block[0])]
    if not filled:
        return np.zeros(0, dtype=np.int64)
    packed = _packed(filled, limit)
    if packed is None:
        return _sorted_ids(*(np.concatenate([block[c] for block in filled]) for c in range(len(filled[0]))))
    return packed


def _packed(filled: list[tuple[np.ndarray, ...]], limit: int) -> np.ndarray | None:
    """The rows of the (non-empty) blocks packed into one number each, first column
    highest; None where the columns' spans multiplied reach `limit`."""
    numbers = range(len(filled[0]))
    lows = [min(int(block[c].min()) for block in filled) for c in numbers]
    widths = [max(int(block[c].max()) for block in filled) - lows[c] + 1 for c in numbers]
    if math.prod(widths) >= limit:
        return None
    keys = np.zeros(sum(len(block[0]) for block in filled), dtype=np.int64)
    at = 0
    for block in filled:
        part, at = keys[at : at + len(block[0])], at + len(block[0])
        for column, low, width in zip(block, lows, widths, strict=True):
            part *= width
            part += column - low
    return keys


def group_ids(*columns: np.ndarray) -> np.ndarray:
    """Dense ids of the rows, in the rows' order: equal rows get equal ids (the rows
    packed into whole numbers and sorted once where they fit, else sorted column by column)."""
    if len(columns[0]) == 0:
        return np.zeros(0, dtype=np.int64)
    packed = _packed([columns], 1 << 63)
    if packed is None:
        return _sorted_ids(*columns)
    return distinct_values(packed)[1]


#: How many more places than values a table of the values' range may have (distinct_values).
DENSE = 8
#: The most places such a table has (4-byte ranks: 64 MiB).
DENSE_LIMIT = 1 << 24


def distinct_naturals(numbers: np.ndarray) -> np.ndarray:
    """The distinct numbers (none negative) of an array, in order (np.unique(numbers) alone,
    with no inverse or counts asked, imports numpy.ma: 15-25 ms of CPU a run)."""
    return np.flatnonzero(np.bincount(numbers))


def first_seen_codes(values: Sequence[Hashable]) -> tuple[np.ndarray, list[Any]]:
    """Each value's number among the distinct values in order of first appearance, and
    those values."""
    number: dict[Any, int] = {}
    return codes_in(number, values), list(number)


def codes_in(number: dict[Any, int], values: Sequence[Hashable], dtype: type = np.int64) -> np.ndarray:
    """Each value's number in `number`, a value not in it numbered next, in order of first
    appearance (and added): each found by a dict in C (dict.fromkeys, then a map), not a
    Python step a value; a block at a time (engine.blocks: each C call holds the
    interpreter's lock)."""
    for value in distinct_in_order(values):
        number.setdefault(value, len(number))
    return mapped_array(number.__getitem__, values, dtype)


def distinct_values(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """np.unique(values, return_inverse=True) of whole numbers: the distinct values in
    order and each value's number among them. Where the values' range is small (at most
    DENSE places a value, DENSE_LIMIT in all) by a table of it, marked and counted (no
    sort: 10-25 times faster on 40,000-400,000 values); else by sorting (_sorted_distinct)."""
    if not len(values):
        return values[:0], np.zeros(0, dtype=np.int64)
    low, high = int(values.min()), int(values.max())
    width = high - low + 1
    if width > min(DENSE * len(values) + (1 << 16), DENSE_LIMIT):
        return _sorted_distinct(values)
    shifted = values - low
    present = np.zeros(width, dtype=bool)
    present[shifted] = True
    rank = np.cumsum(present, dtype=np.int32)
    rank -= 1
    return (np.flatnonzero(present) + low).astype(values.dtype, copy=False), rank[shifted].astype(np.int64)


def _sorted_distinct(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """distinct_values by sorting the (non-empty) values once (a range too wide for a table):
    what np.unique(values, return_inverse=True) gives (which imports no numpy.ma), in a stable
    sort that took 0.5-0.9 of its time on 40,000-400,000 values of a wide range."""
    which = _sorted_ids(values)
    distinct = np.empty(int(which.max()) + 1, dtype=values.dtype)
    distinct[which] = values
    return distinct, which


def _sorted_ids(*columns: np.ndarray) -> np.ndarray:
    """group_ids by a lexsort of the columns (rows too wide to pack)."""
    n = len(columns[0])
    order = np.lexsort(columns[::-1])
    new = np.zeros(n, dtype=bool)
    new[0] = True
    for column in columns:
        ordered = column[order]
        new[1:] |= ordered[1:] != ordered[:-1]
    ids = np.empty(n, dtype=np.int64)
    ids[order] = np.cumsum(new) - 1
    return ids


def row_order(rows: np.ndarray) -> np.ndarray:
    """The stable order sorting a 2-D array's rows by their columns, first column first."""
    return np.argsort(row_keys(*rows.T), kind="stable")


def first_of_groups(groups: np.ndarray, n_groups: int) -> np.ndarray:
    """For each group id, the first index holding it (n where none does)."""
    first = np.full(n_groups, len(groups), dtype=np.int64)
    np.minimum.at(first, groups, np.arange(len(groups)))
    return first


def run_starts(lengths: np.ndarray) -> np.ndarray:
    """Where each of runs of these lengths, laid one after another from 0, starts."""
    return np.cumsum(lengths) - lengths


def run_bounds(lengths: np.ndarray) -> np.ndarray:
    """run_starts, and where the last run ends (0 first, then the running sum)."""
    bounds = np.zeros(len(lengths) + 1, np.int64)
    np.cumsum(lengths, out=bounds[1:])
    return bounds


def run_positions(lengths: np.ndarray) -> np.ndarray:
    """0 … lengths[0] − 1, then 0 … lengths[1] − 1, …: each item's number in its run."""
    return ranges(np.zeros_like(lengths), lengths)


def ranges(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """starts[0] … starts[0] + lengths[0] − 1, then starts[1] … starts[1] + lengths[1] − 1, …"""
    return np.repeat(starts - run_starts(lengths), lengths) + np.arange(int(lengths.sum()))
