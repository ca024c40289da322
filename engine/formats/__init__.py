"""File formats: one module per format, each able to recognise (sniff) its files.

`detect(path)` names the format of a file (or of the first file of a folder) for the
GUI's "detected format" label; readers live in the format modules and are called by
the methods that use them.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import importlib.util
import os
from collections.abc import Iterable
from contextvars import ContextVar
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ..scoped_memo import Memo, memo_within, memoised

if TYPE_CHECKING:
    from ..errors import InputError
    from ..spans import Annotations
    from .sniffing import Head

#: Modules under engine.formats; each has TITLE and sniff(first_lines) -> bool.
# Most specific first: detect() names the first format that recognises a file.
FORMAT_MODULES: tuple[str, ...] = (
    "poetry_jsonl", "cdsco", "propara_actions", "propara_sentences", "vrt", "faireval_spans", "conll2000",
)

#: The annotation tools' span formats (engine/formats/standoff.py gives their protocol),
#: recognised after the original tools' formats above.
SPAN_FORMAT_MODULES: tuple[str, ...] = (
    "webanno_tsv", "uima_xmi", "brat", "label_studio", "doccano", "conll", "inception_project",
)  # fmt: skip
#: INCEpTION's project export (a zip or folder of every annotator's work), recognised by
#: its entries, not by lines.
INCEPTION_PROJECT = "inception_project"

#: brat's files of a collection beside its documents (not annotations): its configuration, and
#: the README brat shows as the collection's description (its server's document.py).
BRAT_CONFIGURATION = frozenset(
    {"annotation.conf", "visual.conf", "tools.conf", "kb_shortcuts.conf", "README"}
)
#: The files a published brat corpus ships beside its documents (its description, licence,
#: citation …), by name without its suffix (any case) and suffix: brat's folder holds them,
#: unread (a warning names them); a `README.txt` with its `README.ann` is a document.
BRAT_CORPUS_NAMES = frozenset({"README", "LICENSE", "LICENCE", "COPYING", "CITATION", "NOTICE", "AUTHORS",
                               "CHANGELOG", "CHANGES", "ACKNOWLEDGMENTS", "ACKNOWLEDGEMENTS"})  # fmt: skip
BRAT_CORPUS_SUFFIXES = ("", ".md", ".txt", ".rst", ".cff")
#: The type system a UIMA XMI file is read with, beside it, in its folder or in its zip
#: (engine/formats/uima_xmi.py): named so in any case (companion_named).
TYPE_SYSTEM_NAME = "TypeSystem.xml"
#: Label Studio's labelling config, beside the tasks (engine/formats/label_studio.py), in any case.
LABEL_STUDIO_CONFIG = "config.xml"
#: The files each reader reads beside the annotation files of a folder: not annotations,
#: so a folder's files are recognised and read without them.
COMPANION_FILES: dict[str, frozenset[str]] = {
    "brat": BRAT_CONFIGURATION,
    "uima_xmi": frozenset({TYPE_SYSTEM_NAME}),
    "label_studio": frozenset({LABEL_STUDIO_CONFIG}),
}
#: The companion files named in any case (Windows tools write TYPESYSTEM.XML), by reader, in
#: lower case; brat's configuration is found by its exact name, as brat finds it.
ANY_CASE_COMPANIONS: dict[str, frozenset[str]] = {
    reader: frozenset(map(str.lower, COMPANION_FILES[reader])) for reader in ("uima_xmi", "label_studio")
}


def brat_partner(path: str | os.PathLike[str]) -> Path | None:
    """The file a brat reader reads beside an input file (an .ann's .txt, a .txt's .ann),
    where it is there; None for any other file."""
    p = Path(path)
    pair = (".txt", ".ann")
    partner = next((p.with_suffix(other) for other in pair if p.suffix in pair and other != p.suffix), None)
    return partner if partner is not None and os.path.lexists(partner) else None


def read_beside(name: str) -> bool:
    """Whether a file of this name is read beside an input file in its folder, whatever the
    input's format: a type system, a labelling config (named so in any case: companion_named)."""
    return companion_named(name, "uima_xmi") or companion_named(name, "label_studio")


