"""brat standoff: a document's text in `NAME.txt`, its annotations in `NAME.ann`.

    T1	Disease 94 130	phenylalanine hydroxylase deficiency
    T2	Comparative 58 62;79 83	more than          a discontinuous span: its pieces
    A1	Category T1 SpecificDisease                     attributes (A, M), relations (R),
    R1	Located Arg1:T1 Arg2:T2                         events (E), equivalences (*),
    #1	AnnotatorNotes T1	a note                      normalizations (N) and notes (#):
                                                        no spans, left out

A text-bound line (T) gives a label and character offsets (code points) into the `.txt`
as it is on disk (a CRLF counts two); its text field is checked against the `.txt` at those
offsets: a `.txt` whose line ends became CRLF after annotating (the fields are its text
with LF line ends) is an error, other differences (a masked text) a warning; an id an earlier
line has is an error, as brat refuses it ('Duplicate id'). A span in pieces
keeps them in attrs["parts"], its start and end the outer extent; how a method scores it
(ReadOptions.discontinuous) is methods.spans.inputs.scored's business, not this reader's.
The path is either file of a pair, or a folder: every `.txt` (its visible files and those of
its sub-folders: formats.brat_folder_files, the files a report lists) with its `.ann`, the
documents named by their path in the folder without the suffix. As brat lists every `.txt`
of a collection as a document (its `.ann` made empty when first opened), a `.txt` without
its `.ann` is a document without annotations (a warning names them: an `.ann` not copied?),
the same as one with an empty `.ann`; but a corpus's own `README.txt`, `LICENSE.txt` …
(formats.corpus_file) without an `.ann` is no document: it and the corpus's other files
(`README.md`, `LICENSE` …) are left unread, and a warning names them. An `.ann` without its
`.txt` is an error, and so is a folder without any `.ann`.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import numpy as np

from ..errors import FileWarning, InputError, first_listed, given, shown
from ..spans import Annotations, Document, Span
from ..textio import read_input_bytes, read_text
from . import BRAT_CONFIGURATION, brat_folder_files, corpus_file, sniffing
from .spantable import SpanTable, span_labels
from .standoff import DEFAULT_OPTIONS, PARTS, ReadOptions, raw_utf8, text_document, zero_length_warning

NAME = "brat"
TITLE = "brat standoff (.ann + .txt)"
SUFFIXES = (".ann", ".txt")

_IGNORED = frozenset("REAMN#*")


sniff = sniffing.brat  # recognises the format without this module (engine/formats/sniffing.py)


def choices(path: str, options: ReadOptions = DEFAULT_OPTIONS) -> dict[str, list[str]]:
    """The labels of the text-bound annotations (brat has no layers to pick)."""
    labels = span_labels(read(path, options).spans)
    return {"label": sorted(labels)}


# --- pairs -----------------------------------------------------------------------------


#: A document: its name, its .txt, its .ann (None: a .txt without one, a document without annotations).
Pair = tuple[str, Path, Path | None]
_LISTED = 3  # files a warning names


def document_pairs(path: str) -> tuple[list[Pair], list[str]]:
    """(name, .txt, .ann) of each document: one pair, or every document of a folder; and
    the folder's warnings (its documents without an .ann, its files left unread)."""
    p = Path(path)
    if p.is_dir():
        return _folder_pairs(p)
    if p.suffix not in SUFFIXES:
        raise InputError("a brat .ann or .txt file (or a folder of them)", given(p.name), file=path)
    stem = str(p)[: -len(p.suffix)]
    txt, ann = Path(stem + ".txt"), Path(stem + ".ann")
    partner = txt if p == ann else ann
    if not partner.is_file():
        raise MissingPartner(str(p), str(partner))
    return [(p.stem, txt, ann)], []


class MissingPartner(InputError):
    """A brat file whose partner is not beside it: the message names the file there and
    says which is missing; `file` is the missing one."""

    def __init__(self, present: str, missing: str) -> None:
        self.present = present
        kind = "text" if missing.endswith(".txt") else "annotations"
        super().__init__(f"its {kind} {Path(missing).name} beside it", _not_a_file(missing), file=missing)

    @property
    def where(self) -> str:
        return shown(self.present)


