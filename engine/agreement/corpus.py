"""Several annotators' Annotations as arrays: documents in one fixed order, each
annotator's spans (deduplicated), token ranges and token categories.

The fixed document order is the first annotator's file order, each document only later
annotators have placed right after the one before it in the first of them that has it (at
the start where it is that annotator's first; annotators in code-point order of their
names, an export's in its order): an export's documents come in its own order. A document an
annotator lacks is absent for that annotator, never "all O". Documents pair by name; where
every annotator's input holds one document (a file each of a one-document format), those
are one document, named as the first annotator's (not the annotators of one export: their
documents keep their names). No document two annotators have in
common is an InputError: nothing could be measured.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import chain
from typing import Any

import numpy as np

from ..errors import InputError, first_listed
from ..formats.spantable import document_text, table_of
from ..formats.standoff import word_bounds
from ..formats.token_text import cut_by_document
from ..rowkeys import group_ids, ranges, row_order
from ..spans import Annotations, Document

NO_LABEL = "O"
STACK_JOINER = "|"  # stacked labels of one token, in sorted order


@dataclass
class SpanTable:
    """One annotator's spans over the corpus, sorted by (document, start, end, label), no
    duplicates. `extent` numbers the distinct (document, start, end) of all annotators;
    `tok_start`/`tok_end` are the tokens a span covers within its document (equal where it
    covers none)."""

    doc: np.ndarray
    start: np.ndarray
    end: np.ndarray
    label: np.ndarray  # index into Corpus.labels
    extent: np.ndarray
    tok_start: np.ndarray
    tok_end: np.ndarray
    bounds: np.ndarray  # the rows of document i are bounds[i]:bounds[i + 1]

    def rows(self, d: int) -> slice:
        return slice(int(self.bounds[d]), int(self.bounds[d + 1]))


@dataclass
class Corpus:
    """What every measure reads."""

    annotators: list[str]
    sources: list[str]
    labels: list[str]  # code-point order
    documents: list[str]  # the fixed order
    texts: dict[str, Document]
    tokens: list[np.ndarray]  # per document: (n, 2) token character ranges
    present: np.ndarray  # annotators × documents: whether the annotator has the document
    tables: list[SpanTable]
    categories: list[str] = field(default_factory=list)  # token categories: "O", labels, stacks
    codes: list[np.ndarray] = field(
        default_factory=list
    )  # per annotator: every token's category, −1 where absent
    token_offsets: np.ndarray = field(default_factory=lambda: np.zeros(1, np.int64))

    def has(self, annotator: int, d: int) -> bool:
        return bool(self.present[annotator, d])

    def holders(self, d: int) -> list[int]:
        """The annotators who have document `d`, in order."""
        return np.flatnonzero(self.present[:, d]).tolist()

    def common(self, annotators: Sequence[int]) -> list[int]:
        """The documents every one of `annotators` has, in the fixed order."""
        return np.flatnonzero(self.present[list(annotators)].all(axis=0)).tolist()

    def n_tokens(self, d: int) -> int:
        return len(self.tokens[d])

    def doc_codes(self, a: int, d: int) -> np.ndarray:
        return self.codes[a][self.token_offsets[d] : self.token_offsets[d + 1]]


def build_corpus(annotations: Mapping[str, Annotations], labels: Sequence[str] | None = None,
                 in_order: bool = False) -> Corpus:  # fmt: skip
    """The corpus of named annotators' annotations (names in any order, sorted; `in_order`:
    kept in the mapping's, an export's own order; `labels` keeps only the spans with those labels)."""
    if len(annotations) < 2:
        raise InputError("at least two annotators", f"{len(annotations)}")
    names = list(annotations) if in_order else sorted(annotations)
    sides = _one_document([annotations[n] for n in names])
    order = _document_order(sides)
    doc_index = {name: i for i, name in enumerate(order)}
    wanted = set(labels) if labels else None
    columns = [_columns(side, doc_index) for side in sides]
    used = sorted(
        {label for _, _, _, _, names_ in columns for label in names_ if wanted is None or label in wanted}
    )
    texts, tokens = _texts(sides, names, order)
    present = np.zeros((len(names), len(order)), dtype=bool)
    for a, side in enumerate(sides):
        present[a, [doc_index[d.name] for d in side.documents]] = True
    _check_common(present, names, order)
    raw = [_raw_rows(column, {label: i for i, label in enumerate(used)}) for column in columns]
    tokens = _cut(tokens, raw)
    extents = _extent_ids(raw)
    packed = Tokens(tokens, raw)
    tables = [_table(rows, ext, packed, len(order)) for rows, ext in zip(raw, extents, strict=True)]
    corpus = Corpus(names, [s.source for s in sides], used, order, texts, tokens, present, tables)
    _token_categories(corpus)
    return corpus


def _one_document(sides: list[Annotations]) -> list[Annotations]:
    """The sides, each one's only document named as the first side's where every side
    holds one document of an input of its own (their names differ: each file is named after
    itself); an export's annotators (one input) keep their documents' names."""
    if any(len(side.documents) != 1 for side in sides) or len({s.source for s in sides}) < len(sides):
        return sides
    name = sides[0].documents[0].name
    return [side if side.documents[0].name == name else _renamed(side, name) for side in sides]


def _renamed(side: Annotations, name: str) -> Annotations:
    """A one-document side with its document (and its spans' document) named `name`."""
    table = copy.copy(table_of(side))
    table.doc_names = [name]
    return replace(side, documents=[replace(side.documents[0], name=name)], spans=table)


def _check_common(present: np.ndarray, names: Sequence[str], order: Sequence[str]) -> None:
    """InputError where no document is had by two annotators (every measure undefined)."""
    if (present.sum(axis=0) >= 2).any():
        return
    held = [
        f"{name}: {_listed([order[d] for d in np.flatnonzero(row).tolist()])}"
        for name, row in zip(names, present, strict=True)
    ]
    raise InputError(
        "a document two annotators or more have (documents pair by name)", f"none ({'; '.join(held)})"
    )


def _listed(documents: list[str]) -> str:
    return first_listed(documents, 3, show=repr) if documents else "none"


def _document_order(sides: Sequence[Annotations]) -> list[str]:
    """The first side's documents in its order; a document it lacks right after the one before
    it in the first side that has it (first where it is that side's first), after those placed
    there by earlier sides and before the one that follows there in the side that had it first:
    an export's annotators' documents, each in the export's order, come in that order."""
    inserted: dict[str | None, list[str]] = {}  # a document → those later sides placed right after it
    chained: dict[str | None, str] = {}  # a document → the one after it in the first side that has it
    known: set[str] = set()
    for s, side in enumerate(sides):
        before, new_before = None, s == 0  # every side starts after None, the first side's own
        for doc in side.documents:
            new = doc.name not in known
            if new and new_before:
                chained[before] = doc.name
            elif new:
                inserted.setdefault(before, []).append(doc.name)
            known.add(doc.name)
            before, new_before = doc.name, new
    order: list[str] = []
    waiting: list[str | None] = [None]
    while waiting:  # depth first, without recursion (a long chain)
        name = waiting.pop()
        if name is not None:
            order.append(name)
        following = inserted.get(name, []) + ([chained[name]] if name in chained else [])
        waiting += reversed(following)
    return order


def _texts(
    sides: Sequence[Annotations], names: Sequence[str], order: Sequence[str]
) -> tuple[dict[str, Document], list[np.ndarray]]:
    """Each document's text (the same for every annotator, else an InputError) and tokens."""
    texts: dict[str, Document] = {}
    owner: dict[str, int] = {}
    bounds: dict[str, np.ndarray] = {}
    for a, side in enumerate(sides):
        for doc in side.documents:
            if doc.name not in texts:
                texts[doc.name], owner[doc.name] = doc, a
            elif document_text(texts[doc.name]) != document_text(doc):
                raise _differing_text(doc.name, sides, names)
            if doc.name not in bounds and doc.token_bounds is not None:
                bounds[doc.name] = _pairs(doc.token_bounds)
    for name in order:
        if name not in bounds:
            bounds[name] = np.stack(word_bounds(document_text(texts[name])), axis=1)
    return texts, [bounds[name] for name in order]


def _cut(tokens: list[np.ndarray], raw: Sequence[np.ndarray]) -> list[np.ndarray]:
    """Each document's tokens cut where an annotator's span begins or ends inside one (a text
    without spaces is a "word" per run of letters: engine/formats/token_text.py)."""
    every = np.concatenate(raw)
    docs, cuts = np.concatenate((every[:, 0], every[:, 0])), np.concatenate((every[:, 1], every[:, 2]))
    cut = cut_by_document([(t[:, 0], t[:, 1]) for t in tokens], docs, cuts)
    return [
        t if len(s) == len(t) else np.stack((s, e), axis=1) for t, (s, e) in zip(tokens, cut, strict=True)
    ]


def _pairs(ranges: Any) -> np.ndarray:
    """(n, 2) int64 array of ranges: of their arrays where they keep them (formats-b's
    Bounds: starts, ends), else with np.fromiter (several times faster than np.asarray on
    tuples)."""
    if hasattr(ranges, "starts") and hasattr(ranges, "ends"):
        return np.stack((np.asarray(ranges.starts), np.asarray(ranges.ends)), axis=1).astype(np.int64)
    return np.fromiter(chain.from_iterable(ranges), dtype=np.int64, count=2 * len(ranges)).reshape(-1, 2)


def _differing_text(name: str, sides: Sequence[Annotations], names: Sequence[str]) -> InputError:
    """The InputError of a document whose annotators do not all hold one text: where three or
    more hold it and most of them share one text, naming the file of the first annotator whose
    text is not theirs (the odd one, the other odd ones after it); else naming the first
    annotator's text and the first that differs from it, by the file of the latter."""
    from ..formats.pairing import document_file  # only to say why

    holders = [(names[a], side, doc) for a, side in enumerate(sides)
               for doc in side.documents if doc.name == name]  # fmt: skip
    texts = [document_text(doc) for _, _, doc in holders]
    common, shared = Counter(texts).most_common(1)[0]
    if len(holders) < 3 or 2 * shared <= len(holders):
        j = next(j for j, text in enumerate(texts) if text != texts[0])
        first, other = holders[0][0], holders[j][0]
        return _text_error(name, f"{other}'s text differs from {first}'s", (texts[0], texts[j]),
                           (first, other), document_file(*holders[j][1:]))  # fmt: skip
    odd = [holder for holder, text in zip(holders, texts, strict=True) if text != common]
    most = [holder[0] for holder, text in zip(holders, texts, strict=True) if text == common]
    (who, side, doc), others = odd[0], odd[1:]
    said = f"{who}'s text differs from the one {len(most)} of the {len(holders)} annotators share"
    also = "".join(f"; so does {other}'s ({document_file(s, d)})" for other, s, d in others)
    return _text_error(name, f"{said} ({', '.join(most)})", (common, document_text(doc)), ("they", who),
                       document_file(side, doc), also)  # fmt: skip


def _text_error(name: str, said: str, texts: tuple[str, str], names: tuple[str, str], file: str,
                also: str = "") -> InputError:  # fmt: skip
    """The error of document `name` whose two `texts` differ (`said`: whose, as `names` hold
    them), named by the second's `file`: where they first differ, both quoted."""
    from ..formats.pairing import excerpt, marks_note, normalization_note  # only to say why

    (a, b), (first, other) = texts, names
    at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    marks = marks_note(a[at : at + 12] + b[at : at + 12], " (", ")")
    has = "they have" if first == "they" else f"{first} has"
    return InputError(
        f"document '{name}' to have one text for every annotator",
        f"{said} at character {at} (counted from 0): {has} {excerpt(a, at, 12)}, {other} has "
        f"{excerpt(b, at, 12)}{marks}{normalization_note(a, b, names)}{also}",
        file=file,
    )


Columns = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, list[str]]


