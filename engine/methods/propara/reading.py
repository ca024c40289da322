"""Reading the predictions and the answers (specs/propara.md §3.1), on both cores when the
files are large and fork is at hand: two different files are read one in each process, a
file evaluated against itself is read once, its second half in the other process. The
results and the errors are those of reading the predictions completely, then the answers.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from ...cores import Beside, can_fork
from ...errors import InputError
from ...formats.propara_actions import ActionFile, Contents, Part, Reader, Strings, location_strings
from ...progress import Progress

PARALLEL_MIN = 1 << 21  # bytes the other process must be given before it pays


def read_pair(predictions: tuple[str, bytes], answers: tuple[str, bytes], progress: Progress
              ) -> tuple[ActionFile, ActionFile]:  # fmt: skip
    """Both files, their codes shared (`compare_processes` compares them); (path, bytes) each."""
    names, locations = Strings(), location_strings()

    def reader(path: str, start: float) -> Reader:
        return Reader(path, lambda f: progress.update(start + 0.2 * f, f"reading {path}"), names, locations)

    (path, data), (answers_path, answers_data) = predictions, answers
    first = reader(path, 0.0)
    if data == answers_data:
        found = _read_in_halves(first, data) if _parallel(len(data) // 2) else first.read(data)
        return found, dataclasses.replace(found, path=answers_path)
    second = reader(answers_path, 0.2)
    if _parallel(min(len(data), len(answers_data))):
        return _read_side_by_side(first, data, second, answers_data)
    return first.read(data), second.read(answers_data)


def _parallel(size: int) -> bool:
    return size >= PARALLEL_MIN and can_fork()


def _coded(reader: Reader, text: str, start: int, end: int) -> Callable[[], Part | None]:
    """The other process's work: text[start:end] coded by a new reader sharing `reader`'s
    codes as they stand now."""
    marks = reader.mark()

    def work() -> Part | None:
        stretch = Reader(reader.path, None, reader.names, reader.locations)
        stretch.add_text(text, start, end)
        return stretch.part(marks)

    return work


def _read_in_halves(reader: Reader, data: bytes) -> ActionFile:
    import numpy  # noqa: F401  (once, before the other process starts)

    text = reader.text(data)
    middle = text.find("\n", len(text) // 2) + 1 or len(text)
    other = Beside(_coded(reader, text, middle, len(text)))
    try:
        reader.add_text(text, 0, middle)
        if reader.valid:
            reader.add_part(other.result())
    finally:
        other.cancel()
    return reader.finish(text)


def _read_side_by_side(first: Reader, data: bytes, second: Reader, second_data: bytes
                       ) -> tuple[ActionFile, ActionFile]:  # fmt: skip
    """The predictions (`first`) in the other process, the answers (`second`) here."""
    import numpy  # noqa: F401  (once, before the other process starts)

    text = first.text(data)
    marks = first.mark()

    def work() -> Contents | None:  # (an InputError cannot be sent: the file is read again below)
        found = _contents(Reader(first.path, None, first.names, first.locations), text)
        return None if isinstance(found, InputError) else found

    other = Beside(work)
    try:
        try:
            answers = _contents(second, second.text(second_data))
        except InputError as error:  # empty, not UTF-8
            answers = error
        contents = other.result()
    finally:
        other.cancel()
    if contents is None:
        predictions = first.read(data)  # raises its error
    else:
        contents.table.adopt(first.names, first.locations, marks)
        predictions = contents.file(first.path)
    if isinstance(answers, InputError):
        raise answers  # after the predictions' errors
    return predictions, answers.file(second.path)


def _contents(reader: Reader, text: str) -> Contents | InputError:
    try:
        reader.add_text(text, 0, len(text))
        return reader.contents(text)
    except InputError as error:
        return error
