"""CLUEval on the annotation tools' span formats (WebAnno TSV, XMI, brat, Label Studio,
doccano, CoNLL columns): an input adapter, nothing else.

Both inputs are read with engine.formats.read_spans and paired (the system's spans put
into the gold's texts); the gold's tokens (the format's, or word_bounds where it has
none) become the corpus positions of both sides, its sentences and documents the
vertical file's structure, and each side's spans one BIO column of the one layer — what
CLUEval reads from a .vrt file. Matching and scores are CLUEval's own: the same numbers
as on its own files for the same spans. Spans of one side that share a token cannot be
one BIO column: an InputError names the file and the span.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from ...errors import InputError, given
from ...formats.spantable import Bounds, SpanTable, document_text, token_arrays
from ...formats.vrt import VrtFile
from ...progress import NO_PROGRESS
from ...rowkeys import distinct_naturals, ranges
from ...spans import Document
from .. import span_adapter
from ..spans.inputs import only_system_labels


def read_span_formats(gold: str, system: str, options: Any,
                      warnings: list[str]) -> tuple[VrtFile, VrtFile, list[Document], bool]:  # fmt: skip
    """Both inputs as vertical files over the gold's tokens (read with the reader options;
    a span in pieces as its extent, or each piece a span with --discontinuous fragments),
    and the paired documents whose tokens they are, in corpus order (the texts the report
    shows); last, whether the system's reader left out system A's user (Paired.system_user_left_out)."""
    if len(options.layers) != 1:
        raise InputError("one layer (-a NAME) for a span format: its spans are one BIO column",
                         f"{len(options.layers)} layers", option="-a")  # fmt: skip
    if options.discontinuous == "all-fragments":
        raise InputError("--discontinuous extent or fragments (CLUEval reads each layer as one BIO column: "
                         "a span in pieces is its extent or its pieces)", "all-fragments",
                         option="--discontinuous")  # fmt: skip
    paired = span_adapter.read_paired(gold, system, options, NO_PROGRESS, "clueval")
    warnings.extend([*paired.warnings, *only_system_labels(paired)])
    documents = [_with_token_arrays(doc) for doc in paired.documents]
    tokens, starts, ends, firsts, docs = _corpus(documents)
    structure = _structure(documents, firsts, docs, len(tokens))
    sides = []
    for table, path in ((paired.gold, gold), (paired.system, system)):
        sides.append(_vrt(path, tokens, _tags(table, path, starts, ends, firsts, len(tokens)), structure))
    return sides[0], sides[1], documents, paired.system_user_left_out


def _with_token_arrays(doc: Document) -> Document:
    """The document with its tokens' bounds as arrays (Bounds), made once here for the
    corpus, its structure and the report's DocumentMap (a format's list of pairs, XMI's,
    would be made into arrays by each)."""
    if isinstance(doc.token_bounds, Bounds):
        return doc
    return replace(doc, token_bounds=Bounds(*token_arrays(doc)))


def _corpus(
    documents: list[Document],
) -> tuple[list[str], list[np.ndarray], list[np.ndarray], np.ndarray, list[str]]:
    """Every token of every document (corpus order), each document's token bounds, the
    corpus position of each document's first token and each token's document name."""
    tokens: list[str] = []
    all_starts, all_ends, firsts, docs = [], [], [], []
    for doc in documents:
        text = document_text(doc)
        starts, ends = token_arrays(doc)
        firsts.append(len(tokens))
        tokens += [text[s:e] for s, e in zip(starts.tolist(), ends.tolist(), strict=True)]
        docs += [doc.name] * len(starts)
        all_starts.append(starts)
        all_ends.append(ends)
    return tokens, all_starts, all_ends, np.array(firsts, dtype=np.int64), docs


def _structure(documents: list[Document], firsts: np.ndarray, docs: list[str], n: int) -> dict:
    """Sentence starts (a non-token line before each) and the XML ids of each sentence."""
    marks, changes = [], []
    for number, doc in enumerate(documents):
        starts = token_arrays(doc)[0]
        unit_first = np.searchsorted(starts, [u[0] for u in doc.units]) + firsts[number]
        for k, position in enumerate(unit_first.tolist()):
            if position < n and (not marks or position > marks[-1]):
                marks.append(position)
                changes.append((position, doc.name, doc.unit_id(k)))
    marks_array = np.array(marks, dtype=np.int64)
    return {"nontoken": marks_array, "sentence_marks": marks_array, "xml_changes": changes, "doc_ids": docs}


def _tags(table: SpanTable, path: str, starts: list[np.ndarray], ends: list[np.ndarray],
          firsts: np.ndarray, n: int) -> list[str]:  # fmt: skip
    """One BIO column of a side's spans over the corpus positions."""
    first = np.empty(len(table), dtype=np.int64)
    last = np.empty(len(table), dtype=np.int64)
    for d in distinct_naturals(table.docs).tolist():
        chosen = table.docs == d
        first[chosen] = np.searchsorted(ends[d], table.starts[chosen], side="right") + firsts[d]
        last[chosen] = np.searchsorted(starts[d], table.ends[chosen], side="left") - 1 + firsts[d]
    keep = np.flatnonzero(last >= first)
    order = keep[np.lexsort((last[keep], first[keep]))]
    clash = np.flatnonzero(first[order][1:] <= last[order][:-1])
    if len(clash):
        span = table.span(int(order[clash[0] + 1]))
        found = f"{span.label} [{span.start}, {span.end}) of document {given(span.doc)} overlapping another"
        expected = "spans that share no token (CLUEval reads each layer as one BIO column)"
        raise InputError(expected, found, file=path)
    first, last, labels = first[order], last[order], table.labels[order]
    lengths = last - first + 1
    positions = ranges(first, lengths)
    tags = np.full(n, "O", dtype=object)
    inside = np.array([f"I-{name}" for name in table.label_names] or ["I-"], dtype=object)
    begin = np.array([f"B-{name}" for name in table.label_names] or ["B-"], dtype=object)
    tags[positions] = np.repeat(inside[labels], lengths)
    tags[first] = begin[labels]
    return tags.tolist()


def _vrt(path: str, tokens: list[str], tags: list[str], structure: dict) -> VrtFile:
    return VrtFile(path, tokens, [tags], None, None, structure["doc_ids"], structure["nontoken"],
                   structure["sentence_marks"], structure["xml_changes"], False, [])  # fmt: skip
