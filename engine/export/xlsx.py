"""The review workbook (.xlsx): summary, scores, and an error table in which annotators
judge every disagreement; `engine.review` reads their verdicts back.

Sheets: Summary (method, options, engine version, input files with sha256, date, the
overall scores, the legend and what each verdict does), one sheet per further score table
and per detail table, Errors (continued on "Errors (2)", … past a sheet's row limit) and a
hidden `_review` sheet with what `spanstudio review` needs to recompute the scores.

Written with xlsxwriter in constant memory: each row goes to a temporary file as it is
made, and the workbook is zipped straight into the output's temporary file.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
from collections.abc import Iterator
from typing import Any

from ..context import LEGEND, Context, Run, build_context, marked_text, rich_runs
from ..progress import NO_PROGRESS, Progress
from ..report import COLUMN_TITLES, ERROR_COLUMNS, Report, Table
from ..scale import is_score_column
from ..textio import atomic_file
from .cells import (
    CUT,
    MAX_TEXT,
    PLAIN_FLOAT,
    is_risky,
    needs_care,
    plain,
    safe_text,
    score_format,
    text_width,
)

__all__ = ["CUT", "MAX_TEXT", "REVIEW_SHEET", "VERDICTS", "write_workbook"]

VERDICTS = (
    "system right (gold wrong)",
    "gold right (system wrong)",
    "both acceptable",
    "both wrong",
    "unclear",
)
AGREEMENTS = (VERDICTS[0], VERDICTS[2])  # count as agreements in the reviewed scores
VERDICT_PROMPT = (
    "'system right (gold wrong)' and 'both acceptable' count as agreements in the reviewed "
    "scores (spanstudio review); 'gold right (system wrong)', 'both wrong' and 'unclear' "
    "leave the error as it is."
)
VERDICT_EFFECTS = (
    ("system right (gold wrong)", "the system's annotation is right, the gold one wrong: counts as an "
     "agreement (a missed span is withdrawn, a spurious or mismatched one becomes a hit)"),
    ("gold right (system wrong)", "the gold annotation is right: the error stays"),
    ("both acceptable", "either annotation is acceptable: counts as an agreement, as above"),
    ("both wrong", "neither annotation is right: the error stays"),
    ("unclear", "cannot be decided: the error stays"),
    ("(empty)", "not reviewed: the error stays"),
)  # fmt: skip
MAX_ROWS = 1_048_576  # rows a sheet holds
REVIEW_SHEET = "_review"
CHUNK = 30_000  # characters of review data per cell
CHUNK_KEY = "basis|"  # its cells start with "|", so that none starts with a formula character
PROGRESS_EVERY = 500  # rows between progress reports (also cancellation points)

# The Errors sheet: these first, then the rest of the standard columns, then the method's own
FIRST = ("error_id", "Verdict", "Comment", "Context")
STANDARD = ("type", "subtype", "gold_label", "system_label", "gold_text", "system_text", "document",
            "unit", "unit_id", "gold_position", "system_position", "detail")  # fmt: skip
OPTIONAL = ("unit_id", "subtype", "detail")  # left out of a sheet where every row leaves them empty
HIDDEN_KEYS = {"sheet", "context_unit"}
CONTEXT_COLOURED = "Context (coloured)"
# (least, most) characters a column is wide; sized to its header and content between them
WIDTH_LIMITS = {"ID": (6, 9), "Verdict": (26, 26), "Comment": (30, 30), "Context": (60, 60),
                CONTEXT_COLOURED: (60, 60), "Type": (10, 24), "Subtype": (9, 14), "Gold label": (12, 30),
                "System label": (13, 30), "Gold text": (14, 40), "System text": (14, 40)}  # fmt: skip
DEFAULT_LIMITS = (8, 40)
SAMPLED = 500  # rows looked at to size a column


def write_workbook(
    report: Report, path: str, *, scale: str = "percent", progress: Progress = NO_PROGRESS
) -> None:
    """Write the review workbook of `report` to `path` (a temporary file, then renamed);
    scores on `scale` ("percent" or "fraction", by number format: values stay exact)."""
    import xlsxwriter

    progress.update(0.0, "writing the workbook", force=True)
    options = {"constant_memory": True, "strings_to_formulas": False, "strings_to_numbers": False,
               "strings_to_urls": False, "tmpdir": os.path.dirname(os.path.abspath(path))}  # fmt: skip
    with atomic_file(path) as handle:
        book = xlsxwriter.Workbook(handle, options)
        try:
            if len(report.error_rows) > 300_000:
                book.use_zip64()
            writer = _Writer(book, report, scale, progress)
            writer.summary()
            writer.tables()
            writer.review_data(writer.errors())
            progress.update(0.99, "packing the workbook", force=True)
            book.close()
        except BaseException:
            _discard(book)
            raise
    progress.update(1.0, "workbook written", force=True)


def _discard(book: Any) -> None:
    """Remove the row files of an unfinished workbook."""
    for sheet in book.worksheets():
        handle = getattr(sheet, "row_data_fh", None)
        if handle is not None:
            with contextlib.suppress(OSError):
                handle.close()
                os.unlink(sheet.row_data_filename)


class _Writer:
    def __init__(self, book: Any, report: Report, scale: str, progress: Progress) -> None:
        self.book, self.report, self.scale, self.progress = book, report, scale, progress
        add = book.add_format
        self.bold = add({"bold": True})
        self.title_font = add({"bold": True, "font_size": 14})
        self.quoted = add({"quote_prefix": True})
        self.wrap = add({"text_wrap": True, "valign": "top"})
        self.wrap_quoted = add({"text_wrap": True, "valign": "top", "quote_prefix": True})
        self.top = add({"valign": "top"})
        self.float = add({"num_format": PLAIN_FLOAT})
        self.fonts = {
            (True, False): add({"font_color": "#1B7F2A", "bold": True}),
            (False, True): add({"font_color": "#C0392B", "bold": True}),
            (True, True): add({"font_color": "#D35400", "bold": True, "underline": 1}),
        }
        self.number_formats: dict[str, Any] = {}
        self.names: set[str] = set()
        self.documents = {d.name: d for d in reversed(report.documents)}  # the first of a name

    # --- cells ------------------------------------------------------------------------

    def put(self, ws: Any, row: int, col: int, value: Any, fmt: Any = None) -> None:
        """One cell: numbers as numbers, text as text that never runs as a formula."""
        value = plain(value)
        if value is None or value == "":
            if fmt is not None:
                ws.write_blank(row, col, None, fmt)
        elif isinstance(value, bool):
            ws.write_boolean(row, col, value, fmt)
        elif isinstance(value, int | float):
            ws.write_number(row, col, value, fmt or (self.float if isinstance(value, float) else None))
        elif is_risky(value):
            ws.write_string(row, col, value, self.wrap_quoted if fmt is self.wrap else self.quoted)
        else:
            ws.write_string(row, col, value, fmt)

    def put_value(self, ws: Any, row: int, col: int, value: Any) -> None:
        """One unformatted cell, as `put` writes it, the usual text and whole numbers first."""
        if type(value) is str:
            if value:
                value = safe_text(value)
                ws.write_string(row, col, value, self.quoted if is_risky(value) else None)
        elif type(value) is int:
            ws.write_number(row, col, value)
        elif value is not None:
            self.put(ws, row, col, value)

    def put_row(self, ws: Any, row: int, values: list[Any], fmt: Any = None) -> None:
        for col, value in enumerate(values):
            self.put(ws, row, col, value, fmt)

    def number_format(self, code: str) -> Any:
        if code not in self.number_formats:
            self.number_formats[code] = self.book.add_format({"num_format": code})
        return self.number_formats[code]

    def sheet(self, title: str) -> Any:
        """A new sheet with a unique, valid name (31 characters, no []:*?/\\), set up to
        print one page wide in landscape."""
        name = "".join("-" if c in "[]:*?/\\" else c for c in safe_text(title))[:31].strip("'") or "Sheet"
        base, n = name, 2
        while name.lower() in self.names:
            suffix = f" ({n})"
            name, n = base[: 31 - len(suffix)] + suffix, n + 1
        self.names.add(name.lower())
        ws = self.book.add_worksheet(name)
        ws.set_landscape()
        ws.fit_to_pages(1, 0)
        return ws

    # --- Summary and tables -----------------------------------------------------------

    def summary(self) -> None:
        r = self.report
        ws = self.sheet("Summary")
        ws.set_column(0, 0, 26)
        ws.set_column(1, 1, 60)
        ws.set_column(2, 2, 66)
        ws.write_string(0, 0, "Span Studio review workbook", self.title_font)
        rows: list[tuple[list[Any], Any]] = [([], None)]
        rows += [([key, value], None) for key, value in (("Method", f"{r.title} ({r.method})"),
                 ("Engine version", r.engine_version), ("Created", r.created))]  # fmt: skip
        rows.append((["Options"], None))
        rows += [(["", key, value], None) for key, value in r.options.items()]
        rows.append((["Input files", "path", "sha256"], self.bold))
        rows += [([f.role, f.path, f.sha256], None) for f in r.inputs]
        rows += [(["Warning", message], None) for message in r.messages]
        rows.append(([], None))
        rows.append((["Legend", LEGEND], None))
        rows.append((["Scores", self._scale_note()], None))
        rows.append((["Verdicts", VERDICT_PROMPT], None))
        rows += [(["", verdict, effect], None) for verdict, effect in VERDICT_EFFECTS]
        n = 1
        for values, fmt in rows:
            if values:
                self.put_row(ws, n, values, fmt)
                if fmt is None and isinstance(values[0], str) and values[0]:
                    ws.write_string(n, 0, values[0], self.bold)
            n += 1
        if r.tables:
            self.table_rows(ws, n + 1, r.headline)

    def _scale_note(self) -> str:
        if self.scale == "percent":
            return (
                "Scores in percent (the cells keep the exact values; set a number format to see more digits)."
            )
        return "Scores as fractions from 0 to 1 (the cells keep the exact values)."

    def table_rows(self, ws: Any, n: int, table: Table) -> int:
        """A table with its title and header from row `n`, numbers as numbers with number
        formats, scores on the workbook's scale; returns the next free row."""
        ws.write_string(n, 0, safe_text(table.title or "Scores"), self.bold)
        n += 1
        if table.note:
            self.put(ws, n, 0, table.note)
            n += 1
        self.put_row(ws, n, list(table.columns), self.bold)
        n += 1
        code, factor = score_format(table, self.scale)
        scores = {c for c in table.columns if is_score_column(c)}
        formats = [self._column_format(table, c, c in scores, code) for c in table.columns]
        factors = [factor if c in scores else 1.0 for c in table.columns]
        for values in table.rows:
            for col, (value, fmt, f) in enumerate(zip(values, formats, factors, strict=True)):
                self._table_cell(ws, n, col, value, fmt, f)
            n += 1
        return n

    def _table_cell(self, ws: Any, n: int, col: int, value: Any, fmt: Any, factor: float) -> None:
        """One cell of a table, as `put` writes it, finite numbers and text without its checks."""
        kind = type(value)
        if kind is int or (kind is float and math.isfinite(value)):
            number = value * factor if factor != 1.0 else value
            ws.write_number(n, col, number, fmt or (self.float if type(number) is float else None))
        elif kind is str:
            self.put_value(ws, n, col, value)
        elif isinstance(value, int | float) and not isinstance(value, bool):
            self.put(ws, n, col, value * factor if factor != 1.0 else value, fmt)
        else:
            self.put(ws, n, col, value)

    def _column_format(self, table: Table, column: str, score: bool, code: str) -> Any:
        if score:
            return self.number_format(code)
        given = table.formats.get(column)
        return self.number_format(given) if given else None

    def tables(self) -> None:
        """Every score table after the headline, and every detail table: a sheet each."""
        for name, table in list(self.report.tables.items())[1:]:
            ws = self.sheet(table.title or name)
            for i, column in enumerate(table.columns):
                width = max([len(str(column)), *(text_width(row[i]) for row in table.rows[:SAMPLED])])
                ws.set_column(i, i, max(10, min(40, width + 2)))
            ws.freeze_panes(2 + bool(table.note), 0)
            self.table_rows(ws, 0, table)

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
        per_sheet = MAX_ROWS - 2  # a legend row and a header row on every sheet
        for title, group in groups.items():
            extra = _extra_columns(group)
            for k in range(0, max(len(group), 1), per_sheet):
                chunk = group[k : k + per_sheet]
                name = title if k == 0 else f"{title} ({k // per_sheet + 1})"
                names.append(self._error_sheet(name, title, chunk, extra, done, len(rows)))
                done += len(chunk)
        return names

    def _columns(self, rows: list[dict[str, Any]], extra: list[str]) -> list[tuple[str, str]]:
        """(title, key) of an error sheet's columns; keys "" are filled by the writer."""
        sample = rows[:SAMPLED] if len(rows) > 10 * SAMPLED else rows
        keys = [k for k in STANDARD if k not in OPTIONAL or any(r.get(k) for r in sample)]
        columns = [(COLUMN_TITLES["error_id"], "error_id"), ("Verdict", ""), ("Comment", ""), ("Context", "")]
        columns += [(self._unit_title(rows) if k == "unit" else COLUMN_TITLES[k], k) for k in keys]
        columns.append((CONTEXT_COLOURED, ""))
        return columns + [(k, k) for k in extra]

    def _error_sheet(
        self, name: str, title: str, rows: list[dict[str, Any]], extra: list[str], done: int, total: int
    ) -> str:
        ws = self.sheet(name)
        columns = self._columns(rows, extra)
        headers = [h for h, _ in columns]
        self._size_columns(ws, columns, rows)
        ws.freeze_panes(2, 1)
        ws.repeat_rows(0, 1)
        legend = self.report.data.get("_legends", {}).get(title, LEGEND)
        self.put(ws, 0, 0, legend)
        self.put_row(ws, 1, headers, self.bold)
        keyed = [(i, k) for i, (_, k) in enumerate(columns) if k]
        context_col, coloured_col = headers.index("Context"), headers.index(CONTEXT_COLOURED)
        for n, row in enumerate(rows):
            r = n + 2
            context = self._context(row)
            if context is not None:
                text = marked_text(context)
                lines = min(10, 1 + (len(text) - 1) // 80)  # about 80 characters a line fit
                if lines > 1:  # wrapped context: rows do not grow by themselves in every program
                    ws.set_row(r, 15 * lines)
                careful = needs_care(text)  # the coloured runs hold no other characters
                if careful or not text:
                    self.put(ws, r, context_col, text, self.wrap)
                else:
                    ws.write_string(r, context_col, text, self.wrap_quoted if is_risky(text) else self.wrap)
                self._rich(ws, r, coloured_col, context, careful)
            for col, key in keyed:
                self.put_value(ws, r, col, row.get(key))
            if n % PROGRESS_EVERY == 0:
                self.progress.update(0.02 + 0.95 * (done + n) / max(total, 1), "writing the error table")
        last = max(len(rows) + 1, 2)
        ws.autofilter(1, 0, last, len(headers) - 1)
        verdict = headers.index("Verdict")
        ws.data_validation(2, verdict, last, verdict, {
            "validate": "list", "source": list(VERDICTS), "ignore_blank": True,
            "input_title": "Verdict", "input_message": VERDICT_PROMPT[:255],
            "error_title": "Verdict", "error_message": ("Choose one of: " + ", ".join(VERDICTS))[:255],
        })  # fmt: skip
        return ws.name

    def _size_columns(self, ws: Any, columns: list[tuple[str, str]], rows: list[dict[str, Any]]) -> None:
        """Each column as wide as its header and content, within its limits."""
        sample = rows[:SAMPLED]
        for i, (title, key) in enumerate(columns):
            least, most = WIDTH_LIMITS.get(title, DEFAULT_LIMITS)
            content = max((text_width(plain(r.get(key))) for r in sample), default=0) if key else 0
            width = max(least, min(most, max(len(title), content) + 2))
            wrap = title in ("Context", CONTEXT_COLOURED, "Comment")
            ws.set_column(i, i, width, self.wrap if wrap else self.top)

    def _unit_title(self, rows: list[dict[str, Any]]) -> str:
        docs = {d.name: d for d in self.report.documents}
        names = {docs[r["document"]].unit_name for r in rows[:SAMPLED] if r.get("document") in docs}
        return names.pop().capitalize() if len(names) == 1 else COLUMN_TITLES["unit"]

    def _context(self, row: dict[str, Any]) -> Any:
        """The row's context; a row without positions in a text document (a ProPara input
        or output) gets the whole document's text, unmarked."""
        doc = self.documents.get(row.get("document", ""))
        if doc is None:
            return None
        if not (row.get("gold_parts") or row.get("system_parts")):
            if not doc.has_words or len(doc.tokens) > 400:
                return None
            return Context([Run(doc.joiner.join(doc.tokens))], doc.joiner, False, False)
        return build_context(
            doc, row.get("gold_parts") or [], row.get("system_parts") or [], row.get("context_unit")
        )

    def _rich(self, ws: Any, r: int, col: int, context: Any, careful: bool) -> None:
        """The context in colours: green gold only, red system only, orange both;
        `careful` where some text must be escaped or cut."""
        parts = self._rich_parts(context, careful)
        if len(parts) > 2:
            ws.write_rich_string(r, col, *parts, self.wrap)
        elif len(parts) == 2:  # one coloured run: a plain string in its colour
            ws.write_string(r, col, parts[1], parts[0])
        elif parts:
            self.put(ws, r, col, parts[0], self.wrap)

    def _rich_parts(self, context: Any, careful: bool) -> list[Any]:
        """The fragments of the coloured context (a plain text alone, a coloured one after its
        font), neighbouring plain texts joined into one: fewer fragments to write."""
        parts: list[Any] = []
        pending: list[str] = []  # plain texts not yet added
        length = 0
        for run in rich_runs(context):
            text = run.text
            if careful:
                text = safe_text(text)[: max(MAX_TEXT - len(CUT) - length, 0)]
                length += len(text)
            if not text:
                continue
            font = self.fonts.get((run.gold, run.system))
            if font is None:
                pending.append(text)
                continue
            if pending:
                parts.append("".join(pending))
                pending = []
            parts += [font, text]
        if pending:
            parts.append("".join(pending))
        return parts

    # --- what `spanstudio review` reads back ----------------------------------------------

    def review_data(self, error_sheets: list[str]) -> None:
        ws = self.sheet(REVIEW_SHEET)
        ws.hide()
        basis = _review_basis(self.report)
        rows = [["method", self.report.method], ["engine_version", self.report.engine_version],
                ["error_sheets", json.dumps(error_sheets)]]  # fmt: skip
        rows += [[CHUNK_KEY, "|" + chunk] for chunk in _chunks(json.dumps(basis), CHUNK)]  # ASCII only
        for n, (key, value) in enumerate(rows):
            ws.write_string(n, 0, key)
            ws.write_string(n, 1, safe_text(value))


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
