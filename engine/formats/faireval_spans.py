"""FairEval span files: one span per line, `label TAB begin TAB end TAB tokens`.

Sentences are separated by blank lines; token numbers are 1-based and inclusive at both
ends, local to the sentence. The rules (and the original's quirks kept here) are those
of specs/faireval.md §2.4.
"""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from typing import NamedTuple

from ..errors import FileWarning, InputError
from . import sniffing

TITLE = "FairEval span file"

_CACHE_LIMIT = 100_000  # parsed lines kept per file (real data repeats many lines)
#: A range span (unusable token field) may cover at most this many tokens: the original
#: builds a list of them and runs out of memory far below a billion.
RANGE_LIMIT = 10_000_000

#: A span as compared: (label, begin, end, token numbers), tokens None for a range span.
#: Two spans are identical exactly when their keys are equal (specs/faireval.md §2.8).
Key = tuple[str, int, int, "frozenset[int] | None"]


class RangeTokens:
    """The token numbers first..last of a range span, without a set of them (a range can
    be long); set-like where the comparison needs it: `&` with a set, len, in, iteration."""

    __slots__ = ("first", "last")

    def __init__(self, first: int, last: int) -> None:
        self.first, self.last = first, last

    def __len__(self) -> int:
        return self.last - self.first + 1

    def __contains__(self, number: object) -> bool:
        return isinstance(number, int) and self.first <= number <= self.last

    def __iter__(self) -> Iterator[int]:
        return iter(range(self.first, self.last + 1))

    def __and__(self, other: AbstractSet[int]) -> frozenset[int]:
        return frozenset(n for n in other if self.first <= n <= self.last)

    __rand__ = __and__

    def isdisjoint(self, other: AbstractSet[int]) -> bool:
        return not any(self.first <= n <= self.last for n in other)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RangeTokens) and (self.first, self.last) == (other.first, other.last)

    def __hash__(self) -> int:
        return hash((self.first, self.last))


class TokenSpan(NamedTuple):
    """A span as a FairEval input writes it: inclusive 1-based token numbers."""

    label: str
    begin: int
    end: int
    tokens: frozenset[int] | RangeTokens  # for a range span: every number begin..end
    is_range: bool  # the token field was unusable, so the range begin..end stands in
    line: int

    @classmethod
    def of(cls, key: Key, line: int) -> TokenSpan:
        label, begin, end, tokens = key
        if tokens is None:
            return cls(label, begin, end, RangeTokens(begin, end), True, line)
        return cls(label, begin, end, tokens, False, line)


sniff = sniffing.faireval_spans  # recognises the format without this module (engine/formats/sniffing.py)


class SpanFileReader:
    """Parses the span-format sentences of one file, caching repeated lines."""

    def __init__(self, name: str, warnings: list[str]) -> None:
        self.name = name
        self.warnings = warnings
        self._cache: dict[str, Key] = {}
        self._warned_range = False
        self._warned_short = False

    def sentence(self, first: int, lines: list[str]) -> list[Key]:
        """The spans of one sentence, in line order (line i is line number first + i)."""
        keys = list(map(self._cache.get, lines))
        if None in keys:
            for i, key in enumerate(keys):
                if key is None:
                    keys[i] = self._parse(first + i, lines[i], i == 0)
        return keys  # type: ignore[return-value]

    def line(self, number: int, line: str) -> Key:
        """The span of one stripped line that is not the first of its sentence."""
        return self._parse(number, line, False)

    def _parse(self, number: int, line: str, first: bool) -> Key:
        fields = line.split("\t")
        if len(fields) < 3:
            raise InputError("4 TAB-separated fields", str(len(fields)), file=self.name, line=number)
        if len(fields) == 3 and not first and not self._warned_short:
            self._warned_short = True
            self.warnings.append(
                FileWarning(self.name, "3 fields; tokens taken from the end field as the original does (the "
                            "first such line of the file)", number)  # fmt: skip
            )
        begin = self._position(fields, 1, "begin", number)
        end = self._position(fields, 2, "end", number)
        if end < begin:
            begin, end = end, begin
        tokens = _token_set(fields[-1], begin, end)
        if tokens is None and end - begin >= RANGE_LIMIT:
            raise InputError(
                f"token numbers in the 4th field of a span over more than {RANGE_LIMIT:,} tokens",
                f"'{fields[-1]}'",
                file=self.name,
                line=number,
            )
        if tokens is None and not self._warned_range:
            self._warn_range(number, fields[-1])
        key = (fields[0], begin, end, tokens)
        if len(fields) == 4:
            if len(self._cache) >= _CACHE_LIMIT:
                self._cache.clear()
            self._cache[line] = key
        return key

    def _position(self, fields: list[str], index: int, what: str, number: int) -> int:
        text = fields[index]
        try:
            value = int(text)
        except ValueError:
            value = 0
        if value >= 1:
            return value
        hint = " (is the label missing?)" if len(fields) == 3 and sniffing.is_int(fields[0]) else ""
        raise InputError(f"{what} to be a whole number ≥ 1", f"'{text}'{hint}", file=self.name, line=number)

    def _warn_range(self, number: int, field: str) -> None:
        self._warned_range = True
        self.warnings.append(
            FileWarning(self.name, f"token list '{field}' holds no usable token numbers; the span covers its "
                        "whole range instead and is identical only to other such spans, as in the original",
                        number)  # fmt: skip
        )


def _token_set(field: str, begin: int, end: int) -> frozenset[int] | None:
    """The token numbers of a token field within begin..end; None (a range span) when a
    piece is not a number or no number is left (the original then uses the range)."""
    try:
        numbers = frozenset(map(int, field.split(",")))
    except ValueError:
        return None
    if min(numbers) < begin or max(numbers) > end:
        numbers = frozenset(n for n in numbers if begin <= n <= end)
    return numbers or None
