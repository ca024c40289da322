"""The format Make Gold (gui/adjudication.py) offers first: the annotators' own, as the
Agreement window lists their files, where Make Gold writes it; else doccano JSONL. The
dialog says which, and why."""

from __future__ import annotations

import os
import stat
from typing import TYPE_CHECKING

from .agreement_memory import kept_rows

if TYPE_CHECKING:
    from .settings import AppSettings

DEFAULT = "doccano"


def annotators_files(settings: AppSettings | None) -> list[str]:
    """The annotators' files the Agreement window lists (kept between starts), each once."""
    return list(dict.fromkeys(path for path, _ in kept_rows(settings)))


def detected(path: str) -> str | None:
    """The format module of a file (a folder's: its first annotation file's), or None; a
    file's read once while it stays the same file (_stamp), None never kept (a brat .txt
    is brat once its .ann is beside it)."""
    from engine.formats import detected_module

    try:
        stamp, known = _stamp(path), _DETECTED.get(path)
        if known is not None and known[0] == stamp:
            return known[1]
        module = detected_module(path)
    except (OSError, ValueError):
        return None
    if stamp is not None and module is not None:
        _DETECTED[path] = (stamp, module)
    return module


#: The format module detected of each file, by path, with the file's _stamp then: the
#: dialog is built anew each time, and sniffing a file can take long (its first JSON record
#: read whole: 1.8 s of CPU for one of 50 MB).
_DETECTED: dict[str, tuple[tuple[int, int, int, int], str]] = {}


def _stamp(path: str) -> tuple[int, int, int, int] | None:
    """A file's size, modification and change times (ns) and inode (a file copied over it
    with `cp -p` keeps size and modification time); None for a folder (looked at each time)."""
    status = os.stat(path)
    if not stat.S_ISREG(status.st_mode):
        return None
    return status.st_size, status.st_mtime_ns, status.st_ctime_ns, status.st_ino


def first_format(settings: AppSettings | None) -> tuple[str, str]:
    """Make Gold's format at first and the sentence that says why."""
    from engine.agreement.command import GOLD_FORMATS
    from engine.formats import format_module

    modules = {detected(path) for path in annotators_files(settings)}
    if not modules:
        return DEFAULT, "The default: no annotators' files are listed in the Agreement window."
    if len(modules) > 1 or None in modules:
        return DEFAULT, ("The default: the annotators' files listed in the Agreement window are not all "
                         "of one format the app knows.")  # fmt: skip
    (module,) = modules
    title = format_module(str(module)).TITLE
    if module not in GOLD_FORMATS:  # a format module's name is the name Make Gold writes it by
        return DEFAULT, f"The default: the annotators' files are {title}, which Make Gold does not write."
    return str(module), f"The annotators' own ({title}), as the Agreement window lists their files."
