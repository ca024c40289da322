"""Table models over DataFrames: display, sorting by pandas, the error filters."""

from __future__ import annotations

import pandas as pd
from PySide6.QtCore import Qt

from gui.models import RAW_ROLE, FrameModel, display, error_mask, search_text


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


def test_error_filters_combine_type_label_and_text():
    frame = pd.DataFrame(
        {"type": ["FN", "FP", "LE"], "gold_label": ["PER", "", "LOC"], "system_label": ["", "PER", "ORG"],
         "gold_text": ["Holmes", "", "Baker Street"], "system_text": ["", "Watson", "Baker Street"]}
    )  # fmt: skip
    search = search_text(frame, list(frame.columns))
    assert error_mask(frame, search, None, None, "").tolist() == [True, True, True]
    assert error_mask(frame, search, "FP", None, "").tolist() == [False, True, False]
    assert error_mask(frame, search, None, "PER", "").tolist() == [True, True, False]
    assert error_mask(frame, search, None, None, " baker ").tolist() == [False, False, True]
    assert error_mask(frame, search, "FN", "PER", "watson").tolist() == [False, False, False]
