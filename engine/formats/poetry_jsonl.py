"""Poetry span files (Princeton CDH corppa): JSON Lines, one page per line.

Reference pages list `excerpts` ({start, end, poem_id}) behind the gate `n_excerpts`;
system pages list `poem_spans` ({page_start, page_end, ref_id}) behind `n_spans`.
Offsets are half-open character offsets on the page. The rules, and the original's
strictness (strict JSON, every line an object, no blank line, no byte-order mark), are
those of specs/poetry.md §2 and §8.

Files may be gzip, bzip2, xz or Zstandard compressed (recognised by their magic bytes).
Lines are parsed with orjson when it is installed, else with the standard library set up
to behave the same (same types, same strictness, same messages).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, NoReturn

from ..errors import FileWarning, InputError, describe, json_value, nothing_in
from ..textio import check_input, not_text, not_utf8, unmarked_utf16
from . import sniffing

if TYPE_CHECKING:
    import json

#: orjson, a fast parser, where installed (results never depend on it): imported when a
#: line is first parsed whole (the typed reader of engine.methods.poetry needs it only for
#: unusual lines); None where it is not installed (or a test forces the fallback).
_orjson: Any = ...

TITLE = "Poetry spans (corppa JSONL)"

BOM = b"\xef\xbb\xbf"
_CHUNK = 1 << 16
_INT_MIN, _INT_MAX = -(2**63), 2**64 - 1  # orjson reads integers outside this as floats

def quote_id(page_id: Any) -> str:
    """A page id in a message as the file writes it: JSON text ("p2", 5, true, null)."""
    return json_value(page_id)


sniff = sniffing.poetry_jsonl  # recognises the format without this module (engine/formats/sniffing.py)


# --- opening (compressed) files ------------------------------------------------------


def _zstd_reader(raw: IO[bytes], name: str) -> IO[bytes]:
    for module in ("compression.zstd", "zstandard", "pyzstd"):
        try:
            zstd = __import__(module, fromlist=["_"])
        except ImportError:
            continue
        if module == "zstandard":
            return _ZstandardReader(raw, zstd)
        return zstd.ZstdFile(raw)
    raise InputError(
        "a readable gzip/bzip2/xz/zstd stream",
        "Zstandard data, but no Zstandard support is installed (pip install zstandard)",
        file=name,
    )


class _ZstandardReader:
    """Frames of Zstandard data decompressed one after another with the `zstandard`
    package, an incomplete last frame being an error (its stream reader stops quietly)."""

    def __init__(self, raw: IO[bytes], zstd: Any) -> None:
        self.raw, self.zstd = raw, zstd
        self.frame = zstd.ZstdDecompressor().decompressobj()
        self.started = False  # whether the current frame has had input

    def read(self, size: int) -> bytes:
        out = b""
        while not out:
            data = self.raw.read(size)
            if not data:
                if self.started and not self.frame.eof:
                    raise EOFError("the last Zstandard frame is incomplete")
                return b""
            out = self._feed(data)
        return out

    def _feed(self, data: bytes) -> bytes:
        out = []
        while data:
            self.started = True
            out.append(self.frame.decompress(data))
            data = self.frame.unused_data if self.frame.eof else b""
            if self.frame.eof:
                self.frame = self.zstd.ZstdDecompressor().decompressobj()
                self.started = False
        return b"".join(out)


_MAGIC: list[tuple[bytes, str]] = [
    (b"\x1f\x8b", "gzip"),
    (b"BZh", "bzip2"),
    (b"\xfd7zXZ\x00", "xz"),
    (b"\x28\xb5\x2f\xfd", "zstd"),
]


class HashingReader:
    """A binary file read once: its bytes also go into a sha256 (unless `digest` is
    None) and a byte count."""

    def __init__(self, handle: IO[bytes], digest: Any = None) -> None:
        self.handle = handle
        self.digest = digest
        self.position = 0

    def read(self, size: int = -1) -> bytes:
        data = self.handle.read(size)
        if self.digest is not None:
            self.digest.update(data)
        self.position += len(data)
        return data

    def readinto(self, buffer: Any) -> int:  # used by some decompressors
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def readable(self) -> bool:
        return True

    def close(self) -> None:
        self.handle.close()

    @property
    def closed(self) -> bool:
        return self.handle.closed

    def flush(self) -> None:
        pass


def _compression(head: bytes) -> str | None:
    return next((kind for magic, kind in _MAGIC if head.startswith(magic)), None)


def _decompressed(raw: HashingReader, kind: str | None, name: str) -> Any:
    if kind == "gzip":
        import gzip

        return gzip.GzipFile(fileobj=raw, mode="rb")  # type: ignore[arg-type]
    if kind == "bzip2":
        import bz2

        return bz2.BZ2File(raw, "rb")  # type: ignore[arg-type]
    if kind == "xz":
        import lzma

        return lzma.LZMAFile(raw, "rb")  # type: ignore[arg-type]
    if kind == "zstd":
        return _zstd_reader(raw, name)  # type: ignore[arg-type]
    return raw


def require_file(path: str) -> Path:
    """The path, or InputError when it is not an existing regular file (§8)."""
    check_input(path)  # a device or FIFO is refused (reading it could last forever)
    p = Path(path)
    if not p.is_file():
        raise InputError("an existing file", "nothing", file=path)
    return p


# --- lines and strict JSON -------------------------------------------------------------


def _stdlib_int(text: str) -> int | float:
    value = int(text)
    if _INT_MIN <= value <= _INT_MAX:
        return value
    try:
        return float(value)
    except OverflowError:
        raise ValueError(f"number {text[:20]}… is out of range") from None


def _stdlib_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise ValueError(f"number {text} is out of range")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


@cache
def _decoder() -> json.JSONDecoder:
    """The standard library's parser set up as orjson behaves (made when first needed)."""
    import json

    return json.JSONDecoder(parse_int=_stdlib_int, parse_float=_stdlib_float, parse_constant=_no_constant)


