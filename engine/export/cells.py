"""What text and numbers become in a workbook cell: characters XML cannot hold
written visibly escaped, overlong text cut with a mark, scores on one scale."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from typing import Any

from ..report import Table
from ..scale import PERCENT as PERCENT_SCALE
from ..scale import SCALES

MAX_TEXT = 32_767  # UTF-16 units a cell holds (a character above U+FFFF takes two)
CUT = " [… cut]"
FORMULA_START = ("=", "+", "-", "@")
# C0 controls but TAB, LF, CR; the non-characters U+FFFE/U+FFFF; lone surrogates (names
# the system gave as bytes that are not UTF-8): none can be written to a workbook's XML.
_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")

PERCENT = "0.00%"  # a 0..1 score shown in percent
PERCENT_VALUE = '0.00"%"'  # a 0..100 score, shown as it is, with its sign
FRACTION = "0.0000"
PLAIN_FLOAT = "0.0000"


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04X}"


def escape_text(value: str) -> str:
    """Text with the characters a workbook cannot hold written as \\x0b, \\uFFFE, …"""
    return _UNSAFE.sub(_escaped, value) if _UNSAFE.search(value) else value


def units(text: str) -> int:
    """The UTF-16 units of a text (a character above U+FFFF counts two)."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def fitted(text: str, limit: int = MAX_TEXT) -> str:
    """The longest start of a text that fits in `limit` UTF-16 units (all of it where it fits)."""
    if len(text) <= limit // 2 or units(text) <= limit:
        return text
    cut = min(len(text), limit)
    while (excess := units(text[:cut]) - limit) > 0:
        cut -= (excess + 1) // 2  # a character is one or two units
    if units(text[: cut + 1]) <= limit:  # one unit left over and a one-unit character next
        cut += 1
    return text[:cut]


def needs_care(value: str) -> bool:
    """Whether text must be escaped or cut to fit a cell (most text needs neither)."""
    return _UNSAFE.search(value) is not None or (len(value) > MAX_TEXT // 2 and units(value) > MAX_TEXT)


def safe_text(value: str) -> str:
    """Text a cell can hold: unsafe characters escaped, overlong text cut with a mark (once,
    counting UTF-16 units as the cell does)."""
    if not needs_care(value):
        return value
    value = escape_text(value)
    return value if units(value) <= MAX_TEXT else fitted(value, MAX_TEXT - len(CUT)) + CUT


def plain(value: Any) -> Any:
    """A report value as a cell value: numbers stay numbers (NaN and ±inf as text), lists
    become JSON text, anything else its text."""
    if type(value) is str:
        return safe_text(value)
    if value is None or isinstance(value, bool | int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, list | tuple | dict):
        return safe_text(json.dumps(value, ensure_ascii=False))
    return safe_text(str(value))


def score_format(table: Table, scale: str) -> tuple[str, float]:
    """(number format, factor) of a table's score cells on `scale`: a 0..1 score keeps its
    value in percent (the format multiplies); a 0..100 score is divided only for fractions."""
    if scale not in SCALES:
        raise ValueError(f"scale must be one of {SCALES}, not {scale!r}")
    if table.scale == PERCENT_SCALE:
        return (PERCENT_VALUE, 1.0) if scale == PERCENT_SCALE else (FRACTION, 0.01)
    return (PERCENT, 1.0) if scale == PERCENT_SCALE else (FRACTION, 1.0)


def widest(values: Sequence[Any]) -> int:
    """text_width of the widest of the values as cells hold them (plain): each distinct
    text looked at once, all of them at once where none must be escaped or cut."""
    texts = {value for value in values if type(value) is str}
    others = [text_width(plain(value)) for value in values if type(value) is not str]
    joined = "\n".join(texts)
    if _UNSAFE.search(joined) or max(map(len, texts), default=0) > MAX_TEXT // 2:
        return max([*others, *(text_width(safe_text(text)) for text in texts)], default=0)
    return max([*others, *map(len, joined.split("\n"))] if texts else others, default=0)


def text_width(value: Any) -> int:
    """Characters a value needs in a column (its longest line)."""
    if value is None:
        return 0
    if isinstance(value, float):
        return 8
    text = str(value)
    return max(map(len, text.split("\n"))) if "\n" in text else len(text)
