"""The token strips of FairEval's error rows (specs/faireval.md §6.5), every row's at once:
the shown numbers and their marks as arrays, each distinct marked number made text once."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from ...rowkeys import distinct_values, first_of_groups, group_ids

NO_BEGIN = np.iinfo(np.int64).max  # the begin of no span: after every other


class Bounds(NamedTuple):
    """Each row's target or system span: begin and end (a row without a span: bounds no
    other span's beat, a huge begin and 0 end), and the own token numbers of the rows
    whose span has them (the others cover begin..end)."""

    begin: np.ndarray
    end: np.ndarray
    own: dict[int, frozenset[int]]


#: A token's mark by (in the target) + 2 × (in the system span).
STRIP_MARKS = ("", "\U0001f7e9", "\U0001f7e5", "\U0001f7e8")
STRIP_EDGE = 30  # a longer strip shows this many numbers at each end around "…"
SHOWN = 2 * STRIP_EDGE + 1  # the most numbers (and "…") a strip shows


def token_strips(targets: Bounds, systems: Bounds, lengths: Sequence[int] | np.ndarray) -> list[str]:
    """Per row: token numbers from the first begin − 2 to the last end + 2 (at most
    STRIP_EDGE at each end around "…"), target-only tokens marked 🟩, system-only 🟥,
    shared 🟨. Rows showing the same numbers with the same marks share one strip, made
    once (FairEval's bench: 5,627 strips for 41,857 rows)."""
    first = np.maximum(1, np.minimum(targets.begin, systems.begin) - 2)
    last_end = np.maximum(targets.end, systems.end)
    last = np.minimum(np.maximum(np.asarray(lengths, dtype=np.int64), last_end), last_end + 2)
    kinds, which = _kinds(first, last, targets, systems)
    strips = _strips(first[kinds], last[kinds], _of_kinds(targets, kinds, which),
                     _of_kinds(systems, kinds, which))  # fmt: skip
    return np.array(strips, dtype=object)[which].tolist()


def _kinds(first: np.ndarray, last: np.ndarray, targets: Bounds, systems: Bounds
           ) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Each kind's first row and each row's kind: rows of one kind show the same numbers
    (first, last) with the same marks: each span's bounds clipped to the numbers shown
    (first − 1 … last + 1: the same numbers inside); a span with gaps a kind of its own."""
    own = np.zeros(len(first), dtype=np.int64)
    owners = sorted(targets.own.keys() | systems.own.keys())
    own[owners] = np.arange(1, len(owners) + 1)
    clipped = [np.clip(bound, first - 1, last + 1) for spans in (targets, systems) for bound in spans[:2]]
    which = group_ids(first, last, *clipped, own)
    return first_of_groups(which, int(which.max(initial=-1)) + 1), which


def _of_kinds(spans: Bounds, kinds: np.ndarray, which: np.ndarray) -> Bounds:
    """The bounds of the kinds' first rows (`which`: each row's kind)."""
    own = {int(which[row]): tokens for row, tokens in spans.own.items()}
    return Bounds(spans.begin[kinds], spans.end[kinds], own)


def _strips(first: np.ndarray, last: np.ndarray, targets: Bounds, systems: Bounds) -> list[str]:
    """token_strips of rows shown from `first` to `last`."""
    count = np.minimum(last - first + 1, SHOWN)
    row = np.repeat(np.arange(len(count)), count)
    starts = np.cumsum(count) - count
    step = np.arange(len(row)) - np.repeat(starts, count)
    cut = (last - first + 1 > SHOWN)[row]  # a long strip: its tail follows the "…"
    number = np.where(cut & (step > STRIP_EDGE), last[row] - (SHOWN - 1) + step, first[row] + step)
    number[cut & (step == STRIP_EDGE)] = 0  # 0 stands for the "…"
    mark = _inside(number, row, starts, targets) + 2 * _inside(number, row, starts, systems)
    return _joined(number, mark, count)


def _inside(number: np.ndarray, row: np.ndarray, starts: np.ndarray, spans: Bounds) -> np.ndarray:
    """Whether each shown number (row `row`, the rows' numbers from `starts`) is among its
    row's span's tokens: begin..end, or the span's own numbers where it has them."""
    inside = (number >= spans.begin[row]) & (number <= spans.end[row])
    stops = np.append(starts[1:], len(number))
    for i, tokens in spans.own.items():
        at = slice(int(starts[i]), int(stops[i]))
        inside[at] = [n in tokens for n in number[at].tolist()]
    return inside.astype(np.int64)


def _joined(number: np.ndarray, mark: np.ndarray, count: np.ndarray) -> list[str]:
    """Each row's marked numbers joined by spaces (each distinct marked number made once)."""
    distinct, which = distinct_values(number * 4 + mark)
    texts = [f"{STRIP_MARKS[key % 4]}{key // 4}" if key >= 4 else "…" for key in distinct.tolist()]
    shown = np.array(texts, dtype=object)[which].tolist()
    ends = np.cumsum(count).tolist()
    return [" ".join(shown[start:end]) for start, end in zip([0, *ends], ends)]  # noqa: B905 (one shorter)