def _not_a_file(path: str) -> str:
    """What is where a brat file's partner should be: nothing, a folder, or a link that leads
    to no file (a loop of links, a missing target)."""
    if os.path.isdir(path):
        return "a directory"
    return "a link that leads to no file" if os.path.islink(path) else "no such file"


def _folder_pairs(folder: Path) -> tuple[list[Pair], list[str]]:
    """Every .txt of a folder (and its sub-folders) with its .ann, names relative to the
    folder, and the warnings naming its documents without an .ann and its unread files."""
    files = brat_folder_files(folder)  # the files a report lists: one walk of the folder
    anns, txts = _listed_stems(files, ".ann"), _listed_stems(files, ".txt")
    for stem in sorted(anns - txts):
        raise MissingPartner(stem + ".ann", stem + ".txt")
    if not anns:
        raise InputError("brat documents (.txt with .ann)", "none", file=str(folder))
    unread = [f for f in files if corpus_file(f) and not (f.suffix == ".txt" and f.as_posix()[:-4] in anns)]
    lone = txts - anns - {f.as_posix()[:-4] for f in unread if f.suffix == ".txt"}
    start = len(folder.as_posix()) + 1
    pairs = [(stem[start:], Path(stem + ".txt"), Path(stem + ".ann") if stem in anns else None)
             for stem in sorted(anns | lone)]  # fmt: skip
    return pairs, _folder_warnings(folder, sorted(lone), unread)


def _folder_warnings(folder: Path, lone: list[str], unread: list[Path]) -> list[str]:
    """The warnings naming a folder's .txt files without an .ann (`lone`: paths without the
    suffix) and its corpus's own files left unread (but brat's README: the collection's)."""
    start = len(folder.as_posix()) + 1
    unread_names = [f.as_posix()[start:] for f in unread if f.name not in BRAT_CONFIGURATION]
    return _without_ann(folder, [stem[start:] + ".txt" for stem in lone]) + _unread(folder, unread_names)


def _listed_stems(files: list[Path], suffix: str) -> set[str]:
    """The paths, without `suffix`, of the files of that suffix brat lists: not those it hides
    (a name beginning with `.` or `hidden_`, as macOS's `._a.txt` and `._a.ann`)."""
    return {f.as_posix()[: -len(suffix)] for f in files
            if f.name.endswith(suffix) and not f.name.startswith((".", "hidden_"))}  # fmt: skip


def _without_ann(folder: Path, names: list[str]) -> list[str]:
    """The warning naming a folder's documents whose .txt has no .ann."""
    if not names:
        return []
    which = f"{len(names)} documents have" if len(names) > 1 else "a document has"
    return [FileWarning(str(folder), f"{which} a .txt and no .ann ({first_listed(names, _LISTED)}): read "
                                     "without annotations, as brat shows them (was an .ann not copied?)")]


def _unread(folder: Path, names: list[str]) -> list[str]:
    """The warning naming a brat corpus's own files left unread (its README.md, LICENSE …)."""
    if not names:
        return []
    listed = first_listed(names, _LISTED)
    return [FileWarning(str(folder), f"{listed} not read (the corpus's own files, not documents)")]


def read_raw_text(path: Path) -> str:
    """A .txt as brat counts it: every character as it is on disk (a CRLF is two)."""
    return raw_utf8(read_input_bytes(str(path)), str(path))


def line_units(text: str) -> list[tuple[int, int]]:
    """The non-empty lines of a text as character ranges (brat shows a line as a sentence)."""
    units = []
    start = 0
    for match in re.finditer(r"\r\n|\n|\r", text):
        if match.start() > start:
            units.append((start, match.start()))
        start = match.end()
    if start < len(text):
        units.append((start, len(text)))
    return units


# --- annotations -----------------------------------------------------------------------


