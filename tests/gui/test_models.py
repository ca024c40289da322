"""Table models over DataFrames: display, sorting by pandas, the error filters."""

from __future__ import annotations

import random

import numpy as np
import pandas as pd
from PySide6.QtCore import Qt

from gui import models
from gui.models import (
    RAW_ROLE,
    FrameModel,
    RowsModel,
    column_numbers,
    display,
    error_mask,
    error_table,
    is_missing,
    natural_key,
    search_texts,
    sort_order,
    sorted_rows,
)


def column(model: FrameModel, c: int) -> list[object]:
    return [model.index(r, c).data(RAW_ROLE) for r in range(model.rowCount())]


def test_display_rounds_scores_and_hides_missing_values():
    assert display(0.123456) == "0.1235" and display(3) == "3" and display(None) == ""
    assert display(float("nan")) == "" and display([[1, 2], [4, 5]]) == "1, 2, 4, 5"


def test_sorting_numbers_by_value_text_by_text_missing_last():
    frame = pd.DataFrame({"n": [10, None, 2, 33], "t": ["b", "A", "", "c"]}, index=[7, 8, 9, 10])
    model = FrameModel(frame)
    model.sort(0, Qt.SortOrder.AscendingOrder)
    assert (
        column(model, 0)[:3] == [2.0, 10.0, 33.0] and column(model, 0)[3] != column(model, 0)[3]
    )  # NaN last
    assert [model.source_row(r) for r in range(4)] == [9, 7, 10, 8]  # rows keep their index label
    model.sort(1, Qt.SortOrder.DescendingOrder)
    assert column(model, 1) == ["c", "b", "A", ""]
    assert model.row_of(8) == 2 and model.row_of(99) is None
    assert model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole) == "33.0"
    model.sort(1, Qt.SortOrder.AscendingOrder)
    assert column(model, 1) == ["A", "b", "c", ""]  # an empty text last either way, as a spreadsheet sorts


ROWS = [
    {"type": "FN", "gold_label": "PER", "system_label": "", "gold_text": "Holmes", "system_text": ""},
    {"type": "FP", "gold_label": "", "system_label": "PER", "gold_text": "", "system_text": "Watson"},
    {"type": "LE", "gold_label": "LOC", "system_label": "ORG", "gold_text": "Baker Street", "n": 2.5},
]
#: The rows as the error view reads them: a column per key (None where a row lacks the key).
TABLE = error_table(ROWS, ["type", "gold_label", "system_label", "gold_text", "system_text", "n"])


def test_error_filters_combine_type_label_and_text():
    made: list[int] = []

    def search() -> list[str]:
        made.append(1)
        return search_texts(TABLE, ["gold_text", "system_text"])

    assert error_mask(TABLE, search, None, None, "").tolist() == [True, True, True]
    assert error_mask(TABLE, search, "FP", None, "").tolist() == [False, True, False]
    assert error_mask(TABLE, search, None, "PER", "").tolist() == [True, True, False]
    assert made == []  # the search lines are made only for a search
    assert error_mask(TABLE, search, None, None, " baker ").tolist() == [False, False, True]
    assert error_mask(TABLE, search, "FN", "PER", "watson").tolist() == [False, False, False]
    assert error_table(ROWS, ["n", "unit"]).column("unit") == [None, None, None]  # a key no row has
    first = error_table(ROWS[:1], ["type", "gold_text"])
    assert search_texts(first, ["type", "gold_text", "missing"]) == ["fn\tholmes\t"]


