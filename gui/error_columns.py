"""Which of a report's error columns the error view shows: the standard ones first, then the
method's own, each only where a row holds a value in it (empty ones hidden)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from engine.report import Coded, ColumnRows, cell

#: Error-table columns the error view shows first (the rest follow, empty ones hidden).
SHOWN_FIRST = ("error_id", "type", "subtype", "detail", "gold_label", "system_label", "gold_position",
               "system_position", "gold_text", "system_text", "document", "unit", "unit_id")  # fmt: skip
#: Columns the viewer uses but the error view does not show.
HIDDEN = ("gold_start", "gold_end", "system_start", "system_end", "gold_parts", "system_parts",
          "context_unit", "sheet")  # fmt: skip
#: The types of a column whose values are told by their truth alone (a value: a non-empty text).
_TEXT_OR_NONE = {str, type(None)}
#: The types of a column whose values are those that are not None (0 and False are values).
_WHOLE_OR_NONE = {int, bool, type(None)}


def shown_columns(errors: ColumnRows, names: list[str]) -> list[str]:
    """The error columns to show (of `names`, the report's error columns): the standard ones
    that hold anything, then the method's own."""
    columns = [c for c in SHOWN_FIRST if c in names]
    columns += [c for c in names if c not in SHOWN_FIRST and c not in HIDDEN]
    if not len(errors):
        return columns  # an empty table shows what it would hold
    coded = errors.coded_texts()
    return [c for c in columns if c in ("error_id", "type") or holds_value(errors.column(c), coded.get(c))]


def holds_value(values: Sequence[Any], coded: Coded | None = None) -> bool:
    """Whether any of the values is one: the first (a cell: a column made when read is not
    made for it), else, where the rows keep the column Coded, the texts its rows use, else
    all of them, made as a list; a column of texts and None only is told by its types and
    truth, one of whole numbers and None by its Nones, in C (no comparison: pandas' NA has
    no truth)."""
    if not len(values) or is_value(cell(values, 0)):  # the first cell alone, as the table shows it
        return bool(len(values))
    if coded is not None:  # the number −1 is "": no value
        used = np.flatnonzero(np.bincount(coded.number + 1, minlength=len(coded.texts) + 1)[1:])
        return any(is_value(coded.texts[k]) for k in used.tolist())
    values = values if isinstance(values, list) else list(values)
    types = set(map(type, values))
    if types <= _TEXT_OR_NONE:
        return any(values)
    if types <= _WHOLE_OR_NONE:
        return values.count(None) < len(values)
    return any(map(is_value, values))


def is_value(value: Any) -> bool:
    return value is not None and value is not pd.NA and value == value and value != ""
