"""The side-by-side viewer: one document twice, gold on the left and system on the right.

Spans are filled in one colour per label (each span kind in its own style), error spans
are underlined in one colour per error type, the selected error is framed in both panes.
The panes scroll together. Each pane lays out and paints only the blocks in view (a
block is a unit, or a piece of a long unit), so a document of a million tokens opens and
scrolls as fast as a short one.
"""

from __future__ import annotations

import bisect
import html
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QKeyEvent, QPainter, QPen, QWheelEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from engine.spans import Span

from .viewer_data import (
    SIDES,
    DocumentData,
    ReportData,
    attachable,
    depths,
    error_anchor,
    pane_title,
    row_pieces,
    span_pieces,
)
from .viewer_layout import MARGIN, SELECTION_COLOUR, UNDERLINE, UNDERLINE_ROOM, Layout, Legend, Line, Palette

__all__ = ["MARGIN", "Layout", "Legend", "Palette", "SideBySideViewer", "attachable"]


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
            self._layout = Layout(self.doc, QFontMetricsF(self.font()), width - 2 * MARGIN)
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

    def paintEvent(self, event: Any) -> None:  # noqa: N802
        painter = QPainter(self.viewport())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.viewport().rect(), self.viewport().palette().base())
        self._painted = []
        if self.doc is None or not self.doc.blocks or self.mask:
            painter.setPen(self.viewport().palette().placeholderText().color())
            flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
            area = self.viewport().rect().adjusted(24, 12, -24, -12)
            text = self.mask if self.doc is not None and self.mask else self.placeholder
            painter.drawText(area, flags, text)
            return
        height, step = self.viewport().height(), self.line_height
        y = 4.0
        block, line = self.top
        while y < height and block < len(self.doc.blocks):
            for item in self.lines(block)[line:]:
                self._paint_line(painter, item, y)
                self._painted.append((y, item))
                y += step
                if y >= height:
                    break
            block, line = block + 1, 0
        painter.end()

    def _paint_line(self, painter: QPainter, line: Line, y: float) -> None:
        assert self.doc is not None
        side = self.doc.sides[self.side]
        text_height = self.line_height - UNDERLINE_ROOM
        spans = side.spans_in(line.first, line.end) if line.xs else []
        for span, depth in depths(spans):
            for start, end in span_pieces(span):
                extent = line.x_range(start, end)
                if extent is not None:
                    inset = min(depth * 2.0, text_height / 3)
                    rect = QRectF(
                        MARGIN + extent[0] - 1, y + inset, extent[1] - extent[0] + 2, text_height - 2 * inset
                    )
                    self._paint_span(painter, rect, span)
        self._paint_text(painter, line, y)
        marks = side.marks_in(line.first, line.end) if line.xs else []
        for level, mark in enumerate(marks):
            extent = line.x_range(mark.start, mark.end)
            if extent is not None:
                under = y + text_height + 1 + (level % 3) * (UNDERLINE + 0.5)
                painter.fillRect(
                    QRectF(MARGIN + extent[0], under, extent[1] - extent[0], UNDERLINE),
                    self.palette_.error_type(mark.type),
                )
        self._paint_selection(painter, line, y)

    def _paint_span(self, painter: QPainter, rect: QRectF, span: Span) -> None:
        colour = self.palette_.label(span.label)
        style = self.palette_.style(span)
        if style == "fill":
            fill = QColor(colour)
            fill.setAlpha(170)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(fill)
        elif style == "hatched":
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(colour.darker(130), Qt.BrushStyle.BDiagPattern))
        else:
            pen = QPen(colour.darker(140), 1.6)
            pen.setStyle(Qt.PenStyle.DashLine if style == "dashed" else Qt.PenStyle.SolidLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect, 3, 3)

    def _paint_text(self, painter: QPainter, line: Line, y: float) -> None:
        assert self.doc is not None
        metrics = QFontMetricsF(self.font())
        baseline = y + 2 + metrics.ascent()
        painter.setPen(
            self.viewport().palette().placeholderText().color()
            if self.doc.numbered
            else self.viewport().palette().text().color()
        )
        for x, text in zip(line.xs, line.texts, strict=True):
            if text:
                painter.drawText(QPointF(MARGIN + x, baseline), text)
        if line.tail:
            painter.setPen(self.viewport().palette().placeholderText().color())
            for x, text in line.tail:
                painter.drawText(QPointF(MARGIN + x, baseline), text)

    def _paint_selection(self, painter: QPainter, line: Line, y: float) -> None:
        pieces, own = self.selection
        pen = QPen(QColor(SELECTION_COLOUR), 2.0)
        pen.setStyle(Qt.PenStyle.SolidLine if own else Qt.PenStyle.DashLine)
        for start, end in pieces:
            extent = line.x_range(start, max(end, start + 1))
            if extent is not None:
                painter.setPen(pen)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(
                    QRectF(MARGIN + extent[0] - 2, y - 1, extent[1] - extent[0] + 4, self.line_height - 1)
                )

    # --- pointing ------------------------------------------------------------------------

    def position_at(self, x: float, y: float) -> int | None:
        """The position under a point of the viewport, None when there is none."""
        for top, line in self._painted:
            if top <= y < top + self.line_height and line.xs:
                i = bisect.bisect_right(line.xs, x - MARGIN) - 1
                if i >= 0 and x - MARGIN <= line.xs[i] + line.widths[i] + self.layout().space:
                    return line.first + i
        return None

    def tooltip_at(self, pos: int) -> str:
        """Label, positions and errors of everything at a position."""
        assert self.doc is not None
        side = self.doc.sides[self.side]
        rows = []
        for span in side.spans_in(pos, pos + 1):
            where = self.doc.position_text(span.start, span.end)
            text = html.escape(_shorten(self.doc.shown(span.start, span.end)))
            rows.append(f"<b>{html.escape(span.label)}</b> “{text}” — {where}{_attr_text(span)}")
        for mark in side.marks_in(pos, pos + 1):
            rows.append(html.escape(self.describe_row(mark.row)))
        framed = self.selected_row is not None and any(a <= pos < max(b, a + 1) for a, b in self.selection[0])
        if framed and self.selected_row not in {m.row for m in side.marks_in(pos, pos + 1)}:
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


