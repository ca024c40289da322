"""The entries of the zips Span Studio reads (INCEpTION's project exports and documents'
`.zip` of their XMI and type system, the review workbooks' parts read whole), read whole but
never past a bound: a zip bomb is refused, not inflated."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import InputError

if TYPE_CHECKING:
    import zipfile

#: The most bytes an entry may unzip to: 256 MiB. A DKPro-processed XMI runs about 16 bytes
#: per character of its text (tokens, lemmas, POS, entities: the cassis test file), so this
#: is a text of some 16 million characters, thirty novels; a document of it takes cassis
#: minutes and gigabytes to load. A 300 MB bomb took 3.9 s and its memory to inflate.
ENTRY_MOST = 1 << 28
_MIB = 1 << 20


def entry_bytes(archive: zipfile.ZipFile, name: str, where: str) -> bytes:
    """A zip entry's bytes; InputError naming it (`where`: the zip's path and the entry's)
    where its size in the zip's directory passes ENTRY_MOST, or where they cannot be read
    (a damaged zip). No more than that size is inflated, whatever the entry holds: zipfile
    stops there (and a directory that said less fails the CRC check), where `archive.read`
    inflates a lying entry whole first (300 MB said to be 500 bytes: 1.9 s, 600 MB)."""
    import zipfile
    import zlib

    declared = archive.getinfo(name).file_size
    if declared > ENTRY_MOST:
        raise _too_large(where, f"{declared:,} bytes, by the zip's directory")
    try:
        with archive.open(name) as member:
            return member.read(declared + 1)
    except (zipfile.BadZipFile, zlib.error, OSError, EOFError) as err:
        raise InputError("an entry the zip holds whole", str(err) or type(err).__name__, file=where) from None


def _too_large(where: str, found: str) -> InputError:
    """The error of an entry that unzips past ENTRY_MOST."""
    guard = "a guard against zip bombs: no real document or workbook part comes near it"
    expected = f"an entry of at most {ENTRY_MOST // _MIB} MiB unzipped ({guard})"
    return InputError(expected, found, file=where)