def _stdlib_loads(line: bytes) -> Any:
    text = line.decode("utf-8")
    value = _decoder().decode(text)
    if "\\u" in text:
        _check_surrogates(value)
    return value


def _check_surrogates(value: Any) -> None:
    """orjson rejects lone UTF-16 surrogates (\\ud800); the standard library keeps them."""
    import json

    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("lone surrogate in a string") from None


def _stream_errors() -> tuple[type[BaseException], ...]:
    """What reading a (compressed) stream raises for damaged or unreadable data."""
    import lzma
    import zlib

    return (OSError, EOFError, lzma.LZMAError, zlib.error, ValueError)


def _blank_file(name: str) -> InputError:
    """The error of a file whose first line is blank: a file of blank lines, else that line."""
    if (found := nothing_read(name)) == "a file of blank lines":
        return InputError("at least one page (a JSON object a line)", found, file=name)
    return InputError("a JSON object", "an empty line", file=name, line=1)


def _bad_line(line: bytes, number: int, name: str) -> InputError:
    """Why one line is not a JSON object (the same message whichever parser failed)."""
    expected = "a JSON object"
    binary = (not_text(line, name) or unmarked_utf16(line[:2048], name)) if number == 1 else None
    if binary is not None:
        return binary
    if number == 1 and line.startswith(BOM):
        return InputError(expected, "a byte-order mark (save as UTF-8 without BOM)", file=name, line=number)
    if not line.strip():
        return _blank_file(name) if number == 1 else InputError(expected, "an empty line", file=name,
                                                                line=number)  # fmt: skip
    try:
        line.decode("utf-8")
    except UnicodeDecodeError as err:
        return not_utf8(line if number == 1 else b"", line[err.start], name, number)
    import json

    try:
        _stdlib_loads(line)
    except json.JSONDecodeError as err:
        reason = err.msg.removesuffix(" at")  # "Unterminated string starting at": the column follows
        return InputError(expected, f"invalid JSON ({reason} at column {err.colno})", file=name, line=number)
    except ValueError as err:
        return InputError(expected, f"invalid JSON ({err})", file=name, line=number)
    except RecursionError:
        return InputError(expected, "invalid JSON (nested too deeply)", file=name, line=number)
    return InputError(expected, "invalid JSON", file=name, line=number)


