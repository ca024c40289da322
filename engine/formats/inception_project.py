"""INCEpTION's project export: the `.zip` its Export page downloads, or the same unzipped
into a folder. Every annotator's work is in it, as INCEpTION's project exporter writes it
(AnnotationDocumentExporter, CuratedDocumentsExporter):

    exportedproject.json                    the project's settings
    source/<document>                       the source documents
    annotation/<document>/<user>.<ext>      each user's annotations of each document, in the
                                            format chosen on export (WebAnno TSV 3.x: `.tsv`;
                                            UIMA CAS XMI: a `.zip` of the `.xmi` and TypeSystem.xml)
    annotation/<document>/INITIAL_CAS.<ext> the document as imported (no annotator)
    curation/<document>/CURATION_USER.<ext> the curated annotations
    annotation_ser/, curation_ser/          INCEpTION's own binary CASes (not read here)

Each `annotation/<document>/<user>` entry is read with the WebAnno TSV or UIMA XMI reader
(from the zip's bytes: nothing is unzipped to disk) and its document named by the source
document. Annotators are the users, in code-point order; INITIAL_CAS, CURATION_USER and
CORRECTION_USER are not annotators. The curation is read as one more set of annotations
(the gold a curator settled).
"""

from __future__ import annotations

import contextlib
import os
import re
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from ..errors import InputError, first_listed, given
from ..spans import Annotations
from ..textio import input_in_memory
from ..zips import entry_bytes, open_zip, readable_zip, zipped
from . import format_module, sniffing
from .reader_options import NO_USER, system_user_flag, unknown_user
from .reader_options import listed_names as _listed
from .standoff import ReadOptions

if TYPE_CHECKING:
    import zipfile  # imported where a zip is opened: recognising other inputs need not load it

NAME = "inception-project"
TITLE = "INCEpTION project export"

ANNOTATION_FOLDER = "annotation"
CURATION_FOLDER = "curation"
SERIALISED_FOLDERS = ("annotation_ser", "curation_ser")
CURATION_USER = "CURATION_USER"
#: The users of annotation/ that are no annotator: the imported document, the curation.
PSEUDO_USERS = frozenset({"INITIAL_CAS", CURATION_USER, "CORRECTION_USER"})
_PROJECT_FILE = re.compile(r"exportedproject.*\.json")
#: The readers of the entries, by extension: the formats INCEpTION exports span layers in.
READERS = {".tsv": "webanno_tsv", ".zip": "uima_xmi"}
_FORMATS = "WebAnno TSV 3.x (.tsv) or UIMA CAS XMI (.zip)"
#: Documents a message lists of one user at most.
_FEW = 5

sniff = sniffing.inception_project  # recognised by its entries (is_project), never by lines


@dataclass(frozen=True)
class Entry:
    """One `<folder>/<document>/<user>.<ext>` file of the export."""

    name: str  # its path inside the export, with '/'
    document: str
    user: str


def is_project(path: str | Path) -> bool:
    """Whether a folder or a zip (by its first bytes or its `.zip` name: `projectcopy` too, as
    its reader reads it) is an INCEpTION project export (its project file, or its annotation
    folders, at the top); InputError for a zip of a version zipfile lacks."""
    p = Path(path)
    if p.is_dir():
        return _is_project_folder(p)
    if not zipped(p, by_name=True):
        return False
    import zipfile

    try:
        with open_zip(p) as archive:
            return any(map(_top_level_mark, _names_in_zip(archive)))
    except (zipfile.BadZipFile, OSError):
        return False


def _is_project_folder(folder: Path) -> bool:
    """Whether a folder holds an export's annotation folders or project file (by name)."""
    try:
        if any((folder / name).is_dir() for name in (ANNOTATION_FOLDER, *SERIALISED_FOLDERS)):
            return True  # is_dir raises where the folder may not be searched (chmod 000)
        with os.scandir(folder) as entries:
            return any(_PROJECT_FILE.fullmatch(entry.name) and entry.is_file() for entry in entries)
    except OSError:
        return False  # the folder's reader says what is wrong with it


def _top_level_mark(name: str) -> bool:
    """Whether a zip entry is the project file or in an annotation folder."""
    top, _, rest = name.partition("/")
    in_folder = bool(rest) and top in (ANNOTATION_FOLDER, *SERIALISED_FOLDERS)
    return in_folder or bool(_PROJECT_FILE.fullmatch(name))


def _names_in_zip(archive: zipfile.ZipFile) -> list[str]:
    """The zip's file entries, named without a leading '/' (INCEpTION's older exports wrote one)."""
    return [n.lstrip("/") for n in archive.namelist() if not n.endswith("/")]


