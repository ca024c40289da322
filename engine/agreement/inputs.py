"""Who the agreement's inputs are: one file or folder per annotator, or ONE export holding
several annotators' work — a doccano 1.0/1.1 export with users, a Label Studio export whose
tasks several annotators annotated, an INCEpTION project export (`.zip` or unzipped).

An export is measured alone: beside other inputs a doccano or Label Studio file is one
annotator as before (`--index N` picks whose spans), and an INCEpTION project export or
doccano's zip of several users' files is an error (it is no one annotator's). The app reads
an export once, as it lists its annotators one row each, and measures from that reading
(read_listed's `read`).
"""

from __future__ import annotations

from pathlib import Path

from ..errors import InputError, given
from ..formats import read_spans
from ..formats.reader_options import Annotators, ReadOptions, listed_names
from ..progress import NO_PROGRESS, Progress
from ..spans import Annotations
from ..textio import check_input

#: The span readers whose files may hold several annotators' work.
EXPORT_READERS = ("doccano", "label_studio")
INCEPTION = "inception_project"
#: What the messages call an input of several annotators.
EXPORTS = "a doccano, Label Studio or INCEpTION export of several annotators' work"


def export_reader(path: str, format: str | None = None) -> str | None:
    """The module name of the reader of an input that may hold several annotators' work,
    or None (any other input: one annotator's, or a file no format reads). A file without
    --format is recognised as read_spans recognises it (the span formats first)."""
    from ..formats import SPAN_FORMATS, readable_lines
    from ..formats.folders import lines_reader
    from ..formats.inception_project import is_project

    p = Path(path)
    if is_project(p):
        return INCEPTION
    if not p.is_file():
        return None
    try:
        name = SPAN_FORMATS.get(format) if format else lines_reader(readable_lines(p), path)
    except InputError:  # a format without spans (ProPara's): said when it is read
        return None
    return name if name in EXPORT_READERS else None


def export_annotators(
    path: str, format: str | None = None, options: ReadOptions | None = None, predictions: bool = False
) -> Annotators:
    """The annotators of an export by name, in the export's order (user ids, then names), and
    why a file of it is no annotator; empty for an input that is one annotator's."""
    return _annotators(export_reader(path, format), path, options, predictions)


def _annotators(reader: str | None, path: str, options: ReadOptions | None, predictions: bool) -> Annotators:
    """The annotators of an export read by `reader` (export_annotators'); none where it is None."""
    from ..formats import format_module
    from ..formats.duplicates import merged_duplicates

    if reader is None:
        return Annotators({})
    module = format_module(reader)
    options = options or ReadOptions()
    extra = (predictions,) if reader == "label_studio" else ()
    found = module.read_annotators(path, options, *extra)
    merged = {name: merged_duplicates(annotations) for name, annotations in found.items()}  # as every reading
    return Annotators(merged, found.left_out if isinstance(found, Annotators) else "")


def one_export(path: str, names: list[str] | None, format: str | None, options: ReadOptions | None,
               predictions: bool) -> dict[str, Annotations]:  # fmt: skip
    """The annotators of the one input given (renamed by `names` in their order);
    InputError where it holds fewer than two."""
    found = _annotators(_lone_reader(path, format), path, options, predictions)
    if len(found) < 2:
        held = f"the annotations of one annotator ({', '.join(found)})" if found else "one annotator's"
        why = f"; {found.left_out}" if found.left_out else ""
        raise InputError(  # in parts: a long path cuts its own part, not the advice after it
            "at least two annotators' files or folders",
            (f"1 ({path} holds {held}; {EXPORTS} is measured alone)", why),
        )
    given = checked_names(list(found), names)
    return dict(zip(given, found.values(), strict=True))


def _lone_reader(path: str, format: str | None) -> str | None:
    """The export reader of the one input given (export_reader's); InputError where it is a
    file no format reads (no annotator's at all), its head read once."""
    from ..formats import span_format
    from ..formats.folders import file_reader

    p = Path(path)
    if format is None and p.is_file():
        name = file_reader(p)  # the readers' error where no format reads it (a project's zip told once)
        return name if name in (INCEPTION, *EXPORT_READERS) else None
    reader = export_reader(path, format)
    if reader is None and format is not None and p.is_file():
        span_format(path, format)  # InputError for a --format that reads no spans
    return reader


#: How annotators are named where two share a name, in the command line's words (annotator_names').
NAMING = ("a different name for each annotator (each input is named after its file or folder, an export's "
          "annotators after their users: give --names, one per annotator, or rename a file or folder)")
#: The same in the app's words (read_listed's: the app has no --names, and lists rows).
LISTED_NAMING = ("a different name for each annotator (each file or folder is named after itself, "
                 "an export's annotators after their users: rename a file or folder, or remove a row)")


def checked_names(
    defaults: list[str], names: list[str] | None, sources: list[str] | None = None, naming: str = NAMING
) -> list[str]:
    """The annotators' names (`names` in place of `defaults`, one each), each once; `sources`:
    the input each default name is of (a clash names both, with `naming`'s way out)."""
    if names:
        if len(names) != len(defaults):
            raise InputError(f"{len(defaults)} names (one per annotator)", f"{len(names)}", option="--names")
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise InputError("a different name for each annotator", f"{', '.join(twice)} twice",
                             option="--names")  # fmt: skip
        return names
    seen: dict[str, int] = {}
    for j, name in enumerate(defaults):
        if name in seen:
            raise InputError(naming, _clash(name, seen[name], j, sources))
        seen[name] = j
    return defaults


