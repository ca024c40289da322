"""The format Make Gold (gui/adjudication.py) offers first: the annotators' own, as the
Agreement window lists their files, where Make Gold writes it; else doccano JSONL. The
dialog says which, and why."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .agreement_memory import KEY, rows_of

if TYPE_CHECKING:
    from .settings import AppSettings

DEFAULT = "doccano"


def annotators_files(settings: AppSettings | None) -> list[str]:
    """The annotators' files the Agreement window lists (kept between starts), each once."""
    kept = settings.value(KEY, {}) if settings is not None else {}
    rows = rows_of(kept.get("rows")) if isinstance(kept, dict) else []
    return list(dict.fromkeys(path for path, _ in rows))


def detected(path: str) -> str | None:
    """The format module of a file (a folder's: its first annotation file's), or None."""
    from engine.formats import detected_module

    try:
        return detected_module(path)
    except (OSError, ValueError):
        return None


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
