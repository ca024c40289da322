"""The Spans sheet's rows (specs/poetry.md §6.2): one per reference span and per spurious
system span, built a column at a time from the scoring's arrays (errors.Pages). Each
column is declared once by what it is made of (_declared) and made in the form asked:
Python values when first read (the app, the workbook), the JSON text and the CSV files'
fields from the columns' texts (jsontext, rowtexts), without a Python object per row."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache, cached_property, partial
from typing import Any, NamedTuple, TypeVar

import msgspec
import numpy as np

from ...export.csv import Pieces, column_fields, number_fields
from ...export.rowtexts import Piece, Rows, Taken, integer_texts, taken
from ...pieces import PieceColumn
from ...report import ERROR_COLUMNS, Coded, ColumnRows, Later, error_ids
from .columns import Spans, span_order
from .errors import Pages, Side
from .jsontext import string_texts

MARKERS = {"reference": "🟩", "system": "🟥", "both": "🟨"}
ROW_KEYS = (
    *ERROR_COLUMNS, "sheet", "status", "marker", "ref_start", "ref_end", "sys_start", "sys_end",
    "piece_start", "piece_end", "factor", "credit", "gold_line", "system_line",
)  # fmt: skip
SHEET = "Spans"
STATUSES = ("exact", "partial", "missed", "spurious")
SUBTYPES = ("", "split")
SHOWN_MARKERS = ("", MARKERS["reference"], MARKERS["system"], MARKERS["both"])  # by marker code
T = TypeVar("T")


class RowPlan:
    """What each row shows, page by page in (start, end) order, references first: per row
    its page, reference, system span and pair (−1: none), whether its system span is
    split, its status and marker codes, its spans' texts and its note."""

    def __init__(self, pages: Pages, ignore_label: bool) -> None:
        self.pages, self.ignore_label = pages, ignore_label
        self.page, self.ref, self.system, self.pair = _row_order(pages)
        self.split = np.append(pages.n_refs_of, 0)[self.system] > 1  # no system span (-1): the 0 appended
        exact = np.append(pages.scores.pairs[4].astype(bool), False)[self.pair]
        self.status = np.where(self.pair >= 0, np.where(exact, 0, 1), np.where(self.ref >= 0, 2, 3))
        self.marker = (self.ref >= 0).astype(np.int64) + 2 * (self.system >= 0)  # SHOWN_MARKERS

    def __len__(self) -> int:
        return len(self.page)

    @cached_property
    def covered(self) -> tuple[list[str], list[str]] | None:
        """Per row the text under its reference span and under its system span ("" without
        one or a text); None when no page has a text."""
        pages = self.pages
        if pages.texts.count(None) == len(pages.texts):
            return None
        return (_covered(pages.refs, self.ref, self.page, pages.texts),
                _covered(pages.syss, self.system, self.page, pages.texts))  # fmt: skip

    @cached_property
    def notes(self) -> tuple[np.ndarray, list[str]]:
        """The detail column: the rows with a note (a split system span's piece, a merged
        one's member count) and their notes."""
        pages, system, pair, split = self.pages, self.system, self.pair, self.split
        counts, (piece_start, piece_end) = pages.n_refs_of.tolist(), pages.scores.pairs[2:4]
        merged = [len(members) for members in pages.members] if self.ignore_label else []
        rows = np.flatnonzero(split | (system >= 0) if self.ignore_label else split)
        notes = []
        for row in rows.tolist():
            j, q, parts = int(system[row]), int(pair[row]), []
            if split[row]:
                parts.append(f"system span split into {counts[j]} pieces; this one is "
                             f"{piece_start[q]}-{piece_end[q]}")  # fmt: skip
            if self.ignore_label and merged[j] > 1:
                parts.append(f"merged from {merged[j]} overlapping system spans")
            notes.append("; ".join(parts))
        return rows, notes

    def note_index(self) -> np.ndarray:
        """Per row its note's index in `notes`, −1 for none."""
        index = np.full(len(self), -1, dtype=np.int64)
        rows, notes = self.notes
        index[rows] = np.arange(len(notes))
        return index