def _clash(name: str, first: int, second: int, sources: list[str] | None) -> str:
    """Two annotators of one name: the name, and the input of each."""
    if sources is None:
        return f"'{name}' twice"
    if sources[first] == sources[second]:
        return f"'{name}' twice in {sources[first]}"
    return f"'{name}' for both {sources[first]} and {sources[second]}"


#: What to do with an export that is no one annotator's beside other inputs (an INCEpTION
#: project export's words, doccano's zip's): the command measures it given alone ...
GIVE_ALONE = ("give it alone", "give it alone (each user an annotator)")
#: ... and the app lists its annotators one row each as it is added (read_listed's words).
LIST_ALONE = ("remove its row and add it again (each annotator a row)",
              "remove its row and add it again (each user a row)")  # fmt: skip


def refuse_exports(paths: list[str], format: str | None = None, alone: tuple[str, str] = GIVE_ALONE) -> None:
    """InputError for an export among several inputs that is no one annotator's and that no
    option of agreement makes one: an INCEpTION project export, doccano's zip of several
    users' files (the span methods name its user with --gold-user; agreement has no such
    option); `alone` says what to do instead (GIVE_ALONE, LIST_ALONE)."""
    for path in paths:
        if (refusal := _refusal(path, format, alone)) is not None:
            raise refusal


def _refusal(path: str, format: str | None, alone: tuple[str, str]) -> InputError | None:
    """Why this input cannot be one annotator's beside others (None where it can)."""
    from ..formats.inception_project import annotator_names, is_project

    if is_project(path):
        names = annotator_names(path)
        if len(names) > 1:
            return InputError(ONE_EACH, "an INCEpTION project export, which holds every annotator's work: "
                              f"{alone[0]}", file=path)  # fmt: skip
        holds = f"of one annotator ({names[0]})" if names else "of no annotator's work (a curation alone)"
        return InputError(ONE_EACH, f"an INCEpTION project export {holds}: export its documents as WebAnno "
                          "TSV or UIMA CAS XMI to measure them beside other files", file=path)  # fmt: skip
    users = _zip_users(path, format)
    if len(users) > 1:
        found = f"doccano's export zip of {len(users)} users' files ({listed_names(users)})"
        return InputError(ONE_EACH, f"{found}, which holds every user's work: {alone[1]}", file=path)
    return None


#: What each input is where several are given.
ONE_EACH = "one file or folder per annotator beside other inputs"


def _zip_users(path: str, format: str | None) -> list[str]:
    """The users of doccano's zip, one a file; none for any other input."""
    from ..formats import doccano_zip

    if not doccano_zip.zipped(path) or export_reader(path, format) != "doccano":
        return []
    return doccano_zip.users(path)


def read_listed(
    inputs: list[tuple[str, str | None]],
    options: ReadOptions | None = None,
    progress: Progress = NO_PROGRESS,
    predictions: bool = False,
    read: dict[str, dict[str, Annotations]] | None = None,
    format: str | None = None,
) -> dict[str, Annotations]:
    """The annotators the app lists: (path, None) one annotator's input, named after it;
    (path, name) one annotator of an export (each export read once, none of those `read`
    already holds by path; a Label Studio export's predictions among them where asked);
    each read as `format` (--format's name; None: recognised). An input of the first kind
    that is no one annotator's is refused as the command refuses it (refuse_exports)."""
    from .command import annotator_name

    if len(inputs) < 2:
        raise InputError("at least two annotators' files or folders", f"{len(inputs)}")
    check_exist([path for path, _ in inputs])
    refuse_exports([path for path, name in inputs if name is None], format, LIST_ALONE)
    read = dict(read or {})
    names, sides = [], []
    for i, (path, name) in enumerate(inputs):
        progress.update(0.3 * i / max(len(inputs), 1), f"reading {path}")
        if name is None:
            names.append(annotator_name(path))
            sides.append(read_annotator(path, format, options))
            continue
        if path not in read:
            read[path] = export_annotators(path, format, options, predictions)
        if name not in read[path]:
            raise InputError(f"an annotator of the export ({', '.join(read[path])})", given(name), file=path)
        names.append(name)
        sides.append(read[path][name])
    named = checked_names(names, None, [path for path, _ in inputs], LISTED_NAMING)
    listed = dict(zip(named, sides, strict=True))
    if one_export_listed(inputs):  # in the export's order, however its rows were listed
        order = list(read[inputs[0][0]])
        return {name: listed[name] for name in order if name in listed}
    return listed


def one_export_listed(inputs: list[tuple[str, str | None]]) -> bool:
    """Whether the annotators the app lists are all of one export: measured in its order, as
    the command measures an export given alone (others by name)."""
    return len({path for path, _ in inputs}) == 1 and all(name is not None for _, name in inputs)


def check_exist(paths: list[str]) -> None:
    """InputError naming the first input that is not there, or that is no regular file or
    folder (a FIFO, a device: reading it could wait for ever; textio.check_input)."""
    for path in paths:
        check_input(path)  # first: a name the system refuses (too long, a loop) is said so
        if not Path(path).exists():
            raise InputError("an annotator's file or folder", "no such file or folder", file=path)


def read_annotator(path: str, format: str | None, options: ReadOptions | None) -> Annotations:
    """One annotator's file or folder read as `format` (None: recognised) with the reader
    options; the one place the agreement reads through engine.formats.read_spans."""
    return read_spans(path, format, options or ReadOptions())
