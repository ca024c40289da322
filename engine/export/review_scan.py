"""Reading a review workbook's cells straight from its zip's XML: the sheets' names, the
shared strings, and each row's cells as they stream past (lxml), only the cells asked for
turned into values. Once a reader names the columns it reads (after a sheet's header row),
the contents of the other cells, the rich-text contexts, are left out of the XML before
lxml parses it (SkippingReader). engine.review reads its error rows and hidden data with it.
Also how many verdicts and comments a workbook holds, asked before it is replaced: a
workbook as Span Studio wrote it without a review says so in its zip comment, and is not
read further (lxml, 10-15 ms, loads only when a workbook is read)."""

from __future__ import annotations

import json
import re
import zipfile
import zlib
from collections.abc import Callable, Container, Iterable, Iterator
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
#: An attribute as spreadsheet programs write one in a cell's start tag (double quotes).
ATTRIBUTE = rb'\s+[\w:.-]+\s*=\s*"[^"<]*"'
CELL_END = b"</c>"
CELL_END_TAG = re.compile(rb"</c[ \t\r\n]*>")  # as XML allows it: `</c >` too
#: Markup no cell's contents hold (another cell begun, its row ended): a cell whose end is found
#: only past it is damaged, and passed on whole for lxml to refuse.
NOT_IN_A_CELL = re.compile(rb"<c[ \t\r\n/>]|</row[ \t\r\n>]")
READ_SIZE = 1 << 16  # bytes read from the zip entry at a time
SKIP_BOUND = 1 << 20  # bytes of one cell's contents left out at most (a longer one is passed on)
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

    def rows(self, name: str) -> SheetRows:
        """The rows of sheet `name`: each one's number and its cells (XML elements) by column."""
        return SheetRows(self.archive, self.parts[name])

    def value(self, cell: Any) -> Any:
        """A cell's value as openpyxl reads it (data only): text, a number, a bool or None."""
        kind = cell.get("t")
        held = INLINE if kind == "inlineStr" else VALUE
        for child in cell:  # a loop over the children: no tag matcher made for each cell
            if child.tag == held:
                break
        else:
            return None
        if held == INLINE:
            return _string(child)
        value = child.text
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


class SheetRows:
    """The rows of one sheet as they stream past: each one's number and its cells by column
    letters. Every cell is there until `want` names the columns read; from then on only
    theirs, the others' contents left out of the XML before it is parsed."""

    def __init__(self, archive: zipfile.ZipFile, part: str) -> None:
        self.archive, self.part = archive, part
        self.reader: SkippingReader | None = None
        self.wanted: frozenset[str] | None = None

    def __iter__(self) -> Iterator[tuple[int, Cells]]:
        from lxml import etree

        with entry_stream(self.archive, self.part) as xml:
            self.reader = SkippingReader(xml)
            number = 0
            for _, row in etree.iterparse(self.reader, tag=ROW, huge_tree=True):
                number = int(row.get("r") or number + 1)
                yield number, _cells(row, self.wanted)
                _let_go(row)

    def want(self, letters: Iterable[str]) -> None:
        """Only the cells of the columns `letters` from the next row on (the rows lxml has
        read ahead parsed whole)."""
        self.wanted = frozenset(letters)
        if self.reader is not None:
            self.reader.want(self.wanted)


def _let_go(row: Any) -> None:
    """Free a row read and those before it (the sheet's XML is never whole in memory)."""
    row.clear()
    while row.getprevious() is not None:
        del row.getparent()[0]


