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
from ...spans import Document, Span
from .compare import PageDetail
from .render import COLUMNS
from .summary import f1

MARKERS = {"reference": "🟩", "system": "🟥", "both": "🟨"}
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


def label_text(label: Any) -> str:
    """A poem id or page id for display: strings as they are, other values as JSON."""
    if isinstance(label, str):
        return label
    if label is None:
        return "null"
    if isinstance(label, bool):
        return "true" if label else "false"
    return str(label)


def _document(record: PageRecord, name: str) -> Document:
    label = label_text(record.page_id)
    if record.text is not None:
        return Document(name, record.text, [(0, len(record.text))], [label], joiner="", unit_name="page")
    ends = [s[1] for s in record.detail.references] + [s[1] for s in record.detail.systems]
    length = max([0, *ends])
    return Document(
        name, Positions(length), [(0, length)], [label], joiner="", has_words=False, unit_name="page"
    )


def _text(text: str | None, start: int, end: int) -> str:
    return "" if text is None else text[max(start, 0) : max(end, 0)]


class PageView:
    """One page's spans turned into the report's rows, spans and JSON."""

    def __init__(self, record: PageRecord, document: str, ignore_label: bool) -> None:
        self.record = record
        self.document = document
        self.ignore_label = ignore_label
        self.unit_id = label_text(record.page_id)
        detail = record.detail
        self.refs_of: dict[int, list[int]] = {}
        for i, j in enumerate(detail.system_of):
            if j >= 0:
                self.refs_of.setdefault(j, []).append(i)
        self.pair_of = {pair[0]: pair for pair in detail.pairs}
        self.pieces_of: dict[int, list[list[int]]] = {}
        for pair in detail.pairs:
            self.pieces_of.setdefault(pair[1], []).append([pair[2], pair[3]])

    def reference_status(self, i: int) -> str:
        pair = self.pair_of.get(i)
        return "missed" if pair is None else ("exact" if pair[4] else "partial")

    def system_status(self, j: int) -> str:
        refs = self.refs_of.get(j, [])
        return "spurious" if not refs else ("split" if len(refs) > 1 else "matched")

    def spans(self) -> tuple[list[Span], list[Span]]:
        """The page's reference spans and the system spans it was scored with (merged
        ones with --ignore-label), each with its status, line and file index."""
        record, doc = self.record, self.document
        detail = record.detail
        gold = []
        for i, (s, e, k, lab) in enumerate(detail.references):
            attrs = {"status": self.reference_status(i), "line": record.line, "index": k}
            gold.append(Span(s, e, label_text(lab), doc, attrs))
        system = []
        for j, (s, e, k, lab) in enumerate(detail.systems):
            attrs = {
                "status": self.system_status(j),
                "line": record.system_line,
                "index": k,
                "pieces": self.pieces_of.get(j, []),
                "merged": detail.members[j] if detail.members else [k],
            }
            system.append(Span(s, e, label_text(lab), doc, attrs))
        return gold, system

    def error_rows(self) -> list[dict[str, Any]]:
        """One row per reference span and per spurious system span, in page order."""
        detail = self.record.detail
        keyed = []
        for i, (s, e, _, _) in enumerate(detail.references):
            keyed.append(((s, e, 0, i), self._reference_row(i)))
        for j, (s, e, _, _) in enumerate(detail.systems):
            if j not in self.refs_of:
                keyed.append(((s, e, 1, j), self._row("spurious", None, j, None)))
        keyed.sort(key=lambda item: item[0])
        return [row for _, row in keyed]

    def _reference_row(self, i: int) -> dict[str, Any]:
        pair = self.pair_of.get(i)
        if pair is None:
            return self._row("missed", i, None, None)
        return self._row("exact" if pair[4] else "partial", i, pair[1], pair)

    def _row(self, status: str, i: int | None, j: int | None, pair: Any) -> dict[str, Any]:
        """One row of the Spans sheet: the standard columns (engine.report.ERROR_COLUMNS, in
        their order), then the sheet's own (status, marker, both spans as numbers, the piece
        when split, factor, credit). Written as one dict: 136,308 rows cost 0.5 s less so."""
        record, detail = self.record, self.record.detail
        ref = detail.references[i] if i is not None else None
        sys_ = detail.systems[j] if j is not None else None
        split = j is not None and len(self.refs_of.get(j, [])) > 1
        gold, system = self._side(ref), self._side(sys_)
        marker = MARKERS["both" if ref and sys_ else "reference" if ref else "system"]
        return {
            "error_id": "", "document": self.document, "unit": 1, "unit_id": self.unit_id, "type": status,
            "subtype": "split" if split else "", "gold_label": gold[0], "system_label": system[0],
            "gold_start": gold[1], "gold_end": gold[2], "system_start": system[1], "system_end": system[2],
            "gold_parts": gold[3], "system_parts": system[3], "gold_position": gold[4],
            "system_position": system[4], "gold_text": gold[5], "system_text": system[5],
            "detail": self._detail_text(j, pair, split), "sheet": "Spans",
            "status": status, "marker": marker,
            "ref_start": ref[0] if ref else None, "ref_end": ref[1] if ref else None,
            "sys_start": sys_[0] if sys_ else None, "sys_end": sys_[1] if sys_ else None,
            "piece_start": pair[2] if split else None, "piece_end": pair[3] if split else None,
            "factor": pair[5] if pair else None, "credit": pair[6] if pair else None,
            "gold_line": record.line if ref else None, "system_line": record.system_line if sys_ else None,
        }  # fmt: skip

    def _side(self, span: Any) -> tuple[str, int | None, int | None, list[list[int]], str, str]:
        """A span's label, start, end, parts, position and text as a row shows them (empty
        without a span)."""
        if span is None:
            return "", None, None, [], "", ""
        start, end = span[0], span[1]
        text = _text(self.record.text, start, end)
        return label_text(span[3]), start, end, [[start, end]], f"{start}-{end}", text

    def _detail_text(self, j: int | None, pair: Any, split: bool) -> str:
        notes = []
        if split and pair is not None:
            notes.append(
                f"system span split into {len(self.refs_of[j])} pieces; this one is {pair[2]}-{pair[3]}"
            )
        members = self.record.detail.members
        if self.ignore_label and j is not None and members and len(members[j]) > 1:
            notes.append(f"merged from {len(members[j])} overlapping system spans")
        return "; ".join(notes)

    def json(self) -> dict[str, Any]:
        detail = self.record.detail
        return {
            "page_id": self.record.page_id,
            "line": self.record.line,
            "system_line": self.record.system_line,
            "reference": [{"start": s, "end": e, "label": lab,
                           "system": detail.system_of[i] if detail.system_of[i] >= 0 else None,
                           "factor": detail.factors[i] if detail.system_of[i] >= 0 else None}
                          for i, (s, e, _, lab) in enumerate(detail.references)],
            "system": [{"start": s, "end": e, "label": lab, "references": self.refs_of.get(j, []),
                        "merged": detail.members[j] if detail.members else [k]}
                       for j, (s, e, k, lab) in enumerate(detail.systems)],
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
    details, rows = [], []
    gold_spans: list[Span] = []
    system_spans: list[Span] = []
    step = (1 - done) / max(len(records), 1)
    for number, (record, name) in enumerate(zip(records, _document_names(records), strict=True)):
        if number & 1023 == 0:
            progress.update(done + number * step, "collecting the spans for review")
        view = PageView(record, name, ignore_label)
        report.documents.append(_document(record, name))
        gold, system = view.spans()
        gold_spans += gold
        system_spans += system
        rows.extend(view.error_rows())
        details.append(view.json())
    report.gold_spans, report.system_spans = gold_spans, system_spans
    report.set_errors(rows)
    report.data["details"] = details
    report.data["_legends"] = {"Spans": SPANS_LEGEND}
