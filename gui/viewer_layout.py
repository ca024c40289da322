"""The layout of a document's blocks into lines, as Qt lays out text of any script.

Each block (a unit, or a piece of a long unit) is one paragraph of a QTextLayout: Qt shapes
it (Arabic joins, emoji sequences stay one glyph), orders it by the Unicode bidi algorithm
(a right-to-left block is right-aligned, right-to-left runs in left-to-right text read right
to left) and breaks it into lines. Where a position is drawn is where Qt placed the glyphs
of its characters (QTextLine.glyphRuns: the extent of each run, as Qt draws a selection),
whole grapheme clusters at a time (QTextBoundaryFinder); a point is found through
QTextLine.xToCursor. Only the blocks in view are laid out, and kept while they are among
the last used (Layout)."""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass, field
from itertools import accumulate

from PySide6.QtCore import QPointF, Qt, QTextBoundaryFinder
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QTextCharFormat,
    QTextLayout,
    QTextLine,
    QTextOption,
)

from .viewer_data import DocumentData

MARGIN = 8.0
UNDERLINE = 2.5  # thickness of an error underline
UNDERLINE_ROOM = 9.0  # space below the text for underlines
TOUCHING = 0.5  # pixels between two extents that still count as one piece

Extent = tuple[float, float]  # left and right x of something drawn on a line
#: What glyphRuns retrieves for where a range is drawn: the least it takes (each run's
#: bounding rectangle is the range's extent in it, as Qt draws a selection).
_RUNS = QTextLayout.GlyphRunRetrievalFlag.RetrieveGlyphIndexes


def shown_text(text: str, chars: bool) -> str:
    """What a position shows: line breaks and tabs of a character document take room but
    show nothing; in a word document they show as symbols."""
    if chars:
        return "" if text in ("\n", "\r") else ("    " if text == "\t" else text)
    return text.replace("\n", "⏎").replace("\t", "⇥") or "∅"


_ASTRAL = re.compile("[\U00010000-\U0010ffff]")  # characters Qt counts twice (UTF-16)


def utf16_length(text: str) -> int:
    """The length of `text` as Qt counts it (UTF-16 code units)."""
    return len(text) if text.isascii() else len(text.encode("utf-16-le")) // 2


def right_to_left(text: str) -> bool:
    """Whether a paragraph reads right to left: its first strong character does (bidi P2)."""
    for char in text:
        kind = unicodedata.bidirectional(char)
        if kind == "L":
            return False
        if kind in ("R", "AL"):
            return True
    return False


def merged(extents: list[Extent]) -> list[Extent]:
    """Extents joined where they touch, left to right."""
    pieces: list[Extent] = []
    for left, right in sorted(extents):
        if pieces and left <= pieces[-1][1] + TOUCHING:
            pieces[-1] = (pieces[-1][0], max(pieces[-1][1], right))
        else:
            pieces.append((left, right))
    return pieces