class SkippingReader:
    """A sheet's XML as lxml reads it from its zip entry, the contents of the cells of
    columns not wanted left out: a cell's start tag (with its reference: a later cell without
    one still follows it) then at once its end tag. What it cannot tell for sure is passed on
    whole: a cell without a reference, a start tag with a prefix or single quotes, contents
    past SKIP_BOUND, and everything once the XML holds a comment, CDATA, a DOCTYPE or a
    processing instruction (`<!`, `<?` past the declaration: in them a `</c>` is no end tag).
    The contents left out are not parsed, so damage within them alone (a bare `&`, bytes not
    UTF-8) is read past where parsing every cell refused the workbook."""

    def __init__(self, xml: IO[bytes]) -> None:
        self.xml = xml
        self.start_tag: re.Pattern[bytes] | None = None  # a start tag of a cell not wanted
        self.whole = False  # passing everything on from now on
        self.rest = b""  # read, not yet passed on
        self.head = True  # at the start of the XML: its declaration not checked yet
        self.last = b""  # the last byte checked (markup begun at the end of a read)

    def want(self, letters: Iterable[str]) -> None:
        """Leave out the contents of the cells of columns other than `letters` from now on."""
        if self.whole:
            return
        kept = b"|".join(sorted({at.encode() for at in letters if at.isascii() and at.isalpha()}))
        self.start_tag = re.compile(rb'<c(?:%s)*?\s+r\s*=\s*"(?!(?:%s)[0-9])[A-Z]{1,3}[0-9]+"(?:%s)*\s*>'
                                    % (ATTRIBUTE, kept, ATTRIBUTE))  # fmt: skip

    def read(self, size: int = -1) -> bytes:
        """The next bytes of the XML (b"" at its end only), some cells' contents left out."""
        while True:
            chunk = self.xml.read(READ_SIZE)
            text, self.rest = self.rest + chunk, b""
            if not chunk:
                return text
            self._check(text)
            passed = text if self.whole or self.start_tag is None else self._skipped(text)
            if passed:
                return passed

    def _check(self, text: bytes) -> None:
        """Pass everything on once `text` holds markup in which an end tag may be none (or
        begins it at the end of the bytes read before: `<` then `!`)."""
        declared = self.head and text.lstrip(b"\xef\xbb\xbf").startswith(b"<?xml")
        self.head = False
        after = self.last + text
        self.last = text[-1:]
        if b"<!" in after or b"<?" in after[after.find(b"?>") + 2 if declared else 0 :]:
            self.whole = True

    def _skipped(self, text: bytes) -> bytes:
        """`text` with the contents of its cells not wanted left out, up to a tag still
        unfinished at its end or a cell not wanted whose end is still to come (kept in
        self.rest for the next read)."""
        assert self.start_tag is not None
        passed, at, search = [], 0, 0
        while (tag := self.start_tag.search(text, search)) is not None:
            end = CELL_END_TAG.search(text, tag.end(), tag.end() + SKIP_BOUND)
            if end is not None and NOT_IN_A_CELL.search(text, tag.end(), end.start()) is not None:
                search = tag.end()  # damaged: passed on whole
            elif end is not None:
                passed += [text[at : tag.end()], CELL_END]
                at = search = end.end()
            elif len(text) - tag.end() < SKIP_BOUND:  # its end still to come
                passed.append(text[at : tag.start()])
                self.rest = text[tag.start() :]
                return b"".join(passed)
            else:  # contents too long to leave out
                search = tag.end()
        cut = _unfinished_tag(text, at)
        passed.append(text[at:cut])
        self.rest = text[cut:]
        return b"".join(passed)


def _unfinished_tag(text: bytes, at: int) -> int:
    """Where a tag begun but not finished at the end of `text` starts (its end if none is)."""
    start = text.rfind(b"<", at)
    if start < 0 or b">" in text[start:] or len(text) - start > SKIP_BOUND:
        return len(text)
    return start


def _cells(row: Any, wanted: Container[str] | None) -> Cells:
    """A row's cells by column letters, those in `wanted` only where given (a cell without
    a reference follows the one before)."""
    cells: Cells = {}
    letters = ""
    for cell in row.iterchildren(CELL):
        reference = cell.get("r")
        letters = reference.rstrip(DIGITS) if reference else letter(column_number(letters))
        if wanted is None or letters in wanted:
            cells[letters] = cell
    return cells


def _string(item: Any) -> str:
    """The text of a string item: its text, or its runs' texts joined (phonetic runs left out)."""
    for child in item:
        if child.tag == TEXT:
            return child.text or ""
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
    rows = book.rows(name)
    for _, cells in rows:
        if columns is None:
            titles = header_columns(book, cells)
            if titles is not None:
                at = {title: letters for letters, title in titles.items()}
                columns = [at.get(h, "") for h in HEADERS]
                rows.want(columns)
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
