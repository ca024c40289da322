"""Page-level poetry span evaluation (Princeton CDH corppa), exactly as the original.

specs/poetry.md is the contract; this package follows its sections: reading
(engine.formats.poetry_jsonl, §2), compare (§3–§4.1), render (§5), detail (§6.2–§6.3).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...errors import InputError
from ...formats.poetry_jsonl import (
    CONTAINERS,
    REFERENCE,
    SYSTEM,
    JsonLines,
    page_id_of,
    quick_spans,
    quote_id,
    require_file,
    spans_of,
)
from ...options import option
from ...progress import NO_PROGRESS, Progress
from ...report import InputFile, Report
from .. import InputSpec, Invocation, Method, OutputSpec, gc_paused, register
from .compare import PageDetail, SplitError, score_page
from .render import COLUMNS, csv_text, json_rows, overall_line
from .summary import Totals, Warnings, corpus_scores, tables

if TYPE_CHECKING:
    from ...stats import UnitStatistics
    from .detail import PageRecord

WEIGHT_FLAG = "--partial-match-weight"
_MISSING = object()


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
        return csv_text(*report.data["_pages"])

    def output_path(self, name: str, value: str) -> Path | None:
        return Path(value)

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
    """P22: the CSV is never overwritten, and its folder must exist."""
    target = Path(path)
    if target.exists() or target.is_symlink():
        raise InputError("a new file", "an existing one (not overwriting)", file=path)
    if not target.parent.is_dir():
        raise InputError("an existing folder", "none", file=path)


class SystemIndex:
    """The system file by page id (the last line of an id wins, P17); a page's spans are
    checked and read when a reference line first asks for it."""

    def __init__(self, path: str, warn: Warnings, progress: Progress, share: float) -> None:
        self.name = path
        self.file = JsonLines(path, path)
        self.pages: dict[Any, list[Any]] = {}
        self._read(warn, progress, share)

    def _read(self, warn: Warnings, progress: Progress, share: float) -> None:
        pages, name, size = self.pages, self.name, max(self.file.size, 1)
        for number, page in self.file:
            page_id = page_id_of(page, name, number)
            earlier = pages.get(page_id)
            if earlier is not None:
                warn("system-repeat", f"{name}:{number}: page {quote_id(page_id)} is also on line "
                     f"{earlier[0]}; the last line is used, as in the original")  # fmt: skip
            spans = quick_spans(page, SYSTEM)  # the page itself is kept only when it needs a message
            pages[page_id] = [number, None, spans] if spans is not None else [number, page, None]
            if number & 1023 == 0:
                progress.update(share * self.file.position / size, "reading the system file")

    def spans_at(self, entry: list[Any], warn: Warnings) -> list[Any]:
        """The spans of an entry [line, page, None] that quick_spans could not read:
        checked when a reference line first asks for it (unused lines are not)."""
        entry[2] = spans_of(entry[1], SYSTEM, self.name, entry[0], warn)
        entry[1] = None  # the spans are all that is needed from now on
        return entry[2]


class Run:
    """One evaluation: the system file indexed, then the reference file page by page."""

    def __init__(self, gold: str, system: str, options: Options, weight: float,
                 progress: Progress, detail: bool) -> None:  # fmt: skip
        self.gold, self.system = gold, system
        self.options = options
        self.weight = weight
        self.progress = progress
        self.detail = detail
        self.warn = Warnings()
        self.page_ids: list[Any] = []  # per CSV row
        self.scores: list[tuple[Any, ...]] = []  # score_page's numbers per CSV row
        self.records: list[PageRecord] = []  # with detail
        self.reading = 0.75 if detail else 1.0  # reading and scoring's part of the progress bar

    def report(self) -> Report:
        require_file(self.gold)
        require_file(self.system)
        if self.weight > 1:
            self.warn("weight", f"{WEIGHT_FLAG} {self.weight:g} is above 1: a partial match earns more "
                      "than its overlap and scores can exceed 1")  # fmt: skip
        sizes = (Path(self.system).stat().st_size, Path(self.gold).stat().st_size)
        share = sizes[0] / max(sum(sizes), 1) * self.reading  # of the progress bar
        index = SystemIndex(self.system, self.warn, self.progress, share)
        texts = None
        if self.detail and self.options.texts:
            from .detail import read_texts  # only runs with detail need the module

            texts = read_texts(self.options.texts)
        reference = JsonLines(self.gold, self.gold)
        asked = self._pages(reference, index, texts, share)
        if not self.page_ids:
            raise InputError("at least one page", "none", file=self.gold)
        self._warn_unused(len(index.pages) - asked)
        self.progress.update(self.reading, "scoring", force=True)
        inputs = [
            InputFile("gold", self.gold, reference.sha256),
            InputFile("system", self.system, index.file.sha256),
        ]
        totals = Totals()
        totals.add(self.scores)
        return self._build(inputs, totals, {"_pages": (self.page_ids, self.scores)})

    def _warn_unused(self, unused: int) -> None:
        if unused:
            self.warn("unused", f"{self.system}: {unused} page{'s' if unused != 1 else ''} not in "
                      f"{self.gold} ignored, as in the original (no row, no spurious count)")  # fmt: skip

    def _pages(
        self, reference: JsonLines, index: SystemIndex, texts: dict[Any, str] | None, share: float
    ) -> int:
        """Score every reference line (the hot loop: kept flat on purpose); the number of
        distinct pages asked for."""
        name, warn, progress = self.gold, self.warn, self.progress
        ignore_label, weight, detail = self.options.ignore_label, self.weight, self.detail
        page_ids, scores, records, system_pages = self.page_ids, self.scores, self.records, index.pages
        seen: dict[Any, int] = {}
        size = max(reference.size, 1)
        record = None
        if detail:
            from .detail import PageRecord
        for number, page in reference:
            page_id = page.get("page_id", _MISSING) if type(page) is dict else _MISSING
            if page_id is _MISSING or type(page_id) in CONTAINERS:
                page_id_of(page, name, number)  # raises the message for this line
            entry = system_pages.get(page_id)
            if entry is None:
                raise _missing_page(page_id, name, number, index.name)
            if seen.setdefault(page_id, number) != number:
                warn("reference-repeat", f"{name}:{number}: page {quote_id(page_id)} is also on line "
                     f"{seen[page_id]}; it is evaluated and written again, as in the original")  # fmt: skip
            system_spans = entry[2] if entry[2] is not None else index.spans_at(entry, warn)
            if detail:
                record = PageDetail()
            try:
                score = score_page(spans_of(page, REFERENCE, name, number, warn), system_spans,
                                   ignore_label, weight, record)  # fmt: skip
            except SplitError as err:
                raise _split_error(err, page_id, name, number) from None
            page_ids.append(page_id)
            scores.append(score)
            if record is not None:
                records.append(
                    PageRecord(number, page_id, entry[0], _page_text(page, page_id, texts), record)
                )
            if number & 1023 == 0:
                progress.update(share + (self.reading - share) * reference.position / size, "scoring pages")
        return len(seen)

    def _build(self, inputs: list[InputFile], totals: Totals, private: dict[str, Any]) -> Report:
        corpus = corpus_scores(totals)
        macro = corpus["macro"]
        line = overall_line(totals.pages, macro["precision"], macro["recall"])
        data: dict[str, Any] = {
            "inputs": {"reference": self.gold, "system": self.system},
            "columns": list(COLUMNS),
            "rows": json_rows(self.page_ids, self.scores) if self.detail else [],
            "overall": {"pages": totals.pages, "precision": macro["precision"], "recall": macro["recall"],
                        "line": line},  # fmt: skip
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
            fill_detail(report, self.records, self.options.ignore_label, self.progress, self.reading)
            self.progress.update(1.0, "done", force=True)
        return report


def _page_text(page: dict[str, Any], page_id: Any, texts: dict[Any, str] | None) -> str | None:
    """The page's text from --texts, else from the reference line's 'text', else None."""
    text = texts.get(page_id) if texts is not None else None
    if text is None and type(page.get("text")) is str:
        text = page["text"]
    return text


def _missing_page(page_id: Any, name: str, number: int, system: str) -> InputError:
    """P14, with the line that would make the page an empty one."""
    empty = json.dumps({"page_id": page_id, "n_spans": 0, "poem_spans": []}, ensure_ascii=False)
    return InputError(
        f"page {quote_id(page_id)} in {system}",
        f"none (add {empty} if the system found nothing)",
        file=name,
        line=number,
    )


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
