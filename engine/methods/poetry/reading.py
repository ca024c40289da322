"""Poetry span files read into columns (specs/poetry.md §2, §8).

Lines are decoded by msgspec straight into typed structs that hold only the fields the
method reads: 2-3 times faster than building dicts with orjson and picking the fields
out in Python, with the same strictness (strict JSON, each line one object). A piece of
64 KiB of lines is decoded in one call, as one JSON array; if that fails (or gives more
items than lines), its lines are decoded one by one. Each piece's spans are packed as
int64 by struct (a list comprehension per field), their labels coded as they are read,
and added to the file's columns of bytes, made arrays once the file is read. A line the
typed decoder refuses — anything unusual: a closed gate over junk, offsets `true`, a
missing key, invalid JSON — is parsed by engine.formats.poetry_jsonl instead and kept as
it is: its spans are read by `spans_of` (with its messages) when a page uses it.
"""

from __future__ import annotations

import struct
from itertools import chain
from typing import Annotated, Any

import msgspec
import numpy as np
from msgspec import Struct, field

from ...errors import InputError
from ...formats.poetry_jsonl import REFERENCE, JsonLines, Layout, page_id_of, parse_line
from ...rowkeys import run_bounds
from .columns import EXACT

#: An integer of 64 bits with a sign: larger ones (rare) make the typed decoder refuse the
#: line, and the general reader reads it as the original does (a float beyond 2**64 - 1).
Int = Annotated[int, msgspec.Meta(ge=-(2**63), le=2**63 - 1)]
Scalar = str | Int | float | bool | None


class Excerpt(msgspec.Struct, gc=False, rename={"label": "poem_id"}):
    start: Int
    end: Int
    label: Scalar


class PoemSpan(msgspec.Struct, gc=False,
               rename={"start": "page_start", "end": "page_end", "label": "ref_id"}):  # fmt: skip
    start: Int
    end: Int
    label: Scalar


class ReferencePage(msgspec.Struct, gc=False, rename={"gate": "n_excerpts", "items": "excerpts"}):
    page_id: Scalar
    gate: Int | float | bool
    items: list[Excerpt] | None = None  # None: missing or null, a problem only behind an open gate
    text: Any = None


class SystemPage(msgspec.Struct, gc=False, rename={"gate": "n_spans", "items": "poem_spans"}):
    page_id: Scalar
    gate: Int | float | bool
    items: list[PoemSpan] | None = None
    text: Any = None


#: Label → code: equal labels (in Python's sense: 1, 1.0, true are one) share a code, a new
#: label gets the next one (label_codes), so that `list(codes)` lists the labels by code. A
#: plain dict: `Codes()` makes one; looking labels up in it costs a quarter less than in a
#: subclass with __missing__ (Python specialises subscripts of exact dicts only).
Codes = dict[Any, int]


class Columns(Struct):
    """A file's typed spans as arrays: line k's are [at[k], at[k + 1])."""

    at: np.ndarray
    start: np.ndarray
    end: np.ndarray
    label: np.ndarray
    bad: dict[int, InputError]  # line index → why its spans cannot be used (end ≤ start)


class Pages(Struct):
    """One file's pages (one per line) with the spans of the typed ones in columns."""

    name: str
    ids: list[Any] = field(default_factory=list)
    texts: list[Any] = field(default_factory=list)
    #: per line its count of typed spans, then per span its start, end and label code
    #: (int64 bytes), each grown a piece at a time (no list of pieces joined at the end)
    column_bytes: tuple[bytearray, ...] = field(default_factory=lambda: tuple(bytearray() for _ in range(4)))
    columns: Columns | None = None  # the packed columns as arrays, once the file is read
    raw: dict[int, Any] = field(default_factory=dict)  # line index → the parsed line, read when used
    closed: dict[int, tuple[Any, int]] = field(default_factory=dict)  # line → gate, length of its list
    error: InputError | None = None  # where reading stopped (the reference file's pages before it count)
    sha256: str | None = None  # the file's, when read with `hashed`


#: Bytes of whole lines decoded in one call, as one JSON array of the lines' objects (larger
#: pieces are slower: their structs no longer fit in the processor's cache).
PIECE = 1 << 16


def read_pages(path: str, layout: Layout, stop_at_error: bool, codes: Codes, hashed: bool = False) -> Pages:
    """Every line of `path`, labels coded in `codes`; with `stop_at_error` a bad line ends
    the pages (kept in `error`), otherwise it raises; with `hashed`, the file's sha256 is
    taken as it is read."""
    file = JsonLines(path, path, hashed)
    pages = Pages(path)
    page_type = ReferencePage if layout is REFERENCE else SystemPage
    decoders = msgspec.json.Decoder(list[page_type]).decode, msgspec.json.Decoder(page_type).decode
    try:
        for first, count, piece in file.pieces(PIECE):
            _add_block(pages, first, piece, decode_piece(decoders, piece, count), codes)
    except InputError as err:
        if not stop_at_error:
            raise
        pages.error = err
    pages.columns = _columns(pages, layout)
    pages.sha256 = file.sha256
    return pages


