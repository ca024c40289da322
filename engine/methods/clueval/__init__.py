"""CLUEval: asymmetric span evaluation with match classes on vertical files.

specs/clueval.md is the contract; this package follows its sections: settings (§6),
spans (§2.5–§3.1), match (§3.2–§3.3), scores (§3.4, §4), errortables (§5.3–§5.4),
render (§5.1–§5.2), detail (§5.5, the viewer and the workbook), html (§5.7).
"""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ... import __version__
from ...errors import InputError
from ...formats import annotation_tool_readers
from ...options import option_specs, to_plain
from ...progress import NO_PROGRESS, Progress
from ...report import ColumnLists, InputFile, Report, Table
from ...same_inputs import READ_ITSELF, as_read
from .. import Advice, InputSpec, Invocation, Method, OutputSpec, gc_paused, register
from ..span_options import prefer_own_options
from .match import STATUSES
from .render import PlainTable, console, tsv, xlsx
from .run import OWN_FORMATS, Run, evaluate_files, folder_refused
from .scores import EVALUATION_COLUMNS
from .settings import Options, checked

if TYPE_CHECKING:
    from ...stats import UnitStatistics

COMPATIBLE = "clueval 0.4.0.1"
RESCORABLE = {"lenient", "rows", "match_tables"}  # options that never need the files again
FILES = ("evaluation_table", "precision_table", "recall_table")
ERROR_FILES = ("precision_error_table", "recall_error_table")


