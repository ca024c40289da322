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
from ...formats.corpus_tokens import CorpusTokens, unit_arrays
from ...formats.spantable import Bounds, SpanTable, document_text, token_arrays
from ...formats.vrt import VrtFile
from ...progress import NO_PROGRESS
from ...rowkeys import ranges
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
    corpus = CorpusTokens.of(documents)
    tokens = _corpus_tokens(documents, corpus)
    structure = _structure(documents, corpus)
    sides = []
    for table, path in ((paired.gold, gold), (paired.system, system)):
        sides.append(_vrt(path, tokens, _tags(table, path, corpus), structure))
    return sides[0], sides[1], documents, paired.system_user_left_out


def _with_token_arrays(doc: Document) -> Document:
    """The document with its tokens' bounds as arrays (Bounds), made once here for the
    corpus, its structure and the report's DocumentMap (a format's list of pairs, XMI's,
    would be made into arrays by each)."""
    if isinstance(doc.token_bounds, Bounds):
        return doc
    return replace(doc, token_bounds=Bounds(*token_arrays(doc)))


def _corpus_tokens(documents: list[Document], corpus: CorpusTokens) -> list[str]:
    """Every token of every document, in corpus order."""
    tokens: list[str] = []
    starts, ends, firsts = corpus.starts.tolist(), corpus.ends.tolist(), corpus.firsts.tolist()
    for number, doc in enumerate(documents):
        text, a, b = document_text(doc), firsts[number], firsts[number + 1]
        tokens += [text[s:e] for s, e in zip(starts[a:b], ends[a:b], strict=True)]
    return tokens


def _structure(documents: list[Document], corpus: CorpusTokens) -> dict:
    """Sentence starts (a non-token line before each) and the XML ids of each sentence: a
    sentence's first token, unless no token is left or an earlier sentence starts there."""
    unit_doc, unit_start, _, _ = unit_arrays(documents)
    names = [(doc.name, doc.unit_id(k)) for doc in documents for k in range(len(doc.units))]
    position = corpus.at_or_after(unit_doc, unit_start)
    valid = np.flatnonzero(position < len(corpus.starts))
    at = position[valid]
    new = np.ones(len(at), bool)
    new[1:] = at[1:] > np.maximum.accumulate(at)[:-1]
    kept, marks = valid[new].tolist(), at[new]
    changes = [(int(p), *names[k]) for p, k in zip(marks.tolist(), kept, strict=True)]
    counts = np.diff(corpus.firsts)
    docs = np.repeat(np.array([doc.name for doc in documents], dtype=object), counts).tolist()
    return {"nontoken": marks, "sentence_marks": marks, "xml_changes": changes, "doc_ids": docs}


def _tags(table: SpanTable, path: str, corpus: CorpusTokens) -> list[str]:
    """One BIO column of a side's spans over the corpus positions."""
    first, last = corpus.covered(table.docs, table.starts, table.ends)
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
    tags = np.full(len(corpus.starts), "O", dtype=object)
    inside = np.array([f"I-{name}" for name in table.label_names] or ["I-"], dtype=object)
    begin = np.array([f"B-{name}" for name in table.label_names] or ["B-"], dtype=object)
    tags[positions] = np.repeat(inside[labels], lengths)
    tags[first] = begin[labels]
    return tags.tolist()


def _vrt(path: str, tokens: list[str], tags: list[str], structure: dict) -> VrtFile:
    return VrtFile(path, tokens, [tags], None, None, structure["doc_ids"], structure["nontoken"],
                   structure["sentence_marks"], structure["xml_changes"], False, [])  # fmt: skip
