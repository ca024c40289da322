"""The zips Span Studio reads (INCEpTION's project exports and documents' `.zip` of their XMI
and type system, the review workbooks), opened (a zip of a version zipfile lacks: one error),
their entries read whole but never past a bound (a zip bomb is refused, not inflated) or
streamed (a workbook's sheets), stored or deflated alone."""

from __future__ import annotations

import os
from typing import IO, TYPE_CHECKING, BinaryIO

from .errors import InputError
from .textio import ZIP_MAGIC

if TYPE_CHECKING:
    import zipfile
    from pathlib import Path

#: The most bytes an entry may unzip to: 256 MiB. A DKPro-processed XMI runs about 16 bytes
#: per character of its text (tokens, lemmas, POS, entities: the cassis test file), so this
#: is a text of some 16 million characters, thirty novels; a document of it takes cassis
#: minutes and gigabytes to load. A 300 MB bomb took 3.9 s and its memory to inflate.
ENTRY_MOST = 1 << 28
_MIB = 1 << 20


def entry_bytes(archive: zipfile.ZipFile, name: str, where: str | None = None, most: int | None = None
                ) -> bytes:  # fmt: skip
    """A zip entry's bytes (its first `most` where given); InputError naming it (`where`: by
    default the zip's file name and the entry's, _entry_where) where its size in the zip's
    directory passes ENTRY_MOST, where it is encrypted or neither stored nor deflated, or where
    it cannot be read (a damaged zip). No more than that size is inflated, whatever the entry
    holds: zipfile's deflate stops there (and a directory that said less fails the CRC check),
    where `archive.read` inflates a lying entry whole first (300 MB said to be 500 bytes: 1.9 s,
    600 MB); its bzip2 and LZMA inflate a whole chunk unbounded (a 285-byte zip said to hold 500
    bytes: 200 MB, 459 MB at the peak), hence refused."""
    import zipfile
    import zlib

    where = where or _entry_where(archive, name)
    info = archive.getinfo(name)
    _check_method(info, where)
    if info.file_size > ENTRY_MOST:
        raise _too_large(where, f"{info.file_size:,} bytes, by the zip's directory")
    try:
        with archive.open(name) as member:
            return member.read(info.file_size + 1 if most is None else most)
    except (zipfile.BadZipFile, zlib.error, OSError, EOFError, RuntimeError, NotImplementedError) as err:
        raise InputError("an entry the zip holds whole", str(err) or type(err).__name__, file=where) from None


def zipped(path: str | Path, by_name: bool = False) -> bool:
    """Whether a regular file on disk begins as a zip, whatever its name; `by_name`: or is
    named `.zip`, which opens as a zip with bytes before its first entry too (a stub, as a
    self-extracting archive has). False for any other input, and where it cannot be read (a
    FIFO is never opened, which would wait for a writer). By bytes alone where the zip and
    a file of its entries' format are told apart (doccano's zip or one user's JSON Lines, as
    its format is recognised by the first bytes: sniffing.Head.zipped); by name too where
    only a zip is read (an INCEpTION project export, as INCEpTION and other tools write it)."""
    try:
        if not os.path.isfile(path):
            return False
        if by_name and str(path).lower().endswith(".zip"):
            return True
        with open(path, "rb") as handle:
            return handle.read(len(ZIP_MAGIC)) == ZIP_MAGIC
    except OSError:
        return False


def open_zip(source: str | Path | BinaryIO, where: str | None = None) -> zipfile.ZipFile:
    """The zip `source` opened (`where`: its path, by default `source` itself: a file object
    needs one); InputError naming it where zipfile has no reader for its version
    (NotImplementedError: "zip file version 6.4"), which opening raises before any entry is
    read. Its other errors (BadZipFile, OSError) are the caller's."""
    import zipfile

    try:
        archive = zipfile.ZipFile(source)
    except NotImplementedError as err:
        expected = ("a zip of a version Python's zipfile reads (up to 6.3, as INCEpTION and spreadsheet "
                    "programs write them)")
        raise InputError(expected, str(err) or type(err).__name__, file=where or str(source)) from None
    twice = _repeated(archive.namelist())
    if twice is not None:
        archive.close()
        found = f"'{twice}' twice (a reader would take one of them unsaid)"
        raise InputError("a zip naming each entry once", found, file=where or str(source))
    return archive


def _repeated(names: list[str]) -> str | None:
    """The first entry name a zip's directory lists a second time (zip tools write none;
    zipfile reads the last of them), None where each is listed once."""
    seen: set[str] = set()
    for name in names:
        if name in seen:
            return name
        seen.add(name)
    return None


def readable_zip(source: str | Path | BinaryIO, where: str | None = None) -> zipfile.ZipFile:
    """open_zip, and InputError naming the zip where it is none zipfile opens (damaged,
    another kind of file, unreadable): for readers whose input must be a zip."""
    import zipfile

    try:
        return open_zip(source, where)
    except zipfile.BadZipFile as err:
        raise damaged_zip(err, where or str(source)) from None
    except OSError as err:
        raise InputError("a zip file", str(err) or type(err).__name__, file=where or str(source)) from None


#: What zipfile says of a zip whose directory (at its end) is missing: a zip cut short, said already.
NO_DIRECTORY = "File is not a zip file"


def damaged_zip(err: Exception, where: str) -> InputError:
    """The error of a file that begins as a zip but does not open as one: most often a
    download or copy cut short (the zip's directory is at its end); what else is wrong with
    it after that, in zipfile's words (a person reads no module's name)."""
    detail = str(err) or type(err).__name__
    found = "a zip cut short or damaged" + ("" if detail == NO_DIRECTORY else f" ({detail})")
    return InputError("a whole zip file", found, file=where)


def entry_stream(archive: zipfile.ZipFile, name: str, where: str | None = None) -> IO[bytes]:
    """A zip entry opened to stream (no bound on its size: a sheet read row by row); its
    method checked first, as entry_bytes does (`where` as there)."""
    info = archive.getinfo(name)
    _check_method(info, where or _entry_where(archive, name))
    return archive.open(info)


def _entry_where(archive: zipfile.ZipFile, name: str) -> str:
    """Where an entry is, for messages: the zip's file name and the entry's (a zip opened
    from bytes has no file name: its reader names the entry)."""
    return f"{archive.filename}/{name}"


def _check_method(info: zipfile.ZipInfo, where: str) -> None:
    """InputError for an entry encrypted, or compressed other than stored or deflated."""
    import zipfile

    method = info.compress_type
    if info.flag_bits & 0x1:
        found = "an encrypted entry (a password is needed to read it)"
    elif method not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        found = f"an entry compressed with {zipfile.compressor_names.get(method, f'method {method}')}"
    else:
        return
    expected = ("an entry stored or deflated and not encrypted, as INCEpTION and spreadsheet programs "
                "write them")
    raise InputError(expected, found, file=where)


def _too_large(where: str, found: str) -> InputError:
    """The error of an entry that unzips past ENTRY_MOST."""
    guard = "a guard against zip bombs: no real document or workbook part comes near it"
    expected = f"an entry of at most {ENTRY_MOST // _MIB} MiB unzipped ({guard})"
    return InputError(expected, found, file=where)
