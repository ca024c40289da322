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
    mine, theirs = answer.participant_lines(), predicted.participant_lines()
    for name, line in mine.items():
        if name not in theirs:
            expected = f'rows for participant "{name}" of process {pid} ({ans} line {line})'
            found.append((f'{prefix} "{name}" is missing.', InputError(expected, "none", file=pred)))
    for name, line in theirs.items():
        if name not in mine:
            error = InputError(f"a participant of process {pid} as written in {ans}", f'"{name}"',
                               file=pred, line=line)  # fmt: skip
            found.append((f'{prefix} "{name}" is unexpected.', error))
    return [error for _, error in sorted(found, key=lambda item: item[0])]


def check_participants(answers: ActionFile, predictions: ActionFile, named: dict[int, bool]) -> None:
    """InputError naming the first difference and how many more there are; processes whose
    prediction `named` the same participants in the same order have none."""
    differences: list[InputError] = []
    for pid in sorted(pid for pid in answers.processes if not named[pid]):
        differences += _process_differences(answers, predictions, pid)
    if not differences:
        return
    first = differences[0]
    more = len(differences) - 1
    if more:
        first = InputError(first.expected, f"{first.found} (and {more} more difference{'s' * (more > 1)})",
                           file=first.file, line=first.line)  # fmt: skip
    raise first
