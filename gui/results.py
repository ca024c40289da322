"""The report's tables: the Scores tab (every score table with the method, its options and
the engine version), a tab per detail table, and the warnings."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pandas as pd
from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from engine.comparison import LEVEL
from engine.options import OptionSpec
from engine.report import Report, Table
from engine.scale import DEFAULT_SCALE, FRACTION, is_score_column

from .column_words import counted_words
from .models import SAMPLED_ROWS, FrameModel
from .score_titles import ComparisonModel, fit_titled_columns, table_titles
from .second_options import panel_specs
from .style import plain_tip
from .whole_cells import WholeCells, WholeHeaders

MAX_HEADLINE_WIDTH = 560
#: The share of the Scores tab the headline table may take to show its scores whole.
HEADLINE_SHARE = 0.7
#: The margins of a results tab (left, top, right, bottom): its rows, not blank, take the room.
COMPACT_MARGINS = (4, 4, 4, 2)


#: Names of the column that says what a row is about: shown first, whatever the engine's order.
LABEL_COLUMNS = ("label", "labels")


def table_view(frame: pd.DataFrame, native: str = FRACTION, scale: str = DEFAULT_SCALE,
               model: FrameModel | None = None, fitted: bool = True) -> QTableView:  # fmt: skip
    """A sortable, read-only view of one report table (`model`: the model showing `frame`,
    else a plain one), its scores on `scale` (`native`: the scale the table's scores are
    on), its label column first; its columns fitted to their contents unless not `fitted`."""
    view = QTableView()
    view.setHorizontalHeader(WholeHeaders(view))  # a header the right edge cuts is elided, never cut
    model = model if model is not None else FrameModel(frame, view)
    model.set_scale(scale, native)
    view.setModel(model)
    view.setItemDelegate(WholeCells(view))  # a cell the right edge cuts is elided, never cut
    label_first(view, [str(c) for c in frame.columns])
    view.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)  # the engine's order first
    view.setSortingEnabled(True)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setTabKeyNavigation(False)  # Tab goes on to the next control; arrows move in the table
    view.setAlternatingRowColors(True)
    view.verticalHeader().hide()
    view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 6)
    view.horizontalHeader().setResizeContentsPrecision(SAMPLED_ROWS)
    if fitted:
        view.resizeColumnsToContents()
    return view


def label_first(view: QTableView, columns: list[str]) -> None:
    """Move a label column that is not the first one to the front (the data keeps its order)."""
    found = next((i for i, name in enumerate(columns) if name.lower() in LABEL_COLUMNS), None)
    if found:
        view.horizontalHeader().moveSection(view.horizontalHeader().visualIndex(found), 0)


def scores_first(view: QTableView, frame: pd.DataFrame) -> None:
    """Move the score columns (precision, recall, F1, their intervals) to just after the
    columns that name a row (the first one, and text such as a label or schema), before the
    counts: the scores are in view without scrolling (the data keeps its order)."""
    header = view.horizontalHeader()
    scores = [i for i, name in enumerate(frame.columns) if is_score_column(str(name))]
    names = [i not in scores and _names_rows(frame.iloc[:, i]) for i in range(len(frame.columns))]
    place = 1
    while place < header.count() and names[header.logicalIndex(place)]:
        place += 1
    for logical in scores:
        if header.visualIndex(logical) >= place:
            header.moveSection(header.visualIndex(logical), place)
            place += 1


def _names_rows(column: pd.Series) -> bool:
    """Whether a column names its rows (a label, a schema): it holds text, not only numbers
    and blanks (an average row's blank counts do not make a column of counts a name)."""
    if pd.api.types.is_numeric_dtype(column):
        return False
    return any(isinstance(value, str) and value.strip() for value in column)


def widen_to_contents(view: QTableView) -> None:
    """Widen each column that its cells no longer fit (a score shown on another scale)."""
    for column in range(view.model().columnCount()):
        view.setColumnWidth(column, max(view.columnWidth(column), view.sizeHintForColumn(column)))


def full_width(view: QTableView) -> int:
    """The width that shows every column of a view whole (as wide as it was made)."""
    header = view.horizontalHeader()
    columns = sum(max(view.sizeHintForColumn(c), header.sectionSize(c)) for c in range(header.count()))
    return columns + 2 * view.frameWidth() + view.verticalScrollBar().sizeHint().width() + 4


def _value_text(value: Any) -> str:
    """A value as a person reads it: a check box's 'yes' or 'no' (not Python's True/False), a
    list's items with commas (not Python's brackets), 'none' for nothing."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(_value_text(v) for v in value) or "none"
    return "none" if value is None else str(value)


def option_specs_of(method: str) -> dict[str, OptionSpec]:
    """A method's options by name (each with its label, as its Options panel shows it)."""
    from engine.errors import InputError
    from engine.methods import get_method

    try:
        found = get_method(method)  # imports this method alone
    except InputError:  # a report of a method this version has not
        return {}
    return {spec.name: spec for spec in panel_specs(found)}  # the Second system's own too


def option_text(spec: OptionSpec | None, name: str, value: Any) -> str:
    """'Tag column = 3rd', 'System format = CoNLL columns (…)': an option set, as its control
    names and shows it."""
    if spec is None:
        return f"{name} = {_value_text(value)}"
    return f"{spec.label} = {counted_words(spec, value) or _choice_text(spec, value)}"


def _choice_text(spec: OptionSpec, value: Any) -> str:
    """A choice as the option's list names it ('conll': 'CoNLL columns (a token and its tag)'),
    any other value as it is (a report read from a file may hold anything)."""
    return spec.choice_title(value) if value in (spec.info.choices or ()) else _value_text(value)


def report_header(report: Report) -> str:
    """Method, options (named as the Options panel names them), engine version and inputs of
    a report, as rich text; options not set are counted, not listed (some forty of CLUEval's:
    the span methods' reports leave them out)."""
    given = {k: v for k, v in report.options.items() if v is not None}
    unset = len(report.options) - len(given)
    specs = option_specs_of(report.method)
    options = " · ".join(
        [html.escape(option_text(specs.get(k), k, v)) for k, v in given.items()]
        + ([f"{unset} more not set"] if unset and given else [])
    )
    names = [f"{html.escape(role)}: {html.escape(name)}" for role, name in input_names(report)]
    when = shown_time(report.created)
    return (
        f"<b>{html.escape(report.title)}</b> — method <code>{html.escape(report.method)}</code>, "
        f"Span Studio engine {html.escape(report.engine_version)}, {html.escape(when)}<br>"
        f"<b>Options:</b> {options or 'none'}<br><b>Inputs:</b> {' · '.join(names)}"
    )


#: How the header names the roles of a comparison's inputs (the app's second system is
#: system_b, engine/comparison.py; the compare command's are system_a and system_b).
COMPARED_ROLES = {"system": "system (A)", "system_b": "second system (B)"}


def input_names(report: Report) -> list[tuple[str, str]]:
    """Each input role and its file's name (a folder's first file and how many more)."""
    files: dict[str, list[str]] = {}
    for f in report.inputs:
        files.setdefault(f.role, []).append(Path(f.path).name)
    roles = COMPARED_ROLES if "system" in files and "system_b" in files else {}
    return [(roles.get(role, role), names[0] + _more(names)) for role, names in files.items()]


def _more(names: list[str]) -> str:
    return f" (+ {len(names) - 1} more files)" if len(names) > 1 else ""


#: A report's time as the engine writes it (ISO 8601: 2026-12-01T06:37:47+00:00).
_ISO_TIME = re.compile(r"(\d{4}-\d\d-\d\d)T(\d\d:\d\d)(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)?")


def shown_time(created: str) -> str:
    """When a report was made as a person reads it ('evaluated 2026-12-01 at 06:37', its
    local time), not ISO's '2026-12-01T06:37:47+00:00'; any other text as it is (a report
    read from a file may hold anything)."""
    found = _ISO_TIME.fullmatch(created.strip())
    return f"evaluated {found[1]} at {found[2]}" if found else created


def inputs_tooltip(report: Report) -> str:
    """When the report was made to the second, and the inputs' paths and hashes, shown as
    written (a path may hold `<b>`)."""
    files = [f"{f.role}: {f.path} (sha256 {f.sha256[:12]}…)" for f in report.inputs]
    return plain_tip("\n".join([f"evaluated: {report.created}", *files]))


def titled(table: Table, name: str, view: QWidget, title: bool = True) -> list[QWidget]:
    """A table's title (unless its tab says it), its note (the legend line) and its view."""
    widgets: list[QWidget] = [QLabel(f"<b>{html.escape(table.title or name)}</b>")] if title else []
    if table.note:
        note = QLabel(table.note)
        note.setTextFormat(Qt.TextFormat.PlainText)
        note.setWordWrap(True)
        widgets.append(note)
    widgets.append(view)
    return widgets


class ScoresView(QWidget):
    """The report's header over its score tables: the headline table on the left, the
    other score tables (per label, per document, …) as tabs on the right. Each table's view
    is made apart, a turn of the event loop each (the window calls `make_headline`, then
    `make_current_tab`), a tab's when it is first shown, or all when `views` is asked for."""

    def __init__(self, report: Report, scale: str = DEFAULT_SCALE, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.header = QLabel(report_header(report))
        self.header.setWordWrap(True)
        self.header.setToolTip(inputs_tooltip(report))
        self.header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.tables = report.score_tables()
        self._scale = scale  # the scale asked for while no view is made
        self._level = float(report.data.get("confidence", {}).get("level", LEVEL))
        self._views: dict[str, QTableView] = {}
        self._later: dict[int, str] = {}  # tab of `others` → the table its view is made for when shown
        self.headline: QTableView | None = None
        self.others = QTabWidget()
        self.others.setDocumentMode(True)
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.split.setChildrenCollapsible(False)
        for name, table in list(self.tables.items())[1:]:
            self._later[self.others.addTab(QWidget(), table.title or name)] = name
        if self.others.count():
            self.split.addWidget(self.others)
            self.others.currentChanged.connect(self._make_tab)
        self._fitted = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(*COMPACT_MARGINS)
        layout.addWidget(self.header)
        layout.addWidget(self.split, 1)

    @property
    def views(self) -> dict[str, QTableView]:
        """Every score table's view, in the report's order (those not made yet made now)."""
        self.make_headline(self._scale)
        for index in list(self._later):
            self._make_tab(index)
        return {name: self._views[name] for name in self.tables}

    def make_headline(self, scale: str) -> None:
        """Put the headline table's view, its scores on `scale`, on the left (unless it is there)."""
        if self.headline is not None or not self.tables:
            return
        name, table = next(iter(self.tables.items()))
        self.headline = self._view(name, scale)
        self.split.insertWidget(0, titled_panel(table, name, self.headline))
        if self.isVisible():
            self._fit_headline()

    def _view(self, name: str, scale: str) -> QTableView:
        """The view of table `name`, its scores on `scale`, its headers in words (its keys',
        an interval's columns', the comparison's)."""
        table, frame = self.tables[name], self.tables[name].frame()
        if name == "comparison":
            model = ComparisonModel(frame, self._level)
        else:
            model = FrameModel(frame, titles=table_titles(table, self._level))
        self._views[name] = view = table_view(frame, table.scale, scale, model)
        model.setParent(view)
        if name != "comparison":  # its columns are a, b, their difference: in that order
            scores_first(view, frame)
        fit_titled_columns(view)
        return view

    def make_current_tab(self) -> None:
        """Make the view of the tab of `others` shown, unless it is made."""
        self._make_tab(self.others.currentIndex())

    def _make_tab(self, index: int) -> None:
        """Put its table's view on the tab of `others` at `index`, unless it is there."""
        name = self._later.pop(index, None)
        if name is not None:
            self.make_headline(self._scale)  # made first: the scale it shows now is the one to show
            assert self.headline is not None
            scale = self.headline.model().scale
            page = self.others.widget(index)
            layout = QVBoxLayout(page)
            layout.setContentsMargins(0, 0, 0, 0)
            layout.addWidget(titled_panel(self.tables[name], name, self._view(name, scale), title=False))

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        self._fit_headline()

    def _fit_headline(self) -> None:
        """Once shown (and measured with its real font): the headline table as wide as its columns."""
        if not self._fitted and self.headline is not None and self.split.count() == 2:
            self._fitted = True
            limit = max(MAX_HEADLINE_WIDTH, int(self.width() * HEADLINE_SHARE))
            self.headline.setMinimumWidth(min(full_width(self.headline), limit))
            self.split.setStretchFactor(0, 0)
            self.split.setStretchFactor(1, 1)


def titled_panel(table: Table, name: str, view: QTableView, title: bool = True) -> QWidget:
    """A table's title (unless its tab says it) and note over its view."""
    panel = QWidget()
    layout = QVBoxLayout(panel)
    layout.setContentsMargins(0, 0, 0, 0)
    for widget in titled(table, name, view, title):
        layout.addWidget(widget, 1 if widget is view else 0)
    return panel


class DetailView(QWidget):
    """One detail table (match table, per-page rows, …) with its note."""

    def __init__(self, name: str, table: Table, scale: str = DEFAULT_SCALE, parent: QWidget | None = None,
                 frame: pd.DataFrame | None = None) -> None:  # fmt: skip
        """`frame`: the table as a DataFrame where it is made already (off the UI thread). Its
        columns are fitted to their contents when it is first shown: a tab behind the Scores
        tab costs nothing more until then (poetry's 43,000 pages: 40-100 ms)."""
        super().__init__(parent)
        self.view = table_view(table.frame() if frame is None else frame, table.scale, scale, fitted=False)
        self._fitted = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(*COMPACT_MARGINS)
        layout.addWidget(titled_panel(table, name, self.view))

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        if not self._fitted:
            self._fitted = True
            self.view.resizeColumnsToContents()
        super().showEvent(event)


class MessagesView(QPlainTextEdit):
    """The report's warnings, one per line."""

    def __init__(self, messages: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setPlainText("\n".join(messages))
