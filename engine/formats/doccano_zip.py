"""doccano's export as its Export Dataset button downloads it: a `.zip` of JSONL files, one
per user (doccano's backend/data_export/celery_tasks.py, export_dataset): a project without
collaborative annotation gives every member a `<username>.jsonl` of every example with that
member's spans (with "Export only approved documents": of the examples the member
confirmed, so possibly empty); a collaborative project gives one `all.jsonl` of every
user's spans. The files are written in a folder that shutil.make_archive zips: the entries
at the zip's top, deflated. Each file is doccano's JSONL (engine/formats/doccano.py).

The zip is read as its files would be unzipped: a user's file as doccano JSONL (from the
zip's bytes: nothing is unzipped to disk), its documents named by the examples' ids. The
span methods read the file of the user named (--gold-user, --system-user NAME: its name
without `.jsonl`), or the zip's one file; the agreement command every user's file, one
annotator each (an empty file, a user who confirmed no example, is no annotator)."""

from __future__ import annotations

import dataclasses
import functools
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, NamedTuple

from ..errors import FileWarning, InputError
from ..spans import Annotations
from ..textio import input_in_memory
from ..zips import entry_bytes, readable_zip, zipped
from .reader_options import Annotators, given_user, listed_names, unknown_user, user_flags
from .spantable import lazy_origin
from .standoff import ReadOptions

if TYPE_CHECKING:
    import zipfile

#: What an entry of the zip is, as doccano writes it.
ENTRY = ("a doccano export's <user>.jsonl file at the zip's top (doccano's Export Dataset with JSONL "
         "chosen writes one per user, or all.jsonl for a collaborative project)")  # fmt: skip
SUFFIX = ".jsonl"


class UserFile(NamedTuple):
    """One `<user>.jsonl` entry of the zip."""

    user: str
    name: str  # the entry's name in the zip


def users(path: str) -> list[str]:
    """The users of doccano's zip whose file is not empty (none for a file that is no zip):
    its annotators, as read_annotators reads them."""
    if not zipped(path):  # a user's file of it is never asked: doccano._zip_or_file
        return []
    with readable_zip(path) as archive:
        return [entry.user for entry in _filled(archive, path, user_files(archive, path))]


#: The bytes of an entry unzipped to tell whether it holds more than white space: a JSONL
#: record opens in them.
PEEK = 1 << 12


def _filled(archive: zipfile.ZipFile, path: str, entries: list[UserFile]) -> list[UserFile]:
    """The entries that hold more than white space (an empty one: a user who confirmed
    nothing), each unzipped only as far as that tells: an entry read is unzipped whole once
    (one shorter than PEEK bytes is unzipped twice, a few KiB)."""
    return [entry for entry in entries if not _blank_entry(archive, path, entry)]


def _blank_entry(archive: zipfile.ZipFile, path: str, entry: UserFile) -> bool:
    """Whether an entry holds nothing but white space: its first PEEK bytes tell, or where
    they are white space, the whole of it."""
    head = _entry_data(archive, path, entry, PEEK)[1]
    return _blank(head if len(head) < PEEK or not head.isspace() else _entry_data(archive, path, entry)[1])


def _blank(data: bytes) -> bool:
    """Whether an entry holds nothing but white space (looked at without copying it)."""
    return not data or data.isspace()


def user_files(archive: zipfile.ZipFile, path: str) -> list[UserFile]:
    """The zip's `<user>.jsonl` entries, by user; InputError naming the zip where it holds
    none, or the first entry that is no such file."""
    names = [name for name in archive.namelist() if not name.endswith("/")]
    if not names:
        raise InputError(f"a doccano export: a zip of {ENTRY}", "an empty zip", file=path)
    for name in names:
        if "/" in name or not name.lower().endswith(SUFFIX):
            kind = f"a {PurePosixPath(name).suffix} file" if PurePosixPath(name).suffix else "a file"
            found = f"{kind} in a folder of the zip" if "/" in name else kind
            raise InputError(ENTRY, found, file=f"{path}/{name}")
    return sorted(UserFile(name[: -len(SUFFIX)], name) for name in names)


def _entry_data(archive: zipfile.ZipFile, path: str, entry: UserFile, most: int | None = None
                ) -> tuple[str, bytes]:  # fmt: skip
    """Where an entry is (`export.zip/alice.jsonl`) and its bytes (its first `most` where given)."""
    where = f"{path}/{entry.name}"
    return where, entry_bytes(archive, entry.name, where, most)


def _read_entry(path: str, entry: UserFile, where: str, data: bytes, options: ReadOptions) -> Annotations:
    """One user's file read as doccano JSONL (InputError for an empty one: no example)."""
    if _blank(data):
        raise InputError("a file with annotations", f"an empty file ({EMPTY})", file=where)
    return _read_data(path, entry, where, data, options)


def _read_data(path: str, entry: UserFile, where: str, data: bytes, options: ReadOptions) -> Annotations:
    """An entry's bytes read as doccano JSONL, its spans' places found in the zip when asked."""
    from . import doccano

    with input_in_memory(where, data):
        read = doccano.read_file(where, _own(options))
    read.spans.origin = lazy_origin(functools.partial(_entry_places, path, entry, options))
    return read


#: Why doccano writes a user's file empty.
EMPTY = ("doccano exports only the examples a user confirmed when 'Export only approved documents' is "
         "chosen, and none was confirmed")  # fmt: skip


def _own(options: ReadOptions) -> ReadOptions:
    """The options an entry is read with: the user named the entry, not a user in it."""
    return dataclasses.replace(options, user=None)


