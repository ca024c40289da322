"""The Pages table's CSV fields (specs/poetry.md §6.2) as csv.Pieces: the page ids coded,
and the numbers of each row as one piece, written by msgspec a block of rows at a time
(one call and one split a block, as the original's CSV: render.number_texts), not a text
per field (43,000 pages: 0.06 -> 0.03 s)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ...export.csv import Coded, Pieces, number_fields
from ...export.rowtexts import fixed
from .jsontext import objects
from .render import BLOCK

#: What marks a row's numbers whose JSON text may differ from repr() (an exponent,
#: `0.0000…`, null for nan and inf, true/false), as render.number_texts.
_NOT_REPR = (b"e", b"n", b".0000")


def page_fields(page_ids: list[str], numbers: Sequence[Sequence[Any]]) -> list[Pieces]:
    """The Pages table's fields: its page ids' column coded (`page_ids`: texts), then its
    other columns (`numbers`: equally long, of Python numbers) as one piece, each row's
    fields joined by commas: the columns' fields as the writer makes them (number_fields)."""
    import msgspec

    count = len(page_ids)
    texts: list[bytes] = []
    for start in range(0, count, BLOCK):
        rows = list(zip(*(column[start : start + BLOCK] for column in numbers), strict=True))
        encoded = msgspec.json.encode(rows)
        block = encoded[2:-2].split(b"],[")
        if any(mark in encoded for mark in _NOT_REPR):
            block = [_by_writer(row) if any(mark in text for mark in _NOT_REPR) else text
                     for text, row in zip(block, rows, strict=True)]  # fmt: skip
        texts += block
    ids = Pieces([Coded(page_ids, np.arange(count))], count)
    return [ids, Pieces([fixed(objects(texts))], count)]


def _by_writer(row: tuple[Any, ...]) -> bytes:
    """A row's numbers as the writer's fields (number_fields), joined by commas."""
    return ",".join(number_fields(list(row))).encode()
