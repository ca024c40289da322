"""`nervaluate`: the four schemas of SemEval-2013 task 9.1 (strict, exact, partial,
ent_type) overall and per label, nervaluate 1.2.1's numbers given the spans in document
order, on any span format (positions are tokens where the gold format has tokens)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ...formats.pairing import Paired
from ...formats.spantable import SpanTable, bounds_arrays
from ...options import option
from ...progress import NO_PROGRESS, Progress
from ...report import ColumnRows, Report, Table
from ...same_inputs import as_read
from ...stats import UnitStatistics
from .. import Method, gc_paused, register
from ..span_options import SpanInputOptions
from ..spans.errors import error_rows
from ..spans.inputs import (
    input_files,
    labels_of,
    load,
    only_system_labels,
    plain_options,
    scored,
    span_inputs,
)
from .matching import (
    CORRECT,
    INCORRECT,
    MISSED,
    SCHEMAS,
    SPURIOUS,
    LabelOutcomes,
    Outcome,
    Side,
    components_of,
    evaluate,
    evaluate_per_label,
    in_order,
    metrics,
)
from .units import NervaluateUnits, Scope

COLUMNS = [
    "correct",
    "incorrect",
    "partial",
    "missed",
    "spurious",
    "possible",
    "actual",
    "precision",
    "recall",
    "f1",
]
PERCENT = {"precision": "0.00%", "recall": "0.00%", "f1": "0.00%"}


@dataclass(frozen=True)
class Options(SpanInputOptions):
    errors: bool = option(
        True,
        "List the strict schema's incorrect, missed and spurious spans in the error table.",
        label="Error table",
    )


@register
class Nervaluate(Method):
    name = "nervaluate"
    title = "nervaluate — SemEval-2013 9.1 strict, exact, partial and type matching"
    description = (
        "The four schemas of SemEval-2013 task 9.1 on any span format: strict (same boundaries and "
        "label), exact (same boundaries), partial (overlap, half credit) and ent_type (overlap, same "
        "label), each with correct, incorrect, partial, missed and spurious spans, possible, actual, "
        "precision, recall and F1, overall and per label: the numbers of nervaluate 1.2.1 given the "
        "spans in document order (it matches greedily in list order). Positions are tokens where the "
        "gold format has tokens (CoNLL), else characters. "
        "Reads an INCEpTION project export too (zip or folder): the gold is its curation, the system "
        "one user's annotations, chosen with --system-user."
    )
    Options = Options
    unit = "sentence"  # or the document, where the gold format has no sentences (spans/units.py)
    inputs = span_inputs(
        "Gold annotations: a file or a folder (documents paired by name).",
        "System annotations: a file or a folder, in the same or another span format.",
    )

    def evaluate(
        self, gold: str, system: str, options: Any, progress: Progress = NO_PROGRESS, *, detail: bool = True
    ) -> Report:
        with gc_paused():
            paired = load(gold, system, options, progress)
            progress.update(0.8, "scoring", force=True)
            paired.gold, paired.system = scored(paired.gold, options), scored(paired.system, options)
            names, gold_labels, system_labels = labels_of(paired)
            true, true_index, dropped = _side(paired, paired.gold, gold_labels)
            pred, pred_index, dropped_pred = _side(paired, paired.system, system_labels)
            parts = components_of(true, pred)
            outcomes = evaluate(true, pred, parts)
            overall = {schema: metrics(schema, outcomes[schema].counts) for schema in SCHEMAS}
            evaluated = evaluate_per_label(true, pred, len(names), outcomes, parts)
            per_label, scopes = _per_label(evaluated, names, true_index, pred_index)
            notes = [*paired.warnings, *only_system_labels(paired)]
            if dropped or dropped_pred:
                notes.append(
                    f"{dropped + dropped_pred} spans of length 0 cannot be scored and were left out "
                    f"(gold {dropped}, system {dropped_pred})"
                )
            report = Report(
                self.name,
                self.title,
                as_read(plain_options(options), paired.system_user_left_out),
                input_files(gold, system),
                _tables(overall, per_label),
                messages=notes,
            )
            report.data = {
                "overall": overall,
                "per_label": per_label,
                "paired_by": paired.paired_by,
                "reading": paired.notes,
                "_review": _review(per_label),
                "_units": NervaluateUnits(paired, [Scope(None, true_index, pred_index, outcomes), *scopes]),
            }
            if detail:
                report.documents = paired.documents
                report.gold_spans, report.system_spans = paired.gold, paired.system  # Span objects on demand
                if options.errors:
                    report.set_errors(_errors(paired, outcomes["strict"], true_index, pred_index,
                                             (gold_labels, system_labels)))  # fmt: skip
            progress.update(1.0, "done", force=True)
            return report

    def unit_statistics(self, report: Report) -> UnitStatistics | None:
        from .units import unit_statistics

        return unit_statistics(report)


def _side(paired: Paired, table: SpanTable, labels: np.ndarray) -> tuple[Side, np.ndarray, int]:
    """The spans nervaluate is given: in document order, inclusive ends, token positions in
    documents with tokens; zero-length spans left out. Also each one's index in the table."""
    starts, ends = table.tokens if table.tokens is not None else _token_positions(paired, table)
    keep = np.flatnonzero((table.ends > table.starts) & (ends >= starts))
    keys = (labels[keep], ends[keep], starts[keep], table.docs[keep])
    order = keep if in_order(keys) else keep[np.lexsort(keys)]
    side = Side(table.docs[order], starts[order], ends[order], labels[order])
    return side, order, len(table) - len(keep)


