"""Confidence intervals on a run and the comparison of two systems, for every method whose
scores are sums over units (Method.unit): the command-line flags, and the reports.

    spanstudio METHOD … --ci [LEVEL] [--resamples N] [--seed N]
    spanstudio compare METHOD GOLD SYSTEM_A SYSTEM_B [method options] [--ci LEVEL] …

The arithmetic is engine/stats.py's; numpy is only imported when a run asks for it.
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING, Any

from .errors import FileWarning, InputError, shown
from .progress import NO_PROGRESS, Progress
from .report import InputFile, Report
from .same_inputs import same_inputs_warning, same_path, side_value

if TYPE_CHECKING:
    from .methods import Invocation, Method
    from .stats import Confidence, UnitStatistics

#: The defaults of the flags and of engine.stats.Confidence, declared here (the command line
#: builds its flags without importing numpy).
LEVEL, RESAMPLES, TRIALS, SEED = 0.95, 1000, 10000, 12345  # the seed: sacrebleu's
#: The fewest and most resamples (and trials): every resample's scores are kept for each
#: score of each row, so a million would hold 8 MB per score and row, GBs for many labels.
MIN_RESAMPLES, MAX_RESAMPLES = 100, 100_000
#: The systems of compare's workbook: their error sheets' names begin with them ("System A – Errors").
SYSTEMS = ("System A", "System B")


def add_confidence_arguments(parser: argparse.ArgumentParser, *, compare: bool = False) -> None:
    """--ci, --resamples, --seed (and for compare --trials) on a method's command line."""
    group = parser.add_argument_group("confidence intervals")
    level = f"(default: {LEVEL})" if compare else f"(bare: {LEVEL}; default: no intervals)"
    group.add_argument(
        "--ci", metavar="LEVEL", nargs="?", const=LEVEL, default=LEVEL if compare else None, type=_float,
        help=f"Percentile bootstrap confidence intervals over the method's units, at this level {level}.",
    )  # fmt: skip
    bounds = f"{MIN_RESAMPLES} to {MAX_RESAMPLES:,}"
    group.add_argument("--resamples", metavar="N", type=_int, default=RESAMPLES,
                       help=f"Bootstrap resamples, {bounds} (default: {RESAMPLES}).")  # fmt: skip
    group.add_argument("--seed", metavar="N", type=_int, default=SEED,
                       help=f"Seed of the random numbers: runs repeat (default: {SEED}).")  # fmt: skip
    if compare:
        group.add_argument("--trials", metavar="N", type=_int, default=TRIALS,
                           help=f"Randomization trials, {bounds} (default: {TRIALS}).")  # fmt: skip


