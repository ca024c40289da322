"""The adjudication workbook: one row per extent annotators disagree on, with its context
(emoji marks, as in the review workbook), each annotator's labels in a column of their own
and a Decision drop-down (the labels seen there, plus `none`). A hidden sheet keeps the
documents, the agreed spans and the rows, so that `spanstudio adjudicate` writes the gold
from the workbook alone and notices removed rows and decisions that were not offered."""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING, Any

from ..context import GOLD_MARK, SYSTEM_MARK
from ..errors import InputError, first_listed
from ..export.contexts import Contexts, DocumentTexts
from ..export.package import DATA_CHUNK, Package, Style
from ..export.sheetxml import Column, chunks, letter, list_validation, validations
from ..progress import NO_PROGRESS, Progress
from ..textio import require_workbook
from .adjudication import LABEL_JOINER, Row, Sheet, disagreements
from .corpus import Corpus

if TYPE_CHECKING:
    from .kept import KeptDecisions

SHEET = "Adjudication"
DATA_SHEET = "_adjudication"
OPTIONS_SHEET = "_options"
LEGEND = (
    f"One row per stretch of text the annotators disagree on. {GOLD_MARK}…{GOLD_MARK} this row's span, "
    f"{SYSTEM_MARK}…{SYSTEM_MARK} the other spans of its disagreement (same Unit). Choose a Decision: "
    "a label (the span is kept with it) or none (it is not); then, in the app, choose Evaluate → Make Gold "
    "from Adjudication Workbook…, or run: spanstudio adjudicate WORKBOOK.xlsx --out GOLD. Rows must not be "
    "removed."
)
FIXED = ["Row", "Unit", "Document", "Characters", "Text", "Context"]
BLOCK = 500  # rows whose contexts are made at once (also the progress reports)
#: The zip comment of a workbook written without a Decision or Comment: one saved again (by a
#: spreadsheet program) has none, and is counted before it is replaced (engine/agreement/kept.py).
UNDECIDED = b"Span Studio adjudication workbook: no decisions or comments written"
WIDTHS = {"Row": 7, "Unit": 6, "Document": 16, "Characters": 12, "Text": 24, "Context": 60, "Decision": 14}


def workbook_bytes(
    corpus: Corpus, data: dict[str, Any] | None = None, progress: Progress = NO_PROGRESS,
    kept: KeptDecisions | None = None,
) -> bytes:
    """The adjudication workbook of a corpus, as .xlsx bytes (`progress`: rows written;
    cancelling raises Cancelled before anything is returned); `kept`: the decisions and
    comments of an earlier workbook, put on the rows that are still there."""
    sheet = disagreements(corpus)
    decided = kept.place(sheet.rows) if kept is not None else ()  # none: the columns stay empty
    buffer = io.BytesIO()
    book = Package(buffer)
    quoted = book.styles.index(Style(quote=True))
    headers = [*FIXED, *sheet.annotators, "Decision", "Comment"]
    ws = book.sheet(SHEET)
    for i, header in enumerate(headers):
        ws.column(i, WIDTHS.get(header, 14), stored=True)
    ws.freeze(2)
    ws.extent(len(sheet.rows) + 1, len(headers) - 1)
    ws.cells(0, [(0, LEGEND, 0, quoted, 0)])
    ws.cells(1, [(i, header, 0, quoted, 0) for i, header in enumerate(headers)])
    texts = {name: corpus.texts[name] for name in corpus.documents}
    units: dict[int, list[Row]] = {}
    for row in sheet.rows:
        units.setdefault(row.unit, []).append(row)
    styles = (0, quoted, 0, 0)  # text, quoted text, decimal, whole number
    for first in range(0, len(sheet.rows), BLOCK):
        progress.update(first / len(sheet.rows), "writing the adjudication workbook")
        block = sheet.rows[first : first + BLOCK]
        columns = _columns(block, texts, _contexts(block, texts, units), sheet.annotators)
        columns += [values[first : first + BLOCK] for values in decided]
        ws.add_block(first + 2, [Column(col, values, styles) for col, values in enumerate(columns)])
    validations, lists = _decisions(sheet.rows, letter(headers.index("Decision")))
    ws.footer.append(validations)
    ws.close()
    _options(book, lists, quoted)
    _data(book, sheet)
    progress.update(1.0, "saving the adjudication workbook", force=True)
    book.close(b"" if any(v is not None for values in decided for v in values) else UNDECIDED)
    return buffer.getvalue()


