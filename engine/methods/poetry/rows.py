"""The rows of a run (one per reference line) and their spans (specs/poetry.md §2.4).

Rows are checked in file order as the original meets them: the system page must exist
(P14), then the system page's spans and the reference page's spans must be usable; the
first row that fails ends the run there (the rows before it are still scored, so that
an earlier split error wins). Only rows with something unusual are visited one by one.
"""

from __future__ import annotations

from itertools import repeat
from typing import Any

import numpy as np

from ...errors import FileWarning, InputError, describe
from ...formats.poetry_jsonl import REFERENCE, SYSTEM, Layout, SpanTuple, quote_id, spans_of
from ...rowkeys import run_positions
from .columns import Spans
from .compare import spans_from_tuples
from .reading import Columns, Pages
from .summary import Warnings


def system_lines(reference_ids: list[Any], system: Pages, warn: Warnings) -> tuple[np.ndarray, int, bool]:
    """Per reference row its system line (-1: none; the last line of an id wins, P17), how
    many distinct ids the system file has, and whether both files list the same pages in
    the same order, none twice (then the lines are 0, 1, 2, …). A warning for each repeat."""
    ids = system.ids
    if reference_ids == ids and len(set(ids)) == len(ids):  # the usual case: no index needed
        return np.arange(len(ids), dtype=np.int64), len(ids), True
    index = dict(zip(ids, range(len(ids)), strict=True))
    if len(index) < len(ids):
        _warn_repeats(system, warn)
    lines = np.fromiter(map(index.get, reference_ids, repeat(-1)), np.int64, len(reference_ids))
    return lines, len(index), False


def _warn_repeats(pages: Pages, warn: Warnings) -> None:
    """P17: each line whose page id an earlier line has."""
    earlier: dict[Any, int] = {}
    for k, page_id in enumerate(pages.ids):
        if page_id in earlier:
            said = (f"page {quote_id(page_id)} is also on line {earlier[page_id] + 1}; the last line is "
                    "used, as in the original")  # fmt: skip
            warn("system-repeat", FileWarning(pages.name, said, k + 1))
        earlier[page_id] = k


