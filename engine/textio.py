"""Reading text inputs line by line (outputs are written by engine/writing.py)."""

from __future__ import annotations

import contextlib
import errno
import io
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from itertools import chain
from pathlib import Path
from typing import IO

from .errors import FileWarning, InputError

BOM = "\ufeff"
BOM_BYTES = BOM.encode("utf-8")


def bom_ignored(name: str, label: str | None = None) -> str:
    """The warning of a byte-order mark dropped before an input's first line (`label`: the
    first label the original tool read with the mark in it)."""
    read = f" (the original read the first label as {label!r})" if label is not None else ""
    return FileWarning(name, f"byte-order mark ignored{read}")


def require_file(path: str | os.PathLike[str], what: str = "file") -> Path:
    """The path as a Path, or InputError when it is not an existing regular file that can
    be read (see check_input); `what` names the kind of file in the message."""
    check_input(path)
    p = Path(path)
    if not p.exists():
        raise InputError(f"an existing {what}", "nothing", file=str(path))
    if p.is_dir():
        raise InputError(f"a {what}", "a directory", file=str(path))
    return p


def require_workbook(path: str | os.PathLike[str]) -> None:
    """InputError unless `path` names an existing file to open as a workbook (require_file's)."""
    require_file(path, "workbook (.xlsx)")


#: What an OSError of looking at an input means to a person (errno → what was found).
_INPUT_ERRORS = {
    errno.ELOOP: "a loop of symbolic links",
    errno.ENAMETOOLONG: "a name too long for the system (at most 255 bytes a name)",
    errno.ENOTDIR: "a path through a file where a folder belongs",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
}


def os_error_words(err: OSError) -> str:
    """What an OSError of looking at an input (a file, a folder listed) found, in the words
    of the app's other messages ("permission denied")."""
    return _INPUT_ERRORS.get(err.errno or 0, (err.strerror or str(err)).lower())


def _kind(mode: int) -> str:
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    return "a socket" if stat.S_ISSOCK(mode) else "a special file"


def check_input(path: str | os.PathLike[str]) -> None:
    """InputError when `path` names something the system refuses to open or that is no
    regular file (a device such as /dev/zero, a FIFO: reading it could last forever) or
    that cannot be read. A missing path and a folder pass: the method says what it
    expected there."""
    name = os.fsdecode(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return
    except OSError as err:
        raise InputError("an existing readable file", os_error_words(err), file=name) from None
    if stat.S_ISDIR(info.st_mode):
        return
    if not stat.S_ISREG(info.st_mode):
        raise InputError("a regular file", _kind(info.st_mode), file=name)
    if not os.access(path, os.R_OK):
        raise InputError("an existing readable file", "permission denied", file=name)


# What a file that is not text looks like by its first bytes (its "magic number").
MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"II*\x00", "a TIFF image"),
    (b"MM\x00*", "a TIFF image"),
    (b"%PDF-", "a PDF document"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an old Microsoft Office document (.doc, .xls)"),
    (b"\x1f\x8b", "a gzip-compressed file"),
    (b"\x28\xb5\x2f\xfd", "a Zstandard-compressed file"),
    (b"BZh", "a bzip2-compressed file"),
    (b"\xfd7zXZ\x00", "an xz-compressed file"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"Rar!", "a RAR archive"),
    (b"SQLite format 3\x00", "an SQLite database"),
    (b"\x7fELF", "a program"),
    (b"MZ", "a Windows program"),
    (b"\xff\xfe\x00\x00", "UTF-32 text (save it as UTF-8)"),  # before UTF-16's mark, which begins it
    (b"\x00\x00\xfe\xff", "UTF-32 text (save it as UTF-8)"),
    (b"\xff\xfe", "UTF-16 text (save it as UTF-8)"),
    (b"\xfe\xff", "UTF-16 text (save it as UTF-8)"),
)
ZIP_KINDS = ((b"xl/", "an Excel workbook"), (b"word/", "a Word document"), (b"ppt/", "a PowerPoint file"),
             (b"content.xml", "an OpenDocument file"))  # fmt: skip
