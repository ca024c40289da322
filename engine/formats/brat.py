"""brat standoff: a document's text in `NAME.txt`, its annotations in `NAME.ann`.

    T1	Disease 94 130	phenylalanine hydroxylase deficiency
    T2	Comparative 58 62;79 83	more than          a discontinuous span: its pieces
    A1	Category T1 SpecificDisease                     attributes (A, M), relations (R),
    R1	Located Arg1:T1 Arg2:T2                         events (E), equivalences (*),
    #1	AnnotatorNotes T1	a note                      normalizations (N) and notes (#):
                                                        no spans, left out

A text-bound line (T) gives a label and character offsets (code points) into the `.txt`
as it is on disk (a CRLF counts two); its text field is not trusted. A span in pieces
keeps them in attrs["parts"], its start and end the outer extent; how a method scores it
(ReadOptions.discontinuous) is standoff.expand_fragments' business, not this reader's.
The path is either file of a pair, or a folder: every `.ann` (in sub-folders too) with its
`.txt`, the documents named by their path in the folder without the suffix.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import InputError
from ..spans import Annotations, Document, Span
from ..textio import decode_utf8, read_input_bytes, read_text
from . import sniffing
from .standoff import DEFAULT_OPTIONS, PARTS, ReadOptions, text_document, zero_length_warning

NAME = "brat"
TITLE = "brat standoff (.ann + .txt)"
SUFFIXES = (".ann", ".txt")

_IGNORED = frozenset("REAMN#*")


sniff = sniffing.brat  # recognises the format without this module (engine/formats/sniffing.py)


def choices(path: str, options: ReadOptions = DEFAULT_OPTIONS) -> dict[str, list[str]]:
    """The labels of the text-bound annotations (brat has no layers to pick)."""
    labels = {span.label for span in read(path, options).spans}
    return {"label": sorted(labels)}


# --- pairs -----------------------------------------------------------------------------


def document_pairs(path: str) -> list[tuple[str, Path, Path]]:
    """(name, .txt, .ann) of each document: one pair, or every pair of a folder."""
    p = Path(path)
    if p.is_dir():
        return _folder_pairs(p)
    if p.suffix not in SUFFIXES:
        raise InputError("a brat .ann or .txt file (or a folder of them)", repr(p.name), file=path)
    stem = str(p)[: -len(p.suffix)]
    txt, ann = Path(stem + ".txt"), Path(stem + ".ann")
    partner = txt if p == ann else ann
    if not partner.is_file():
        raise InputError(f"its partner {partner.name} beside it", "none", file=str(partner))
    return [(p.stem, txt, ann)]


def _folder_pairs(folder: Path) -> list[tuple[str, Path, Path]]:
    """Every .ann of a folder (and its sub-folders) with its .txt; names relative to the folder."""
    anns = {f.as_posix()[:-4] for f in folder.rglob("*.ann") if f.is_file()}
    txts = {f.as_posix()[:-4] for f in folder.rglob("*.txt") if f.is_file()}
    for stem in sorted(anns ^ txts):
        suffix = ".txt" if stem in anns else ".ann"
        raise InputError(f"a partner {suffix} file", "none", file=stem + suffix)
    if not anns:
        raise InputError("brat documents (.txt with .ann)", "none", file=str(folder))
    start = len(folder.as_posix()) + 1
    return [(stem[start:], Path(stem + ".txt"), Path(stem + ".ann")) for stem in sorted(anns)]


def read_raw_text(path: Path) -> str:
    """A .txt as brat counts it: every character as it is on disk (a CRLF is two)."""
    data = read_input_bytes(str(path))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        decode_utf8(data, str(path))  # raises the error naming the line
        raise


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
        if len(bounds) != 2 or not all(b.isdigit() for b in bounds):
            raise InputError("offsets 'start end' (pieces joined by ';')", repr(field), file=ann, line=line)
        start, end = int(bounds[0]), int(bounds[1])
        if not start <= end <= size:
            found = f"'{piece.strip()}' (the .txt has {size} characters)"
            raise InputError("offsets within the text, start before end", found, file=ann, line=line)
        pieces.append((start, end))
    return sorted(pieces)


def _text_bound(line_text: str, ann: str, line: int, size: int, doc: str) -> Span:
    fields = line_text.split("\t")
    label, _, offsets = fields[1].partition(" ") if len(fields) > 1 else ("", "", "")
    if not label or not offsets:
        expected = "a text-bound annotation 'T1<TAB>LABEL start end<TAB>text'"
        raise InputError(expected, repr(line_text[:80]), file=ann, line=line)
    pieces = _fragments(offsets, ann, line, size)
    attrs = {PARTS: pieces} if len(pieces) > 1 else {}
    return Span(pieces[0][0], max(end for _, end in pieces), label, doc, attrs)


def read_ann(ann: str, size: int, doc: str) -> tuple[list[Span], int]:
    """The text-bound spans of an .ann file, and how many zero-length ones were dropped."""
    spans: list[Span] = []
    dropped = 0
    for number, line_text in enumerate(read_text(ann).split("\n"), 1):
        if not line_text.strip():
            continue
        if line_text[0] == "T":
            span = _text_bound(line_text, ann, number, size, doc)
            if span.start == span.end:
                dropped += 1
            else:
                spans.append(span)
        elif line_text[0] not in _IGNORED:
            expected = "a brat annotation line (T, R, E, A, M, N, # or * and its id, then a TAB)"
            raise InputError(expected, repr(line_text[:80]), file=ann, line=number)
    return spans, dropped


def read(path: str, options: ReadOptions = DEFAULT_OPTIONS) -> Annotations:
    """The text-bound annotations of one document pair, or of every pair in a folder."""
    result = Annotations(path, NAME, [], [])
    for name, txt, ann in document_pairs(path):
        text = read_raw_text(txt)
        spans, dropped = read_ann(str(ann), len(text), name)
        spans.sort(key=lambda span: (span.start, span.end))
        result.documents.append(_document(name, text))
        result.spans.extend(spans)
        if dropped:
            result.warnings.append(zero_length_warning(str(ann), dropped))
    return result


def _document(name: str, text: str) -> Document:
    return text_document(name, text, line_units(text))
