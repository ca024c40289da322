"""The token strips of FairEval's error rows (specs/faireval.md §6.5), every row's at once:
the shown numbers and their marks as arrays, each distinct marked number made text once."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

Tokens = range | frozenset[int]  # a span's token numbers: a range unless it has gaps
StripSpan = tuple[int, int, Tokens]  # begin, end, token numbers

#: A token's mark by (in the target) + 2 × (in the system span).
STRIP_MARKS = ("", "\U0001f7e9", "\U0001f7e5", "\U0001f7e8")
STRIP_EDGE = 30  # a longer strip shows this many numbers at each end around "…"
SHOWN = 2 * STRIP_EDGE + 1  # the most numbers (and "…") a strip shows


def token_strips(
    targets: Sequence[StripSpan | None], systems: Sequence[StripSpan | None], lengths: Sequence[int]
) -> list[str]:
    """Per row: token numbers from the first begin − 2 to the last end + 2 (at most
    STRIP_EDGE at each end around "…"), target-only tokens marked 🟩, system-only 🟥,
    shared 🟨."""
    t_begin, t_end = _bounds(targets)
    s_begin, s_end = _bounds(systems)
    first = np.maximum(1, np.minimum(t_begin, s_begin) - 2)
    last_end = np.maximum(t_end, s_end)
    last = np.minimum(np.maximum(np.asarray(lengths, dtype=np.int64), last_end), last_end + 2)
    count = np.minimum(last - first + 1, SHOWN)
    row = np.repeat(np.arange(len(count)), count)
    step = np.arange(len(row)) - np.repeat(np.cumsum(count) - count, count)
    cut = (last - first + 1 > SHOWN)[row]  # a long strip: its tail follows the "…"
    number = np.where(cut & (step > STRIP_EDGE), last[row] - (SHOWN - 1) + step, first[row] + step)
    number[cut & (step == STRIP_EDGE)] = 0  # 0 stands for the "…"
    starts = np.cumsum(count) - count
    mark = _inside(number, row, starts, targets, t_begin, t_end) + 2 * _inside(
        number, row, starts, systems, s_begin, s_end
    )
    return _joined(number, mark, count)


def _bounds(spans: Sequence[StripSpan | None]) -> tuple[np.ndarray, np.ndarray]:
    """Each row's span begin and end; a row without a span gets bounds no other span's
    beat (huge begin, 0 end)."""
    none = np.iinfo(np.int64).max
    begin = np.array([s[0] if s else none for s in spans], dtype=np.int64)
    end = np.array([s[1] if s else 0 for s in spans], dtype=np.int64)
    return begin, end


def _inside(
    number: np.ndarray,
    row: np.ndarray,
    starts: np.ndarray,
    spans: Sequence[StripSpan | None],
    begin: np.ndarray,
    end: np.ndarray,
) -> np.ndarray:
    """Whether each shown number (row `row`, the rows' numbers from `starts`) is among its
    row's span's tokens: begin..end, or the span's own numbers where it has gaps."""
    inside = (number >= begin[row]) & (number <= end[row])
    gapped = [i for i, s in enumerate(spans) if s is not None and not isinstance(s[2], range)]
    stops = np.append(starts[1:], len(number))
    for i in gapped:
        at = slice(int(starts[i]), int(stops[i]))
        tokens = spans[i][2]  # type: ignore[index]
        inside[at] = [n in tokens for n in number[at].tolist()]
    return inside.astype(np.int64)


def _joined(number: np.ndarray, mark: np.ndarray, count: np.ndarray) -> list[str]:
    """Each row's marked numbers joined by spaces (each distinct marked number made once)."""
    distinct, which = np.unique(number * 4 + mark, return_inverse=True)
    texts = [f"{STRIP_MARKS[key % 4]}{key // 4}" if key >= 4 else "…" for key in distinct.tolist()]
    shown = np.array(texts, dtype=object)[which].tolist()
    ends = np.cumsum(count).tolist()
    return [" ".join(shown[start:end]) for start, end in zip([0, *ends], ends)]  # noqa: B905 (one shorter)