def _entry_places(path: str, entry: UserFile, options: ReadOptions) -> list[str]:
    """Where each span of an entry is (the zip opened again when a message first asks)."""
    from . import doccano

    with readable_zip(path) as archive:
        where, data = _entry_data(archive, path, entry)
    with input_in_memory(where, data):
        return doccano.read_places(where, _own(options))


def _chosen(archive: zipfile.ZipFile, entries: list[UserFile], path: str,
            options: ReadOptions) -> tuple[UserFile, str, bytes]:  # fmt: skip
    """The file of the user named, or the zip's one file (one not empty, beside empty ones),
    where it is and its bytes (unzipped once); InputError listing the users where the name is
    none of them, or where none is named and there are several (found by the entries' names
    and their first bytes: no file is unzipped whole to be refused, and a damaged one is named
    once its user is chosen)."""
    users = [entry.user for entry in entries]
    name = given_user(options)
    if name is not None:
        if name not in users:
            raise _unknown(archive, entries, path, name)
        entry = entries[users.index(name)]
        return (entry, *_entry_data(archive, path, entry))
    if len(entries) == 1:
        return (entries[0], *_entry_data(archive, path, entries[0]))
    filled = _filled(archive, path, entries)
    if len(filled) == 1:
        return (filled[0], *_entry_data(archive, path, filled[0]))
    if not filled:
        raise _all_empty(path, [entry.name for entry in entries])
    listed = listed_names([entry.user for entry in filled])
    users = f"{user_flags(options)} NAME"
    expected = f"the user whose annotations are read ({users}: {listed})"
    found = f"none, and {len(filled)} users' files (agreement reads every user of the zip given alone)"
    raise InputError(expected, found, file=path)


def _unknown(archive: zipfile.ZipFile, entries: list[UserFile], path: str, name: str) -> InputError:
    """The error for a user the zip has no file of: the users whose file is not empty (naming
    one whose file is empty gives the empty file's error), and how many files are empty."""
    filled = [entry.user for entry in _filled(archive, path, entries)]
    if not filled:
        return _all_empty(path, [entry.name for entry in entries])
    empty = len(entries) - len(filled)
    if not empty:
        return unknown_user(path, name, filled)
    files = "1 other user's file is" if empty == 1 else f"{empty} other users' files are"
    return InputError(f"a user of the export with annotations ({listed_names(filled)}; {files} empty)",
                      repr(name), file=path)  # fmt: skip


def _all_empty(path: str, names: list[str]) -> InputError:
    """The error for a zip whose every user's file is empty (no user confirmed an example)."""
    return InputError("a user's file with annotations", f"the {_files_are(names)} empty ({EMPTY})", file=path)


def _files_are(names: list[str]) -> str:
    return f"files {listed_names(names)} are" if len(names) > 1 else f"file {names[0]} is"


def read(path: str, options: ReadOptions) -> Annotations:
    """The annotations of the user named (or of the zip's one file)."""
    with readable_zip(path) as archive:
        entries = user_files(archive, path)
        entry, where, data = _chosen(archive, entries, path, options)
        read = _read_entry(path, entry, where, data, options)
    empty = [e.name for e in entries if e != entry]
    if empty and given_user(options) is None:  # the one file not empty is read
        read.warnings.append(FileWarning(path, f"{entry.name} read, the only user's file not empty; the "
                                         f"{_files_are(empty)} empty ({EMPTY})"))  # fmt: skip
    return read


def read_annotators(path: str, options: ReadOptions) -> Annotators:
    """Every user's annotations, by user name (in code-point order); an empty file, a user
    who confirmed no example, is left out with a warning, and said as `left_out` (agreement's
    error for fewer than two annotators repeats it)."""
    every, empty = {}, []
    with readable_zip(path) as archive:
        for entry in user_files(archive, path):
            where, data = _entry_data(archive, path, entry)
            if not _blank(data):
                every[entry.user] = _read_data(path, entry, where, data, options)
            else:
                empty.append(entry.name)
    if empty:
        if not every:
            raise _all_empty(path, empty)
        left_out = f"the {_files_are(empty)} empty ({EMPTY}): no annotator"
        warning = FileWarning(path, left_out)
        for annotations in every.values():
            annotations.warnings.append(warning)  # said once however many carry it (reader_warnings)
        return Annotators(every, left_out)
    return Annotators(every)


def choices(path: str, options: ReadOptions) -> dict[str, list[str]]:
    """The zip's users whose file is not empty ("user"), and the labels of the file of the
    user named (of every user's where none of them is named)."""
    labels: set[str] = set()
    with readable_zip(path) as archive:
        entries = user_files(archive, path)
        filled = _filled(archive, path, entries)
        name = given_user(options)
        named = any(entry.user == name for entry in entries)
        refused = not named and len(filled) > 1  # the run reads none of the files (_chosen)
        for entry in filled:
            if not named or entry.user == name:
                labels.update(_entry_labels(archive, path, entry, options, refused))
    return {"label": sorted(labels), "user": [entry.user for entry in filled]}


def _entry_labels(archive: zipfile.ZipFile, path: str, entry: UserFile, options: ReadOptions,
                  refused: bool) -> list[str]:  # fmt: skip
    """The labels of a user's file; none for one that cannot be read where the run refuses the
    zip before reading any file (`refused`: no user of several chosen, _chosen): the app's box
    says the run's refusal first, and the file's error once its user is chosen."""
    from . import doccano

    try:
        where, data = _entry_data(archive, path, entry)
        with input_in_memory(where, data):
            return doccano.file_choices(where, _own(options)).get("label", [])
    except InputError:
        if refused:
            return []
        raise