class Export:
    """An export opened for reading: its entries, and each one's bytes (from the zip, or the
    folder's file)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._stack = ExitStack()
        self.archive: zipfile.ZipFile | None = None
        if Path(path).is_dir():
            self.names = _names_in_folder(Path(path))
        else:
            self.archive = self._stack.enter_context(readable_zip(path))
            self.names = _names_in_zip(self.archive)
        self._members = {n.lstrip("/"): n for n in self.archive.namelist()} if self.archive else {}

    def __enter__(self) -> Export:
        """The export open: its XMI entries' type system (the project's) loaded once for all."""
        self._stack.enter_context(_typesystems_shared(self.names))
        return self

    def __exit__(self, *_: object) -> None:
        self._stack.close()

    def entries(self, folder: str) -> list[Entry]:
        """The `folder/<document>/<user>.<ext>` files, by document and user."""
        found = []
        for name in self.names:
            parts = name.split("/")
            if len(parts) == 3 and parts[0] == folder and parts[2]:
                found.append(Entry(name, parts[1], PurePosixPath(parts[2]).stem))
        return sorted(found, key=lambda e: (e.document, e.user))

    def annotators(self) -> dict[str, list[Entry]]:
        """Each user's entries of annotation/, users in code-point order; InputError where there
        is no annotation/ folder (nothing exported in a format a reader reads)."""
        entries = self.entries(ANNOTATION_FOLDER)
        if not entries:
            raise self.no_folder(ANNOTATION_FOLDER)
        by_user: dict[str, list[Entry]] = {}
        for entry in entries:
            if entry.user not in PSEUDO_USERS:
                by_user.setdefault(entry.user, []).append(entry)
        return dict(sorted(by_user.items()))

    def curated(self) -> list[Entry]:
        """The curation's entries (curation/<document>/CURATION_USER), by document."""
        return [e for e in self.entries(CURATION_FOLDER) if e.user == CURATION_USER]

    def no_folder(self, folder: str) -> InputError:
        """The error of an export without `folder` (annotation/ or curation/)."""
        held = sorted({n.split("/")[0] + ("/" if "/" in n else "") for n in self.names})
        shown = first_listed(held, 8, more=" …") if held else "nothing"
        binary = " (annotation_ser/ holds INCEpTION's own binary CASes, which only INCEpTION reads)"
        user = "CURATION_USER" if folder == CURATION_FOLDER else "<user>"
        return InputError(
            f"an INCEpTION project export with {folder}/<document>/{user} files in {_FORMATS} "
            "(export the project again with one of those formats)",
            f"no {folder}/ folder: {shown}" + (binary if "annotation_ser/" in held else ""),
            file=self.path,
        )

    def where(self, entry: Entry) -> str:
        """The entry as messages name it (and its reader is given it): `export.zip/annotation/…`."""
        return os.path.join(self.path, *entry.name.split("/"))

    def read(self, entry: Entry, options: ReadOptions) -> Annotations:
        """One entry's annotations, read by the reader of its extension."""
        return self._by_reader(entry, "read", options)

    def choices(self, entry: Entry, options: ReadOptions) -> dict[str, list[str]]:
        """One entry's span layers and their features (its reader's choices)."""
        return self._by_reader(entry, "choices", options)

    def _by_reader(self, entry: Entry, function: str, options: ReadOptions) -> Any:
        """`function` of the reader of the entry's extension, given the entry (from the zip's bytes)."""
        where = self.where(entry)
        suffix = PurePosixPath(entry.name).suffix.lower()
        if suffix not in READERS:
            raise InputError(f"the annotations in {_FORMATS} (export the project again with one of those)",
                             f"a {suffix or 'file without extension'} file", file=where)  # fmt: skip
        call = getattr(format_module(READERS[suffix]), function)
        if self.archive is None:
            return call(where, options)
        with input_in_memory(where, entry_bytes(self.archive, self._members[entry.name], where)):
            return call(where, options)

    def read_entries(self, entries: list[Entry], options: ReadOptions) -> Annotations:
        """The entries' annotations as one corpus, each document named by its source document."""
        from .corpus import corpus_of  # corpus.py reads folders through folders.py, which imports this

        parts = [(entry.document, self.read(entry, options)) for entry in entries]
        return corpus_of(self.path, NAME, parts)


def _typesystems_shared(names: list[str]) -> contextlib.AbstractContextManager[None]:
    """uima_xmi.one_typesystem_load where an entry is an XMI zip (without importing cassis else)."""
    if not any(PurePosixPath(name).suffix.lower() == ".zip" for name in names):
        return contextlib.nullcontext()
    from .uima_xmi import one_typesystem_load

    return one_typesystem_load()