@register
class CluEval(Method):
    name = "clueval"
    unit = "sentence"
    title = "CLUEval — lenient span matching with match classes"
    description = (
        "The CLUEval evaluation of span annotations in vertical (.vrt) files: several BIO "
        "columns are merged into one span per overlap component (majority labels); each "
        "reference span is classified by how the candidate spans cover it (exact, contained, "
        "tiled, covered, unmatched) and each candidate span the other way round; a leniency "
        "level (0–3) says which classes are hits. Reports recall, precision and F1 unlabelled "
        "and per layer and label, the match tables and error tables that show each miss in its "
        "sentence with the spans marked. Reproduces the fau-klue/CLUEval 0.4.0.1 tables. "
        "Reads the annotation tools' files the span methods read too (brat, WebAnno TSV, "
        "XMI, Label Studio, doccano, CoNLL columns), and an INCEpTION project export (zip or folder: "
        "the gold is its curation, the system one user's annotations, chosen with --system-user)."
    )
    Options = Options
    own_formats = OWN_FORMATS
    inputs = (
        InputSpec(
            "gold",
            "reference",
            "Reference (gold) vertical file: token TAB BIO tags …",
            formats=("vrt", *annotation_tool_readers()),
        ),
        InputSpec(
            "system",
            "candidate",
            "Candidate vertical file, read with the same columns.",
            formats=("vrt", *annotation_tool_readers()),
        ),
    )
    outputs = (
        OutputSpec(
            "write_to_folder",
            "Write the original's tables (.tsv and .xlsx) into this folder (bare: 'tables').",
            flags=("--write-to-folder", "-w", "--write_to_folder"),
            metavar="DIR",
            const="tables",
            folder=True,
        ),
        OutputSpec("html", "Write the error tables as a self-contained HTML page.", flags=("--html",)),
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
        warnings: list[str] = []
        options = checked(options, warnings)
        with gc_paused():
            run = evaluate_files(gold, system, options, warnings, progress)
            if detail or options.error_tables is not None:
                run.ensure_errors()
            return build_report(run, options, detail)

    def advice(self, gold: str, options: Any) -> Advice | None:
        """A file with more BIO columns than layer names: only the named ones are evaluated."""
        from ...formats.sniffing import read_head
        from ...formats.vrt import bio_columns

        try:
            count = bio_columns(read_head(Path(gold))) if Path(gold).is_file() else 0
        except OSError:
            return None
        named = len(options.layers)
        if count <= named:
            return None
        names = (*options.layers, *(f"layer{i}" for i in range(named + 1, count + 1)))
        return Advice(
            f"{Path(gold).name} has {count} BIO columns, but the option Layers names {named}: "
            f"only {'the first is' if named == 1 else f'the first {named} are'} evaluated.",
            dataclasses.replace(options, layers=names),
            f"Name all {count}: {', '.join(names)}",
        )

    def own_columns(self, options: Any) -> int:
        """One BIO column a layer named (Options.layout), the first where no value can be taken."""
        return len(options.layers) if options is not None else 1

    def folder_refused(self, path: str, files: list[Path]) -> InputError:
        """The run's message: one vertical file a side, or a folder the span readers read."""
        return folder_refused(path, files)

    def rescore(self, report: Report, options: Any) -> Report | None:
        """Another leniency level (or display option) from the kept match tables."""
        run: Run | None = report.data.get("_run")
        if run is None:
            return None
        try:
            options = checked(options, [])
        except InputError:
            return None
        differs = {
            f.name
            for f in dataclasses.fields(Options)
            if getattr(options, f.name) != getattr(run.options, f.name)
        }
        if differs - RESCORABLE:
            return None
        read = as_read(to_plain(options), run.system_user_left_out)
        rescored = dataclasses.replace(
            report, options=read, tables=dict(report.tables), data=dict(report.data)
        )
        _score_tables(rescored, run, options.lenient, detail="evaluation_table" in report.data)
        own = run.messages(report.data.get("_level", run.options.lenient))  # others added to the report stay
        rescored.messages = run.messages(options.lenient) + [m for m in report.messages if m not in own]
        if "evaluation_table" in report.data:
            rescored.data["evaluation_table"] = run.scorer.evaluation_table(options.lenient)
        rescored.data["_level"] = options.lenient
        return rescored

    def unit_statistics(self, report: Report) -> UnitStatistics | None:
        """Per sentence of the reference file, at the report's leniency level."""
        from .units import unit_statistics

        return unit_statistics(report)

    def review_basis(self, report: Report) -> dict[str, Any] | None:
        """The span counts at the report's level: an accepted recall error becomes a hit
        of the recall table, an accepted precision error one of the precision table."""
        levels = report.data.get("levels")
        if levels is None:
            return None
        level = report.data["_level"]
        span = levels[str(level)]["span"]
        return {
            "level": level,
            "hits": list(STATUSES[: level + 1]),
            "recall": {"TP": span["TP_Recall"], "FN": span["FN"]},
            "precision": {"TP": span["TP_Precision"], "FP": span["FP"]},
        }

    def review_scores(self, basis: dict[str, Any], accepted: list[dict[str, Any]]) -> dict[str, Table]:
        recall, precision = dict(basis["recall"]), dict(basis["precision"])
        for row in accepted:
            if row["type"] in basis["hits"]:
                continue  # an error table row that is already a hit at this level
            if row.get("sheet", "").startswith("Recall"):
                recall["TP"], recall["FN"] = recall["TP"] + 1, max(recall["FN"] - 1, 0)
            elif row.get("sheet", "").startswith("Precision"):
                precision["TP"], precision["FP"] = precision["TP"] + 1, max(precision["FP"] - 1, 0)
        p = (
            precision["TP"] / (precision["TP"] + precision["FP"])
            if precision["TP"] + precision["FP"]
            else 0.0
        )
        r = recall["TP"] / (recall["TP"] + recall["FN"]) if recall["TP"] + recall["FN"] else 0.0
        f = 2 * p * r / (p + r) if p + r else 0.0
        row = [basis["level"], precision["TP"], recall["TP"], precision["FP"], recall["FN"], p, r, f]
        columns = ["level", "TP_Precision", "TP_Recall", "FP", "FN", "precision", "recall", "f1"]
        percent = {"precision": "0.00%", "recall": "0.00%", "f1": "0.00%"}
        return {"reviewed": Table(columns, [row], "Reviewed span scores", formats=percent)}

    # --- outputs -------------------------------------------------------------------

    def render_output(self, name: str, report: Report) -> str:
        if name == "html":
            from .html import render_html

            return render_html(report)
        raise KeyError(name)

    def render_files(
        self, name: str, report: Report, path: Path | None
    ) -> list[tuple[Path | None, str | bytes]]:
        if name != "write_to_folder" or path is None:
            return super().render_files(name, report, path)
        with gc_paused():
            return self._original_files(report, path)

    def _original_files(self, report: Report, path: Path) -> list[tuple[Path | None, str | bytes]]:
        """§5.2: each table as .tsv and .xlsx."""
        run: Run = report.data["_run"]
        level = report.data["_level"]
        tables = {
            "evaluation_table": run.evaluation(level),
            "precision_table": run.match_table(run.precision),
            "recall_table": run.match_table(run.recall),
        }
        if run.options.error_tables is not None:
            tables["precision_error_table"] = run.error_plain("precision")
            tables["recall_error_table"] = run.error_plain("recall")
        files: list[tuple[Path | None, str | bytes]] = []
        for stem, table in tables.items():
            files.append((path / f"{stem}.tsv", tsv(table)))
            files.append((path / f"{stem}.xlsx", xlsx(table, report.messages, f"{path / stem}.xlsx")))
        return files

    def console_text(self, report: Report, invocation: Invocation, json_to_stdout: bool) -> tuple[str, str]:
        """§5.1: the error tables, the match tables and the evaluation table, as pandas prints them."""
        run: Run = report.data["_run"]
        opts = invocation.options
        sections: list[tuple[str, PlainTable, int | None, bool]] = []
        if opts.error_tables is not None:
            sections += [
                ("Precision error table:", run.error_plain("precision"), opts.rows, True),
                ("Recall error table:", run.error_plain("recall"), opts.rows, True),
            ]
        if opts.match_tables:
            sections += [
                ("Precision table:", run.match_table(run.precision), opts.rows, True),
                ("Recall table:", run.match_table(run.recall), opts.rows, True),
            ]
        sections.append(("Evaluation results:", run.evaluation(report.data["_level"]), None, False))
        text = console(sections)
        return ("", text) if json_to_stdout else (text, "")

    # --- command line --------------------------------------------------------------

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """The original's command line: REFERENCE and CANDIDATE required wherever they
        stand, -m as a plain switch, -v/--version."""
        for action in parser._actions:
            if action.dest in ("gold", "system"):
                action.nargs, action.required = None, True
        prefer_own_options(parser)
        spec = next(s for s in option_specs(Options) if s.name == "match_tables")
        parser.add_argument(
            *spec.info.flags, dest="opt_match_tables", action="store_true", help=spec.info.help
        )
        parser.add_argument(
            "-v",
            "--version",
            action="version",
            version=f"Span Studio {__version__} (compatible with {COMPATIBLE})",
        )
        report_missing = parser.error

        def error(message: str) -> Any:
            if message.startswith("the following arguments are required"):
                given = 2 - len(message.split(": ", 1)[1].split(", "))
                raise InputError("REFERENCE and CANDIDATE", f"{given} file" + ("" if given == 1 else "s"))
            report_missing(message)

        parser.error = error  # type: ignore[method-assign]

    def invocation(self, args: argparse.Namespace, options: Any) -> Invocation:
        options = dataclasses.replace(options, match_tables=args.opt_match_tables)
        return super().invocation(args, options)


def build_report(run: Run, options: Options, detail: bool) -> Report:
    """The Report of a run: score tables; with `detail` also the JSON keys, the match and
    error tables, the documents and the spans with their match classes."""
    level = options.lenient
    report = Report(
        method="clueval",
        title=CluEval.title,
        options=as_read(to_plain(options), run.system_user_left_out),
        inputs=[*InputFile.of("gold", run.gold), *InputFile.of("system", run.system)],
        tables={},
        messages=run.messages(level),
        data={"_run": run, "_level": level},
    )
    if run.read_itself:
        report.data[READ_ITSELF] = True
    _score_tables(report, run, level, detail)
    if detail:
        _fill_detail(report, run, level)
    return report


def _score_tables(report: Report, run: Run, level: int, detail: bool) -> None:
    rows = run.evaluation(level).rows
    n_head = 2 if run.scorer.filtered is not None else 1
    report.tables["overall"] = Table(list(EVALUATION_COLUMNS), rows[:n_head], "Overall", scale="percent")
    if run.options.labelled:
        report.tables["labelled"] = Table(
            list(EVALUATION_COLUMNS), rows[n_head:], "Labelled", scale="percent"
        )
    if detail:
        report.tables["evaluation"] = Table(
            list(EVALUATION_COLUMNS),
            rows,
            "Evaluation",
            kind="detail",
            note=f"Leniency level {level}: {_level_note(level)}.",
            scale="percent",
        )


def _level_note(level: int) -> str:
    hits = ["exact", "contained", "tiled", "covered"][: level + 1]
    return "hits are " + ", ".join(hits)


def _fill_detail(report: Report, run: Run, level: int) -> None:
    from .detail import LEGENDS, DocumentMap, ViewerSpans, json_data
    from .errorrows import error_rows
    from .match import columns as match_columns

    report.data.update(json_data(run, level))
    report.data["_legends"] = dict(LEGENDS)
    for key, title, matches in (
        ("recall_matches", "Recall matches", run.recall),
        ("precision_matches", "Precision matches", run.precision),
    ):
        report.tables[key] = Table(
            match_columns(run.layers),
            ColumnLists(matches.columns),  # the rows made only where read (not by the app)
            title,
            kind="detail",
            note="One row per span of the "
            + ("reference" if matches is run.recall else "candidate")
            + " file with its match class (status).",
        )
    documents = DocumentMap(run.reference, run.candidate, run.texts)
    report.documents = documents.documents
    report.gold_spans = ViewerSpans(run.recall.x, run.recall, documents, "reference")
    report.system_spans = ViewerSpans(run.precision.x, run.precision, documents, "candidate")
    report.error_rows = error_rows(run, documents)
