"""The error table: every disagreement of a report, filterable by type, label and the
verdict an imported review gave it, searchable."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, QThread, QTimer, Signal
from PySide6.QtGui import QAction, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from engine.export.xlsx import VERDICTS
from engine.glossary import meaning
from engine.report import COLUMN_TITLES, ColumnRows
from engine.review import NOT_REVIEWED

from .counts import grouped
from .models import SAMPLED_ROWS, VERDICT, ErrorQuery, RowsModel, shown_rows
from .viewer_data import ReportData
from .wheel import GuardedComboBox
from .worker import Task, reap, start

ALL_TYPES = "All types"
#: The widest a filter's drop-down is, in characters ("m"), so that the search box keeps its room
#: beside long labels; its list shows each item whole.
FILTER_EMS = 16
ALL_LABELS = "All labels"
ALL_VERDICTS = "All verdicts"
#: The error table's first columns, which say what the error is: the Verdict column follows them.
NAMING = ("error_id", "type", "subtype", "detail")
VERDICT_TIP = "Show errors with this verdict only (the verdicts of a review: File → Import Review…)."


class SearchLine(QLineEdit):
    """The error table's search: Escape empties it (while work runs, Escape is Cancel's: the
    window's shortcut takes it first)."""

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() == Qt.Key.Key_Escape and self.text():
            self.clear()
            return
        super().keyPressEvent(event)