#: The first bytes of a zip (a local file header: Office files, INCEpTION's exports), of an empty zip.
ZIP_MAGIC, EMPTY_ZIP = b"PK\x03\x04", b"PK\x05\x06"


class NotTextError(InputError):
    """An input that is not text at all: `NAME is not a text file (it looks like a PNG image)`."""

    @property
    def message(self) -> str:
        return f"{self.where} is not a text file (it looks like {self.found})"


def binary_kind(head: bytes) -> str | None:
    """What kind of binary file begins with `head` (its first KB or so), None when unknown."""
    if head.startswith(ZIP_MAGIC):
        return office_kind(head) or "a ZIP archive"
    if head.startswith(EMPTY_ZIP):
        return "an empty ZIP archive"
    if head.startswith(b"RIFF") and head[8:12] == b"WEBP":
        return "a WebP image"
    return next((kind for mark, kind in MAGIC if head.startswith(mark)), None)


def office_kind(head: bytes) -> str | None:
    """Which Office or OpenDocument file a zip's first bytes are (None: any other zip)."""
    return next((kind for mark, kind in ZIP_KINDS if mark in head[:2048]), None)


UTF16_UNMARKED = "UTF-16 text without a byte-order mark (save it as UTF-8)"


def _nul_kind(head: bytes) -> str | None:
    """What a file whose first bytes hold a NUL (no text format does) looks like: UTF-16
    text without a byte-order mark (_utf16_unmarked), else binary data; None without a NUL."""
    at = head.find(b"\x00")
    if at < 0:
        return None
    if _utf16_unmarked(head):
        return UTF16_UNMARKED
    line = head.count(b"\n", 0, at) + 1
    return f"binary data: a NUL byte on line {line}"


def not_text(head: bytes, name: str, *, nul: bool = False) -> InputError | None:
    """NotTextError when a file's first bytes (`head`) say it is not text by their magic
    number, or (`nul`: a file's head, not one line whose NUL is that line's error) by NUL
    bytes (UTF-16 without a byte-order mark, binary data); else None."""
    kind = binary_kind(head) or (_nul_kind(head) if nul else None)
    return None if kind is None else NotTextError("a text file", kind, file=name)


def _utf16_unmarked(head: bytes) -> bool:
    """Whether a file's first bytes (a NUL among them) are UTF-16 without a byte-order mark:
    every other byte NUL at least half the time (Latin letters), no byte between them."""
    evens, odds = head[0::2].count(0), head[1::2].count(0)
    return min(evens, odds) == 0 and 4 * max(evens, odds) >= len(head)


def unmarked_utf16(head: bytes, name: str) -> InputError | None:
    """NotTextError where a file's first bytes (`head`) are UTF-16 text without a byte-order
    mark, which is valid UTF-8 where it is ASCII only (a letter and a NUL: `T\\x001\\x00`);
    else None. A file of a magic number (a byte-order mark, a ZIP archive …) is said
    elsewhere; files of a few bytes are not judged (too short to tell)."""
    if len(head) >= _UTF16_LEAST and b"\0" in head and binary_kind(head) is None and _utf16_unmarked(head):
        return NotTextError("a text file", UTF16_UNMARKED, file=name)
    return None


def refuse_unmarked_utf16(head: bytes, name: str) -> None:
    """Raise unmarked_utf16's error, if any."""
    error = unmarked_utf16(head, name)
    if error is not None:
        raise error


#: The fewest first bytes unmarked_utf16 judges a file (or poetry a first line) by: four characters.
_UTF16_LEAST = 8


