"""The exports the app offers, as jobs for a worker thread (the engine writes every file)."""

from __future__ import annotations

from pathlib import Path

from engine.export.carry import Carried, match_review, review_to_carry
from engine.export.csv import file_names, write_csv
from engine.export.xlsx import write_workbook
from engine.progress import Progress
from engine.report import Report

from .worker import Job


def xlsx_job(report: Report, path: str, scale: str, keep_from: str | None = None) -> Job:
    """Write the review workbook, its scores on `scale`, carrying the review of the workbook
    `keep_from` (if any) into it; the result: ([the path], a note of what was carried)."""

    def job(progress: Progress) -> tuple[list[Path], str]:
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


def csv_job(report: Report, folder: str) -> Job:
    def job(progress: Progress) -> list[Path]:
        return write_csv(report, folder, progress)

    return job


def csv_targets(report: Report, folder: str) -> list[Path]:
    """The files Export CSV writes into `folder`."""
    return [Path(folder) / name for name in file_names(report)]


def json_job(report: Report, path: str) -> Job:
    def job(progress: Progress) -> list[Path]:
        from engine.export.json import write_json

        progress.update(0.0, "writing the JSON report", force=True)
        write_json(report, path)
        return [Path(path)]

    return job
