"""Tables printed exactly as pandas 2.x prints a DataFrame on an 80-column console that is
not a terminal (specs/clueval.md §5.1): what the original's standard output holds.

pandas is not used for this: its printing changed in 3.0, and the original's output
comes from 2.x, including one of its quirks (after horizontal truncation, the header
padding of a column follows the dtype of the column at the same position in the *full*
frame). The rules reproduced here are those of pandas 2.2 for the column kinds a CLUEval
table has: "int64", "Int64" (nullable, never missing here), "float64" and "object" (str).

Options as the original ran with: display.width 80, max_columns 0 (fit to the console),
max_rows 60 (10 shown when truncated), max_colwidth 50, precision 6, show_dimensions
"truncate", colheader_justify "right".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

WIDTH = 80
MAX_ROWS, MIN_ROWS = 60, 10
MAX_COLWIDTH = 50
PRECISION = 6
MAX_SEQ_ITEMS = 100
NUMERIC = {"int64", "Int64", "float64"}


def _escape(text: str) -> str:
    return text.replace("\t", "\\t").replace("\r", "\\r").replace("\n", "\\n")


def _fixed_width(strings: list[str], minimum: int = 0, mode: str = "right") -> list[str]:
    """pandas' _make_fixed_width: pad to a common width, capped (with '...') at 50."""
    if not strings:
        return strings
    width = min(max(minimum, *(len(s) for s in strings)), MAX_COLWIDTH)
    cut = [s[: width - 3] + "..." if len(s) > width else s for s in strings]
    return [s.ljust(width) if mode == "left" else s.rjust(width) for s in cut]


def _trim_zeros(values: list[str]) -> list[str]:
    """pandas' _trim_zeros_float: drop trailing zeros from all numbers alike, keep one."""

    def is_number(s: str) -> bool:
        body = s.lstrip().lstrip("+-")
        head, dot, tail = body.partition(".")
        return (
            bool(dot)
            and head.isdigit()
            and head.isascii()
            and (not tail or (tail.isdigit() and tail.isascii()))
        )

    while True:
        numbers = [s for s in values if is_number(s)]
        if not numbers or not all(s.endswith("0") for s in numbers):
            break
        values = [s[:-1] if is_number(s) else s for s in values]
    return [s + "0" if is_number(s) and s.endswith(".") else s for s in values]


def _format_floats(values: list[float]) -> list[str]:
    formatted = _trim_zeros([f"{v: .{PRECISION}f}" for v in values])
    too_long = bool(formatted) and max(len(s) for s in formatted) > PRECISION + 6
    large = any(abs(v) > 1e6 for v in values)
    small = any(0 < abs(v) < 10**-PRECISION for v in values)
    if small or (too_long and large):
        formatted = _trim_zeros([f"{v: .{PRECISION}e}" for v in values])
    return formatted


def format_values(values: list[Any], kind: str) -> list[str]:
    """One column's cells as pandas formats them (leading space, common width)."""
    if kind == "int64":
        cells = [f"{v: d}" for v in values]
    elif kind == "float64":
        cells = _format_floats(values)
    else:  # "Int64" (str of each value) and strings, both after one space
        cells = [" " + (str(v) if kind == "Int64" else _escape(str(v))) for v in values]
    return _fixed_width(_fixed_width(cells))


def _column_labels(names: list[str]) -> list[str]:
    labels = [" " + _escape(n) for n in names]
    while labels and all(s.startswith(" ") for s in labels):
        labels = [s[1:] for s in labels]
    return labels


def _adjoin(columns: list[list[str]]) -> list[str]:
    """pandas' adjoin(1, …): every column but the last padded to its width + 1, on the left."""
    widths = [max(len(s) for s in col) + 1 for col in columns[:-1]]
    widths.append(max(len(s) for s in columns[-1]))
    height = max(len(col) for col in columns)
    padded = [
        [" " * w] * (height - len(col)) + [s.ljust(w) for s in col]
        for col, w in zip(columns, widths, strict=True)
    ]
    return ["".join(cells) for cells in zip(*padded, strict=True)]


