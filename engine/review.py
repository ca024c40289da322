"""Reading a review workbook back: the verdicts annotators gave each error, and the
scores recomputed with the errors they accepted ("system right (gold wrong)", "both
acceptable") counted as agreements."""

from __future__ import annotations

import zipfile
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .comparison import system_prefix
from .errors import InputError, first_listed
from .export.review_scan import SheetBook, filled, header_columns, is_system_list, json_value, unreadable
from .export.sheetxml import column_number, letter
from .export.xlsx import AGREEMENTS, CHUNK_KEY, CONTEXT_COLOURED, REVIEW_SHEET, VERDICTS
from .report import TITLED_KEYS, Table, column_key, error_ids
from .textio import require_workbook
from .zips import entry_bytes, open_zip

NOT_REVIEWED = "not reviewed"
#: Verdicts of workbooks written before the list of issue 19, as the verdicts they mean now.
OLD_VERDICTS = {"gold wrong": VERDICTS[0], "system right": VERDICTS[0], "system wrong": VERDICTS[1]}
KEYS = {**TITLED_KEYS, "Verdict": "verdict", "Comment": "comment"}
ODS_MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"
ODS_ADVICE = (
    "an OpenDocument spreadsheet (.ods); save it in LibreOffice as Excel 2007-365 (.xlsx) and import again"
)
CONTEXTS = ("Context", CONTEXT_COLOURED)  # the columns of the rich-text contexts, not read
TEXT_KEYS = ("error_id", "type", "subtype", "gold_label", "system_label", "sheet", "comment")
DELETED = "(rows deleted)"  # the verdict table's row of the error rows deleted from the workbook
NO_BASIS = "this method keeps none in the workbook"


@dataclass
class Review:
    """The verdicts of one workbook, or of one system's part of a compare workbook."""

    path: str
    method: str
    basis: Any
    rows: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    system: str = ""  # a compare workbook's part: its system ("System A"); its rows' sheets without it
    missing: list[str] = field(default_factory=list)  # the IDs of error rows deleted from the workbook
    systems: list[Review] = field(default_factory=list)  # a compare workbook's parts, one per system

    @property
    def accepted(self) -> list[dict[str, Any]]:
        return [r for r in self.rows if r["verdict"] in AGREEMENTS]

    @property
    def errors(self) -> int:
        """The error rows the workbook was written with (those deleted from it counted)."""
        return len(self.rows) + len(self.missing) + sum(len(part.missing) for part in self.systems)

    def parts(self) -> list[Review]:
        """What is scored apart: each system's part of a compare workbook, else the review itself."""
        return self.systems or [self]


def read_review(path: str) -> Review:
    """The verdicts of a review workbook (as written by Span Studio, or re-saved by a
    spreadsheet program); InputError for anything else, a damaged workbook included. Only
    the cells used are read (engine/export/review_scan.py), never the rich-text contexts."""
    require_workbook(path)
    try:
        with open_zip(path) as archive:
            return _read(SheetBook(archive), path)
    except FileNotFoundError:
        raise InputError("an existing workbook", "nothing", file=path) from None
    except unreadable():
        expected = "a review workbook (.xlsx) written by Span Studio"
        raise InputError(expected, _not_xlsx(path), file=path) from None


def _read(book: SheetBook, path: str) -> Review:
    """The review of an opened workbook: its hidden data, then its error sheets' rows."""
    meta = _metadata(book, path)
    review = Review(path, meta["method"], meta["basis"])
    for name in meta["error_sheets"]:
        if name not in book.parts:
            raise InputError(f"a sheet named '{name}'", "none", file=path)
        _read_sheet(book, name, review)
    written = meta["error_rows"]
    systems = meta["systems"]
    review.systems = [_part(review, system, written) for system in systems]
    if not systems:
        review.missing = _missing(review.rows, None if written is None else sum(written.values()))
    review.warnings += [_deleted_warning(part) for part in review.parts() if part.missing]
    return review


