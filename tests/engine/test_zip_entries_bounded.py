"""The entries of INCEpTION's zips (a project export, a document's XMI zip) are read no
further than a bound (engine/zips.py), as the parts of a review workbook read whole: an entry said to unzip past it is
refused naming the zip and the entry, and one whose size the zip's directory understates
is refused without being inflated past that size (zip bombs took seconds and their size in
memory: archive.read inflated them whole). An entry encrypted, or compressed other than stored
or deflated (bzip2 and LZMA inflate a chunk unbounded), is refused naming it too."""

from __future__ import annotations

import struct
import tracemalloc
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.export.carry import held_counts
from engine.formats import inception_project
from engine.formats.standoff import ReadOptions
from tests.engine.test_agreement_exports import project_entries, zipped
from tests.engine.xmi_samples import document_zip

REVIEW = Path(__file__).resolve().parent.parent / "data" / "review-libreoffice.xlsx"
ENTRY = "annotation/doc1.txt/ben.tsv"
ENTRY_MOST = 256 << 20  # engine/zips.py's bound
TOO_LARGE = "expected an entry of at most 256 MiB unzipped (a guard against zip bombs: no real document or workbook part comes near it)"


def said_size(path: Path, name: str, size: int) -> None:
    """Have the zip's directory say its entry `name` unzips to `size` bytes."""
    data = bytearray(path.read_bytes())
    at = data.find(b"PK\x01\x02")
    while at >= 0:
        length = struct.unpack_from("<H", data, at + 28)[0]
        if data[at + 46 : at + 46 + length] == name.encode():
            struct.pack_into("<I", data, at + 24, size)
        at = data.find(b"PK\x01\x02", at + 4)
    path.write_bytes(bytes(data))


def export(tmp_path: Path, **entries: bytes) -> Path:
    path = tmp_path / "project.zip"
    zipped(path, {**project_entries(), **entries}, zipfile.ZIP_DEFLATED)
    return path


def test_an_entry_said_to_unzip_past_the_bound_is_refused(cli, tmp_path):
    """Was: read, whatever the directory says (a real 300 MB entry: 3.9 s and its memory)."""
    path = export(tmp_path)
    said_size(path, ENTRY, 300_000_000)
    result = cli("spans", path, path, "--system-user", "ben")
    where = path / "annotation" / "doc1.txt" / "ben.tsv"
    assert (result.code, result.err) == (2, f"spanstudio: error: {where}: {TOO_LARGE}, found 300,000,000 bytes, "
                                            "by the zip's directory\n")  # fmt: skip


def test_an_entry_understated_is_not_inflated_past_its_size(tmp_path):
    """Was: inflated whole (20 MB here) before its CRC check failed."""
    path = export(tmp_path, **{ENTRY: b"\0" * (20 << 20)})
    said_size(path, ENTRY, 500)
    tracemalloc.start()
    try:
        inception_project.read_user(str(path), "ben", ReadOptions(user="ben"))
    except inception_project.InputError as err:
        refused = str(err)
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert refused == f"{path / ENTRY}: expected an entry the zip holds whole, found Bad CRC-32 for file '{ENTRY}'"
    assert peak < 4 << 20, f"{peak:,} bytes at the peak"


def test_an_xmi_zips_entries_are_bounded_too(cli, tmp_path):
    path = tmp_path / "doc.zip"
    for name in ("doc.xmi", "TypeSystem.xml"):
        document_zip(path)
        said_size(path, name, ENTRY_MOST + 1)
        result = cli("spans", path, path)
        assert (result.code, result.err) == (2, f"spanstudio: error: {path}/{name}: {TOO_LARGE}, found "
                                                f"{ENTRY_MOST + 1:,} bytes, by the zip's directory\n")  # fmt: skip


def test_a_review_workbooks_parts_are_bounded_too(cli, tmp_path):
    """Was: read whole by archive.read (a part said larger than it is: a traceback)."""
    path = tmp_path / "review.xlsx"
    path.write_bytes(REVIEW.read_bytes())
    said_size(path, "xl/workbook.xml", ENTRY_MOST + 1)
    result = cli("review", path)
    assert (result.code, result.err) == (2, f"spanstudio: error: {path}/xl/workbook.xml: {TOO_LARGE}, found "
                                            f"{ENTRY_MOST + 1:,} bytes, by the zip's directory\n")  # fmt: skip
    assert held_counts(path) is None  # asked before a workbook is replaced: not one it can read


def test_an_entry_said_to_be_empty_is_checked_not_read_as_empty(tmp_path):
    """Was: read as empty with no error (read(0) inflates nothing and checks no CRC)."""
    path = export(tmp_path)
    said_size(path, ENTRY, 0)
    try:
        inception_project.read_user(str(path), "ben", ReadOptions(user="ben"))
        refused = ""
    except inception_project.InputError as err:
        refused = str(err)
    assert refused == f"{path / ENTRY}: expected an entry the zip holds whole, found Bad CRC-32 for file '{ENTRY}'"


STORED_OR_DEFLATED = "expected an entry stored or deflated and not encrypted, as INCEpTION and spreadsheet programs write them"
CENTRAL = b"PK\x01\x02"  # the signature of an entry's header in the zip's directory


def patched(path: Path, signature: bytes, at: int, change: Callable[[int], int]) -> None:
    """Change the 2-byte field at offset `at` of every header of the zip with `signature`."""
    data = bytearray(path.read_bytes())
    header = data.find(signature)
    while header >= 0:
        struct.pack_into("<H", data, header + at, change(struct.unpack_from("<H", data, header + at)[0]))
        header = data.find(signature, header + 4)
    path.write_bytes(bytes(data))


