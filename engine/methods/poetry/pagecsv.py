"""The Pages table's CSV columns (specs/poetry.md §6.2) made from the scores' arrays, as
csv.Pieces: the numbers' texts by numpy, not a Python text per field and a join per row
(43,000 pages: 0.08 -> 0.05 s, most of it now the floats' texts)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ...export.csv import Coded, Pieces, number_fields
from .columns import Scores
from .jsontext import integer_texts, number_texts


def page_fields(
    page_ids: list[str], numbers: Sequence[Sequence[Any]], arrays: Scores, f1: np.ndarray
) -> list[Pieces]:
    """The Pages table's columns as the CSV writes them (COLUMNS, then f1, relevance,
    n_retrieved, n_reference_spans, n_system_spans, line), from the scores' arrays: page
    ids coded, numbers' digits by numpy (no Python object per field). `numbers`: the same
    values as Python columns (RowNumbers.columns), written where a float's text may differ."""
    n = len(page_ids)
    counts = [integer_texts(np.ascontiguousarray(arrays.counts[:, k])) for k in range(6)]
    texts = [
        _float_fields(arrays.precision, arrays.precision_int, numbers[0]),
        _float_fields(arrays.recall, arrays.recall_int, numbers[1]),
        *counts,
        _float_fields(f1, None, f1),
        _float_fields(arrays.relevance, arrays.relevance_int, numbers[8]),
        *(integer_texts(column) for column in (arrays.n_retrieved, arrays.n_ref, arrays.n_sys)),
        integer_texts(np.arange(1, n + 1)),
    ]  # fmt: skip
    return [Pieces([Coded(page_ids, np.arange(n))], n), *(Pieces([column], n) for column in texts)]


def _float_fields(
    values: np.ndarray, as_int: np.ndarray | None, python: Sequence[Any] | np.ndarray
) -> np.ndarray:
    """Floats (whole numbers written as integers where `as_int`) as the CSV writes them:
    their JSON texts, or where a text may differ from repr() (an exponent, `0.0000…`,
    null for nan and inf) the writer's fields of the Python values (not numpy's floats:
    repr() writes `np.float64(…)`)."""
    texts = number_texts(values.tolist())  # mostly distinct: float_texts's sort costs more than it saves
    laid = texts.tobytes()
    if b"e" in laid or b"n" in laid or b"0.0000" in laid:
        listed = python.tolist() if isinstance(python, np.ndarray) else list(python)
        return np.array(number_fields(listed), dtype="S")
    if as_int is None or not as_int.any():
        return texts
    return np.where(as_int, integer_texts(np.where(as_int, values, 0).astype(np.int64)), texts)
