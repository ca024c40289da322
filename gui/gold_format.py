"""The format Make Gold (gui/adjudication.py) offers first: the annotators' own, as the
Agreement window lists their files, where Make Gold writes it; where their files cannot
tell, the format last used, else doccano JSONL. The dialog says which, and why. A file is
sniffed on a worker (its first JSON record may be 50 MB), once while it stays the same file."""

from __future__ import annotations

import os
import stat
from typing import TYPE_CHECKING

from .agreement_memory import kept_rows
from .stamps import Stamp, file_stamp

if TYPE_CHECKING:
    from .settings import AppSettings

DEFAULT = "doccano"


def annotators_files(settings: AppSettings | None) -> list[str]:
    """The annotators' files the Agreement window lists (kept between starts), each once."""
    return list(dict.fromkeys(path for path, _ in kept_rows(settings)))


def detected(path: str) -> str | None:
    """The format module of a file (a folder's: its first annotation file's), or None; a
    file's read once while it stays the same file (its stamp), None never kept (a brat .txt
    is brat once its .ann is beside it)."""
    from engine.formats import detected_module

    now = _now(path)
    if now == GONE:
        return None
    if (module := _sniffed_before(path, now)) is not None:
        return module
    try:
        module = detected_module(path)
    except (OSError, ValueError):
        return None
    if now != FOLDER and module is not None:
        _DETECTED[path] = (now, module)
    return module


#: The format module detected of each file, by path, with the file's stamp then: the
#: dialog is built anew each time, and sniffing a file can take long (its first JSON record
#: read whole: 1.8 s of CPU for one of 50 MB).
_DETECTED: dict[str, tuple[Stamp, str]] = {}
#: What a path is besides a file: not there (nothing to sniff), or a folder (sniffed each time).
GONE, FOLDER = "gone", "folder"


def _now(path: str) -> Stamp | str:
    """A file's stamp (from one look at the path), else GONE or FOLDER."""
    try:
        status = os.stat(path)
    except (OSError, ValueError):  # not there, not readable, a name with a NUL
        return GONE
    return FOLDER if stat.S_ISDIR(status.st_mode) else file_stamp(status)


def _sniffed_before(path: str, now: Stamp | str) -> str | None:
    """The format module detected of a file while it had the stamp it has `now` (None: not yet)."""
    seen = _DETECTED.get(path)
    return seen[1] if seen is not None and seen[0] == now else None


def known(paths: list[str]) -> dict[str, str | None] | None:
    """The format module of each file as sniffed before (nothing is read), or None where
    one must be sniffed first (a folder always is: it is looked at each time)."""
    modules: dict[str, str | None] = {}
    for path in paths:
        now = _now(path)
        modules[path] = None if now == GONE else _sniffed_before(path, now)
        if now != GONE and modules[path] is None:
            return None
    return modules


def sniffed(paths: list[str]) -> dict[str, str | None]:
    """The format module of each file, sniffed where not known yet (run on a worker)."""
    return {path: detected(path) for path in paths}


def first_format(modules: dict[str, str | None]) -> tuple[str | None, str]:
    """The annotators' own format where Make Gold writes it, and the sentence that says why;
    None where the files cannot tell, with why (the dialog offers the format last used, or
    its default)."""
    from engine.agreement.command import GOLD_FORMATS
    from engine.formats import format_module

    found = set(modules.values())
    if not found:
        return None, "no annotators' files are listed in the Agreement window."
    if len(found) > 1 or None in found:
        return None, ("the annotators' files listed in the Agreement window are not all of one format "
                      "the app knows.")  # fmt: skip
    (module,) = found
    title = format_module(str(module)).TITLE
    if module not in GOLD_FORMATS:  # a format module's name is the name Make Gold writes it by
        return None, f"the annotators' files are {title}, which Make Gold does not write."
    return str(module), f"The annotators' own ({title}), as the Agreement window lists their files."