def _part(review: Review, system: str, written: dict[str, int] | None) -> Review:
    """The rows and basis of one system of a compare workbook, their sheets named as in a
    one-system workbook ("Errors")."""
    prefix = system_prefix(system)
    mine = (row for row in review.rows if row["sheet"].startswith(prefix))
    rows = [{**row, "sheet": row["sheet"][len(prefix) :]} for row in mine]
    basis = review.basis.get(system) if isinstance(review.basis, dict) else None
    part = Review(review.path, review.method, basis, rows, system=system)
    counts = None if written is None else [n for name, n in written.items() if name.startswith(prefix)]
    part.missing = _missing(rows, None if counts is None else sum(counts))
    return part


def _missing(rows: list[dict[str, Any]], written: int | None) -> list[str]:
    """The IDs (E1, E2, …) of the `written` error rows that are no longer in `rows`; of a
    workbook that does not say how many it was written with, those up to the highest ID
    found (rows deleted at its end go unnoticed)."""
    found = {row["error_id"] for row in rows}
    if written is None:
        numbers = (ident[1:] for ident in found if ident[:1] == "E")
        written = max((int(n) for n in numbers if n.isascii() and n.isdigit()), default=0)
    elif len(rows) >= written:
        return []
    return [ident for ident in error_ids(written) if ident not in found]


def _deleted_warning(part: Review) -> str:
    """What a review says of its error rows deleted from the workbook, naming the first."""
    count, of = len(part.missing), f" of {part.system}" if part.system else ""
    shown = first_listed(part.missing, 10, more=", …")
    if count == 1:
        rows, effect = f"1 error row{of} was", "it counts as not reviewed: its error stays"
    else:
        rows, effect = f"{count} error rows{of} were", "they count as not reviewed: their errors stay"
    return f"{part.path}: {rows} deleted from the workbook ({shown}); {effect} in the reviewed scores"


def _not_xlsx(path: str) -> str:
    """What a file that cannot be read as a workbook is, and what to do with it."""
    if _is_ods(path):
        return ODS_ADVICE
    return "something that is not a workbook (the file is damaged or not .xlsx)"


def _is_ods(path: str) -> bool:
    """Whether the file is an OpenDocument spreadsheet: a zip whose mimetype entry says so
    (whatever its name: a text file named .ods is none)."""
    try:
        with open_zip(path) as archive:
            return entry_bytes(archive, "mimetype").startswith(ODS_MIMETYPE)
    except (OSError, KeyError, zipfile.BadZipFile, ValueError, InputError):  # entry_bytes words the rest
        return False


def _damaged(path: str, what: str) -> InputError:
    return InputError(f"the review data of sheet '{REVIEW_SHEET}' ({what})", "it damaged", file=path)


def _metadata(book: SheetBook, path: str) -> dict[str, Any]:
    """The method, the error sheets and the basis of the reviewed scores, checked."""
    if REVIEW_SHEET not in book.parts:
        raise InputError(
            f"a hidden sheet '{REVIEW_SHEET}' (a workbook written by Span Studio)", "none", file=path
        )
    values: dict[str, Any] = {}
    pieces: list[str] = []  # joined once: linear in the size of the data
    for _, cells in book.rows(REVIEW_SHEET):
        row = book.values(cells, ("A", "B"))
        key, value = row.get("A"), row.get("B")
        if key in ("basis", CHUNK_KEY) and not isinstance(value, str):
            raise _damaged(path, "a piece of data that is not text")
        if key == CHUNK_KEY:
            pieces.append(value[1:])
        elif key == "basis":
            pieces.append(value)
        elif isinstance(key, str):
            values[key] = value
    method, sheets = values.get("method"), _json(values.get("error_sheets"), path)
    if not isinstance(method, str) or not method:
        raise _damaged(path, "a method's name")
    if not isinstance(sheets, list) or not all(isinstance(n, str) for n in sheets):
        raise _damaged(path, "a list of sheet names")
    basis = _json("".join(pieces) or "null", path)
    return {"method": method, "error_sheets": sheets, "basis": basis,
            "error_rows": _written(values, sheets, path), "systems": _systems(values, path)}  # fmt: skip


