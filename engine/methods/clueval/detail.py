"""What a CLUEval report carries beyond the scores: the JSON keys of specs/clueval.md §5.5,
the documents and spans for the viewer, and the error rows for the review workbook."""

from __future__ import annotations

import bisect
import os
from typing import Any

import numpy as np

from ...formats.vrt import VrtFile
from ...report import ERROR_COLUMNS, error_row
from ...spans import Document, Span
from .errortables import NONE, ErrorRow
from .match import STATUSES, Matches
from .run import Run
from .spans import SpanTable

SHEETS = {"recall": "Recall errors", "precision": "Precision errors"}
LEGENDS = {
    "Recall errors": "Each row is a reference span the candidate missed or matched loosely, in its "
    "sentence: 🟩…🟩 in both the reference span and a candidate span; 🟥…🟥 only in the reference "
    "span (missed); 🟧…🟧 only in a candidate span.",
    "Precision errors": "Each row is a candidate span the reference does not support or supports "
    "loosely, in its sentence: 🟩…🟩 in both the candidate span and a reference span; 🟥…🟥 only in "
    "the candidate span (spurious); 🟧…🟧 only in a reference span.",
}
_OWN_EXTRA = ("start", "end", "sentence", "sheet", "context_unit", "context_marked")


# --- JSON (§5.5) ---------------------------------------------------------------------------


def span_json(table: SpanTable, i: int) -> dict[str, Any]:
    s, e = table.starts[i], table.ends[i]
    return {
        "id": table.span_id(i),
        "start": s,
        "end": e,
        "token_id_start": table.token_id(s),
        "token_id_end": table.token_id(e),
        "text": table.texts[i],
        "doc_id": table.doc_id(i),
        "domain": table.domain(i),
        "labels": dict(zip(table.layers, table.labels[i], strict=True)),
        "document": table.document(i),
        "sentence": table.sentence(i),
        "line_start": table.vrt.line(s),
        "line_end": table.vrt.line(e),
    }


def match_json(matches: Matches, i: int) -> dict[str, Any]:
    x, layers = matches.x, matches.x.layers
    s, e = x.starts[i], x.ends[i]
    id_start, id_end, text_y = matches.y_fields(i)
    start_y, end_y = matches.joined[i]
    return {
        "start": s,
        "end": e,
        "token_id_start": x.token_id(s),
        "token_id_end": x.token_id(e),
        "text": x.texts[i],
        "doc_id": x.doc_id(i),
        "domain": x.domain(i),
        "labels": dict(zip(layers, x.labels[i], strict=True)),
        "token_id_start_Y": id_start,
        "token_id_end_Y": id_end,
        "text_Y": text_y,
        "labels_Y": dict(zip(layers, matches.labels_y(i), strict=True)),
        "status": STATUSES[matches.status[i]],
        "start_Y": start_y,
        "end_Y": end_y,
    }


def error_json(matches: Matches, row: ErrorRow) -> dict[str, Any]:
    x, y = matches.x, matches.y
    overlaps = [
        {"start": y.starts[k], "end": y.ends[k], "labels": dict(zip(y.layers, y.labels[k], strict=True))}
        for k in row.overlaps
    ]
    return {
        **row.values,
        "start": x.starts[row.index],
        "end": x.ends[row.index],
        "overlaps": overlaps,
        "window": {"first": row.context.first, "last": row.context.last},
    }


def json_data(run: Run, level: int) -> dict[str, Any]:
    """The method's own JSON keys (the evaluation table at the chosen level)."""
    ref, cand = run.recall.x, run.precision.x
    data: dict[str, Any] = {
        "compatible_with": "clueval 0.4.0.1",
        "inputs": {"reference": run.gold, "candidate": run.system},
        "n_spans": {"reference": len(ref), "candidate": len(cand)},
        "spans": {
            "reference": [span_json(ref, i) for i in range(len(ref))],
            "candidate": [span_json(cand, i) for i in range(len(cand))],
        },
        "recall_table": [match_json(run.recall, i) for i in range(len(run.recall))],
        "precision_table": [match_json(run.precision, i) for i in range(len(run.precision))],
        "class_counts": run.class_counts(),
        "levels": run.levels(),
        "evaluation_table": run.scorer.evaluation_table(level),
    }
    if run.errors:
        data["error_tables"] = {
            side: [error_json(m, r) for r in run.errors[side]]
            for side, m in (("recall", run.recall), ("precision", run.precision))
        }
    return data


# --- documents and spans for the viewer -------------------------------------------------


def _document_runs(vrt: VrtFile) -> list[tuple[str, int]]:
    """(document id, first position) of each run of tokens with the same document."""
    if vrt.doc_ids is not None:
        table: dict[str, int] = {}
        codes = np.fromiter(
            (table.setdefault(d, len(table)) for d in vrt.doc_ids), dtype=np.int64, count=len(vrt)
        )
        starts = [0, *(np.flatnonzero(codes[1:] != codes[:-1]) + 1).tolist()]
        return [(vrt.doc_ids[s], s) for s in starts]
    runs = [("", 0)]
    for position, document, _ in vrt.xml_changes:
        if position >= len(vrt):
            break
        if position == runs[-1][1]:
            runs.pop()
        if not runs or runs[-1][0] != document:
            runs.append((document, position))
    return runs