def _contexts(rows: list[Row], texts: dict[str, Any], units: dict[int, list[Row]]) -> list[str | None]:
    """The rows' contexts as emoji text: each row's span as gold, the other spans of its
    unit as system (made for the rows at once, as the review workbook's)."""
    documents = [row.document for row in rows]
    own = [[[row.start, row.end]] for row in rows]
    others = [[[r.start, r.end] for r in units[row.unit] if r is not row] for row in rows]
    return Contexts(DocumentTexts(texts, documents), documents, own, others, None, runs=False).marked


def _columns(rows: list[Row], texts: dict[str, Any], contexts: list[str | None],
             annotators: list[str]) -> list[list[Any]]:  # fmt: skip
    """The cells of a block of rows by column: where each row is, its context, each
    annotator's labels (the Decision and Comment columns are added where kept)."""
    columns: list[list[Any]] = [
        [row.row_id for row in rows],
        [row.unit for row in rows],
        [row.document for row in rows],
        [f"{row.start}–{row.end}" for row in rows],
        [texts[row.document].text(row.start, row.end) for row in rows],
        contexts,
    ]
    columns += [[LABEL_JOINER.join(row.labels[a]) if a in row.labels else "(no document)" for row in rows]
                for a in annotators]  # fmt: skip
    return columns


def _decisions(rows: list[Row], column: str) -> tuple[str, list[tuple[str, ...]]]:
    """A drop-down per distinct list of options (its values on a hidden sheet, a row each):
    the Adjudication sheet's <dataValidations> and the lists."""
    lists: dict[tuple[str, ...], list[int]] = {}
    for n, row in enumerate(rows):
        lists.setdefault(tuple(row.options), []).append(n + 3)
    checks = []
    for k, (choices, numbers) in enumerate(lists.items(), start=1):
        source = f"'{OPTIONS_SHEET}'!$A${k}:${letter(len(choices) - 1)}${k}"
        error = "Choose one of: " + ", ".join(choices)[:200]
        checks.append(list_validation(_cell_ranges(column, numbers), source, "Decision", error))
    return validations(checks), list(lists)


def _options(book: Package, lists: list[tuple[str, ...]], quoted: int) -> None:
    options = book.sheet(OPTIONS_SHEET, hidden=True)
    for k, choices in enumerate(lists):
        options.cells(k, [(i, choice, 0, quoted, 0) for i, choice in enumerate(choices)])
    options.close()


def _cell_ranges(letter: str, numbers: list[int]) -> str:
    """The cells of one column at rising row numbers, runs of rows as ranges ("N3:N7 N9"),
    given at once: DataValidation.add checks each new cell against every range before it."""
    ranges, first = [], 0
    for i in range(1, len(numbers) + 1):
        if i == len(numbers) or numbers[i] != numbers[i - 1] + 1:
            a, b = numbers[first], numbers[i - 1]
            ranges.append(f"{letter}{a}" if a == b else f"{letter}{a}:{letter}{b}")
            first = i
    return " ".join(ranges)


