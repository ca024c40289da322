"""What the Agreement window shows of a large corpus without building it all at once: a
pair's disagreements and a document's as models whose cells are made when a view asks
for them, and the annotators' lanes as HTML of one part of a document at a time."""

from __future__ import annotations

import bisect
import html
from collections.abc import Sequence
from typing import Any

import numpy as np
from PySide6.QtCore import QAbstractListModel, QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QSplitter,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.formats.spantable import document_text

from .agreement_reasons import figure_text, reason, tip, value_at
from .style import plain_tip

Index = QModelIndex | QPersistentModelIndex

#: Characters of a document the lanes show at once, about a page (a part ends at the next
#: line end): the lanes of every annotator are laid out in a few milliseconds.
PART_CHARS = 5_000


#: The widest the matrix's row names are, in characters ("m"): the rest is the columns'.
NAME_COLUMN_EMS = 16

#: The most annotators whose names head the matrix's columns (five e-mail addresses fit at 1366×768).
NAMED_COLUMNS = 5


def fit_names(matrix: QTableWidget) -> None:
    """A pairwise matrix whose columns share its width (five annotators' at 1366×768) and
    whose long names (e-mail addresses) are cut in the middle, never at both ends."""
    for header in (matrix.horizontalHeader(), matrix.verticalHeader()):
        header.setTextElideMode(Qt.TextElideMode.ElideMiddle)
    matrix.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    matrix.verticalHeader().setMaximumWidth(matrix.fontMetrics().horizontalAdvance("m") * NAME_COLUMN_EMS)


def rows_height(matrix: QTableWidget) -> int:
    """The height of the matrix with its header and its first NAMED_COLUMNS rows (more scroll)."""
    rows = sum(matrix.rowHeight(r) for r in range(min(matrix.rowCount(), NAMED_COLUMNS)))
    return matrix.horizontalHeader().sizeHint().height() + rows + 2 * matrix.frameWidth()


class TopFirst(QSplitter):
    """A vertical split whose top keeps the height it wants (`wanted`: the matrix's rows, or
    from then on where the user dragged the handle) as the split grows or shrinks; the
    bottom has the rest."""

    def __init__(self) -> None:
        super().__init__(Qt.Orientation.Vertical)
        self.wanted = 0
        self.dragged = False  # the user placed the handle: the next matrices keep that height
        self.splitterMoved.connect(self._dragged)

    def _dragged(self) -> None:
        self.wanted, self.dragged = self.sizes()[0], True

    def keep_top(self) -> None:
        if self.wanted:
            self.setSizes([self.wanted, max(self.height() - self.wanted - self.handleWidth(), 0)])

    def resizeEvent(self, event: Any) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.keep_top()


def room_for_matrix(split: TopFirst, matrix: QTableWidget) -> None:
    """The split's top (the matrix, with what is above and under it) as tall as the matrix's
    rows need, or as the user dragged it; the pair list below it the rest (at 1280x720 with
    the Reading options open too)."""
    if not split.dragged:
        top = split.widget(0)
        top.layout().activate()  # its line under the matrix may have just been shown
        split.wanted = top.sizeHint().height() - matrix.sizeHint().height() + rows_height(matrix)
    split.keep_top()


def header_texts(names: list[str]) -> list[tuple[str, str]]:
    """Each annotator's column and row header: the names, or where more than NAMED_COLUMNS
    share the width (names cut to the same "0…a"), numbers over the columns and the number
    with the name on each row."""
    if len(names) <= NAMED_COLUMNS:
        return [(name, name) for name in names]
    return [(str(n), f"{n}  {name}") for n, name in enumerate(names, start=1)]


def name_headers(matrix: QTableWidget, names: list[str]) -> None:
    """The annotators as the matrix's column and row headers, each with its whole name as tooltip."""
    for i, (name, texts) in enumerate(zip(names, header_texts(names), strict=True)):
        for set_header, text in zip((matrix.setHorizontalHeaderItem, matrix.setVerticalHeaderItem), texts,
                                    strict=True):  # fmt: skip
            item = QTableWidgetItem(text)
            item.setToolTip(plain_tip(name))  # a name as written, never as markup
            set_header(i, item)


