"""The viewer lays out every script as Qt does: Hebrew and Arabic read right to left (Arabic
letters joined), emoji sequences stay one glyph, and the marks of spans and errors cover the
glyphs of their characters, where Qt's own layout draws a selection of them; a click on a
mark selects its error."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QTextCharFormat, QTextLayout

from engine.report import Report, error_row
from engine.spans import Document, Span
from gui.viewer import MARGIN, SideBySideViewer
from gui.viewer_data import ReportData
from gui.viewer_layout import Line, utf16_length

HEBREW = "שלום עולם, זה טקסט בעברית."
ARABIC = "مرحبا بالعالم، هذه العربية."
EMOJI = "A scientist 👩‍🔬 and a family 👨‍👩‍👧 here."
MIXED = "The word שלום עולם means hello world."
SELECTED = QColor("#00ff00")


def report_of(text: str, words: list[str]) -> Report:
    """A character document of `text`: a gold span on each of `words` (its first place),
    a system span on the first only, so every gold span but the first is an FN error."""
    return report_on(
        Document("doc", text, joiner=""), [(text.index(w), text.index(w) + len(w)) for w in words]
    )


def report_on(doc: Document, places: list[tuple[int, int]]) -> Report:
    """A gold span on each of `places`, a system span on the first only: every gold span
    but the first is an FN error."""
    gold = [Span(start, end, "X", "doc") for start, end in places]
    system = gold[:1]
    errors = [
        error_row(document="doc", type="FN", gold_label="X", gold_start=s.start, gold_end=s.end)
        for s in gold[1:]
    ]
    return Report("s", "S", {}, [], {}, errors, [doc], gold, system)


@pytest.fixture
def viewer(qtbot):
    viewer = SideBySideViewer()
    qtbot.addWidget(viewer)
    viewer.resize(1366, 500)
    viewer.show()
    qtbot.waitExposed(viewer)
    return viewer


def shown(viewer, report: Report):
    viewer.set_report(ReportData.build(report))
    pane = viewer.panes["gold"]
    pane.viewport().grab()
    ((_, line),) = pane._painted  # one line of text
    return pane, line


def qt_selection(line: Line, start: int, end: int) -> list[tuple[float, float]]:
    """Where Qt's own layout of the line's block draws a selection of characters
    [start, end) on that line: the columns it paints, as extents."""
    layout = QTextLayout(line.source.text, line.owner.font())
    layout.setTextOption(line.owner.textOption())
    layout.beginLayout()
    y = 0.0
    while (text_line := layout.createLine()).isValid():
        text_line.setLineWidth(line.text_line.width())
        text_line.setPosition(QPointF(0, y))
        y += text_line.height()
    layout.endLayout()
    selection = QTextLayout.FormatRange()
    selection.start, selection.length = start, end - start
    selection.format = QTextCharFormat()
    selection.format.setBackground(SELECTED)
    selection.format.setForeground(SELECTED)  # the glyphs over it in the same colour
    image = QImage(int(line.text_line.width()) + 4, int(y) + 2, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    layout.draw(painter, QPointF(0, 0), [selection])
    painter.end()
    mine = layout.lineAt(line.text_line.lineNumber())
    rows = range(int(mine.y()), min(int(mine.y() + mine.height()) + 1, image.height()))
    columns = [
        x for x in range(image.width()) if any(image.pixelColor(x, y) == SELECTED for y in rows)
    ]  # a colour emoji covers the selection in most rows
    extents, first = [], None
    for x, following in zip(columns, [*columns[1:], None], strict=True):
        first = x if first is None else first
        if following != x + 1:
            extents.append((first, x + 1))
            first = None
    return extents


def offsets(line: Line, start: int, end: int) -> tuple[int, int]:
    """Positions [start, end) as UTF-16 offsets in the line's text."""
    return line.source.starts[start - line.source.first], line.source.ends[end - 1 - line.source.first]


def assert_covers(line: Line, start: int, end: int) -> None:
    """The marks of positions [start, end) lie where Qt draws their selection (to a pixel)."""
    expected = qt_selection(line, *offsets(line, start, end))
    pieces = line.pieces(start, end)
    assert len(pieces) == len(expected), (pieces, expected)
    for (left, right), (qt_left, qt_right) in zip(pieces, expected, strict=True):
        assert abs(left - qt_left) <= 1.5 and abs(right - qt_right) <= 1.5, (pieces, expected)


def click(qtbot, viewer, pane, line: Line, start: int, end: int) -> list[int]:
    clicked: list[int] = []
    viewer.error_clicked.connect(clicked.append)
    ((left, right), *_) = line.pieces(start, end)
    top = pane._painted[0][0]
    qtbot.mouseClick(
        pane.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(int(MARGIN + (left + right) / 2), int(top + 8))
    )
    return clicked


