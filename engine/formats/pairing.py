"""Gold and system documents paired, and the system's spans put into the gold's texts.

Documents are paired by name; where no name can match (two formats that name documents
differently) and both sides hold as many documents, by position. Paired texts must be
the same, up to line ends and spacing: where only those differ, system positions are
mapped onto the gold text through the characters that are not white space; anything
else is an InputError naming the document's file (a brat .txt, with its line) and the
first position where they differ.

A document whose input holds no text (Document.stand_in: a FairEval span file's sentence
written as its token numbers, a poetry page as a '·' per character) takes its partner's
text where the partner has one (positions unchanged: characters of the same page), or
the longer of two stand-ins (token numbers 1 2 3 … are the start of 1 2 3 4 5 …).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from ..errors import InputError, first_listed, given
from ..spans import Annotations, Document
from .spantable import SpanTable, bounds_arrays, document_text, reader_warnings, table_of

Sides = tuple[Annotations, Annotations]  # gold, system
_SPACES = np.array([c for c in range(0x3001) if chr(c).isspace()], dtype=np.uint32)


@dataclass
class Paired:
    """Gold's documents with both sides' spans in them (document numbers = gold's order)."""

    documents: list[Document]
    gold: SpanTable
    system: SpanTable
    paired_by: str  # "name" or "position"
    notes: list[str] = field(default_factory=list)  # how the inputs were read
    warnings: list[str] = field(default_factory=list)
    gold_format: str = ""  # the gold reader's NAME (its units are sentences or not)
    system_user_left_out: bool = False  # system A's user not applied (Annotations.user_left_out)


def pair(gold: Annotations, system: Annotations) -> Paired:
    _check_something_chosen(gold, "gold")
    _check_something_chosen(system, "system")
    gold, system = _without(gold, _left_out(system)), _without(system, _left_out(gold))
    gold_table, system_table = table_of(gold), table_of(system)
    order, paired_by = _partners(gold, system)
    docs = np.full(len(system.documents), -1, dtype=np.int64)
    starts, ends = system_table.starts.copy(), system_table.ends.copy()
    by_doc = np.argsort(system_table.docs, kind="stable")
    bounds = np.searchsorted(system_table.docs[by_doc], np.arange(len(system.documents) + 1))
    sides = (gold, system)
    documents = [_shared(gold.documents[g], system.documents[s], sides) for g, s in enumerate(order)]
    docs[order] = np.arange(len(order))
    same = [_same_text(documents[g], system.documents[s]) for g, s in enumerate(order)]
    past = _first_past(documents, system_table, docs, same)  # (g, span) of the first span past its text
    for g in (g for g, kept in enumerate(same) if not kept):  # texts that differ (in spacing): mapped
        if past is not None and past[0] < g:
            break
        s = order[g]
        chosen = by_doc[bounds[s] : bounds[s + 1]]
        starts[chosen], ends[chosen] = _mapped(documents[g], system.documents[s],
                                               starts[chosen], ends[chosen], sides)  # fmt: skip
    if past is not None:
        raise _past(documents[past[0]], system_table, past[1], system, system.documents[order[past[0]]])
    names = [d.name for d in gold.documents]
    moved = SpanTable(docs[system_table.docs], starts, ends, system_table.labels, system_table.label_names,
                      names, _moved_parts(system_table, documents, sides, order))  # fmt: skip
    gold_table.doc_names = names
    if gold_table.tokens is not None and not _same_tokens(documents, gold.documents, range(len(order))):
        gold_table.tokens = None
    if system_table.tokens is not None and _same_tokens(documents, system.documents, order):
        moved.tokens = system_table.tokens
    notes = [*gold_table.notes, *system_table.notes]
    warnings = reader_warnings(gold, system)
    if paired_by == "position" and len(order) > 1:
        warnings.append(f"documents paired by position ({len(order)}): their names differ between "
                     f"{gold.source} and {system.source}")  # fmt: skip
    return Paired(documents, gold_table, moved, paired_by, notes, warnings, gold.format, system.user_left_out)


def _check_something_chosen(side: Annotations, role: str) -> None:
    """InputError where the reader left out every document of a side (no Label Studio task
    has the annotation chosen): nothing would be compared, the scores would be zeros."""
    if not side.documents and _left_out(side):
        from .label_studio import none_chosen

        raise none_chosen(side.source, role, len(_left_out(side)))


def _left_out(side: Annotations) -> set[str]:
    """The documents a side's reader left out (Label Studio tasks without the chosen annotation)."""
    return set(getattr(side.spans, "left_out", ()))


def _without(side: Annotations, names: set[str]) -> Annotations:
    """The side without the documents the other side left out: they are not compared."""
    keep = [d for d in side.documents if d.name not in names]
    if len(keep) == len(side.documents):
        return side
    table = table_of(side)
    number = {d.name: i for i, d in enumerate(keep)}
    renumber = np.array([number.get(name, -1) for name in table.doc_names], dtype=np.int64)
    kept = table.select(renumber[table.docs] >= 0)
    kept.docs, kept.doc_names = renumber[kept.docs], list(number)
    return replace(side, documents=keep, spans=kept)


def _shared(gold: Document, system: Document, sides: Sides) -> Document:
    """The document both sides' positions refer to: gold's, or where either side holds no
    text of its own, the partner's text (or the longer stand-in), named as gold's."""
    if not (gold.stand_in or system.stand_in):
        return gold
    tokens_only = [d for d in (gold, system) if d.stand_in and d.token_bounds is not None]
    if tokens_only and not (gold.stand_in and system.stand_in):
        raise InputError(f"a partner without text for {given(tokens_only[0].name)} (token numbers cannot be "
                         "put into a text: compare a FairEval span file with one)",
                         "a document with text", file=sides[1].source)  # fmt: skip
    if gold.stand_in and system.stand_in:
        longer, shorter = (gold, system) if len(gold.tokens) >= len(system.tokens) else (system, gold)
        g, s = document_text(gold), document_text(system)
        if not document_text(longer).startswith(document_text(shorter)):
            k = next(i for i, (a, b) in enumerate(zip(g, s, strict=False)) if a != b)
            raise _differ((gold, system), g, s, np.arange(len(g)), np.arange(len(s)), k, sides)
        return gold if longer is gold else replace(longer, name=gold.name, unit_ids=gold.unit_ids)
    if system.stand_in:
        return gold
    if len(system.tokens) < len(gold.tokens):
        raise InputError(f"a text of at least {len(gold.tokens)} characters (gold's spans reach so far)",
                         f"{len(system.tokens)} in document {given(system.name)}",
                         file=document_file(sides[1], system))  # fmt: skip
    return replace(system, name=gold.name)


def _same_tokens(documents: list[Document], own: list[Document], order: Sequence[int]) -> bool:
    """Whether each side's document (own[order[g]]) has the tokens of the document its
    spans went into (documents[g]), so the side's token numbers hold there too (the tokens
    of all documents compared at once)."""
    pairs = [(documents[g].token_bounds, own[s].token_bounds) for g, s in enumerate(order)]
    if any(ours is None or theirs is None for ours, theirs in pairs):
        return False
    apart = [(ours, theirs) for ours, theirs in pairs if ours is not theirs]
    if any(len(ours) != len(theirs) for ours, theirs in apart):  # type: ignore[arg-type]
        return False
    ours = [bounds_arrays(bounds) for bounds, _ in apart]  # type: ignore[arg-type]
    theirs = [bounds_arrays(bounds) for _, bounds in apart]  # type: ignore[arg-type]
    return all(np.array_equal(_joined([o[k] for o in ours]), _joined([t[k] for t in theirs])) for k in (0, 1))


def _joined(arrays: list[np.ndarray]) -> np.ndarray:
    return np.concatenate(arrays) if arrays else np.zeros(0, np.int64)


def _partners(gold: Annotations, system: Annotations) -> tuple[list[int], str]:
    """For each gold document the index of its system partner, and how they were paired."""
    gold_names = [d.name for d in gold.documents]
    system_index = {d.name: i for i, d in enumerate(system.documents)}
    if not set(gold_names) & set(system_index) and len(gold_names) == len(system_index):
        return list(range(len(gold_names))), "position"
    for name in gold_names:
        if name not in system_index:
            raise _unpaired(name, gold, system)
    gold_set = set(gold_names)
    for name in system_index:
        if name not in gold_set:
            raise _unpaired(name, system, gold)
    return [system_index[name] for name in gold_names], "name"


def _unpaired(name: str, side: Annotations, other: Annotations) -> InputError:
    """The error for `side`'s document `name` that `other` lacks, saying what each side
    holds (the first names, how many, how many in common): two corpora show as such."""
    common = len({d.name for d in side.documents} & {d.name for d in other.documents})
    found = (f"none: it holds {_holding(other)}, {side.source} {_holding(side)}; "
             f"{common or 'no'} name{'s' if common != 1 else ''} in common")  # fmt: skip
    if not common:
        found += " (different texts?)"
    return InputError(f"a document named {given(name)} (as in {side.source})", found, file=other.source)


def _holding(side: Annotations, shown: int = 3) -> str:
    """How many documents a side holds and the first few names: `5 documents ('a', 'b', 'c', …)`."""
    names = first_listed(side.documents, shown, more=", …", show=lambda d: given(d.name))
    count = len(side.documents)
    return f"{count} document{'s' if count != 1 else ''}" + (f" ({names})" if count and shown else "")


def _codes(text: str) -> np.ndarray:
    return np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)


