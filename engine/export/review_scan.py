"""Reading a review workbook's cells straight from its zip's XML: the sheets' names, the
shared strings, and each row's cells as they stream past (lxml), only the cells asked for
turned into values — a row's rich-text contexts are never read further (engine.review reads
its error rows and hidden data with it). Also how many verdicts and comments a workbook
holds, asked before it is replaced: a workbook as Span Studio wrote it without a review
says so in its zip comment, and is not read further (lxml, 10-15 ms, loads only when a
workbook is read)."""

from __future__ import annotations

import json
import zipfile
import zlib
from collections.abc import Callable, Container, Iterator
from functools import cached_property
from pathlib import Path
from typing import IO, Any, NamedTuple, TypeVar

from ..errors import InputError
from ..zips import entry_bytes, entry_stream, open_zip
from .sheetxml import column_number, letter
from .xlsx import CHUNK_KEY, REVIEW_SHEET, UNREVIEWED

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
RELS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
REL_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
HEADERS = ("ID", "Verdict", "Comment")
ROW, CELL, VALUE, TEXT, RUN, INLINE = (MAIN + t for t in ("row", "c", "v", "t", "r", "is"))
DIGITS = "0123456789"
#: What a workbook that cannot be read raises, lxml's errors aside (a damaged zip or part, a missing part).
NOT_READ = (OSError, zipfile.BadZipFile, zlib.error, KeyError, ValueError, IndexError)

Cells = dict[str, Any]  # a row's cells by their column letters
T = TypeVar("T")


def unreadable() -> tuple[type[Exception], ...]:
    """What a workbook that cannot be read raises (a damaged zip, XML or part, a missing
    part): NOT_READ and lxml's errors (an except clause asks when an error is raised)."""
    from lxml import etree

    return (*NOT_READ, etree.LxmlError)


class SheetBook:
    """A workbook's sheets and shared strings, its sheets' rows read on demand."""

    def __init__(self, archive: zipfile.ZipFile) -> None:
        self.archive = archive
        self.parts = _sheet_parts(archive)

    @cached_property
    def shared(self) -> list[str]:
        """The shared strings, read when a value first needs them (a workbook of another
        kind, told by its sheets' names, never needs them)."""
        return _shared_strings(self.archive)

    def rows(self, name: str) -> Iterator[tuple[int, Cells]]:
        """The rows of sheet `name`: each one's number and its cells (XML elements) by column."""
        part = self.parts[name]
        with entry_stream(self.archive, part) as xml:
            yield from _rows(xml)

    def value(self, cell: Any) -> Any:
        """A cell's value as openpyxl reads it (data only): text, a number, a bool or None."""
        kind = cell.get("t")
        if kind == "inlineStr":
            return next(map(_string, cell.iterchildren(INLINE)), None)
        value = next((v.text for v in cell.iterchildren(VALUE)), None)  # child iterators: no path to parse
        if value is None:
            return None
        if kind == "s":
            return self.shared[int(value)]
        if kind in ("str", "e", "d"):
            return value
        if kind == "b":
            return bool(int(value))
        return float(value) if "." in value or "E" in value or "e" in value else int(value)

    def values(self, cells: Cells, wanted: Container[str] | None = None) -> dict[str, Any]:
        """The values of `cells` by column letters (only those in `wanted`, when given)."""
        return {at: self.value(c) for at, c in cells.items() if wanted is None or at in wanted}


def _rows(xml: IO[bytes]) -> Iterator[tuple[int, Cells]]:
    from lxml import etree

    number = 0
    for _, row in etree.iterparse(xml, tag=ROW, huge_tree=True):
        number = int(row.get("r") or number + 1)
        yield number, _cells(row)
        row.clear()


def _cells(row: Any) -> Cells:
    """A row's cells by column letters (a cell without a reference follows the one before)."""
    cells: Cells = {}
    letters = ""
    for cell in row.iterchildren(CELL):
        reference = cell.get("r")
        letters = reference.rstrip(DIGITS) if reference else letter(column_number(letters))
        cells[letters] = cell
    return cells


def _string(item: Any) -> str:
    """The text of a string item: its text, or its runs' texts joined (phonetic runs left out)."""
    for text in item.iterchildren(TEXT):
        return text.text or ""
    return "".join(t.text or "" for run in item.iterchildren(RUN) for t in run.iterchildren(TEXT))


def _sheet_parts(book: zipfile.ZipFile) -> dict[str, str]:
    """Each sheet's name and the zip entry of its XML."""
    from lxml import etree

    relations = etree.fromstring(entry_bytes(book, "xl/_rels/workbook.xml.rels")).iter(f"{RELS}Relationship")
    targets = {rel.get("Id"): rel.get("Target", "") for rel in relations}
    sheets = etree.fromstring(entry_bytes(book, "xl/workbook.xml")).iter(f"{MAIN}sheet")
    return {sheet.get("name", ""): _entry(targets[sheet.get(REL_ID)]) for sheet in sheets}


def _entry(target: str) -> str:
    """A relationship's target as a zip entry (relative to xl/, or from the package root)."""
    return target.lstrip("/") if target.startswith("/") else "xl/" + target


def _shared_strings(book: zipfile.ZipFile) -> list[str]:
    """The shared strings (as openpyxl reads them: its "x005F_" taken out)."""
    if "xl/sharedStrings.xml" not in book.namelist():
        return []
    from lxml import etree

    strings = []
    with entry_stream(book, "xl/sharedStrings.xml") as xml:
        for _, item in etree.iterparse(xml, tag=f"{MAIN}si", huge_tree=True):
            strings.append(_string(item).replace("x005F_", ""))
            item.clear()
    return strings