def _parse_lines(lines: list[bytes], first: int, name: str) -> list[Any]:
    """Each line parsed as one JSON value; the first bad line raises InputError."""
    if first == 1 and lines and lines[0].startswith(BOM):
        raise _bad_line(lines[0], 1, name)
    loads = _loads()
    try:
        return [loads(line) for line in lines]
    except (ValueError, RecursionError):  # orjson.JSONDecodeError, UnicodeDecodeError: ValueErrors
        pass
    for number, line in enumerate(lines, first):
        try:
            loads(line)
        except (ValueError, RecursionError):
            raise _bad_line(line, number, name) from None
    raise AssertionError("a line failed to parse, then parsed")  # pragma: no cover


def _loads() -> Callable[[bytes], Any]:
    """orjson's loads where installed, else the standard library set up to match it."""
    global _orjson
    if _orjson is ...:
        try:
            import orjson as _orjson
        except ImportError:  # pragma: no cover - exercised by forcing the fallback in tests
            _orjson = None
    return _orjson.loads if _orjson is not None else _stdlib_loads


def parse_line(line: bytes, number: int, name: str) -> Any:
    """One line parsed as one JSON value (InputError naming the line if it is not one)."""
    return _parse_lines([line], number, name)[0]


def newlines(data: bytes) -> int:
    """How many newlines `data` holds: bytes.count looks at one byte at a time, replace
    finds them with memchr (3-4 times faster on a piece of 64 KiB)."""
    return len(data) - len(data.replace(b"\n", b""))


class JsonLines:
    """A JSON Lines file read once, in chunks: (line number, value) pairs in file order.

    `position` and `size` (bytes of the file as stored) tell how far reading has got;
    with `hashed`, `sha256` is the stored file's digest once it has been read to the end
    (None without: hashing 16 MB costs 12 ms, and loading OpenSSL 4 ms more).
    """

    def __init__(self, path: str, name: str, hashed: bool = False) -> None:
        self.path, self.name = path, name
        self.size = require_file(path).stat().st_size
        self.hashed = hashed
        self._raw: HashingReader | None = None

    @property
    def position(self) -> int:
        return self._raw.position if self._raw else 0

    @property
    def sha256(self) -> str | None:
        digest = self._raw.digest if self._raw else None
        return None if digest is None else digest.hexdigest()

    def __iter__(self) -> Iterator[tuple[int, Any]]:
        for first, lines in self.blocks():
            yield from enumerate(_parse_lines(lines, first, self.name), first)

    def blocks(self) -> Iterator[tuple[int, list[bytes]]]:
        """The lines in blocks of about 64 KiB: (number of the first line, lines without
        their newline)."""
        for first, _, piece in self.pieces(_CHUNK):
            lines = piece.split(b"\n")
            if piece.endswith(b"\n"):
                lines.pop()
            yield first, lines

    def pieces(self, size: int) -> Iterator[tuple[int, int, bytes]]:
        """The file in pieces of whole lines, about `size` bytes each (a longer line is
        one piece): (number of the first line, how many lines, the bytes, every line
        ending in a newline but perhaps the file's last)."""
        try:
            handle = open(self.path, "rb")  # noqa: SIM115 - closed below
        except OSError as err:
            raise InputError("a readable file", err.strerror or "an error", file=self.name) from None
        self._raw = raw = HashingReader(handle, _sha256() if self.hashed else None)
        try:
            head = handle.peek(6)[:6] if hasattr(handle, "peek") else b""
            kind = _compression(head)
            stream = _decompressed(raw, kind, self.name)
            yield from self._pieces(stream, kind, size)
        finally:
            raw.close()

    def _pieces(self, stream: Any, kind: str | None, size: int) -> Iterator[tuple[int, int, bytes]]:
        number = 0
        pending: list[bytes] = []  # the start of a line that has not ended yet, in pieces
        most = None if kind is None else max(MOST_DECOMPRESSED, MOST_RATIO * self.size)
        total = 0
        while chunk := self._read(stream, kind, size):
            total += len(chunk)
            if most is not None and total > most:
                raise self._bomb(kind, most)
            cut = chunk.rfind(b"\n") + 1
            if not cut:  # a long line: joined once it ends (never copied per chunk)
                pending.append(chunk)
                continue
            piece = b"".join([*pending, memoryview(chunk)[:cut]]) if pending else chunk[:cut]
            pending = [chunk[cut:]] if cut < len(chunk) else []
            count = newlines(piece)
            yield number + 1, count, piece
            number += count
        if pending:
            last = b"".join(pending)
            yield number + 1, newlines(last) + 1, last

    def _bomb(self, kind: str | None, most: int) -> InputError:
        return InputError(
            f"a {kind} file that decompresses to at most {MOST_RATIO} times its size "
            f"(or {MOST_DECOMPRESSED >> 20:,} MB)",
            f"more than {most:,} bytes from {self.size:,}",
            file=self.name,
        )

    def _read(self, stream: Any, kind: str | None, size: int) -> bytes:
        try:
            return stream.read(size)
        except _stream_errors() as err:  # evaluated only when reading failed
            if kind is None:
                raise InputError("a readable file", str(err), file=self.name) from None
            raise InputError(
                "a readable gzip/bzip2/xz/zstd stream", f"a damaged {kind} stream ({err})", file=self.name
            ) from None
        except Exception as err:  # zstd libraries raise their own error types
            if kind != "zstd":
                raise
            raise InputError(
                "a readable gzip/bzip2/xz/zstd stream", f"a damaged zstd stream ({err})", file=self.name
            ) from None