def _columns(side: Annotations, doc_index: dict[str, int]) -> Columns:
    """An annotator's spans as arrays: document (corpus number), start, end, label number,
    and the names of those label numbers (of the labels used). Spans that keep their own
    arrays (formats-b's SpanTable: docs, starts, ends, labels, doc_names, label_names) are
    taken as they are; a list of Span objects is put into arrays."""
    spans: Any = side.spans
    if all(hasattr(spans, key) for key in ("docs", "starts", "ends", "labels", "doc_names", "label_names")):
        docs = np.asarray([doc_index[name] for name in spans.doc_names], dtype=np.int64)[spans.docs]
        return docs, spans.starts, spans.ends, spans.labels, list(spans.label_names)
    labels: dict[str, int] = {}
    flat = chain.from_iterable(
        (doc_index[s.doc], s.start, s.end, labels.setdefault(s.label, len(labels))) for s in spans
    )
    data = np.fromiter(flat, dtype=np.int64).reshape(-1, 4)
    return data[:, 0], data[:, 1], data[:, 2], data[:, 3], list(labels)


def _raw_rows(columns: Columns, labels: dict[str, int]) -> np.ndarray:
    """(document, start, end, label) of an annotator's spans with the labels kept, sorted,
    without duplicates."""
    docs, starts, ends, numbers, names = columns
    renumber = np.asarray([labels.get(name, -1) for name in names] or [-1], dtype=np.int64)
    label = renumber[numbers] if len(numbers) else np.zeros(0, np.int64)
    keep = label >= 0
    data = np.stack((docs[keep], starts[keep], ends[keep], label[keep]), axis=1).astype(np.int64)
    data = data[row_order(data)]
    first = np.ones(len(data), dtype=bool)
    first[1:] = np.any(data[1:] != data[:-1], axis=1)
    return data[first]


