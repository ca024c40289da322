"""A folder of annotation files read as one corpus: each file's documents, named after the
file (`file` when it holds one document, `file/document` when it holds several)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import numpy as np

from ..errors import InputError
from ..spans import Annotations, Document
from . import folder_files
from .folders import check_brat_folder
from .spantable import SpanTable, table_of
from .standoff import ReadOptions


def read_corpus(path: str, module: ModuleType, options: ReadOptions) -> Annotations:
    """Every visible file of the folder read by the module (brat: its pairs, the folder
    holding no other file; engine/formats/folders.py)."""
    folder = Path(path)
    if module.NAME == "brat":
        check_brat_folder(folder)
        return module.read(path, options)
    files = folder_files(folder)
    if not files:
        raise InputError(f"a folder with {module.TITLE} files", "no file", file=path)
    documents: list[Document] = []
    tables: list[SpanTable] = []
    for file in files:
        part = module.read(str(file), options)
        table = table_of(part)
        several = len(part.documents) > 1
        names = [f"{file.stem}/{d.name}" if several else file.stem for d in part.documents]
        for doc, name in zip(part.documents, names, strict=True):
            doc.name = name
        table.doc_names = names
        table.docs = table.docs + len(documents)
        documents += part.documents
        tables.append(table)
    return Annotations(path, module.NAME, documents, _joined(tables, [d.name for d in documents]))


def _joined(tables: list[SpanTable], names: list[str]) -> SpanTable:
    """One table of several files' tables (their document numbers already shifted)."""
    labels: dict[str, int] = {}
    label_arrays, parts, notes, warnings, offset = [], {}, [], [], 0
    for table in tables:
        numbers = [labels.setdefault(n, len(labels)) for n in table.label_names]
        mapping = np.array(numbers or [0], dtype=np.int64)
        label_arrays.append(mapping[table.labels])
        parts.update({offset + i: p for i, p in table.parts.items()})
        notes += table.notes
        warnings += table.warnings
        offset += len(table)
    joined = SpanTable(
        np.concatenate([t.docs for t in tables]), np.concatenate([t.starts for t in tables]),
        np.concatenate([t.ends for t in tables]), np.concatenate(label_arrays), list(labels), names, parts,
    )  # fmt: skip
    joined.notes, joined.warnings = notes, warnings
    return joined
