"""The Spans sheet's rows (specs/poetry.md §6.2): one per reference span and per spurious
system span, built a column at a time from the scoring's arrays (errors.Pages). The
Python columns are made when first read (the app, the workbook, the CSV files); the
JSON is written from the columns' texts (jsontext), without them."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache, cached_property, partial
from typing import Any

import msgspec
import numpy as np

from ...export.csv import Coded, Pieces, number_fields
from ...export.rowtexts import Piece, Rows, Taken, taken
from ...report import ERROR_COLUMNS, ColumnRows, Later, error_ids
from .columns import span_order
from .errors import Pages, Side
from .jsontext import integer_texts, string_texts

MARKERS = {"reference": "🟩", "system": "🟥", "both": "🟨"}
ROW_KEYS = (
    *ERROR_COLUMNS, "sheet", "status", "marker", "ref_start", "ref_end", "sys_start", "sys_end",
    "piece_start", "piece_end", "factor", "credit", "gold_line", "system_line",
)  # fmt: skip
SHEET = "Spans"
STATUSES = ("exact", "partial", "missed", "spurious")
SUBTYPES = ("", "split")
SHOWN_MARKERS = ("", MARKERS["reference"], MARKERS["system"], MARKERS["both"])  # by marker code


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
    """values[k] for each k of `index`, `blank` where k is -1 (as Python objects)."""
    column = np.empty(len(values) + 1, dtype=object)
    column[:-1] = values
    column[-1] = blank
    return column[index].tolist()


def _covered(side: Side, index: np.ndarray, page: np.ndarray, texts: list[str | None]) -> list[str]:
    """Per row the page text its span of `side` covers ("" without a span or a text)."""
    starts, ends = _take(side.spans.start, index), _take(side.spans.end, index)
    return [text[max(a, 0) : max(b, 0)] if text is not None and a is not None else ""
            for text, a, b in zip(_take(texts, page), starts, ends, strict=True)]  # fmt: skip


# --- the rows as Python columns -----------------------------------------------------------


def _shown_columns(plan: RowPlan) -> dict[str, list[Any]]:
    """The Python columns of texts: names, statuses, labels, the spans' texts, notes, markers."""
    pages, page, n = plan.pages, plan.page, len(plan)
    covered = plan.covered or (None, None)
    statuses = np.array(STATUSES, dtype=object)[plan.status].tolist()
    return {
        "document": _take(pages.names, page), "unit_id": _take(pages.unit_ids, page), "type": statuses,
        "subtype": np.array(SUBTYPES, dtype=object)[plan.split.astype(np.int64)].tolist(),
        "gold_label": _take(pages.refs.shown, plan.ref, ""),
        "system_label": _take(pages.syss.shown, plan.system, ""),
        "gold_text": covered[0] or [""] * n, "system_text": covered[1] or [""] * n,
        "detail": _take(plan.notes[1], plan.note_index(), ""), "sheet": [SHEET] * n, "status": statuses,
        "marker": np.array(SHOWN_MARKERS, dtype=object)[plan.marker].tolist(),
    }  # fmt: skip


def _side(side: Side, index: np.ndarray, name: str) -> dict[str, list[Any]]:
    """One side's start, end, parts and position columns (blank without a span), under
    `name` (gold or system)."""
    starts, ends = _take(side.spans.start, index), _take(side.spans.end, index)
    parts = [[[x, y]] if x is not None else [] for x, y in zip(starts, ends, strict=True)]
    positions = [f"{x}-{y}" if x is not None else "" for x, y in zip(starts, ends, strict=True)]
    return {f"{name}_start": starts, f"{name}_end": ends,
            f"{name}_parts": parts, f"{name}_position": positions}  # fmt: skip


def _python_columns(plan: RowPlan) -> dict[str, list[Any]]:
    """Every column of the rows (ROW_KEYS) as a Python list."""
    pages, page, n = plan.pages, plan.page, len(plan)
    gold, sys_ = _side(pages.refs, plan.ref, "gold"), _side(pages.syss, plan.system, "system")
    piece = np.where(plan.split, plan.pair, -1)
    lines, pairs = np.asarray(pages.system_lines, dtype=object), pages.scores.pairs
    columns = {
        **_shown_columns(plan), **gold, **sys_, "error_id": error_ids(n), "unit": [1] * n,
        "ref_start": gold["gold_start"], "ref_end": gold["gold_end"],
        "sys_start": sys_["system_start"], "sys_end": sys_["system_end"],
        "piece_start": _take(pairs[2], piece), "piece_end": _take(pairs[3], piece),
        "factor": _take(pairs[5], plan.pair), "credit": _take(pairs[6], plan.pair),
        "gold_line": np.where(plan.ref >= 0, page + 1, None).tolist(),
        "system_line": np.where(plan.system >= 0, lines[page], None).tolist(),
    }  # fmt: skip
    return {key: columns[key] for key in ROW_KEYS}