def label_text(labels: list[str]) -> str:
    """An annotator's labels on one extent, as a cell shows them ("—" for none)."""
    return " | ".join(labels) or "—"


def by_document(rows: Sequence[Any]) -> dict[str, list[Any]]:
    """The disagreement rows of each document, in their order."""
    grouped: dict[str, list[Any]] = {}
    for row in rows:
        grouped.setdefault(row.document, []).append(row)
    return grouped


def pair_disagreements(rows: Sequence[Any], a: str, b: str) -> list[Any]:
    """The rows where annotators `a` and `b` both have the document and differ."""
    return [r for r in rows if a in r.labels and b in r.labels and r.labels[a] != r.labels[b]]


class PairRowsModel(QAbstractTableModel):
    """One pair's disagreements: document, characters, text and each one's labels."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.rows: list[Any] = []
        self.pair: tuple[str, str] = ("", "")
        self.texts: dict[str, Any] = {}

    def set_rows(self, rows: list[Any], a: str, b: str, texts: dict[str, Any]) -> None:
        self.beginResetModel()
        self.rows, self.pair, self.texts = rows, (a, b), texts
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        """Five columns once a pair is chosen; none before (no blank headers)."""
        return 0 if parent.isValid() or not self.pair[0] else 5

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:  # noqa: N802
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Vertical:
            return str(section + 1)
        return ("Document", "Characters", "Text", *self.pair)[section]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or not index.isValid():
            return None
        return self.cell(index.row(), index.column())

    def cell(self, row: int, column: int) -> str:
        r = self.rows[row]
        if column == 0:
            return r.document
        if column == 1:
            return f"{r.start}–{r.end}"
        if column == 2:
            return self.texts[r.document].text(r.start, r.end)
        return label_text(r.labels[self.pair[column - 3]])


def pair_rows_view() -> tuple[QTableView, PairRowsModel]:
    """The table of a pair's disagreements: one line a row, rows not measured one by one."""
    view = QTableView()
    model = PairRowsModel(view)
    view.setModel(model)
    view.setWordWrap(False)
    view.setTabKeyNavigation(False)
    rows = view.verticalHeader()
    rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)  # a long list without measuring each row
    rows.setDefaultSectionSize(view.fontMetrics().height() + 6)
    view.setMinimumHeight(3 * rows.defaultSectionSize())  # the matrix above it keeps its rows first
    return view, model