def _row_order(pages: Pages) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The rows in page order, each page's by (start, end, reference before system): per
    row its page, reference index, system index and pair index (-1 for none). Both sides
    come sorted so: the stable sort merges the two runs."""
    spurious = np.flatnonzero(pages.n_refs_of == 0)
    refs, syss = pages.refs.spans, pages.syss.spans
    page = np.concatenate([refs.row, syss.row[spurious]])
    starts = np.concatenate([refs.start, syss.start[spurious]])
    ends = np.concatenate([refs.end, syss.end[spurious]])
    order = span_order(page, starts, ends)
    if order is None:
        order = np.arange(len(page))
    none = np.full(len(spurious), -1, dtype=np.int64)
    pair = np.concatenate([pages.pair_of, none])
    ref = np.concatenate([np.arange(len(refs), dtype=np.int64), none])
    system = np.concatenate([pages.system_of_pair(), spurious])
    return page[order], ref[order], system[order], pair[order]


def _take(values: Sequence[Any] | np.ndarray, index: np.ndarray, blank: Any = None) -> list[Any]:
    """values[k] for each k of `index` as Python values, `blank` where k is −1 (the values
    of a part of a column's index made alone: a view's cells)."""
    column = values if isinstance(values, np.ndarray) else np.array(values, dtype=object)
    if not len(column):
        return [blank] * len(index)
    taken = column[index].astype(object)
    taken[index < 0] = blank
    return taken.tolist()


def _covered(side: Side, index: np.ndarray, page: np.ndarray, texts: list[str | None]) -> list[str]:
    """Per row the page text its span of `side` covers ("" without a span or a text): the
    offsets clipped at 0 by numpy, a row without a span sliced [0:0], one without a text
    from "" (a slice a row, no test: 0.16 -> 0.11 s in process for 136,308 rows, both sides)."""
    starts = _take(np.maximum(side.spans.start, 0), index, 0)
    ends = _take(np.maximum(side.spans.end, 0), index, 0)
    shown = [text or "" for text in texts]
    return [text[a:b] for text, a, b in zip(_take(shown, page), starts, ends, strict=True)]


# --- what each column is made of: one declaration for the three forms -------------------

#: Keys that repeat another key's column (the Spans sheet's own names beside the common ones).
SAME_AS = {"status": "type", "ref_start": "gold_start", "ref_end": "gold_end",
           "sys_start": "system_start", "sys_end": "system_end"}  # fmt: skip


class Number(NamedTuple):
    """A column of numbers (Pages.numbers) taken by `index`, blank where it is −1."""

    column: str
    index: np.ndarray


class SpanShape(NamedTuple):
    """One side's (ref or sys) spans taken by `index` as their parts ([[start, end]]) or
    their position (start-end), blank where it is −1."""

    side: str
    index: np.ndarray
    shape: str  # "parts" or "position"


class Ids(NamedTuple):
    """The rows' ids E1, E2, …"""

    count: int


Column = Coded | Number | SpanShape | Ids | str | int | None  # a str, int or None: the same in every row


def _number(column: str, index: np.ndarray) -> Number | None:
    """Numbers of `column` taken by `index`; None (blank in every row) where it takes none,
    known so without making or scanning the column (poetry's piece bounds on unsplit spans)."""
    return Number(column, index) if (index >= 0).any() else None


