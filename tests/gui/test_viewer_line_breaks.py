"""A character document's line break ends its line in the viewer: brat's lines (its units)
are no longer each followed by an empty line, which took half the viewer's room at 1280×720
and showed blank lines the text does not have."""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QFont

from engine.formats.brat import line_units
from engine.spans import Document
from gui.viewer_data import DocumentData, Side, breaks_joined
from gui.viewer_layout import Layout

TEXT = "Por Caius\n-\nUn vicio\n\nHace\r\nfin"


def shown_lines(text: str) -> list[str]:
    """The lines the viewer lays out for `text` read as brat reads it (a unit per line)."""
    data = DocumentData(Document("d", text, line_units(text), joiner=""), Side.empty(), Side.empty())
    layout = Layout(data, QFont(), 2000.0)
    lines = [line for block in range(len(data.blocks)) for line in layout.lines(block)]
    return [line.source.text[line.text_line.textStart() :][: line.text_line.textLength()] for line in lines]


def test_each_line_of_a_text_is_one_line_and_a_blank_line_one_blank_line(qapp):
    # was 10 lines: an empty one after each
    assert shown_lines(TEXT) == ["Por Caius", "-", "Un vicio", "", "Hace", "fin"]


def test_a_break_at_a_units_start_joins_the_range_before_it():
    text = "ab\ncd\r\nef"
    ranges = DocumentData(Document("d", text, line_units(text), joiner=""), Side.empty(), Side.empty()).blocks
    assert ranges == [(0, 3), (3, 7), (7, 9)]
    plain = np.array([[0, 2], [2, 3], [3, 5], [5, 7], [7, 9]])
    assert breaks_joined(plain, text, [2, 6]).tolist() == [[0, 3], [3, 7], [7, 9]]
    assert breaks_joined(plain, text, []).tolist() == plain.tolist()  # a word document's: none