def _extent_ids(raw: Sequence[np.ndarray]) -> list[np.ndarray]:
    """Number the distinct (document, start, end) of every annotator's rows."""
    every = np.concatenate([r[:, :3] for r in raw])
    ids = group_ids(*every.T)
    splits = np.cumsum([len(r) for r in raw])[:-1]
    return np.split(ids, splits)


def _table(rows: np.ndarray, extent: np.ndarray, tokens: Tokens, n_docs: int) -> SpanTable:
    doc, start, end = rows[:, 0], rows[:, 1], rows[:, 2]
    bounds = np.searchsorted(doc, np.arange(n_docs + 1))
    tok_start, tok_end = tokens.covered(doc, start, end)
    return SpanTable(doc, start, end, rows[:, 3], extent, tok_start, tok_end, bounds)


class Tokens:
    """Every document's tokens in one sorted array: (document, start) and (document, end)
    packed as document · scale + position (positions from 0 up to scale − 1)."""

    def __init__(self, tokens: Sequence[np.ndarray], spans: Sequence[np.ndarray]) -> None:
        self.offsets = np.concatenate(([0], np.cumsum([len(t) for t in tokens]))).astype(np.int64)
        every = np.concatenate([t for t in tokens if len(t)] or [np.zeros((0, 2), np.int64)])
        reach = [int(every.max(initial=0))] + [int(r[:, 1:3].max(initial=0)) for r in spans]
        self.scale = max(reach) + 1
        doc = np.repeat(np.arange(len(tokens), dtype=np.int64), np.diff(self.offsets))
        self.starts, self.ends = doc * self.scale + every[:, 0], doc * self.scale + every[:, 1]

    def covered(self, doc: np.ndarray, start: np.ndarray, end: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The first token a range covers and one past the last, within its document (equal
        where it covers none): the tokens ending after its start and starting before its end."""
        base = doc * self.scale
        first = np.searchsorted(self.ends, base + start, side="right") - self.offsets[doc]
        last = np.searchsorted(self.starts, base + end, side="left") - self.offsets[doc]
        return first, np.maximum(last, first)


def _token_categories(corpus: Corpus) -> None:
    """Each token's category for each annotator: its covering spans' labels joined in
    sorted order, "O" where none, −1 in a document the annotator lacks."""
    n_labels = max(len(corpus.labels), 1)
    corpus.token_offsets = np.concatenate(([0], np.cumsum([len(t) for t in corpus.tokens])))
    names: dict[str, int] = {NO_LABEL: 0}
    names.update({label: i + 1 for i, label in enumerate(corpus.labels)})
    for a, table in enumerate(corpus.tables):
        n = int(corpus.token_offsets[-1])
        absent = np.repeat(~corpus.present[a], np.diff(corpus.token_offsets))
        codes = np.where(absent, -1, 0).astype(np.int32)
        first = table.tok_start + corpus.token_offsets[table.doc]
        lengths = table.tok_end - table.tok_start
        total = int(lengths.sum())
        if total:
            token = ranges(first, lengths)
            pairs = np.sort(
                token * n_labels + np.repeat(table.label, lengths), kind="stable"
            )  # in order but for stacks
            pairs = pairs[np.concatenate(([True], pairs[1:] != pairs[:-1]))]
            token, label = pairs // n_labels, pairs % n_labels
            count = np.bincount(token, minlength=n)
            single = count[token] == 1
            codes[token[single]] = label[single] + 1
            stacked = np.flatnonzero(count > 1)
            for t, at in zip(stacked.tolist(), np.searchsorted(token, stacked).tolist(), strict=True):
                stack = STACK_JOINER.join(corpus.labels[i] for i in label[at : at + count[t]].tolist())
                codes[t] = names.setdefault(stack, len(names))
        corpus.codes.append(codes)
    corpus.categories = list(names)