def refused(cli, path: Path) -> str:
    """The error of `agreement` on the export, once it is seen to name one of its entries."""
    result = cli("agreement", path)
    prefix = f"spanstudio: error: {path}/"
    assert result.code == 2 and result.err.startswith(prefix), result.err
    entry, error = result.err.removeprefix(prefix).split(": ", 1)
    assert entry in project_entries(), entry
    return error


@pytest.mark.parametrize("method", [zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA])
def test_an_entry_neither_stored_nor_deflated_is_refused(cli, tmp_path, method):
    """Was: read; zipfile inflates a bzip2 or LZMA chunk whole (a 277-byte zip: 200 MB)."""
    path = tmp_path / "project.zip"
    zipped(path, project_entries(), method)
    name = {zipfile.ZIP_BZIP2: "bzip2", zipfile.ZIP_LZMA: "lzma"}[method]
    assert refused(cli, path) == f"{STORED_OR_DEFLATED}, found an entry compressed with {name}\n"


def test_a_deflate64_entry_is_refused(cli, tmp_path):
    """Was: internal error: NotImplementedError."""
    path = export(tmp_path)
    patched(path, CENTRAL, 10, lambda method: 9)
    assert refused(cli, path) == f"{STORED_OR_DEFLATED}, found an entry compressed with deflate64\n"


def test_an_encrypted_entry_is_refused(cli, tmp_path):
    """Was: a traceback (RuntimeError: password required)."""
    path = export(tmp_path)
    patched(path, CENTRAL, 8, lambda flags: flags | 0x1)
    assert refused(cli, path) == f"{STORED_OR_DEFLATED}, found an encrypted entry (a password is needed to read it)\n"


def test_an_entry_zipfile_cannot_read_is_refused(cli, tmp_path):
    """Was: internal error: NotImplementedError (compressed patched data, flag bit 5)."""
    path = export(tmp_path)
    patched(path, CENTRAL, 8, lambda flags: flags | 0x20)
    found = "expected an entry the zip holds whole, found compressed patched data (flag bit 5)\n"
    assert refused(cli, path) == found


def rezipped(source: Path, path: Path, bzip2: Callable[[str], bool]) -> None:
    """The zip `source` written again to `path`: the entries `bzip2` picks by name compressed
    with bzip2, the others deflated."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            method = zipfile.ZIP_BZIP2 if bzip2(info.filename) else zipfile.ZIP_DEFLATED
            new.writestr(info.filename, old.read(info), compress_type=method)


@pytest.mark.parametrize("part", ["xl/worksheets/sheet", "xl/sharedStrings.xml"])
def test_a_review_workbooks_streamed_parts_are_checked_too(cli, tmp_path, part):
    """Was: read (archive.open streams bzip2, LZMA, … unchecked; an encrypted one: a traceback)."""
    path = tmp_path / "review.xlsx"
    rezipped(REVIEW, path, lambda name: name.startswith(part))
    result = cli("review", path)
    prefix = f"spanstudio: error: {path}/"
    assert result.code == 2 and result.err.startswith(prefix), result.err
    entry, error = result.err.removeprefix(prefix).split(": ", 1)
    assert entry.startswith(part) and error == f"{STORED_OR_DEFLATED}, found an entry compressed with bzip2\n"
    assert held_counts(path) is None


VERSION = ("expected a zip of a version Python's zipfile reads (up to 6.3, as INCEpTION and spreadsheet programs "
           "write them), found zip file version 6.4")  # fmt: skip


@pytest.mark.parametrize("kind", ["project", "xmi", "review"])
def test_a_zip_of_a_later_version_is_refused_naming_it(cli, tmp_path, kind):
    """Was: a traceback (NotImplementedError: zipfile.ZipFile refuses a version past 6.3 on opening)."""
    if kind == "review":
        path = tmp_path / "review.xlsx"
        path.write_bytes(REVIEW.read_bytes())
    elif kind == "xmi":
        path = document_zip(tmp_path / "doc.zip")
    else:
        path = export(tmp_path)
    patched(path, CENTRAL, 6, lambda version: 64)  # the version needed to extract: 6.4
    result = cli("review", path) if kind == "review" else cli("spans", path, path)
    assert (result.code, result.err) == (2, f"spanstudio: error: {path}: {VERSION}\n")
    if kind == "review":
        assert held_counts(path) is None


def test_a_workbook_whose_part_does_not_inflate_is_said_to_be_no_review_workbook(cli, tmp_path):
    """Was: 'internal error: Error -3 while decompressing data' (zlib.error, neither OSError nor
    BadZipFile) from `review`, `--keep-review` and an --xlsx over it."""
    path = tmp_path / "review.xlsx"
    data = bytearray(REVIEW.read_bytes())
    with zipfile.ZipFile(REVIEW) as archive:
        info = archive.getinfo("xl/sharedStrings.xml")  # read as a stream (workbook.xml: whole, bounded)
    name_size, extra_size = struct.unpack_from("<HH", data, info.header_offset + 26)
    data[info.header_offset + 30 + name_size + extra_size] = 0xFF  # a deflate block of the reserved type
    path.write_bytes(bytes(data))
    result = cli("review", path)
    assert result.code == 2 and "expected a review workbook (.xlsx) written by Span Studio" in result.err, result.err
    assert held_counts(path) is None
