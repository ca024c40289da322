"""ProPara process evaluation (AllenAI leaderboard evaluator) and its explainer.

specs/propara.md is the contract; this package follows its sections: reading
(engine/formats/propara_actions.py, §2–3.2), check (§3.3), summary (§3.4), compare
(§3.5, §4.2), scores (§3.6–3.7), render (§5), explain (§5.4), detail with errorrows
(§6.2–6.3).
"""

from __future__ import annotations

import argparse
import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...errors import InputError, first_listed
from ...formats.propara_actions import Reader, compare_processes
from ...formats.propara_sentences import read_sentences
from ...options import option
from ...progress import NO_PROGRESS, Progress
from ...report import InputFile, Report, Table
from ...textio import read_input_bytes
from .. import InputSpec, Invocation, Method, OutputSpec, gc_paused, register
from .check import check_participants
from .compare import Comparer, Correction, DivisionByZero
from .reading import read_pair
from .render import diagnostics_text, output_text, report_text
from .scores import LABELS, QUESTIONS, Averages, averages, score_process
from .scoring import ProcessScores

if TYPE_CHECKING:
    from ...stats import UnitStatistics
    from . import detail


#: The sides whose items review_basis counts, in its sums' order.
CREDITED = ("answer", "prediction")


def credit_sums(questions: list[str], sides: list[str], scores: list[float]) -> dict[str, dict[str, float]]:
    """Per question (in the order of its first item) how many answer and prediction items
    there are and their scores' sums: counted per group (question, side) by np.bincount,
    which adds each group's scores in item order, as a loop over the items would."""
    import numpy as np

    names = list(dict.fromkeys(questions))
    number = {(q, side): 2 * k + s for k, q in enumerate(names) for s, side in enumerate(CREDITED)}
    pairs = zip(questions, sides, strict=True)
    groups = np.fromiter(map(number.__getitem__, pairs), np.int64, len(questions))
    counts = np.bincount(groups, minlength=len(number)).tolist()
    credits = np.bincount(groups, np.array(scores, float), len(number)).tolist()
    return {q: {"answer": counts[2 * k], "answer_credit": credits[2 * k], "prediction": counts[2 * k + 1],
                "prediction_credit": credits[2 * k + 1]} for k, q in enumerate(names)}  # fmt: skip


@dataclass(frozen=True)
class Options:
    sentences: str | None = option(
        None,
        "Sentences file (process id, sentence number, text) for the diagnostics and the viewer; "
        "read only together with --diagnostics, --json or --xlsx.",
        flags=("--sentences", "-s"),
        metavar="FILE",
        path=True,
    )
    # Set by the command line when --sentences comes without --diagnostics (the file is not read).
    sentences_ignored: bool = False


@dataclass(frozen=True)
class ExplainRequest:
    """`spanstudio propara explain ACTIONS.tsv`: the run explains one action file."""