def _declared(plan: RowPlan) -> dict[str, Column]:
    """Every column of the rows (ROW_KEYS) by what it is made of; texts Coded ("" where the
    index is −1); a key of SAME_AS the very column of the key it repeats."""
    pages, page, n = plan.pages, plan.page, len(plan)
    piece, covered = np.where(plan.split, plan.pair, -1), plan.covered
    no_text = Coded((), np.full(n, -1, np.int64))  # no page has a text: "" in every row, known so at once
    document = Coded(pages.names, page)  # the unit ids' column too where they are the names (ids unique)
    columns: dict[str, Column] = {
        "error_id": Ids(n), "document": document, "unit": 1,
        "unit_id": document if pages.unit_ids is pages.names else Coded(pages.unit_ids, page),
        "type": Coded(STATUSES, plan.status),
        "subtype": Coded(SUBTYPES, plan.split.astype(np.int64)),
        "detail": Coded(plan.notes[1], plan.note_index()), "sheet": SHEET,
        "marker": Coded(SHOWN_MARKERS, plan.marker),
        "piece_start": _number("piece_start", piece), "piece_end": _number("piece_end", piece),
        "factor": _number("factor", plan.pair), "credit": _number("credit", plan.pair),
        "gold_line": _number("line", np.where(plan.ref >= 0, page, -1)),
        "system_line": _number("system_line", np.where(plan.system >= 0, page, -1)),
    }  # fmt: skip
    for name, side, index, k in (("gold", "ref", plan.ref, 0), ("system", "sys", plan.system, 1)):
        columns |= {
            f"{name}_label": Coded(pages.shown, np.append(_spans(pages, side).label, -1)[index]),
            f"{name}_start": _number(f"{side}_start", index), f"{name}_end": _number(f"{side}_end", index),
            f"{name}_parts": SpanShape(side, index, "parts"),
            f"{name}_position": SpanShape(side, index, "position"),
            f"{name}_text": Coded(covered[k], np.arange(n)) if covered else no_text,
        }  # fmt: skip
    return {key: columns[SAME_AS.get(key, key)] for key in ROW_KEYS}


def _spans(pages: Pages, side: str) -> Spans:
    return (pages.refs if side == "ref" else pages.syss).spans


def _made(plan: RowPlan, make: Callable[[Pages, Column, int], T]) -> dict[str, T]:
    """Every column of _declared made by `make` (a repeated one once)."""
    declared = _declared(plan)
    made = {id(column): make(plan.pages, column, len(plan)) for column in declared.values()}
    return {key: made[id(column)] for key, column in declared.items()}


# --- the rows as Python columns -----------------------------------------------------------


class PythonColumns:
    """The columns as Python values, each made when first read (a repeated one once), or a
    part of it (rows start to stop: a view's cells, a Coded column's blocks for a writer)
    made from its part of the index. The workbook takes the Coded ones as they are
    (SpanRows.coded_texts)."""

    def __init__(self, plan: RowPlan) -> None:
        self.pages, self.declared, self.n = plan.pages, _declared(plan), len(plan)
        self.made: dict[int, Sequence[Any]] = {}
        self.shown: dict[int, tuple[list[str], np.ndarray]] = {}

    def column(self, key: str) -> Sequence[Any]:
        column = self.declared[key]
        if id(column) not in self.made:
            self.made[id(column)] = self._part(column, 0, self.n)
        return self.made[id(column)]

    def later(self, key: str) -> Sequence[Any]:
        """Column `key` as a Later: a Coded one's parts made from their part of the index
        (the writers read them so), any other's items (a view's cells: a writer takes its
        made list, cheaper than making every part: poetry's workbook 1.07x its CPU); a
        side's parts at once, as a PieceColumn (arrays: no list per row)."""
        column = self.declared[key]
        if isinstance(column, SpanShape) and column.shape == "parts":
            return self.column(key)
        if isinstance(column, Coded):
            return Later(self.n, partial(self.column, key), partial(self._part, column))
        return Later(self.n, partial(self.column, key), item=partial(self._item, column))

    def _item(self, column: Column, row: int) -> Any:
        return self._part(column, row, row + 1)[0]

    def _texts(self, column: Coded) -> tuple[list[str], np.ndarray]:
        """A Coded column's texts with "" last (the index −1 takes it), as a list and as an
        array of objects, made once for the columns sharing them (gold's and system's labels)."""
        if id(column.texts) not in self.shown:
            texts = [*column.texts, ""]
            self.shown[id(column.texts)] = texts, np.array(texts, object)
        return self.shown[id(column.texts)]

    def _part(self, column: Column, start: int, stop: int) -> Sequence[Any]:
        """Rows `start` to `stop` of a column as Python values (None for a blank number or
        span; a side's parts as a PieceColumn)."""
        if isinstance(column, Coded):
            return self._texts(column)[1][column.number[start:stop]].tolist()
        if isinstance(column, Number):
            return _take(self.pages.numbers(column.column), column.index[start:stop])
        if isinstance(column, SpanShape):
            return _shaped(_spans(self.pages, column.side), column.index[start:stop], column.shape)
        if isinstance(column, Ids):
            return error_ids(stop, start)
        return [column] * (stop - start)


