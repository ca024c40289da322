"""*SEM 2012 CD-SCO negation evaluation: cues, scopes, events and full negations.

specs/starsem.md is the contract. Three modes, each reproducing one original:
the default (bug-fixed scores of the Bosch translated script, printed in v2.2's layout),
`--starsem-exact` (eval.cd-sco.pl v2.2's own numbers) and `--extended` (the Bosch
extended table). Modules: files (reading the files, sentence blocks), reading (default
reader), exact (v2.2's reader), extended, scoring (§3.2–3.7), counting (reader and scorer
step by step), render (§4, §5.1), detail (documents, spans, error rows).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...errors import InputError
from ...options import OptionSpec, check_value, option, option_specs, to_plain, validate
from ...progress import NO_PROGRESS, Progress
from ...report import InputFile, Report, Table
from .. import InputSpec, Invocation, Method, gc_paused, register
from .counting import count

if TYPE_CHECKING:
    from ...stats import UnitStatistics
    from .render import Table as ScoreTable

# The modules of one mode are imported when it runs: the CLI starts light (its Python is
# compiled from source when no bytecode is cached).

MODES = ("default", "starsem-exact", "extended")
TASKS = ("negation", "speculation")
ROW_COLUMNS = ["row", "gold", "system", "tp", "fp", "fn", "precision", "recall", "f1"]


@dataclass(frozen=True)
class Options:
    mode: str = option(
        "default",
        "Scoring: default (the bug-fixed *SEM 2012 scores), starsem-exact (the numbers "
        "eval.cd-sco.pl v2.2 prints, quirks included) or extended (the finer Bosch table). "
        "On the command line: --starsem-exact or --extended.",
        choices=MODES,
        cli=False,
    )
    task: str = option(
        "negation",
        "What the extended report calls the instances: negation or speculation (only with --extended).",
        choices=TASKS,
        flags=("--task", "-t"),
        cli=False,
    )


@register
class StarSem(Method):
    name = "starsem"
    unit = "sentence"
    title = "*SEM 2012 — negation cue, scope and event scores (CD-SCO)"
    _scores = (
        "The *SEM 2012 shared-task evaluation of negation (CD-SCO): for every negation, "
        "whether the system found its cue (a word or an affix), its scope and its negated "
        "event, with precision, recall and F1 for cues, scopes (with and without a cue "
        "match), scope tokens, negated events and full negations, the B variants and "
        "sentence statistics. By default the bug-fixed scores; "
    )
    _bosch = (
        "the finer Bosch table (token-level, scope-level and binary-label scores, with and without "
        "punctuation)."
    )
    _original = "gives the numbers of the original eval.cd-sco.pl v2.2,"
    description = f"{_scores}--starsem-exact {_original} --extended {_bosch}"
    app_description = f"{_scores}Mode starsem-exact {_original} Mode extended {_bosch}"
    Options = Options
    inputs = (
        InputSpec("gold", "gold", "Gold annotation: a CD-SCO file (one token per line, three "
                  "columns per negation).", flags=("-g", "--gold"), formats=("cdsco",)),
        InputSpec("system", "system", "System annotation: a CD-SCO file with the same tokens.",
                  flags=("-s", "--system"), formats=("cdsco",)),
    )  # fmt: skip

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
        validate(options)
        with gc_paused():
            if options.mode == "extended":
                return _extended(gold, system, options, progress, detail)
            return _standard(gold, system, options, progress, detail)

    def review_basis(self, report: Report) -> dict[str, Any]:
        """Full-negation counts of the instances: an accepted FP becomes a TP, an
        accepted FN is withdrawn."""
        counts = {"TP": 0, "FP": 0, "FN": 0}
        for instance in report.data["instances"]:
            if instance["full"] in counts:
                counts[instance["full"]] += 1
        return {
            "label": "Full negation",
            "counts": {"Full negation": counts},
            "effects": {"FN": [["FN", "gold", -1]], "FP": [["FP", "system", -1], ["TP", "system", 1]]},
        }

    def console_text(self, report: Report, invocation: Invocation, json_to_stdout: bool) -> tuple[str, str]:
        return ("" if json_to_stdout else report.data["_text"], "")

    def unit_statistics(self, report: Report) -> UnitStatistics | None:
        """Per sentence (the default and --starsem-exact tables; --extended has none)."""
        from .units import unit_statistics

        return unit_statistics(report)

    # --- command line --------------------------------------------------------------

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        group = parser.add_argument_group("scoring mode")
        group.add_argument(
            "--starsem-exact",
            action="store_true",
            help="Print the very numbers of eval.cd-sco.pl v2.2 (its quirks included).",
        )
        group.add_argument(
            "--extended",
            action="store_true",
            help="Print the Bosch extended table instead of the *SEM 2012 table.",
        )
        task = _task_spec()
        group.add_argument(
            *task.info.flags, dest="task", metavar="TASK", default=None,
            help=f"{task.info.help} Choices: negation or speculation. (default: negation)",
        )  # fmt: skip

    def invocation(self, args: argparse.Namespace, options: Any) -> Invocation:
        if args.starsem_exact and args.extended:
            raise InputError("either --extended or --starsem-exact", "both", option="--extended")
        if args.task is not None:
            check_value(_task_spec(), args.task)
            if not args.extended:
                raise InputError("--extended with --task", "--task alone", option="--task")
        for role, flag in (("gold", "--gold"), ("system", "--system")):
            if getattr(args, role) is None:
                raise InputError(f"a {role.upper()} file ({flag} PATH)", "none", option=flag)
        mode = "extended" if args.extended else "starsem-exact" if args.starsem_exact else "default"
        return Invocation(args.gold, args.system, Options(mode, args.task or "negation"))


# --- the standard report (default and --starsem-exact) ------------------------------------


def _standard(gold: str, system: str, options: Options, progress: Progress, detail: bool) -> Report:
    from .render import Table as ScoreTable
    from .render import changed_rows

    exact = options.mode == "starsem-exact"
    counting, read = count(gold, system, options.mode, options.task, progress, detail)
    reader, scorer, layout = counting.reader, counting.scorer, counting.layout
    counts = scorer.counts
    if exact and (not counts.sentences or not counts.negation_sentences):
        raise InputError(
            "at least one sentence with a negation",
            "none (eval.cd-sco.pl divides by zero; run without --starsem-exact for the fixed scoring)",
            file=gold,
        )
    table = ScoreTable(counts, exact)
    messages = list(reader.warnings)
    if not exact:
        changed = changed_rows(table, ScoreTable(counts, True), counts.negation_sentences)
        if changed:
            messages.append(
                "the bug-fixed scoring changes these rows compared with eval.cd-sco.pl v2.2: "
                f"{', '.join(changed)}; use --starsem-exact for the original numbers"
            )
    data: dict[str, Any] = {**table.data(), "_text": table.text()}
    report = _report(gold, system, read, options, _standard_tables(table), messages, data)
    if layout is not None and scorer.verdicts is not None:
        data["instances"] = scorer.verdicts
        # each sentence's own counts made when asked (units.py); those only counted have none
        data["_units"] = (scorer.sentences, counting.reader.plain_units[0])
        _fill_detail(report, layout, "negation", scorer.verdicts)
    progress.update(1.0, "done", force=True)
    return report


def _score_rows(rows: dict[str, dict[str, Any]]) -> list[list[Any]]:
    return [
        [row["label"].rstrip(":"), row["gold"], row["system"], row["tp"], row["fp"], row["fn"],
         float(row["precision"]), float(row["recall"]), float(row["f1"])]
        for row in rows.values()
    ]  # fmt: skip


def _standard_tables(table: ScoreTable) -> dict[str, Table]:
    sentences = table.data()["sentences"]
    return {
        "scores": Table(ROW_COLUMNS, _score_rows(table.scores), "Scores", scale="percent"),
        "b_scores": Table(ROW_COLUMNS, _score_rows(table.b_scores), "B-scores",
                          note="B rows: precision = tp / system", scale="percent"),
        "sentences": Table(["statistic", "value"], [[k, v] for k, v in sentences.items()], "Sentences"),
    }  # fmt: skip


def _report(gold: str, system: str, read: dict[str, bytes], options: Options, tables: dict[str, Table],
            messages: list[str], data: dict[str, Any]) -> Report:  # fmt: skip
    """The report of a run (`read`: the bytes read, by role, for the inputs' digests)."""
    return Report(
        method="starsem",
        title=StarSem.title,
        options=to_plain(options),
        inputs=[InputFile("gold", gold, read["gold"]), InputFile("system", system, read["system"])],
        tables=tables,
        messages=messages,
        data=data,
    )


# --- the extended report -----------------------------------------------------------------


def _task_spec() -> OptionSpec:
    """The declaration of --task (its flags, help and choices)."""
    return next(spec for spec in option_specs(Options) if spec.name == "task")


def _extended(gold: str, system: str, options: Options, progress: Progress, detail: bool) -> Report:
    from .extended_table import plain_sections
    from .extended_table import render as render_extended

    counting, read = count(gold, system, options.mode, options.task, progress, detail)
    scorer, layout = counting.scorer, counting.layout
    sections = scorer.sections()
    overall = scorer.overall()
    data: dict[str, Any] = {"sections": plain_sections(sections), "overall": overall,
                            "_text": render_extended(sections, overall)}  # fmt: skip
    tables = {
        f"section{i}": Table(ROW_COLUMNS, _score_rows(rows), title, scale="percent")
        for i, (title, rows) in enumerate(sections.items(), 1)
    }
    tables["overall"] = Table(["statistic", "value"], [[k, v] for k, v in overall.items()], "Sentences")
    report = _report(gold, system, read, options, tables, [], data)
    if layout is not None and scorer.verdicts is not None:
        data["instances"] = scorer.verdicts
        _fill_detail(report, layout, options.task, scorer.verdicts)
    progress.update(1.0, "done", force=True)
    return report


def _fill_detail(report: Report, layout: Any, task: str, verdicts: list[dict[str, Any]]) -> None:
    from .detail import DetailBuilder

    DetailBuilder(layout, task).fill(report, verdicts)
