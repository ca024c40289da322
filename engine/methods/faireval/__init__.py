"""FairEval (Ortmann 2022): traditional, fair and weighted scores of labelled spans.

specs/faireval.md is the contract; this package follows its sections:
settings (§2.9, §4.3), reading (§2.1–2.3), compare (§3), scores (§4), render (§5).
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ...errors import InputError, nothing_found
from ...formats import annotation_tool_readers
from ...options import option
from ...progress import NO_PROGRESS, Progress
from ...report import InputFile, Report, Table
from ...same_inputs import READ_ITSELF
from .. import InputSpec, Invocation, Method, OutputSpec, gc_paused, register, span_adapter
from ..span_options import SpanInputOptions, prefer_own_options
from . import review
from .batch import Codes, Side, SideBuilder
from .compare import Tally
from .matching import decide
from .passes import Work
from .reading import FilePair, FileReader, FileSpans, Sentence, file_pairs, input_size, token_field
from .render import SparseConfusion, render_report
from .scores import scores, weights_for
from .settings import COUNTS, METHODS, Settings, from_options, missing_folder, read_config

if TYPE_CHECKING:
    from ...stats import UnitStatistics
    from .detail import DocumentBuilder


def _document_builder(codes: Codes) -> DocumentBuilder:
    """The detail's builder (its modules imported here: a run of scores alone needs none)."""
    from .detail import DocumentBuilder

    return DocumentBuilder(codes)


#: The --format names of FairEval's own formats (read by its own reader).
OWN_FORMATS = ("faireval-spans", "conll2000")


@dataclass(frozen=True)
class FairEvalOptions:
    """FairEval's own options (the original's config keys)."""

    labels: str = option(
        "all", "Labels to evaluate, comma-separated, or 'all'.", metavar="L,..", label="Labels"
    )
    exclude: str = option(
        "",
        "Labels to leave out, comma-separated (NONE and EMPTY are always left out).",
        metavar="L,..",
        label="Exclude labels",
    )
    ignore_punct: bool = option(
        False,
        "Leave punctuation tokens out of CoNLL-2000 spans (by their POS tag).",
        label="Ignore punctuation",
    )
    focus: str = option(
        "target",
        "Which label counts a labelling (LE) or labelling-boundary (LBE) error.",
        choices=("target", "system"),
    )
    eval_method: str = option(
        "all",
        "Report sections: traditional, fair, weighted (comma-separated) or all. Weighted "
        "needs Weights: without them it equals fair and is left out (all = traditional, fair).",
        metavar="M,..",
        label="Evaluation methods",
    )
    weights: str | None = option(
        None,
        "Weight formulas for the weighted scores, e.g. 'LE = 0.5 FP + 0.5 FN, "
        "BEO = 0.5 TP + 0.25 FP + 0.25 FN', or 'default'. Without weights, "
        "weighted equals fair.",
        metavar="FORMULA",
    )


@dataclass(frozen=True)
class Options(SpanInputOptions, FairEvalOptions):
    """FairEval's options, then the span readers' (--format, --layer, … as spans has them)."""