def _shaped(spans: Spans, index: np.ndarray, shape: str) -> Sequence[Any]:
    """The spans of `index` as their parts (a PieceColumn) or their positions ("" for −1)."""
    if shape == "parts":
        starts, ends = (np.append(values, 0)[index] for values in (spans.start, spans.end))  # −1: none
        return PieceColumn.spans(starts, ends, index >= 0)
    starts, ends = _take(spans.start, index), _take(spans.end, index)
    return [f"{x}-{y}" if x is not None else "" for x, y in zip(starts, ends, strict=True)]


# --- the rows as JSON text --------------------------------------------------------------


def _bytes(values: Sequence[str]) -> np.ndarray:
    return np.array([value.encode() for value in values])


#: Around a span's start and end text in its parts (`[]`, `[[1,2]]`): without a span, with one.
PART_TEXTS = tuple(_bytes(texts) for texts in (["[", "[["], ["", ","], ["]", "]]"]))
#: Between a span's start and end text in its position (`1-2`): without a span, with one.
DASH = _bytes(["", "-"])


def _quoted(*pieces: Piece) -> list[Piece]:
    return [b'"', *pieces, b'"']


def _span_pieces(
    pages: Pages, side: str, index: np.ndarray, part_texts: tuple[np.ndarray, ...]
) -> tuple[list[Piece], list[Piece]]:
    """A side's (ref or sys) parts and position as pieces: its start and end texts (blank
    without a span), in its parts between the signs of `part_texts`, in its position
    around a dash."""
    has = (index >= 0).astype(np.int64)
    start = taken(pages.json_texts(f"{side}_start"), index, b"")
    end = taken(pages.json_texts(f"{side}_end"), index, b"")
    signs = [Taken(texts, has) for texts in part_texts]
    return [signs[0], start, signs[1], end, signs[2]], [start, Taken(DASH, has), end]


def _json_column(pages: Pages, column: Column, n: int) -> list[Piece]:
    """One column's JSON values as pieces (null for a blank number)."""
    if isinstance(column, Coded):
        return _quoted(taken(string_texts(column.texts), column.number, b""))
    if isinstance(column, Number):
        return [taken(pages.json_texts(column.column), column.index)]
    if isinstance(column, SpanShape):
        parts, position = _span_pieces(pages, column.side, column.index, PART_TEXTS)
        return parts if column.shape == "parts" else _quoted(*position)
    if isinstance(column, Ids):
        return _quoted(b"E", integer_texts(np.arange(1, column.count + 1)))
    return [msgspec.json.encode(column)]


def _json_pieces(plan: RowPlan) -> list[Piece]:
    """The rows' JSON objects as pieces (rowtexts.Rows): the keys' texts and the
    values' columns of texts in ROW_KEYS order, each row ending in a comma."""
    pieces: list[Piece] = []
    for k, (key, value) in enumerate(_made(plan, _json_column).items()):
        pieces += [b"," if k else b"{", msgspec.json.encode(key), b":", *value]
    return [*pieces, b"},"]


# --- the rows as the CSV files' fields ---------------------------------------------------