def _fragments(field: str, ann: str, line: int, size: int) -> list[tuple[int, int]]:
    """The pieces `start end;start end…` of a text-bound annotation, checked against the text."""
    pieces = []
    for piece in field.split(";"):
        bounds = piece.split()
        if len(bounds) != 2 or not (bounds[0].isdecimal() and bounds[1].isdecimal()):  # int() reads these
            raise InputError("offsets 'start end' (pieces joined by ';')", given(field), file=ann, line=line)
        start, end = int(bounds[0]), int(bounds[1])
        if not start <= end <= size:
            found = f"'{piece.strip()}' (the .txt has {size} characters)"
            raise InputError("offsets within the text, start before end", found, file=ann, line=line)
        pieces.append((start, end))
    return sorted(pieces) if len(pieces) > 1 else pieces


def _text_bound(line_text: str, ann: str, line: int, size: int, doc: str) -> tuple[Span, str | None]:
    """The span of a T line, and its text field (None where the line has none)."""
    fields = line_text.split("\t", 2)
    label, _, offsets = fields[1].partition(" ") if len(fields) > 1 else ("", "", "")
    if not label or not offsets:
        expected = "a text-bound annotation 'T1<TAB>LABEL start end<TAB>text'"
        raise InputError(expected, given(line_text[:80]), file=ann, line=line)
    pieces = _fragments(offsets, ann, line, size)
    attrs = {PARTS: pieces} if len(pieces) > 1 else {}
    span = Span(pieces[0][0], max(end for _, end in pieces), label, doc, attrs)
    return span, fields[2] if len(fields) > 2 else None


#: Why the text fields are the .txt's text with LF line ends, and what to do.
CRLF_SHIFT = ("the .txt has CRLF line ends (two characters each) where the annotations count one (their "
              "text fields are its text with LF line ends) — save the .txt with LF line ends (git's "
              "core.autocrlf converts them)")  # fmt: skip

#: A T line whose text field is not the text at its offsets: line number, id, text field, span.
Differing = tuple[int, str, str, Span]


def read_ann(ann: str, text: str, doc: str) -> tuple[list[Span], int, list[Differing]]:
    """The text-bound spans of an .ann file, how many zero-length ones were dropped, and
    the T lines whose text field differs from the text at their offsets."""
    spans: list[Span] = []
    dropped = 0
    differing: list[Differing] = []
    lines = read_text(ann).split("\n")
    _check_ids(ann, lines)
    for number, line_text in enumerate(lines, 1):
        if not line_text.strip():
            continue
        if line_text[0] == "T":
            span, field = _text_bound(line_text, ann, number, len(text), doc)
            if field is not None and text[span.start : span.end] != field and not _shows(text, span, field):
                differing.append((number, line_text.partition("\t")[0], field, span))
            if span.start == span.end:
                dropped += 1
            else:
                spans.append(span)
        elif line_text[0] not in _IGNORED:
            expected = "a brat annotation line (T, R, E, A, M, N, # or * and its id, then a TAB)"
            raise InputError(expected, given(line_text[:80]), file=ann, line=number)
    return spans, dropped, differing


def _check_ids(ann: str, lines: list[str]) -> None:
    """InputError where a line's id (before its TAB) is an earlier line's (`*` lines have
    none); the lines are looked at one by one only where their first fields are not all
    distinct (blank lines and `*` lines repeat theirs: then the look may find no duplicate)."""
    firsts = [line.partition("\t")[0] for line in lines]
    if len(set(firsts)) == len(firsts):
        return
    seen: dict[str, int] = {}
    for number, line in enumerate(lines, 1):
        tab = line.find("\t")
        if tab > 0 and line[0] != "*" and seen.setdefault(line[:tab], number) != number:
            raise _duplicate(ann, lines, seen[line[:tab]], number)