def nothing_read(path: str) -> str:
    """errors.nothing_in's words for a file as read, decompressed (a compressed file of nothing
    is "an empty file" too); it reads the file again: for an error alone."""
    pieces = (piece for _, _, piece in JsonLines(path, path).pieces(_CHUNK))
    found = nothing_in(next(pieces, b""))
    return "none" if found == "a file of blank lines" and any(piece.strip() for piece in pieces) else found


def _sha256() -> Any:
    import hashlib  # loads OpenSSL: only for a reading that records the file's digest

    return hashlib.sha256()


#: A compressed file may give at most this many times its size, or this many bytes,
#: whichever is more: past that it is taken for a decompression bomb (a real corpus of
#: JSON Lines compresses 5-20 times).
MOST_RATIO = 200
MOST_DECOMPRESSED = 1 << 30


# --- pages and spans ------------------------------------------------------------------------


def _is_id(value: Any) -> bool:
    return not isinstance(value, list | dict)


def page_id_of(value: Any, name: str, number: int) -> Any:
    """The page id of a parsed line; InputError for a non-object or a bad id."""
    if type(value) is not dict:
        raise InputError("a JSON object", describe(value), file=name, line=number)
    try:
        page_id = value["page_id"]
    except KeyError:
        raise InputError("key 'page_id'", "none", file=name, line=number) from None
    if not _is_id(page_id):
        raise InputError(
            "a string, number, true/false or null for page_id", describe(page_id), file=name, line=number
        )
    return page_id


#: A span as read: (start, end, index in the file's list, label). Sorting these tuples
#: sorts by (start, end) and keeps the file order of identical extents (a stable sort).
SpanTuple = tuple[int, int, int, Any]


class Layout:
    """The keys of one side's page objects, and the words for its entries in messages
    (one entry, several entries)."""

    def __init__(self, gate: str, items: str, start: str, end: str, label: str, item: str,
                 items_word: str) -> None:  # fmt: skip
        self.gate, self.items, self.start, self.end, self.label = gate, items, start, end, label
        self.item, self.items_word = item, items_word


REFERENCE = Layout("n_excerpts", "excerpts", "start", "end", "poem_id", "excerpt", "excerpts")
SYSTEM = Layout("n_spans", "poem_spans", "page_start", "page_end", "ref_id", "poem span", "poem spans")


def quick_spans(page: dict[str, Any], layout: Layout) -> list[SpanTuple] | None:
    """The spans of a page in file order when nothing about it needs a message (the
    common case, in one pass), else None: spans_of then says what is wrong."""
    gate = page.get(layout.gate)
    if type(gate) not in NUMBERS:
        return None
    items = page.get(layout.items)
    if not gate > 0:
        return None if type(items) is list and items else []  # a listed but ignored list warns
    if type(items) is not list:
        return None
    start_key, end_key, label_key = layout.start, layout.end, layout.label
    spans: list[SpanTuple] = []
    index = 0
    try:
        for item in items:
            start, end, label = item[start_key], item[end_key], item[label_key]
            if type(start) is not int or type(end) is not int or end <= start or type(label) in CONTAINERS:
                return None
            spans.append((start, end, index, label))
            index += 1
    except (KeyError, TypeError, IndexError):  # an entry that is not an object, or lacks a key
        return None
    return spans


