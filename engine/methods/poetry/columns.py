"""All pages at once: mapping, splitting, relevance and counts (specs/poetry.md §3, §4.1)
on numpy columns of spans instead of Python objects per span.

Each side is a `Spans`: one entry per span with its page (the CSV row), start, end,
label code (equal labels, in Python's sense, share a code) and index in its page's list.
Spans are sorted by (row, start, end, index): the spec's stable sort, all pages at once.
Every floating-point step is the original's: a factor is one division of two integers,
a page's relevance a running total in pair order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial
from typing import Any

import numpy as np
from msgspec import Struct
from msgspec.structs import replace

from ...report import Later
from ...rowkeys import row_keys

#: Offsets beyond this are kept as Python integers (numpy object arrays): int64 sums and
#: differences could overflow, and a double could not hold a length exactly.
EXACT = 2**52


class Spans(Struct):
    """One side's spans in columns (a struct: its class costs a tenth of a dataclass's to make)."""

    row: np.ndarray
    start: np.ndarray
    end: np.ndarray
    label: np.ndarray
    index: np.ndarray

    def sorted(self) -> Spans:
        """Sorted by (row, start, end, index); spans come in (row, index) order within a row.
        Spans already in that order are returned as they are (no copies)."""
        order = span_order(self.row, self.start, self.end)
        if order is None:
            return self
        return Spans(*(column[order] for column in (self.row, self.start, self.end, self.label, self.index)))

    def __len__(self) -> int:
        return len(self.row)


def span_order(row: np.ndarray, start: np.ndarray, end: np.ndarray) -> np.ndarray | None:
    """The stable order by (row, start, end) (lexsort where offsets are Python integers);
    None when the spans are in that order already (a reference file usually lists a
    page's excerpts from its start)."""
    if not len(row) or start.dtype == object or end.dtype == object:
        return np.lexsort((end, start, row))
    keys = row_keys(row, start, end)
    if (keys[1:] >= keys[:-1]).all():
        return None
    return np.argsort(keys, kind="stable")


def _distinct_keys(keys: np.ndarray) -> np.ndarray:
    """The distinct values of an int64 array, sorted (the keys come nearly sorted, by
    row: the stable sort finds the runs, the default one does not)."""
    keys = np.sort(keys, kind="stable")
    return keys[np.r_[True, keys[1:] != keys[:-1]]] if len(keys) else keys


def offsets(values: list[int]) -> np.ndarray:
    """Offsets as int64, or as Python integers when any is too large for exact int64 work."""
    try:
        array = np.array(values, dtype=np.int64) if values else np.zeros(0, dtype=np.int64)
    except OverflowError:
        return np.array(values, dtype=object)
    if len(array) and (array.max() > EXACT or array.min() < -EXACT):
        return np.array(values, dtype=object)
    return array


class SplitError(Exception):
    """P11: splitting a system span over overlapping references gives an empty or
    reversed piece. `first` and `second` are the two references (start, end, index,
    label) in file order; `row` the page's row."""

    def __init__(self, row: int, first: tuple, second: tuple, piece: tuple[int, int]) -> None:
        self.row = row
        self.first, self.second = sorted((first, second), key=lambda span: span[2])
        self.piece = piece
        super().__init__(piece)


class Scores(Struct, weakref=True):
    """The numbers of every row (§3–§4.1), and how they came about (for the report)."""

    precision: np.ndarray  # float; an integer 1 or 0 where `precision_int`
    precision_int: np.ndarray
    recall: np.ndarray
    recall_int: np.ndarray
    counts: np.ndarray  # rows × 6: the CSV's span and poem counts
    relevance: np.ndarray
    relevance_int: np.ndarray  # every pair exact (or none): the original's total is an integer
    n_retrieved: np.ndarray
    n_ref: np.ndarray
    n_sys: np.ndarray
    refs: Spans  # sorted
    syss: Spans  # sorted, merged with ignore_label
    unmerged: tuple[Spans, np.ndarray] | None  # with ignore_label: the sorted spans, each one's merged span
    best: np.ndarray  # per reference: the system span it is mapped to, -1 for none
    factor: np.ndarray  # per reference: the factor it was mapped with
    pairs: tuple[np.ndarray, ...]  # reference, system, piece start, piece end, exact, factor, credit


def merge(syss: Spans, empty_label: int) -> tuple[Spans, np.ndarray]:
    """§3.1 step 3 on sorted spans: fold strictly overlapping spans of a row together
    (a span joins when it starts before the largest end so far); labels become "".
    Also, per span of `syss`, the merged span it went into."""
    n = len(syss)
    if n == 0:
        return syss, np.zeros(0, dtype=np.int64)
    opens = np.ones(n, dtype=bool)
    opens[1:] = (syss.row[1:] != syss.row[:-1]) | (syss.start[1:] >= _running_max(syss.end, syss.row)[:-1])
    firsts = np.flatnonzero(opens)
    big = syss.end.dtype == object
    ends = _object_max(syss.end, firsts) if big else np.maximum.reduceat(syss.end, firsts)
    labels = np.full(len(firsts), empty_label, dtype=np.int64)
    merged = Spans(syss.row[firsts], syss.start[firsts], ends, labels, syss.index[firsts])
    return merged, np.cumsum(opens) - 1


def _running_max(values: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """The largest value so far within each row (rows sorted)."""
    if values.dtype == object:
        out, best, last = [], None, None
        for value, row in zip(values.tolist(), rows.tolist(), strict=True):
            best = value if row != last or value > best else best
            last = row
            out.append(best)
        return np.array(out, dtype=object)
    low = values.min()
    width = int(values.max()) - int(low) + 1
    if width * (int(rows.max()) + 1) < 2**62:  # rows stacked above each other: one accumulate
        shifted = (values - low) + rows * width
        return np.maximum.accumulate(shifted) - rows * width + low
    return _running_max(values.astype(object), rows)


def _object_max(values: np.ndarray, firsts: np.ndarray) -> np.ndarray:
    bounds = [*firsts.tolist(), len(values)]
    return np.array([max(values[a:b]) for a, b in zip(bounds, bounds[1:], strict=False)], dtype=object)


def _divide(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    """Integer ÷ integer as Python divides them (one correctly rounded division)."""
    if numerator.dtype == object:
        return np.array([a / b for a, b in zip(numerator.tolist(), denominator.tolist(), strict=True)],
                        dtype=np.float64)  # fmt: skip
    return numerator / denominator


def _group_keys(spans: Spans, n_labels: int, by_label: bool) -> np.ndarray:
    """The candidate group of each span: its row, and its label in label mode."""
    return spans.row * n_labels + spans.label if by_label else spans.row.copy()


def candidates(refs: Spans, syss: Spans, by_label: bool, n_labels: int) -> tuple[np.ndarray, np.ndarray]:
    """Every (reference, system span) pair that strictly overlaps, with equal labels in
    label mode; per reference in increasing system order. System spans are taken in
    classes of similar length, so that one long span does not widen every search."""
    skey, rkey = _group_keys(syss, n_labels, by_label), _group_keys(refs, n_labels, by_label)
    length = syss.end - syss.start
    classes = _length_classes(length)
    if classes is None:
        return _candidates_among(refs, syss, None, skey, rkey, length)
    found = [_candidates_among(refs, syss, np.flatnonzero(classes == c), skey, rkey, length)
             for c in _distinct_keys(classes)]  # fmt: skip
    i, j = np.concatenate([f[0] for f in found]), np.concatenate([f[1] for f in found])
    order = np.lexsort((j, i))
    return i[order], j[order]


def _length_classes(length: np.ndarray) -> np.ndarray | None:
    """0 for spans up to 4 times the typical length (the median of a sample); longer
    ones by power of two. None when every span is in class 0 (the usual case: no class
    arrays are made). The classes only divide the search: any division finds the same pairs."""
    long = length > 4 * _median(length[:: max(1, len(length) // SAMPLE)].astype(np.float64))
    if not long.any():
        return None
    return np.where(long, np.log2(length.astype(np.float64)).astype(np.int64) + 1, 0)


#: The typical length is taken from every (n // SAMPLE)-th of n span lengths: all of them
#: below SAMPLE, else 8,192 to 16,383 spread over them (a partition of all 121,000 of the
#: benchmark corpus: 1.4 ms; of the 8,643 taken: 0.1 ms).
SAMPLE = 8192


def _median(values: np.ndarray) -> float:
    """np.median of a non-empty array, by partition (np.median and np.unique import numpy.ma: 15-25 ms)."""
    middle = len(values) // 2
    if len(values) % 2:
        return float(np.partition(values, middle)[middle])
    low, high = np.partition(values, (middle - 1, middle))[middle - 1 : middle + 1]
    return float((low + high) / 2)


def _candidates_among(refs: Spans, syss: Spans, subset: np.ndarray | None, skey: np.ndarray,
                      rkey: np.ndarray, length: np.ndarray) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """candidates() among the system spans `subset` (None: all of them): one that overlaps
    a reference starts after the reference's start minus the longest span of the subset,
    and before the reference's end: a range of the spans sorted by (group, start) (empty
    where the reference's group has no span)."""
    if subset is None:
        order = np.argsort(skey, kind="stable")
    else:
        order = subset[np.argsort(skey[subset], kind="stable")]  # by group, then sorted position
    reach = (length if subset is None else length[subset]).max()
    lo, count = _ranges(refs, syss, order, skey[order], rkey, reach)
    shift = np.cumsum(count)
    shift -= count
    shift -= lo  # per reference: its first pair's place in the pairs less its first span's in `order`
    sys_of = order[np.arange(int(count.sum())) - np.repeat(shift, count)]
    ref_of = np.repeat(np.arange(len(refs)), count)
    keep = syss.end[sys_of] > refs.start[ref_of]
    return ref_of[keep], sys_of[keep]


def _ranges(refs: Spans, syss: Spans, order: np.ndarray, ordered_keys: np.ndarray, rkey: np.ndarray,
            reach: Any) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Per reference, where its range of candidates starts in `order` and how long it is
    (the search's keys let go on return: less memory at the peak of the pairs' making)."""
    low = min(syss.start.min(), refs.start.min())
    width = max(syss.end.max(), refs.end.max()) - low + 2
    if (max(int(ordered_keys[-1]), int(rkey.max())) + 1) * int(width) >= 2**62:  # beyond int64: Python ints
        ordered_keys, rkey = ordered_keys.astype(object), rkey.astype(object)
    placed = ordered_keys * width + (syss.start[order] - low)
    lo = np.searchsorted(placed, rkey * width + np.maximum(refs.start - reach + 1 - low, 0), "left")
    count = np.searchsorted(placed, rkey * width + (refs.end - low), "left")
    count -= lo
    return lo, count


def factors(refs: Spans, syss: Spans, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    """factor(R[i], S[j]) of strictly overlapping pairs (§3.2)."""
    r_start, r_end, s_start, s_end = refs.start[i], refs.end[i], syss.start[j], syss.end[j]
    overlap = np.minimum(r_end, s_end) - np.maximum(r_start, s_start)
    longer = np.maximum(r_end - r_start, s_end - s_start)
    return _divide(overlap, longer)


def map_references(refs: Spans, syss: Spans, by_label: bool, n_labels: int) -> tuple[np.ndarray, np.ndarray]:
    """§3.3: per reference the first system span with the largest factor (-1: none)."""
    best = np.full(len(refs), -1, dtype=np.int64)
    top = np.zeros(len(refs), dtype=np.float64)
    if not len(refs) or not len(syss):
        return best, top
    i, j = candidates(refs, syss, by_label, n_labels)
    if not len(i):
        return best, top
    f = factors(refs, syss, i, j)
    starts = np.flatnonzero(np.r_[True, i[1:] != i[:-1]])
    highest = np.maximum.reduceat(f, starts)
    is_top = f == np.repeat(highest, np.diff(np.r_[starts, len(i)]))
    winner = np.flatnonzero(is_top)
    winner = winner[np.r_[True, i[winner][1:] != i[winner][:-1]]]  # the first top of each reference
    best[i[winner]] = j[winner]
    top[i[winner]] = f[winner]
    return best, top


def pairs_of(
    refs: Spans, syss: Spans, best: np.ndarray, top: np.ndarray, weight: float
) -> tuple[np.ndarray, ...]:
    """§3.4: the pair list in pair order (system spans in order, then references), each
    with its piece, exactness, factor and credit. SplitError for an empty piece."""
    mapped = np.flatnonzero(best >= 0)
    order = mapped[np.lexsort((mapped, best[mapped]))]
    i, j = order, best[order]
    first = np.r_[True, j[1:] != j[:-1]]
    last = np.r_[j[1:] != j[:-1], True]
    r_start = refs.start[i]
    next_start = np.r_[r_start[1:], r_start[:1]]
    piece_start = np.where(first, syss.start[j], r_start)
    piece_end = np.where(last, syss.end[j], next_start)
    empty = np.flatnonzero(piece_end <= piece_start)
    if len(empty):
        k = int(empty[0])
        raise SplitError(int(refs.row[i[k]]), _span(refs, int(i[k])), _span(refs, int(i[k + 1])),
                         (piece_start[k].item(), piece_end[k].item()))  # fmt: skip
    exact = (r_start == piece_start) & (refs.end[i] == piece_end)
    factor = top[i].copy()
    split = np.flatnonzero(~(first & last) & ~exact)
    if len(split):
        factor[split] = _piece_factors(refs, i[split], piece_start[split], piece_end[split])
    factor[exact] = 1.0
    credit = np.where(exact, 1.0, weight * factor)
    return i, j, piece_start, piece_end, exact, factor, credit


def _span(spans: Spans, k: int) -> tuple:
    return (spans.start[k].item(), spans.end[k].item(), spans.index[k].item(), spans.label[k].item())


def _piece_factors(refs: Spans, i: np.ndarray, start: np.ndarray, end: np.ndarray) -> np.ndarray:
    """factor(reference, piece): 0 where they only touch (P11b)."""
    overlap = np.minimum(refs.end[i], end) - np.maximum(refs.start[i], start)
    longer = np.maximum(refs.end[i] - refs.start[i], end - start)
    out = np.zeros(len(i), dtype=np.float64)
    live = overlap > 0
    out[live] = _divide(overlap[live], longer[live])
    return out


#: Below this many rows with a k-th value, the rows left are summed one by one in Python
#: (a page with thousands of pairs would otherwise cost a numpy call per pair).
FEW_ROWS = 8


def running_totals(rows: np.ndarray, values: np.ndarray, n_rows: int) -> np.ndarray:
    """Per row, 0 + v1 + v2 + … one addition at a time in the given order (§3.5): the
    k-th values of all rows are added together, k = 0, 1, …, while many rows have one."""
    total = np.zeros(n_rows, dtype=np.float64)
    if not len(rows):
        return total
    starts = np.flatnonzero(np.r_[True, rows[1:] != rows[:-1]])
    sizes = np.diff(np.r_[starts, len(rows)])
    rank = np.arange(len(rows)) - np.repeat(starts, sizes)
    by_rank = np.argsort(rank, kind="stable")
    bounds = np.searchsorted(rank[by_rank], np.arange(int(sizes.max()) + 1)).tolist()
    k = 0
    while k < len(bounds) - 1 and bounds[k + 1] - bounds[k] >= FEW_ROWS:
        at = by_rank[bounds[k] : bounds[k + 1]]
        total[rows[at]] += values[at]
        k += 1
    for start, size in zip(starts[sizes > k].tolist(), sizes[sizes > k].tolist(), strict=True):
        running = total[rows[start]].item()
        for value in values[start + k : start + size].tolist():
            running += value
        total[rows[start]] = running
    return total


def _distinct(rows: np.ndarray, labels: np.ndarray, n_labels: int, n_rows: int) -> np.ndarray:
    """Per row, the number of distinct labels."""
    keys = _distinct_keys(rows * n_labels + labels)
    return np.bincount(keys // n_labels, minlength=n_rows)


def score_rows(refs: Spans, syss: Spans, n_rows: int, ignore_label: bool, weight: float,
               n_labels: int, empty_label: int) -> Scores:  # fmt: skip
    """Every row's numbers (§3–§4.1) from both sides' spans in any order."""
    refs, syss = refs.sorted(), syss.sorted()  # perhaps the caller's own: not changed in place
    if object in (refs.start.dtype, refs.end.dtype, syss.start.dtype, syss.end.dtype):
        refs, syss = (replace(spans, start=spans.start.astype(object), end=spans.end.astype(object))
                      for spans in (refs, syss))  # fmt: skip
    unmerged = None
    if ignore_label:
        merged, into = merge(syss, empty_label)
        syss, unmerged = merged, (syss, into)
    n_labels = max(n_labels, empty_label + 1)
    best, top = map_references(refs, syss, not ignore_label, n_labels)
    pairs = pairs_of(refs, syss, best, top, weight)
    pair_rows = refs.row[pairs[0]]
    relevance = running_totals(pair_rows, pairs[6], n_rows)
    relevance_int = np.bincount(pair_rows, ~pairs[4], minlength=n_rows) == 0
    n_ref = np.bincount(refs.row, minlength=n_rows)
    n_sys = np.bincount(syss.row, minlength=n_rows)
    matched = best >= 0
    spurious = np.ones(len(syss), dtype=bool)
    spurious[best[matched]] = False
    counts = np.empty((n_rows, 6), dtype=np.int64)  # filled a column at a time (no stacked copy)
    n_matched, n_spurious = counts[:, 0], counts[:, 2]
    n_matched[:] = np.bincount(refs.row[matched], minlength=n_rows)
    np.subtract(n_ref, n_matched, out=counts[:, 1])
    n_spurious[:] = np.bincount(syss.row[spurious], minlength=n_rows)
    counts[:, 3] = _distinct(refs.row[matched], refs.label[matched], n_labels, n_rows)
    counts[:, 4] = _distinct(refs.row[~matched], refs.label[~matched], n_labels, n_rows)
    counts[:, 5] = _poem_spurious(refs, syss, spurious, n_labels, n_rows)
    n_retrieved = n_spurious + n_matched
    with np.errstate(divide="ignore", invalid="ignore"):
        precision = np.where(n_sys > 0, relevance / np.maximum(n_retrieved, 1), (n_ref == 0) * 1.0)
        recall = np.where(n_ref > 0, relevance / np.maximum(n_ref, 1), (n_sys == 0) * 1.0)
    return Scores(precision, n_sys == 0, recall, n_ref == 0, counts, relevance, relevance_int,
                  n_retrieved, n_ref, n_sys, refs, syss, unmerged, best, top, pairs)  # fmt: skip


def _poem_spurious(refs: Spans, syss: Spans, spurious: np.ndarray, n_labels: int, n_rows: int) -> np.ndarray:
    """Per row, the distinct labels of spurious system spans that no reference has."""
    keys = _distinct_keys(syss.row[spurious] * n_labels + syss.label[spurious])
    known = _distinct_keys(refs.row * n_labels + refs.label)
    at = np.minimum(np.searchsorted(known, keys), max(len(known) - 1, 0))
    keys = keys[known[at] != keys] if len(known) else keys
    return np.bincount(keys // n_labels, minlength=n_rows)


def below_1e16(columns: Sequence[np.ndarray]) -> bool:
    """Whether every finite float of the columns is below 1e16 in size, where msgspec
    writes numbers as orjson does (report.ColumnRows.plain_numbers)."""
    return all(np.abs(a[np.isfinite(a)]).max(initial=0.0) < 1e16 for a in columns)


def bounds(rows: np.ndarray, n_rows: int) -> np.ndarray:
    """Where each row's items start in columns sorted by row (n_rows + 1 bounds): the
    items counted per row, not searched for (43,000 rows: 1.2 -> 0.3 ms)."""
    counts = np.bincount(rows, minlength=n_rows)[:n_rows] if len(rows) else np.zeros(n_rows, dtype=np.int64)
    return np.concatenate([np.zeros(1, dtype=np.int64), np.cumsum(counts)])


class RowNumbers(Sequence[tuple[Any, ...]]):
    """Per row the tuple the rest of the method uses: precision, recall, the six counts,
    relevance, n_retrieved, reference and system spans (Python numbers, the original's
    integers where it has them). `columns` holds them column by column; the tuples are
    made when first asked for (the CSV and the totals read the columns)."""

    def __init__(self, columns: Sequence[Sequence[Any]]) -> None:
        self.columns = columns
        self._rows: list[tuple[Any, ...]] | None = None

    def _tuples(self) -> list[tuple[Any, ...]]:
        if self._rows is None:
            self._rows = list(zip(*self.columns, strict=True))
        return self._rows

    def __len__(self) -> int:
        return len(self.columns[0])

    def __getitem__(self, index: Any) -> Any:
        return self._tuples()[index]

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(self._tuples())


def row_numbers(scores: Scores) -> RowNumbers:
    """The numbers of every row (RowNumbers), each column made a list when first read
    whole, or a slice at a time (the CSV writes a block of rows at a time). They hold the
    numbers' arrays, not the Scores: in a run without detail the spans' arrays are let go
    with the Scores and the rendering that follows reuses their memory (the 43,000-page
    case: 3,300 fewer pages of fresh memory faulted in)."""
    mixed = [(scores.precision, scores.precision_int), (scores.recall, scores.recall_int)]
    whole = [scores.counts[:, k] for k in range(6)]
    columns = [
        *(_with_ints_column(values, as_int) for values, as_int in mixed),
        *map(_numbers_column, whole),
        _with_ints_column(scores.relevance, scores.relevance_int),
        *map(_numbers_column, (scores.n_retrieved, scores.n_ref, scores.n_sys)),
    ]  # fmt: skip
    return RowNumbers(columns)


def _numbers_column(values: np.ndarray) -> Later:
    """Whole numbers as a column made when read (its array for a frame)."""
    return Later(len(values), part=partial(_numbers, values), array=values)


def _with_ints_column(values: np.ndarray, as_int: np.ndarray) -> Later:
    """Numbers, integers where `as_int`, as a column made when read; for a frame the floats,
    or the integers where every one is (as a frame types the column's list)."""
    array = values.astype(np.int64) if as_int.all() else values
    return Later(len(values), part=partial(_with_ints, values, as_int), array=array)


def _numbers(values: np.ndarray, start: int, stop: int) -> list[Any]:
    """values[start:stop] as Python numbers."""
    return values[start:stop].tolist()


def _with_ints(values: np.ndarray, as_int: np.ndarray, start: int, stop: int) -> list[Any]:
    """values[start:stop] as Python floats, integers where `as_int` (whole numbers the
    original keeps as ints)."""
    values, as_int = values[start:stop], as_int[start:stop]
    out = values.astype(object)
    out[as_int] = values[as_int].astype(np.int64).astype(object)
    return out.tolist()