def format_module(name: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{name}")


def sniffs(name: str, lines: list[str]) -> bool:
    """Whether the format of this module name recognises these first lines (a Head's verdict
    found once); every format of FORMAT_MODULES and SPAN_FORMAT_MODULES is recognised
    without importing its reader (engine/formats/sniffing.py)."""
    from .sniffing import as_head

    return as_head(lines).sniffs(name)


def detect(path: str | Path, candidates: tuple[str, ...] | None = None) -> str | None:
    """The title of the first candidate format that recognises the file, or None; by
    default the original tools' formats first, then the span formats."""
    name = detected_module(path, candidates)
    return format_module(name).TITLE if name is not None else None


def detected_module(
    path: str | Path, candidates: tuple[str, ...] | None = None, lines: list[str] | None = None
) -> str | None:
    """The module name of the format detect() names; imports only the modules it sniffs with.
    An INCEpTION project export is recognised by its entries; a file its lines leave
    unrecognised may be brat's by its name (an empty .ann). `lines`: its first lines, read."""
    p = Path(path)
    if INCEPTION_PROJECT in (candidates or SPAN_FORMAT_MODULES) and project_input(p):
        return INCEPTION_PROJECT
    return detected_by_lines(p, input_lines(path) if lines is None else lines, candidates)


def detected_by_lines(path: Path, lines: list[str], candidates: tuple[str, ...] | None = None) -> str | None:
    """detected_module of an input found to be no INCEpTION project export (project_input,
    asked already: the app's first look), by its first `lines`, or brat's by its name."""
    found = recognised_module(lines, candidates)
    if found is None and "brat" in (candidates or SPAN_FORMAT_MODULES) and path.is_file():
        return "brat" if brat_named(path, path.with_suffix(".ann").is_file()) else None
    return found


def project_input(path: Path) -> bool:
    """Whether a folder or a zip (whatever its name) is an INCEpTION project export (no
    other input is looked into, nor the reader imported for it)."""
    from ..zips import zipped

    if not (path.is_dir() or zipped(path, by_name=True)):
        return False
    from .inception_project import is_project

    return is_project(path)


def brat_named(path: Path, ann_beside: bool) -> bool:
    """Whether brat reads a file by its name: an `.ann`, or where an `.ann` is beside it a
    `.txt`, brat's configuration or a corpus's own file (corpus_file: held, unread)."""
    suffix = path.suffix
    if suffix == ".ann" or not ann_beside:
        return suffix == ".ann"
    return suffix == ".txt" or companion(path, "brat") or corpus_file(path)


def corpus_file(path: Path) -> bool:
    """Whether a file is one a published brat corpus ships beside its documents (BRAT_CORPUS_NAMES),
    told by its name alone (a folder's every file is asked)."""
    return path.stem.upper() in BRAT_CORPUS_NAMES and path.suffix.lower() in BRAT_CORPUS_SUFFIXES


def beside_documents(path: Path) -> bool:
    """Whether a file is no annotation file: a reader's companion or a brat corpus's own file."""
    return companion(path) or corpus_file(path)


def companion(path: Path, reader: str | None = None) -> bool:
    """Whether a file is one the reader (its module name; by default any reader) reads
    beside annotation files: brat's configuration, a UIMA type system, Label Studio's
    labelling config."""
    return any(companion_named(path.name, name) for name in ((reader,) if reader else COMPANION_FILES))


def companion_named(name: str, reader: str) -> bool:
    """Whether a file's name (a zip entry's last part) is one of a reader's companion
    files (COMPANION_FILES), in any case where the reader takes it so (ANY_CASE_COMPANIONS):
    the one rule of every place one is looked for (a folder, beside a file, a zip)."""
    if reader in ANY_CASE_COMPANIONS:
        return name.lower() in ANY_CASE_COMPANIONS[reader]
    return name in COMPANION_FILES.get(reader, ())


#: The companion files found while a folder's files are read (companions_found_once), by
#: folder and reader: its files share them, and the folder is listed once, not for each file.
_FOUND: Memo = ContextVar("companions", default=None)


def companions_found_once() -> contextlib.AbstractContextManager[None]:
    """Within it, a folder's companion files are looked for once (corpus.read_corpus)."""
    return memo_within(_FOUND)


def companion_beside(path: str, reader: str, expected: str) -> Path | None:
    """A reader's companion file beside a file (companion_among its folder's files; its exact
    name found without listing the folder); None for none, or a folder that cannot be listed."""
    folder = Path(path).parent
    return memoised(_FOUND, (folder, reader), lambda: _companion_in(folder, reader, expected, path))


def _companion_in(folder: Path, reader: str, expected: str, path: str) -> Path | None:
    """companion_beside a file (`path`) in this folder, looked for."""
    exact = [folder / name for name in sorted(COMPANION_FILES[reader]) if (folder / name).is_file()]
    if exact:
        return exact[0]
    try:
        names = [file.name for file in folder_files(folder)]
    except OSError:
        return None
    found = companion_among(names, reader, expected, path)
    return None if found is None else folder / found


def companion_among(names: list[str], reader: str, expected: str, file: str) -> str | None:
    """A reader's companion file among a folder's files or a zip's entries (`names`), named
    so in any case (companion_named); of several, the first of the exact name (the name the
    tools write); None for none. InputError (`expected`, naming `file`) for several names and
    none the exact one: no name tells which was meant."""
    found = [n for n in names if companion_named(n.rpartition("/")[2], reader)]
    exact = [n for n in found if n.rpartition("/")[2] in COMPANION_FILES[reader]]
    if len({n.rpartition("/")[2] for n in found}) > 1 and not exact:
        from ..errors import InputError

        raise InputError(expected, f"{' and '.join(found)}, named alike but for case: keep one", file=file)
    return (exact or found or [None])[0]


def annotation_files(folder: Path, listed: list[Path] | None = None) -> list[Path]:
    """A folder's files but those a reader reads beside them (companion files), by name;
    where it has none (or a brat corpus's own files alone: corpus_file), the `.ann` files of
    its sub-folders (sub_folder_anns); in a brat folder its `.ann` files first (a `.txt`
    without one is any text), its corpus's own files left out. `listed`: its folder_files,
    where they are listed already."""
    files = [f for f in (folder_files(folder) if listed is None else listed) if not companion(f)]
    if any(f.suffix == ".ann" for f in files):
        return sorted((f for f in files if not corpus_file(f)), key=lambda f: f.suffix != ".ann")
    if all(corpus_file(f) for f in files):
        return sub_folder_anns(folder)
    return files


def first_annotation_file(folder: Path, listed: list[Path] | None = None) -> Path:
    """A folder's first annotation file (annotation_files, `listed` as there); InputError for
    none, as the readers say it."""
    from .folders import no_annotation_file

    listed = folder_files(folder) if listed is None else listed
    files = annotation_files(folder, listed)
    if not files:
        raise no_annotation_file(folder, listed)
    return files[0]


def input_lines(path: str | Path) -> list[str]:
    """The first lines of an input (a file, or a folder's first annotation file) that its
    format is recognised by; none when there is no file or it cannot be read."""
    p = Path(path)
    try:
        files = annotation_files(p) if p.is_dir() else [p]
    except OSError:  # a folder it may not list: its reader says so
        return []
    return readable_lines(files[0]) if files and files[0].is_file() else []


def readable_lines(path: Path) -> list[str]:
    """The first lines its format is recognised by of a file; none when it cannot be read."""
    from .sniffing import read_head

    try:
        return read_head(path)
    except OSError:
        return []


def folder_files(folder: Path) -> list[Path]:
    """The files of a folder an input is: its visible regular files, by name (a directory
    entry tells a file from a folder without a second look at it)."""
    with os.scandir(folder) as entries:
        names = sorted(entry.name for entry in entries if not entry.name.startswith(".") and _is_file(entry))
    return [folder / name for name in names]


def _is_file(entry: os.DirEntry[str]) -> bool:
    """Whether a folder's entry is a regular file, a link followed: False for a link that leads
    nowhere, a loop of links as one to a missing file (DirEntry.is_file raises for a loop,
    which made the whole folder 'a folder that cannot be listed')."""
    try:
        return entry.is_file()
    except OSError:
        return False


def folder_input_files(folder: Path) -> list[Path]:
    """The files a read of a folder reads (a report lists them): its visible files; an
    unzipped INCEpTION export's entries; in a brat folder (an `.ann` among them, or no
    annotation file but in its sub-folders) the `.ann` and `.txt` files of its sub-folders too."""
    files, folders = _entries(folder, hidden_files=False)
    if folder / "annotation" in folders:
        from .inception_project import entry_files, is_project

        if is_project(folder):  # an unzipped INCEpTION export: its users' and curation's files
            return entry_files(str(folder))
    brat = any(f.suffix == ".ann" for f in files) or all(map(beside_documents, files))
    return files + _nested_pair_files(folders) if brat else files


def brat_folder_files(folder: Path) -> list[Path]:
    """The files brat reads of a folder, listed in one walk: its visible files by name (a
    collection's `.conf` too), then the `.ann` and `.txt` files of its sub-folders by path."""
    files, folders = _entries(folder, hidden_files=False)
    return files + _nested_pair_files(folders)


def sub_folder_anns(folder: Path) -> list[Path]:
    """The `.ann` files of a folder's sub-folders, by path: brat's, the one format whose
    folder is read with its sub-folders (a folder holding them alone is brat's)."""
    return [f for f in _nested_pair_files(_entries(folder, hidden_files=False)[1]) if f.suffix == ".ann"]


def _entries(folder: Path, hidden_files: bool) -> tuple[list[Path], list[Path]]:
    """A folder's files (hidden ones where asked) and its sub-folders (hidden ones too, a
    link to a folder not followed), each by name."""
    with os.scandir(folder) as entries:
        listed = sorted(entries, key=lambda entry: entry.name)
    files = [folder / e.name for e in listed if (hidden_files or e.name[0] != ".") and _is_file(e)]
    return files, [folder / e.name for e in listed if e.is_dir(follow_symlinks=False)]


def _nested_pair_files(folders: list[Path]) -> list[Path]:
    """The `.ann` and `.txt` files in these folders and theirs (hidden ones too), by path."""
    found: list[Path] = []
    pending = list(folders)
    while pending:
        try:
            files, more = _entries(pending.pop(), hidden_files=True)
        except OSError:
            continue  # a folder that cannot be listed is passed over, as os.walk does
        found += [f for f in files if f.name.endswith((".ann", ".txt"))]
        pending += more
    return sorted(found)


def sub_folders(folder: Path) -> list[Path]:
    """A folder's visible sub-folders, by name."""
    with os.scandir(folder) as entries:
        names = sorted(entry.name for entry in entries if not entry.name.startswith(".") and _is_dir(entry))
    return [folder / name for name in names]


def _is_dir(entry: os.DirEntry[str]) -> bool:
    """Whether a folder's entry is a folder, a link followed (False for a loop of links: _is_file)."""
    try:
        return entry.is_dir()
    except OSError:
        return False


def recognised_module(lines: list[str], candidates: tuple[str, ...] | None = None) -> str | None:
    """The first candidate format module that recognises these first lines, or None; by
    default (None) the original tools' formats first, then the span formats."""
    if candidates is None:
        candidates = FORMAT_MODULES + span_reader_names()
    return next((name for name in candidates if sniffs(name, lines)), None)


# --- the annotation tools' span formats ----------------------------------------------

#: --format names of the span formats and their modules.
SPAN_FORMATS: dict[str, str] = {
    "webanno-tsv": "webanno_tsv", "uima-xmi": "uima_xmi", "brat": "brat",
    "label-studio": "label_studio", "doccano": "doccano", "conll": "conll",
    # the original tools' formats that hold labelled spans (text, or token numbers)
    "vrt": "vrt", "conll2000": "conll2000", "faireval-spans": "faireval_text",
    "cdsco": "cdsco_spans", "poetry-jsonl": "poetry_spans",
}  # fmt: skip

#: The original tools' formats the span methods cannot read, and why (by title; the
#: action file's by its --format name too).
NO_SPANS: dict[str, str] = {
    "ProPara action file": "a ProPara action file, whose rows are state changes of a participant at a "
                           "process step (action, location before and after), not labelled stretches of "
                           "a text: use 'spanstudio propara'",
    "ProPara sentences file": "a ProPara sentences file, which holds the sentences of processes and no "
                              "annotation: use it with 'spanstudio propara --sentences'",
}  # fmt: skip
#: The --format names of formats without spans, each to its title (a key of NO_SPANS).
NO_SPAN_FORMATS: dict[str, str] = {"propara": "ProPara action file"}

#: The original tools' formats read_spans reads: the module that recognises a file of the
#: format (one of FORMAT_MODULES) and the --format name of its span reader (SPAN_FORMATS).
ORIGINAL_SPAN_FORMATS: dict[str, str] = {
    "faireval_spans": "faireval-spans", "cdsco": "cdsco", "poetry_jsonl": "poetry-jsonl", "vrt": "vrt",
    "conll2000": "conll2000",
}  # fmt: skip


def no_spans(why: str, file: str | None = None) -> InputError:
    """Why a format the span methods cannot read gives no spans (a NO_SPANS text)."""
    from ..errors import InputError  # noqa: F811 - at run time (the engine's errors import nothing of this)

    return InputError("a file of a format with labelled spans", why,
                      file=file, option=None if file else "--format")  # fmt: skip


def span_modules() -> list[ModuleType]:
    """The span format modules that are there (in SPAN_FORMAT_MODULES order)."""
    modules = []
    for name in SPAN_FORMAT_MODULES:
        try:
            modules.append(format_module(name))
        except ModuleNotFoundError as err:
            if err.name != f"{__name__}.{name}":
                raise  # the reader is there but a library it needs is not: say so
            # a reader not written yet
    return modules


@functools.cache
def span_reader_names() -> tuple[str, ...]:
    """Module names of the span readers that are there (for a method's InputSpec.formats),
    found without importing them: a method's declaration costs no reader's libraries."""
    return tuple(name for name in SPAN_FORMAT_MODULES if importlib.util.find_spec(f"{__name__}.{name}"))


def span_format(path: str | Path, format: str | None = None, lines: list[str] | None = None) -> ModuleType:
    """The reader module of a file or folder: the one named, or the one that recognises it
    (`lines`: a file's first lines, read already)."""
    from ..errors import InputError, given

    if format is not None:
        if format in NO_SPAN_FORMATS:
            raise no_spans(NO_SPANS[NO_SPAN_FORMATS[format]])
        if format not in SPAN_FORMATS:
            raise InputError(f"a format {', '.join(SPAN_FORMATS)}", given(format), option="--format")
        return format_module(SPAN_FORMATS[format])
    p = Path(path)
    if not p.exists():
        raise InputError("an existing file or folder", "nothing", file=str(path))
    from .folders import file_reader, folder_reader

    return format_module(folder_reader(p) if p.is_dir() else file_reader(p, lines))


def read_spans(
    path: str, format: str | None = None, options: Any = None, lines: list[str] | None = None
) -> Annotations:
    """The documents and spans of a file, or of a folder (a corpus: one document per file,
    or the files' documents named `file/document`), in any span format; identical duplicate
    spans merged with a warning (engine/formats/duplicates.py: every method counts one).
    `lines`: a file's first lines, read already (span_format)."""
    return read_by(span_format(path, format, lines), path, options)


def read_by(module: ModuleType, path: str, options: Any = None) -> Annotations:
    """read_spans with the reader module span_format found already (a folder's reader is
    found by every file's head: found once, not again to read it)."""
    from .duplicates import merged_duplicates
    from .reader_options import check_options, taken_user_left_out
    from .standoff import ReadOptions

    options = options if options is not None else ReadOptions()
    unused = check_options(module, path, options)  # a user given for one annotator's file: InputError
    read = _read_input(path, module, options)
    read.warnings[:0] = unused
    read.user_left_out = read.user_left_out or taken_user_left_out(module, options)
    return merged_duplicates(read)


def _read_input(path: str, module: ModuleType, options: Any) -> Annotations:
    """A file, or a folder as a corpus, read by its format's module."""
    from .corpus import read_corpus

    if Path(path).is_dir():
        return read_corpus(path, module, options)
    from ..textio import require_file

    require_file(path)
    require_content(path, module)
    return module.read(path, options)


def require_content(path: str, module: ModuleType) -> None:
    """InputError for an empty file (nothing to read: a file cut to nothing, a wrong file
    saved over), but for brat's, whose empty `.ann` is a document without annotations."""
    from ..errors import InputError

    if module.NAME != "brat" and os.path.getsize(path) == 0:
        raise InputError("a file with annotations", "an empty file", file=path)


def span_format_titles() -> set[str]:
    """The titles of every format read_spans reads (the annotation tools' and the original
    tools' formats that hold labelled spans)."""
    originals = {format_module(name).TITLE for name in ORIGINAL_SPAN_FORMATS}  # its reader's title too
    return {m.TITLE for m in span_modules()} | originals


#: The span readers a method with its own column formats (FairEval, CLUEval) takes too.
ANNOTATION_TOOL_READERS = ("webanno_tsv", "uima_xmi", "brat", "label_studio", "doccano")


def annotation_tool_readers() -> tuple[str, ...]:
    return tuple(name for name in span_reader_names() if name in ANNOTATION_TOOL_READERS)


def in_span_formats(path: str | Path, own_formats: tuple[str, ...] = ()) -> bool:
    """Whether FairEval or CLUEval reads this input through read_spans: it is recognised as
    an annotation tool's format, or as CoNLL columns that none of the original formats
    recognises (those are recognised first: every file FairEval or CLUEval reads, or rejects
    with its own message, stays theirs; what they cannot read, CoNLL-2003's four columns, two
    space-separated columns …, goes through read_spans), or as an INCEpTION project export.
    `own_formats`: the --format names of the method's own formats; CoNLL columns their
    reader reads by the lines alone (a token TAB tag file named .conll is CLUEval's
    one-layer vertical text) stay with it, as before."""
    from .sniffing import as_head

    head = as_head(input_lines(path))
    return in_span_formats_by(detected_module(path, lines=head), head, (own_formats,))[own_formats]


def in_span_formats_by(
    name: str | None, head: Head, owns: Iterable[tuple[str, ...]]
) -> dict[tuple[str, ...], bool]:
    """in_span_formats of one input detected as format `name` (detected_module) by its first
    lines (`head`), for each of several methods' own formats: the app's first look at a file
    holds both, and asks for every method's."""
    names = {*annotation_tool_readers(), "conll", INCEPTION_PROJECT}
    return {own_formats: _through_spans(name, head, names, own_formats) for own_formats in owns}


def _through_spans(name: str | None, head: Head, names: set[str], own_formats: tuple[str, ...]) -> bool:
    """in_span_formats of one input recognised as format `name` by its first lines (`head`)."""
    own = tuple(module for module, format in ORIGINAL_SPAN_FORMATS.items() if format in own_formats)
    if name == "conll" and own:
        return not any(head.by_content(module) for module in own)  # by the lines alone, not the name
    return name in names


def reads_projects(formats: tuple[str, ...]) -> bool:
    """Whether a method reading `formats` reads an INCEpTION project export: spans and
    nervaluate name it; FairEval and CLUEval read it through read_spans (in_span_formats)
    as they read the annotation tools' files, which they name."""
    return INCEPTION_PROJECT in formats or bool(set(formats) & set(ANNOTATION_TOOL_READERS))


def read_through_spans(lines: list[str], formats: tuple[str, ...]) -> bool:
    """Whether a method reading `formats` reads an input with these first lines through
    read_spans though it names no format that recognises it: FairEval and CLUEval (they
    read the annotation tools' formats) take CoNLL columns none of the original formats
    recognises; spans and nervaluate (they read CoNLL columns) take every original format
    (those that hold labelled spans, and ProPara's, which read_spans refuses saying why)."""
    return reads_module_through_spans(recognised_module(lines), formats)


def reads_module_through_spans(name: str | None, formats: tuple[str, ...]) -> bool:
    """read_through_spans of an input whose first lines are recognised as format `name`."""
    if set(formats) & set(ANNOTATION_TOOL_READERS) and name == "conll":
        return True
    if "conll" not in formats or name is None:
        return False
    return name in ORIGINAL_SPAN_FORMATS or format_module(name).TITLE in NO_SPANS
