"""The original's standard output is pandas 2.x printing DataFrames on an 80-column console.
console_pandas22.json holds 70 random frames (all four column kinds, 0–62 rows, 1–17
columns, long and tabbed strings, negative, huge and tiny numbers) with what pandas 2.2.3
printed for them (COLUMNS=80, default display options); the engine's renderer must print
the same, quirks included."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.methods.clueval.console import frame_repr

CASES = json.loads((Path(__file__).parent / "data" / "clueval" / "console_pandas22.json").read_text("utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[f"case{i}" for i in range(len(CASES))])
def test_frames_print_as_pandas_2_prints_them(case):
    assert frame_repr(case["names"], case["kinds"], case["rows"]) == case["expected"]


def test_the_cases_cover_every_branch():
    texts = [c["expected"] for c in CASES]
    assert any(t.startswith("Empty DataFrame") for t in texts)
    assert any(" ..." in t.splitlines()[0] for t in texts if "\n" in t)  # columns cut
    assert any(
        line.strip() in ("..", "...") or line.startswith("..") for t in texts for line in t.splitlines()
    )
    assert any("e+" in t or "e-" in t for t in texts)  # scientific notation


def test_header_padding_follows_the_full_frames_dtypes_after_cutting():
    """pandas 2.x pairs the shown columns with the dtypes of all columns by position: after
    cutting, 'Label' (text) sits where 'FN' (a count) was and gets a number's padding."""
    names = ["Level", "P", "R", "F1", "TP_Precision", "TP_Recall", "FP", "FN", "Support", "Label"]
    kinds = ["object", "float64", "float64", "float64", "int64", "int64", "int64", "int64", "int64", "object"]
    text = frame_repr(names, kinds, [["Span", 94.2029, 87.1429, 90.5355, 65, 61, 4, 9, 70, "Span"]])
    assert text.splitlines()[:2] == [
        "  Level        P        R       F1  ...  FP  FN  Support  Label",
        "0  Span  94.2029  87.1429  90.5355  ...   4   9       70   Span",
    ]