@register
class ProPara(Method):
    name = "propara"
    unit = "process"
    title = "ProPara — process paragraph state changes (AllenAI leaderboard)"
    _reports = (
        "The AllenAI ProPara leaderboard evaluator: each process paragraph of the predictions and "
        "the answers (action files: process, sentence, participant, NONE/CREATE/DESTROY/MOVE, "
        "location before and after) is summarised into its inputs, outputs, conversions and "
        "moves, which are compared with participant alternatives and stemmed locations. Reports "
        "precision, recall and F1 per question averaged over the processes, overall scores, the "
    )
    description = (
        f"{_reports}original's --output and --diagnostics files, and every missing, spurious or partly "
        "matched item. 'spanstudio propara explain ACTIONS.tsv' prints an action file as sentences."
    )
    app_description = (
        f"{_reports}original's scores per process, and every missing, spurious or partly matched item."
    )
    Options = Options
    inputs = (
        InputSpec(
            "gold",
            "answers",
            "Gold action file (the answers).",
            flags=("--answers", "-a"),
            formats=("propara_actions",),
        ),
        InputSpec(
            "system",
            "predictions",
            "Predicted action file.",
            flags=("--predictions", "-p"),
            formats=("propara_actions",),
        ),
    )
    text_hint = (
        "To see each step's sentence, choose the sentences file under Options → Sentences (process "
        "id, sentence number, text) and evaluate again."
    )
    outputs = (
        OutputSpec(
            "output",
            "Write the overall scores as the original's JSON here.",
            flags=("--output", "-o"),
            metavar="METRICS.json",
        ),
        OutputSpec(
            "diagnostics",
            "Write the original's diagnostics (summaries and scores per process) here.",
            flags=("--diagnostics", "-d"),
            metavar="FILE",
        ),
    )

    def evaluate(
        self,
        gold: str,
        system: str,
        options: Any,
        progress: Progress = NO_PROGRESS,
        *,
        detail: bool = True,
    ) -> Report:
        if isinstance(options, ExplainRequest):
            return explain_report(gold)
        with gc_paused():
            return Run(gold, system, options, progress, detail).report()

    def unit_statistics(self, report: Report) -> UnitStatistics | None:
        """Per answer process (None for the explainer's report)."""
        from .units import unit_statistics

        return unit_statistics(report)

    def review_basis(self, report: Report) -> dict[str, Any] | None:
        """Per question, how many answer and prediction items there are and the credit
        they got; an accepted item (system right (gold wrong) / both acceptable) gets full credit."""
        if "items" not in report.data:
            return None
        return credit_sums(*map(report.data["items"].column, ("question", "side", "score")))

    def review_scores(self, basis: dict[str, Any], accepted: list[dict[str, Any]]) -> dict[str, Table]:
        from ...review import credit_table

        return {"reviewed": credit_table(basis, accepted)}

    def render_output(self, name: str, report: Report) -> str:
        run: Run = report.data["_run"]
        if name == "output":
            return output_text(run.averages)
        return run.diagnostics()

    def console_text(self, report: Report, invocation: Invocation, json_to_stdout: bool) -> tuple[str, str]:
        if json_to_stdout:
            return "", ""
        if report.method == "propara-explain":
            return "".join(e.text + "\n" for e in report.data["_explanations"]), ""
        outputs = invocation.outputs
        text = report.data["_report_text"]
        if "diagnostics" in outputs:
            text = f"Writing diagnostics to file {outputs['diagnostics']}\n" + text
        if "output" in outputs:
            text += f"Writing results to file: {outputs['output']}\n"
        return text, ""

    # --- command line --------------------------------------------------------------

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        commands = parser.add_subparsers(dest="propara_command", metavar="explain", parser_class=type(parser))
        explainer = commands.add_parser(
            "explain",
            help="Print an action file as sentences (the original's explainer.py).",
            description="Print each CREATE, DESTROY and MOVE row of an action file as a sentence.",
        )
        explainer.add_argument(
            "actions", metavar="ACTIONS.tsv", help="An action file ('-' = standard input)."
        )
        for action in parser._actions:  # the report outputs every run offers (--json, --xlsx)
            if action.dest in ("json", "xlsx") and action.option_strings:
                explainer.add_argument(
                    *action.option_strings,
                    dest=action.dest,
                    metavar=action.metavar,
                    help=action.help,
                    default=argparse.SUPPRESS,
                )

    def add_compare_arguments(self, parser: argparse.ArgumentParser) -> None:
        """None: `explain` (add_arguments' one sub-command) prints one action file, no comparison."""

    def invocation(self, args: argparse.Namespace, options: Any) -> Invocation:
        if getattr(args, "propara_command", None) == "explain":
            if args.gold is not None or args.system is not None:
                raise InputError(
                    "either 'explain ACTIONS.tsv' or --predictions and --answers", "both", option="explain"
                )
            return Invocation(args.actions, "", ExplainRequest())
        for spec in reversed(self.inputs):  # --predictions first
            if getattr(args, spec.role) is None:
                raise InputError("a file path", "none", option=spec.flags[0])
        outputs = {o.name: getattr(args, "out_" + o.name) for o in self.outputs}
        outputs = {name: value for name, value in outputs.items() if value is not None}
        detail = getattr(args, "json", None) is not None or getattr(args, "xlsx", None) is not None
        if options.sentences is not None and "diagnostics" not in outputs and not detail:
            options = dataclasses.replace(options, sentences=None, sentences_ignored=True)
        return Invocation(args.gold, args.system, options, outputs)


