"""The side-by-side viewer: one document twice, gold on the left and system on the right.

Spans are filled in one colour per label (each span kind in its own style), error spans
are underlined in one colour per error type, the selected error is framed in both panes.
The panes scroll together. Each pane lays out and paints only the blocks in view (a
block is a unit, or a piece of a long unit), so a document of a million tokens opens and
scrolls as fast as a short one.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QSize, QStringListModel, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QStyle,
    QStyleOptionComboBox,
    QVBoxLayout,
    QWidget,
)

from .document_popup import DocumentPopup
from .style import SHOWN_CHARS, plain_tip
from .viewer_data import SIDES, DocumentData, ReportData, attachable, error_anchor, pane_title, row_pieces
from .viewer_layout import MARGIN, Layout
from .viewer_legend import Legend
from .viewer_palette import Palette
from .viewer_pane import DocumentPane, shorten
from .wheel import GuardedComboBox

__all__ = ["MARGIN", "DocumentPane", "Layout", "Legend", "Palette", "SideBySideViewer", "attachable"]


class DocumentList(GuardedComboBox):
    """The documents to choose from, SHOWN_CHARS characters wide whatever their names: Qt
    measures no name for its size (it measured every one to fit the longest: 30-90 ms of
    the UI thread for a Label Studio export's 20,704 tasks). A longer name is shown elided
    in the middle, whole in its tooltip (kept to the current name); the list it drops down is
    a DocumentPopup (Qt's measured every name as it opened), where a name is found by a part."""

    def __init__(self) -> None:
        super().__init__()
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(SHOWN_CHARS)
        self.setIconSize(QSize(0, 0))  # its names have no icon: no room kept for one
        self.names = QStringListModel(self)
        self.setModel(self.names)
        self.currentTextChanged.connect(self._show_whole)
        self.popup = DocumentPopup(self)
        self.popup.chosen.connect(self._choose)

    def showPopup(self) -> None:  # noqa: N802
        """The names dropped down in a DocumentPopup (none when there are none)."""
        if self.count():
            self.popup.open()

    def hidePopup(self) -> None:  # noqa: N802
        self.popup.hide()
        super().hidePopup()

    def _choose(self, row: int) -> None:
        """The row picked in the popup made current, as a pick in Qt's list does."""
        self.setCurrentIndex(row)
        self.activated.emit(row)

    def set_names(self, names: list[str]) -> None:
        """List these names, the first chosen, without a signal of the change (the owner shows
        the chosen document itself). They are one list model's (an item per name, as addItems
        made them, took 43,000 pages 8-24 ms)."""
        self.blockSignals(True)
        self.names.setStringList(names)
        self.blockSignals(False)
        self._show_whole(self.currentText())

    def _show_whole(self, name: str) -> None:
        self.setToolTip(plain_tip(name))

    def initStyleOption(self, option: QStyleOptionComboBox) -> None:  # noqa: N802
        """The shown name elided in the middle to the room it has (Qt would cut its end off)."""
        super().initStyleOption(option)
        field = QStyle.SubControl.SC_ComboBoxEditField
        room = self.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option, field, self)
        option.currentText = self.fontMetrics().elidedText(
            option.currentText, Qt.TextElideMode.ElideMiddle, room.width()
        )


class PaneTitle(QLabel):
    """A pane's title in bold, elided in the middle to the width the pane has and whole in its
    tooltip: a long file name neither widens the panes nor runs off their edge."""

    def __init__(self, title: str) -> None:
        super().__init__()
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.title = ""
        self.set_title(title)

    def set_title(self, title: str) -> None:
        self.title = title
        self.setText(f"<b>{html.escape(title)}</b>")
        self.setToolTip(plain_tip(title))

    def shown_text(self) -> str:
        """The title as painted: elided in the middle to the label's width."""
        room = self.contentsRect().width()
        return QFontMetrics(self.bold()).elidedText(self.title, Qt.TextElideMode.ElideMiddle, room)

    def bold(self) -> QFont:
        font = self.font()
        font.setBold(True)
        return font

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setFont(self.bold())
        align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        text, role = self.shown_text(), QPalette.ColorRole.WindowText
        self.style().drawItemText(painter, self.contentsRect(), align, self.palette(), True, text, role)


class SideBySideViewer(QWidget):
    """The document selector, the legend and the two synchronized panes."""

    error_clicked = Signal(int)  # the error row (index in report.error_rows)
    attach_requested = Signal()
    status = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.data: ReportData | None = None
        self.palette_ = Palette([], [], [])
        self.documents = DocumentList()
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
        self.titles = {side: PaneTitle(side.title()) for side in SIDES}
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
        report = self.data.report if self.data is not None else None
        inputs = report.inputs if report is not None else []
        sources = report.data.get("_sources", {}).get(name, {}) if report is not None else {}
        for side in SIDES:
            files = [f.path for f in inputs if f.role == side]
            title = pane_title(self._titles[side], files, name, sources.get(side))
            self.titles[side].set_title(title)

    def set_report(self, data: ReportData | None) -> None:
        self.data = data
        self.palette_ = Palette(data.labels, data.error_types, data.kinds) if data else Palette([], [], [])
        for pane in self.panes.values():
            pane.describe_row = self._describe_row
            pane.placeholder = "This report has no documents to show." if data else "No document to show."
        self.documents.set_names(list(data.documents) if data is not None else [])
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
        self.legend.show_palette(self.palette_, doc.labels() if doc is not None else None)
        self._show_titles()
        self._show_note()

    def _show_note(self, extra: str = "") -> None:
        """How to see the text of a document without it (in the panes, until Show positions),
        what of it is not shown, and `extra` (why an error has nothing to show)."""
        doc = self.doc
        numbered = doc is not None and doc.numbered
        self.attach_button.setVisible(attachable(doc) and not self.text_hint)
        self.positions_button.setVisible(numbered)
        hint = self._text_hint(doc) if numbered else ""
        shown = self.positions_button.isChecked()
        for pane in self.panes.values():
            pane.set_mask("" if shown else hint)
        cut = doc.cut_note() if doc is not None else ""
        lines = [text for text in (hint if shown else "", cut, extra) if text]
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
        quoted = f" “{shorten(str(text))}”" if text else ""
        return (
            f"{error.get('error_id', 'This error')} ({what}{quoted}) has no position in the text of "
            f"{error.get('document')}: it concerns the document as a whole, so nothing is framed."
        )

    def _clicked(self, side: str, pos: int) -> None:
        doc = self.doc
        if doc is None:
            return
        start, end = self.panes[side].cluster(pos)
        marks = doc.sides[side].marks_in(start, end)
        if marks:
            innermost = min(marks, key=lambda m: (m.end - m.start, m.row))
            self.error_clicked.emit(innermost.row)
        elif doc.sides[side].spans_in(start, end):
            self.status.emit("This span has no error.")