def test_the_rows_model_shows_rows_in_the_order_given_and_sorts_a_column_on_demand():
    model = RowsModel()
    model.set_rows(TABLE, ["type", "gold_text", "n"], np.array([2, 0]))
    assert model.rowCount() == 2 and model.columnCount() == 3
    assert column(model, 0) == ["LE", "FN"] and column(model, 2) == [2.5, None]
    assert model.index(1, 2).data() == "" and model.index(0, 2).data() == "2.5000"
    assert (
        [model.source_row(r) for r in range(2)] == [2, 0] and model.row_of(0) == 1 and model.row_of(1) is None
    )
    asked: list[tuple[int, Qt.SortOrder]] = []
    model.sort_asked.connect(lambda c, order: asked.append((c, order)))
    model.sort(1, Qt.SortOrder.AscendingOrder)
    assert asked == [(1, Qt.SortOrder.AscendingOrder)] and column(model, 0) == ["LE", "FN"]  # not sorted here
    shown = np.array([2, 0])
    model.show_order(sorted_rows(TABLE.column("gold_text"), shown, True))
    assert column(model, 1) == ["Baker Street", "Holmes"]
    model.show_order(sorted_rows(TABLE.column("gold_text"), np.array([1, 0, 2]), True))
    assert column(model, 1) == ["Baker Street", "Holmes", ""]  # a false positive has no gold text: last
    model.show_order(sorted_rows(TABLE.column("n"), shown, False))
    assert column(model, 2) == [2.5, None]  # missing last
    model.show_order(sorted_rows(TABLE.column("type"), shown, False))
    assert [model.source_row(r) for r in range(2)] == [2, 0]


def test_texts_sort_with_their_numbers_by_value():
    ids = pd.Series(["E10", "E9", None, "E100", "e2", "E1"], dtype=object)
    assert ids[sort_order(ids, True)].tolist() == ["E1", "e2", "E9", "E10", "E100", None]
    assert ids[sort_order(ids, False)].tolist() == ["E100", "E10", "E9", "e2", "E1", None]
    positions = pd.Series(["999-1363", "97-397", "97-40", "1099-1268", "x"], dtype=object)
    expected = ["97-40", "97-397", "999-1363", "1099-1268", "x"]
    assert positions[sort_order(positions, True)].tolist() == expected
    assert natural_key("page 7, 12") == "page 0017, 00212" and natural_key("٣") == "٣"


def test_a_text_key_keeps_the_order_of_texts_whose_digits_stand_alone():
    """Where no two digits stand together, the keys sort as the texts do: a digit before or
    after another sign as ASCII puts it, a text before its longer forms."""
    rnd = random.Random(5)
    signs, digits = "aAz-:~_ é", "0123456789"
    texts = []
    for _ in range(3000):
        text = ""
        for _ in range(rnd.randint(0, 6)):
            last_digit = bool(text) and text[-1] in digits
            text += rnd.choice(signs if last_digit else signs + digits * 2)
        texts.append(text)
    assert sorted(texts, key=natural_key) == sorted(texts)


def test_a_column_is_taken_as_numbers_only_where_every_value_present_is_one():
    """The first value present that is no number decides at once; the answer is that of
    converting the whole column."""
    rnd = random.Random(8)
    pool = [1, 2.5, "3", "x", "", None, "10", -1, float("nan"), "1e3", "E9"]
    for _ in range(500):
        column = pd.Series(rnd.choices(pool, k=rnd.randint(0, 6)), dtype=object)
        present = column.map(lambda v: not is_missing(v) and v != "")
        whole = pd.to_numeric(column, errors="coerce")
        expected = bool((whole.notna() == present).all())
        assert (column_numbers(column) is not None) == expected, column.tolist()


def test_texts_sorted_a_block_at_a_time_are_in_the_order_of_one_stable_sort(monkeypatch):
    """Blocks of 3 merged: ties stay in table order both ways, None last both ways."""
    monkeypatch.setattr(models, "SORTED_BLOCK", 3)
    rnd = random.Random(11)
    for _ in range(300):
        keys = rnd.choices(["a", "b", "c", "ab", None], k=rnd.randint(0, 14))
        present = [k for k, key in enumerate(keys) if key is not None]
        missing = [k for k, key in enumerate(keys) if key is None]
        for ascending in (True, False):
            expected = sorted(present, key=keys.__getitem__, reverse=not ascending) + missing
            assert models.text_order(keys, ascending).tolist() == expected, (keys, ascending)