class DocumentMap:
    """The reference file cut into documents: corpus positions ↔ (document, position in it)."""

    def __init__(self, reference: VrtFile, candidate: VrtFile) -> None:
        runs = _document_runs(reference)
        n = max(len(reference), len(candidate))
        fallback = os.path.basename(reference.path) or "document"
        seen: dict[str, int] = {}
        self.starts = [start for _, start in runs]
        self.documents: list[Document] = []
        sentence_starts = reference.sentence_starts().tolist()
        for k, (name, start) in enumerate(runs):
            end = runs[k + 1][1] if k + 1 < len(runs) else n
            name = name or fallback
            seen[name] = seen.get(name, 0) + 1
            if seen[name] > 1:
                name = f"{name} ({seen[name]})"
            tokens = reference.tokens[start:end]
            if end > len(reference):  # a longer candidate: its extra tokens end the last document
                tokens += candidate.tokens[len(reference) : end]
            self.documents.append(self._document(name, start, end, tokens, sentence_starts, reference))

    @staticmethod
    def _document(
        name: str, start: int, end: int, tokens: list[str], sentence_starts: list[int], reference: VrtFile
    ) -> Document:
        lo, hi = bisect.bisect_right(sentence_starts, start), bisect.bisect_left(sentence_starts, end)
        cuts = [start, *sentence_starts[lo:hi], end]
        units = [(a - start, b - start) for a, b in zip(cuts, cuts[1:], strict=False) if b > a]
        ids = [reference.xml_ids(a + start)[1] if a + start < len(reference) else "" for a, _ in units]
        return Document(name, tokens, units, ids if any(ids) else None)

    def locate(self, position: int) -> tuple[Document, int]:
        """The document holding a corpus position and the position within it."""
        k = max(bisect.bisect_right(self.starts, position) - 1, 0)
        return self.documents[k], position - self.starts[k]


def viewer_spans(table: SpanTable, matches: Matches, documents: DocumentMap, side: str) -> list[Span]:
    """Every span of one side in document positions, with its match class as status."""
    spans = []
    for i in range(len(table)):
        document, start = documents.locate(table.starts[i])
        end = min(start + table.ends[i] - table.starts[i] + 1, len(document))
        attrs = {
            "status": STATUSES[matches.status[i]],
            "line": table.vrt.line(table.starts[i]),
            "labels": dict(zip(table.layers, table.labels[i], strict=True)),
            "id": table.span_id(i),
            "side": side,
        }
        spans.append(Span(start, max(end, start), "/".join(table.labels[i]), document.name, attrs))
    return spans


# --- error rows for the review workbook --------------------------------------------------


def _extra_name(key: str) -> str:
    """§5.4 column names as error-row keys, kept apart from the standard columns."""
    if key == "context":
        return "context_marked"
    return f"{key} (layer)" if key in ERROR_COLUMNS or key in _OWN_EXTRA else key


def _side(
    prefix: str, documents: DocumentMap, spans: list[tuple[int, int]], texts: list[str], labels: str
) -> dict[str, Any]:
    """The standard columns of one side (gold or system) of an error row."""
    if not spans:
        return {}
    document, start = documents.locate(spans[0][0])
    offset = spans[0][0] - start
    return {
        f"{prefix}_label": labels,
        f"{prefix}_start": spans[0][0] - offset,
        f"{prefix}_end": spans[-1][1] + 1 - offset,
        f"{prefix}_parts": [[s - offset, e + 1 - offset] for s, e in spans],
        f"{prefix}_position": " ".join(f"{s}-{e}" for s, e in spans),
        f"{prefix}_text": " | ".join(texts),
    }


def error_rows(run: Run, documents: DocumentMap) -> list[dict[str, Any]]:
    """The error tables as report error rows, recall then precision, each on its own sheet."""
    rows = []
    for side, matches in (("recall", run.recall), ("precision", run.precision)):
        x, y = matches.x, matches.y
        for row in run.errors[side]:
            i = row.index
            own = [(x.starts[i], x.ends[i])]
            other = [(y.starts[k], y.ends[k]) for k in row.overlaps]
            own_side = _side(
                "gold" if side == "recall" else "system", documents, own, [x.texts[i]], "/".join(x.labels[i])
            )
            labels_y = [row.values[f"{layer}_Y"] for layer in y.layers]
            other_side = _side(
                "system" if side == "recall" else "gold",
                documents,
                other,
                [y.texts[k] for k in row.overlaps],
                "" if labels_y[0] == NONE else "/".join(labels_y),
            )
            document, position = documents.locate(x.starts[i])
            unit = document.unit_of(position)
            extra = {_extra_name(k): v for k, v in row.values.items()}
            note = "context from the candidate file (C37)" if row.context.from_candidate else ""
            rows.append(
                error_row(
                    document=document.name,
                    unit=unit + 1,
                    unit_id=document.unit_id(unit) if document.unit_ids else "",
                    type=row.values["error_type"],
                    detail=note,
                    **own_side,
                    **other_side,
                    **extra,
                    start=x.starts[i],
                    end=x.ends[i],
                    sentence=x.sentence(i),
                    sheet=SHEETS[side],
                )
            )
    for number, row in enumerate(rows, 1):
        row["error_id"] = f"E{number}"
    return rows