def _written(values: dict[str, Any], sheets: list[str], path: str) -> dict[str, int] | None:
    """How many error rows each error sheet was written with (None: a workbook that does
    not say, written before 29 November 2026)."""
    if "error_rows" not in values:
        return None
    counts = _json(values["error_rows"], path)
    if not isinstance(counts, list) or len(counts) != len(sheets) or not all(type(n) is int for n in counts):
        raise _damaged(path, "a number of rows per error sheet")
    return dict(zip(sheets, counts, strict=True))


def _systems(values: dict[str, Any], path: str) -> list[str]:
    """A compare workbook's systems (none for another workbook)."""
    if "systems" not in values:
        return []
    systems = _json(values["systems"], path)
    if not is_system_list(systems):
        raise _damaged(path, "a list of systems")
    return systems


def _json(text: Any, path: str) -> Any:
    try:
        return json_value(text)
    except ValueError:
        raise _damaged(path, "JSON text") from None


def _read_sheet(book: SheetBook, name: str, review: Review) -> None:
    """The error rows of sheet `name` (those with an ID, each ID once: a row copied in the
    sheet is counted by its first with a verdict or comment, else its first, and named in a
    warning), their contexts left unread."""
    columns: dict[str, str] | None = None  # each read column's key by its letters
    rows_of: dict[Any, list[int]] = {}  # the sheet rows of each error ID
    taken: dict[Any, int] = {}  # each error ID's place in review.rows
    later: dict[Any, int] = {}  # the IDs counted by a copy (not their first row): its row
    rows = book.rows(name)
    for number, cells in rows:
        if columns is None:
            titles = header_columns(book, cells)
            if titles is not None:
                columns = _read_columns(titles)
                verdict_at = next(at for at, key in columns.items() if key == "verdict")
                rows.want(columns)  # the contexts' rich text is not parsed
            continue
        row = {key: book.value(cells[at]) if at in cells else None for at, key in columns.items()}
        ident = row.get("error_id")
        if ident in (None, ""):
            continue
        rows_of.setdefault(ident, []).append(number)
        if ident in taken and (_reviewed(review.rows[taken[ident]]) or not _reviewed(row)):
            continue
        row["verdict"] = _verdict(row.get("verdict"), name, f"{verdict_at}{number}", review)
        if ident in taken:
            review.rows[taken[ident]] = _texts({**row, "sheet": name})
            later[ident] = number
        else:
            taken[ident] = len(review.rows)
            review.rows.append(_texts({**row, "sheet": name}))
    if columns is None:
        raise InputError(f"a header row with ID and Verdict in sheet '{name}'", "none", file=review.path)
    repeated = {ident: numbers for ident, numbers in rows_of.items() if len(numbers) > 1}
    if repeated:
        review.warnings.append(_repeated_warning(review.path, name, repeated, later))


def _texts(row: dict[str, Any]) -> dict[str, Any]:
    """A row's empty cells as "", a number typed where text belongs as that text."""
    row = {k: "" if v is None else v for k, v in row.items()}
    for key in TEXT_KEYS:
        if key in row and not isinstance(row[key], str):
            row[key] = str(row[key])
    return row


def _reviewed(row: dict[str, Any]) -> bool:
    """Whether an error row holds a verdict or a comment (as read, or as counted)."""
    verdict = row.get("verdict")
    return filled(row.get("comment")) or (filled(verdict) and verdict != NOT_REVIEWED)


def _repeated_warning(path: str, sheet: str, repeated: dict[Any, list[int]], later: dict[Any, int]) -> str:
    """What a review says of error IDs found on several rows of a sheet (the first ten), and
    of those counted by a copy's row (the first with a verdict or comment)."""
    rows = [f"{ident} (rows {', '.join(map(str, numbers))})" for ident, numbers in repeated.items()]
    by = first_listed([f"{ident} by row {number}" for ident, number in later.items()], 10)
    copies = f" with a verdict or comment ({by})" if later else ""
    listed = first_listed(rows, 10, more=", …")
    return (f"{path}: sheet '{sheet}' holds the same error ID on several rows: {listed}; "
            f"each error is counted once, by its first row{copies}")  # fmt: skip


