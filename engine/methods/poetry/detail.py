"""What a poetry report shows beyond the original's CSV and the corpus scores
(specs/poetry.md §6.2–§6.3): the Pages and Spans tables, one document per page for the
viewer, and the JSON `details`. Only runs with detail (--json, --xlsx, the app) need it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property, partial
from types import NoneType
from typing import Any

import msgspec
import numpy as np

from ...context import Positions
from ...errors import InputError, describe
from ...formats.poetry_jsonl import JsonLines, page_id_of, parse_line
from ...pieces import FARTHEST_SHOWN
from ...progress import Progress
from ...report import ColumnLists, Report, Table
from ...spans import Document, LazyDocuments
from ...stats import harmonic
from .columns import Scores
from .errors import Pages, ViewerSpans, label_text
from .pagecsv import page_fields
from .pagejson import PageDetails
from .reading import PIECE, Scalar, decode_piece, piece_lines
from .render import COLUMNS, columns_of
from .spanrows import SpanRows

SPANS_LEGEND = (
    "One row per reference span and per spurious system span. Status: exact, partial, missed "
    "(marker 🟩: reference only), spurious (🟥: system only); 🟨 both. factor: the pair's overlap "
    "factor; credit: what the pair added to the page's relevance (1 when exact, else weight × "
    "factor); piece: the part of a split system span paired with the reference. Context: "
    "🟩…🟩 reference span, 🟥…🟥 system span."
)
NO_TEXT_LEGEND = (
    " A page without its text shows each stretch of the context by its length (⟨n⟩: n characters), "
    "and … where the page goes on before or after the spans."
)
PAGE_EXTRA = ["f1", "relevance", "n_retrieved", "n_reference_spans", "n_system_spans", "line"]


@dataclass
class RunPages:
    """What a run's detail is made of: the scoring's arrays, and per row (reference line)
    its page id, its system line (1-based) and its text (None: unknown)."""

    scores: Scores
    labels: list[Any]  # label code → the label as read
    page_ids: list[Any]
    system_lines: list[int]
    texts: list[str | None]


# --- the Pages sheet -------------------------------------------------------------------


def csv_value(value: Any) -> str:
    """A page id as the CSV writes it."""
    return "" if value is None else str(value)


def pages_table(page_ids: list[Any], scores: list[tuple[Any, ...]]) -> Table:
    """The Pages sheet: one row per CSV row, zipped from the numbers' columns."""
    numbers = columns_of(scores)
    ids = shown_ids(page_ids, csv_value)
    lines = range(1, len(page_ids) + 1)
    with np.errstate(all="ignore"):  # summary.f1 of each row, silent for scores past 1e154
        f1 = harmonic(np.asarray(numbers[0], float), np.asarray(numbers[1], float))
    values = [*numbers[:8], f1.tolist(), *numbers[8:12], lines]
    fields = partial(page_fields, ids, values)
    return Table(
        [*COLUMNS, *PAGE_EXTRA],
        ColumnLists([ids, *values], fields),  # type: ignore[arg-type]
        "Pages",
        kind="detail",
        note="One row per reference line, as the CSV; line = its line in the reference file.",
    )  # fmt: skip


def shown_ids(page_ids: list[Any], shown: Callable[[Any], str]) -> list[str]:
    """Each page id as a text (`shown` of one that is not): the list itself where every id
    is a text, found by one pass in C rather than a test per page."""
    if set(map(type, page_ids)) <= {str}:
        return page_ids
    return [page_id if type(page_id) is str else shown(page_id) for page_id in page_ids]


# --- page texts -----------------------------------------------------------------------


class TextLine(msgspec.Struct, gc=False, forbid_unknown_fields=True):
    """A `--texts` line holding just its page id (page_id, or id: any id the reference's
    typed reader takes) and its text."""

    page_id: Scalar | msgspec.UnsetType = msgspec.UNSET
    id: Scalar | msgspec.UnsetType = msgspec.UNSET
    text: Any = msgspec.UNSET


def read_texts(path: str) -> dict[Any, str]:
    """`--texts`: page id (key page_id, or id) → page text, from a JSONL file. A piece of
    lines is decoded at once into TextLines (msgspec, as read_pages); one with a line of
    other keys, without a page id, of a text that is no string, or no JSON, line by line
    (_checked)."""
    texts: dict[Any, str] = {}
    decoders = msgspec.json.Decoder(list[TextLine]).decode, msgspec.json.Decoder(TextLine).decode
    for first, count, piece in JsonLines(path, path).pieces(PIECE):
        lines = decode_piece(decoders, piece, count)
        try:
            ids = [line.id if line.page_id is msgspec.UNSET else line.page_id for line in lines]
            found = [line.text for line in lines]
        except AttributeError:  # a line refused (None): the piece read line by line
            ids, found = [msgspec.UNSET], []
        # the typed decoder gave every id a scalar's type: only UNSET (no id) needs the slow way
        if msgspec.UNSET not in ids and set(map(type, found)) <= {str}:
            texts.update(zip(ids, found, strict=True))
        else:
            texts.update(_checked(piece, first, path))
    return texts