@dataclass
class BlockText:
    """One block's text as Qt lays it out: the positions' texts joined (by a space in a
    word document), where each starts and ends in it (UTF-16 offsets), then attached words."""

    first: int
    texts: list[str]
    starts: list[int]
    ends: list[int]
    text: str
    tail_start: int  # offset of the attached words (len16 of text when there are none)
    _finder: QTextBoundaryFinder | None = field(default=None, repr=False)

    @classmethod
    def of(cls, doc: DocumentData, block: int) -> BlockText:
        start, end = doc.blocks[block]
        texts = [shown_text(text, doc.chars) for text in doc.texts(start, end)]
        gap = 0 if doc.chars else 1
        body = ("" if doc.chars else " ").join(texts)
        lengths = [utf16_length(text) for text in texts] if _ASTRAL.search(body) else list(map(len, texts))
        ends = list(accumulate(length + gap for length in lengths))
        starts = [stop - gap - length for stop, length in zip(ends, lengths, strict=True)]
        ends = [stop - gap for stop in ends]
        tail = " ".join(doc.tails.get(block, []))
        tail_start = utf16_length(body) + (1 if body and tail else 0)
        text = f"{body} {tail}" if body and tail else body or tail
        return cls(start, texts, starts, ends, text, tail_start)

    def cluster(self, start: int, end: int) -> tuple[int, int]:
        """[start, end) widened to whole grapheme clusters (QTextBoundaryFinder)."""
        if self._finder is None:
            self._finder = QTextBoundaryFinder(QTextBoundaryFinder.BoundaryType.Grapheme, self.text)
        self._finder.setPosition(start)
        if not self._finder.isAtBoundary():
            start = max(self._finder.toPreviousBoundary(), 0)
        self._finder.setPosition(end)
        if not self._finder.isAtBoundary():
            end = self._finder.toNextBoundary()
        return start, end if end >= 0 else utf16_length(self.text)

    def position_of(self, offset: int) -> int:
        """The position whose text holds `offset` (the one before, in a gap)."""
        return self.first + max(bisect.bisect_right(self.starts, offset) - 1, 0)

    def first_on(self, offset: int) -> int:
        """The position at `offset`; the block's end past its positions (attached words)."""
        return self.end if offset >= self.tail_start or not self.texts else self.position_of(offset)

    @property
    def end(self) -> int:
        return self.first + len(self.texts)


@dataclass
class Line:
    """One laid-out line: positions [first, end) of a block, the QTextLine showing them, and
    where positions are drawn (from the line's glyph runs, found at the first need)."""

    block: int
    first: int
    end: int
    text_line: QTextLine
    source: BlockText
    owner: QTextLayout  # keeps the QTextLine's layout alive
    space: float
    _pieces: dict[tuple[int, int], list[Extent]] = field(default_factory=dict, repr=False)

    def pieces(self, start: int, end: int) -> list[Extent]:
        """Where positions [start, end) are drawn on this line, whole grapheme clusters: one
        extent per visual run (several where right-to-left text breaks the range up), none
        when none is on the line. Positions that show nothing take half a space."""
        a, b = max(start, self.first), min(end, self.end)
        if a >= b:
            return []
        found = self._pieces.get((a, b))
        if found is None:
            found = self._pieces[(a, b)] = self._extents(a, b)
        return found

    def _extents(self, a: int, b: int) -> list[Extent]:
        line_start = self.text_line.textStart()
        line_end = line_start + self.text_line.textLength()
        start = max(self.source.starts[a - self.source.first], line_start)
        end = min(self.source.ends[b - 1 - self.source.first], line_end)
        if start < end:
            start, end = self.source.cluster(start, end)
            runs = self.text_line.glyphRuns(start, end - start, _RUNS)
            found = merged([(run.boundingRect().left(), run.boundingRect().right()) for run in runs])
            if found:
                return found
        x = self.text_line.cursorToX(min(start, line_end))[0]
        return [(x, x + self.space / 2)]

    def cluster(self, pos: int) -> tuple[int, int]:
        """The positions [start, end) drawn as one with position `pos` (a grapheme cluster
        of several characters, as an emoji sequence)."""
        i = pos - self.source.first
        if self.source.starts[i] == self.source.ends[i]:
            return pos, pos + 1
        start, end = self.source.cluster(self.source.starts[i], self.source.ends[i])
        return self.source.position_of(start), max(self.source.position_of(end - 1) + 1, pos + 1)

    def position_at(self, x: float) -> int | None:
        """The position drawn at `x` (from the line's left), the first of its grapheme
        cluster; a gap between words belongs to the word before it (the one Qt finds at `x`);
        None where no position is."""
        offset = self.text_line.xToCursor(x, QTextLine.CursorPosition.CursorOnCharacter)
        offset = min(offset, max(self.source.tail_start - 1, 0))
        pos = min(max(self.source.position_of(offset), self.first), self.end - 1)
        for candidate in (pos, pos - 1, pos + 1):  # a click in a gap, or past a line's end
            if self.first <= candidate < self.end and any(
                left - self.space <= x <= right + self.space
                for left, right in self.pieces(candidate, candidate + 1)
            ):
                return max(self.cluster(candidate)[0], self.first)
        return None

    def draw(self, painter: QPainter, x: float, top: float) -> None:
        """Draw the line's text with its left at `x` and its top at `top`."""
        self.text_line.draw(painter, QPointF(x, top - self.text_line.y()))