def _read_columns(titles: dict[str, Any]) -> dict[str, str]:
    """The key of each column read (all but the contexts) by its letters, from the header's titles."""
    numbers = {column_number(at): title for at, title in titles.items()}
    keys = _column_keys(tuple(numbers.get(n) for n in range(1, max(numbers) + 1)))
    return {letter(i): key for key, i in keys.items() if key not in CONTEXTS}


def _column_keys(titles: tuple[Any, ...]) -> dict[str, int]:
    """Each column's key by its title; the unit's, titled by the unit's name ("Sentence",
    "Page", …), stands right after Document."""
    keys = [_column_key(t) if isinstance(t, str) and t else None for t in titles]
    columns = {key: i for i, key in enumerate(keys) if key}
    after = columns.get("document", -2) + 1
    title, key = (titles[after], keys[after]) if 0 < after < len(titles) else (None, None)
    if "unit" not in columns and title not in KEYS and key in columns:
        columns["unit"] = columns.pop(key)
    return columns


def _column_key(title: str) -> str:
    """The key of a column by its title: a method's own column titled in words ('Gold line') or,
    in a workbook written before they were, by its key ('gold_line'); the contexts by title."""
    return KEYS.get(title) or (title if title in CONTEXTS else column_key(title))


def _verdict(value: Any, sheet: str, cell: str, review: Review) -> str:
    text = " ".join(str(value if value is not None else "").split()).lower()
    if not text:
        return NOT_REVIEWED
    text = OLD_VERDICTS.get(text, text)
    if text not in VERDICTS:
        review.warnings.append(
            f"{review.path}: sheet '{sheet}' cell {cell}: verdict '{value}' is not one of "
            f"{', '.join(VERDICTS)}; counted as unclear"
        )
        return "unclear"
    return text


def verdict_table(review: Review) -> Table:
    """How many errors of each type and label were judged each way (the rows deleted from
    the workbook on a line of their own, not reviewed)."""
    columns = [*VERDICTS, NOT_REVIEWED]
    counts: dict[tuple[str, str], Counter[str]] = {}
    for row in review.rows:
        label = row.get("gold_label") or row.get("system_label") or ""
        counts.setdefault((str(row.get("type", "")), str(label)), Counter())[row["verdict"]] += 1
    rows = [[t, label, *(c[v] for v in columns), sum(c.values())] for (t, label), c in sorted(counts.items())]
    deleted = len(review.missing)
    if deleted:
        rows.append([DELETED, "", *(0 for _ in VERDICTS), deleted, deleted])
    total = Counter(r["verdict"] for r in review.rows) + Counter({NOT_REVIEWED: deleted})
    rows.append(["all", "", *(total[v] for v in columns), review.errors])
    title = f"{review.system}: Verdicts" if review.system else "Verdicts"
    return Table(["type", "label", *columns, "errors"], rows, title)


def _titled(review: Review, tables: dict[str, Table]) -> dict[str, Table]:
    """The tables of one system's part of a compare workbook titled by its system."""
    for table in tables.values() if review.system else ():
        table.title = f"{review.system}: {table.title}"
    return tables


def reviewed_tables(review: Review) -> dict[str, Table]:
    """The method's scores with the accepted errors counted as agreements (of a review of
    one system: a compare workbook's of each of its parts); InputError when the workbook's
    data does not fit the method."""
    if review.basis is None:
        return {}
    from .methods import get_method

    try:
        method = get_method(review.method)
    except InputError:
        raise _damaged(review.path, "the name of a method") from None
    try:
        return _titled(review, method.review_scores(review.basis, review.accepted))
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, ZeroDivisionError):
        # review data that is not what this method keeps (edited, or another method's)
        raise _damaged(review.path, f"the basis of {review.method}'s reviewed scores") from None


Scored = list[tuple[Review, dict[str, Table]]]  # each part of a review with its tables