class _Frame:
    """The columns and rows one rendering step works on."""

    def __init__(self, names: list[str], kinds: list[str], rows: Sequence[Sequence[Any]], index: list[int]):
        self.names, self.kinds, self.rows, self.index = names, kinds, rows, index

    def take_columns(self, keep: list[int]) -> _Frame:
        return _Frame(
            [self.names[k] for k in keep],
            [self.kinds[k] for k in keep],
            [[row[k] for k in keep] for row in self.rows],
            self.index,
        )


def _strcols(frame: _Frame, full_kinds: list[str]) -> list[list[str]]:
    """The index column, then each column as header + cells, all of one width."""
    labels = _column_labels(frame.names)
    # pandas 2.x pairs the shown columns with the dtypes of the full frame, by position
    padded = [
        " " + label if kind in NUMERIC else label for label, kind in zip(labels, full_kinds, strict=False)
    ]
    columns = [[""] + _fixed_width([str(i) for i in frame.index], mode="left")] if frame.index else [[""]]
    for k, header in enumerate(padded):
        cells = format_values([row[k] for row in frame.rows], frame.kinds[k])
        cells = _fixed_width(cells, len(header))
        width = max(len(header), *(len(c) for c in cells)) if cells else len(header)
        columns.append([header.rjust(width), *cells])
    return columns


def _insert_dots(columns: list[list[str]], cut_column: int | None, cut_row: int | None) -> list[list[str]]:
    height = len(columns[0])
    if cut_column is not None:
        columns.insert(cut_column + 1, [" ..."] * height)
    if cut_row is not None:
        for ix, col in enumerate(columns):
            width = len(col[cut_row])
            dot_column = cut_column is not None and ix == cut_column + 1
            dots = "..." if width > 3 or dot_column else ".."
            text = dots.ljust(width) if ix == 0 else dots.rjust(4 if dot_column else width)
            col.insert(cut_row + 1, text)
    return columns


def _empty(names: list[str]) -> str:
    shown = [str(n) for n in names[:MAX_SEQ_ITEMS]] + (["..."] if len(names) > MAX_SEQ_ITEMS else [])
    return f"Empty DataFrame\nColumns: [{', '.join(shown)}]\nIndex: []"


def frame_repr(names: list[str], kinds: list[str], rows: Sequence[Sequence[Any]]) -> str:
    """str(DataFrame) of pandas 2.x for these columns (kinds: int64, Int64, float64, object)
    and rows, with a 0-based integer index."""
    if not rows:
        return _empty(names)
    full = _Frame(names, kinds, rows, list(range(len(rows))))
    cut_row = None
    shown = full
    if len(rows) > MAX_ROWS:
        half = MIN_ROWS // 2
        keep = [*range(half), *range(len(rows) - half, len(rows))]
        shown = _Frame(names, kinds, [rows[i] for i in keep], keep)
        cut_row = half
    columns = _insert_dots(_strcols(shown, kinds), None, cut_row)
    widest = max(len(line) for line in _adjoin(columns))
    fitted = _columns_fitting(columns, widest)
    cut_column = None
    if len(names) > fitted:
        half = fitted // 2
        keep = [*range(half), *range(len(names) - half, len(names))]
        shown = shown.take_columns(keep)
        cut_column = half
    if cut_column is not None:
        columns = _insert_dots(_strcols(shown, kinds), cut_column, cut_row)
    text = "\n".join(_adjoin(columns))
    if cut_row is not None or cut_column is not None:
        text += f"\n\n[{len(rows)} rows x {len(names)} columns]"
    return text


def _columns_fitting(columns: list[list[str]], widest: int) -> int:
    """How many data columns pandas keeps: drop middle columns until the lines fit."""
    excess = widest - WIDTH + 1
    lengths = [max(len(s) for s in col) for col in columns]
    while excess > 0 and len(lengths) > 1:
        middle = round(len(lengths) / 2)
        excess -= lengths.pop(middle) + 1
    return max(len(lengths) - 1, 2)