def underline_colours(pane, line: Line, start: int, end: int) -> set[str]:
    """The colours painted under the middle of positions [start, end), below the text."""
    image = pane.viewport().grab().toImage()
    ((left, right), *_) = line.pieces(start, end)
    top = pane._painted[0][0]
    rows = range(int(top + pane.line_height - 9), int(top + pane.line_height))
    return {image.pixelColor(int(MARGIN + (left + right) / 2), y).name() for y in rows}


@pytest.mark.parametrize("text, words", [
    (HEBREW, ["שלום", "טקסט", "בעברית"]),
    (ARABIC, ["مرحبا", "العربية", "هذه"]),
    (MIXED, ["word", "שלום", "world"]),
])  # fmt: skip
def test_right_to_left_words_are_marked_where_qt_draws_them(qtbot, viewer, text, words):
    pane, line = shown(viewer, report_of(text, words))
    for word in words:
        start = text.index(word)
        assert_covers(line, start, start + len(word))
        first, last = line.pieces(start, start + 1), line.pieces(start + len(word) - 1, start + len(word))
        if word.isascii():
            assert first[0][0] < last[0][0]
        else:  # the first letter is the rightmost
            assert first[0][0] > last[0][0]
    row = 1  # the error on the last word
    start = text.index(words[2])
    assert viewer.palette_.error_type("FN").name() in underline_colours(
        pane, line, start, start + len(words[2])
    )
    assert click(qtbot, viewer, pane, line, start, start + len(words[2])) == [row]


def test_a_right_to_left_document_reads_from_the_right(viewer):
    pane, line = shown(viewer, report_of(HEBREW, ["שלום"]))
    right = line.pieces(0, 1)[0][1]
    assert right == pytest.approx(line.text_line.width(), abs=1.5)  # right-aligned, first letter at the right
    assert line.pieces(len(HEBREW) - 1, len(HEBREW))[0][0] < right - 100  # the full stop at the far left


def test_arabic_letters_are_joined(viewer):
    _, line = shown(viewer, report_of(ARABIC, ["مرحبا"]))
    (run,) = line.text_line.glyphRuns(0, utf16_length("مرحبا"))
    isolated = run.rawFont().glyphIndexesForString("مرحبا")
    assert len(run.glyphIndexes()) == len(isolated) and sorted(run.glyphIndexes()) != sorted(isolated)


def test_emoji_sequences_are_marked_whole_and_clicked_as_one(qtbot, viewer):
    scientist, family = "👩‍🔬", "👨‍👩‍👧"
    pane, line = shown(viewer, report_of(EMOJI, ["scientist", scientist, family]))
    start = EMOJI.index(scientist)
    assert_covers(line, start, start + len(scientist))
    whole = line.pieces(start, start + len(scientist))
    assert line.pieces(start + 2, start + 3) == whole  # 🔬 alone: its sequence is one glyph
    family_start = EMOJI.index(family)
    assert_covers(line, family_start, family_start + len(family))
    assert line.cluster(family_start + 2) == (family_start, family_start + len(family))
    assert pane.position_at(MARGIN + sum(whole[0]) / 2, pane._painted[0][0] + 8) == start
    assert click(qtbot, viewer, pane, line, family_start, family_start + len(family)) == [1]


def test_a_word_document_marks_its_tokens_where_qt_draws_them(qtbot, viewer):
    tokens = ["Hi", "👩‍🔬", "שלום", "עולם", "and", "العربية", "!"]
    places = [(1, 2), (2, 4), (5, 6)]
    pane, line = shown(viewer, report_on(Document("doc", tokens), places))
    assert (line.first, line.end) == (0, len(tokens)) and line.source.texts == tokens
    for start, end in places:
        assert_covers(line, start, end)
    assert click(qtbot, viewer, pane, line, 2, 4) == [0]


def test_a_wrapped_right_to_left_paragraph_is_marked_on_each_line(qtbot, viewer):
    text = " ".join([HEBREW] * 12)
    word = "בעברית"
    places = [(i, i + len(word)) for i in range(len(text)) if text.startswith(word, i)]
    viewer.set_report(ReportData.build(report_on(Document("doc", text, joiner=""), places)))
    pane = viewer.panes["gold"]
    pane.viewport().grab()
    lines = [line for _, line in pane._painted]
    assert len(lines) > 2
    for line in lines:
        for start, end in places:
            if line.first <= start < line.end:
                assert_covers(line, start, end)
                assert line.pieces(start, start + 1)[0][0] > line.pieces(end - 1, end)[0][0]
