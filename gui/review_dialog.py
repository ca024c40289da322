"""Import review…: the verdicts of a review workbook and the reviewed scores, as the
engine reads and computes them (`spanstudio review` shows the same)."""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from engine.progress import Progress
from engine.report import Table
from engine.review import read_review, reviewed_tables, verdict_table

from . import geometry
from .results import full_width, table_view
from .worker import Job

MIN_WIDTH = 820
#: The tab widget's frame around a table, both sides.
TAB_FRAME = 8


@dataclass
class ReviewResult:
    path: str
    method: str
    errors: int
    warnings: list[str]
    tables: dict[str, Table]


def review_job(path: str) -> Job:
    """Read a workbook's verdicts and recompute the scores (off the UI thread)."""

    def job(progress: Progress) -> ReviewResult:
        progress.update(0.0, "reading the verdicts", force=True)
        review = read_review(path)
        tables = {"verdicts": verdict_table(review), **reviewed_tables(review)}
        return ReviewResult(path, review.method, len(review.rows), review.warnings, tables)

    return job


class ReviewDialog(QDialog):
    """The verdict counts and the reviewed score tables, a tab each."""

    def __init__(self, parent: QWidget | None, result: ReviewResult) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Review: {Path(result.path).name}")
        layout = QVBoxLayout(self)
        lines = [
            f"<b>{html.escape(Path(result.path).name)}</b>: {result.errors} errors of the method "
            f"<code>{html.escape(result.method)}</code>. Errors judged <i>system right (gold wrong)</i> or "
            "<i>both acceptable</i> count as agreements in the reviewed scores."
        ]
        lines += [html.escape(w) for w in result.warnings[:5]]
        if len(result.tables) == 1:
            lines.append("This method keeps no basis for reviewed scores.")
        intro = QLabel("<br>".join(lines))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.tabs = QTabWidget()
        views = [table_view(table.frame()) for table in result.tables.values()]
        for view, (name, table) in zip(views, result.tables.items(), strict=True):
            self.tabs.addTab(view, table.title or name)
        layout.addWidget(self.tabs, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(self._width_for(views), 480)

    def _width_for(self, views: list[QTableView]) -> int:
        """Wide enough to show every column of the widest table whole, within the screen."""
        margins = self.layout().contentsMargins()
        tables = max(full_width(view) for view in views) + margins.left() + margins.right() + TAB_FRAME
        return min(max(MIN_WIDTH, tables), geometry.available_area(self).width())
