"""Label Studio regions checked against their task's text: a region's `value.text` is the
text it covers, so its offsets can be checked. Label Studio before its fix for characters
beyond U+FFFF (label-studio issue 1347) counted offsets in UTF-16 code units, so after an
emoji every offset is one too far per such character; a region whose offsets read its
`text` only as UTF-16 units is converted to characters, with a warning. Any other
difference is a warning and the offsets are used as they are (as for brat's text fields)."""

from __future__ import annotations

from bisect import bisect_left
from itertools import accumulate
from typing import Any

from ..errors import FileWarning, first_listed, json_value
from .jsondocs import MISSING, Record, offsets

#: Regions named in a warning at most.
SHOWN = 5


def _same(covered: str | None, said: str) -> bool:
    """The covered text reads as the region's text, up to white space."""
    return covered is not None and covered.split() == said.split()


def _covered(text: str, start: int, end: int) -> str | None:
    return text[start:end] if 0 <= start <= end <= len(text) else None


def utf16_units(text: str) -> list[int] | None:
    """The UTF-16 offset at each character offset of `text` (one more than its length);
    None for a text without a character beyond U+FFFF (the offsets are the same)."""
    if max(text, default="") <= "\uffff":
        return None
    return list(accumulate((2 if ord(c) > 0xFFFF else 1 for c in text), initial=0))


def _from_utf16(units: list[int], start: int, end: int) -> tuple[int, int] | None:
    """UTF-16 offsets as character offsets, by the text's `units` (utf16_units); None where
    one falls inside a character or beyond the text."""
    found = [bisect_left(units, offset) for offset in (start, end)]
    if any(k == len(units) or units[k] != offset for k, offset in zip(found, (start, end), strict=True)):
        return None
    return found[0], found[1]


class TextChecks:
    """The regions of one file checked against their texts, and what the user is told."""

    def __init__(self) -> None:
        self.converted: list[str] = []  # where each region read as UTF-16 units was
        self.differing: list[str] = []  # where each other differing region was, with both texts
        self.units: tuple[str, list[int] | None] = ("", None)  # the last text's utf16_units

    def offsets(self, record: Record, path: str, where: str, value: dict[str, Any],
                text: str) -> tuple[int, int]:  # fmt: skip
        """The region's checked character offsets in its task's text."""
        start, end, said = value.get("start", MISSING), value.get("end", MISSING), value.get("text")
        at = f"{record.path}{where}"
        checkable = isinstance(said, str) and type(start) is int and type(end) is int
        if checkable and not _same(_covered(text, start, end), said):
            units = self._units(text)
            converted = _from_utf16(units, start, end) if units is not None else None
            if converted is not None and _same(text[converted[0]:converted[1]], said):
                self.converted.append(f"{at} [{start}, {end}) → [{converted[0]}, {converted[1]})")
                return converted
            found = _covered(text, start, end)
            if found is not None:
                said, found = json_value(said), json_value(found)
                self.differing.append(f"{at}: {said} at [{start}, {end}) reads {found}")
        return offsets(record, path, where, start, end, len(text))

    def _units(self, text: str) -> list[int] | None:
        """utf16_units of `text`, counted once for the regions of one task."""
        if self.units[0] is not text:
            self.units = (text, utf16_units(text))
        return self.units[1]

    def warnings(self, path: str) -> list[str]:
        warnings = []
        if self.converted:
            warnings.append(FileWarning(path, f"{_count(self.converted)} counted in UTF-16 units (as Label "
                                        "Studio wrote them before its fix for characters beyond U+FFFF, such "
                                        "as emoji), converted to characters as their text shows: "
                                        f"{_listed(self.converted)}"))  # fmt: skip
        if self.differing:
            warnings.append(FileWarning(path, f"{_count(self.differing)} whose text differs from the task's "
                                        f"text at its offsets (the offsets are used): "
                                        f"{_listed(self.differing)}"))  # fmt: skip
        return warnings


def _count(items: list[str]) -> str:
    return f"{len(items)} region" + ("s" if len(items) != 1 else "")


def _listed(items: list[str]) -> str:
    return first_listed(items, SHOWN, "; ", "; …")
