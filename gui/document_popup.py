"""The list a document drop-down opens: its names in a list of rows of one height, under a
line that finds a name by any part of it.

Qt's own list measured every name to fit the widest each time it opened (QComboBox's
showPopup): 100-150 ms of the UI thread for a Label Studio export's 20,704 tasks. This list
measures none: it is as wide as the drop-down, or SHOWN_CHARS × 2 characters, whichever is
wider, and a longer name is shown elided in the middle, whole in its tooltip. A person with
thousands of documents types a part of a name instead of scrolling for it.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPoint, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QGuiApplication, QHideEvent, QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QComboBox, QFrame, QLineEdit, QListView, QVBoxLayout

from .style import SHOWN_CHARS, plain_tip

#: Rows shown at once (the rest scroll).
SHOWN_ROWS = 16
#: Keys the find line hands to the list (it moves its current row with them).
LIST_KEYS = (Qt.Key.Key_Down, Qt.Key.Key_Up, Qt.Key.Key_PageDown, Qt.Key.Key_PageUp)


class DocumentPopup(QFrame):
    """A drop-down's names to pick from, found by a part of one; `chosen` gives the row of the
    drop-down's model picked."""

    chosen = Signal(int)

    def __init__(self, combo: QComboBox) -> None:
        super().__init__(combo, Qt.WindowType.Popup)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.combo = combo
        self.found = QSortFilterProxyModel(self)
        self.found.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.find = QLineEdit(placeholderText="Find a document by any part of its name")
        self.find.setClearButtonEnabled(True)
        self.find.textChanged.connect(self._find)
        self.find.installEventFilter(self)
        self.rows = self._list()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.find)
        layout.addWidget(self.rows)

    def _list(self) -> QListView:
        """The names, rows of one height (Qt measures none), elided in the middle, the one under
        the pointer whole in the list's tooltip."""
        rows = QListView()
        rows.setModel(self.found)
        rows.setUniformItemSizes(True)
        rows.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        rows.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        rows.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        rows.clicked.connect(self._pick)
        rows.activated.connect(self._pick)
        rows.setMouseTracking(True)
        rows.entered.connect(lambda row: rows.setToolTip(plain_tip(row.data())))  # the whole name
        return rows

    def open(self) -> None:
        """Shown under the drop-down (above it where the screen has no room below), all names
        listed, the current one in view, the find line taking the keys. The list follows the
        drop-down's names only while it is open (filling the drop-down maps none)."""
        self.found.setSourceModel(self.combo.model())
        self.find.clear()
        self._show_current()
        height = self.find.sizeHint().height() + self.rows.sizeHintForRow(0) * SHOWN_ROWS + 12
        width = max(self.combo.width(), self.combo.fontMetrics().averageCharWidth() * SHOWN_CHARS * 2)
        self.resize(width, height)
        self.move(self._place(width, height))
        self.show()
        self.find.setFocus()

    def _place(self, width: int, height: int) -> QPoint:
        """Where the list's top left goes on the screen, kept on it."""
        below = self.combo.mapToGlobal(QPoint(0, self.combo.height()))
        screen = (self.combo.screen() or QGuiApplication.primaryScreen()).availableGeometry()
        x = max(screen.left(), min(below.x(), screen.right() - width))
        fits_below = below.y() + height <= screen.bottom() or below.y() - self.combo.height() < height
        y = below.y() if fits_below else below.y() - self.combo.height() - height
        return QPoint(x, y)

    def _show_current(self) -> None:
        """The drop-down's current name made the list's current row, in the list's middle."""
        current = self.found.mapFromSource(self.combo.model().index(self.combo.currentIndex(), 0))
        self.rows.setCurrentIndex(current)
        self.rows.scrollTo(current, QAbstractItemView.ScrollHint.PositionAtCenter)

    def _find(self, part: str) -> None:
        """Only the names holding `part` listed, the first of them current."""
        self.found.setFilterFixedString(part)
        if self.found.rowCount():
            self.rows.setCurrentIndex(self.found.index(0, 0))

    def _pick(self, row: QModelIndex) -> None:
        picked = self.found.mapToSource(row).row()
        self.hide()
        self.chosen.emit(picked)

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802
        """The keys back to the drop-down, however the list closed (a click outside it too)."""
        super().hideEvent(event)
        self.found.setSourceModel(None)
        self.combo.setFocus()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        """The find line's arrow keys move the list's row; Enter picks it; Escape closes."""
        if watched is self.find and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() in LIST_KEYS:
                self.rows.keyPressEvent(event)  # type: ignore[arg-type]
                return True
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.rows.currentIndex().isValid():
                self._pick(self.rows.currentIndex())
                return True
            if event.key() == Qt.Key.Key_Escape:
                self.hide()
                return True
        return super().eventFilter(watched, event)