def scored_parts(review: Review) -> Scored:
    """Each part of the review (itself, or each system of a compare workbook) with its
    verdict table and its reviewed scores."""
    return [(part, {"verdicts": verdict_table(part), **reviewed_tables(part)}) for part in review.parts()]


def review_text(scored: Scored) -> str:
    """The tables as `spanstudio review` prints them, and why a part has no reviewed scores."""
    from .methods import format_table

    blocks = []
    for part, tables in scored:
        blocks += [f"# {table.title}\n" + format_table(table) for table in tables.values()]
        if len(tables) == 1:
            blocks.append(f"# {no_scores(part)}\n")
    return "\n".join(blocks)


def no_scores(part: Review) -> str:
    """The sentence that says a part has no reviewed scores, and why."""
    return f"No reviewed scores{' of ' + part.system if part.system else ''}: {NO_BASIS}."


def review_json(review: Review, workbook: str, scored: Scored) -> dict[str, Any]:
    """The verdicts and reviewed scores as JSON data (a compare workbook's by system)."""
    from .export.json import table_dict

    entries = {
        part.system: {"errors": part.errors, "missing": part.missing,
                      "tables": {name: table_dict(table) for name, table in tables.items()}}
        for part, tables in scored
    }  # fmt: skip
    data = {"method": review.method, "workbook": workbook}
    if review.systems:
        return {**data, "errors": review.errors, "systems": entries}
    return {**data, **entries[""]}


# --- the generic count-based recomputation ---------------------------------------------------


def _ratio(a: float, b: float) -> float:
    return a / b if b else 0.0


def prf_row(name: str, tp: int, fp: int, fn: int) -> list[Any]:
    p, r = _ratio(tp, tp + fp), _ratio(tp, tp + fn)
    return [name, tp, fp, fn, p, r, _ratio(2 * p * r, p + r)]


def count_scores(basis: dict[str, Any], accepted: list[dict[str, Any]]) -> Table:
    """Micro P/R/F1 from TP/FP/FN counts per label after applying each accepted error's
    effects (basis: {"counts": {label: {TP, FP, FN}}, "effects": {type: [[count, side,
    delta]]}}, and "label": one label for every row, when the counts are not per label)."""
    counts = {label: dict(c) for label, c in basis["counts"].items()}
    pooled = basis.get("label")
    for row in accepted:
        for count, side, delta in basis["effects"].get(row["type"], []):
            label = pooled or row.get("gold_label" if side == "gold" else "system_label") or ""
            bucket = counts.setdefault(label, {"TP": 0, "FP": 0, "FN": 0})
            bucket[count] = max(bucket.get(count, 0) + delta, 0)
    rows = [prf_row(label, c["TP"], c["FP"], c["FN"]) for label, c in sorted(counts.items())]
    if len(rows) > 1:
        rows.append(prf_row("overall", *(sum(c[k] for c in counts.values()) for k in ("TP", "FP", "FN"))))
    return Table(
        ["label", "TP", "FP", "FN", "precision", "recall", "f1"],
        rows,
        "Reviewed scores",
        formats={"precision": "0.00%", "recall": "0.00%", "f1": "0.00%"},
    )


def credit_table(basis: dict[str, dict[str, float]], accepted: list[dict[str, Any]]) -> Table:
    """Micro precision and recall from item credit per question (ProPara): an accepted
    item scored below 1 gets full credit."""
    sums = {question: dict(values) for question, values in basis.items()}
    for row in accepted:
        question, side = row.get("question"), row.get("side")
        if question in sums and side in ("answer", "prediction"):
            score = float(row.get("score") or 0)
            sums[question][side + "_credit"] += 1 - score
    rows = []
    for question, s in sums.items():
        p = _ratio(s["prediction_credit"], s["prediction"])
        r = _ratio(s["answer_credit"], s["answer"])
        rows.append([question, s["answer"], s["prediction"], p, r, _ratio(2 * p * r, p + r)])
    return Table(
        ["question", "answer items", "prediction items", "precision", "recall", "f1"],
        rows,
        "Reviewed scores (micro, by item credit)",
        formats={"precision": "0.00%", "recall": "0.00%", "f1": "0.00%"},
    )