def _names_in_folder(folder: Path) -> list[str]:
    """The files under a folder's annotation and curation folders, named as in the zip."""
    names = []
    for top in (ANNOTATION_FOLDER, CURATION_FOLDER):
        for root, _, files in os.walk(folder / top):
            inside = Path(root).relative_to(folder).as_posix()
            names += [f"{inside}/{name}" for name in files if not name.startswith(".")]
    return names + [f.name for f in folder.iterdir() if f.is_file()]


def read(path: str, options: ReadOptions) -> Annotations:
    """As the span methods read an export: the curation (the gold's default), or the
    annotations of the user `options.user` names (the system's: InputError listing the
    users where it names none)."""
    if options.user is None:
        return read_curation(path, options)
    if options.user == NO_USER:
        users = annotator_names(path)
        raise InputError(f"a user whose annotations are the system's ({system_user_flag(options)} NAME: "
                         f"{_listed(users)})", "none given", file=path)  # fmt: skip
    return read_user(path, options.user, options)


def read_annotators(path: str, options: ReadOptions) -> dict[str, Annotations]:
    """Every annotator's annotations, by user name (code-point order)."""
    with Export(path) as export:
        return {user: export.read_entries(entries, options) for user, entries in export.annotators().items()}


def annotator_names(path: str) -> list[str]:
    """The export's annotators (its users but INITIAL_CAS and the curation), without reading them."""
    with Export(path) as export:
        return list(export.annotators())


def read_user(path: str, user: str, options: ReadOptions) -> Annotations:
    """One user's annotations; InputError listing the users where there is no such one."""
    with Export(path) as export:
        users = export.annotators()
        if user not in users:
            raise unknown_user(path, user, list(users))
        return export.read_entries(users[user], options)


def read_curation(path: str, options: ReadOptions) -> Annotations:
    """The curated annotations (curation/<document>/CURATION_USER); InputError naming the
    documents annotated but not curated."""
    with Export(path) as export:
        curated = export.curated()
        if not curated:
            raise export.no_folder(CURATION_FOLDER)
        annotated = {e.document for e in export.entries(ANNOTATION_FOLDER)}
        missing = sorted(annotated - {e.document for e in curated})
        if missing:
            raise InputError("a curation of every document (curation/<document>/CURATION_USER)",
                             f"none of {_listed(missing)}", file=path)  # fmt: skip
        return export.read_entries(curated, options)


def choices(path: str, options: ReadOptions) -> dict[str, list[str]]:
    """What a side reading the export offers to pick: its users ("user"), and the span layers
    and features of the first entry the side reads (the curation's or the user's; the first
    annotator's where the side names no user)."""
    with Export(path) as export:
        users = export.annotators()
        chosen = export.curated() if options.user is None else users.get(options.user, [])
        entries = chosen or next(iter(users.values()), [])
        found = export.choices(entries[0], options) if entries else {}
    return {**found, "user": list(users)}


def reads(options: ReadOptions) -> str:
    """What a side reads of an export, for the app's input line."""
    if options.user is None:
        return "reads the curation (CURATION_USER)"
    if options.user == NO_USER:
        return "choose the user whose annotations are read (System user, in the options)"
    return f"reads the annotations of {options.user}"


class NotAnnotated(InputError):
    """A document the other input has that one user of an export has not annotated."""

    def __init__(self, path: str, user: str, missing: list[str], annotated: list[str]) -> None:
        self.user, self.missing, self.annotated = user, missing, annotated
        more = first_listed(missing[1:], 0, more=" (and {} more)")  # the documents past the one named
        super().__init__(f"{user}'s annotations of {given(missing[0])}", f"none{more}", file=path)

    @property
    def message(self) -> str:
        few = len(self.annotated) <= _FEW
        has = ", ".join(self.annotated) if few else f"{len(self.annotated)} documents"
        return (f"{self.where}: user {self.user} has not annotated document {first_listed(self.missing, 1)} "
                f"({self.user} has annotated {has})")  # fmt: skip


def check_annotated(read: Annotations, options: ReadOptions, partner: Annotations) -> None:
    """NotAnnotated where `read` is one user's annotations of an export and the partner (the
    other input, its documents paired by name) has documents the user has not annotated."""
    if read.format != NAME or not options.user:
        return
    annotated = [d.name for d in read.documents]
    wanted = [d.name for d in partner.documents]
    if not set(annotated) & set(wanted) and partner.format != NAME:
        return  # paired by position, or not at all: pairing says so (an export's names always pair)
    missing = [name for name in wanted if name not in set(annotated)]
    if missing:
        raise NotAnnotated(read.source, options.user, missing, annotated)


def entry_files(path: str, curation: bool = True) -> list[Path]:
    """The files of an unzipped export that its annotators (in their order) and, with
    `curation`, its curation are read from (the report's inputs)."""
    with Export(path) as export:
        entries = [e for found in export.annotators().values() for e in found]
        entries += export.curated() if curation else []
    return [Path(path) / e.name for e in entries]