@register
class FairEval(Method):
    name = "faireval"
    unit = "sentence"
    title = "FairEval — fair evaluation of labelled spans"
    description = (
        "Ortmann's (LREC 2022) fair evaluation: a near miss counts once, as a labelling "
        "error (LE), a boundary error (BE: smaller BES, larger BEL, overlapping BEO) or a "
        "labelling-boundary error (LBE), instead of a false positive plus a false negative. "
        "Reports traditional, fair and weighted precision, recall and F1 per label and "
        "overall, a confusion matrix and the original tool's report file. Reads FairEval "
        "span files and CoNLL-2000 BIO files (a file or a folder of files paired by name), "
        "and the annotation tools' files the span methods read (brat, WebAnno TSV, XMI, "
        "Label Studio, doccano, CoNLL columns), and an INCEpTION project export (zip or folder: "
        "the gold is its curation, the system one user's annotations, chosen with --system-user)."
    )
    Options = Options
    own_formats = OWN_FORMATS
    reads_own_stops = True
    inputs = (
        InputSpec(
            "gold",
            "target",
            "Gold annotation: a span or CoNLL-2000 file, or a folder of them.",
            directory=True,
            formats=("faireval_spans", "conll2000", *annotation_tool_readers()),
        ),
        InputSpec(
            "system",
            "system",
            "System annotation: a file or folder like TARGET.",
            directory=True,
            formats=("faireval_spans", "conll2000", *annotation_tool_readers()),
        ),
    )
    outputs = (
        OutputSpec(
            "eval_out",
            "Write the original FairEval report here (a file, or a folder "
            "for eval.csv; '-' = standard output). Without it the report is printed.",
            flags=("--eval-out",),
        ),
    )

    # --- evaluation ----------------------------------------------------------------

    def evaluate(
        self,
        gold: str,
        system: str,
        options: Any,
        progress: Progress = NO_PROGRESS,
        *,
        detail: bool = True,
    ) -> Report:
        settings = options if isinstance(options, Settings) else from_options(gold, system, options)
        reading = None if isinstance(options, Settings) else options  # a config file sets no reader option
        with gc_paused():
            if span_adapter.span_format_inputs(settings.target_in, settings.system_in, reading, OWN_FORMATS):
                from .spanformats import SpanFormatRun  # the span formats' reading: only for them

                return SpanFormatRun(settings, progress, detail, reading).report()
            said = span_adapter.read_itself(reading, OWN_FORMATS, "FairEval reads these files itself")
            settings.warnings += said
            report = Run(settings, progress, detail).report()
        report.data[READ_ITSELF] = True
        return report

    def settings(self, invocation: Invocation) -> Settings:
        opts = invocation.options
        return opts if isinstance(opts, Settings) else from_options(invocation.gold, invocation.system, opts)

    def render_output(self, name: str, report: Report) -> str:
        return report.data["_report_text"]

    def review_basis(self, report: Report) -> dict[str, Any]:
        return review.review_basis(report)

    def unit_statistics(self, report: Report) -> UnitStatistics | None:
        from .units import unit_statistics

        return unit_statistics(report)

    def review_scores(self, basis: dict[str, Any], accepted: list[dict[str, Any]]) -> dict[str, Table]:
        return review.review_scores(basis, accepted)

    def output_path(self, name: str, value: str) -> Path | None:
        """§5.3: '-' prints; an existing folder gets eval.csv; parents are created; a folder
        that does not exist (a path ending in a separator) is refused, as in a config (F22c)."""
        if value == "-":
            return None
        found = missing_folder(value)
        if found is not None:
            raise InputError("an existing directory (the report goes to eval.csv in it)", found, file=value)
        path = Path(value)
        return path / "eval.csv" if path.is_dir() else path

    def console_text(self, report: Report, invocation: Invocation, json_to_stdout: bool) -> tuple[str, str]:
        if "eval_out" in invocation.outputs or json_to_stdout:
            return "", ""
        return report.data["_report_text"], ""

    # --- command line --------------------------------------------------------------

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--config",
            metavar="FILE.config",
            help="Read every setting from a FairEval config file, as the original does "
            "(relative paths against the current folder). Not combined with TARGET SYSTEM "
            "or the evaluation options.",
        )
        prefer_own_options(parser)

    def invocation(self, args: argparse.Namespace, options: Any) -> Invocation:
        outputs = {"eval_out": args.out_eval_out} if args.out_eval_out is not None else {}
        if args.config is None:
            if args.gold is None or args.system is None:
                raise InputError("TARGET and SYSTEM, or --config FILE.config", "neither", option="faireval")
            return Invocation(args.gold, args.system, options, outputs)
        if args.gold is not None or args.system is not None or options != Options():
            raise InputError("either --config or TARGET SYSTEM with options", "both", option="--config")
        settings = read_config(args.config)
        if "eval_out" not in outputs and settings.eval_out is not None:
            outputs["eval_out"] = settings.eval_out
            _note_bare_eval_out(settings)
        return Invocation(settings.target_in, settings.system_in, settings, outputs, (args.config,))


