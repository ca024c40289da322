"""What a ProPara report's items and summaries show of each input, output, conversion and
move, kept as msgspec structs whose fields are the report's keys: the JSON writer has
msgspec encode them a part at a time, and a reader gets dicts, made when it reads them
(msgspec.to_builtins), never a dict per item made beforehand."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import msgspec

from ...spans import same_items


class Named(msgspec.Struct, gc=False):
    """An input or output (a name), or a summary's inputs or outputs (a list, or None)."""

    participants: Any


class ConversionJSON(msgspec.Struct, gc=False):
    participants_destroyed: str
    participants_created: str
    location: str
    step_number: int


class MoveJSON(msgspec.Struct, gc=False):
    participants: str
    location_before: str
    location_after: str
    step_number: int


class SummaryJSON(msgspec.Struct, gc=False):
    """A process's summary as the original's diagnostics write it (an empty list is null)."""

    process_id: int
    inputs: Named
    outputs: Named
    conversions: list[ConversionJSON] | None
    moves: list[MoveJSON] | None


class Sides(msgspec.Struct, gc=False):
    answer: SummaryJSON
    prediction: SummaryJSON


def summary(pid: int, inputs: list[str], outputs: list[str], conversions: list[ConversionJSON],
            moves: list[MoveJSON]) -> SummaryJSON:  # fmt: skip
    """A process's summary (an empty list is null)."""
    return SummaryJSON(pid, Named(inputs or None), Named(outputs or None), conversions or None, moves or None)


def summaries(pids: list[int], inputs: list[list[str]], outputs: list[list[str]],
              conversions: list[list[ConversionJSON]], moves: list[list[MoveJSON]]
              ) -> list[SummaryJSON]:  # fmt: skip
    """Per process its summary (summary)."""
    return [summary(*five) for five in zip(pids, inputs, outputs, conversions, moves, strict=True)]


_ENCODE = msgspec.json.Encoder().encode
#: What msgspec refuses: an integer beyond 64 bits, a text that is no UTF-8 (a surrogate).
REFUSED = (TypeError, UnicodeEncodeError)


class Shown(Sequence[Any]):
    """A column of the items (ColumnRows): per row a struct or None, read as a dict or None;
    `json_values` are the structs themselves, for the JSON writer."""

    def __init__(self, values: list[Any]) -> None:
        self.json_values = values

    def __len__(self) -> int:
        return len(self.json_values)

    def __getitem__(self, index: Any) -> Any:
        return msgspec.to_builtins(self.json_values[index])

    def __iter__(self) -> Iterator[Any]:
        return iter(msgspec.to_builtins(self.json_values))

    def __eq__(self, other: object) -> bool:
        return same_items(self, other)

    __hash__ = None  # type: ignore[assignment]  # equal by its items, as a list


class Summaries(Mapping[str, dict[str, Any]]):
    """The report's summaries: per process id (as text) the answer's and the prediction's
    summary (SummaryJSON), read as dicts."""

    def __init__(self, pids: list[int], answers: list[SummaryJSON], predictions: list[SummaryJSON]) -> None:
        self.names = list(map(str, pids))
        self.where = dict(zip(self.names, range(len(pids)), strict=True))
        self.answers, self.predictions = answers, predictions

    def __getitem__(self, key: str) -> dict[str, Any]:
        k = self.where[key]
        return msgspec.to_builtins({"answer": self.answers[k], "prediction": self.predictions[k]})

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)

    def json_parts(self, size: int, encode: Callable[[Any], bytes]) -> Iterator[bytes | memoryview]:
        """The summaries' JSON `size` processes at a time (`"id":{…}` joined by commas, no
        braces): by msgspec, or `encode` of their dicts where msgspec refuses a part."""
        for start in range(0, len(self), size):
            names = self.names[start : start + size]
            pairs = map(Sides, self.answers[start : start + size], self.predictions[start : start + size])
            try:
                part = _ENCODE(dict(zip(names, pairs, strict=True)))
            except REFUSED:
                part = encode({name: self[name] for name in names})
            yield memoryview(part)[1:-1]