class Layout:
    """Lays out blocks of one document at one width, caching the result per block: the
    blocks used last, up to CACHE_CHARS characters (a laid-out character takes about 175
    bytes of Qt's), and always the one asked for."""

    CACHE_CHARS = 100_000

    def __init__(
        self, doc: DocumentData, font: QFont, width: float, tail_colour: QColor | None = None
    ) -> None:
        self.doc = doc
        self.font = font
        self.metrics = QFontMetricsF(font)
        self.width = max(width, 40.0)
        self.space = self.metrics.horizontalAdvance(" ")
        self.tail_colour = tail_colour
        self._blocks: OrderedDict[int, list[Line]] = OrderedDict()
        self._chars = 0  # characters of the blocks cached

    def lines(self, block: int) -> list[Line]:
        found = self._blocks.get(block)
        if found is not None:
            self._blocks.move_to_end(block)
            return found
        found = self._blocks[block] = self._layout(block)
        self._chars += len(found[0].source.text)
        while self._chars > self.CACHE_CHARS and len(self._blocks) > 1:
            _, dropped = self._blocks.popitem(last=False)
            self._chars -= len(dropped[0].source.text)
        return found

    def _layout(self, block: int) -> list[Line]:
        source = BlockText.of(self.doc, block)
        layout = QTextLayout(source.text, self.font)
        layout.setTextOption(self._option(source.text))
        layout.setCacheEnabled(True)
        length = utf16_length(source.text)
        if self.tail_colour is not None and source.tail_start < length:
            layout.setFormats([_coloured(source.tail_start, length, self.tail_colour)])
        text_lines = []
        layout.beginLayout()
        y = 0.0
        while (text_line := layout.createLine()).isValid():
            text_line.setLineWidth(self.width)
            text_line.setPosition(QPointF(0, y))
            y += text_line.height()
            text_lines.append(text_line)
        layout.endLayout()
        return self._lines(block, source, layout, text_lines)

    def _lines(
        self, block: int, source: BlockText, layout: QTextLayout, text_lines: list[QTextLine]
    ) -> list[Line]:
        """The lines' positions: each from the one at its start (the block's end on a line
        of attached words only) to the next line's first, or to the one at its end where a
        position is broken over two lines; the last line to the block's end."""
        firsts = [source.first_on(t.textStart()) for t in text_lines]
        firsts[0] = source.first
        lines = []
        for i, text_line in enumerate(text_lines):
            if i + 1 < len(text_lines):
                last = source.first_on(text_line.textStart() + max(text_line.textLength() - 1, 0)) + 1
                end = max(firsts[i + 1], min(last, source.end))
            else:
                end = source.end
            lines.append(Line(block, firsts[i], max(end, firsts[i]), text_line, source, layout, self.space))
        return lines

    def _option(self, text: str) -> QTextOption:
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        if right_to_left(text):
            option.setTextDirection(Qt.LayoutDirection.RightToLeft)
            option.setAlignment(Qt.AlignmentFlag.AlignRight)
        else:
            option.setTextDirection(Qt.LayoutDirection.LeftToRight)
            option.setAlignment(Qt.AlignmentFlag.AlignLeft)
        return option


def _coloured(start: int, end: int, colour: QColor) -> QTextLayout.FormatRange:
    text_format = QTextCharFormat()
    text_format.setForeground(colour)
    format_range = QTextLayout.FormatRange()
    format_range.start, format_range.length, format_range.format = start, end - start, text_format
    return format_range