# --- one evaluation ------------------------------------------------------------------


class Run:
    """One evaluation of predictions against answers."""

    def __init__(self, answers: str, predictions: str, options: Options, progress: Progress, detail: bool):
        self.answers_path, self.predictions_path = answers, predictions
        self.options = options
        self.progress = progress
        self.detail = detail
        self.warnings: list[str] = []
        if options.sentences_ignored:
            self.warnings.append("--sentences is ignored without --diagnostics, --json or --xlsx")
        self.comparer = Comparer()
        self.scores: ProcessScores
        self.averages: Averages
        self.sentences: dict[int, list[str]] | None = None

    # --- reading ---------------------------------------------------------------------

    def _read_both(self) -> None:
        """Predictions, then answers (their errors in that order; see reading.read_pair)."""
        data = read_input_bytes(self.predictions_path)
        try:
            answers = read_input_bytes(self.answers_path)
        except InputError:
            Reader(self.predictions_path).read(data)  # its own errors come first
            raise
        same = answers == data
        if same:
            answers = data  # one copy in memory
        self.read = {"system": data, "gold": answers}  # hashed when the report is written
        files = (self.predictions_path, data), (self.answers_path, answers)
        self.predictions, self.answers = read_pair(*files, self.progress)
        self.warnings += self.predictions.warnings + self.answers.warnings

    def report(self) -> Report:
        if self.options.sentences is not None:
            self.sentences = read_sentences(self.options.sentences)
        self._read_both()
        named = compare_processes(self.answers, self.predictions)
        check_participants(
            self.answers, self.predictions, dict(zip(self.answers.processes, named, strict=True))
        )
        self._check_sentences()
        self._warn_unscored()
        self._score(named)
        return self._build()

    def _check_sentences(self) -> None:
        if not self.sentences:
            return
        for pid in self.answers.processes:
            if pid not in self.sentences:
                raise InputError(f"sentences for process {pid}", "none", file=self.options.sentences)

    def _warn_unscored(self) -> None:
        extra = [pid for pid in self.predictions.processes if pid not in self.answers.processes]
        if not extra:
            return
        shown = first_listed(extra, 10, more=", …")
        if len(extra) == 1:
            self.warnings.append(
                f"predictions contain 1 process not in the answers ({shown}); it was not scored"
            )
        else:
            count = len(extra)
            self.warnings.append(
                f"predictions contain {count} processes not in the answers ({shown}); they were not scored"
            )

    # --- scoring -----------------------------------------------------------------------

    def _score(self, named: list[bool]) -> None:
        """Every answer process by one route (scoring.py), with or without the detail."""
        self.progress.update(0.4, "scoring processes", force=True)
        self.scores = ProcessScores(self.answers, self.predictions, named, self.comparer)
        for pid, question, corrections in self.scores.corrections:  # one warning per process and question
            first = first_listed(corrections, 1, more=" (+{} more)", show=Correction.message)
            self.warnings.append(f"process {pid}, {question}: {first}")
        self.averages = averages(self.scores.precision, self.scores.recall)

    def uncorrected(self) -> dict[str, Any] | None:
        """What the original would have printed, when §4.2 changed a similarity."""
        if not self.scores.corrections:
            return None
        original = self.comparer.as_original()
        try:
            found = [score_process(*pair, original) for pair in self.scores.every_summary()]
        except DivisionByZero:
            return {"error": "division by zero"}
        precision = {q: [score.questions[q].precision for score in found] for q in QUESTIONS}
        recall = {q: [score.questions[q].recall for score in found] for q in QUESTIONS}
        result = averages(precision, recall)
        return {"questions": result.questions(), "overall": result.output()}

    # --- results -----------------------------------------------------------------------

    def diagnostics(self) -> str:
        blocks = []
        every = zip(self.scores.pids, self.scores.every_summary(), strict=True)
        for k, (pid, (answer, prediction)) in enumerate(every):
            block: dict[str, Any] = {
                "prediction_summary": prediction.diagnostics(),
                "answer_summary": answer.diagnostics(),
                "score": self.scores.diagnostics(k),
            }
            if self.sentences:
                texts = self.sentences[pid]
                block["sentences"] = [{"step_number": i, "text": t} for i, t in enumerate(texts, 1)]
            blocks.append(block)
        return diagnostics_text(self.predictions_path, self.answers_path, blocks, self.averages)

    def by_pid(self) -> list[int]:
        """The answer processes' numbers, sorted by process id (the JSON report's order)."""
        pids = self.scores.pids
        return sorted(range(len(pids)), key=pids.__getitem__)

    def _data(self, made: detail.Detail) -> dict[str, Any]:
        return {
            "inputs": {
                "predictions": self.predictions_path,
                "answers": self.answers_path,
                "sentences": self.options.sentences,
            },
            "questions": self.averages.questions(),
            "overall": self.averages.output(),
            "num_predictions": len(self.predictions.processes),
            "num_answers": len(self.answers.processes),
            "processes": made.processes,
            "summaries": made.summaries,
            "uncorrected": self.uncorrected(),
            "items": made.items,
        }

    def _build(self) -> Report:
        self.progress.update(0.9, "building the report", force=True)
        averages_ = self.averages
        text = report_text(averages_, len(self.predictions.processes), len(self.answers.processes))
        data: dict[str, Any] = {"_run": self, "_report_text": text}
        if self.detail:
            from . import detail  # spans and contexts: not for a scores-only run

            ordered = self.by_pid()
            made = detail.process_detail(self.scores, ordered, self.sentences)
            data.update(self._data(made))
        inputs = [
            InputFile("gold", self.answers_path, self.read["gold"]),
            InputFile("system", self.predictions_path, self.read["system"]),
        ]
        if self.options.sentences is not None:
            inputs += InputFile.of("sentences", self.options.sentences)
        report = Report(
            method="propara",
            title=ProPara.title,
            options={},
            inputs=inputs,
            tables={"overall": _scores_table(averages_)},
            messages=self.warnings,
            data=data,
        )
        if self.detail:
            self._fill_detail(report, made, ordered)
        return report

    def _fill_detail(self, report: Report, made: detail.Detail, ordered: list[int]) -> None:
        """Error rows, documents, spans and the Processes and Grid tables (`ordered`: the
        answer processes' numbers by process id, as by_pid gives them)."""
        from . import detail
        from .grid import Grid, grid_table

        report.documents = made.documents
        report.error_rows = made.errors
        report.gold_spans, report.system_spans = made.gold_spans, made.system_spans
        report.tables["processes"] = detail.processes_table(made.process_rows)
        scores = self.scores
        chosen, predicted = [scores.processes[k] for k in ordered], [scores.predicted[k] for k in ordered]
        grid = Grid(self.answers.table, self.predictions.table, chosen, predicted)
        report.tables["grid"] = grid_table(grid.rows(self.sentences))