def _same_text(doc: Document, own: Document) -> bool:
    """Whether a system document's positions hold in the document its spans go into as
    they are: the same text, or none of its own."""
    return own.stand_in or document_text(doc) == document_text(own)


def _first_past(documents: list[Document], table: SpanTable, docs: np.ndarray,
                same: list[bool]) -> tuple[int, int] | None:  # fmt: skip
    """The first span (by gold document, then in table order) of a document whose text is
    the same that ends past its text: its gold document's number and its own; None."""
    lengths = np.fromiter((len(d.tokens) for d in documents), np.int64, len(documents))
    gold = docs[table.docs]  # each span's gold document
    kept = np.array(same, bool)
    over = np.flatnonzero(kept[gold] & (table.ends > lengths[gold])) if len(table) else np.zeros(0, np.int64)
    if not len(over):
        return None
    first = int(over[np.lexsort((over, gold[over]))[0]])
    return int(gold[first]), first


def _past(doc: Document, table: SpanTable, k: int, system: Annotations, own: Document) -> InputError:
    """The error for span `k` past the document's text (`system`'s document `own` holds it:
    its file named)."""
    return _past_text(doc, int(table.starts[k]), int(table.ends[k]), system, own)


def _past_text(doc: Document, start: int, end: int, system: Annotations, own: Document) -> InputError:
    return InputError(f"spans within the {len(doc.tokens)} characters of document {given(doc.name)}",
                      f"a span [{start}, {end})", file=document_file(system, own))


