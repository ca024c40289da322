"""Rows of whole numbers (one value from each column) as one sortable integer each: the one
way the array methods (FairEval, spans, agreement) find and order equal rows by sorting."""

from __future__ import annotations

import math

import numpy as np


def row_keys(*columns: np.ndarray, limit: int = 1 << 63) -> np.ndarray:
    """One integer per row below `limit`, equal exactly for equal rows and ordered as the
    rows are (first column first): the columns packed into one number where they fit,
    otherwise the rows' dense ids."""
    if not len(columns[0]):
        return np.zeros(0, dtype=np.int64)
    lows = [int(column.min()) for column in columns]
    widths = [int(column.max()) - low + 1 for column, low in zip(columns, lows, strict=True)]
    if math.prod(widths) >= limit:
        return group_ids(*columns)
    key = np.zeros(len(columns[0]), dtype=np.int64)
    for column, low, width in zip(columns, lows, widths, strict=True):
        key *= width
        key += column - low
    return key


def group_ids(*columns: np.ndarray) -> np.ndarray:
    """Dense ids of the rows, in the rows' order: equal rows get equal ids."""
    n = len(columns[0])
    if n == 0:
        return np.zeros(0, dtype=np.int64)
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