def decode_piece(decoders: tuple[Any, Any], piece: bytes, lines: int) -> list[Any]:
    """The pages of a piece of whole lines (`lines` of them), decoded as one JSON array (a
    comma for each newline: as many pages as lines means each line held one object); if
    that fails, line by line, None for a line the typed decoder refuses. A piece that is not
    UTF-8 is decoded line by line too, None for each line that is not (the typed decoder skips
    the keys its structs do not name unread: their bytes are not checked)."""
    if not piece.isascii() and not _utf8(piece):
        return [_decoded(decoders[1], line) if _utf8(line) else None for line in piece_lines(piece)]
    body = memoryview(piece.replace(b"\n", b","))  # one copy: the array is joined from views
    try:
        decoded = decoders[0](b"".join((b"[", body[:-1] if piece.endswith(b"\n") else body, b"]")))
        if len(decoded) == lines:
            return decoded
    except (msgspec.DecodeError, ValueError, RecursionError):  # too deep for msgspec: the general reader says
        pass
    return [_decoded(decoders[1], line) for line in piece_lines(piece)]


def _utf8(data: bytes) -> bool:
    """Whether `data` is UTF-8 (the general reader's strictness: engine.formats.poetry_jsonl)."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def piece_lines(piece: bytes) -> list[bytes]:
    """A piece's lines (the newline that ends its last one dropped)."""
    return (piece[:-1] if piece.endswith(b"\n") else piece).split(b"\n")


def _decoded(decode: Any, line: bytes) -> Any:
    try:
        return decode(line)
    except (msgspec.DecodeError, ValueError, RecursionError):  # too deep for msgspec: the general reader says
        return None


def _add_block(pages: Pages, first: int, piece: bytes, decoded: list[Any], codes: Codes) -> None:
    """The pages of one piece added; the first line that is no JSON object with a valid
    page id raises InputError once the lines before it are added."""
    error = None
    try:
        items, counts = _listed(decoded)
    except (AttributeError, TypeError):  # a line the typed decoder refused, an open gate without a list
        error = _add_raw(pages, first, piece, decoded)
        items, counts = _listed(decoded)
    _note_closed_gates(pages, decoded, np.frombuffer(counts, np.int64))
    pages.ids += [page.page_id for page in decoded]
    pages.texts += [page.text for page in decoded]
    spans = list(chain.from_iterable(items))
    columns = pages.column_bytes
    columns[0].extend(counts)
    columns[1].extend(packed([span.start for span in spans]))
    columns[2].extend(packed([span.end for span in spans]))
    columns[3].extend(packed(label_codes(spans, codes)))
    if error is not None:
        raise error


def label_codes(spans: list[Any], codes: Codes) -> list[int]:
    """The code of each span's label; labels not met before get the next codes, in order."""
    try:
        return [codes[span.label] for span in spans]
    except KeyError:  # a new label (the first pieces of a file): coded, then looked up again
        for span in spans:
            codes.setdefault(span.label, len(codes))
        return [codes[span.label] for span in spans]


def packed(values: list[int]) -> bytes:
    """Integers (each within int64) as int64 bytes, converted by struct's C loop: numpy
    converts them one by one at twice its cost; the fields are taken by list
    comprehensions, half the cost of map(attrgetter). They are added to the file's
    column_bytes, which become arrays once (_columns), not one array per piece."""
    return struct.pack(f"{len(values)}q", *values)


def _listed(decoded: list[Any]) -> tuple[list[Any], bytes]:
    """Each page's spans (none behind a closed gate) and how many; AttributeError for a
    line the typed decoder refused (None), TypeError for an open gate without a list."""
    items = [page.items if page.gate > 0 else () for page in decoded]
    return items, packed(list(map(len, items)))


def _note_closed_gates(pages: Pages, decoded: list[Any], counts: np.ndarray) -> None:
    """Pages whose list a closed gate hides (kept for the warning): looked for only among
    the pages without spans in the columns."""
    at = len(pages.ids)
    for k in np.flatnonzero(counts == 0).tolist():
        page = decoded[k]
        if page.items and not page.gate > 0:
            pages.closed[at + k] = (page.gate, len(page.items))


def _add_raw(pages: Pages, first: int, piece: bytes, decoded: list[Any]) -> InputError | None:
    """Lines the typed decoder refused (or whose open gate has no list) are parsed by the
    general reader and kept whole; in the columns they have no spans. At a line that is
    not a JSON object with a valid page id, the block is cut there and the error returned."""
    at = len(pages.ids)
    lines = piece_lines(piece)
    for k, page in enumerate(decoded):
        if page is None or (page.items is None and page.gate > 0):
            try:
                value = parse_line(lines[k], first + k, pages.name)
                page_id_of(value, pages.name, first + k)
            except InputError as err:
                del decoded[k:]
                return err
            pages.raw[at + k] = value
            decoded[k] = SystemPage(value["page_id"], 0, None, value.get("text"))
    return None


def _columns(pages: Pages, layout: Layout) -> Columns:
    """The typed spans of all blocks in columns; offsets as Python integers when any is
    too large for exact int64 work (columns.EXACT)."""
    counts, start, end, label = (np.frombuffer(column, np.int64) for column in pages.column_bytes)
    at = run_bounds(counts)
    if len(start) and (max(start.max(), end.max()) > EXACT or min(start.min(), end.min()) < -EXACT):
        start, end = start.astype(object), end.astype(object)
    bad = {}
    for k in np.flatnonzero(end <= start).tolist():
        line = int(np.searchsorted(at, k, "right")) - 1
        if line not in bad:
            found = f"{layout.start} {start[k]} and {layout.end} {end[k]}"
            bad[line] = InputError(f"{layout.end} > {layout.start}", found, file=pages.name, line=line + 1)
    return Columns(at, start, end, label, bad)