def scan_workbook(path: str | Path, sheets: tuple[str, ...], unchanged: bytes, blank: T,
                  read: Callable[[SheetBook], T]) -> T | None:  # fmt: skip
    """`read` of the workbook `path` where it has the `sheets`; `blank` where its zip comment
    is `unchanged` (as Span Studio wrote it, never saved since: not read further); None for
    another file or one that cannot be read."""
    try:
        with open_zip(path) as archive:
            return blank if archive.comment == unchanged else _scan_archive(archive, sheets, read)
    except (*NOT_READ, InputError):  # not a zip (_scan_archive answers for its parts)
        return None


def _scan_archive(archive: zipfile.ZipFile, sheets: tuple[str, ...], read: Callable[[SheetBook], T]
                 ) -> T | None:  # fmt: skip
    """`read` of an opened workbook where it has the `sheets`; None for another file or one
    that cannot be read."""
    try:
        book = SheetBook(archive)
        if not all(name in book.parts for name in sheets):
            return None
        return read(book)
    except (*unreadable(), InputError):  # a part past the zips' bound too
        return None


class Counted(NamedTuple):
    """What a review workbook holds: its (verdicts, comments), and whether it is a compare
    workbook (its hidden data names systems)."""

    counts: tuple[int, int]
    compare: bool


def workbook_counts(path: str | Path) -> Counted | None:
    """(verdicts, comments) in the error rows of a review workbook (rows with an ID, as
    engine.review reads them) and whether it is a compare workbook, in one reading; None for
    a file that is not a review workbook, or one whose zip comment says it was written
    without a review (engine/export/carry.py held_counts asks)."""
    return scan_workbook(path, (REVIEW_SHEET,), UNREVIEWED, None, _counts)


def _counts(book: SheetBook) -> Counted:
    head = _hidden_head(book)
    counts = [_sheet_counts(book, name) for name in _error_sheets(book, head.get("error_sheets"))]
    totals = (sum(c[0] for c in counts), sum(c[1] for c in counts))
    return Counted(totals, _lists_systems(head.get("systems")))


def _lists_systems(text: Any) -> bool:
    """Whether a `systems` cell lists systems (a compare workbook's: a JSON list of names, not empty)."""
    try:
        systems = json_value(text)
    except ValueError:
        return False
    return bool(systems) and is_system_list(systems)


def is_system_list(value: Any) -> bool:
    """Whether `value` (a `systems` cell's JSON value) is a list of systems' names."""
    return isinstance(value, list) and all(isinstance(s, str) and s for s in value)


def _hidden_head(book: SheetBook) -> dict[Any, Any]:
    """The hidden data's values by key before its basis (its first rows: the basis is not read)."""
    head: dict[Any, Any] = {}
    for _, cells in book.rows(REVIEW_SHEET):
        row = book.values(cells, ("A", "B"))
        if row.get("A") in ("basis", CHUNK_KEY):
            break
        head.setdefault(row.get("A"), row.get("B"))
    return head


def _error_sheets(book: SheetBook, text: Any) -> list[str]:
    """The error sheets the hidden data lists (`text`: its error_sheets) where the workbook
    has every one; every sheet but the hidden one otherwise (one renamed, a list that cannot
    be read): the detail tables are not read."""
    try:
        listed = json_value(text)
    except ValueError:
        listed = None
    if isinstance(listed, list) and all(isinstance(n, str) and n in book.parts for n in listed):
        return listed
    return [name for name in book.parts if name != REVIEW_SHEET]


def json_value(text: Any) -> Any:
    """The value the JSON text `text` holds; ValueError for anything else."""
    if not isinstance(text, str):
        raise ValueError("not text")
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deep") from None


def header_columns(
    book: SheetBook, cells: Cells, needed: tuple[str, ...] = HEADERS[:2]
) -> dict[str, Any] | None:
    """A header row's titles by column letters: None unless it holds the `needed` titles."""
    titles = book.values(cells)
    found = set(titles.values())
    return titles if all(title in found for title in needed) else None


def _sheet_counts(book: SheetBook, name: str) -> tuple[int, int]:
    """(verdicts, comments) of one sheet, an error ID's first row with a verdict or comment
    only (as engine.review reads them): none without a header row holding ID and Verdict."""
    columns: list[str] | None = None  # the column letters of ID, Verdict, Comment
    verdicts = comments = 0
    seen: set[Any] = set()  # the error IDs counted
    for _, cells in book.rows(name):
        if columns is None:
            titles = header_columns(book, cells)
            if titles is not None:
                at = {title: letters for letters, title in titles.items()}
                columns = [at.get(h, "") for h in HEADERS]
            continue
        ident = _value(book, cells.get(columns[0]))
        verdict, comment = (filled(_value(book, cells.get(at))) for at in columns[1:])
        if filled(ident) and (verdict or comment) and ident not in seen:
            seen.add(ident)
            verdicts += verdict
            comments += comment
    return verdicts, comments


def _value(book: SheetBook, cell: Any) -> Any:
    return None if cell is None else book.value(cell)


def filled(value: Any) -> bool:
    """Whether a cell's value holds more than blanks."""
    return value is not None and bool(str(value).strip())