def _within(doc: Document, starts: np.ndarray, ends: np.ndarray, system: Annotations,
            own: Document) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """The positions unchanged, where they lie within the document's text."""
    past = np.flatnonzero(ends > len(doc.tokens))
    if len(past):
        raise _past_text(doc, int(starts[past[0]]), int(ends[past[0]]), system, own)
    return starts, ends


def _mapped(gold: Document, system: Document, starts: np.ndarray, ends: np.ndarray,
            sides: Sides) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """System positions in the gold text (the same text up to white space)."""
    if _same_text(gold, system):
        return _within(gold, starts, ends, sides[1], system)
    gold_text, system_text = document_text(gold), document_text(system)
    g, s = _codes(gold_text), _codes(system_text)
    g_at, s_at = np.flatnonzero(~np.isin(g, _SPACES)), np.flatnonzero(~np.isin(s, _SPACES))
    common = min(len(g_at), len(s_at))
    differ = np.flatnonzero(g[g_at[:common]] != s[s_at[:common]])
    if len(differ) or len(g_at) != len(s_at):
        k = int(differ[0]) if len(differ) else common
        raise _differ((gold, system), gold_text, system_text, g_at, s_at, k, sides)
    first = np.searchsorted(s_at, starts)
    last = np.searchsorted(s_at, ends)
    g_end = np.append(g_at, len(gold_text))
    new_starts = g_end[first]
    new_ends = np.where(last > 0, g_end[np.maximum(last - 1, 0)] + 1, 0)
    return new_starts, np.maximum(new_ends, new_starts)


