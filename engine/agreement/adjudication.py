"""Disagreements to adjudicate, and the gold a decided workbook settles.

Within each document, a span extent (start, end) is agreed when every annotator who has
the document gave it the same labels; agreed spans go to the gold as they are. Every other
extent is one row to decide, with each annotator's labels on it; rows whose extents overlap
form one disagreement unit (a stretch of text where not all annotators agree). A decision
is one of the labels seen on the extent, or `none`.
"""

from __future__ import annotations

import bisect
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError, first_listed
from ..formats.spantable import document_text
from .corpus import Corpus

NONE = "none"
LABEL_JOINER = " | "  # an annotator's several labels on one extent, in a cell
LISTED = 20  # rows named in a message, then " …"


@dataclass
class Row:
    """One extent to decide."""

    row_id: str
    unit: int
    document: str
    start: int
    end: int
    labels: dict[str, list[str]]  # annotator → labels on this extent (empty: none)
    options: list[str]  # the labels seen here, then "none"
    decision: str = ""


@dataclass
class Sheet:
    """What an adjudication workbook holds: its annotators, documents (text, tokens,
    agreed spans) and rows (with the decisions read back)."""

    annotators: list[str]
    documents: list[dict[str, Any]]  # {"name", "text", "tokens", "agreed": [[s, e, label]]}
    rows: list[Row] = field(default_factory=list)


def disagreements(corpus: Corpus) -> Sheet:
    """The rows to decide and the agreed spans of every document."""
    sheet = Sheet(corpus.annotators, [])
    unit = 0
    for d, name in enumerate(corpus.documents):
        holders = corpus.holders(d)
        extents: dict[tuple[int, int], dict[str, list[str]]] = {}
        for a in holders:
            table = corpus.tables[a]
            rows = table.rows(d)
            for s, e, lab in zip(
                table.start[rows].tolist(), table.end[rows].tolist(), table.label[rows].tolist(), strict=True
            ):
                extents.setdefault((s, e), {corpus.annotators[h]: [] for h in holders})[
                    corpus.annotators[a]
                ].append(corpus.labels[lab])
        agreed, open_rows = [], []
        for (s, e), labels in sorted(extents.items()):
            first = next(iter(labels.values()))
            if all(v == first for v in labels.values()):
                agreed += [[s, e, label] for label in first]
            else:
                open_rows.append((s, e, labels))
        tokens = corpus.tokens[d].tolist()
        document = corpus.texts[name]
        token_ends = [t[1] for t in tokens]
        sentence_ends = [[s, _last_token_end(token_ends, s, e)] for s, e in document.units]
        sheet.documents.append(
            {
                "name": name,
                "text": document_text(document),
                "tokens": tokens,
                "sentences": sentence_ends,
                "agreed": agreed,
            }
        )
        reach = -1
        for s, e, labels in open_rows:  # sorted by start: a new unit where no earlier row reaches
            if s >= reach:
                unit += 1
            reach = max(reach, e)
            seen = sorted({label for values in labels.values() for label in values})
            row_id = f"R{len(sheet.rows) + 1}"
            sheet.rows.append(Row(row_id, unit, name, s, e, labels, [*seen, NONE]))
    return sheet


def _last_token_end(ends: list[int], start: int, end: int) -> int:
    """The end of the last token of a sentence [start, end) (where a CoNLL line break goes)."""
    i = bisect.bisect_right(ends, end) - 1
    return ends[i] if i >= 0 and ends[i] > start else end


def majority(row: Row) -> str:
    """The option most annotators chose (`none` for those without a label here); a tie is none."""
    votes = Counter(label for values in row.labels.values() for label in values)
    votes[NONE] += sum(1 for values in row.labels.values() if not values)
    ranked = votes.most_common()
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return NONE
    return ranked[0][0]


def _listed(names: list[str]) -> str:
    """The first LISTED of `names`, then " …" where there are more."""
    return first_listed(names, LISTED, more=" …")


def settle(
    sheet: Sheet, by_majority: bool = False, workbook: str | None = None
) -> tuple[list[tuple[dict[str, Any], list[list]]], list[str]]:
    """The gold of every document: (document, spans [start, end, label]) and warnings.
    Undecided rows are an InputError naming the workbook and listing them unless `by_majority`."""
    undecided = [row for row in sheet.rows if not row.decision]
    warnings = []
    if undecided and not by_majority:
        raise InputError(
            "a Decision in every row of column Decision (or --majority)",
            f"{len(undecided)} undecided: {_listed([r.row_id for r in undecided])}",
            file=workbook,
        )
    settled = {row.row_id: majority(row) for row in undecided}
    if undecided:
        listed = _listed([f"{row_id} → {choice}" for row_id, choice in settled.items()])
        warnings.append(f"{len(undecided)} undecided rows settled by majority (a tie keeps no span): "
                        + listed)
    decided: dict[str, list[list]] = {}
    for row in sheet.rows:
        choice = row.decision or settled[row.row_id]
        if choice != NONE:
            decided.setdefault(row.document, []).append([row.start, row.end, choice])
    gold = []
    for doc in sheet.documents:
        spans = sorted(map(tuple, doc["agreed"] + decided.get(doc["name"], [])))
        gold.append((doc, [list(s) for s in spans]))
    return gold, warnings