def _data(book: Package, sheet: Sheet) -> None:
    data = {
        "annotators": sheet.annotators,
        "documents": sheet.documents,
        "rows": [
            {
                "id": r.row_id,
                "unit": r.unit,
                "document": r.document,
                "start": r.start,
                "end": r.end,
                "labels": r.labels,
                "options": r.options,
            }
            for r in sheet.rows
        ],
    }
    pieces = chunks(json.dumps(data, ensure_ascii=False), DATA_CHUNK)
    book.sheet(DATA_SHEET, hidden=True).key_values([("data", piece) for piece in pieces])


# --- reading it back ---------------------------------------------------------------------


def read_workbook(path: str) -> Sheet:
    """The workbook's rows with their decisions; InputError for a file that is not one, a
    removed row, or a decision that was not offered."""
    from openpyxl import load_workbook

    require_workbook(path)
    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except FileNotFoundError:
        raise InputError("an adjudication workbook", "no such file", file=path) from None
    except Exception as err:  # openpyxl raises many kinds for a file that is no workbook
        raise InputError(
            "an adjudication workbook (.xlsx)", f"a file openpyxl cannot read ({err})", file=path
        ) from None
    if DATA_SHEET not in book.sheetnames or SHEET not in book.sheetnames:
        raise InputError(
            f"the sheets {SHEET} and {DATA_SHEET} of an adjudication workbook", "neither", file=path
        )
    data, rows = _hidden_data(book, path)
    _decisions_of(book[SHEET], rows, path)
    return Sheet(data["annotators"], data["documents"], rows)


def _hidden_data(book: Any, path: str) -> tuple[dict[str, Any], list[Row]]:
    """The data the workbook was written with (its hidden sheet) and its rows; InputError
    where that sheet was edited so that it is no longer that data."""
    text = "".join(str(r[1] or "") for r in book[DATA_SHEET].iter_rows(values_only=True))
    try:
        data = json.loads(text)
        rows = [Row(r["id"], r["unit"], r["document"], r["start"], r["end"], r["labels"], r["options"])
                for r in data["rows"]]  # fmt: skip
        if not isinstance(data["annotators"], list) or not isinstance(data["documents"], list):
            raise TypeError("annotators and documents are lists")
    except (ValueError, KeyError, TypeError, IndexError) as err:
        expected = f"the data Span Studio wrote in the hidden sheet {DATA_SHEET} (left as written)"
        raise InputError(expected, f"it changed: {_changed(err)}", file=path) from None
    return data, rows


def _changed(err: Exception) -> str:
    """What an error of reading the hidden data says of it."""
    if isinstance(err, json.JSONDecodeError):
        return f"invalid JSON ({err.msg.removesuffix(' at')} at character {err.pos + 1})"
    return f"no {err} in it" if isinstance(err, KeyError) else "values of another kind"


def _decisions_of(ws: Any, rows: list[Row], path: str) -> None:
    table = list(ws.iter_rows(values_only=True))
    header = next((i for i, r in enumerate(table) if r and "Decision" in r and "Row" in r), None)
    if header is None:
        raise InputError("a header row with Row and Decision", "none", file=f"{path}, sheet {SHEET}")
    columns = table[header]
    row_at, decision_at = columns.index("Row"), columns.index("Decision")
    by_id = {row.row_id: row for row in rows}
    found = set()
    for number, values in enumerate(table[header + 1 :], start=header + 2):
        row_id = values[row_at] if row_at < len(values) else None
        if row_id in by_id:
            found.add(row_id)
            decision = values[decision_at] if decision_at < len(values) else None
            decision = "" if decision is None else str(decision).strip()
            row = by_id[row_id]
            if decision and decision not in row.options:
                raise InputError(
                    f"one of {', '.join(row.options)} as the Decision of {row_id}",
                    f"'{decision}'",
                    file=f"{path}, sheet {SHEET}",
                    line=number,
                )
            row.decision = decision
    missing = [r.row_id for r in rows if r.row_id not in found]
    if missing:
        listed = first_listed(missing, 20, more=" …")
        raise InputError("every row the workbook was written with", f"rows removed: {listed}", file=path)
