"""How the viewer paints one laid-out line: the spans under the text (a shape per label and
kind), the text as Qt shaped it, the error underlines and the selected error's frame. Every
mark covers the glyphs of its positions, one rectangle per visual run (viewer_layout.Line)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPen

from engine.spans import Span

from .viewer_data import Side, depths, span_pieces
from .viewer_layout import MARGIN, UNDERLINE, UNDERLINE_ROOM, Line
from .viewer_palette import SELECTION_COLOUR, Palette


@dataclass
class LinePainter:
    """Paints lines of one pane's side of a document with one painter."""

    painter: QPainter
    side: Side
    palette: Palette
    metrics: QFontMetricsF
    line_height: float
    text_colour: QColor
    selection: tuple[list[tuple[int, int]], bool]  # pieces, on the error's own side

    @property
    def text_height(self) -> float:
        return self.line_height - UNDERLINE_ROOM

    def paint(self, line: Line, y: float) -> None:
        """Paint `line` with its top at `y`."""
        positions = line.end > line.first
        for span, depth in depths(self.side.spans_in(line.first, line.end) if positions else []):
            inset = min(depth * 2.0, self.text_height / 3)
            for start, end in span_pieces(span):
                for left, right in line.pieces(start, end):
                    rect = QRectF(
                        MARGIN + left - 1, y + inset, right - left + 2, self.text_height - 2 * inset
                    )
                    self.paint_span(rect, span)
        self.painter.setPen(self.text_colour)
        line.draw(self.painter, MARGIN, y + 2 + self.metrics.ascent() - line.text_line.ascent())
        marks = self.side.marks_in(line.first, line.end) if positions else []
        for level, mark in enumerate(marks):
            under = y + self.text_height + 1 + (level % 3) * (UNDERLINE + 0.5)
            for left, right in line.pieces(mark.start, mark.end):
                rect = QRectF(MARGIN + left, under, right - left, UNDERLINE)
                self.painter.fillRect(rect, self.palette.error_type(mark.type))
        self.paint_selection(line, y)

    def paint_span(self, rect: QRectF, span: Span) -> None:
        colour = self.palette.label(span.label)
        style = self.palette.style(span)
        if style == "fill":
            fill = QColor(colour)
            fill.setAlpha(170)
            self.painter.setPen(Qt.PenStyle.NoPen)
            self.painter.setBrush(fill)
        elif style == "hatched":
            self.painter.setPen(Qt.PenStyle.NoPen)
            self.painter.setBrush(QBrush(colour.darker(130), Qt.BrushStyle.BDiagPattern))
        else:
            pen = QPen(colour.darker(140), 1.6)
            pen.setStyle(Qt.PenStyle.DashLine if style == "dashed" else Qt.PenStyle.SolidLine)
            self.painter.setPen(pen)
            self.painter.setBrush(Qt.BrushStyle.NoBrush)
        self.painter.drawRoundedRect(rect, 3, 3)

    def paint_selection(self, line: Line, y: float) -> None:
        pieces, own = self.selection
        pen = QPen(QColor(SELECTION_COLOUR), 2.0)
        pen.setStyle(Qt.PenStyle.SolidLine if own else Qt.PenStyle.DashLine)
        for start, end in pieces:
            for left, right in line.pieces(start, max(end, start + 1)):
                self.painter.setPen(pen)
                self.painter.setBrush(Qt.BrushStyle.NoBrush)
                self.painter.drawRect(
                    QRectF(MARGIN + left - 2, y - 1, right - left + 4, self.line_height - 1)
                )