# --- the rows as JSON text --------------------------------------------------------------


def _bytes(values: Sequence[str]) -> np.ndarray:
    return np.array([value.encode() for value in values])


#: Around a span's start and end text in its parts (`[]`, `[[1,2]]`): without a span, with one.
PART_TEXTS = tuple(_bytes(texts) for texts in (["[", "[["], ["", ","], ["]", "]]"]))
#: Between a span's start and end text in its position (`1-2`): without a span, with one.
DASH = _bytes(["", "-"])


def _quoted(*pieces: Piece) -> list[Piece]:
    return [b'"', *pieces, b'"']


def _side_texts(
    pages: Pages, side: str, index: np.ndarray, covered: list[str] | None, labels: np.ndarray
) -> dict[str, list[Piece]]:
    """One side's values (JSON texts) by key, without the side's name (ref or sys): null
    or blank without a span."""
    codes = (pages.refs if side == "ref" else pages.syss).spans.label
    parts, position = _span_pieces(pages, side, index, PART_TEXTS)
    return {
        "label": _quoted(taken(labels[codes], index, b"")),
        "start": [taken(pages.json_texts(f"{side}_start"), index)],
        "end": [taken(pages.json_texts(f"{side}_end"), index)],
        "parts": parts,
        "position": _quoted(*position),
        "text": _quoted(string_texts(covered)) if covered is not None else [b'""'],
    }


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


def _json_pieces(plan: RowPlan) -> list[Piece]:
    """The rows' JSON objects as pieces (rowtexts.Rows): the keys' texts and the
    values' columns of texts in ROW_KEYS order, each row ending in a comma."""
    pages, page = plan.pages, plan.page
    labels = string_texts(pages.shown)
    covered = plan.covered or (None, None)
    gold = _side_texts(pages, "ref", plan.ref, covered[0], labels)
    sys_ = _side_texts(pages, "sys", plan.system, covered[1], labels)
    statuses = _quoted(Taken(_bytes(STATUSES), plan.status))
    piece = np.where(plan.split, plan.pair, -1)
    values = {
        "error_id": _quoted(b"E", integer_texts(np.arange(1, len(plan) + 1))),
        "document": _quoted(Taken(string_texts(pages.names), page)),
        "unit": [b"1"],
        "unit_id": _quoted(Taken(string_texts(pages.unit_ids), page)),
        "type": statuses,
        "subtype": _quoted(Taken(_bytes(SUBTYPES), plan.split.astype(np.int64))),
        "detail": _quoted(taken(string_texts(plan.notes[1]), plan.note_index(), b"")),
        "sheet": [msgspec.json.encode(SHEET)],
        "status": statuses,
        "marker": _quoted(Taken(_bytes(SHOWN_MARKERS), plan.marker)),
        "piece_start": [taken(pages.json_texts("piece_start"), piece)],
        "piece_end": [taken(pages.json_texts("piece_end"), piece)],
        "factor": [taken(pages.json_texts("factor"), plan.pair)],
        "credit": [taken(pages.json_texts("credit"), plan.pair)],
        "gold_line": [taken(pages.json_texts("line"), np.where(plan.ref >= 0, page, -1))],
        "system_line": [taken(pages.json_texts("system_line"), np.where(plan.system >= 0, page, -1))],
    }
    for prefix, side in (("gold", gold), ("system", sys_)):
        values.update({f"{prefix}_{key}": value for key, value in side.items()})
    for prefix, side in (("ref", gold), ("sys", sys_)):
        values.update({f"{prefix}_start": side["start"], f"{prefix}_end": side["end"]})
    pieces: list[Piece] = []
    for k, key in enumerate(ROW_KEYS):
        pieces += [b"," if k else b"{", msgspec.json.encode(key), b":", *values[key]]
    return [*pieces, b"},"]


# --- the rows as the CSV files' fields ---------------------------------------------------

#: Around a span's start and end text in its parts as the CSV writes them (`[]`,
#: `"[[1, 2]]"`: quoted, as a field holding a comma), without a span and with one.
CSV_PART_TEXTS = tuple(_bytes(texts) for texts in (["[", '"[['], ["", ", "], ["]", ']]"']))
#: Before a span's position: an apostrophe where it starts with a minus (a formula defused).
DEFUSED = _bytes(["", "'"])


def _side_csv(pages: Pages, side: str, index: np.ndarray, name: str, count: int) -> dict[str, Pieces]:
    """One side's start, end, parts and position fields (blank without a span)."""
    spans = (pages.refs if side == "ref" else pages.syss).spans
    parts, position = _span_pieces(pages, side, index, CSV_PART_TEXTS)
    start, _, end = position
    negative = (np.append(spans.start, 0)[index] < 0).astype(np.int64)
    return {f"{name}_start": Pieces([start], count), f"{name}_end": Pieces([end], count),
            f"{name}_parts": Pieces(parts, count),
            f"{name}_position": Pieces([Taken(DEFUSED, negative), *position], count)}  # fmt: skip