def _float(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, found '{text}'") from None


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, found '{text}'") from None


def confidence_of(args: argparse.Namespace) -> Confidence:
    """The checked settings of the parsed flags."""
    from .stats import Confidence

    confidence = Confidence(args.ci, args.resamples, args.seed, getattr(args, "trials", TRIALS))
    confidence.check()
    return confidence


def statistics_of(method: Method, report: Report, path: str) -> UnitStatistics:
    """The report's per-unit statistics, or InputError where the run has none."""
    from .stats import plural

    stats = method.unit_statistics(report)
    if stats is None:
        expected = f"a {method.name} run whose scores are sums over {plural(method.unit)}"
        raise InputError(expected, "a mode whose scores are not sums over units", file=path)
    if len(stats.ids) < 2:
        found = f"{len(stats.ids)} {stats.unit if len(stats.ids) == 1 else plural(stats.unit)}"
        raise InputError(f"at least 2 {plural(stats.unit)} to resample", found, file=path)
    return stats


def add_intervals(method: Method, report: Report, confidence: Confidence, path: str) -> str:
    """Put the intervals into the report's score tables; the console's text of them."""
    from . import stats

    stats.add_intervals(report, statistics_of(method, report, path), confidence)
    return stats.interval_text(report)


# --- compare ---------------------------------------------------------------------------


def compare_reports(
    method: Method,
    gold: str,
    systems: tuple[str, str],
    options: Any,
    confidence: Confidence,
    progress: Progress = NO_PROGRESS,
    options_b: Any = None,
) -> Report:
    """Both systems scored against `gold` (system B with `options_b`, its own --system-b-X,
    which its messages name: engine/compare_options.py; None: A's); per score the difference
    b − a with its interval and p-values over the same units (report.data: comparison,
    systems, confidence, and each system's own report by its name as _system_reports;
    report.tables: the comparison, then each system's score tables)."""
    from .compare_options import system_b_given

    reports = [method.evaluate(gold, systems[0], options, progress, detail=True),
               method.evaluate(gold, systems[1], options_b or options, progress, detail=True)]  # fmt: skip
    progress.update(1.0, "resampling", force=True)
    data = _compared(method, reports, systems, confidence)
    data["_system_reports"] = dict(zip(SYSTEMS, reports, strict=True))  # its workbook's reviewed scores
    tables = {"comparison": data.pop("_table")}
    for name, report in zip("ab", reports, strict=True):
        for key, table in report.score_tables().items():
            table.title = f"System {name.upper()}: {table.title}"
            tables[f"{name}_{key}"] = table
    first, second = reports
    alike = not system_b_given(first.options, second.options)
    return Report(
        method=method.name,
        title=f"{first.title}: two systems compared",
        options={**first.options, **system_b_given(first.options, second.options)},
        inputs=[f for f in first.inputs if f.role != "system"] + _system_files(systems),
        tables=tables,
        error_rows=both_systems_errors(reports),
        documents=first.documents,
        messages=[*first.messages, *same_inputs_warning(gold, systems[0], first, options, "system A"),
                  *second_system_messages(first.messages, second.messages, systems, alike,
                                          _other_user(systems, options, options_b)),
                  *same_inputs_warning(gold, systems[1], second, options_b or options, "system B")],
        data=data,
    )


def _other_user(systems: tuple[str, str], options: Any, options_b: Any) -> str | None:
    """The user system B reads where B is A's file (an export of several users) read for
    another user (--system-b-user bob beside --system-user alice), named as the readers name
    it (`user 2` for a bare id: reader_options.user_called); else None."""
    from .formats.reader_options import user_called

    if options_b is None or not same_path(*systems):
        return None
    a, b = (user_called(side_value(o, "system", "user")) for o in (options, options_b))
    return b if b and b != a else None


def both_systems_errors(reports: list[Report]) -> list[dict[str, Any]]:
    """Each system's error rows, each on a sheet of the system's own in the workbook
    (`System A – Errors`, `System B – Errors`; a method's own sheets named the same way),
    their error ids as in the system's own report."""
    rows = []
    for name, report in zip(SYSTEMS, reports, strict=True):
        for row in report.error_rows:
            rows.append({**row, "sheet": system_prefix(name) + (row.get("sheet") or "Errors")})
    return rows


def system_prefix(system: str) -> str:
    """The start of the names of a system's sheets in compare's workbook ("System A – ")."""
    return f"{system} – "


#: The app's name of the system a run is compared with (its setup's "Second system" field).
SECOND_SYSTEM = "second system"


def add_comparison(
    method: Method, report: Report, run: Invocation, other: str, confidence: Confidence, progress: Progress,
    options_b: Any = None,
) -> None:  # fmt: skip
    """Compare the system of `report` (the evaluation of `run`: a) with `other` (b), read with
    `options_b` as compare reads its system B (None: with none of B's own, as A:
    compare_options.system_b_read): the comparison becomes the report's first table, B's own
    options join its options as compare's report names them (system_b_given), and its data
    holds comparison, systems, confidence (the app's run with a second system file)."""
    from .compare_options import system_b_given, system_b_read

    if options_b is None:
        options_b = system_b_read(method.Options, run.options, {}) or run.options
    second = method.evaluate(run.gold, other, options_b, progress, detail=True)
    progress.update(1.0, "resampling", force=True)
    systems = (run.system, other)
    data = _compared(method, [report, second], systems, confidence)
    report.tables = {"comparison": data.pop("_table"), **report.tables}
    report.data.update(data)
    report.inputs += InputFile.of("system_b", other)
    own = system_b_given(report.options, second.options)
    report.options = {**report.options, **own}
    user = _other_user(systems, run.options, options_b)
    report.messages += second_system_messages(report.messages, second.messages, systems, not own, user)
    report.messages += same_inputs_warning(run.gold, other, second, options_b, SECOND_SYSTEM)


def second_system_messages(
    first: list[str], second: list[str], systems: tuple[str, str], alike: bool = True, user: str | None = None
) -> list[str]:  # fmt: skip
    """The second system's messages the first's run did not give, each naming its file once:
    a warning about a file (FileWarning: a reader's, of the file or one in its folder) names
    it already, and one about options the flags that set them (`--system-b-tag-column: not
    used …`); any other is named with the second system's file (with the `user` read in it,
    where B is A's export read for another: `bob's annotations in export.zip: …`), also where
    the first's says the same of its own system (both use a label the gold does not), unless B
    is A's input read alike (`alike`: with A's reader options, as the app reads its Second system):
    then each of its readers' warnings is one of A's, its way on named by B's flag
    (`--system-b-tag-column`) where A's names A's."""
    files: dict[str, tuple[Any, ...]] = {}
    warned = {_warning_key(m, files) for m in first if isinstance(m, FileWarning)}
    read_alike = alike and same_path(*systems)
    told = set(first) if read_alike else {m for m in first if m.startswith("--")}
    kept = [m for m in second if ((not read_alike and _warning_key(m, files) not in warned)
                                  if isinstance(m, FileWarning) else m not in told)]  # fmt: skip
    name = shown(systems[1]) if user is None else f"{shown(user)}'s annotations in {shown(systems[1])}"
    return [m if _names_its_subject(m) else f"{name}: {m}" for m in kept]


def _names_its_subject(message: str) -> bool:
    """Whether a message names the file or the flags it is about (FileWarning, `--…`)."""
    return isinstance(message, FileWarning) or message.startswith("--")


def _warning_key(warning: FileWarning, files: dict[str, tuple[Any, ...]]) -> tuple[Any, ...]:
    """What a warning says and of which file, however its path is spelled (`b`, `./b`, a
    link, an entry of a zip by either path to the zip); `files`: each path's found once."""
    if warning.file not in files:
        files[warning.file] = _file_identity(warning.file)
    return warning[len(warning.file):], files[warning.file]


def _file_identity(path: str) -> tuple[Any, ...]:
    """A file by its device and inode, or those of the nearest folder or zip above it on
    disk and the names below (an entry of a zip); its normalised path where none is found."""
    place, below = os.path.abspath(path), []
    while not os.path.exists(place) and os.path.dirname(place) != place:
        place, name = os.path.split(place)
        below.insert(0, name)
    try:
        found = os.stat(place)
    except OSError:
        return (os.path.normpath(path),)
    return found.st_dev, found.st_ino, *below


def _compared(method: Method, reports: list[Report], systems: tuple[str, str], confidence: Confidence
              ) -> dict[str, Any]:  # fmt: skip
    """comparison, systems and confidence of two reports (and the comparison table as _table)."""
    from . import stats

    a, b = (statistics_of(method, r, path) for r, path in zip(reports, systems, strict=True))
    rows = stats.compare(a, b, confidence, systems)
    record = confidence.record(a.unit, f"{stats.INTERVAL_METHOD} (paired); {stats.TESTS}")
    record["trials"] = confidence.trials
    return {"comparison": rows, "systems": {"a": systems[0], "b": systems[1]}, "confidence": record,
            "_table": stats.comparison_table(rows)}  # fmt: skip


def _system_files(systems: tuple[str, str]) -> list[InputFile]:
    return [*InputFile.of("system_a", systems[0]), *InputFile.of("system_b", systems[1])]


def comparison_text(report: Report) -> str:
    from .stats import comparison_text

    return comparison_text(report.data["comparison"], report.data["confidence"], report.data["systems"])