class ErrorsPanel(QWidget):
    """Filters over a sortable table of the report's error rows. The rows to show are found
    and sorted on a worker thread; the table keeps its rows meanwhile, and a newer query
    supersedes an older one (results carry the generation of their query)."""

    error_selected = Signal(int)  # the row's index in report.error_rows
    idle = Signal()  # no search or sort runs any more

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.data: ReportData | None = None
        self.type_filter = GuardedComboBox()
        self.type_filter.setToolTip("Show one error type only.")
        self.label_filter = GuardedComboBox()
        self.verdict_filter = GuardedComboBox()
        self.verdict_filter.addItems([ALL_VERDICTS, *VERDICTS, NOT_REVIEWED])
        self.type_filter.addItem(ALL_TYPES)  # before the first result too: no empty list
        self.label_filter.addItem(ALL_LABELS)
        self.verdict_filter.setToolTip(VERDICT_TIP)
        self.verdicts: list[str | None] | None = None  # per error row, from an imported review
        for combo in (self.type_filter, self.label_filter, self.verdict_filter):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            combo.setMaximumWidth(self.fontMetrics().horizontalAdvance("m") * FILTER_EMS)
        self.label_filter.setToolTip("Show errors with this label on either side only.")
        self.search = SearchLine()
        self.search.setPlaceholderText("Search the error table…")
        self.search.setClearButtonEnabled(True)
        self.show_all = QAction("Show All &Errors", self)  # View's: enabled while a filter is set
        self.show_all.setStatusTip("Clear the error filters")
        self.show_all.setToolTip("Clear the error filters")
        self.show_all.triggered.connect(self.clear_filters)
        self.search.textChanged.connect(self._note_filters)
        self._note_filters()
        self.count = QLabel()
        self.searching = QProgressBar()
        self.searching.setRange(0, 0)  # busy: moves while a search or sort runs
        self.searching.setMaximumWidth(60)
        self.searching.setTextVisible(False)
        self.searching.hide()
        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(200)
        self._generation = 0  # of the latest query: older results are dropped
        self._runs: list[tuple[QThread, Task]] = []
        self._select_when_shown: int | None = None
        self.model = RowsModel(titles={**COLUMN_TITLES, VERDICT: "Verdict"})
        self.model.sort_asked.connect(self.apply_filters)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)  # Tab goes on to the viewer; arrows move in the table
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        # Widths from the rows in view only: sampling more rows of a long table asks the model
        # for thousands of cells on the UI thread when a report arrives.
        self.table.horizontalHeader().setResizeContentsPrecision(0)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        self._search_timer.timeout.connect(self.apply_filters)
        self.search.textChanged.connect(self._search_timer.start)
        self.type_filter.currentIndexChanged.connect(self.apply_filters)
        self.label_filter.currentIndexChanged.connect(self.apply_filters)
        self.verdict_filter.currentIndexChanged.connect(self.apply_filters)
        self._build()

    def _build(self) -> None:
        bar = QHBoxLayout()
        bar.addWidget(QLabel("<b>Errors</b>"))
        bar.addWidget(self.type_filter)
        bar.addWidget(self.label_filter)
        bar.addWidget(self.verdict_filter)
        bar.addWidget(self.search, 1)
        bar.addWidget(self.searching)
        bar.addWidget(self.count)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.table, 1)

    def set_report(self, data: ReportData | None) -> None:
        self.data = data
        method = data.report.method if data else ""
        explain = lambda value: meaning(method, str(value))  # noqa: E731
        self.model.explain = {"type": explain, "subtype": explain}
        for combo, first, items in (
            (self.type_filter, ALL_TYPES, data.error_types if data else []),
            (self.label_filter, ALL_LABELS, data.labels if data else []),
        ):
            combo.blockSignals(True)
            combo.clear()
            combo.addItems([first, *items])
            combo.blockSignals(False)
        for index in range(1, self.type_filter.count()):  # what each type means, as in the table
            self.type_filter.setItemData(
                index, explain(self.type_filter.itemText(index)), Qt.ItemDataRole.ToolTipRole
            )
        for widget in (self.search, self.verdict_filter):  # a new report's rows have no verdicts yet
            widget.blockSignals(True)
        self.search.clear()
        self.verdict_filter.setCurrentIndex(0)
        for widget in (self.search, self.verdict_filter):
            widget.blockSignals(False)
        self.verdicts = None  # a review was matched to the rows of the report before
        self._show_columns()
        self._select_when_shown = None
        self.apply_filters()  # in the kept sort order, when it has been worked out
        self._fit_columns()
        self.table.selectionModel().clearCurrentIndex()  # a new report opens at its first row
        self.table.scrollToTop()

    def set_verdicts(self, verdicts: list[str | None] | None) -> None:
        """Show the verdicts an imported review gave the report's error rows (one per row)."""
        self.verdicts = verdicts
        self._show_columns()
        self.apply_filters()
        self._fit_columns()

    def table_rows(self) -> ColumnRows:
        """The report's error rows, with the verdicts of the review imported (if any)."""
        errors = self.data.errors if self.data else ColumnRows({})
        if self.verdicts is None:
            return errors
        return ColumnRows({**errors.columns, VERDICT: self.verdicts})

    def _show_columns(self) -> None:
        """The report's columns, the Verdict column after what names the error (ID, Type,
        Subtype, Detail) and before the rest (empty without a review)."""
        columns = list(self.data.shown_columns) if self.data else []
        at = next((i for i, c in enumerate(columns) if c not in NAMING), len(columns))
        columns[at:at] = [VERDICT] if columns else []
        rows = self.table_rows()
        self.model.set_rows(rows, columns, np.arange(len(rows)))

    def _fit_columns(self) -> None:
        """Widths from the rows in view and the last row (at most 260 px): Qt measures every
        row of a table that is not shown, so a hidden one measures a sample instead. The last
        row holds the longest error id (E136308 of poetry's pages), shown first when the
        table is sorted by ID from the last."""
        header = self.table.horizontalHeader()
        header.setResizeContentsPrecision(0 if self.table.isVisible() else SAMPLED_ROWS)
        self.table.resizeColumnsToContents()
        last, grid = self.model.rowCount() - 1, int(self.table.showGrid())  # a cell's width as Qt fits it
        for column in range(self.model.columnCount()):
            width = self.table.columnWidth(column)
            if last > 0:
                width = max(width, self.table.sizeHintForIndex(self.model.index(last, column)).width() + grid)
            self.table.setColumnWidth(column, min(width, 260))

    def filters(self) -> tuple[str | None, str | None, str]:
        error_type = self.type_filter.currentText() if self.type_filter.currentIndex() > 0 else None
        label = self.label_filter.currentText() if self.label_filter.currentIndex() > 0 else None
        return error_type, label, self.search.text()

    def verdict(self) -> str | None:
        """The verdict chosen to filter by (None: any)."""
        return self.verdict_filter.currentText() if self.verdict_filter.currentIndex() > 0 else None

    def query(self) -> ErrorQuery:
        """The filters and the table's sort."""
        header = self.table.horizontalHeader()
        column = header.sortIndicatorSection()
        name = self.model.columns[column] if 0 <= column < self.model.columnCount() else None
        ascending = header.sortIndicatorOrder() == Qt.SortOrder.AscendingOrder
        return ErrorQuery(*self.filters(), sort_column=name, ascending=ascending, verdict=self.verdict())

    def apply_filters(self) -> None:
        """Find the rows that pass the filters, in the table's sort order, on a worker thread;
        the table shows them when they arrive (unless a newer query has been asked by then).
        A query without filters or sort is every row in the report's order: shown at once."""
        self._generation += 1
        self._note_filters()
        self.cancel()  # the timer too: this query has the latest text
        if self.data is None:
            self.count.setText("")
            return
        data, query, generation, rows = self.data, self.query(), self._generation, self.table_rows()
        if not query.filters and query.sort_column is None:
            self._show_rows(shown_rows(rows, data.search_lines, query))  # nothing to search
            return
        task = Task("Searching the errors", lambda progress: (generation, shown_rows(
            rows, data.search_lines, query, progress)))  # fmt: skip
        task.finished.connect(self._rows_found)
        task.crashed.connect(self._search_crashed)
        thread = start(task, self, self._run_ended)
        self._runs.append((thread, task))  # the task lives until its thread has ended
        self.searching.show()
        self.count.setText("Searching…" if query.filters else "Sorting…")

    def _rows_found(self, result: tuple[int, np.ndarray]) -> None:
        generation, shown = result
        if generation == self._generation and self.data is not None:
            self._show_rows(shown)  # else a newer query or another report came since

    def _show_rows(self, shown: np.ndarray) -> None:
        """Show these rows (positions in the report's error rows, in order), with their count."""
        assert self.data is not None
        self.model.show_order(shown)
        self.searching.hide()
        self.count.setText(f"{grouped(len(shown))} of {grouped(len(self.data.errors))}")
        row, self._select_when_shown = self._select_when_shown, None
        if row is not None and self.model.row_of(row) is not None:
            self.select_error(row)

    def _search_crashed(self, summary: str, _trace: str) -> None:
        """A search that failed (logged by the worker) says so in place of "Searching…",
        unless a newer query has been asked since."""
        if self._runs and self.sender() is self._runs[-1][1]:
            self.count.setText(f"Search failed: {summary}")

    def _run_ended(self) -> None:
        reap(self._runs, self.sender())
        if not self._runs:
            self.searching.hide()
            self.idle.emit()

    def cancel(self) -> None:
        """Stop the searches and sorts running or waiting for typing to pause (the results
        of those running, if any, are dropped)."""
        self._search_timer.stop()
        for _, task in self._runs:
            task.cancel()

    @property
    def busy(self) -> bool:
        return bool(self._runs)

    def _note_filters(self) -> None:
        """Show All Errors enabled while a filter or a search is set, not otherwise."""
        combos = (self.type_filter, self.label_filter, self.verdict_filter)
        self.show_all.setEnabled(any(c.currentIndex() > 0 for c in combos) or bool(self.search.text()))

    def clear_filters(self) -> None:
        for widget in (self.type_filter, self.label_filter, self.verdict_filter):
            widget.blockSignals(True)
            widget.setCurrentIndex(0)
            widget.blockSignals(False)
        self.search.blockSignals(True)
        self.search.clear()
        self.search.blockSignals(False)
        self.apply_filters()

    def select_error(self, row: int) -> None:
        """Select an error row (showing all rows first when the filters hide it: it is
        selected when they arrive)."""
        self._select_when_shown = None
        shown = self.model.row_of(row)
        if shown is None:
            self._select_when_shown = row
            self.clear_filters()
            return
        index = self.model.index(shown, 0)
        self.table.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
        )
        self.table.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtCenter)

    def selected_error(self) -> int | None:
        index = self.table.selectionModel().currentIndex()
        return int(self.model.source_row(index.row())) if index.isValid() else None

    def _current_changed(self, current: QModelIndex, previous: QModelIndex) -> None:
        if current.isValid():
            self.error_selected.emit(int(self.model.source_row(current.row())))
