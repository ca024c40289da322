"""The review workbook (.xlsx): summary, scores, and an error table in which annotators
judge every disagreement; `engine.review` reads their verdicts back.

Sheets: Summary (method, options, engine version, input files with sha256, date, the
overall scores, the legend and what each verdict does), one sheet per further score table
and per detail table, Errors (continued on "Errors (2)", … past a sheet's row limit) and a
hidden `_review` sheet with what `spanstudio review` needs to recompute the scores.

Written a block of rows at a time (its columns' cells made in one go) as the XML
xlsxwriter writes in constant memory, zipped straight into the output's temporary file.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Sequence
from itertools import chain
from typing import IO, TYPE_CHECKING, Any

import numpy as np

from ..context import LEGEND
from ..pieces import PieceColumn
from ..progress import NO_PROGRESS, Progress
from ..report import COLUMN_TITLES, ERROR_COLUMNS, ColumnRows, Later, Report, Table, column_title
from ..scale import is_score_column
from ..spans import DocumentsByName
from ..writing import write_set
from .cells import (
    CUT,
    MAX_TEXT,
    PLAIN_FLOAT,
    plain,
    safe_text,
    score_format,
    text_width,
    widest,
)
from .contexts import Contexts, DocumentTexts, coloured_cells
from .package import DATA_CHUNK, MAX_ROWS, Package, Style
from .sheetxml import CodedColumn, CodedTexts, Column, Sheet, chunks, letter, list_validation, validations

if TYPE_CHECKING:
    from .carry import Carried

__all__ = ["CUT", "MAX_TEXT", "REVIEW_SHEET", "VERDICTS", "write_book", "write_workbook"]

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
    "scores (the app's File > Import Review…, or spanstudio review); 'gold right (system wrong)', "
    "'both wrong' and 'unclear' "
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
REVIEW_SHEET = "_review"
#: The zip comment of a review workbook written without a verdict or comment: one saved again
#: by a spreadsheet program (which may hold a review) has its own zip, without it.
UNREVIEWED = b"Span Studio review workbook: no verdicts or comments written"
CHUNK = DATA_CHUNK  # characters of review data per cell
CHUNK_KEY = "basis|"  # its cells start with "|", so that none starts with a formula character

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
Row = dict[str, Any]  # an error row
Columns = dict[str, Sequence[Any]]  # error rows as columns: key → one value per row
CONTEXT_KEYS = ("document", "gold_parts", "system_parts", "context_unit")  # what a row's context is made of
SAMPLED = 500  # rows looked at to size a column
BLOCK = 1000  # table rows whose cells are built at a time (4000: CLUEval's tables 8% slower)
# Error rows built at a time (also the progress reports and cancellation points): a block's
# contexts and columns cost some work whatever their length (1000 a block: spans' and
# FairEval's workbooks 8-13% slower)
ERROR_BLOCK = 4000
PLAIN_RUN = Style().font_xml("rPr", "rFont")  # a plain run after a coloured one
PADDING = "_0_0"  # a number format's blank of two digits' width after the number
PADDED_INT = "0" + PADDING
# The widest sheet (columns' characters) printed one page wide: about 130 (Calibri 11) fit
# a landscape Letter page at the normal scale, so no fitted sheet prints below about 80%
FIT_WIDTH = 160


def write_workbook(
    report: Report,
    path: str,
    *,
    scale: str = "percent",
    progress: Progress = NO_PROGRESS,
    carried: Carried | None = None,
) -> None:
    """Write the review workbook of `report` to `path` (a temporary file, then renamed);
    scores on `scale` ("percent" or "fraction", by number format: values stay exact);
    `carried`: the verdicts and comments of an earlier review (engine/export/carry.py)."""
    def write(handle: IO[bytes]) -> None:
        write_book(report, handle, scale=scale, progress=progress, carried=carried)

    write_set([(path, write)])  # a new folder made, as for the other exports


def write_book(
    report: Report,
    handle: IO[bytes],
    *,
    scale: str = "percent",
    progress: Progress = NO_PROGRESS,
    carried: Carried | None = None,
) -> None:
    """Write the review workbook of `report` into a binary file (write_workbook's, or one
    of a run's set of outputs: engine/writing.py write_set)."""
    progress.update(0.0, "writing the workbook", force=True)
    book = Package(handle, large=len(report.error_rows) > 300_000)
    try:
        writer = _Writer(book, report, scale, progress)
        writer.carried = carried
        writer.summary()
        writer.tables()
        writer.review_data(writer.errors())
        progress.update(0.99, "packing the workbook", force=True)
    except BaseException:
        book.abandon()
        raise
    book.close(UNREVIEWED if carried is None or not carried.any() else b"")
    progress.update(1.0, "workbook written", force=True)


class _Writer:
    def __init__(self, book: Package, report: Report, scale: str, progress: Progress) -> None:
        self.book, self.report, self.scale, self.progress = book, report, scale, progress
        add = book.styles.index
        self.bold = add(Style(bold=True))
        self.title_font = add(Style(bold=True, size=14))
        self.quoted = add(Style(quote=True))
        self.wrap = add(Style(wrap=True, top=True))
        self.wrap_quoted = add(Style(wrap=True, top=True, quote=True))
        self.top = add(Style(top=True))
        self.float = add(Style(num_format=PLAIN_FLOAT))
        # an error sheet's numbers keep a digit's room on their right: a right-aligned number
        # (a sentence number) does not run into the text beside it (a gold position: '1 5-7')
        self.padded_int = add(Style(top=True, num_format=PADDED_INT))
        self.padded_float = add(Style(top=True, num_format=PLAIN_FLOAT + PADDING))
        fonts = {1: Style(bold=True, color="1B7F2A"),  # gold only
                 2: Style(bold=True, color="C0392B"),  # system only
                 3: Style(bold=True, color="D35400", underline=True)}  # both  # fmt: skip
        self.fonts = {key: (font.font_xml("rPr", "rFont"), add(font)) for key, font in fonts.items()}
        self.names: set[str] = set()
        self.carried: Carried | None = None
        #: by its texts' id: coded texts made cells once (_coded), the texts kept so that no id is used again
        self.cells: dict[int, tuple[Sequence[Any], CodedTexts]] = {}
        self.documents = DocumentsByName(report.documents)

    # --- cells ------------------------------------------------------------------------

    def put(self, col: int, value: Any, fmt: int = 0) -> tuple[int, Any, int, int, int]:
        """One cell for `Sheet.cells`: numbers as numbers (floats as decimals unless `fmt`
        says otherwise), text as text that never runs as a formula."""
        return col, value, fmt, self.wrap_quoted if fmt == self.wrap else self.quoted, fmt or self.float

    def put_row(self, values: list[Any], fmt: int = 0) -> list[tuple[int, Any, int, int, int]]:
        return [self.put(col, value, fmt) for col, value in enumerate(values)]

    def number_format(self, code: str) -> int:
        return self.book.styles.index(Style(num_format=code))

    def sheet(self, title: str, hidden: bool = False) -> Sheet:
        """A new sheet with a unique, valid name (31 characters, no []:*?/\\), set up to
        print in landscape."""
        name = sheet_name(title)
        base, n = name, 2
        while name.lower() in self.names:
            suffix = f" ({n})"
            name, n = base[: 31 - len(suffix)] + suffix, n + 1
        self.names.add(name.lower())
        ws = self.book.sheet(name, hidden)
        ws.landscape = True
        return ws

    def print_setup(self, ws: Sheet, header_rows: int) -> None:
        """Print `ws` one page wide where that keeps its text legible (no wider than
        FIT_WIDTH), else at its normal scale with gridlines; its first `header_rows` on every page."""
        ws.page_fit = ws.printed_width() <= FIT_WIDTH
        ws.gridlines = not ws.page_fit
        self.book.define(ws, "_xlnm.Print_Titles", f"$1:${header_rows}")

    # --- Summary and tables -----------------------------------------------------------

    def summary(self) -> None:
        """The Summary sheet: the run, its headline scores in columns of their own width,
        then the options, the input files (each path, then its sha256, on a line of its
        own), the warnings, the legend and the verdicts: long texts run on over the empty
        cells beside them instead of widening the score columns."""
        r = self.report
        ws = self.sheet("Summary")  # printed at its normal scale: its long texts run on over empty cells
        for col, width in enumerate(self._summary_widths()):
            ws.column(col, width)
        ws.cells(0, [self.put(0, "Span Studio review workbook", self.title_font)])
        rows: list[list[Any]] = [[]]
        rows += [[key, value] for key, value in (("Method", f"{r.title} ({r.method})"),
                 ("Engine version", r.engine_version), ("Created", r.created))]  # fmt: skip
        n = self._summary_rows(ws, 1, [*rows, []])
        if r.tables:
            n = self.table_rows(ws, n, r.headline) + 1
        rows = [["Scores", self._scale_note()], [], ["Options"]]
        rows += [["", key, "none" if value is None else value] for key, value in r.options.items()]
        rows.append(["Input files"])
        for f in r.inputs:
            rows += [[f.role, f.path], ["", "sha256", f.sha256]]
        rows += [["Warning", message] for message in r.messages]
        rows += [[], ["Legend", LEGEND], ["Verdicts", VERDICT_PROMPT]]
        rows += [[verdict, effect] for verdict, effect in VERDICT_EFFECTS]
        self._summary_rows(ws, n, rows)
        ws.close()

    def _summary_rows(self, ws: Sheet, n: int, rows: list[list[Any]]) -> int:
        """Rows of the Summary from row `n`, a label in the first column bold; the next free row."""
        for values in rows:
            if values:
                cells = self.put_row(values)
                if isinstance(values[0], str) and values[0]:
                    cells[0] = (0, values[0], self.bold, self.bold, self.bold)  # a label, as it is
                ws.cells(n, cells)
            n += 1
        return n

    def _summary_widths(self) -> list[int]:
        """The Summary's column widths: the labels' and verdicts' first, then each as wide as
        the headline table's column (the option names' second): no path or sha256 widens them."""
        r = self.report
        widths = [width + 2 for width in _content_widths(r.headline)] if r.tables else []
        widths += [0] * (3 - len(widths))
        widths[0] = max(widths[0], *(len(verdict) + 3 for verdict in VERDICTS), 16)
        widths[1] = max(widths[1], *(len(str(key)) + 2 for key in r.options), 10)
        return [min(40, max(10, width)) for width in widths]

    def _scale_note(self) -> str:
        if self.scale == "percent":
            return (
                "Scores in percent (the cells keep the exact values; set a number format to see more digits)."
            )
        return "Scores as fractions from 0 to 1 (the cells keep the exact values)."

    def table_rows(self, ws: Sheet, n: int, table: Table) -> int:
        """A table with its title and header from row `n`, numbers as numbers with number
        formats, scores on the workbook's scale; returns the next free row."""
        ws.cells(n, [(0, table.title or "Scores", self.bold, self.bold, self.bold)])
        n += 1
        if table.note:
            ws.cells(n, [self.put(0, table.note)])
            n += 1
        ws.cells(n, self.put_row(_headers(table), self.bold))
        n += 1
        code, factor = score_format(table, self.scale)
        scores = {c for c in table.columns if is_score_column(c)}
        formats = [self._column_format(table, c, c in scores, code) for c in table.columns]
        factors = [factor if c in scores else 1.0 for c in table.columns]
        coded = self._coded(table.rows)
        for start in range(0, len(table.rows), BLOCK):
            columns = zip(_table_block(table, start, coded), formats, factors, strict=True)
            ws.add_block(n + start, [Column(col, _scaled(values, factor), self._cell_styles(fmt))
                                     for col, (values, fmt, factor) in enumerate(columns)])  # fmt: skip
        return n + len(table.rows)

    def _cell_styles(self, fmt: int) -> tuple[int, int, int, int]:
        """A table column's styles (sheetxml.Column): text plain, numbers in `fmt`."""
        return 0, self.quoted, fmt or self.float, fmt

    def _column_format(self, table: Table, column: str, score: bool, code: str) -> int:
        if score:
            return self.number_format(code)
        given = table.formats.get(column)
        return self.number_format(given) if given else 0

    def tables(self) -> None:
        """Every score table after the headline, and every detail table: a sheet each."""
        for name, table in list(self.report.tables.items())[1:]:
            ws = self.sheet(table.title or name)
            for i, width in enumerate(_content_widths(table)):
                ws.column(i, max(10, min(40, width + 2)))
            ws.freeze(2 + bool(table.note), 0)
            self.print_setup(ws, 2 + bool(table.note))
            ws.extent(*_table_extent(table))  # its rows written as they are made, not all kept
            self.table_rows(ws, 0, table)
            ws.close()

    # --- Errors -------------------------------------------------------------------------

    def errors(self) -> dict[str, int]:
        """The error sheets; returns their names and each one's number of error rows."""
        rows = self.report.error_rows
        names: dict[str, int] = {}
        done = 0
        per_sheet = MAX_ROWS - 2  # a legend row and a header row on every sheet
        for title, indices in _groups(rows).items():
            extra = _extra_columns(rows, indices)
            for k in range(0, max(len(indices), 1), per_sheet):
                part = indices[k : k + per_sheet]
                name = title if k == 0 else f"{title} ({k // per_sheet + 1})"
                names[self._error_sheet(name, title, part, extra, done, len(rows))] = len(part)
                done += len(part)
        return names

    def _columns(self, part: Sequence[int], sample: Columns, extra: list[str]) -> list[tuple[str, str]]:
        """(title, key) of an error sheet's columns (its rows numbered `part`, the first of
        them `sample`); keys "" are filled by the writer."""
        seen = part[:SAMPLED] if len(part) > 10 * SAMPLED else part
        rows = self.report.error_rows
        keys = [k for k in STANDARD if k not in OPTIONAL or _has_values(rows, seen, k)]
        kept = ("_verdict", "_comment") if self.carried is not None else ("", "")
        columns = [(COLUMN_TITLES["error_id"], "error_id"), ("Verdict", kept[0]), ("Comment", kept[1])]
        columns.append(("Context", ""))
        columns += [(self._unit_title(sample) if k == "unit" else COLUMN_TITLES[k], k) for k in keys]
        columns.append((CONTEXT_COLOURED, ""))
        return columns + [(column_title(k), k) for k in extra]

    def _error_sheet(
        self, name: str, title: str, part: Sequence[int], extra: list[str], done: int, total: int
    ) -> str:
        """An error sheet of the error rows numbered `part`, read a block at a time."""
        ws = self.sheet(name)
        rows, n = self.report.error_rows, len(part)
        sample = _block(rows, part[:SAMPLED])
        columns = self._columns(part, sample, extra)
        headers = [h for h, _ in columns]
        styles = self._size_columns(ws, columns, sample)
        ws.freeze(2, 1)
        self.print_setup(ws, 2)
        last = max(n + 1, 2)
        ws.extent(last, len(headers) - 1)
        legend = self.report.data.get("_legends", {}).get(title, LEGEND)
        ws.cells(0, [(0, legend, styles[0], self.quoted, self.float)])
        ws.cells(1, self.put_row(headers, self.bold))
        coded = self._coded(rows, CONTEXT_KEYS)
        for start in range(0, n, ERROR_BLOCK):
            stop = min(n, start + ERROR_BLOCK)
            chosen = part[start:stop]
            block = _block(rows, chosen, coded)
            if coded:  # a range's rows by a slice (numpy would make an array of its numbers)
                at = slice(chosen.start, chosen.stop) if isinstance(chosen, range) else np.array(chosen)
                block |= {key: CodedColumn(texts, number[at]) for key, (texts, number) in coded.items()}
            if self.carried is not None:
                block |= self.carried.block(chosen)
            self._error_rows(ws, block, stop - start, start + 2, columns, styles)
            self.progress.update(0.02 + 0.95 * (done + start) / max(total, 1), "writing the error table")
        cells = f"$A$2:${letter(len(headers) - 1)}${last + 1}"
        ws.footer.append(f'<autoFilter ref="{cells.replace("$", "")}"/>')
        verdict = letter(headers.index("Verdict"))
        ws.footer.append(_verdict_list(f"{verdict}3:{verdict}{last + 1}"))
        self.book.define(ws, "_xlnm._FilterDatabase", cells, hidden=True)
        ws.close()
        return ws.name

    def _coded(self, rows: Sequence[Any], skipped: Collection[str] = ()) -> dict[str, CodedColumn]:
        """The columns the rows keep coded (Later.coded_texts) but the `skipped` (those the
        contexts read), each distinct text made a cell once a workbook (gold's and system's shared)."""
        given = rows.coded_texts() if isinstance(rows, Later) else {}
        coded: dict[str, CodedColumn] = {}
        for key, (texts, number) in given.items():
            if key not in skipped:
                if id(texts) not in self.cells:
                    self.cells[id(texts)] = texts, CodedTexts(texts)
                coded[key] = CodedColumn(self.cells[id(texts)][1], number)
        return coded

    def _error_rows(self, ws: Sheet, block: Columns, n: int, first: int, columns: list[tuple[str, str]],
                    styles: list[int]) -> None:  # fmt: skip
        """`n` rows of the error table from sheet row `first`, all the columns at once (the
        Verdict and Comment left for the annotators unless carried)."""
        missing = [None] * n
        texts = DocumentTexts(self.documents, block.get("document", ()))
        contexts = Contexts(texts, *(block.get(key, missing) for key in CONTEXT_KEYS))
        titles = [title if not key else None for title, key in columns]
        at, coloured_at = titles.index("Context"), titles.index(CONTEXT_COLOURED)
        refs = list(map(letter(coloured_at).__add__, map(str, range(first + 1, first + 1 + n))))
        coloured, single, colours = coloured_cells(contexts, refs, self.fonts, PLAIN_RUN, self.wrap)
        wrap = self.wrap
        context_styles = (wrap, self.wrap_quoted, wrap, wrap)
        cells = [Column(at, contexts.marked, context_styles, contexts.escape, blank=True)]
        cells += self._one_run_cells(coloured_at, single, colours)
        numbers = (self.padded_float, self.padded_int)
        cells += [Column(col, block.get(key, missing), (styles[col], self.quoted, *numbers))
                  for col, (_, key) in enumerate(columns) if key]  # fmt: skip
        ws.add_block(first, cells, {coloured_at: coloured}, _heights(contexts.lengths))

    def _one_run_cells(self, col: int, texts: list[str | None], colours: np.ndarray) -> list[Column]:
        """The coloured context cells of the rows of one run (`texts`, None for the others) as
        columns of texts, one per colour met: a coloured one in its font, a plain one wrapped."""
        shown = np.array([text is not None for text in texts])
        columns = []
        for colour in dict.fromkeys(colours[shown].tolist()):
            style = self.fonts[colour][1] if colour else self.wrap
            styles = (style, style if colour else self.wrap_quoted, style, style)
            values = texts  # the other colours' rows: no cell in this column
            if not (colours[shown] == colour).all():
                values = [text if c == colour else None
                          for text, c in zip(texts, colours.tolist(), strict=True)]  # fmt: skip
            columns.append(Column(col, values, styles))
        return columns

    def _size_columns(self, ws: Sheet, columns: list[tuple[str, str]], table: Columns) -> list[int]:
        """Each column as wide as its header and content, within its limits; returns their styles."""
        styles = []
        for i, (title, key) in enumerate(columns):
            least, most = WIDTH_LIMITS.get(title, DEFAULT_LIMITS)
            sample = table.get(key, [None])[:SAMPLED] if key else ()
            content = widest(sample)
            width = max(least, min(most, max(len(title), content) + 2))
            wrap = title in ("Context", CONTEXT_COLOURED, "Comment")
            styles.append(self.wrap if wrap else self.top)
            ws.column(i, width, styles[-1])
        return styles

    def _unit_title(self, table: Columns) -> str:
        """The Unit column's title: the unit's name where the sampled rows' documents share one."""
        docs = self.documents
        names = {docs[name].unit_name for name in table.get("document", ())[:SAMPLED] if name in docs}
        return names.pop().capitalize() if len(names) == 1 else COLUMN_TITLES["unit"]

    # --- what `spanstudio review` reads back ----------------------------------------------

    def review_data(self, error_sheets: dict[str, int]) -> None:
        """The hidden data: method, error sheets and their rows (so that deleted rows are
        noticed), a compare workbook's systems, the basis of the reviewed scores."""
        systems = self.report.data.get("_system_reports", {})  # compare's: each system's own report
        basis = {name: _review_basis(part) for name, part in systems.items()} or _review_basis(self.report)
        rows = [("method", self.report.method), ("engine_version", self.report.engine_version),
                ("error_sheets", json.dumps(list(error_sheets))),
                ("error_rows", json.dumps(list(error_sheets.values())))]  # fmt: skip
        rows += [("systems", json.dumps(list(systems)))] if systems else []
        rows += [(CHUNK_KEY, "|" + chunk) for chunk in chunks(json.dumps(basis), CHUNK)]  # ASCII only
        self.sheet(REVIEW_SHEET, hidden=True).key_values(rows)


def sheet_name(title: str) -> str:
    """A title as a sheet's name: a colon (`System A: Exact spans`) as an en dash between
    spaces, the other characters Excel forbids (`[]*?/\\`) as `-`, cut to 31 characters."""
    text = safe_text(title).replace(": ", " – ").replace(":", " – ")
    return "".join("-" if c in "[]*?/\\" else c for c in text)[:31].strip("' ") or "Sheet"


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


def _content_widths(table: Table) -> list[int]:
    """Characters each column of a table needs: its header's or its (sampled) values'."""
    rows = table.rows[:SAMPLED]
    headers = enumerate(_headers(table))
    return [max([len(header), *(text_width(row[i]) for row in rows)]) for i, header in headers]


def _headers(table: Table) -> list[str]:
    """A table's header row: a score table's in words (Table.headers), a detail table's by its keys."""
    return table.headers() if table.kind == "scores" else [str(key) for key in table.columns]


def _heights(lengths: np.ndarray) -> list[int]:
    """The error rows' heights (0: the default) by their contexts' lengths: about 80
    characters a line, at most 10 lines, where it is longer than a line."""
    return np.where(lengths > 80, 15 * np.minimum(10, 1 + (lengths - 1) // 80), 0).tolist()


def _table_extent(table: Table) -> tuple[int, int]:
    """The last row and column with a cell of a table written from row 0 (table_rows): its
    last row with a value that makes a cell (none of None or ""), else its header's."""
    last = len(table.rows) - 1
    while last >= 0 and all(plain(value) in (None, "") for value in table.rows[last]):
        last -= 1
    return 2 + bool(table.note) + last, max(len(table.columns) - 1, 0)


def _table_block(table: Table, start: int, coded: dict[str, CodedColumn]) -> list[Any]:
    """A block of a table's rows from `start` as columns: coded ones by their rows' numbers
    (no row made where every one is: ProPara's grid), the others transposed."""
    rows = slice(start, start + BLOCK)
    plain = _transposed(table, start) if len(coded) < len(table.columns) else []
    return [CodedColumn(coded[key][0], coded[key][1][rows]) if key in coded else plain[k]
            for k, key in enumerate(table.columns)]  # fmt: skip


def _transposed(table: Table, start: int) -> list[Sequence[Any]]:
    """A block of a table's rows from `start` as columns."""
    block = table.rows[start : start + BLOCK]
    if any(map(len(table.columns).__ne__, map(len, block))):
        raise ValueError(f"table {table.title!r}: a row of another length than its columns")
    return list(zip(*block, strict=True))


def _scaled(values: Sequence[Any] | CodedColumn, factor: float) -> Sequence[Any] | CodedColumn:
    """A table column's numbers times `factor` (its texts and bools as they are)."""
    if factor == 1.0 or type(values) is CodedColumn:
        return values
    return [v * factor if isinstance(v, int | float) and not isinstance(v, bool) else v for v in values]


def _block(rows: Sequence[Row], indices: Sequence[int], skipped: Collection[str] = ()) -> Columns:
    """The error rows numbered `indices` (a range, or a list of numbers) as columns: slices
    of ColumnRows' columns (but the `skipped`: coded ones), else those rows' values key by key
    (a block, never them all)."""
    if isinstance(rows, ColumnRows):
        columns = {key: values for key, values in rows.columns.items() if key not in skipped}
        if isinstance(indices, range):
            return {key: _rows_part(values, indices.start, indices.stop) for key, values in columns.items()}
        return {key: [values[i] for i in indices] for key, values in columns.items()}
    chosen = rows[indices.start : indices.stop] if isinstance(indices, range) else [rows[i] for i in indices]
    keys = dict.fromkeys(chain.from_iterable(chosen))
    return {key: [row.get(key) for row in chosen] for key in keys}


def _rows_part(values: Sequence[Any], start: int, stop: int) -> Sequence[Any]:
    """A column's rows start..stop − 1: a PieceColumn's as one (the contexts read its arrays)."""
    return values.part(start, stop) if isinstance(values, PieceColumn) else values[start:stop]


def _has_values(rows: Sequence[Row], indices: Sequence[int], key: str) -> bool:
    """Whether one of the error rows numbered `indices` has a value under `key`."""
    if isinstance(rows, ColumnRows):
        values = rows.columns.get(key)
        if values is not None and isinstance(indices, range):  # a slice: no whole column made
            return any(values[indices.start : indices.stop])
        return values is not None and any(values[i] for i in indices)
    return any(rows[i].get(key) for i in indices)


def _groups(rows: Sequence[Row]) -> dict[str, Sequence[int]]:
    """The error rows' numbers by the sheet they go to ("Errors" unless a row says
    otherwise): a range of them all when they all go to one sheet."""
    titles = {sheet or "Errors" for sheet in _sheets(rows)} or {"Errors"}
    if len(titles) == 1:
        return {titles.pop(): range(len(rows))}
    groups: dict[str, list[int]] = {}
    for i, sheet in enumerate(_sheets(rows)):
        groups.setdefault(sheet or "Errors", []).append(i)
    return {title: _as_range(numbers) for title, numbers in groups.items()}


def _as_range(numbers: list[int]) -> Sequence[int]:
    """Increasing row numbers as a range where they follow each other (their rows sliced, not picked)."""
    return range(numbers[0], numbers[-1] + 1) if numbers[-1] - numbers[0] + 1 == len(numbers) else numbers


def _sheets(rows: Sequence[Row]) -> Iterable[Any]:
    """Each error row's sheet (None where it names none)."""
    if isinstance(rows, ColumnRows):
        return rows.columns.get("sheet", [None] * bool(len(rows)))
    return (row.get("sheet") for row in rows)


def _verdict_list(cells: str) -> str:
    """The Verdict drop-down of the cells `cells`."""
    error = ("Choose one of: " + ", ".join(VERDICTS))[:255]
    choices = '"' + ",".join(VERDICTS) + '"'
    return validations([list_validation(cells, choices, "Verdict", error, VERDICT_PROMPT[:255])])


def _extra_columns(rows: Sequence[Row], indices: Sequence[int]) -> list[str]:
    """The method's own columns of the error rows (those numbered `indices`), in first-seen order."""
    if isinstance(rows, ColumnRows):
        keys: Iterable[str] = rows.keys()
    else:
        keys = chain.from_iterable(rows[i] for i in indices[:1000])
    return [key for key in dict.fromkeys(keys) if key not in ERROR_COLUMNS and key not in HIDDEN_KEYS]
