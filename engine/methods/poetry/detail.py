"""What a poetry report shows beyond the original's CSV and the corpus scores
(specs/poetry.md §6.2–§6.3): the Pages and Spans tables, one document per page for the
viewer, and the JSON `details`. Only runs with detail (--json, --xlsx, the app) need it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...errors import InputError
from ...formats.poetry_jsonl import JsonLines, describe, page_id_of
from ...progress import Progress
from ...report import Report, Table
from ...spans import Document
from .compare import PageDetail
from .errors import Pages, ViewerSpans, error_rows, label_text
from .render import COLUMNS
from .summary import f1

SPANS_LEGEND = (
    "One row per reference span and per spurious system span. Status: exact, partial, missed "
    "(marker 🟩: reference only), spurious (🟥: system only); 🟨 both. factor: the pair's overlap "
    "factor; credit: what the pair added to the page's relevance (1 when exact, else weight × "
    "factor); piece: the part of a split system span paired with the reference. Context: "
    "🟩…🟩 reference span, 🟥…🟥 system span."
)
PAGE_EXTRA = ["f1", "relevance", "n_retrieved", "n_reference_spans", "n_system_spans", "line"]


@dataclass
class PageRecord:
    """One reference line as the report shows it."""

    line: int
    page_id: Any
    system_line: int
    text: str | None
    detail: PageDetail


# --- the Pages sheet -------------------------------------------------------------------


def csv_value(value: Any) -> str:
    """A page id as the CSV writes it."""
    return "" if value is None else str(value)


def pages_table(page_ids: list[Any], scores: list[tuple[Any, ...]]) -> Table:
    """The Pages sheet: one row per CSV row."""
    return Table(
        [*COLUMNS, *PAGE_EXTRA],
        [[csv_value(page_id), *score[:8], f1(score[0], score[1]), *score[8:12], line]
         for line, (page_id, score) in enumerate(zip(page_ids, scores, strict=True), 1)],
        "Pages",
        kind="detail",
        note="One row per reference line, as the CSV; line = its line in the reference file.",
    )  # fmt: skip


# --- page texts -----------------------------------------------------------------------


def read_texts(path: str) -> dict[Any, str]:
    """`--texts`: page id (key page_id, or id) → page text, from a JSONL file."""
    texts: dict[Any, str] = {}
    for number, page in JsonLines(path, path):
        if type(page) is dict and "page_id" not in page and "id" in page:
            page = {**page, "page_id": page["id"]}
        page_id = page_id_of(page, path, number)
        text = page.get("text")
        if type(text) is not str:
            found = "none" if text is None and "text" not in page else describe(text)
            raise InputError("a string for text", found, file=path, line=number)
        texts[page_id] = text
    return texts


class Positions(Sequence[str]):
    """Stand-in characters for a page without text: a middle dot per position."""

    def __init__(self, length: int) -> None:
        self._length = length

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return ["·"] * len(range(*index.indices(self._length)))
        if not -self._length <= index < self._length:
            raise IndexError(index)
        return "·"


# --- documents, spans, error rows, JSON details -----------------------------------------


def _document(record: PageRecord, name: str) -> Document:
    label = label_text(record.page_id)
    if record.text is not None:
        return Document(name, record.text, [(0, len(record.text))], [label], joiner="", unit_name="page")
    ends = [s[1] for s in record.detail.references] + [s[1] for s in record.detail.systems]
    length = max([0, *ends])
    return Document(
        name, Positions(length), [(0, length)], [label], joiner="", has_words=False, unit_name="page"
    )


def page_json(record: PageRecord) -> dict[str, Any]:
    """A page's entry in the JSON `details`: its spans, mapping and pairs."""
    detail = record.detail
    refs_of: dict[int, list[int]] = {}
    for i, j in enumerate(detail.system_of):
        if j >= 0:
            refs_of.setdefault(j, []).append(i)
    return {
        "page_id": record.page_id,
        "line": record.line,
        "system_line": record.system_line,
        "reference": [{"start": s, "end": e, "label": lab,
                       "system": detail.system_of[i] if detail.system_of[i] >= 0 else None,
                       "factor": detail.factors[i] if detail.system_of[i] >= 0 else None}
                      for i, (s, e, _, lab) in enumerate(detail.references)],
        "system": [{"start": s, "end": e, "label": lab, "references": refs_of.get(j, []),
                    "merged": detail.members[j]}
                   for j, (s, e, _, lab) in enumerate(detail.systems)],
        "pairs": [{"reference": i, "system": j, "piece": [ps, pe], "exact": exact,
                   "factor": factor, "credit": credit}
                  for i, j, ps, pe, exact, factor, credit in detail.pairs],
    }  # fmt: skip


def _document_names(records: list[PageRecord]) -> list[str]:
    """One unique name per page: its id, with the line added where an id repeats."""
    names: list[str] = []
    used: set[str] = set()
    for record in records:
        name = label_text(record.page_id)
        if name in used:
            name = f"{name} (line {record.line})"
        used.add(name)
        names.append(name)
    return names


def fill_detail(report: Report, records: list[PageRecord], ignore_label: bool, progress: Progress,
                done: float) -> None:  # fmt: skip
    """Documents, spans, error rows and the JSON details of every page; `progress` goes
    from `done` to 1."""
    names = _document_names(records)
    progress.update(done, "collecting the spans for review")
    report.documents = [_document(record, name) for record, name in zip(records, names, strict=True)]
    pages = Pages(records, names)
    report.gold_spans, report.system_spans = ViewerSpans(pages, True), ViewerSpans(pages, False)
    progress.update(done + (1 - done) / 3, "collecting the spans for review")
    report.set_errors(error_rows(pages, ignore_label))
    progress.update(done + (1 - done) * 2 / 3, "collecting the spans for review")
    report.data["details"] = [page_json(record) for record in records]
    report.data["_legends"] = {"Spans": SPANS_LEGEND}