def fit_columns(view: QTableView) -> None:
    """Each column as wide as its cells and its header need (a document's name, a text, an
    annotator's name whole), at most a third of the table's width (a longer one is cut there)."""
    most = max(view.viewport().width() // 3, 100)
    header = view.horizontalHeader()
    for column in range(view.model().columnCount()):
        wanted = max(view.sizeHintForColumn(column), header.sectionSizeHint(column), 40)
        view.setColumnWidth(column, min(wanted, most))


class DocumentRowsModel(QAbstractListModel):
    """A document's disagreements, one line each: id, text and every annotator's labels."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.rows: list[Any] = []
        self.text: Any = None

    def set_rows(self, rows: list[Any], text: Any) -> None:
        self.beginResetModel()
        self.rows, self.text = rows, text
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or not index.isValid():
            return None
        return self.line(index.row())

    def line(self, row: int) -> str:
        r = self.rows[row]
        labels = "; ".join(f"{a}: {label_text(v)}" for a, v in r.labels.items())
        return f"{r.row_id}  «{self.text.text(r.start, r.end)}»  {labels}"


def part_bounds(text: str, size: int = PART_CHARS) -> list[int]:
    """Where the parts of a text start, then its length: each part ends at the first line
    end after `size` characters (or runs on to `size` more where no line ends)."""
    bounds, at = [0], 0
    while len(text) - at > size:
        cut = text.find("\n", at + size, at + 2 * size)
        at = cut + 1 if cut >= 0 else at + size
        bounds.append(at)
    bounds.append(len(text))
    return bounds


class Lanes:
    """One document's lanes (a line of text per annotator, their spans marked; spans in
    dispute red), as HTML of one part of the document at a time."""

    def __init__(self, corpus: Any, name: str, rows: list[Any]) -> None:
        self.corpus = corpus
        self.name = name
        self.d = corpus.documents.index(name)
        self.text = document_text(corpus.texts[name])
        self.bounds = part_bounds(self.text)
        self.disputed = {(r.start, r.end) for r in rows}

    @property
    def parts(self) -> int:
        return len(self.bounds) - 1

    def part_of(self, position: int) -> int:
        """The part holding a character position."""
        return min(max(bisect.bisect_right(self.bounds, position) - 1, 0), self.parts - 1)

    def html(self, part: int, chosen: Any) -> str:
        lo, hi = self.bounds[part], self.bounds[part + 1]
        where = f" (part {part + 1} of {self.parts}: characters {lo}–{hi})" if self.parts > 1 else ""
        out = [f"<h3>{html.escape(self.name)}{where}</h3>"]
        for a, who in enumerate(self.corpus.annotators):
            if not self.corpus.has(a, self.d):
                out.append(f"<p><b>{html.escape(who)}</b>: <i>does not have this document</i></p>")
                continue
            marked = self._marked(self._spans(a, lo, hi), lo, hi, chosen)
            out.append(f"<p><b>{html.escape(who)}</b><br>{marked}</p>")
        return "".join(out)

    def _spans(self, a: int, lo: int, hi: int) -> list[tuple[int, int, int]]:
        """Annotator a's spans sharing a character with [lo, hi), in order."""
        table = self.corpus.tables[a]
        rows = table.rows(self.d)
        start, end = table.start[rows], table.end[rows]
        keep = np.flatnonzero((start < hi) & (end > lo))
        return sorted(
            zip(start[keep].tolist(), end[keep].tolist(), table.label[rows][keep].tolist(), strict=True)
        )

    def _marked(self, spans: list[tuple[int, int, int]], lo: int, hi: int, chosen: Any) -> str:
        text, labels = self.text, self.corpus.labels
        out, at = [], lo
        for start, e, label in spans:
            s = max(start, lo)  # begun in the part before: shown from this part's start
            if s < at:  # nested or overlapping: shown by its label only
                out.append(f"<sup>[{html.escape(labels[label])}]</sup>")
                continue
            out.append(html.escape(text[at:s]))
            style = "background:#f5b7b1" if (start, e) in self.disputed else "background:#c8e6c9"
            if chosen is not None and (start, e) == (chosen.start, chosen.end):
                style += ";text-decoration:underline;font-weight:bold"
                out.append('<a name="chosen"></a>')
            shown = html.escape(text[s : min(e, hi)])
            out.append(f'<span style="{style}">{shown}<sub>{html.escape(labels[label])}</sub></span>')
            at = min(e, hi)
        out.append(html.escape(text[at:hi]))
        return "".join(out).replace("\n", "<br>")


def colour(value: float | None) -> QColor:
    """Red (≤ 0) through yellow to green (1); grey where undefined."""
    if value is None:
        return QColor("#d0d0d0")
    v = max(0.0, min(1.0, value))
    return QColor.fromHsvF(v / 3, 0.45, 1.0)


def fill_matrix(matrix: QTableWidget, names: list[str], data: dict[str, Any], path: tuple[str, ...]) -> None:
    """The pairwise matrix of the figure at `path` (coloured; an undefined one grey, with the
    engine's reason as tooltip)."""
    block = value_at(data, path)
    matrix.setRowCount(len(names))
    matrix.setColumnCount(len(names))
    name_headers(matrix, names)
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            value = None if a == b else block["pairwise"][a].get(b)
            item = QTableWidgetItem("—" if a == b else figure_text(value))
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
            if a != b:
                item.setBackground(colour(value))
                item.setForeground(QColor("black"))
                item.setToolTip(tip(reason(data, (*path, "pairwise", a, b))) if value is None else "")
            matrix.setItem(i, j, item)


class Note(QLabel):
    """A line of words under a table, wrapped to its width, hidden while it says nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.setWordWrap(True)
        self.setVisible(False)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

    def setText(self, text: str) -> None:  # noqa: N802
        super().setText(text)
        self.setVisible(bool(text))


def stacked(*widgets: QWidget, margin: int = 0) -> QWidget:
    """Widgets one under the other, as one page."""
    page = QWidget()
    box = QVBoxLayout(page)
    box.setContentsMargins(margin, margin, margin, margin)
    for widget in widgets:
        box.addWidget(widget)
    return page