@contextlib.contextmanager
def open_utf8(path: Path, name: str) -> Iterator[IO[str]]:
    """The file open as UTF-8 text (lines end as in text mode), refused first when its first
    2,048 bytes, read from the same open file, are UTF-16 without a byte-order mark."""
    with open(path, "rb") as raw:
        refuse_unmarked_utf16(raw.read(2048), name)
        raw.seek(0)  # within the buffer just read: no second read of the file
        with io.TextIOWrapper(raw, encoding="utf-8", newline=None) as handle:
            yield handle


def not_utf8(head: bytes, byte: int, name: str, line: int | None) -> InputError:
    """The error of a file that is not UTF-8: what it looks like when its first bytes
    (`head`) say so, else the first bad byte and its line."""
    found = not_text(head, name, nul=True)
    return found or InputError("UTF-8 text", f"byte 0x{byte:02X}", file=name, line=line)


def plain_utf8(data: bytes) -> bytes:
    """The bytes decode_utf8 decodes: a leading byte-order mark dropped, every line end
    (\\r\\n, lone \\r) a \\n (UTF-8 has these bytes in no other character)."""
    return lf_line_ends(data.removeprefix(BOM_BYTES))


def lf_line_ends(data: bytes) -> bytes:
    """The bytes with \\n for every \\r\\n and lone \\r."""
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n") if b"\r" in data else data


def decode_utf8(data: bytes, name: str) -> str:
    """UTF-8 text with every line end (\\r\\n, lone \\r) turned into \\n and a leading
    byte-order mark dropped; InputError naming the line of the first byte that is not UTF-8.
    UTF-16 without a byte-order mark is not looked for here: every caller's bytes were
    checked for it as they were read (read_input_bytes, iter_lines, faireval's lines._read,
    the app's check_utf8)."""
    return _decoded(plain_utf8(data), data, name)


def checked_utf8(data: bytes, name: str) -> bytes:
    """plain_utf8's bytes of `data`, checked to be UTF-8 (decoded only where not ASCII):
    for readers of the bytes (read_input_bytes', checked there for UTF-16 without a
    byte-order mark); InputError as decode_utf8's."""
    plain = plain_utf8(data)
    if not plain.isascii():
        _decoded(plain, data, name)
    return plain


def _decoded(plain: bytes, data: bytes, name: str) -> str:
    """The text of `plain` (plain_utf8's bytes of `data`), or the InputError naming the
    line of its first byte that is not UTF-8."""
    try:
        return plain.decode("utf-8")
    except UnicodeDecodeError as err:
        line = plain.count(b"\n", 0, err.start) + 1
        raise not_utf8(data[:2048], plain[err.start], name, line) from None


#: The inputs already in memory, by the name their readers are given while they read them:
#: an archive's members (`export.zip/annotation/doc/anna.tsv`), a folder's file read once.
_MEMBERS: ContextVar[dict[str, bytes] | None] = ContextVar("inputs_in_memory", default=None)


@contextlib.contextmanager
def input_in_memory(name: str, data: bytes) -> Iterator[None]:
    """Within it, read_input_bytes(name) (and read_text) gives `data`: an archive's member is
    read by a file reader without being written to disk, a file already read is not read again."""
    token = _MEMBERS.set({**(_MEMBERS.get() or {}), name: data})
    try:
        yield
    finally:
        _MEMBERS.reset(token)


def read_input_bytes(
    path: str, *, directory: tuple[str, str] = ("an existing readable file", "a directory")
) -> bytes:
    """The bytes of an input file (or one given by input_in_memory); InputError (`FILE: expected an
    existing readable file, found nothing / permission denied`, or `directory` for a folder)
    when it cannot be read (a device or FIFO is refused, see check_input); NotTextError for
    UTF-16 text without a byte-order mark (ASCII readers would take its NULs for text)."""
    members = _MEMBERS.get()
    data = members.get(path) if members is not None else None
    if data is None:
        data = _file_bytes(path, directory)
    refuse_unmarked_utf16(data[:2048], path)
    return data


