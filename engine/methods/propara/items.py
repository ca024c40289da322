"""The JSON report's item objects (its `items` and `summaries`: an input or output, a
conversion, a move) as msgspec structs, not dicts: made a third as fast, encoded by msgspec
as the dicts were (fields in the dicts' key order), and read as attributes. Only a run
with detail imports this module (and msgspec with it)."""

from __future__ import annotations

from itertools import starmap
from typing import TYPE_CHECKING

import msgspec

if TYPE_CHECKING:
    from .summary import Conversion, Move


class ParticipantsItem(msgspec.Struct, gc=False):
    """An input or output."""

    participants: str


class ConversionItem(msgspec.Struct, gc=False):
    participants_destroyed: str
    participants_created: str
    location: str
    step_number: int


class MoveItem(msgspec.Struct, gc=False):
    participants: str
    location_before: str
    location_after: str
    step_number: int


def participant_items(names: list[str]) -> list[ParticipantsItem]:
    return list(map(ParticipantsItem, names))


def conversion_items(conversions: list[Conversion]) -> list[ConversionItem]:
    """Conversions as the JSON report shows them (the diagnostics' dicts: summary.conversion_dicts)."""
    return list(starmap(ConversionItem, conversions))


def move_items(moves: list[Move]) -> list[MoveItem]:
    """Moves as the JSON report shows them (the diagnostics' dicts: summary.move_dicts)."""
    return list(starmap(MoveItem, moves))