def _duplicate(ann: str, lines: list[str], first: int, number: int) -> InputError:
    """The error of a line whose id an earlier line has (brat refuses it: 'Duplicate id'),
    naming both lines, even where they are the same."""
    ident = lines[number - 1].partition("\t")[0]
    found = f"{ident} again: line {first} {lines[first - 1][:80]!r}, line {number} {lines[number - 1][:80]!r}"
    return InputError("an id given once per file (brat refuses a duplicate id)", found, file=ann, line=number)


def _at(text: str, span: Span) -> str:
    """The text at a span's offsets (its pieces joined by a space, as brat writes them)."""
    return " ".join(text[start:end] for start, end in span.attrs.get(PARTS) or ((span.start, span.end),))


def _shows(text: str, span: Span, field: str) -> bool:
    """Whether a text field is the text at the span's offsets (up to white space: brat
    writes a line end as a space)."""
    found = _at(text, span)
    return found == field or found.split() == field.split()


def checked_texts(ann: str, text: str, differing: list[Differing], count: int) -> list[str]:
    """The warning of text fields that differ from the .txt (a masked or edited text: the
    offsets are used); InputError where the .txt has CRLF line ends and the text fields
    are the text with LF ones (offsets counted before the line ends were converted)."""
    if not differing:
        return []
    number, ident, field, span = differing[0]
    found = _at(text, span)
    if "\r\n" in text:
        lf_text = text.replace("\r\n", "\n")
        if all(_shows(lf_text, s, f) for _, _, f, s in differing):
            raise InputError(f"the text of {ident} at its offsets, {field!r}", f"{found!r}: {CRLF_SHIFT}",
                             file=ann, line=number)  # fmt: skip
    crlf = " (the .txt has CRLF line ends)" if "\r\n" in text else ""
    return [FileWarning(ann, f"the text field of {len(differing)} of {count} annotations differs from the "
                             f".txt at their offsets{crlf}, the first at line {number}: {ident} {field!r}, "
                             f"the .txt {found!r}; the offsets are used")]  # fmt: skip


def read(path: str, options: ReadOptions = DEFAULT_OPTIONS) -> Annotations:
    """The text-bound annotations of one document pair, or of every pair in a folder; each
    span's origin its id (`T3`, looked up when a message asks: t_id)."""
    pairs, warnings = document_pairs(path)
    result = Annotations(path, NAME, [], [], warnings)
    spans: list[Span] = []
    anns: list[str] = []
    for name, txt, ann in pairs:
        text = read_raw_text(txt)
        found, dropped, differing = read_ann(str(ann), text, name) if ann else ([], 0, [])
        result.warnings += checked_texts(str(ann), text, differing, len(found) + dropped)
        found.sort(key=lambda span: (span.start, span.end))  # stable: the same spans in file order
        result.documents.append(_document(name, text))
        spans += found
        anns.append(str(ann) if ann else "")  # a .txt without its .ann: no span to look up
        if dropped:
            result.warnings.append(zero_length_warning(str(ann), dropped))
    table = SpanTable.of_spans(spans, [doc.name for doc in result.documents])
    table.origin = lambda i: t_id(table, i, anns[table.docs[i]])
    result.spans = table
    return result


def t_id(table: SpanTable, i: int, ann: str) -> str:
    """The id of span i's T line in its .ann: of the T lines with its label and offsets, the
    one of its rank among the table's same spans (which keep their file order)."""
    span = table.span(i)
    same = (table.docs == table.docs[i]) & (table.labels == table.labels[i])
    same = np.flatnonzero(same & (table.starts == span.start) & (table.ends == span.end))
    rank = [j for j in same.tolist() if table.parts.get(j) == table.parts.get(i)].index(i)
    ids = []
    for number, line in enumerate(read_text(ann).split("\n"), 1):
        if line.startswith("T") and f"\t{span.label} " in line:
            other, _ = _text_bound(line, ann, number, sys.maxsize, span.doc)
            if (other.start, other.end, other.attrs) == (span.start, span.end, span.attrs):
                ids.append(line.partition("\t")[0])
    return ids[rank] if rank < len(ids) else ""


def _document(name: str, text: str) -> Document:
    return text_document(name, text, line_units(text))
