"""Page-level poetry span evaluation (Princeton CDH corppa), exactly as the original.

specs/poetry.md is the contract; this package follows its sections: reading
(engine.formats.poetry_jsonl, §2), compare (§3–§4.1), render (§5), detail (§6.2–§6.3).
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...errors import FileWarning, InputError
from ...formats.poetry_jsonl import REFERENCE, SYSTEM, nothing_read, quote_id, require_file
from ...options import option
from ...paths import file_path
from ...progress import NO_PROGRESS, Progress
from ...report import InputFile, Report
from ...writing import output_error
from .. import InputSpec, Invocation, Method, OutputSpec, gc_paused, register
from .columns import Scores, SplitError, row_numbers, score_rows
from .reading import Codes, read_pages
from .render import COLUMNS, csv_text, json_rows, overall_line
from .rows import Rows
from .summary import Totals, Warnings, corpus_scores, tables

if TYPE_CHECKING:
    from ...stats import UnitStatistics
    from .detail import RunPages

WEIGHT_FLAG = "--partial-match-weight"


@dataclass(frozen=True)
class Options:
    ignore_label: bool = option(
        False, "Ignore poem ids: merge overlapping system spans and match spans by position only.",
        label="Ignore labels",
    )  # fmt: skip
    partial_match_weight: float = option(
        1.0, "Credit for a partial match, as a multiple of its overlap factor (exact matches "
        "always earn 1). A finite number ≥ 0; above 1 scores can exceed 1.",
        minimum=0.0, metavar="W", cli=False,
    )  # fmt: skip
    texts: str | None = option(
        None, "Page texts for context: a JSONL file with page_id (or id) and text per line. "
        "Without it, a 'text' field in the reference file is used where present.",
        path=True, metavar="PAGES.jsonl", label="Page texts",
    )  # fmt: skip


@register
class Poetry(Method):
    name = "poetry"
    unit = "page"
    title = "Poetry spans — page-level poem excerpt evaluation (corppa)"
    description = (
        "The Princeton CDH corppa evaluation of poetry excerpts found on book pages: each "
        "reference excerpt is mapped to the system span it overlaps best (same poem id), a "
        "system span covering several excerpts is split at their starts, and every pair "
        "earns 1 when exact or its overlap factor (times the partial-match weight) when "
        "partial. Writes the original's CSV of precision, recall and span/poem counts per "
        "page, prints the mean precision and recall, and adds micro and macro scores over "
        "all pages. Reads the original's JSON Lines files (compressed ones too)."
    )
    Options = Options
    inputs = (
        InputSpec("gold", "reference", "Reference spans: JSON Lines, one page per line "
                  "(page_id, n_excerpts, excerpts).", formats=("poetry_jsonl",)),
        InputSpec("system", "system", "System spans: JSON Lines, one page per line "
                  "(page_id, n_spans, poem_spans).", formats=("poetry_jsonl",)),
    )  # fmt: skip
    text_hint = (
        "To see the spans in their text, choose the page texts under Options → Page texts (JSON "
        "Lines with page_id and text) and evaluate again."
    )
    outputs = (
        OutputSpec("csv", "Write the original's per-page CSV here (a new file: never overwritten).",
                   metavar="OUTPUT.csv"),
    )  # fmt: skip

    def evaluate(
        self,
        gold: str,
        system: str,
        options: Any,
        progress: Progress = NO_PROGRESS,
        *,
        detail: bool = True,
    ) -> Report:
        weight = check_weight(options.partial_match_weight, repr(options.partial_match_weight))
        with gc_paused():
            return Run(gold, system, options, weight, progress, detail).report()

    def review_basis(self, report: Report) -> dict[str, Any]:
        """Span counts over all pages: a reviewer's accepted spurious span becomes a match,
        an accepted missed span is withdrawn (partial matches already count as matches)."""
        counts = report.data["corpus"]["counts"]
        matches, misses, spurious = (counts[k] for k in COLUMNS[3:6])
        return {
            "label": "spans",
            "counts": {"spans": {"TP": matches, "FP": spurious, "FN": misses}},
            "effects": {
                "missed": [["FN", "gold", -1]],
                "spurious": [["FP", "system", -1], ["TP", "system", 1]],
            },
        }

    def unit_statistics(self, report: Report) -> UnitStatistics | None:
        from .units import unit_statistics

        return unit_statistics(report)

    def run_options(self, args: argparse.Namespace, options: Any) -> Any:
        """The options without the CSV (compare writes none)."""
        if args.weight_text is not None:
            weight = check_weight(_number(args.weight_text), f"'{args.weight_text}'")
            options = dataclasses.replace(options, partial_match_weight=weight)
        return options

    def render_output(self, name: str, report: Report) -> str:
        """The CSV, the collector paused (as during the run): its 100,000s of row tuples
        would otherwise set off a full collection over everything the run holds."""
        with gc_paused():
            return csv_text(*report.data["_pages"])

    def output_path(self, name: str, value: str) -> Path | None:
        return file_path(value)

    def console_text(self, report: Report, invocation: Invocation, json_to_stdout: bool) -> tuple[str, str]:
        line = report.data["overall"]["line"] + "\n"
        return ("", line) if json_to_stdout else (line, "")

    # --- command line --------------------------------------------------------------

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        group = parser.add_argument_group("evaluation options (continued)")
        group.add_argument(
            WEIGHT_FLAG, metavar="W", dest="weight_text", default=None,
            help="Credit for a partial match, as a multiple of its overlap factor; a finite "
            "number ≥ 0 (above 1 scores can exceed 1). (default: 1)",
        )  # fmt: skip
        group.add_argument(
            "--progress", action=argparse.BooleanOptionalAction, default=None,
            help="Accepted for command lines written for the original; Span Studio shows no "
            "progress bar on the command line.",
        )  # fmt: skip

    def invocation(self, args: argparse.Namespace, options: Any) -> Invocation:
        """The original's checks, in its order: inputs exist, then the CSV is new (§6.1)."""
        if args.gold is None or args.system is None or args.out_csv is None:
            raise InputError("REFERENCE.jsonl SYSTEM.jsonl OUTPUT.csv", "fewer arguments", option="poetry")
        require_file(args.gold)
        require_file(args.system)
        if options.texts is not None:
            require_file(options.texts)
        check_new_file(args.out_csv)
        if args.weight_text is not None:
            weight = check_weight(_number(args.weight_text), f"'{args.weight_text}'")
            options = dataclasses.replace(options, partial_match_weight=weight)
        return Invocation(args.gold, args.system, options, {"csv": args.out_csv})


