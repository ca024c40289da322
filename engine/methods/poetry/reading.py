"""Poetry span files read into columns (specs/poetry.md §2, §8).

Each line is decoded by msgspec straight into typed structs that hold only the fields the
method reads: 2-3 times faster than building dicts with orjson and picking the fields
out in Python, with the same strictness (strict JSON, each line one object). A line the
typed decoder refuses — anything unusual: a closed gate over junk, offsets `true`, a
missing key, invalid JSON — is parsed by engine.formats.poetry_jsonl instead and kept
as it is: its spans are read by `spans_of` (with its messages) when a page uses it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

import msgspec
import numpy as np

from ...errors import InputError
from ...formats.poetry_jsonl import REFERENCE, JsonLines, Layout, page_id_of, parse_line, spans_of
from .columns import offsets

_INT_MIN, _INT_MAX = -(2**63), 2**64 - 1  # the JSON parsers of the original read others as floats
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


@dataclass
class Pages:
    """One file's pages (one per line) with the spans of the typed ones in columns."""

    name: str
    ids: list[Any] = field(default_factory=list)
    texts: list[Any] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)  # typed spans per line
    starts: list[int] = field(default_factory=list)
    ends: list[int] = field(default_factory=list)
    labels: list[Any] = field(default_factory=list)
    raw: dict[int, Any] = field(default_factory=dict)  # line index → the parsed line, read when used
    closed: dict[int, tuple[Any, int]] = field(default_factory=dict)  # line → gate, length of its list
    error: InputError | None = None  # where reading stopped (the reference file's pages before it count)
    sha256: str = ""


def read_pages(path: str, layout: Layout, stop_at_error: bool) -> Pages:
    """Every line of `path`; with `stop_at_error` a bad line ends the pages (kept in
    `error`), otherwise it raises."""
    file = JsonLines(path, path)
    pages = Pages(path)
    decode = msgspec.json.Decoder(ReferencePage if layout is REFERENCE else SystemPage).decode
    try:
        for first, lines in file.blocks():
            try:
                decoded = [decode(line) for line in lines]
            except (msgspec.DecodeError, ValueError):
                decoded = [_decoded(decode, line) for line in lines]
            _add_block(pages, first, lines, decoded)
    except InputError as err:
        if not stop_at_error:
            raise
        pages.error = err
    pages.sha256 = file.sha256
    return pages


def _decoded(decode: Any, line: bytes) -> Any:
    try:
        return decode(line)
    except (msgspec.DecodeError, ValueError):
        return None


def _add_block(pages: Pages, first: int, lines: list[bytes], decoded: list[Any]) -> None:
    items = [page.items if page is not None and page.gate > 0 else () for page in decoded]
    error = _add_raw(pages, first, lines, decoded, items) if None in decoded or None in items else None
    at = len(pages.ids)
    if items.count(()):
        pages.closed.update((at + k, (page.gate, len(page.items))) for k, page in enumerate(decoded)
                            if page is not None and page.items and not page.gate > 0)  # fmt: skip
    pages.ids += [page.page_id if page is not None else None for page in decoded]
    pages.texts += [page.text if page is not None else None for page in decoded]
    pages.counts += map(len, items)
    spans = [span for listed in items for span in listed]
    pages.starts += [span.start for span in spans]
    pages.ends += [span.end for span in spans]
    pages.labels += [span.label for span in spans]
    if error is not None:
        raise error


def _add_raw(pages: Pages, first: int, lines: list[bytes], decoded: list[Any],
             items: list[Any]) -> InputError | None:  # fmt: skip
    """Lines the typed decoder refused are parsed by the general reader and kept whole;
    in the columns they have no spans. At a line that is not a JSON object with a valid
    page id, the block is cut there and the error returned."""
    at = len(pages.ids)
    for k, page in enumerate(decoded):
        if page is None or items[k] is None:
            try:
                value = parse_line(lines[k], first + k, pages.name)
                page_id_of(value, pages.name, first + k)
            except InputError as err:
                del decoded[k:], items[k:]
                return err
            pages.raw[at + k] = value
            decoded[k] = msgspec.structs.replace(SystemPage(None, 0), page_id=value["page_id"],
                                                 text=value.get("text"))  # fmt: skip
            items[k] = ()
    return None


@dataclass
class Columns:
    """A file's typed spans as arrays: line k's are [at[k], at[k + 1])."""

    at: np.ndarray
    start: np.ndarray
    end: np.ndarray
    label: np.ndarray
    bad: dict[int, InputError]  # line index → why its spans cannot be used (end ≤ start)


def span_columns(pages: Pages, layout: Layout, codes: dict[Any, int]) -> Columns:
    """The typed spans in columns, labels coded in `codes` (equal labels share a code)."""
    at = np.zeros(len(pages.counts) + 1, dtype=np.int64)
    np.cumsum(pages.counts, out=at[1:])
    start, end = offsets(pages.starts), offsets(pages.ends)
    label = np.array(list(map(codes.__getitem__, pages.labels)), dtype=np.int64)
    bad = {}
    if object in (start.dtype, end.dtype):  # beyond 64 bits: the original reads a float there
        for k in np.flatnonzero((start < _INT_MIN) | (end > _INT_MAX)).tolist():
            line = int(np.searchsorted(at, k, "right")) - 1
            bad.setdefault(line, _refused(pages.name, layout, line + 1))
    for k in np.flatnonzero(end <= start).tolist():
        line = int(np.searchsorted(at, k, "right")) - 1
        if line not in bad:
            found = f"{layout.start} {pages.starts[k]} and {layout.end} {pages.ends[k]}"
            bad[line] = InputError(f"{layout.end} > {layout.start}", found, file=pages.name, line=line + 1)
    return Columns(at, start, end, label, bad)


def label_codes(*sides: Pages) -> dict[Any, int]:
    """A code for each distinct label of the files (Python equality: 1, 1.0, true are one)."""
    distinct: dict[Any, None] = {}
    for side in sides:
        distinct.update(dict.fromkeys(side.labels))
    return {label: code for code, label in enumerate(distinct)}


def _refused(path: str, layout: Layout, number: int) -> InputError:
    """Why the general reader refuses line `number` (read again: this is rare)."""
    for first, lines in JsonLines(path, path).blocks():
        if number < first + len(lines):
            try:
                value = parse_line(lines[number - first], number, path)
                page_id_of(value, path, number)
                spans_of(value, layout, path, number, lambda *_: None)
            except InputError as err:
                return err
            break
    raise AssertionError(f"{path}:{number} was refused, then read")  # pragma: no cover
