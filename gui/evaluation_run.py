"""One evaluation the app runs: what was asked (Run), its inputs checked before it starts as
the command line checks them, and the job that scores them off the UI thread (the Second
system's comparison and the confidence intervals added where asked)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.comparison import add_comparison, add_intervals
from engine.formats.suggest import check_inputs, check_system
from engine.methods import Invocation, Method
from engine.progress import Progress
from engine.same_inputs import warn_of_same_inputs

from .inputs import SECOND, about_input
from .viewer_data import ReportData
from .worker import Job


@dataclass(frozen=True)
class Run:
    """What one evaluation was asked for: method, inputs, options."""

    method: Method
    gold: str
    system: str
    options: Any
    second: str = ""  # the second system compared with ("" for none)
    options_b: Any = None  # the options it is read with (OptionsPanel.second_options; None: none of its own)
    rewritten: bool = False  # an input was written over since (Make Gold: gui/adjudication.py)


def check_run_inputs(
    method: Method, gold: str, system: str, second: str, options: Any, options_b: Any = None,
    heads: Mapping[str, list[str]] | None = None,
) -> None:
    """WrongFormat where an input is recognised as a format the method does not read, as the
    command line checks them (not where `options` name its format): the gold and the system
    (check_inputs), then the Second system ("" for none) as compare checks its system B, read
    as the System with its own options (`options_b`; check_system): the refusal its box shows
    (setup_looks.refusals). `heads`: the boxes' looks' heads of their files (SetupPanel.looked_heads),
    not read again on the UI thread; a file without one is read here."""
    check_inputs(method, gold, system, options, heads)
    check_system(method, second, options_b or options, heads)


def evaluation_job(run: Run, intervals: bool) -> Job:
    """The run's job: its report, with confidence intervals (`intervals`) and the comparison
    with its Second system where asked, built for the views."""

    def job(progress: Progress) -> ReportData:
        report = run.method.evaluate(run.gold, run.system, run.options, progress)
        warn_of_same_inputs(run.gold, run.system, report, run.options)
        if intervals or run.second:
            from engine.stats import Confidence  # numpy's import waits for the first such run

            progress.update(1.0, "resampling", force=True)
        if intervals:
            add_intervals(run.method, report, Confidence(), run.system)
        if run.second:
            asked = Invocation(run.gold, run.system, run.options)
            about_input(SECOND, lambda: add_comparison(run.method, report, asked, run.second, Confidence(),
                                                       progress, run.options_b))  # fmt: skip
        return ReportData.build(report, progress)

    return job
