"""Which span reader reads an input: a file by its first lines (a brat file by its name),
a folder by every visible file in it — each read, all by one reader.

A folder is one corpus in one format (its documents paired by name with the other
side's): its files are recognised one by one, and files of two formats stop the run with
a message naming each format's files. A file no format recognises is read by the
folder's reader, which says what is wrong with it; brat reads only its own files (`.ann`,
`.txt`, a collection's configuration and README; a published corpus's README.md, LICENSE …
are left unread), so any other file of a brat folder is named, and a `.txt` without its
`.ann` that is another format's (CoNLL columns) too.
Where nothing recognises a file the message says why where it can: not text (UTF-16, an
image …), empty, or a last line cut short.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import InputError, first_listed, nothing_in
from ..textio import BOM, EMPTY_ZIP, ZIP_MAGIC, not_text, office_kind, os_error_words
from ..zips import damaged_zip, open_zip
from . import (
    FORMAT_MODULES,
    NO_SPANS,
    ORIGINAL_SPAN_FORMATS,
    SPAN_FORMATS,
    beside_documents,
    brat_named,
    companion,
    corpus_file,
    folder_files,
    format_module,
    no_spans,
    readable_lines,
    reads_module_through_spans,
    recognised_module,
    span_reader_names,
    sub_folder_anns,
    sub_folders,
)
from .inception_project import is_project
from .sniffing import SNIFF_LINES, columns_like


def span_file(names: tuple[str, ...]) -> str:
    """What a file no reader recognises was expected to be: of one of these --format names."""
    return f"a file of a span format ({', '.join(names)}; choose one with --format)"


#: What a file no reader recognises was expected to be, for the methods that read every span format.
SPAN_FILE = span_file(tuple(SPAN_FORMATS))
_LINE_END = re.compile(r"\r\n|\r|\n")
_LISTED = 3  # file names a message lists of one format


def file_reader(path: Path, lines: list[str] | None = None) -> str:
    """The module name of the span reader of one file (`lines`: its first lines, read
    already); InputError saying why none reads it."""
    if is_project(path):
        return "inception_project"
    if brat_named(path, path.with_suffix(".ann").is_file()):
        return "brat"
    lines = readable_lines(path) if lines is None else lines
    name = lines_reader(lines, str(path))
    if name is None:
        raise unrecognised(path, lines)
    return name


def lines_reader(lines: list[str], file: str) -> str | None:
    """The span reader of a file of these first lines: a span format's, CoNLL columns
    (CoNLL-2000's shape too) or an original tool's format's; None where none recognises
    them; no_spans for a format without spans (ProPara's)."""
    name = recognised_module(lines, span_reader_names())
    if name is not None:
        return name
    if columns_like(lines):
        return "conll"
    found = recognised_module(lines, FORMAT_MODULES)
    if found in ORIGINAL_SPAN_FORMATS:
        return SPAN_FORMATS[ORIGINAL_SPAN_FORMATS[found]]
    if found is not None and format_module(found).TITLE in NO_SPANS:
        raise no_spans(NO_SPANS[format_module(found).TITLE], file)
    return None


def folder_reader(folder: Path) -> str:
    """The module name of the one span reader of a folder's files (an unzipped INCEpTION
    project export's: its own); InputError naming each format's files where they are of several."""
    if is_project(folder):
        return "inception_project"
    files = listed(folder, "a folder holding annotation files")
    if all(beside_documents(f) for f in files):  # no annotation file here: in sub-folders?
        if sub_folder_anns(folder):
            return "brat"  # brat alone reads sub-folders (a corpus's README.md, LICENSE … beside them)
        raise no_annotation_file(folder, files)
    kinds = _kinds(files)
    known = [name for name in kinds if name is not None]
    if len(known) > 1:
        named = "; ".join(f"{format_module(name).TITLE}: {listed_names(kinds[name])}" for name in known)
        raise InputError("the files of one format (a folder is read in one format)",
                         f"{named} — move the files of the other formats out of the folder",
                         file=str(folder))  # fmt: skip
    if not known:
        raise unrecognised(files[0], readable_lines(files[0]))
    return known[0]


def no_annotation_file(folder: Path, files: list[Path]) -> InputError:
    """The one message of a folder holding no annotation file, only `files` read beside them
    (brat's .conf …) or a corpus's own (README.md, LICENSE …: left unread) and sub-folders
    without a brat .ann, whoever looks at it (readers, app)."""
    folders = sub_folders(folder)
    if not files and not folders:
        return InputError("a folder holding annotation files", "an empty folder", file=str(folder))
    companions = [f for f in files if companion(f)]
    own = [f for f in files if not companion(f)]  # a corpus's own (formats.corpus_file)
    held = _held(companions, "a file read beside annotation files", "files read beside annotation files")
    held += _held(own, "the corpus's own file, not a document", "the corpus's own files, not documents")
    held += [_sub_folders_held(folders)] if folders else []
    read = " (of its sub-folders only brat's .ann and .txt are read)" if folders else ""
    expected = f"a folder holding annotation files{read}"
    return InputError(expected, "only " + " and ".join(held), file=str(folder))


def _held(files: list[Path], one: str, several: str) -> list[str]:
    """'annotation.conf (one)', or several files' names and `several`; none for no file."""
    return [f"{listed_names(files)} ({one if len(files) == 1 else several})"] if files else []


def _sub_folders_held(folders: list[Path]) -> str:
    """'a sub-folder (a) and no .ann file in it', or its plural for more."""
    if len(folders) == 1:
        return f"a sub-folder ({listed_names(folders)}) and no .ann file in it"
    return f"sub-folders ({listed_names(folders)}) and no .ann file in them"


def _kinds(files: list[Path]) -> dict[str | None, list[Path]]:
    """A folder's files by the module name of their reader (None: not recognised), the
    format of the most files first; a reader's companion files (a type system …) left out."""
    brat = any(f.suffix == ".ann" for f in files)
    kinds: dict[str | None, list[Path]] = {}
    for file in (f for f in files if not companion(f)):
        name = "brat" if brat_named(file, brat) else lines_reader(readable_lines(file), str(file))
        kinds.setdefault(name, []).append(file)
    return dict(sorted(kinds.items(), key=lambda kind: -len(kind[1])))


def listed(folder: Path, expected: str) -> list[Path]:
    """A folder's visible regular files (formats.folder_files); InputError where it cannot be listed."""
    try:
        return folder_files(folder)
    except OSError as err:  # a folder it may not list: said, not an internal error
        raise unlistable(str(folder), expected, err) from None


def unlistable(folder: str, expected: str, err: OSError) -> InputError:
    """The one message of a folder that cannot be listed, whoever lists it."""
    return InputError(expected, f"a folder that cannot be listed ({os_error_words(err)})", file=folder)


def listed_names(files: list[Path]) -> str:
    """'a.tsv, b.tsv, c.tsv and 4 more'."""
    return first_listed(files, _LISTED, show=lambda f: f.name)


def check_brat_folder(folder: Path) -> None:
    """InputError naming the files of a brat folder that brat does not read, and its `.txt`
    files without an `.ann` that another format recognises (with the format each is recognised as)."""
    expected = "brat's files alone (.ann and .txt, a collection's .conf, a corpus's README, LICENSE …)"
    files = listed(folder, expected)
    names = {f.name for f in files}
    others = [f for f in files if not brat_named(f, True) or _other_format_text(f, names)]
    if others:
        named = first_listed(others, _LISTED, show=lambda f: f"{f.name} ({_title(f)})")
        raise InputError(expected, f"{named} — move them out of the folder", file=str(folder))


def _other_format_text(file: Path, names: set[str]) -> bool:
    """Whether a `.txt` without its `.ann` among the folder's file `names` (brat reads it as a
    document without annotations) is recognised as another format's (CoNLL columns: formats mixed)."""
    name = file.name
    if not name.endswith(".txt") or name[:-4] + ".ann" in names or corpus_file(file):
        return False
    if name.startswith((".", "hidden_")):  # a file brat hides is no document (brat._listed_stems)
        return False
    return recognised_module(readable_lines(file)) not in (None, "brat")


def _title(file: Path) -> str:
    name = recognised_module(readable_lines(file))
    return format_module(name).TITLE if name is not None else "not recognised"


def unrecognised(path: Path, lines: list[str]) -> InputError:
    """Why no span reader reads a file: not text, empty, a last line cut short, or none
    of the formats recognised."""
    head = _head(path)
    problem = plainly_unread(path, lines, head)
    if problem is not None:
        return problem
    if not lines:
        return InputError("a file with annotations", nothing_in(head), file=str(path))
    return _cut_short(path, lines) or _invalid_json(path, lines) or InputError(SPAN_FILE, "none recognised",
                                                                               file=str(path))  # fmt: skip


def plainly_unread(path: Path, lines: list[str], head: bytes | None = None) -> InputError | None:
    """What a file that no reader reads looks like, where its first bytes or lines show it:
    a zip of none of the zips read, not text (a kind of binary file, or NUL bytes), a CoNLL-U
    file; None for another (a method's own reader then says what is wrong with it, line and all)."""
    head = _head(path) if head is None else head
    problem = zip_unread(path, head) or not_text(head, str(path), nul=True)
    if problem is None and conllu(lines):
        problem = InputError(SPAN_FILE, CONLLU, file=str(path))
    return problem


#: The zips the span readers read.
ZIPS = ("a zip the span readers read: doccano's export (<user>.jsonl files, as its Export Dataset writes "
        "them), an INCEpTION project export, or a UIMA CAS XMI document and its TypeSystem.xml")


def zip_unread(path: Path, head: bytes | None = None) -> InputError | None:
    """The error of a zip (not an Office file) that no span reader reads, naming its entries
    (`head`: the file's first bytes, read where not given; the app's look at a file says it
    as the run does)."""
    head = _head(path) if head is None else head
    if not (head.startswith(EMPTY_ZIP) or (head.startswith(ZIP_MAGIC) and office_kind(head) is None)):
        return None
    import zipfile

    try:
        with open_zip(path) as archive:
            names = [name for name in archive.namelist() if not name.endswith("/")]
    except zipfile.BadZipFile as err:
        return damaged_zip(err, str(path))  # a zip cut short: not "not a text file (a ZIP archive)"
    except OSError:
        return None  # not a zip that opens: said as a file that is not text
    found = f"a zip holding {first_listed(names, _LISTED, more=' and {} more')}" if names else "an empty zip"
    return InputError(ZIPS, found, file=str(path))


def _head(path: Path) -> bytes:
    """A regular file's first 2,048 bytes (none where it cannot be read, nor of any other
    input: a FIFO is never opened, which would wait for a writer)."""
    if not path.is_file():
        return b""
    try:
        with open(path, "rb") as handle:
            return handle.read(2048)
    except OSError:
        return b""


def narrowed(err: InputError, formats: tuple[str, ...]) -> InputError:
    """`err`, where it lists every span format (SPAN_FILE), listing only the --format names of
    the span readers a method reading `formats` (its inputs' formats) reads with."""
    if err.expected != SPAN_FILE:
        return err
    return InputError(span_file(format_names(formats)), err.found, file=err.file, line=err.line)


def format_names(formats: tuple[str, ...]) -> tuple[str, ...]:
    """The --format names of the span readers of `formats` (module names), in --format's
    order; CoNLL columns too where the annotation tools' formats are among them."""
    names = {ORIGINAL_SPAN_FORMATS[name] for name in formats if name in ORIGINAL_SPAN_FORMATS}
    names |= {flag for flag, module in SPAN_FORMATS.items() if module in formats}
    if reads_module_through_spans("conll", formats):
        names.add("conll")
    return tuple(flag for flag in SPAN_FORMATS if flag in names)


def _invalid_json(path: Path, lines: list[str]) -> InputError | None:
    """The error of a file that begins as JSON but is not (cut short, or edited by hand),
    naming the line where it breaks off: its keys are what tells doccano's from Label
    Studio's, and a file cut before them is recognised as neither."""
    if not lines[0].lstrip(BOM).startswith(("{", "[")):
        return None
    from .jsondocs import records

    try:
        for _ in records(str(path)):
            pass
    except InputError as err:
        return err
    return None


#: Why a CoNLL-U file gives no spans: its named-entity tags, where it has any, are inside
#: MISC, under keys that differ from one corpus and tool to the next (no one convention).
CONLLU = ("a CoNLL-U file (ID, FORM, …, MISC: 10 columns), which is not read: tags (B-PER, O) are read "
          "from a column of their own (CoNLL, --tag-column N), not from MISC (NER=B-PER: its keys "
          "differ by corpus); add the tags as an 11th column and read it as CoNLL with "
          "--comment-prefix '#'")  # fmt: skip
_CONLLU_ID = re.compile(r"[1-9][0-9]*(?:[-.][0-9]+)?")


def conllu(lines: list[str]) -> bool:
    """Whether the lines are CoNLL-U's: every token line ten TAB-separated columns, an ID first."""
    rows = [line.split("\t") for line in lines if not line.startswith("#")]
    return bool(rows) and all(len(row) == 10 and _CONLLU_ID.fullmatch(row[0]) for row in rows)


def _cut_short(path: Path, lines: list[str]) -> InputError | None:
    """The error of a file whose lines are recognised but for its last, which has no line
    end (the file was cut short), naming that line; None for any other file."""
    if len(lines) < 2 or len(lines) >= SNIFF_LINES:
        return None  # too short to tell, or its end is not among the lines looked at
    text = path.read_bytes().decode("utf-8", "replace")
    every = _LINE_END.split(text)
    if every[-1] != lines[-1]:
        return None  # it ends with a line end (or blank)
    name = lines_reader(lines[:-1], str(path))
    if name is None:
        return None
    return InputError(f"a whole last line ({format_module(name).TITLE})",
                      f"{lines[-1]!r} where the file ends without a line end: was it cut short?",
                      file=str(path), line=len(every))  # fmt: skip
