"""A note inside the error table where it shows no row: "No disagreements" where the
report has no error at all (that neither side holds a span, where neither does: every score
is then 0), "No error matches the filters" where the filters hide every one (an empty table
with only its headers says neither)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QLabel, QTableView

NO_ERRORS = "No disagreements between gold and system."
NONE_MATCHES = "No error matches the filters."
NO_SPANS = (
    "Neither gold nor system holds a span, so there is nothing to compare: is a layer, feature "
    "or column chosen that has no annotations? See the Options."
)


class EmptyNote(QLabel):
    """The note over a table's empty viewport, shown while the model has no row."""

    def __init__(self, table: QTableView, total: Any, spanless: Any = lambda: False) -> None:
        super().__init__(table.viewport())
        self.table, self.total = table, total  # total(): how many rows there are before filtering
        self.spanless = spanless  # spanless(): whether neither side of the report holds a span
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setEnabled(False)  # drawn in the placeholder colour
        model = table.model()
        for signal in (model.modelReset, model.layoutChanged, model.rowsInserted, model.rowsRemoved):
            signal.connect(self.update_note)
        table.viewport().installEventFilter(self)
        self.update_note()

    def update_note(self, *_: Any) -> None:
        empty = self.table.model().rowCount() == 0
        total = self.total()
        self.setText((NO_SPANS if self.spanless() else NO_ERRORS) if total == 0 else NONE_MATCHES)
        self.setVisible(empty and total is not None)
        self.resize(self.table.viewport().size())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Resize:
            self.resize(self.table.viewport().size())
        return False


def add_empty_note(panel: Any) -> EmptyNote:
    """The note for an errors panel (gui/errors_panel.py): its table, its report's errors."""
    return EmptyNote(
        panel.table,
        lambda: len(panel.data.errors) if panel.data is not None else None,
        lambda: panel.data is not None and spanless(panel.data.report),
    )


def spanless(report: Any) -> bool:
    """Whether neither side of a report holds a span (its spans read: a method's detail)."""
    return not len(report.gold_spans) and not len(report.system_spans)
