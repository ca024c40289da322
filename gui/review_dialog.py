"""Import review…: the verdicts of a review workbook and the reviewed scores, as the
engine reads and computes them (`spanstudio review` shows the same)."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
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

from engine.export.carry import match_review
from engine.progress import Progress
from engine.report import Report, Table
from engine.review import NOT_REVIEWED, Review, no_scores, read_review, scored_parts

from . import dialogs, geometry
from .counts import count_of, grouped
from .models import FrameModel
from .results import full_width, scores_first, table_view
from .score_titles import key_titles
from .worker import Job

MIN_WIDTH = 820
#: The tab widget's frame around a table, both sides.
TAB_FRAME = 8
TWO_SYSTEMS = "The Errors table shows no verdicts: they are of two systems compared, not of one run."


@dataclass
class ReviewResult:
    path: str
    method: str
    errors: int
    warnings: list[str]
    tables: dict[str, Table]
    verdicts: list[str | None] | None = None  # on the error rows of the report shown
    shown: str = ""  # what of it the Errors table shows
    systems: dict[str, int] | None = None  # a compare workbook's errors, by system
    unscored: list[str] = field(default_factory=list)  # why parts have no reviewed scores
    judged: int = 0  # the error rows with a verdict


def review_job(path: str, report: Report | None = None) -> Job:
    """Read a workbook's verdicts and recompute the scores (off the UI thread); the verdicts
    on the error rows of `report` (the one shown), when it is of the same method."""

    def job(progress: Progress) -> ReviewResult:
        progress.update(0.0, "reading the verdicts", force=True)
        review = read_review(path)
        result = _result(review)
        if report is not None and review.systems:
            result.shown = TWO_SYSTEMS
        elif report is not None and report.method == review.method:
            carried = match_review(review, report.error_rows)
            result.verdicts = carried.verdicts
            given = sum(verdict is not None for verdict in carried.verdicts)
            verdicts = count_of(given, "verdict")
            result.shown = f"The Errors table's Verdict column shows {verdicts}{carried.gone('shown')}."
        elif report is not None:
            result.shown = (
                f"The Errors table shows no verdicts: they are of {review.method}, not {report.method}."
            )
        return result

    return job


def _result(review: Review) -> ReviewResult:
    """The tables of a review (of each system of a compare workbook) and what it lacks."""
    result = ReviewResult(review.path, review.method, review.errors, review.warnings, {})
    result.judged = sum(row["verdict"] != NOT_REVIEWED for part in review.parts() for row in part.rows)
    for part, tables in scored_parts(review):
        result.tables |= {part.system + name: table for name, table in tables.items()}
        if len(tables) == 1:
            result.unscored.append(no_scores(part))
    if review.systems:
        result.systems = {part.system: part.errors for part in review.systems}
    return result


class ReviewDialog(QDialog):
    """The verdict counts and the reviewed score tables, a tab each."""

    def __init__(self, parent: QWidget | None, result: ReviewResult) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Review: {Path(result.path).name}")
        layout = QVBoxLayout(self)
        lines = [
            f"<b>{html.escape(Path(result.path).name)}</b>: {_errors(result)} of the method "
            f"<code>{html.escape(result.method)}</code>. Errors judged <i>system right (gold wrong)</i> or "
            "<i>both acceptable</i> count as agreements in the reviewed scores."
        ]
        lines += [html.escape(result.shown)] if result.shown else []
        lines += [html.escape(w) for w in result.warnings[:5]]
        if result.systems is None and len(result.tables) == 1:
            lines.append("This method keeps no basis for reviewed scores.")
        elif result.systems is not None:
            lines += [html.escape(line) for line in result.unscored]
        intro = QLabel("<br>".join(lines))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.tabs = QTabWidget()
        views = [self._view(table) for table in result.tables.values()]
        for view, (name, table) in zip(views, result.tables.items(), strict=True):
            self.tabs.addTab(view, table.title or name)
        layout.addWidget(self.tabs, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(self._width_for(views), 480)

    @staticmethod
    def _view(table: Table) -> QTableView:
        """A table's view, its headers in words and its scores before its counts as in the
        main window's tables."""
        frame = table.frame()
        model = FrameModel(frame, titles=key_titles(table))
        view = table_view(frame, model=model)
        model.setParent(view)
        scores_first(view, frame)
        return view

    def _width_for(self, views: list[QTableView]) -> int:
        """Wide enough to show every column of the widest table whole, within the screen."""
        margins = self.layout().contentsMargins()
        tables = max(full_width(view) for view in views) + margins.left() + margins.right() + TAB_FRAME
        return min(max(MIN_WIDTH, tables), geometry.available_area(self).width())


def _errors(result: ReviewResult) -> str:
    """ "1,814 errors", or a compare workbook's "2,952 errors of two systems compared (System A 1,814, …)"."""
    if result.systems is None:
        return count_of(result.errors, "error")
    each = ", ".join(f"{system} {grouped(count)}" for system, count in result.systems.items())
    return f"{grouped(result.errors)} errors of two systems compared ({each})"


def say_none_judged(parent: QWidget | None, result: ReviewResult) -> bool:
    """Whether the workbook holds no verdicts yet, said in a message (its tables would be zeros)."""
    if result.judged or not result.errors:
        return False
    name = Path(result.path).name
    how = ("open it in a spreadsheet program, choose a verdict in the Verdict column of the errors you "
           "judge, save it, then import it again.")  # fmt: skip
    dialogs.show_message(parent, f"{name} holds no verdicts yet.",
                         f"None of its {count_of(result.errors, 'error')} has a verdict: {how}")
    return True
