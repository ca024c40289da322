"""The participant check (specs/propara.md §3.3): the predictions must name every answer
process and, per process, exactly the answer's participants as written."""

from __future__ import annotations

from ...errors import InputError
from ...formats.propara_actions import ActionFile


def _process_differences(answers: ActionFile, predictions: ActionFile, pid: int) -> list[InputError]:
    """The differences of one answer process, ordered like the original's report lines."""
    answer = answers.processes[pid]
    predicted = predictions.processes.get(pid)
    pred, ans = predictions.path, answers.path
    if predicted is None:
        return [InputError(f"rows for process {pid} ({ans} line {answer.line})", "none", file=pred)]
    found: list[tuple[str, InputError]] = []
    prefix = f"Process {pid} in {pred}: participant"
    for name, participant in answer.participants.items():
        if name not in predicted.participants:
            expected = f'rows for participant "{name}" of process {pid} ({ans} line {participant.line})'
            found.append((f'{prefix} "{name}" is missing.', InputError(expected, "none", file=pred)))
    for name, participant in predicted.participants.items():
        if name not in answer.participants:
            error = InputError(f"a participant of process {pid} as written in {ans}", f'"{name}"',
                               file=pred, line=participant.line)  # fmt: skip
            found.append((f'{prefix} "{name}" is unexpected.', error))
    return [error for _, error in sorted(found, key=lambda item: item[0])]


def check_participants(answers: ActionFile, predictions: ActionFile) -> None:
    """InputError naming the first difference and how many more there are."""
    differences: list[InputError] = []
    for pid in sorted(answers.processes):
        differences += _process_differences(answers, predictions, pid)
    if not differences:
        return
    first = differences[0]
    more = len(differences) - 1
    if more:
        first = InputError(first.expected, f"{first.found} (and {more} more difference{'s' * (more > 1)})",
                           file=first.file, line=first.line)  # fmt: skip
    raise first