def _note_bare_eval_out(settings: Settings) -> None:
    """F22b: the original printed the report when eval_out named a new bare file."""
    out = settings.eval_out or ""
    if not os.path.dirname(out) and not os.path.exists(out):
        settings.warnings.append(
            f"eval_out '{out}' does not exist yet: the report is written there (the original "
            "printed it on standard output instead)"
        )


class Run:
    """One FairEval evaluation over every file pair and sentence pair."""

    def __init__(self, settings: Settings, progress: Progress, detail: bool) -> None:
        self.settings = settings
        self.progress = progress
        self.detail = detail
        self.warnings = list(settings.warnings)
        self.tally = Tally()
        self.sentences = {"target": 0, "system": 0, "compared": 0}
        self.codes = Codes()
        self.documents = _document_builder(self.codes) if detail else None
        self.any_span = False
        self.wanted = np.zeros(0, dtype=bool)  # by label code: kept by labels/exclude (§2.7)
        self.pending: tuple[FilePair, SideBuilder, SideBuilder, dict[int, list[str]]] | None = None
        self.wanted_labels: set[str] = set()  # labels found wanted, for Sentence.keep
        self.read: dict[str, bytes] = {}  # the bytes of the data files read, hashed only when shown

    def report(self) -> Report:
        pairs = file_pairs(self.settings, self.warnings)
        sizes = [input_size(p.target) + input_size(p.system) for p in pairs]
        total, done = max(sum(sizes), 1), 0
        for pair, size in zip(pairs, sizes, strict=True):

            def step(share: float, what: str, done: int = done, size: int = size) -> None:
                self.progress.update((done + share * size) / total, what)

            self._pair(pair, step)
            done += size
        self._check_spans()
        self.progress.update(1.0, "scoring", force=True)
        return self._build(pairs)

    def _check_spans(self) -> None:
        if not self.any_span:
            found = f"none after applying labels={self.settings.labels} and exclude={self.settings.exclude}"
            why = f" ({'; '.join(self.warnings)})" if self.warnings else ""  # e.g. the tags it ignored
            raise InputError("spans to compare", found + why)
        self._warn_unexcluded()

    def _pair(self, pair: FilePair, step: Callable[[float, str], None]) -> None:
        """Read both files of a pair and compare their sentences pairwise (F5); `step`
        reports the share of the pair done."""
        target, system = self._read(pair, step)
        compared = target.sentences
        T, S = self._kept(target.side), self._kept(system.side)
        tick = partial(step, 0.5, "comparing the spans…")
        tick()
        self._compare_sides(pair, T, S, compared, target.forms.over(system.forms), tick)

    def _read(self, pair: FilePair, step: Callable[[float, str], None]) -> tuple[FileSpans, FileSpans]:
        """The spans of both files of a pair, as far as their sentences are paired (the
        readers are let go before the comparison: its arrays take their place)."""
        sides = (("gold", pair.target), ("system", pair.system))
        names = [f"the {side} file {Path(path).name}" for side, path in sides]  # the words a person reads
        reading = [f"reading {name}…" for name in names]  # paired folders' files share a name: say the side
        finding = [f"finding the spans in {name}…" for name in names]
        step(0.0, reading[0])
        readers = [
            FileReader(path, self.warnings, self.settings.ignore_punct, self.codes,
                       lambda f, n=n: step(0.15 * (n + f), reading[n]))  # fmt: skip
            for n, path in enumerate((pair.target, pair.system))
        ]
        self.read.update((reader.path, reader.raw) for reader in readers)
        step(0.3, finding[0])
        n_target, n_system = readers[0].sentences, readers[1].sentences
        self._check_counts(pair, n_target, n_system)
        compared = min(n_target, n_system)
        self.sentences["target"] += n_target
        self.sentences["system"] += n_system
        self.sentences["compared"] += compared
        words = self.documents is not None  # the detail shows CoNLL sentences' words
        found = []
        for n, reader in enumerate(readers):
            found.append(reader.spans(compared, lambda f, n=n: step(0.3 + 0.1 * (n + f), finding[n]), words))
            reader.lines.let_go()  # its fields' arrays: the next file's take their place
        return found[0], found[1]

    def _kept(self, side: Side) -> Side:
        """The spans whose labels are wanted (§2.7)."""
        labels = self.codes.labels
        if len(self.wanted) < len(labels):
            more = [self.settings.keeps(label) for label in labels[len(self.wanted) :]]
            self.wanted = np.concatenate((self.wanted, np.array(more, dtype=bool)))
        if self.wanted.all():
            return side
        kept = self.wanted[side.label]
        return side if kept.all() else side.take(kept)

    def _compare_sides(
        self, pair: FilePair, T: Side, S: Side, compared: int, forms: Mapping[int, Sequence[str]],
        tick: Callable[[], None],
    ) -> None:  # fmt: skip
        """Every decision of one file pair, counted; with the detail, kept with the pair's
        layout (`compared` sentences, `forms` the words of its CoNLL sentences). `tick`
        between the steps: a cancellation point."""
        if len(T) or len(S):
            self.any_span = True
        decisions = decide(T, S, self.codes, lambda work: self._range_error(pair, work), tick)
        tick()
        self.tally.add(T, S, decisions, self.codes, self.settings.focus)
        tick()
        if self.documents is not None:
            self.documents.add(pair, compared, T, S, forms, decisions)

    def _check_counts(self, pair: FilePair, n_target: int, n_system: int) -> None:
        for path, n in ((pair.target, n_target), (pair.system, n_system)):
            if n == 0:
                raise InputError("at least one sentence", nothing_found(path), file=path)
        if n_target != n_system:
            shorter = min(n_target, n_system)
            self.warnings.append(
                f"{pair.target} has {n_target} sentences, {pair.system} has {n_system}; "
                f"only the first {shorter} pairs are compared"
            )

    def _compare(self, pair: FilePair, number: int, target: Sentence, system: Sentence) -> None:
        """Add one sentence pair read by another input path (the span formats): it is
        compared with the others of its pair when the report is built."""
        target = target.keep(self.settings.keeps, self.wanted_labels)
        system = system.keep(self.settings.keeps, self.wanted_labels)
        if target.keys or system.keys:
            self.any_span = True
        if self.pending is None or self.pending[0] is not pair:
            self._flush()
            self.pending = (pair, SideBuilder(self.codes), SideBuilder(self.codes), {})
        self.pending[1].add(number - 1, target.keys, target.lines)
        self.pending[2].add(number - 1, system.keys, system.lines)
        self.pending[3][number - 1] = target.forms or system.forms or []

    def _flush(self) -> None:
        if self.pending is not None:
            pair, target, system, forms = self.pending
            self.pending = None
            self._compare_sides(pair, target.side(), system.side(), len(forms), forms, self.progress.check)

    def _range_error(self, pair: FilePair, work: Work) -> InputError:
        path = pair.target if work.side == 0 else pair.system
        field = token_field(path, work.line)
        return InputError(
            "token numbers in the 4th field of a span that overlaps another span",
            f"'{field}' (the original FairEval cannot evaluate this span)",
            file=path,
            line=work.line,
        )

    def _warn_unexcluded(self) -> None:
        """F1: a config without `exclude` scores the dummy spans; F31: a label '_'."""
        labels = self.tally.seen
        if "exclude" not in self.settings.shown and ("NONE" in labels or "EMPTY" in labels):
            self.warnings.append(
                "spans labelled NONE/EMPTY are scored because the config has no 'exclude' key"
            )
        if "_" in labels:
            self.warnings.append("label '_' is also the matrix's \"nothing\" marker")

    # --- results -------------------------------------------------------------------

    def results(self) -> dict[str, Any]:
        """Counts and unrounded scores in the shape of the conformance expected.json."""
        tally, weights = self.tally, self.settings.weights
        tally.finish()
        overall: dict[str, Any] = {}
        per_label: dict[str, Any] = {}
        for version in METHODS:
            counts = tally.traditional if version == "traditional" else tally.fair
            rows = tally.traditional_by_label if version == "traditional" else tally.fair_by_label
            table = weights_for(version, weights)
            overall[version] = {**counts, **scores(counts, table)}
            per_label[version] = {label: {**row, **scores(row, table)} for label, row in rows.items()}
        labels = list(dict.fromkeys([*tally.labels(), "_"]))  # a label "_" is the marker's row (F31)
        results: dict[str, Any] = {"overall": overall, "per_label": per_label}
        if self.detail:  # the square matrix of the JSON report and the app (labels² cells)
            cells = tally.confusion
            results["confusion"] = {t: {s: cells.get(t, {}).get(s, 0) for s in labels} for t in labels}
        results["data_stats"] = [[label, n] for label, n in tally.data_stats.items()]
        results["_confusion"] = SparseConfusion(labels, tally.confusion)
        return results

    def _build(self, pairs: list[FilePair]) -> Report:
        self._flush()
        results = self.results()
        text = render_report(self.settings, results)
        data: dict[str, Any] = {
            "options": self.settings.plain(),
            "file_pairs": [list(p.names) for p in pairs],
            "sentences": dict(self.sentences),
            **results,
            "_report_text": text,
        }
        inputs = [
            file
            for p in pairs
            for role, path in (("gold", p.target), ("system", p.system))
            for file in self._inputs(role, path)
        ]
        report = Report(
            method="faireval",
            title=FairEval.title,
            options=self.settings.plain(),
            inputs=inputs,
            tables=_tables(results, self.settings.eval_method),
            messages=self.warnings,
            data=data,
        )
        if self.documents is not None:
            self.documents.fill(report, lambda: self.progress.update(1.0, "scoring"))
        return report

    def _inputs(self, role: str, path: str) -> list[InputFile]:
        """The data files for the record (every file of a folder): a file's sha256 taken from
        the bytes read, when asked for."""
        read = self.read.get(path)
        return [InputFile(role, path, read)] if read is not None else InputFile.of(role, path)


