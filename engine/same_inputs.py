"""The warning for a run whose gold and system are one input: the same file or folder (the
same path, or the same bytes: every file's sha256), read the same way. Its scores compare
the annotations with themselves (100 %), which says nothing of a system. Reading one file
in two ways (a Label Studio export's annotations against its predictions: --gold-source,
--system-source) is no such run, and gets no warning; an option set for one side that the
run did not use (CLUEval's and FairEval's own files are read without the reader options:
their report says so, READ_ITSELF) makes no difference."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from .report import InputFile, Report

#: The key of a report's data that is True where the method read its own files itself,
#: without the reader options (CLUEval's, FairEval's; the warning naming those set is its own).
READ_ITSELF = "_read_without_reader_options"


def warn_of_same_inputs(gold: str, system: str, report: Report, options: Any, role: str = "system") -> None:
    """Add the same-inputs warning to `report`'s messages (once)."""
    warning = same_inputs_warning(gold, system, report, options, role)
    report.messages += [m for m in warning if m not in report.messages]


def same_inputs_warning(gold: str, system: str, report: Report, options: Any, role: str = "system"
                        ) -> list[str]:  # fmt: skip
    """The warning where gold and system are the same input read alike (else none): an option
    set otherwise for each side makes them read otherwise, unless the method read them without
    the reader options (its report says so). `role` names the system as the user knows it
    (a comparison's "system B", the app's "second system")."""
    if _sides_differ(options, report.options) and not report.data.get(READ_ITSELF):
        return []
    if same_path(gold, system):
        kind = "folder" if Path(gold).is_dir() else "file"
        return [f"gold and {role} are the same {kind} ({gold}): the scores compare it with itself"]
    gold_files = [f for f in report.inputs if f.role == "gold"]
    system_files = [f for f in report.inputs if f.role == "system"]
    if gold_files and _same_contents(gold_files, system_files):
        return [f"gold ({gold}) and {role} ({system}) hold the same bytes (sha256 "
                f"{gold_files[0].sha256[:12]}…): the scores compare them with themselves"]  # fmt: skip
    return []


def _sides_differ(options: Any, read: dict[str, Any]) -> bool:
    """Whether an option is set otherwise for gold than for system (--gold-X, --system-X;
    where one is not set, --X for both sides holds, else the reader's default), as the run
    read them: the report's options (`read`: the system's user None where its reader left
    out the one taken from system A, as_read) over those given."""
    if options is None:
        return False
    values = SimpleNamespace(**{**vars(options), **read})
    names = [name[5:] for name in vars(options) if name.startswith("gold_")]
    return any(side_value(values, "gold", name) != side_value(values, "system", name) for name in names)


def as_read(options: dict[str, Any], user_left_out: bool) -> dict[str, Any]:
    """A run's options for its report as it read its inputs: the system's user None where
    its reader left out the one taken from system A (Annotations.user_left_out: its file
    names no annotator), which the system was read without."""
    return {**options, "system_user": None} if user_left_out else options


def side_value(options: Any, side: str, name: str) -> Any:
    """The value `side` reads option `name` with (a default given explicitly is the default)."""
    from .formats.reader_options import read_value

    return read_value(name, getattr(options, f"{side}_{name}", None), getattr(options, name, None))


def same_path(gold: str, system: str) -> bool:
    """Whether the two paths name one file or folder (written alike, or `m.conll` and
    `./m.conll`): a run's messages then name the options of both sides (span_options.side_options)."""
    if gold == system:
        return True
    try:
        return os.path.samefile(gold, system)
    except (OSError, ValueError):
        return False


def _size(file: InputFile) -> int:
    """The file's size in bytes (the bytes the reader kept, or the file's)."""
    return len(file.digest) if isinstance(file.digest, bytes) else Path(file.path).stat().st_size


def _same_contents(gold: list[InputFile], system: list[InputFile]) -> bool:
    """Whether both sides' files hold the same bytes (sizes first: no hashing where they differ)."""
    try:
        if len(gold) != len(system) or sorted(map(_size, gold)) != sorted(map(_size, system)):
            return False
    except OSError:
        return False
    return sorted(f.sha256 for f in gold) == sorted(f.sha256 for f in system)
