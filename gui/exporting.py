"""The exports the app offers, as jobs for a worker thread (the engine writes every file)."""

from __future__ import annotations

import os
from pathlib import Path

from engine.export.carry import Carried, match_review, review_to_carry
from engine.export.csv import file_names, write_csv
from engine.export.xlsx import write_workbook
from engine.paths import input_identities, refuse_overwriting
from engine.progress import Progress
from engine.report import Report

from .worker import Job


def run_inputs(report: Report, paths: tuple[str, ...] = ()) -> list[str]:
    """The inputs an export may not write over: the files the report read, and the run's
    `paths` (its gold, system and Second system, a folder among them)."""
    return list(dict.fromkeys([f.path for f in report.inputs] + [p for p in paths if p]))


def refuse_inputs(inputs: list[str], outputs: list[Path]) -> None:
    """InputError where an output is one of the run's inputs (a file of an input folder too,
    also through a link or another spelling), as the command line refuses it (engine/paths.py)."""
    folders = tuple(p for p in inputs if os.path.isdir(p))
    refuse_overwriting(input_identities(inputs, folders), {str(p): p for p in outputs})


def xlsx_job(report: Report, path: str, scale: str, keep_from: str | None = None,
             inputs: tuple[str, ...] = ()) -> Job:  # fmt: skip
    """Write the review workbook, its scores on `scale`, carrying the review of the workbook
    `keep_from` (if any) into it, never over one of `inputs` (run_inputs); the result:
    ([the path], a note of what was carried)."""

    def job(progress: Progress) -> tuple[list[Path], str]:
        refuse_inputs(list(inputs), [Path(path)])
        carried: Carried | None = None
        warnings: list[str] = []
        if keep_from is not None:
            progress.update(0.0, "reading the verdicts to keep", force=True)
            kept = review_to_carry(keep_from)
            carried, warnings = match_review(kept, report.error_rows), kept.warnings
        write_workbook(report, path, scale=scale, progress=progress, carried=carried)
        note = [carried.summary(Path(path).name)] if carried is not None else []
        return [Path(path)], " ".join(warnings + note)

    return job


def csv_job(report: Report, folder: str, inputs: tuple[str, ...] = ()) -> Job:
    """Write the CSV files into `folder`, none over one of `inputs` (run_inputs)."""

    def job(progress: Progress) -> list[Path]:
        refuse_inputs(list(inputs), csv_targets(report, folder))
        return write_csv(report, folder, progress)

    return job


def csv_targets(report: Report, folder: str) -> list[Path]:
    """The files Export CSV writes into `folder`."""
    return [Path(folder) / name for name in file_names(report)]


def json_job(report: Report, path: str, inputs: tuple[str, ...] = ()) -> Job:
    """Write the JSON report, never over one of `inputs` (run_inputs)."""

    def job(progress: Progress) -> list[Path]:
        refuse_inputs(list(inputs), [Path(path)])
        from engine.export.json import write_json

        progress.update(0.0, "writing the JSON report", force=True)
        write_json(report, path, progress)  # Cancel stops it between two pieces
        return [Path(path)]

    return job