COUNT_COLUMNS = {"traditional": ["TP", "FP", "FN"], "fair": list(COUNTS), "weighted": list(COUNTS)}


def _label_rows(
    rows: dict[str, dict[str, Any]], overall: dict[str, Any], counts: list[str]
) -> list[list[Any]]:
    """One table row per label (code-point order), then the overall row."""
    named = [(label, rows[label]) for label in sorted(rows)] + [("overall", overall)]
    return [[name, *(row[c] for c in counts), row["Prec"], row["Rec"], row["F1"]] for name, row in named]


def _tables(results: dict[str, Any], sections: list[str]) -> dict[str, Table]:
    """Score tables of the report's sections (the evaluation methods the report file prints:
    weighted only with weights): the comparison (overall) first, then one per-label table each."""
    overall = results["overall"]
    shown = [v for v in METHODS if v in sections]
    tables = {
        "overall": Table(
            ["method", "precision", "recall", "f1"],
            [[v, overall[v]["Prec"], overall[v]["Rec"], overall[v]["F1"]] for v in shown],
            "Overall",
            formats=review.PERCENT,
        )
    }
    for version in shown:
        counts = COUNT_COLUMNS[version]
        rows = _label_rows(results["per_label"][version], overall[version], counts)
        tables[version] = Table(
            ["label", *counts, "precision", "recall", "f1"], rows, f"{version.title()} per label"
        )
    confusion = results.get("confusion")
    if confusion is not None:
        tables["confusion"] = Table(
            ["target \\ system", *confusion],
            [[t, *row.values()] for t, row in confusion.items()],
            "Confusion",
            label_columns=True,
        )
    tables["data_stats"] = Table(
        ["label", "freq"], [list(r) for r in results["data_stats"]], "Target data stats"
    )
    return tables
