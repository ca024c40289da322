"""How many verdicts and comments a review workbook holds, asked before it is replaced:
only the ID, Verdict and Comment cells of its error sheets are looked at, in the sheets'
XML as it streams past (engine.review reads every cell through openpyxl, its rich-text
contexts included: 13 s of CPU for 27,000 errors, where a workbook without a review is
then replaced anyway). A workbook as Span Studio wrote it without a review says so in its
zip comment, and is not read further."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import Any

from lxml import etree

from .xlsx import REVIEW_SHEET, UNREVIEWED

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
RELS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
REL_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
HEADERS = ("ID", "Verdict", "Comment")
_LETTERS = re.compile(r"[A-Z]+")


def verdict_counts(path: str | Path) -> tuple[int, int] | None:
    """(verdicts, comments) in the error rows of a review workbook (rows with an ID, as
    engine.review reads them); None for a file that is not a review workbook."""
    try:
        with zipfile.ZipFile(path) as book:
            if book.comment == UNREVIEWED:  # as Span Studio wrote it, never saved since
                return 0, 0
            sheets = _sheet_parts(book)
            if REVIEW_SHEET not in sheets:
                return None
            shared = _shared_strings(book)
            counts = [
                _sheet_counts(book, part, shared) for name, part in sheets.items() if name != REVIEW_SHEET
            ]
    except (OSError, zipfile.BadZipFile, KeyError, ValueError, IndexError, etree.LxmlError):
        return None
    return sum(c[0] for c in counts), sum(c[1] for c in counts)


def _sheet_parts(book: zipfile.ZipFile) -> dict[str, str]:
    """Each sheet's name and the zip entry of its XML."""
    relations = etree.fromstring(book.read("xl/_rels/workbook.xml.rels")).iter(f"{RELS}Relationship")
    targets = {rel.get("Id"): rel.get("Target", "") for rel in relations}
    sheets = etree.fromstring(book.read("xl/workbook.xml")).iter(f"{MAIN}sheet")
    return {sheet.get("name", ""): _entry(targets[sheet.get(REL_ID)]) for sheet in sheets}


def _entry(target: str) -> str:
    """A relationship's target as a zip entry (relative to xl/, or from the package root)."""
    return target.lstrip("/") if target.startswith("/") else "xl/" + target


def _shared_strings(book: zipfile.ZipFile) -> list[str]:
    if "xl/sharedStrings.xml" not in book.namelist():
        return []
    root = etree.fromstring(book.read("xl/sharedStrings.xml"), etree.XMLParser(huge_tree=True))
    return ["".join(item.itertext()) for item in root.iter(f"{MAIN}si")]


def _sheet_counts(book: zipfile.ZipFile, part: str, shared: list[str]) -> tuple[int, int]:
    """(verdicts, comments) of one sheet: none without a header row holding ID and Verdict."""
    columns: list[str] | None = None  # the column letters of ID, Verdict, Comment
    verdicts = comments = 0
    with book.open(part) as xml:
        for _, row in etree.iterparse(xml, tag=f"{MAIN}row", huge_tree=True):
            if columns is None:
                titles = {_text(c, shared): _column(c.get("r", "")) for c in row.iter(f"{MAIN}c")}
                if "ID" in titles and "Verdict" in titles:
                    columns = [titles.get(h, "") for h in HEADERS]
            else:
                found = _cells(row, columns)
                if _filled(found.get(columns[0]), shared):
                    verdicts += _filled(found.get(columns[1]), shared)
                    comments += _filled(found.get(columns[2]), shared)
            row.clear()
    return verdicts, comments


def _cells(row: Any, columns: list[str]) -> dict[str, Any]:
    """The row's cells in `columns` (by letter), its cells read no further than the last of them."""
    last = max((len(c), c) for c in columns)
    found = {}
    for cell in row.iter(f"{MAIN}c"):
        letter = _column(cell.get("r", ""))
        if letter in columns:
            found[letter] = cell
        if (len(letter), letter) >= last:
            break
    return found


def _column(reference: str) -> str:
    found = _LETTERS.match(reference)
    return found.group() if found else ""


def _filled(cell: Any, shared: list[str]) -> bool:
    return cell is not None and bool(_text(cell, shared).strip())


def _text(cell: Any, shared: list[str]) -> str:
    """A cell's value as text (a shared string looked up, an inline string's runs joined)."""
    kind = cell.get("t")
    if kind == "inlineStr":
        found = cell.find(f"{MAIN}is")
        return "".join(found.itertext()) if found is not None else ""
    value = cell.findtext(f"{MAIN}v")
    if value is None:
        return ""
    return shared[int(value)] if kind == "s" else value