def _shorten(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _attr_text(span: Span) -> str:
    attrs = span.attrs or {}
    parts = [f"{key} {html.escape(str(attrs[key]))}" for key in ("kind", "status", "line") if attrs.get(key)]
    return (" · " + " · ".join(parts)) if parts else ""


class SideBySideViewer(QWidget):
    """The document selector, the legend and the two synchronized panes."""

    error_clicked = Signal(int)  # the error row (index in report.error_rows)
    attach_requested = Signal()
    status = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.data: ReportData | None = None
        self.palette_ = Palette([], [], [])
        self.documents = QComboBox()
        self.documents.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.documents.currentTextChanged.connect(self._document_chosen)
        self.legend = Legend()
        self.attach_button = QPushButton("Attach text…")
        self.attach_button.setToolTip(
            "Show the words of a CoNLL or one-token-per-line file instead of token numbers."
        )
        self.attach_button.clicked.connect(self.attach_requested)
        self.attach_button.hide()
        self.positions_button = QPushButton("Show positions")
        self.positions_button.setCheckable(True)
        self.positions_button.setToolTip("Show the spans on the positions that stand for the missing text.")
        self.positions_button.toggled.connect(lambda _: self._show_note())
        self.positions_button.hide()
        self.text_hint = ""  # the method's words on how to see the text of inputs without it
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.hide()
        self.panes = {side: DocumentPane(side) for side in SIDES}
        self.titles = {side: QLabel(f"<b>{side.title()}</b>") for side in SIDES}
        self._titles = {side: side.title() for side in SIDES}  # as given (set_titles)
        self._syncing = False
        self._build()

    def _build(self) -> None:
        head = QHBoxLayout()
        head.addWidget(QLabel("Document:"))
        head.addWidget(self.documents)
        head.addWidget(self.legend, 1)
        head.addWidget(self.attach_button)
        head.addWidget(self.positions_button)
        panes = QHBoxLayout()
        for side in SIDES:
            column = QVBoxLayout()
            column.addWidget(self.titles[side])
            column.addWidget(self.panes[side], 1)
            panes.addLayout(column, 1)
            pane = self.panes[side]
            pane.scrolled.connect(lambda block, line, side=side: self._follow(side, block, line))
            pane.position_clicked.connect(lambda pos, side=side: self._clicked(side, pos))
            pane.resized.connect(self._share_width)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(head)
        layout.addWidget(self.note)
        layout.addLayout(panes, 1)

    # --- content -----------------------------------------------------------------------

    def set_titles(self, gold: str, system: str) -> None:
        self._titles = {"gold": gold, "system": system}
        self._show_titles()

    def _show_titles(self) -> None:
        """The titles as given, or naming the file of the document shown (viewer_data.pane_title)."""
        name = self.doc.name if self.doc is not None else None
        inputs = self.data.report.inputs if self.data is not None else []
        for side in SIDES:
            title = pane_title(self._titles[side], [f.path for f in inputs if f.role == side], name)
            self.titles[side].setText(f"<b>{html.escape(title)}</b>")

    def set_report(self, data: ReportData | None) -> None:
        self.data = data
        self.palette_ = Palette(data.labels, data.error_types, data.kinds) if data else Palette([], [], [])
        self.legend.show_palette(self.palette_)
        for pane in self.panes.values():
            pane.describe_row = self._describe_row
            pane.placeholder = "This report has no documents to show." if data else "No document to show."
        self.documents.blockSignals(True)
        self.documents.clear()
        if data is not None:
            self.documents.addItems(list(data.documents))
        self.documents.blockSignals(False)
        self._document_chosen(self.documents.currentText())

    @property
    def doc(self) -> DocumentData | None:
        if self.data is None:
            return None
        return self.data.documents.get(self.documents.currentText())

    def _document_chosen(self, name: str) -> None:
        doc = self.doc
        for pane in self.panes.values():
            pane.set_document(doc, self.palette_)
        self._show_titles()
        self._show_note()

    def _show_note(self, extra: str = "") -> None:
        """How to see the text of a document without it (in the panes, until Show positions),
        and `extra` (why an error has nothing to show)."""
        doc = self.doc
        numbered = doc is not None and doc.numbered
        self.attach_button.setVisible(attachable(doc) and not self.text_hint)
        self.positions_button.setVisible(numbered)
        hint = self._text_hint(doc) if numbered else ""
        shown = self.positions_button.isChecked()
        for pane in self.panes.values():
            pane.set_mask("" if shown else hint)
        lines = [text for text in (hint if shown else "", extra) if text]
        self.note.setText("\n".join(lines))
        self.note.setVisible(bool(lines))

    def _text_hint(self, doc: DocumentData | None) -> str:
        what = "text" if doc is not None and doc.chars else "words"
        if self.text_hint:
            how = self.text_hint
        elif attachable(doc):
            how = (
                "To see the words, choose File → Attach Text to Document… (or Attach text… above) "
                "and pick a CoNLL or one-token-per-line file of the same sentences."
            )
        else:
            how = ""
        meanwhile = "Show positions shows the spans meanwhile."
        return f"This input carries no {what}, only positions. {how} {meanwhile}"

    def words_attached(self) -> None:
        """Repaint after words were attached to the current document."""
        for pane in self.panes.values():
            pane.relayout()
        self._show_note()

    def _describe_row(self, row: int) -> str:
        if self.data is None:
            return ""
        error = self.data.error_row(row)
        kind = "/".join(str(error.get(k)) for k in ("type", "subtype") if error.get(k))
        labels = " → ".join(str(error.get(k)) for k in ("gold_label", "system_label") if error.get(k))
        detail = f" — {error['detail']}" if error.get("detail") else ""
        return f"{error.get('error_id') or f'row {row + 1}'}: {kind} {labels}".strip() + detail

    # --- synchronizing -------------------------------------------------------------------

    def _follow(self, side: str, block: int, line: int) -> None:
        if self._syncing:
            return
        self._syncing = True
        for other, pane in self.panes.items():
            if other != side:
                pane.set_top(block, line)
        self._syncing = False

    def _share_width(self) -> None:
        """Both panes wrap at the narrower width, so that their lines stay the same."""
        width = min(pane.viewport().width() for pane in self.panes.values())
        for pane in self.panes.values():
            if pane.wrap_width != width:
                pane.wrap_width = width
                pane.relayout()

    # --- errors --------------------------------------------------------------------------

    def show_error(self, row: int) -> None:
        """Switch to the error's document, scroll both panes to it and frame it."""
        if self.data is None or not 0 <= row < len(self.data.errors):
            return
        error = self.data.error_row(row)
        name = str(error.get("document") or "")  # a key may be there without a value
        if name in self.data.documents and name != self.documents.currentText():
            self.documents.setCurrentText(name)
        doc = self.doc
        if doc is None or doc.name != name:
            self.status.emit(f"{error.get('error_id') or 'This error'} has no document to show.")
            return
        pieces = {side: row_pieces(error, side) for side in SIDES}
        anchor = error_anchor(error, pieces, doc)
        for side, pane in self.panes.items():
            other = pieces["system" if side == "gold" else "gold"]
            pane.set_selection(pieces[side] or other, bool(pieces[side]), row)
        if anchor is not None:
            self.panes["gold"].scroll_to(anchor)
        self._show_note("" if anchor is not None else self._unplaced(error))

    @staticmethod
    def _unplaced(error: dict[str, Any]) -> str:
        """Why an error frames nothing: it has no position in the document's text."""
        what = " ".join(str(error.get(k)) for k in ("type", "gold_label", "system_label") if error.get(k))
        text = error.get("gold_text") or error.get("system_text")
        quoted = f" “{_shorten(str(text))}”" if text else ""
        return (
            f"{error.get('error_id', 'This error')} ({what}{quoted}) has no position in the text of "
            f"{error.get('document')}: it concerns the document as a whole, so nothing is framed."
        )

    def _clicked(self, side: str, pos: int) -> None:
        doc = self.doc
        if doc is None:
            return
        marks = doc.sides[side].marks_in(pos, pos + 1)
        if marks:
            innermost = min(marks, key=lambda m: (m.end - m.start, m.row))
            self.error_clicked.emit(innermost.row)
        elif doc.sides[side].spans_in(pos, pos + 1):
            self.status.emit("This span has no error.")
