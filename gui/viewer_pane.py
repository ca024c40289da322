"""One side of the side-by-side viewer: a pane that lays out and paints only the lines in
view (viewer_layout, viewer_paint), scrolls by lines, and says what is at a point (tooltips,
clicks) through the text's layout."""

from __future__ import annotations

import bisect
import html
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFontMetricsF, QKeyEvent, QPainter, QWheelEvent
from PySide6.QtWidgets import QAbstractScrollArea, QSizePolicy, QToolTip, QWidget

from engine.spans import Span

from .viewer_data import DocumentData
from .viewer_layout import MARGIN, UNDERLINE_ROOM, Layout, Line
from .viewer_paint import LinePainter
from .viewer_palette import Palette

#: What a pane says of a document without text (a poetry page without text or spans): the
#: report's placeholder ("no documents to show") would deny the document chosen above it.
EMPTY_DOCUMENT = "This document has no text to show."


class DocumentPane(QAbstractScrollArea):
    """One side of the viewer: paints the lines in view, scrolls by lines."""

    scrolled = Signal(int, int)  # top block, top line
    position_clicked = Signal(int)
    resized = Signal()

    def __init__(self, side: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.side = side
        self.doc: DocumentData | None = None
        self.palette_: Palette = Palette([], [], [])
        self.describe_row: Callable[[int], str] = lambda row: f"error {row + 1}"
        self.selection: tuple[list[tuple[int, int]], bool] = ([], True)  # pieces, own side
        self.selected_row: int | None = None  # the error the frame shows
        self.placeholder = "No document to show."
        self.mask = ""  # shown instead of the document (how to see its text), "" to show it
        self.top = (0, 0)
        self.wrap_width: float | None = None
        self._layout: Layout | None = None
        self._painted: list[tuple[float, Line]] = []
        self._updating = False
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.verticalScrollBar().valueChanged.connect(self._bar_moved)
        self.viewport().setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    # --- content -----------------------------------------------------------------------

    def set_document(self, doc: DocumentData | None, palette: Palette) -> None:
        self.doc = doc
        self.palette_ = palette
        self.selection = ([], True)
        self.selected_row = None
        self.top = (0, 0)
        self.relayout()

    def relayout(self) -> None:
        """Forget the layout (after a change of width, font or words) and repaint."""
        self._layout = None
        self._painted = []
        bar = self.verticalScrollBar()
        self._updating = True
        bar.setRange(0, max(len(self.doc.blocks) - 1, 0) if self.doc else 0)
        bar.setPageStep(max(self.visible_lines(), 1))
        bar.setValue(self.top[0])
        self._updating = False
        if self.doc is not None and self.doc.blocks:
            block = min(self.top[0], len(self.doc.blocks) - 1)
            self.top = (block, min(self.top[1], len(self.lines(block)) - 1))
        self.viewport().update()

    def layout(self) -> Layout:
        if self._layout is None:
            assert self.doc is not None
            width = self.wrap_width if self.wrap_width is not None else self.viewport().width()
            tail = self.viewport().palette().placeholderText().color()
            self._layout = Layout(self.doc, self.font(), width - 2 * MARGIN, tail)
        return self._layout

    def lines(self, block: int) -> list[Line]:
        return self.layout().lines(block)

    @property
    def line_height(self) -> float:
        return QFontMetricsF(self.font()).height() + 4 + UNDERLINE_ROOM

    def visible_lines(self) -> int:
        return max(int(self.viewport().height() / self.line_height), 1)

    def set_mask(self, text: str) -> None:
        """Show `text` instead of the document ("" shows the document)."""
        if text != self.mask:
            self.mask = text
            self.viewport().update()

    def set_selection(self, pieces: list[tuple[int, int]], own: bool, row: int | None = None) -> None:
        """Frame `pieces` (solid on the error's `own` side, else dashed) of error `row`."""
        self.selection = (pieces, own)
        self.selected_row = row
        self.viewport().update()

    # --- scrolling -----------------------------------------------------------------------

    def set_top(self, block: int, line: int, *, notify: bool = False) -> None:
        if self.doc is None or not self.doc.blocks:
            return
        block = min(max(block, 0), len(self.doc.blocks) - 1)
        line = min(max(line, 0), len(self.lines(block)) - 1)
        if (block, line) == self.top:
            return
        self.top = (block, line)
        self._updating = True
        self.verticalScrollBar().setValue(block)
        self._updating = False
        self.viewport().update()
        if notify:
            self.scrolled.emit(block, line)

    def _bar_moved(self, value: int) -> None:
        if not self._updating:
            self.set_top(value, 0, notify=True)

    def moved(self, block: int, line: int, count: int) -> tuple[int, int]:
        """The place `count` lines after (before, when negative) block/line."""
        assert self.doc is not None
        last = len(self.doc.blocks) - 1
        while count > 0:
            if line + 1 < len(self.lines(block)):
                line += 1
            elif block < last:
                block, line = block + 1, 0
            else:
                break
            count -= 1
        while count < 0:
            if line > 0:
                line -= 1
            elif block > 0:
                block -= 1
                line = len(self.lines(block)) - 1
            else:
                break
            count += 1
        return block, line

    def scroll_lines(self, count: int) -> None:
        if self.doc is not None and self.doc.blocks:
            self.set_top(*self.moved(*self.top, count), notify=True)

    def line_of(self, pos: int) -> tuple[int, int]:
        """Block and line holding position `pos`."""
        assert self.doc is not None
        block = self.doc.block_of(pos)
        lines = self.lines(block)
        starts = [line.first for line in lines]
        return block, max(bisect.bisect_right(starts, pos) - 1, 0)

    def scroll_to(self, pos: int) -> None:
        """Bring position `pos` into view, a third of the way down."""
        if self.doc is None or not self.doc.blocks:
            return
        pos = min(max(pos, 0), max(len(self.doc) - 1, 0))
        if self.shows(pos):
            return
        block, line = self.line_of(pos)
        self.set_top(*self.moved(block, line, -(self.visible_lines() // 3)), notify=True)

    def shows(self, pos: int) -> bool:
        """Whether position `pos` is on a line in full view (as last painted)."""
        height = self.viewport().height()
        return any(
            line.first <= pos < line.end and top + self.line_height <= height for top, line in self._painted
        )

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802
        steps = event.angleDelta().y() / 40  # 3 lines per notch
        if steps:
            self.scroll_lines(-int(steps) if abs(steps) >= 1 else (-1 if steps > 0 else 1))
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        keys = {
            Qt.Key.Key_Down: 1,
            Qt.Key.Key_Up: -1,
            Qt.Key.Key_PageDown: self.visible_lines() - 1,
            Qt.Key.Key_PageUp: 1 - self.visible_lines(),
        }
        if event.key() in keys:
            self.scroll_lines(keys[event.key()])
        elif event.key() == Qt.Key.Key_Home:
            self.set_top(0, 0, notify=True)
        elif event.key() == Qt.Key.Key_End and self.doc is not None:
            self.set_top(len(self.doc.blocks) - 1, 0, notify=True)
        else:
            super().keyPressEvent(event)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.resized.emit()
        if self.doc is not None:
            self.relayout()

    # --- painting ----------------------------------------------------------------------

    def empty_text(self) -> str:
        """What the pane says instead of a document's lines ("" where it shows them): the
        mask over a document, that the document shown has no text (a page without spans or
        text), or the placeholder where no document is shown."""
        if self.doc is None:
            return self.placeholder
        return self.mask or ("" if self.doc.blocks else EMPTY_DOCUMENT)

    def paintEvent(self, event: Any) -> None:  # noqa: N802
        painter = QPainter(self.viewport())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.viewport().rect(), self.viewport().palette().base())
        self._painted = []
        said = self.empty_text()
        if said or self.doc is None:
            painter.setPen(self.viewport().palette().placeholderText().color())
            flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
            area = self.viewport().rect().adjusted(24, 12, -24, -12)
            painter.drawText(area, flags, said)
            return
        height, step = self.viewport().height(), self.line_height
        lines = self._line_painter(painter)
        y = 4.0
        block, line = self.top
        while y < height and block < len(self.doc.blocks):
            for item in self.lines(block)[line:]:
                lines.paint(item, y)
                self._painted.append((y, item))
                y += step
                if y >= height:
                    break
            block, line = block + 1, 0
        painter.end()

    def _line_painter(self, painter: QPainter) -> LinePainter:
        assert self.doc is not None
        colours = self.viewport().palette()
        text = colours.placeholderText().color() if self.doc.numbered else colours.text().color()
        metrics = QFontMetricsF(self.font())
        side = self.doc.sides[self.side]
        return LinePainter(painter, side, self.palette_, metrics, self.line_height, text, self.selection)

    # --- pointing ------------------------------------------------------------------------

    def position_at(self, x: float, y: float) -> int | None:
        """The position under a point of the viewport, None when there is none."""
        for top, line in self._painted:
            if top <= y < top + self.line_height and line.end > line.first:
                return line.position_at(x - MARGIN)
        return None

    def cluster(self, pos: int) -> tuple[int, int]:
        """The positions drawn as one with `pos` (a grapheme cluster of several characters,
        as an emoji sequence), as last painted: [start, end)."""
        for _, line in self._painted:
            if line.first <= pos < line.end:
                return line.cluster(pos)
        return pos, pos + 1

    def tooltip_at(self, pos: int) -> str:
        """Label, positions and errors of everything at a position."""
        assert self.doc is not None
        side = self.doc.sides[self.side]
        start, end = self.cluster(pos)
        rows = []
        for span in side.spans_in(start, end):
            where = self.doc.position_text(span.start, span.end)
            text = html.escape(shorten(self.doc.shown(span.start, span.end)))
            rows.append(f"<b>{html.escape(span.label)}</b> “{text}” — {where}{attr_text(span)}")
        for mark in side.marks_in(start, end):
            rows.append(html.escape(self.describe_row(mark.row)))
        framed = self.selected_row is not None and any(
            a < end and start < max(b, a + 1) for a, b in self.selection[0]
        )
        if framed and self.selected_row not in {m.row for m in side.marks_in(start, end)}:
            rows.append("▢ " + html.escape(self.describe_row(self.selected_row)))  # the frame's error
        return "<p style='white-space:pre'>" + "<br>".join(rows) + "</p>" if rows else ""

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.ToolTip and self.doc is not None:
            point = event.pos()  # type: ignore[attr-defined]
            pos = self.position_at(point.x(), point.y())
            text = self.tooltip_at(pos) if pos is not None else ""
            if text:
                QToolTip.showText(event.globalPos(), text, self.viewport())  # type: ignore[attr-defined]
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().viewportEvent(event)

    def mousePressEvent(self, event: Any) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton and self.doc is not None:
            point = event.position()
            pos = self.position_at(point.x(), point.y())
            if pos is not None:
                self.position_clicked.emit(pos)
        super().mousePressEvent(event)


def shorten(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def attr_text(span: Span) -> str:
    attrs = span.attrs or {}
    parts = [f"{key} {html.escape(str(attrs[key]))}" for key in ("kind", "status", "line") if attrs.get(key)]
    return (" · " + " · ".join(parts)) if parts else ""
