"""The review workbook (.xlsx, openpyxl): summary, scores, and an error table in which
annotators judge every disagreement; `engine.review` reads their verdicts back.

Sheets: Summary (method, options, engine version, input files with sha256, date, the
overall scores, the legend), one sheet per further score table and per detail table,
Errors (continued on "Errors (2)", … past a sheet's row limit) and a hidden `_review`
sheet with what `spanstudio review` needs to recompute the scores.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterable, Iterator
from typing import Any

from ..context import LEGEND, build_context, marked_text, rich_runs
from ..progress import NO_PROGRESS, Progress
from ..report import ERROR_COLUMNS, Report, Table
from ..textio import atomic_write_bytes

VERDICTS = ("system right", "gold wrong", "both acceptable", "system wrong", "unclear")
VERDICT_HELP = (
    "Verdict: system right (the system's annotation is correct), gold wrong (the gold "
    "annotation is wrong), both acceptable, system wrong, unclear. 'gold wrong' and "
    "'both acceptable' count as agreements in the reviewed scores (spanstudio review)."
)
MAX_ROWS = 1_048_576  # rows a sheet holds
MAX_TEXT = 32_767  # characters a cell holds
CUT = " [… cut]"
REVIEW_SHEET = "_review"
CHUNK = 30_000  # characters of review data per cell
FORMULA_START = ("=", "+", "-", "@")
_ILLEGAL = re.compile(r"[\000-\010]|[\013-\014]|[\016-\037]")

# (header, error-row key) of the Errors sheet; "" keys are filled by the exporter
ERROR_SHEET_COLUMNS = [
    ("ID", "error_id"),
    ("Document", "document"),
    ("Unit", "unit"),
    ("Unit id", "unit_id"),
    ("Type", "type"),
    ("Subtype", "subtype"),
    ("Gold label", "gold_label"),
    ("System label", "system_label"),
    ("Gold position", "gold_position"),
    ("Gold text", "gold_text"),
    ("System position", "system_position"),
    ("System text", "system_text"),
    ("Context", ""),
    ("Context (coloured)", ""),
    ("Verdict", ""),
    ("Comment", ""),
]
WIDTHS = {
    "ID": 7,
    "Document": 14,
    "Unit": 9,
    "Unit id": 10,
    "Type": 7,
    "Subtype": 8,
    "Gold label": 11,
    "System label": 12,
    "Gold position": 13,
    "System position": 14,
    "Context": 48,
    "Context (coloured)": 48,
    "Verdict": 15,
    "Comment": 24,
    "Gold text": 20,
    "System text": 20,
}
OPTIONAL = ("unit_id", "subtype")  # left out of a sheet where every row leaves them empty
HIDDEN_KEYS = {"sheet", "context_unit"}


def write_workbook(report: Report, path: str, progress: Progress = NO_PROGRESS) -> None:
    """Write the review workbook of `report` to `path` (a temporary file, then renamed)."""
    from openpyxl import Workbook

    book = Workbook(write_only=True)
    writer = _Writer(book, report, progress)
    writer.summary()
    writer.tables()
    error_sheets = writer.errors()
    writer.review_data(error_sheets)
    buffer = io.BytesIO()
    book.save(buffer)
    atomic_write_bytes(path, buffer.getvalue())
    progress.update(1.0, "workbook written", force=True)


def safe_text(value: str) -> str:
    """Text a cell can hold: control characters replaced, overlong text cut with a mark."""
    value = _ILLEGAL.sub("\ufffd", value)
    return value if len(value) <= MAX_TEXT else value[: MAX_TEXT - len(CUT)] + CUT


def plain(value: Any) -> Any:
    """A report value as a cell value: numbers stay numbers, lists become text."""
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, list | tuple | dict):
        return safe_text(json.dumps(value, ensure_ascii=False))
    return safe_text(str(value))


class _Writer:
    def __init__(self, book: Any, report: Report, progress: Progress) -> None:
        from openpyxl.cell.text import InlineFont
        from openpyxl.styles import Alignment, Font

        self.book, self.report, self.progress = book, report, progress
        self.bold = Font(bold=True)
        self.title_font = Font(bold=True, size=14)
        self.wrap = Alignment(wrap_text=True, vertical="top")
        self.top = Alignment(vertical="top")
        self.fonts = {
            (True, False): InlineFont(color="FF1B7F2A", b=True),
            (False, True): InlineFont(color="FFC0392B", b=True),
            (True, True): InlineFont(color="FFD35400", b=True, u="single"),
        }
        self.names: set[str] = set()

    # --- cells ------------------------------------------------------------------------

    def cell(self, sheet: Any, value: Any, *, font: Any = None, number_format: str | None = None) -> Any:
        """A cell whose text can never run as a formula."""
        from openpyxl.cell import WriteOnlyCell

        value = plain(value)
        risky = isinstance(value, str) and value.startswith(FORMULA_START)
        if not (risky or font or number_format):
            return value
        cell = WriteOnlyCell(sheet, value)
        if risky:
            cell.data_type = "s"
            cell.quotePrefix = True
        if font is not None:
            cell.font = font
        if number_format:
            cell.number_format = number_format
        return cell

    def row(self, sheet: Any, values: Iterable[Any]) -> list[Any]:
        return [self.cell(sheet, v) for v in values]

    def sheet(self, title: str) -> Any:
        """A new sheet with a unique, valid name (31 characters, no []:*?/\\)."""
        name = re.sub(r"[\[\]:*?/\\]", "-", title)[:31] or "Sheet"
        base, n = name, 2
        while name.lower() in self.names:
            suffix = f" ({n})"
            name, n = base[: 31 - len(suffix)] + suffix, n + 1
        self.names.add(name.lower())
        sheet = self.book.create_sheet(name)
        sheet.page_setup.orientation = "landscape"  # printed (and PDF): one page wide
        sheet.page_setup.fitToWidth = 1
        sheet.page_setup.fitToHeight = 0
        sheet.sheet_properties.pageSetUpPr.fitToPage = True
        return sheet

    # --- Summary and tables -----------------------------------------------------------

    def summary(self) -> None:
        r = self.report
        ws = self.sheet("Summary")
        ws.column_dimensions["A"].width = 22
        ws.column_dimensions["B"].width = 60
        ws.column_dimensions["C"].width = 66
        ws.append([self.cell(ws, "Span Studio review workbook", font=self.title_font)])
        ws.append([])
        for key, value in (
            ("Method", f"{r.title} ({r.method})"),
            ("Engine version", r.engine_version),
            ("Created", r.created),
        ):
            ws.append([self.cell(ws, key, font=self.bold), self.cell(ws, value)])
        ws.append([self.cell(ws, "Options", font=self.bold)])
        for key, value in r.options.items():
            ws.append(self.row(ws, ["", key, value]))
        ws.append(
            [
                self.cell(ws, "Input files", font=self.bold),
                self.cell(ws, "path", font=self.bold),
                self.cell(ws, "sha256", font=self.bold),
            ]
        )
        for f in r.inputs:
            ws.append(self.row(ws, [f.role, f.path, f.sha256]))
        for message in r.messages:
            ws.append(self.row(ws, ["Warning", message]))
        ws.append([])
        ws.append([self.cell(ws, "Legend", font=self.bold), self.cell(ws, LEGEND)])
        ws.append([self.cell(ws, "Verdicts", font=self.bold), self.cell(ws, VERDICT_HELP)])
        if r.tables:
            ws.append([])
            self.table_rows(ws, r.headline)

    def table_rows(self, ws: Any, table: Table) -> None:
        """A table with its title and header, numbers as numbers with number formats."""
        ws.append([self.cell(ws, table.title or "Scores", font=self.bold)])
        if table.note:
            ws.append([self.cell(ws, table.note)])
        ws.append([self.cell(ws, c, font=self.bold) for c in table.columns])
        formats = [table.formats.get(c) for c in table.columns]
        for values in table.rows:
            ws.append([self._number(ws, v, f) for v, f in zip(values, formats, strict=True)])

    def _number(self, ws: Any, value: Any, number_format: str | None) -> Any:
        if isinstance(value, float):
            return self.cell(ws, value, number_format=number_format or "0.0000")
        if isinstance(value, int) and number_format:
            return self.cell(ws, value, number_format=number_format)
        return self.cell(ws, value)

    def tables(self) -> None:
        """Every score table after the headline, and every detail table: a sheet each."""
        for name, table in list(self.report.tables.items())[1:]:
            ws = self.sheet(table.title or name)
            for i, column in enumerate(table.columns):
                ws.column_dimensions[_letter(i)].width = max(10, min(40, len(str(column)) + 4))
            self.table_rows(ws, table)

    # --- Errors -------------------------------------------------------------------------

    def errors(self) -> list[str]:
        """The error sheets; returns their names."""
        rows = self.report.error_rows
        groups: dict[str, list[dict[str, Any]]] = {}
        for row in rows:
            groups.setdefault(row.get("sheet") or "Errors", []).append(row)
        if not groups:
            groups["Errors"] = []
        names: list[str] = []
        done = 0
        for title, group in groups.items():
            extra = _extra_columns(group)
            per_sheet = MAX_ROWS - 2  # a legend row and a header row on every sheet
            chunks = [group[i : i + per_sheet] for i in range(0, len(group), per_sheet)] or [[]]
            for k, chunk in enumerate(chunks):
                name = self._error_sheet(
                    title if k == 0 else f"{title} ({k + 1})", chunk, extra, done, len(rows)
                )
                names.append(name)
                done += len(chunk)
        return names

    def _error_sheet(
        self, title: str, rows: list[dict[str, Any]], extra: list[str], done: int, total: int
    ) -> str:
        from openpyxl.worksheet.datavalidation import DataValidation

        ws = self.sheet(title)
        columns = [(h, k) for h, k in ERROR_SHEET_COLUMNS if k not in OPTIONAL or any(r.get(k) for r in rows)]
        columns[2] = (self._unit_name(rows), "unit")
        headers = [h for h, _ in columns] + extra
        for i, header in enumerate(headers):
            dimension = ws.column_dimensions[_letter(i)]
            dimension.width = WIDTHS.get(header, 14)
            dimension.alignment = self.top
        ws.freeze_panes = "A3"
        legend = self.report.data.get("_legends", {}).get(title, LEGEND)
        ws.append([self.cell(ws, legend)])
        ws.append([self.cell(ws, h, font=self.bold) for h in headers])
        keys = [k for _, k in columns if k]
        for n, row in enumerate(rows):
            cells, lines = self._error_cells(ws, row, keys, extra)
            if lines > 1:  # wrapped context: rows do not grow by themselves in every program
                ws.row_dimensions[n + 3].height = 15 * lines
            ws.append(cells)
            if n % 1000 == 0:
                self.progress.update((done + n) / max(total, 1), "writing the error table")
        last = len(rows) + 2
        ws.auto_filter.ref = f"A2:{_letter(len(headers) - 1)}{max(last, 2)}"
        verdict = _letter(headers.index("Verdict"))
        check = DataValidation(type="list", formula1='"' + ",".join(VERDICTS) + '"', allow_blank=True)
        check.error, check.errorTitle = "Choose one of: " + ", ".join(VERDICTS), "Verdict"
        check.prompt, check.promptTitle = VERDICT_HELP[:255], "Verdict"
        check.add(f"{verdict}3:{verdict}{max(last, 3)}")
        ws.data_validations.append(check)
        return ws.title

    def _unit_name(self, rows: list[dict[str, Any]]) -> str:
        docs = {d.name: d for d in self.report.documents}
        names = {docs[r["document"]].unit_name for r in rows if r.get("document") in docs}
        return names.pop().capitalize() if len(names) == 1 else "Unit"

    def _error_cells(
        self, ws: Any, row: dict[str, Any], keys: list[str], extra: list[str]
    ) -> tuple[list[Any], int]:
        """The cells of one error row, and how many lines its context needs."""
        cells = [self.cell(ws, row.get(key)) for key in keys]
        context = self._context(row)
        lines = 1
        if context is None:
            cells += ["", ""]
        else:
            text = marked_text(context)
            lines = min(10, 1 + len(text) // int(WIDTHS["Context"] * 1.1))
            cells.append(self._wrapped(ws, text))
            cells.append(self._rich(ws, context))
        cells += ["", ""]  # Verdict, Comment
        cells += [self.cell(ws, row.get(key)) for key in extra]
        return cells, lines

    def _context(self, row: dict[str, Any]) -> Any:
        doc = self.report.document(row.get("document", ""))
        if doc is None or not (row.get("gold_parts") or row.get("system_parts")):
            return None
        return build_context(
            doc, row.get("gold_parts") or [], row.get("system_parts") or [], row.get("context_unit")
        )

    def _wrapped(self, ws: Any, text: str) -> Any:
        from openpyxl.cell import WriteOnlyCell

        cell = WriteOnlyCell(ws, safe_text(text))
        if cell.data_type == "f":
            cell.data_type = "s"
        cell.alignment = self.wrap
        return cell

    def _rich(self, ws: Any, context: Any) -> Any:
        from openpyxl.cell import WriteOnlyCell
        from openpyxl.cell.rich_text import CellRichText, TextBlock

        parts: list[Any] = []
        length = 0
        for run in rich_runs(context):
            text = safe_text(run.text)[: max(MAX_TEXT - len(CUT) - length, 0)]
            length += len(text)
            font = self.fonts.get((run.gold, run.system))
            parts.append(TextBlock(font, text) if font else text)
        cell = WriteOnlyCell(ws, CellRichText(parts))
        cell.alignment = self.wrap
        return cell

    # --- what `spanstudio review` reads back ----------------------------------------------

    def review_data(self, error_sheets: list[str]) -> None:
        ws = self.sheet(REVIEW_SHEET)
        ws.sheet_state = "hidden"
        basis = _review_basis(self.report)
        text = json.dumps(basis, ensure_ascii=False)
        ws.append(["method", self.report.method])
        ws.append(["engine_version", self.report.engine_version])
        ws.append(["error_sheets", json.dumps(error_sheets, ensure_ascii=False)])
        for chunk in _chunks(text, CHUNK):
            ws.append(["basis", chunk])


def _review_basis(report: Report) -> Any:
    """What the method keeps for reviewed scores (a report of an unregistered method: its
    data["_review"], the generic count basis)."""
    from ..errors import InputError
    from ..methods import get_method

    try:
        method = get_method(report.method)
    except InputError:
        return report.data.get("_review")
    return method.review_basis(report)


def _chunks(text: str, size: int) -> Iterator[str]:
    for i in range(0, len(text), size):
        yield text[i : i + size]


def _extra_columns(rows: list[dict[str, Any]]) -> list[str]:
    """The method's own columns of the error rows, in first-seen order."""
    seen: dict[str, None] = {}
    for row in rows[:1000]:
        for key in row:
            if key not in ERROR_COLUMNS and key not in HIDDEN_KEYS:
                seen.setdefault(key)
    return list(seen)


def _letter(index: int) -> str:
    from openpyxl.utils import get_column_letter

    return get_column_letter(index + 1)