def _file_bytes(path: str, directory: tuple[str, str]) -> bytes:
    """The bytes of an input file on disk (read_input_bytes)."""
    check_input(path)
    p = Path(path)
    if p.is_dir():
        raise InputError(*directory, file=path)
    try:
        return p.read_bytes()
    except FileNotFoundError:
        raise InputError("an existing readable file", "nothing", file=path) from None
    except PermissionError:
        raise InputError("an existing readable file", "permission denied", file=path) from None


def sha256_bytes(data: bytes) -> str:
    """The sha256 of an input's bytes (the report's record of its inputs)."""
    import hashlib  # loads OpenSSL: not for runs that write no report

    return hashlib.sha256(data).hexdigest()


def read_text(path: str) -> str:
    """A whole input file as text with \\n line ends (see decode_utf8)."""
    return decode_utf8(read_input_bytes(path), path)


def _decode_error(path: Path, name: str) -> InputError:
    """The error of the first byte that is not UTF-8 (found after a streaming read failed)."""
    try:
        decode_utf8(path.read_bytes(), name)
    except InputError as err:
        return err
    return InputError("UTF-8 text", "undecodable bytes", file=name)


def iter_lines(path: str | os.PathLike[str], name: str | None = None) -> Iterator[str]:
    """The lines of a UTF-8 text file without their line ends.

    Lines end at \\n, \\r\\n or a lone \\r, as in Python's text-mode iteration. A file that
    is not UTF-8 raises InputError naming the line of the first bad byte.
    """
    name = str(path) if name is None else name
    p = require_file(path)
    try:
        with open_utf8(p, name) as handle:
            for line in handle:
                yield line[:-1] if line.endswith("\n") else line
    except UnicodeDecodeError:
        raise _decode_error(p, name) from None
    except PermissionError:
        raise InputError("a readable file", "permission denied", file=name) from None


Block = tuple[int, list[str]]  # number of the block's first line, its stripped lines


def blocks(lines: Iterable[str]) -> Iterator[Block]:
    """Blank-line separated blocks of stripped lines, each with the number of its first
    line; runs of blank lines count as one separator, leading blank lines are skipped."""
    block: list[str] = []
    first = 0
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if line:
            if not block:
                first = number
            block.append(line)
        elif block:
            yield first, block
            block = []
    if block:
        yield first, block


def read_blocks(path: str | os.PathLike[str], name: str | None = None) -> Iterator[Block]:
    """The blank-line separated blocks of a UTF-8 file, as `blocks` gives them; lines are
    read a few MB at a time and split in bulk, so memory stays flat and the cost per line
    small (files of millions of lines)."""
    return blocks(chain.from_iterable(line_chunks(path, name)))


def without_bom(blocks: Iterator[Block], dropped: Callable[[str], None] | None = None) -> Iterator[Block]:
    """The blocks with a byte-order mark before the file's first line dropped (that line
    too when nothing else is on it); `dropped` is given the first line as it was."""
    head = next(blocks, None)
    if head is None:
        return
    first, lines = head
    if lines[0].startswith(BOM):
        if dropped is not None:
            dropped(lines[0])
        lines[0] = lines[0][1:].strip()
        if not lines[0]:
            lines.pop(0)
            first += 1
    if lines:
        yield first, lines
    yield from blocks


def line_chunks(path: str | os.PathLike[str], name: str | None = None) -> Iterator[list[str]]:
    """The lines of a file (ends as in text-mode iteration), a list per chunk read (each
    step short, so that a reading thread never holds the GIL long)."""
    name = str(path) if name is None else name
    p = require_file(path)
    pending = ""
    try:
        with open_utf8(p, name) as handle:
            while chunk := handle.read(_CHUNK):
                lines = (pending + chunk).split("\n")
                pending = lines.pop()
                yield lines
    except UnicodeDecodeError:
        raise _decode_error(p, name) from None
    except PermissionError:
        raise InputError("a readable file", "permission denied", file=name) from None
    if pending:
        yield [pending]


_CHUNK = 1 << 22


def sha256_file(path: str | os.PathLike[str]) -> str:
    import hashlib

    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()
