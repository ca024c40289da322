"""The workbooks' zip writer read back by the standard library's zipfile (and its CRCs checked)."""

from __future__ import annotations

import io
import os
import zipfile

from engine.export.zipstream import ZipStream


def test_parts_read_back_as_written():
    data = {"xl/sheet1.xml": os.urandom(3 << 20) + b"<row/>" * 100_000, "[Content_Types].xml": b"",
            "ä/größe.xml": "Grüße 🟩".encode() * 1000}  # fmt: skip
    buffer = io.BytesIO()
    stream = ZipStream(buffer)
    for n, (name, content) in enumerate(data.items()):
        part = stream.open(name, zip64=n == 0)
        for start in range(0, len(content), 65_536):
            part.write(content[start : start + 65_536])
        part.close()
    stream.writestr("docProps/app.xml", b"<Properties/>")
    stream.close()
    with zipfile.ZipFile(buffer) as archive:
        assert archive.testzip() is None
        assert archive.namelist() == [*data, "docProps/app.xml"]
        assert all(archive.read(name) == content for name, content in data.items())
        assert archive.getinfo("xl/sheet1.xml").compress_type == zipfile.ZIP_DEFLATED