def _scores_table(result: Averages) -> Table:
    """The printed report as numbers: one row per question, then the overall row."""
    rows: list[list[Any]] = [
        [LABELS[q], values["precision"], values["recall"], values["f1"]]
        for q, values in result.questions().items()
    ]
    overall = result.output()
    rows.append(["Overall", overall["precision"], overall["recall"], overall["f1"]])
    note = "Precision and recall averaged over the answer processes; overall = mean of the four questions."
    return Table(["question", "precision", "recall", "f1"], rows, "Scores", note=note)


# --- the explainer -------------------------------------------------------------------


def explain_report(path: str) -> Report:
    from .explain import PRINTED, explain

    explanations, warnings = explain(path)
    rows = [[e.pid, e.sentence, e.participant, e.action, e.text] for e in explanations]
    counts = [[action, sum(1 for e in explanations if e.action == action)] for action in PRINTED]
    inputs = [] if path == "-" else InputFile.of("actions", path)
    tables = {
        "lines": Table(["action", "lines"], [*counts, ["all", len(explanations)]], "Lines per action"),
        "explanations": Table(
            ["process_id", "sentence", "participant", "action", "text"], rows, "Explanations", kind="detail"
        ),
    }
    return Report(
        method="propara-explain",
        title="ProPara explainer",
        options={},
        inputs=inputs,
        tables=tables,
        messages=warnings,
        data={
            "inputs": {"actions": path},
            "lines": [e.json() for e in explanations],
            "_explanations": explanations,
        },
    )