#: Around a span's start and end text in its parts as the CSV writes them (`[]`,
#: `"[[1, 2]]"`: quoted, as a field holding a comma), without a span and with one.
CSV_PART_TEXTS = tuple(_bytes(texts) for texts in (["[", '"[['], ["", ", "], ["]", ']]"']))
#: Before a span's position: an apostrophe where it starts with a minus (a formula defused).
DEFUSED = _bytes(["", "'"])


def _number_fields(pages: Pages, column: str) -> np.ndarray:
    """A column of numbers as the CSV writes them (repr()): their JSON texts, or for floats
    whose JSON text may differ from repr() (an exponent, `0.0000…`, null) the writer's
    fields of the values."""
    texts = pages.json_texts(column)
    if pages.numbers(column).dtype.kind != "f":
        return texts
    laid = texts.tobytes()
    if b"e" in laid or b"n" in laid or b"0.0000" in laid:
        return np.array(number_fields(pages.numbers(column).tolist()), dtype="S")
    return texts


def _csv_column(pages: Pages, column: Column, n: int) -> Pieces:
    """One column's fields as Pieces: numbers, parts and positions from the arrays' JSON
    texts, texts Coded (no Python object per row)."""
    if isinstance(column, Coded):
        return Pieces([column], n)
    if isinstance(column, Number):
        return Pieces([taken(_number_fields(pages, column.column), column.index, b"")], n)
    if isinstance(column, SpanShape):
        parts, position = _span_pieces(pages, column.side, column.index, CSV_PART_TEXTS)
        if column.shape == "parts":
            return Pieces(parts, n)
        negative = (np.append(_spans(pages, column.side).start, 0)[column.index] < 0).astype(np.int64)
        return Pieces([Taken(DEFUSED, negative), *position], n)
    if isinstance(column, Ids):
        return Pieces([b"E", integer_texts(np.arange(1, column.count + 1))], n)
    return Pieces([column_fields([column])[0].encode()], n)


#: Rows laid out at a time for the JSON (about 2.6 MB on the bench): a part costs its
#: record's dozens of fields, whatever its rows (136,308 rows 1,000 at a time: 0.10 s, 4,096: 0.085 s).
JSON_ROWS = 4096


class SpanRows(ColumnRows):
    """The Spans rows (ROW_KEYS, ERROR_COLUMNS first; ids E1, E2, …): the Python columns
    made together when one is first read; with plain numbers the JSON is written from
    the arrays' texts, a part at a time, without them."""

    def __init__(self, pages: Pages, ignore_label: bool) -> None:
        self.plan = RowPlan(pages, ignore_label)
        self._python = PythonColumns(self.plan)
        columns = {key: self._python.later(key) for key in ROW_KEYS}
        super().__init__(columns, plain_numbers=pages.plain_numbers)
        self._csv = cache(partial(_made, self.plan, _csv_column))

    def coded_texts(self) -> dict[str, Coded]:
        """The Coded columns but those with a text per row (the span texts: the writer's blocks
        look at them, 4,000 rows at a time, in a third of the time it takes to make 136,308
        texts of 17 MB cells at once)."""
        return {key: column for key, column in self._python.declared.items()
                if isinstance(column, Coded) and len(column.texts) < len(self)}  # fmt: skip

    def csv_column(self, key: str) -> Sequence[Any]:
        """With plain numbers, the CSV files' columns made from the arrays' texts."""
        return self._csv()[key] if self.plain_numbers and key in self.columns else super().csv_column(key)

    def json_parts(
        self, size: int, encode: Callable[[list[dict[str, Any]]], bytes]
    ) -> Iterator[bytes | memoryview]:
        """ColumnRows.json_parts, but with plain numbers laid out max(size, JSON_ROWS) rows
        a part (not `size`: the writer's batch is too small for these records)."""
        if not self.plain_numbers:
            yield from super().json_parts(size, encode)
            return
        rows, step = Rows(_json_pieces(self.plan)), max(size, JSON_ROWS)
        for start in range(0, len(self), step):
            yield memoryview(rows.buffer(start, min(start + step, len(self))))[:-1]  # no comma after the last