def _token_positions(paired: Paired, table: SpanTable) -> tuple[np.ndarray, np.ndarray]:
    """Each span's first and last position: its tokens in documents with tokens (found from
    its characters), else its characters."""
    starts, ends = table.starts.copy(), table.ends - 1
    by_document = np.argsort(table.docs, kind="stable")
    cuts = np.searchsorted(table.docs[by_document], np.arange(len(paired.documents) + 1))
    for number, doc in enumerate(paired.documents):
        chosen = by_document[cuts[number] : cuts[number + 1]]
        if doc.token_bounds is not None and len(chosen):
            token_starts, token_ends = bounds_arrays(doc.token_bounds)
            starts[chosen] = np.searchsorted(token_ends, table.starts[chosen], side="right")
            ends[chosen] = np.searchsorted(token_starts, table.ends[chosen], side="left") - 1
    return starts, ends


def _per_label(evaluated: LabelOutcomes, names: list[str], true_index: np.ndarray, pred_index: np.ndarray
               ) -> tuple[dict[str, dict[str, Any]], list[Scope]]:  # fmt: skip
    """The metrics per label, and each label's evaluation (for the unit counts)."""
    result, scopes = {}, []
    for label in sorted(evaluated, key=lambda i: names[i]):
        in_true, in_pred, outcomes = evaluated[label]
        result[names[label]] = {schema: metrics(schema, outcomes[schema].counts) for schema in SCHEMAS}
        scopes.append(Scope(names[label], true_index[in_true], pred_index[in_pred], outcomes))
    return result, scopes


def _tables(overall: dict[str, Any], per_label: dict[str, Any]) -> dict[str, Table]:
    tables = {
        "overall": Table(
            ["schema", *COLUMNS],
            [[s, *(overall[s][c] for c in COLUMNS)] for s in SCHEMAS],
            "Overall (nervaluate)",
            formats=PERCENT,
        )
    }
    for schema in SCHEMAS:
        rows = [[label, *(values[schema][c] for c in COLUMNS)] for label, values in per_label.items()]
        tables[f"per_label_{schema}"] = Table(
            ["label", *COLUMNS], rows, f"Per label: {schema}", formats=PERCENT
        )
    return tables


def _review(per_label: dict[str, Any]) -> dict[str, Any]:
    """The strict schema as TP/FP/FN counts per label, for reviewed scores."""
    counts = {}
    for label, values in per_label.items():
        c = values["strict"]
        counts[label] = {
            "TP": c["correct"],
            "FP": c["incorrect"] + c["spurious"],
            "FN": c["incorrect"] + c["missed"],
        }
    return {
        "counts": counts,
        "effects": {
            "missed": [["FN", "gold", -1]],
            "spurious": [["FP", "system", -1], ["TP", "system", 1]],
            "incorrect": [["FP", "system", -1], ["FN", "gold", -1], ["TP", "system", 1]],
        },
    }


#: The error type of each status but CORRECT.
KINDS = {SPURIOUS: "spurious", MISSED: "missed", INCORRECT: "incorrect"}


def _errors(paired: Paired, strict: Outcome, true_index: np.ndarray, pred_index: np.ndarray,
            labels: tuple[np.ndarray, np.ndarray]) -> ColumnRows:  # fmt: skip
    """The strict schema's incorrect, spurious and missed spans, in document order (then
    start, missed before the others); `labels`: each side's label numbers in one list."""
    wrong = np.flatnonzero(strict.pred_status != CORRECT)
    missed = np.flatnonzero(strict.true_status == MISSED)
    partner = strict.pred_partner[wrong]
    partnered = np.full(len(wrong), -1, dtype=np.int64)
    partnered[partner >= 0] = true_index[partner[partner >= 0]]
    system = np.concatenate([pred_index[wrong], np.full(len(missed), -1, dtype=np.int64)])
    gold = np.concatenate([partnered, true_index[missed]])
    status = np.concatenate([strict.pred_status[wrong], np.full(len(missed), MISSED)]).astype(np.int64)
    found = (paired.system, pred_index[wrong]), (paired.gold, true_index[missed])
    docs = np.concatenate([table.docs[index] for table, index in found])
    starts = np.concatenate([table.starts[index] for table, index in found])
    order = np.lexsort((status, gold, system, system >= 0, starts, docs))
    gold, system, status = gold[order], system[order], status[order]
    types = [KINDS[s] for s in status.tolist()]
    return error_rows(paired, docs[order], gold, system, types, _subtypes(paired, gold, system, labels))


def _subtypes(paired: Paired, gold: np.ndarray, system: np.ndarray, labels: tuple[np.ndarray, np.ndarray]
              ) -> list[str]:  # fmt: skip
    """An incorrect span's subtype: label (same bounds), boundary (same label) or
    label+boundary; "" for the others."""
    both = (gold >= 0) & (system >= 0)
    g, s = gold[both], system[both]
    same_start = paired.gold.starts[g] == paired.system.starts[s]
    same_bounds = same_start & (paired.gold.ends[g] == paired.system.ends[s])
    same_label = labels[0][g] == labels[1][s]
    subtypes = np.full(len(gold), "", dtype=object)
    subtypes[both] = np.where(same_bounds, "label", np.where(same_label, "boundary", "label+boundary"))
    return subtypes.tolist()
