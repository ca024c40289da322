"""The exports the app offers, as jobs for a worker thread (the engine writes every file)."""

from __future__ import annotations

from pathlib import Path

from engine.export.csv import file_names, write_csv
from engine.export.xlsx import write_workbook
from engine.progress import Progress
from engine.report import Report

from .worker import Job


def xlsx_job(report: Report, path: str, scale: str) -> Job:
    """Write the review workbook, its scores on `scale`."""

    def job(progress: Progress) -> list[Path]:
        write_workbook(report, path, scale=scale, progress=progress)
        return [Path(path)]

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