def _number(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        return math.nan


def check_weight(weight: float, shown: str) -> float:
    """P21: a finite weight ≥ 0, else InputError naming the flag."""
    if not (isinstance(weight, int | float) and math.isfinite(weight) and weight >= 0):
        raise InputError("a finite number ≥ 0", shown, option=WEIGHT_FLAG)
    return weight


def check_new_file(path: str) -> None:
    """P22: the CSV is never overwritten, and its folder must exist; a name the system
    refuses (too long, a loop of links on the way) is said so."""
    target = Path(path)
    try:
        os.lstat(target)  # a link counts as existing, where it leads or not
    except (FileNotFoundError, NotADirectoryError):
        pass
    except OSError as err:
        raise output_error(err, path) from None
    else:
        raise InputError("a new file", "an existing one (not overwriting)", file=path)
    if not target.parent.is_dir():
        raise InputError("an existing folder", "none", file=path)


class Run:
    """One evaluation: both files read into columns, the rows checked, all pages scored at once."""

    def __init__(self, gold: str, system: str, options: Options, weight: float,
                 progress: Progress, detail: bool) -> None:  # fmt: skip
        self.gold, self.system = gold, system
        self.options = options
        self.weight = weight
        self.progress = progress
        self.detail = detail
        self.warn = Warnings()
        self.page_ids: list[Any] = []  # per CSV row
        self.scores: list[tuple[Any, ...]] = []  # the numbers of each CSV row (columns.row_numbers)
        self.pages: RunPages | None = None  # with detail
        self.reading = 0.75 if detail else 1.0  # reading and scoring's part of the progress bar

    def report(self) -> Report:
        require_file(self.gold)
        require_file(self.system)
        if self.weight > 1:
            self.warn("weight", f"{WEIGHT_FLAG} {self.weight:g} is above 1: a partial match earns more "
                      "than its overlap and scores can exceed 1")  # fmt: skip
        codes = Codes()
        system = read_pages(self.system, SYSTEM, False, codes, hashed=self.detail)
        self.progress.update(self.reading * 0.4, "reading the reference file")
        reference = read_pages(self.gold, REFERENCE, True, codes, hashed=self.detail)
        rows = Rows(reference, system, self.warn)
        self.progress.update(self.reading * 0.8, "scoring pages")
        scores = self._score(rows, codes)
        if rows.error is not None:
            raise rows.error
        if not rows.count:
            raise InputError("at least one page", nothing_read(self.gold), file=self.gold)
        self.page_ids = reference.ids
        self.scores = row_numbers(scores)
        self._warn_unused(rows.n_system_ids - rows.system_lines_used())
        if self.detail:
            self._pages(reference, rows, scores, list(codes))
        self.progress.update(self.reading, "scoring", force=True)
        inputs = [InputFile("gold", self.gold, reference.sha256),
                  InputFile("system", self.system, system.sha256)]  # fmt: skip
        return self._build(inputs, Totals.of(scores), {"_pages": (self.page_ids, self.scores)})

    def _score(self, rows: Rows, codes: dict[Any, int]) -> Scores:
        """All rows scored at once; the split error of the first row that has one."""
        empty = codes.setdefault("", len(codes))
        try:
            ignore_label = self.options.ignore_label
            # len(codes) counts the labels of lines read whole, coded by rows.spans
            return score_rows(*rows.spans(codes), rows.count, ignore_label, self.weight, len(codes), empty)
        except SplitError as err:
            raise _split_error(err, rows.reference.ids[err.row], self.gold, err.row + 1) from None

    def _pages(self, reference: Any, rows: Rows, scores: Scores, labels: list[Any]) -> None:
        from .detail import RunPages, page_texts  # only runs with detail need the module

        texts = page_texts(reference.ids, reference.texts, self.options.texts)
        self.pages = RunPages(scores, labels, reference.ids, (rows.system_line + 1).tolist(), texts)

    def _warn_unused(self, unused: int) -> None:
        if unused:
            said = (f"{unused} page{'s' if unused != 1 else ''} not in {self.gold} ignored, as in the "
                    "original (no row, no spurious count)")  # fmt: skip
            self.warn("unused", FileWarning(self.system, said))

    def _build(self, inputs: list[InputFile], totals: Totals, private: dict[str, Any]) -> Report:
        corpus = corpus_scores(totals)
        macro = corpus["macro"]
        line = overall_line(totals.pages, macro["precision"], macro["recall"])
        data: dict[str, Any] = {
            "inputs": {"reference": self.gold, "system": self.system},
            "columns": list(COLUMNS),
            "rows": json_rows(self.page_ids, self.scores) if self.detail else [],
            "overall": {
                "pages": totals.pages,
                "precision": macro["precision"],
                "recall": macro["recall"],
                "line": line,
            },  # fmt: skip
            "corpus": corpus,
            **private,
        }
        report = Report(
            method=Poetry.name,
            title=Poetry.title,
            options={
                "ignore_label": self.options.ignore_label,
                "partial_match_weight": self.weight,
                "texts": self.options.texts,
            },  # fmt: skip
            inputs=inputs,
            tables=tables(corpus),
            messages=self.warn.finish(),
            data=data,
        )
        if self.detail:
            from .detail import fill_detail, pages_table

            report.tables["pages"] = pages_table(self.page_ids, self.scores)
            fill_detail(report, self.pages, self.options.ignore_label, self.progress, self.reading)
            self.progress.update(1.0, "done", force=True)
        return report


def _split_error(err: SplitError, page_id: Any, name: str, number: int) -> InputError:
    """P11: overlapping references would split a system span into an empty piece."""
    (a_start, a_end, *_), (b_start, b_end, *_) = err.first, err.second
    start, end = err.piece
    kind = "empty" if end == start else "reversed"
    return InputError(
        "reference spans that do not overlap where one system span covers them",
        f"({a_start},{a_end}) and ({b_start},{b_end}) on page {quote_id(page_id)} "
        f"(the split piece would be {kind})",
        file=name,
        line=number,
    )
