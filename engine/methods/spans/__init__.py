"""`spans`: exact-span precision, recall and F1 per label with micro, macro and weighted
averages — seqeval 1.2.2's numbers (strict mode for the scheme in use, or its default
mode with --reading conlleval), on any span format, nested and overlapping spans too."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ...options import option
from ...progress import NO_PROGRESS, Progress
from ...report import ColumnRows, Report, Table
from ...same_inputs import as_read
from ...stats import UnitStatistics
from .. import Method, gc_paused, register
from ..span_options import SpanInputOptions
from .errors import error_rows
from .inputs import (
    input_files,
    labels_of,
    load,
    only_system_labels,
    plain_options,
    scored,
    span_inputs,
)
from .scoring import AVERAGES, classification_report, counts, match, span_rows
from .units import SpanUnits

PERCENT = {"precision": "0.00%", "recall": "0.00%", "f1-score": "0.00%"}


@dataclass(frozen=True)
class Options(SpanInputOptions):
    errors: bool = option(True, "List every missed (FN) and spurious (FP) span in the error table.",
                          label="Error table")  # fmt: skip


@register
class Spans(Method):
    name = "spans"
    title = "Exact spans — precision, recall and F1 per label (seqeval)"
    description = (
        "Exact-span evaluation on any span format (WebAnno TSV, UIMA XMI, brat, Label Studio, doccano, "
        "CoNLL columns): a system span counts when a gold span has the same document, start, end and "
        "label. Precision, recall and F1 per label with TP/FP/FN, and their micro, macro and weighted "
        "averages: the numbers of seqeval 1.2.2 (strict mode for the tag scheme in use; with --reading "
        "conlleval its default mode, as conlleval.pl reads ill-formed tags). Spans are compared as sets, "
        "so nested and overlapping spans are scored too. "
        "Reads an INCEpTION project export too (zip or folder): the gold is its curation, the system "
        "one user's annotations, chosen with --system-user."
    )
    Options = Options
    unit = "sentence"  # or the document, where the gold format has no sentences (units.py)
    inputs = span_inputs(
        "Gold annotations: a file or a folder (documents paired by name).",
        "System annotations: a file or a folder, in the same or another span format.",
    )

    def evaluate(self, gold: str, system: str, options: Any, progress: Progress = NO_PROGRESS, *,
                 detail: bool = True) -> Report:  # fmt: skip
        with gc_paused():
            paired = load(gold, system, options, progress)
            progress.update(0.8, "scoring", force=True)
            gold_table, system_table = scored(paired.gold, options), scored(paired.system, options)
            paired.gold, paired.system = gold_table, system_table
            names, gold_labels, system_labels = labels_of(paired)
            pieces: dict[tuple, int] | None = {} if options.discontinuous == "all-fragments" else None
            gold_rows = span_rows(gold_table, gold_labels, pieces)
            m = match(gold_rows, span_rows(system_table, system_labels, pieces))
            c = counts(names, gold_labels, system_labels, m)
            report_dict = classification_report(c)
            notes = [*paired.warnings, *only_system_labels(paired)]
            read = as_read(plain_options(options), paired.system_user_left_out)
            report = Report(self.name, self.title, read, input_files(gold, system),
                            _tables(report_dict, c), messages=notes)  # fmt: skip
            report.data = {
                "classification_report": report_dict,
                "paired_by": paired.paired_by,
                "reading": paired.notes,
                "_review": _review(c),
                "_units": SpanUnits(paired, gold_labels, system_labels, names, m, c),
            }
            if detail:
                report.documents = paired.documents
                report.gold_spans, report.system_spans = gold_table, system_table  # Span objects on demand
                if options.errors:
                    report.set_errors(_errors(paired, m))
            progress.update(1.0, "done", force=True)
            return report

    def unit_statistics(self, report: Report) -> UnitStatistics | None:
        from .units import unit_statistics

        return unit_statistics(report)


def _tables(report: dict[str, dict[str, Any]], c: Any) -> dict[str, Table]:
    columns = ["label", "TP", "FP", "FN", "precision", "recall", "f1-score", "support"]
    rows = []
    for i, label in enumerate(c.labels):
        r = report[label]
        rows.append([label, int(c.tp[i]), int(c.pred[i] - c.tp[i]), int(c.true[i] - c.tp[i]),
                     r["precision"], r["recall"], r["f1-score"], r["support"]])  # fmt: skip
    tp, pred, true = int(c.tp.sum()), int(c.pred.sum()), int(c.true.sum())
    for name in AVERAGES:
        r = report[name]
        counted = [tp, pred - tp, true - tp] if name == "micro avg" else ["", "", ""]
        rows.append([name, *counted, r["precision"], r["recall"], r["f1-score"], r["support"]])
    return {"scores": Table(columns, rows, "Exact spans per label (seqeval)", formats=PERCENT)}


def _review(c: Any) -> dict[str, Any]:
    return {
        "counts": {label: {"TP": int(c.tp[i]), "FP": int(c.pred[i] - c.tp[i]), "FN": int(c.true[i] - c.tp[i])}
                   for i, label in enumerate(c.labels)},  # fmt: skip
        "effects": {"FN": [["FN", "gold", -1]], "FP": [["FP", "system", -1], ["TP", "system", 1]]},
    }


def _errors(paired: Any, m: Any) -> ColumnRows:
    """A row per missed gold span (FN) and per spurious system span (FP), in document order
    (then start, end, gold before system)."""
    gold = np.flatnonzero(~m.gold_matched & m.gold_first)
    system = np.flatnonzero(~m.system_matched & m.system_first)
    index = np.concatenate([gold, system])
    on_system = np.repeat(np.array([0, 1]), [len(gold), len(system)])
    docs = np.concatenate([paired.gold.docs[gold], paired.system.docs[system]])
    starts = np.concatenate([paired.gold.starts[gold], paired.system.starts[system]])
    ends = np.concatenate([paired.gold.ends[gold], paired.system.ends[system]])
    order = np.lexsort((index, on_system, ends, starts, docs))
    index, on_system = index[order], on_system[order].astype(bool)
    types = np.where(on_system, "FP", "FN").tolist()
    return error_rows(paired, docs[order], np.where(on_system, -1, index), np.where(on_system, index, -1),
                      types, [""] * len(order))  # fmt: skip
