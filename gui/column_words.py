"""A file's column as a person counts it: "1st", "2nd", "last", "2nd from last", for the
reader options declared as columns (their names end in _column: the engine counts from 0,
a negative number from the end), and likewise the index of an annotation or user ("1st" for
--index 0). The app shows and reads these words; the engine gets its own number, as the
command line's --token-column 0 and --tag-column -1."""

from __future__ import annotations

import re

from PySide6.QtCore import QSize
from PySide6.QtGui import QValidator

from engine.formats.reader_options import DEFAULT
from engine.options import OptionSpec

from .wheel import GuardedSpinBox

#: A tooltip's sentence on how the app counts a column.
COUNTED = ("In the app, columns are counted from 1 (1st, 2nd, …); 'last' is the last column of a line, "
           "'2nd from last' the one before it (the command line's numbers above count from 0, and -1 "
           "is the last).")  # fmt: skip

#: A column typed in: "3", "3rd", "column 3", "last", "2nd from last", "2 from the end".
_TYPED = re.compile(r"\s*(?:column\s*)?(?:(\d+)\s*(?:st|nd|rd|th)?)?\s*"
                    r"(from\s+(?:the\s+)?(?:last|end)|last)?\s*(?:column)?\s*", re.IGNORECASE)  # fmt: skip


#: A tooltip's sentence on how the app counts an index (which annotation, which user).
COUNTED_INDEX = ("In the app, annotations and users are counted from 1 (1st, 2nd, …; the command line "
                 "counts from 0).")  # fmt: skip


def side_free(name: str) -> str:
    """An option's name without its side (gold_index, system_index, the Second system's
    system_b_index: index)."""
    return name.removeprefix("gold_").removeprefix("system_b_").removeprefix("system_")


def counted_words(spec: OptionSpec, value: object) -> str | None:
    """A column's or index's number as its control shows it ("3rd", "last"); None for any
    other option or value (a report read from a file may hold anything)."""
    return column_words(value) if is_counted(spec) and type(value) is int else None


def is_column(spec: OptionSpec) -> bool:
    """Whether an option is a file's column (the reader options' token and tag column,
    CLUEval's token id, document id and domain column)."""
    return spec.type is int and spec.name.endswith("_column")


def is_counted(spec: OptionSpec) -> bool:
    """Whether the app shows an option's number as a person counts (a column, or the index of
    an annotation or user: 1st, 2nd, …) where the engine counts from 0."""
    return is_column(spec) or (spec.type is int and side_free(spec.name) == "index")


def reader_default(spec: OptionSpec) -> int | None:
    """The column the span readers take where the option is not set (--tag-column: the last;
    None for a column they have no default of, as CLUEval's --doc-id-column)."""
    return getattr(DEFAULT, side_free(spec.name), None)


#: What a Token column not set shows: the readers take the column a CoNLL-U Plus file names
#: FORM, else the first (ColumnFile._read_lines).
TOKEN_COLUMN_UNSET = "FORM/1st"


def unset_words(spec: OptionSpec) -> str:
    """What a column's control shows where it is not set and the readers take no one column
    (the token column: TOKEN_COLUMN_UNSET); '' for any other."""
    return TOKEN_COLUMN_UNSET if side_free(spec.name) == "token_column" else ""


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st."""
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def column_words(value: int) -> str:
    """The engine's column number in words: 0 '1st', 2 '3rd', -1 'last', -2 '2nd from last'."""
    if value >= 0:
        return ordinal(value + 1)
    return "last" if value == -1 else f"{ordinal(-value)} from last"


#: Columns typed as words of their own, and the engine's numbers of them.
_WORDS = {"first": 0, "last but one": -2}


def column_value(text: str) -> int | None:
    """The engine's number of a column typed as words, a number counted from 1, or the command
    line's negative number (-1: the last) (None: not a column)."""
    word = " ".join(text.lower().split())
    if word in _WORDS:
        return _WORDS[word]
    if re.fullmatch(r"-[1-9]\d*", word):
        return int(word)
    found = _TYPED.fullmatch(text)
    if found is None or not (found.group(1) or found.group(2)):
        return None
    n = int(found.group(1) or 1)
    if n == 0:
        return None
    return -n if found.group(2) else n - 1


#: The characters of a value's text Qt measures for a spin box's size.
_MEASURED = 18


class ColumnSpinBox(GuardedSpinBox):
    """A spin box of a column number that shows and reads it as words ("1st", "last"); its
    value() is the engine's number."""

    def textFromValue(self, value: int) -> str:  # noqa: N802
        return column_words(value)

    def valueFromText(self, text: str) -> int:  # noqa: N802
        value = column_value(text)
        return self.value() if value is None else value

    def sizeHint(self) -> QSize:  # noqa: N802
        return self._as_plain(super().sizeHint())

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return self._as_plain(super().minimumSizeHint())

    def _as_plain(self, hint: QSize) -> QSize:
        """As wide as a plain spin box of its range (Qt measures the text of its smallest and
        largest values: their words, "2147483647th from last", are wider than their digits)."""
        metrics, ends = self.fontMetrics(), (self.minimum(), self.maximum())
        words = max(metrics.horizontalAdvance(self.textFromValue(end)[:_MEASURED]) for end in ends)
        digits = max(metrics.horizontalAdvance(str(end)[:_MEASURED]) for end in ends)
        return QSize(hint.width() - max(words - digits, 0), hint.height())

    def validate(self, text: str, pos: int) -> object:
        value = column_value(text)
        if value is not None and self.minimum() <= value <= self.maximum():
            return QValidator.State.Acceptable, text, pos
        return QValidator.State.Intermediate, text, pos
