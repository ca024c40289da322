"""One CLUEval evaluation: read both files, build the span tables, match both ways, score
every level and (on request) build the error tables. The Run object stays in the report
(report.data["_run"]) so that another leniency level or an extra output needs no second
reading of the files."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...blocks import first_difference
from ...errors import FileWarning, InputError
from ...formats.vrt import VrtFile, read_vrt
from ...progress import NO_PROGRESS, Progress
from ...spans import Document
from ...textio import check_input
from .. import span_adapter
from .errortables import ErrorRow, Sentences, error_table
from .errortables import columns as error_columns
from .match import STATUSES, Matches, match
from .match import columns as match_columns
from .render import PlainTable
from .scores import EVALUATION_COLUMNS, LEVELS, Scorer, Scoring
from .settings import DEFAULT_ERROR_TYPES, Options
from .spans import SpanTable, column_spans, combine

#: The --format CLUEval reads itself (vertical files), not by the span readers.
OWN_FORMATS = ("vrt",)

EVALUATION_DTYPES = {
    "P": "float64",
    "R": "float64",
    "F1": "float64",
    "TP_Precision": "int64",
    "TP_Recall": "int64",
    "FP": "int64",
    "FN": "int64",
    "Support": "int64",
}
MATCH_DTYPES = {"start": "int64", "end": "int64", "start_Y": "Int64", "end_Y": "Int64"}


def read_side(
    path: str, options: Options, warnings: list[str], progress: Progress, done: float, share: float
) -> tuple[VrtFile, SpanTable]:
    """One file as a span table after the combined model (§2, §3.1)."""
    progress.update(done, f"reading {path}", force=True)
    vrt = read_vrt(
        path, options.layout(), on_progress=lambda f: progress.update(done + share * f, f"reading {path}")
    )
    warnings.extend(vrt.warnings)
    columns = column_spans(vrt, warnings)
    table = combine(vrt, options.layers, columns)
    if not len(table):
        warnings.append(FileWarning(path, "no span in any BIO column"))
    return vrt, table


def compare_tokens(reference: VrtFile, candidate: VrtFile, warnings: list[str]) -> None:
    """C16: the original never compares the two files; Span Studio says where they differ."""
    a, b = reference.tokens, candidate.tokens
    if len(a) != len(b):
        warnings.append(
            f"{reference.path} has {len(a)} tokens, {candidate.path} has {len(b)}; "
            "positions are compared as numbers"
        )
    p = first_difference(a, b)
    if p is None:
        return
    warnings.append(
        FileWarning(candidate.path, f"token {b[p]!r} at position {p} differs from {reference.path}:"
                                    f"{reference.line(p)} {a[p]!r}; positions are compared as numbers",
                    candidate.line(p))
    )  # fmt: skip


@dataclass
class Run:
    """Everything one evaluation computed, kept for rescoring and for extra outputs."""

    gold: str
    system: str
    options: Options
    reference: VrtFile
    candidate: VrtFile
    recall: Matches
    precision: Matches
    scorer: Scorer
    warnings: list[str]  # reading and option warnings (not level-dependent)
    errors: dict[str, list[ErrorRow]] = field(default_factory=dict)  # "recall", "precision"
    texts: list[Document] | None = None  # span formats: the documents, tokens in corpus order
    system_user_left_out: bool = False  # span formats: system A's user not applied (Paired's)

    @property
    def layers(self) -> tuple[str, ...]:
        return self.options.layers

    @property
    def read_itself(self) -> bool:
        """Whether CLUEval read its own vertical files (without the reader options): no texts."""
        return self.texts is None

    # --- scores ----------------------------------------------------------------------

    def evaluation(self, level: int) -> PlainTable:
        rows = [[row[c] for c in EVALUATION_COLUMNS] for row in self.scorer.evaluation_table(level)]
        return PlainTable(list(EVALUATION_COLUMNS), rows, EVALUATION_DTYPES)

    def messages(self, level: int) -> list[str]:
        """The warnings of the run at a level (C28, C30 and C31 come from scoring)."""
        messages = list(self.warnings)
        span = self.scorer.span_row(level)
        if len(self.recall) and len(self.precision) and span["P"] + span["R"] == 0:
            messages.append(f"no span is a hit at level {level}; P, R and F1 are 0.0")
        filtered = self.scorer.filtered
        if filtered is not None and not sum(filtered[0]) and not sum(filtered[1]):
            messages.append(
                f"--filter-value: no span has '{self.options.filter_value}' in layer "
                f"'{self.options.filter_layer}'"
            )
        for layer, categories in self.scorer.labelled:
            if not categories:
                messages.append(f"--labelled: layer '{layer}' has no label other than O")
        return messages

    def class_counts(self) -> dict[str, dict[str, int]]:
        return {
            "recall": dict(zip(STATUSES, self.scorer.recall_counts, strict=True)),
            "precision": dict(zip(STATUSES, self.scorer.precision_counts, strict=True)),
        }

    def levels(self) -> dict[str, Any]:
        return {str(level): self.scorer.level(level) for level in LEVELS}

    # --- tables ---------------------------------------------------------------------

    def match_table(self, matches: Matches) -> PlainTable:
        """The match table of §3.3 (its rows made once per side)."""
        return PlainTable(match_columns(self.layers), matches.rows, MATCH_DTYPES)

    def error_types(self) -> tuple[str, ...]:
        return self.options.error_types or DEFAULT_ERROR_TYPES

    def ensure_errors(self) -> dict[str, list[ErrorRow]]:
        """The error tables of the selected types (§5.3), computed once."""
        if not self.errors:
            types, opts = self.error_types(), self.options
            reference, candidate = Sentences(self.reference), Sentences(self.candidate)
            left, right = opts.context_left, opts.context_right
            self.errors = {
                "recall": error_table(self.recall, types, reference, None, left, right),
                "precision": error_table(self.precision, types, reference, candidate, left, right),
            }
        return self.errors

    def error_plain(self, side: str) -> PlainTable:
        """An error table of §5.4 as the original writes it."""
        cols = error_columns(self.layers)
        return PlainTable(cols, [[row.values[c] for c in cols] for row in self.ensure_errors()[side]], {})


def evaluate_files(
    gold: str, system: str, options: Options, warnings: list[str], progress: Progress = NO_PROGRESS
) -> Run:
    """Read, combine, match and score (the scores of every level come from the counts)."""
    for path in (gold, system):
        check_input(path)  # a device or FIFO is refused (reading it could last forever)
    if span_adapter.span_format_inputs(gold, system, options, OWN_FORMATS):
        from .spanformats import read_span_formats  # the span formats' reading: only for them

        reference, candidate, texts, user_left_out = read_span_formats(gold, system, options, warnings)
        ref_table = combine(reference, options.layers, column_spans(reference, warnings))
        cand_table = combine(candidate, options.layers, column_spans(candidate, warnings))
    else:
        texts, user_left_out = None, False
        for path in (gold, system):
            if not os.path.isfile(path):
                raise _not_a_file(path)
        warnings += span_adapter.read_itself(options, OWN_FORMATS, "CLUEval reads vertical files itself")
        reference, ref_table = read_side(gold, options, warnings, progress, 0.0, 0.4)
        candidate, cand_table = read_side(system, options, warnings, progress, 0.4, 0.4)
    compare_tokens(reference, candidate, warnings)
    progress.update(0.85, "matching spans", force=True)
    recall = match(ref_table, cand_table)
    precision = match(cand_table, ref_table)
    progress.update(0.95, "scoring", force=True)
    scoring = Scoring(
        options.layers, tuple(options.labelled or ()), options.filter_layer, options.filter_value
    )
    scorer = Scorer(recall, precision, scoring)
    return Run(gold, system, options, reference, candidate, recall, precision, scorer, warnings, texts=texts,
               system_user_left_out=user_left_out)


def _not_a_file(path: str) -> InputError:
    """What CLUEval reads where an input is no file: one vertical file a side, or a folder
    of an annotation tool's files (read_spans reads those; the folder is not one of them)."""
    if not os.path.isdir(path):
        return InputError("an existing file", "nothing", file=path)
    from ...formats.folders import listed

    try:
        files = listed(Path(path), _one_a_side())
    except InputError as err:  # a folder it may not list: said, not an internal error
        return err
    return folder_refused(path, files)


def _one_a_side() -> str:
    """What CLUEval reads of each side: one vertical file, or a folder the span readers read."""
    from ...formats import annotation_tool_readers, format_module
    from ...formats.suggest import described
    from ...options import either

    tools = either(tuple(described(format_module(name).TITLE) for name in annotation_tool_readers()))
    return (f"a file of {described(format_module('vrt').TITLE)}, one a side (a folder only of "
            f"{tools} files, or an INCEpTION project export)")  # fmt: skip


def folder_refused(path: str, files: list[Path]) -> InputError:
    """What CLUEval's run says of a folder it reads with its own reader (`files`: its visible
    files, listed): one vertical file a side, or a folder the span readers read."""
    from ...formats.folders import listed_names

    count = f"{len(files)} file{'' if len(files) == 1 else 's'}"
    found = f"a folder of {count} ({listed_names(files)})" if files else "an empty folder"
    return InputError(_one_a_side(), found, file=path)
