"""A folder of annotation files read as one corpus: each file's documents, named after the
file (`file` when it holds one document, `file/document` when it holds several)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import numpy as np

from ..errors import FileWarning, InputError, given
from ..spans import Annotations, Document
from ..textio import input_in_memory, read_input_bytes
from . import companion, companions_found_once, require_content, sub_folders
from .folders import check_brat_folder, listed, listed_names
from .spantable import SpanTable, joined_origin, table_of
from .standoff import ReadOptions

#: The readers of a folder's files that read each whole by textio.read_input_bytes (which
#: textio.input_in_memory serves from memory): a look reads the folder's first file for its
#: choices, then with the folder (CoNLL's columns are kept once read: conll.COLUMN_FILES).
BYTES_READERS = ("webanno_tsv", "uima_xmi", "doccano", "label_studio")


def read_corpus(path: str, module: ModuleType, options: ReadOptions) -> Annotations:
    """Every visible file of the folder read by the module but those it reads beside them
    (a type system, a labelling config; brat: its pairs, the folder holding no other file;
    engine/formats/folders.py)."""
    folder = Path(path)
    if module.NAME == "brat":
        check_brat_folder(folder)
        return module.read(path, options)
    if module.NAME == "inception-project":  # an unzipped project export: its own layout
        return module.read(path, options)
    expected = f"a folder with {module.TITLE} files"
    files = [f for f in listed(folder, expected) if not companion(f, module.__name__.rpartition(".")[2])]
    if not files:
        raise InputError(expected, "no file", file=path)
    _check_stems(folder, files)
    warnings = _unread(folder, module.TITLE)  # and those each reader gives with its file
    with companions_found_once():  # a type system, a labelling config: looked for once
        parts = [(file.stem, _read(str(file), module, options)) for file in files]
    return corpus_of(path, module.NAME, parts, warnings)


@contextlib.contextmanager
def first_file_once(path: str, module: ModuleType) -> Iterator[None]:
    """Within it, a folder's first file (formats.first_annotation_file) is read from disk once
    however often a reader of BYTES_READERS reads it (its choices, the folder as a corpus); as
    without it for any other input or reader, or a file that cannot be read (its reader says why)."""
    from . import first_annotation_file

    data, first = None, ""
    if module.__name__.rpartition(".")[2] in BYTES_READERS and Path(path).is_dir():
        with contextlib.suppress(InputError, OSError):
            first = str(first_annotation_file(Path(path)))
            data = read_input_bytes(first)
    with input_in_memory(first, data) if data is not None else contextlib.nullcontext():
        yield


def _read(path: str, module: ModuleType, options: ReadOptions) -> Annotations:
    """A file of the folder read, its documents knowing it (Document.file)."""
    require_content(path, module)
    part = module.read(path, options)
    for doc in part.documents:
        doc.file = path
    return part


def corpus_of(path: str, format: str, parts: list[tuple[str, Annotations]],
              warnings: list[str] | None = None) -> Annotations:  # fmt: skip
    """Files' annotations as one corpus: each file's documents named after it (`stem`, or
    `stem/document` where it holds several), their reader's warnings after `warnings`; system
    A's user left out where every file's reader left it out (Annotations.user_left_out)."""
    documents: list[Document] = []
    tables: list[SpanTable] = []
    warnings = list(warnings or [])
    for stem, part in parts:
        table = _renamed(stem, table_of(part), part)
        warnings += part.warnings
        table.docs = table.docs + len(documents)
        documents += part.documents
        tables.append(table)
    left_out = bool(parts) and all(part.user_left_out for _, part in parts)
    return Annotations(path, format, documents, _joined(tables, [d.name for d in documents]), warnings,
                       left_out)  # fmt: skip


def _unread(folder: Path, title: str) -> list[str]:
    """The warning naming a folder's sub-folders, which only brat reads."""
    folders = sub_folders(folder)
    if not folders:
        return []
    return [FileWarning(str(folder), f"sub-folder{'s' if len(folders) > 1 else ''} {listed_names(folders)} "
                                     f"not read (a folder of {title} files is read without its sub-folders)")]


def _check_stems(folder: Path, files: list[Path]) -> None:
    """InputError naming two files of the folder whose names differ only in their
    extension (a.json, a.jsonl): their documents would have the same name."""
    seen: dict[str, Path] = {}
    for file in files:
        other = seen.setdefault(file.stem, file)
        if other is not file:
            raise InputError(f"one file named {given(file.stem)} (a file's documents are named after it)",
                             f"{other.name} and {file.name} — rename or move one of them",
                             file=str(folder))  # fmt: skip


def _renamed(stem: str, table: SpanTable, part: Annotations) -> SpanTable:
    """A file's table with its documents (and those its reader left out) named after the
    file (its `stem`): `file` where it holds one document, `file/document` where several."""
    several = len(part.documents) + len(table.left_out) > 1
    names = _named(stem, [doc.name for doc in part.documents], several)
    for doc, name in zip(part.documents, names, strict=True):
        doc.name = name
    table.doc_names = names
    table.left_out = _named(stem, table.left_out, several)
    return table


def _named(stem: str, names: list[str], several: bool) -> list[str]:
    return [f"{stem}/{name}" if several else stem for name in names]


def _joined(tables: list[SpanTable], names: list[str]) -> SpanTable:
    """One table of several files' tables (their document numbers already shifted)."""
    labels: dict[str, int] = {}
    label_arrays, parts, notes, warnings, left_out, offset = [], {}, [], [], [], 0
    for table in tables:
        numbers = [labels.setdefault(n, len(labels)) for n in table.label_names]
        mapping = np.array(numbers or [0], dtype=np.int64)
        label_arrays.append(mapping[table.labels])
        parts.update({offset + i: p for i, p in table.parts.items()})
        notes += table.notes
        warnings += table.warnings
        left_out += table.left_out
        offset += len(table)
    whole = SpanTable(
        np.concatenate([t.docs for t in tables]), np.concatenate([t.starts for t in tables]),
        np.concatenate([t.ends for t in tables]), np.concatenate(label_arrays), list(labels), names, parts,
    )  # fmt: skip
    whole.notes, whole.warnings, whole.left_out = notes, warnings, left_out
    whole.origin = joined_origin(tables)
    return whole
