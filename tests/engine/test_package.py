"""package.Part writes a worksheet's part through zipfile's writer of a part, keeping its
sizes and CRC in that writer's private fields as zipfile's own write keeps them: if a
Python version renames or drops them, these tests fail (not the workbooks, silently)."""

from __future__ import annotations

import io
import random
import zipfile

import pytest

from engine.export.package import Part

# What Part reads and sets on zipfile's writer of a part (zipfile._ZipWriteFile)
PRIVATE_FIELDS = ("_compressor", "_file_size", "_crc", "_compress_size", "_fileobj")


@pytest.mark.parametrize("zip64", [False, True])
def test_zipfiles_writer_still_has_the_fields_a_part_writes_through(zip64):
    book = zipfile.ZipFile(io.BytesIO(), "w", zipfile.ZIP_DEFLATED, compresslevel=1)
    with book, book.open("xl/worksheets/sheet1.xml", "w", force_zip64=zip64) as handle:
        missing = [name for name in PRIVATE_FIELDS if not hasattr(handle, name)]
        assert not missing, f"zipfile's part writer no longer has {missing}: package.Part must change"
        assert isinstance(handle._file_size, int) and isinstance(handle._crc, int)


@pytest.mark.parametrize("zip64", [False, True])
def test_a_part_written_in_pieces_reads_back_with_its_size_and_crc(zip64):
    rnd = random.Random(5)
    pieces = [b"<row/>" * rnd.randrange(1, 5000) + rnd.randbytes(rnd.randrange(0, 100_000)) for _ in range(40)]
    pieces.append(b"")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as book:
        part = Part(book.open("xl/worksheets/sheet1.xml", "w", force_zip64=zip64))
        for piece in pieces:
            part.write(piece)
        part.close()
        book.writestr("after.xml", b"<x/>")  # the next part starts where this one's data ended
    with zipfile.ZipFile(io.BytesIO(buffer.getvalue())) as book:
        assert book.testzip() is None  # every part's CRC checked
        info = book.getinfo("xl/worksheets/sheet1.xml")
        assert info.file_size == sum(map(len, pieces))
        assert info.compress_type == zipfile.ZIP_DEFLATED and info.compress_size < info.file_size
        assert book.read(info) == b"".join(pieces)
        assert book.read("after.xml") == b"<x/>"