def _differ(docs: tuple[Document, Document], gold_text: str, system_text: str, g_at: np.ndarray,
            s_at: np.ndarray, k: int, sides: Sides) -> InputError:  # fmt: skip
    """The error naming the system's file (its line where the text is the file's: brat's
    .txt) and the first character where its text differs from gold's, named by its file."""
    gp = int(g_at[k]) if k < len(g_at) else len(gold_text)
    sp = int(s_at[k]) if k < len(s_at) else len(system_text)
    gold_file, file = document_file(sides[0], docs[0]), document_file(sides[1], docs[1])
    line = system_text.count("\n", 0, sp) + 1 if sides[1].format == "brat" else None  # its text: the file's
    marks = marks_note(system_text[sp : sp + 20] + gold_text[gp : gp + 20], "; ", "")
    return InputError(
        f"the text of gold's {_named(gold_file, docs[0].name)} (up to line ends and spacing)",
        f"{excerpt(system_text, sp)} at character {sp} (counted from 0) where gold has "
        f"{excerpt(gold_text, gp)} (character {gp}{marks})"
        f"{normalization_note(gold_text, system_text, ('gold', 'system'))}", file=file, line=line,
    )  # fmt: skip


def document_file(side: Annotations, doc: Document) -> str:
    """The file holding a side's document: brat's .txt of it, the file of a folder it was
    read from (Document.file), else the side's input."""
    if side.format == "brat":
        path = Path(side.source)
        stem = path / doc.name if path.is_dir() else path.with_suffix("")
        return f"{stem}.txt"
    return doc.file or side.source


def _named(file: str, name: str) -> str:
    """`FILE` where the document is the file's alone, else `document 'NAME' in FILE`."""
    path = Path(file)  # a folder given as `.` has no name (with_suffix would raise)
    stem = "/" + (path.with_suffix("") if path.name else path).as_posix()
    return file if stem.endswith("/" + name) else f"document {given(name)} in {file}"


#: How a quoted piece of a text shows what would not read as text: line ends, tabs.
_MARKS = {"\r\n": "⏎", "\n": "⏎", "\r": "⏎", "\t": "⇥"}


def excerpt(text: str, at: int, size: int = 20) -> str:
    """`size` characters of `text` from `at`, quoted for a person: «Cher chercheur,⏎⏎Nou»
    (a line end shown as ⏎, a tab as ⇥: see marks_note)."""
    return "«" + re.sub("\r\n|[\r\n\t]", lambda found: _MARKS[found.group()], text[at : at + size]) + "»"


def marks_note(pieces: str, before: str, after: str) -> str:
    """What the marks `excerpt` shows in `pieces` stand for, between `before` and `after`
    ("; ⏎ is a line break"), '' where it shows none."""
    said = [what for chars, what in (("\r\n", "⏎ is a line break"), ("\t", "⇥ a tab"))
            if any(char in pieces for char in chars)]  # fmt: skip
    return f"{before}{', '.join(said)}{after}" if said else ""


def normalization_note(first: str, other: str, names: tuple[str, str]) -> str:
    """Where two texts differ only in their Unicode normalization (up to white space: `ë` one
    code point, NFC, or `e` and a combining diaeresis, NFD), the note saying so and what to do."""
    bare = ["".join(text.split()) for text in (first, other)]
    if bare[0] == bare[1] or unicodedata.normalize("NFC", bare[0]) != unicodedata.normalize("NFC", bare[1]):
        return ""  # the same up to spacing (no form to name), or not the same in any form
    forms = ", ".join(f"{name} {_form(text)}" for name, text in zip(names, (first, other), strict=True))
    return (f"; the texts differ only in Unicode normalization ({forms}): the offsets count each "
            "form's characters, so export both from the text in one form (NFC, as most tools write it)")


def _form(text: str) -> str:
    for form in ("NFC", "NFD"):
        if unicodedata.is_normalized(form, text):
            return form
    return "neither NFC nor NFD"


def _moved_parts(table: SpanTable, documents: list[Document], sides: Sides,
                 order: list[int]) -> dict[int, list[tuple[int, int]]]:  # fmt: skip
    """Pieces of discontinuous system spans, mapped like their spans."""
    partner = {s: g for g, s in enumerate(order)}
    moved = {}
    for i, pieces in table.parts.items():
        s = int(table.docs[i])
        starts = np.array([p[0] for p in pieces], dtype=np.int64)
        ends = np.array([p[1] for p in pieces], dtype=np.int64)
        partner_doc = documents[partner[s]]
        new_starts, new_ends = _mapped(partner_doc, sides[1].documents[s], starts, ends, sides)
        moved[i] = list(zip(new_starts.tolist(), new_ends.tolist(), strict=True))
    return moved