def spans_of(
    page: dict[str, Any], layout: Layout, name: str, number: int, warn: Callable[[str, str], None]
) -> list[SpanTuple]:
    """The spans of one page in file order; InputError for anything the original cannot
    use, a warning for a list its count field makes the original ignore (P13)."""
    spans = quick_spans(page, layout)
    return spans if spans is not None else _checked_page(page, layout, name, number, warn)


def _checked_page(
    page: dict[str, Any], layout: Layout, name: str, number: int, warn: Callable[[str, str], None]
) -> list[SpanTuple]:
    """spans_of for a page with something unusual, checked step by step."""
    if layout.gate not in page:
        raise InputError(f"key '{layout.gate}'", "none", file=name, line=number)
    gate = page[layout.gate]
    if type(gate) not in NUMBERS:
        raise InputError(f"a number for {layout.gate}", describe(gate), file=name, line=number)
    if not gate > 0:
        _warn_closed_gate(page, layout, gate, name, number, warn)
        return []
    if layout.items not in page:
        raise InputError(f"key '{layout.items}'", "none", file=name, line=number)
    items = page[layout.items]
    if type(items) is not list:
        raise InputError(f"an array for {layout.items}", describe(items), file=name, line=number)
    return _checked_spans(items, layout, name, number)


NUMBERS = frozenset((int, float, bool))  # what a count field may be
CONTAINERS = frozenset((list, dict))  # JSON arrays and objects: not an id or a label


def _checked_spans(items: list[Any], layout: Layout, name: str, number: int) -> list[SpanTuple]:
    """spans_of for lists with something unusual: each entry checked in turn, the first
    bad one raising InputError (true/false offsets pass, as 1/0)."""
    spans: list[SpanTuple] = []
    start_key, end_key, label_key = layout.start, layout.end, layout.label
    for index, item in enumerate(items):
        if type(item) is not dict or start_key not in item or end_key not in item or label_key not in item:
            _bad_item(item, index, layout, name, number)
        start, end, label = item[start_key], item[end_key], item[label_key]
        if type(start) is not int or type(end) is not int:
            start, end = _offsets(start, end, layout, name, number)
        if end <= start:
            raise InputError(
                f"{end_key} > {start_key}", f"{start_key} {start} and {end_key} {end}", file=name, line=number
            )
        if isinstance(label, list | dict):
            raise InputError(
                f"a string, number, true/false or null for {label_key}",
                describe(label),
                file=name,
                line=number,
            )
        spans.append((start, end, index, label))
    return spans


def _bad_item(item: Any, index: int, layout: Layout, name: str, number: int) -> NoReturn:
    where = f"{layout.item} {index + 1}"
    if type(item) is not dict:
        raise InputError(f"an object for {where}", describe(item), file=name, line=number)
    for key in (layout.start, layout.end, layout.label):
        if key not in item:
            raise InputError(f"key '{key}' in {where}", "none", file=name, line=number)
    raise AssertionError(where)  # pragma: no cover


def _offsets(start: Any, end: Any, layout: Layout, name: str, number: int) -> tuple[int, int]:
    """Offsets that are not plain integers: true/false count as 1/0 (as in Python);
    anything else is bad input (P24)."""
    for key, value in ((layout.start, start), (layout.end, end)):
        if type(value) is not int and type(value) is not bool:
            raise InputError(f"an integer for {key}", describe(value), file=name, line=number)
    return int(start), int(end)


def _warn_closed_gate(
    page: dict[str, Any], layout: Layout, gate: Any, name: str, number: int, warn: Callable[[str, str], None]
) -> None:
    """P13: a list behind a closed gate is ignored, as in the original; say so."""
    items = page.get(layout.items)
    if type(items) is list and items:
        word = layout.item if len(items) == 1 else layout.items_word
        verb = "is" if len(items) == 1 else "are"
        warn(
            "gate",
            FileWarning(name, f"{layout.gate} is {describe(gate)} but {len(items)} {word} {verb} listed; "
                              "ignored as in the original", number),
        )