class Rows:
    """The reference lines to score, each with its system line; the spans of lines the
    typed reader left whole, read (and checked) when a row first uses them."""

    def __init__(self, reference: Pages, system: Pages, warn: Warnings) -> None:
        self.reference, self.system, self.warn = reference, system, warn
        self.columns: tuple[Columns, Columns] = (reference.columns, system.columns)  # type: ignore[assignment]
        self.system_line, self.n_system_ids, self.aligned = system_lines(reference.ids, system, warn)
        self.count = len(reference.ids)  # rows scored: all of them unless one fails
        self.error: InputError | None = reference.error
        self.ref_spans: dict[int, list[SpanTuple]] = {}  # row → spans of a line left whole
        self.sys_spans: dict[int, list[SpanTuple]] = {}  # system line → the same
        self._visit()

    def system_lines_used(self) -> int:
        """How many system lines the rows scored use."""
        lines = self.system_line[: self.count]
        return int(np.count_nonzero(np.bincount(lines[lines >= 0], minlength=1)))

    def _visit(self) -> None:
        """Check, in row order, each row with something unusual; stop at the first bad one."""
        ref, sys_ = self.reference, self.system
        repeats = self._repeats()
        unusual_lines = np.array([*sys_.raw, *self.columns[1].bad, *sys_.closed], dtype=np.int64)
        unusual = {*ref.raw, *self.columns[0].bad, *ref.closed, *repeats}
        lines = self.system_line
        unusual.update(np.flatnonzero((lines < 0) | np.isin(lines, unusual_lines)).tolist())
        used: set[int] = set()
        for row in sorted(unusual):
            try:
                self._check(row, repeats, used)
            except InputError as err:
                self.count, self.error = row, err
                return

    def _repeats(self) -> dict[int, int]:
        """Rows whose page id an earlier row has: row → that earlier row."""
        ids = self.reference.ids
        if self.aligned or len(dict.fromkeys(ids)) == len(ids):
            return {}
        first: dict[Any, int] = {}
        return {row: first[page_id] for row, page_id in enumerate(ids)
                if first.setdefault(page_id, row) != row}  # fmt: skip

    def _check(self, row: int, repeats: dict[int, int], used: set[int]) -> None:
        ref, sys_, warn = self.reference, self.system, self.warn
        line = int(self.system_line[row])
        if line < 0:
            raise _missing_page(ref.ids[row], ref.name, row + 1, sys_.name)
        if row in repeats:
            said = (f"page {quote_id(ref.ids[row])} is also on line {repeats[row] + 1}; it is evaluated and "
                    "written again, as in the original")  # fmt: skip
            warn("reference-repeat", FileWarning(ref.name, said, row + 1))
        if line not in used:
            used.add(line)
            self._lines_spans(sys_, self.columns[1], SYSTEM, line, self.sys_spans)
        self._lines_spans(ref, self.columns[0], REFERENCE, row, self.ref_spans)

    def _lines_spans(self, pages: Pages, columns: Columns, layout: Layout, line: int,
                     into: dict[int, list[SpanTuple]]) -> None:  # fmt: skip
        """The checks of one line: spans of a line left whole, a bad span, a closed gate."""
        if line in pages.raw:
            into[line] = spans_of(pages.raw[line], layout, pages.name, line + 1, self.warn)
        elif line in columns.bad:
            raise columns.bad[line]
        elif line in pages.closed:
            gate, listed = pages.closed[line]
            word = layout.item if listed == 1 else layout.items_word
            self.warn(
                "gate",
                FileWarning(pages.name, f"{layout.gate} is {describe(gate)} but {listed} {word} "
                                        f"{'is' if listed == 1 else 'are'} listed; ignored as in the "
                                        "original", line + 1),
            )

    def spans(self, codes: dict[Any, int]) -> tuple[Spans, Spans]:
        """Both sides' spans of the rows scored, in columns."""
        n = self.count
        ref, sys_ = self.columns
        rows = np.arange(n, dtype=np.int64)
        refs = _gather(ref, rows, rows)
        lines = self.system_line[:n]
        syss = _gather(sys_, lines, rows)
        extra_ref = [(row, spans) for row, spans in self.ref_spans.items() if row < n]
        whole = np.flatnonzero(np.isin(lines, list(self.sys_spans))).tolist() if self.sys_spans else []
        extra_sys = [(row, self.sys_spans[int(lines[row])]) for row in whole]
        return _with(refs, extra_ref, codes), _with(syss, extra_sys, codes)


def _gather(columns: Columns, lines: np.ndarray, rows: np.ndarray) -> Spans:
    """The typed spans of `lines` (one per row, repeats allowed), in row order: the
    columns themselves (not copies) when the rows take every line in file order."""
    first = columns.at[lines]
    count = columns.at[lines + 1] - first
    within = run_positions(count)  # each span's number in its line
    every_line = len(lines) == len(columns.at) - 1 and np.array_equal(lines, np.arange(len(lines)))
    take = slice(None) if every_line else np.repeat(first, count) + within
    return Spans(np.repeat(rows, count), columns.start[take], columns.end[take], columns.label[take], within)


def _with(spans: Spans, extra: list[tuple[int, list[SpanTuple]]], codes: dict[Any, int]) -> Spans:
    """`spans` and the spans of lines left whole (their rows have no typed spans)."""
    if not extra:
        return spans
    more = spans_from_tuples([row for row, _ in extra], [list(page) for _, page in extra], codes)
    if object in (spans.start.dtype, spans.end.dtype, more.start.dtype, more.end.dtype):
        for side in (spans, more):
            side.start, side.end = side.start.astype(object), side.end.astype(object)
    return Spans(*(np.concatenate([a, b]) for a, b in zip(
        (spans.row, spans.start, spans.end, spans.label, spans.index),
        (more.row, more.start, more.end, more.label, more.index), strict=True)))  # fmt: skip


def _missing_page(page_id: Any, name: str, number: int, system: str) -> InputError:
    """P14, with the line that would make the page an empty one."""
    import json  # messages only: plain runs do not load it

    empty = json.dumps({"page_id": page_id, "n_spans": 0, "poem_spans": []}, ensure_ascii=False)
    return InputError(
        f"page {quote_id(page_id)} in {system}",
        f"none (add {empty} if the system found nothing)",
        file=name,
        line=number,
    )
