"""Reading the predictions and the answers (specs/propara.md §3.1): the predictions
completely, then the answers, their string codes shared (`compare_processes` compares
the files' codes); a file evaluated against itself is read once."""

from __future__ import annotations

import dataclasses

from ...formats.propara_actions import ActionFile, Reader, Strings, location_strings
from ...progress import Progress


def read_pair(predictions: tuple[str, bytes], answers: tuple[str, bytes], progress: Progress
              ) -> tuple[ActionFile, ActionFile]:  # fmt: skip
    """Both files, their codes shared; (path, bytes) each."""
    names, locations = Strings(), location_strings()

    def reader(path: str, start: float) -> Reader:
        return Reader(path, lambda f: progress.update(start + 0.2 * f, f"reading {path}"), names, locations)

    (path, data), (answers_path, answers_data) = predictions, answers
    found = reader(path, 0.0).read(data)
    if data == answers_data:
        return found, dataclasses.replace(found, path=answers_path)
    return found, reader(answers_path, 0.2).read(answers_data)
