"""What each export costs next to the evaluation that produced it (issue 23: at most as
much): whole-process CPU on one core of `spanstudio METHOD …` alone, with `--json` and with
`--xlsx` (paired: run in turn), and in-process the evaluation with detail and the CSV files
of the app's Export CSV."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.export.csv import write_csv
from tests.bench.side_by_side import cpu_seconds, ours


def _range(values: list[float]) -> str:
    return f"{min(values):.2f}-{max(values):.2f}" if len(values) > 1 else f"{values[0]:.2f}"


def export_costs(title: str, args: list[str | Path], folder: Path, rounds: int = 2) -> dict[str, list[float]]:
    """CPU seconds of the plain run and of each export alone (the run with it minus the plain
    run of the same round); prints one line each. A method's own output file, named
    `out.csv`, is removed before each run (such a method refuses to overwrite it)."""
    runs: dict[str, list[float]] = {"plain": [], "json": [], "xlsx": []}
    extra = {"plain": [], "json": ["--json", folder / "r.json"], "xlsx": ["--xlsx", folder / "r.xlsx"]}
    for kind in ("warm the file cache", *[kind for _ in range(rounds) for kind in extra]):
        (folder / "out.csv").unlink(missing_ok=True)
        seconds = cpu_seconds(ours(*args, *extra.get(kind, [])), folder)[0]
        if kind in runs:
            runs[kind].append(seconds)
    plain = runs["plain"]
    print(f"  {title}: evaluation {_range(plain)} s CPU (whole process, one core)")
    for kind in ("json", "xlsx"):
        cost = [with_it - alone for with_it, alone in zip(runs[kind], plain, strict=True)]
        ratios = [c / p for c, p in zip(cost, plain, strict=True)]
        print(f"    --{kind}: +{_range(cost)} s = {_range(ratios)}× the evaluation (detail included)")
    return runs


def csv_cost(title: str, evaluate: Callable[[bool], Any], folder: Path) -> None:
    """In-process: the evaluation, the evaluation with detail (what the app runs) and the
    CSV files of its report."""
    gc.disable()  # as in the command and the app's worker
    try:
        start = time.process_time()
        evaluate(False)
        plain = time.process_time() - start
        start = time.process_time()
        report = evaluate(True)
        detail = time.process_time() - start
        start = time.process_time()
        write_csv(report, folder / "csv")
        written = time.process_time() - start
    finally:
        gc.enable()
    print(f"    in-process: evaluation {plain:.2f} s, with detail {detail:.2f} s; CSV files "
          f"({len(report.error_rows):,} errors) {written:.2f} s = {written / plain:.2f}× the evaluation")  # fmt: skip


def in_process(args: list[str | Path], folder: Path) -> Callable[[bool], Any]:
    """The evaluation of a command line, in this process (with or without detail)."""
    import os

    import engine.cli as cli
    from engine.methods import get_method

    argv = [str(a) for a in args]
    method = get_method(argv[0])

    def evaluate(detail: bool) -> Any:
        here = os.getcwd()
        os.chdir(folder)
        (folder / "out.csv").unlink(missing_ok=True)  # a method's own output, never overwritten
        try:
            parsed = cli.build_parser(argv).parse_args(argv)
            invocation = method.invocation(parsed, cli._options(method, parsed))
            return method.evaluate(invocation.gold, invocation.system, invocation.options, detail=detail)
        finally:
            os.chdir(here)

    return evaluate


def method_exports(title: str, args: list[str | Path], folder: Path, rounds: int = 2) -> None:
    """The whole-process export costs and the in-process CSV cost of one command line."""
    export_costs(title, args, folder, rounds)
    csv_cost(title, in_process(args, folder), folder)
