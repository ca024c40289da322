"""Poetry span files (corppa JSON Lines) as labelled spans, for the methods over plain spans.

Each page (line) is a document named by its page id; its spans are the excerpts of a
reference file (`start`, `end`, label `poem_id`) or the poem spans of a system file
(`page_start`, `page_end`, label `ref_id`), read with the poetry method's checks
(engine/formats/poetry_jsonl.py, specs/poetry.md §2). A page with a `text` gives its
text; without one the page is a '·' per character up to its last span (a stand-in that a
partner's text replaces, engine/formats/pairing.py). A page id used twice is an error
naming both lines (documents are paired by name). The first page says which kind of file it
is; a later page of the other kind is an error naming its line, as in the poetry method.
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import InputError
from ..spans import Annotations, Document
from . import poetry_jsonl
from .poetry_jsonl import REFERENCE, SYSTEM, JsonLines, nothing_read, page_id_of, quote_id, spans_of
from .spantable import SpanTable
from .standoff import ReadOptions, text_document

NAME = "poetry-jsonl"
TITLE = poetry_jsonl.TITLE
SUFFIXES = (".jsonl", ".json", ".gz", ".bz2", ".xz", ".zst")
sniff = poetry_jsonl.sniff
STAND_IN = "·"
#: The longest page without a text: its stand-in is a '·' per character up to its last span.
MOST_CHARACTERS = 10_000_000


def _name(page_id: Any) -> str:
    """A page id as a document name: a string as it is, any other value as JSON (json
    imported with the module: an import statement in a function run for every page and
    label costs a lookup each time, in the app a call of PySide6's import hook)."""
    return page_id if isinstance(page_id, str) else json.dumps(page_id)


def _document(name: str, page: dict[str, Any], spans: list[tuple]) -> Document:
    text = page.get("text")
    if isinstance(text, str):
        return text_document(name, text)
    length = max([0, *(end for _, end, _, _ in spans)])
    doc = text_document(name, STAND_IN * length)
    doc.stand_in, doc.unit_name = True, "page"
    return doc


def _check_offsets(spans: list[tuple], length: int | None, path: str, number: int) -> None:
    """InputError for a span starting before the page or ending after its text (after
    MOST_CHARACTERS on a page without text)."""
    most = length if length is not None else MOST_CHARACTERS
    for start, end, _, _ in spans:
        if start < 0 or end > most:
            within = (f"0 and the text's {length} characters" if length is not None else
                      f"0 and {MOST_CHARACTERS:,} (a page without text)")  # fmt: skip
            raise InputError(f"a span between {within}", f"[{start}, {end})", file=path, line=number)


def read(path: str, options: ReadOptions) -> Annotations:
    """Every page as a document with its spans (see the module's docstring)."""
    warnings: list[str] = []
    documents: list[Document] = []
    lines: dict[str, int] = {}
    rows: list[tuple[int, int, int, str]] = []
    layout = None
    for number, page in JsonLines(path, path):
        page_id = page_id_of(page, path, number)
        name = _name(page_id)
        if name in lines:
            raise InputError(f"each page id once (page {quote_id(page_id)} is on line {lines[name]})",
                             "it again", file=path, line=number)  # fmt: skip
        lines[name] = number
        if layout is None:  # the first page says whether the file is a reference or a system file
            layout = REFERENCE if REFERENCE.gate in page or REFERENCE.items in page else SYSTEM
        spans = spans_of(page, layout, path, number, lambda _kind, text: warnings.append(text))
        text = page.get("text")
        _check_offsets(spans, len(text) if isinstance(text, str) else None, path, number)
        doc = _document(name, page, spans)
        rows += [(len(documents), start, end, _name(label)) for start, end, _, label in spans]
        documents.append(doc)
    if not documents:
        raise InputError("at least one page (a JSON object a line)", nothing_read(path), file=path)
    table = SpanTable.of_labelled_rows(rows, [d.name for d in documents])
    table.warnings = warnings
    return Annotations(path, NAME, documents, table)


def choices(path: str, options: ReadOptions) -> dict[str, list[str]]:
    return {}