def _checked(piece: bytes, first: int, path: str) -> Iterator[tuple[Any, str]]:
    """The (page id, text) of each line of a piece (the first numbered `first`), parsed as
    JSON lines are: InputError at the first line without a page id or a text."""
    for number, line in enumerate(piece_lines(piece), first):
        page = parse_line(line, number, path)
        if type(page) is dict and "page_id" not in page and "id" in page:
            page = {**page, "page_id": page["id"]}
        page_id = page_id_of(page, path, number)
        text = page.get("text")
        if type(text) is not str:
            found = "none" if text is None and "text" not in page else describe(text)
            raise InputError("a string for text", found, file=path, line=number)
        yield page_id, text


def page_texts(page_ids: list[Any], own: list[Any], path: str | None) -> list[str | None]:
    """Each row's text: from `--texts` (PATH), else the reference line's own `text`."""
    own_texts = own
    if not set(map(type, own)) <= {str, NoneType}:  # one pass in C: a text or none, as most are
        own_texts = [text if type(text) is str else None for text in own]
    if not path:
        return own_texts
    texts = read_texts(path)
    return [found if (found := texts.get(page_id)) is not None else text
            for page_id, text in zip(page_ids, own_texts, strict=True)]  # fmt: skip


# --- documents, spans, error rows, JSON details -----------------------------------------


class PageDocuments(LazyDocuments):
    """One document per page (reference line), made when read: its text, else a stand-in
    dot per position up to its last span's end."""

    def __init__(self, pages: Pages) -> None:
        self.pages = pages

    @property
    def names(self) -> list[str]:
        """The pages' names, without their documents."""
        return self.pages.names

    def lengths(self) -> list[int]:
        """Each page's length: its text's, else its stand-in's (no page made)."""
        texts = self.pages.texts
        return [len(text) if text is not None else n for text, n in zip(texts, self._lengths, strict=True)]

    @cached_property
    def _lengths(self) -> list[Any]:
        """The stand-in texts' lengths, worked out when first asked (a page without text
        shown, or every page's length)."""
        return stand_in_lengths(self.pages)

    def document(self, row: int) -> Document:
        pages = self.pages
        name, label, text = pages.names[row], pages.unit_ids[row], pages.texts[row]
        if text is not None:
            return Document(name, text, [(0, len(text))], [label], joiner="", unit_name="page")
        length = self._lengths[row]
        return Document(
            name, Positions(length), [(0, length)], [label], joiner="", has_words=False, unit_name="page"
        )


def stand_in_lengths(pages: Pages) -> list[Any]:
    """Per page the end of its last span (reference or system), 0 without one or below 0:
    the length of its stand-in text, all pages at once."""
    ends = (pages.refs.spans.end, pages.syss.spans.end)
    lengths = np.zeros(len(pages.names), dtype=np.result_type(*ends))
    for side, end in zip((pages.refs, pages.syss), ends, strict=True):
        np.maximum.at(lengths, side.row, end)
    return np.minimum(lengths, FARTHEST_SHOWN).tolist()  # a length a sequence can have


def _document_names(page_ids: list[str]) -> list[str]:
    """One unique name per page: its id, with the line added where an id repeats."""
    if len(set(page_ids)) == len(page_ids):
        return page_ids
    names: list[str] = []
    used: set[str] = set()
    for line, name in enumerate(page_ids, 1):
        if name in used:
            name = f"{name} (line {line})"
        used.add(name)
        names.append(name)
    return names


def fill_detail(report: Report, run: RunPages, ignore_label: bool, progress: Progress, done: float) -> None:
    """Documents, spans, error rows and the JSON details of every page; `progress` goes
    from `done` to 1."""
    progress.update(done, "collecting the spans for review")
    unit_ids = shown_ids(run.page_ids, label_text)
    pages = Pages(run.scores, run.labels, _document_names(unit_ids), unit_ids, run.system_lines, run.texts)
    report.documents = PageDocuments(pages)
    report.gold_spans, report.system_spans = ViewerSpans(pages, True), ViewerSpans(pages, False)
    progress.update(done + (1 - done) / 3, "collecting the spans for review")
    report.set_errors(SpanRows(pages, ignore_label))
    progress.update(done + (1 - done) * 2 / 3, "collecting the spans for review")
    report.data["details"] = PageDetails(pages, run.page_ids)
    report.data["_legends"] = {"Spans": SPANS_LEGEND + NO_TEXT_LEGEND * (None in run.texts)}
