"""The Pages table's CSV fields (specs/poetry.md §6.2) as csv.Pieces: the page ids coded,
and the numbers of each row as one piece, written by msgspec a block of rows at a time
(render.number_bytes, as the original's CSV), not a text per field (43,000 pages: 0.06
-> 0.03 s)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ...export.csv import Pieces, number_fields
from ...export.rowtexts import fixed, objects
from ...report import Coded
from .render import BLOCK, number_bytes


def page_fields(page_ids: list[str], numbers: Sequence[Sequence[Any]]) -> list[Pieces]:
    """The Pages table's fields: its page ids' column coded (`page_ids`: texts), then its
    other columns (`numbers`: equally long, of Python numbers) as one piece, each row's
    fields joined by commas: the columns' fields as the writer makes them (number_fields)."""
    count = len(page_ids)
    texts: list[bytes] = []
    for start in range(0, count, BLOCK):
        texts += number_bytes(numbers, start, min(start + BLOCK, count), _by_writer)
    ids = Pieces([Coded(page_ids, np.arange(count))], count)
    return [ids, Pieces([fixed(objects(texts))], count)]


def _by_writer(row: tuple[Any, ...]) -> bytes:
    """A row's numbers as the writer's fields (number_fields), joined by commas."""
    return ",".join(number_fields(list(row))).encode()