def _float_fields(pages: Pages, column: str) -> np.ndarray:
    """A column of pairs' floats as repr() writes them: their JSON texts, or the writer's
    fields of the values where a JSON text may differ from repr() (an exponent, `0.0000…`,
    null)."""
    texts = pages.json_texts(column)
    laid = texts.tobytes()
    if b"e" in laid or b"n" in laid or b"0.0000" in laid:
        return np.array(number_fields(pages.numbers(column).tolist()), dtype="S")
    return texts


def _csv_columns(plan: RowPlan) -> dict[str, Pieces]:
    """Every column of the rows (ROW_KEYS) for the CSV files as Pieces: numbers, parts and
    positions from the arrays' JSON texts, texts coded by page, label, status or note (no
    Python object per row)."""
    pages, page, n = plan.pages, plan.page, len(plan)
    gold = _side_csv(pages, "ref", plan.ref, "gold", n)
    sys_ = _side_csv(pages, "sys", plan.system, "system", n)
    piece, pair = np.where(plan.split, plan.pair, -1), plan.pair
    covered = plan.covered
    rows = np.arange(n)
    status = Pieces([Coded(STATUSES, plan.status)], n)

    def label(side: Side, index: np.ndarray) -> Pieces:
        return Pieces([Coded(pages.shown, np.append(side.spans.label, -1)[index])], n)

    def number(texts: np.ndarray, index: np.ndarray) -> Pieces:
        return Pieces([taken(texts, index, b"")], n)

    columns = {
        **gold, **sys_, "error_id": Pieces([b"E", integer_texts(rows + 1)], n),
        "document": Pieces([Coded(pages.names, page)], n), "unit": Pieces([b"1"], n),
        "unit_id": Pieces([Coded(pages.unit_ids, page)], n), "type": status,
        "subtype": Pieces([Coded(SUBTYPES, plan.split.astype(np.int64))], n),
        "gold_label": label(pages.refs, plan.ref), "system_label": label(pages.syss, plan.system),
        "gold_text": Pieces([Coded(covered[0], rows)] if covered else [], n),
        "system_text": Pieces([Coded(covered[1], rows)] if covered else [], n),
        "detail": Pieces([Coded(plan.notes[1], plan.note_index())], n), "sheet": Pieces([SHEET.encode()], n),
        "status": status, "marker": Pieces([Coded(SHOWN_MARKERS, plan.marker)], n),
        "ref_start": gold["gold_start"], "ref_end": gold["gold_end"],
        "sys_start": sys_["system_start"], "sys_end": sys_["system_end"],
        "piece_start": number(pages.json_texts("piece_start"), piece),
        "piece_end": number(pages.json_texts("piece_end"), piece),
        "factor": number(_float_fields(pages, "factor"), pair),
        "credit": number(_float_fields(pages, "credit"), pair),
        "gold_line": number(pages.json_texts("line"), np.where(plan.ref >= 0, page, -1)),
        "system_line": number(pages.json_texts("system_line"), np.where(plan.system >= 0, page, -1)),
    }  # fmt: skip
    return {key: columns[key] for key in ROW_KEYS}


class SpanRows(ColumnRows):
    """The Spans rows (ROW_KEYS, ERROR_COLUMNS first; ids E1, E2, …): the Python columns
    made together when one is first read; with plain numbers the JSON is written from
    the arrays' texts, a part at a time, without them."""

    def __init__(self, pages: Pages, ignore_label: bool) -> None:
        self.plan = RowPlan(pages, ignore_label)
        made = cache(partial(_python_columns, self.plan))
        columns = {key: Later(len(self.plan), partial(_column, made, key)) for key in ROW_KEYS}
        super().__init__(columns, plain_numbers=pages.plain_numbers)
        self._csv = cache(partial(_csv_columns, self.plan))

    def csv_column(self, key: str) -> Sequence[Any]:
        """With plain numbers, the CSV files' columns made from the arrays' texts."""
        return self._csv()[key] if self.plain_numbers and key in self.columns else super().csv_column(key)

    def json_parts(
        self, size: int, encode: Callable[[list[dict[str, Any]]], bytes]
    ) -> Iterator[bytes | memoryview]:
        if not self.plain_numbers:
            yield from super().json_parts(size, encode)
            return
        rows = Rows(_json_pieces(self.plan))
        for start in range(0, len(self), size):
            yield memoryview(rows.text(start, min(start + size, len(self))))[:-1]  # no comma after the last


def _column(made: Callable[[], dict[str, list[Any]]], key: str) -> list[Any]:
    return made()[key]
