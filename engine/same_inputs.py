"""The warning for a run whose gold and system are one input: the same file or folder (the
same path, or the same bytes: every file's sha256), read the same way. Its scores compare
the annotations with themselves (100 %), which says nothing of a system. Reading one file
in two ways (a Label Studio export's annotations against its predictions: --gold-source,
--system-source) is no such run, and gets no warning; an option set for one side that the
run did not use (CLUEval's and FairEval's own files are read without the reader options)
makes no difference."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .report import InputFile, Report


def warn_of_same_inputs(gold: str, system: str, report: Report, options: Any,
                        own_formats: tuple[str, ...] = ()) -> None:  # fmt: skip
    """Add the same-inputs warning to `report`'s messages (once); `own_formats`: the
    method's (Method.own_formats)."""
    warning = same_inputs_warning(gold, system, report, options, own_formats)
    report.messages += [m for m in warning if m not in report.messages]


def same_inputs_warning(gold: str, system: str, report: Report, options: Any,
                        own_formats: tuple[str, ...] = ()) -> list[str]:  # fmt: skip
    """The warning where gold and system are the same input read alike (else none)."""
    if _sides_differ(options) and _reader_options_used(gold, system, options, own_formats):
        return []
    if same_path(gold, system):
        kind = "folder" if Path(gold).is_dir() else "file"
        return [f"gold and system are the same {kind} ({gold}): the scores compare it with itself"]
    gold_files = [f for f in report.inputs if f.role == "gold"]
    system_files = [f for f in report.inputs if f.role == "system"]
    if gold_files and _same_contents(gold_files, system_files):
        return [f"gold ({gold}) and system ({system}) hold the same bytes (sha256 "
                f"{gold_files[0].sha256[:12]}…): the scores compare them with themselves"]  # fmt: skip
    return []


def _sides_differ(options: Any) -> bool:
    """Whether an option is set otherwise for gold than for system (--gold-X, --system-X;
    where one is not set, --X for both sides holds)."""
    names = [name[5:] for name in vars(options) if name.startswith("gold_")] if options is not None else []
    return any(_side_value(options, "gold", name) != _side_value(options, "system", name) for name in names)


def _reader_options_used(gold: str, system: str, options: Any, own_formats: tuple[str, ...]) -> bool:
    """Whether the span readers read the inputs with the reader options: always, but for a
    method's own formats (`own_formats`), which it reads itself without them."""
    if not own_formats:
        return True
    from .methods.span_adapter import span_format_inputs  # only where a side has an option of its own

    return span_format_inputs(gold, system, options, own_formats)


def _side_value(options: Any, side: str, name: str) -> Any:
    own = getattr(options, f"{side}_{name}", None)
    return own if own is not None else getattr(options, name, None)


def same_path(gold: str, system: str) -> bool:
    """Whether the two paths name one file or folder (`m.conll` and `./m.conll` alike)."""
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
