"""One predicate tells a zip on disk (engine/zips.py zipped): by its first bytes, and with
`by_name` by its `.zip` name too (a stub before the entries: INCEpTION's project export is
looked into so, formats.project_input and inception_project.is_project); doccano's reader and
the agreement's refusal of its zip among several inputs tell it by its bytes, as its format is
recognised. There were two functions (zipped, zip_by_bytes_or_name)."""

from __future__ import annotations

import io
import os
import zipfile

import pytest

from engine.zips import zipped


def zip_bytes() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("a.txt", "x")
    return buffer.getvalue()


@pytest.mark.parametrize(("name", "data", "by_bytes", "by_name"), [
    ("plain.bin", zip_bytes(), True, True),
    ("stubbed.zip", b"#!/bin/sh\nexit 0\n" + zip_bytes(), False, True),
    ("STUBBED.ZIP", b"stub" + zip_bytes(), False, True),
    ("notes.zip", b"hello\n", False, True),  # named so: its reader says it opens as no zip
    ("notes.txt", b"hello\n", False, False),
])  # fmt: skip
def test_a_zip_by_its_bytes_or_its_name(tmp_path, name, data, by_bytes, by_name):
    path = tmp_path / name
    path.write_bytes(data)
    assert zipped(path) is by_bytes and zipped(str(path)) is by_bytes
    assert zipped(path, by_name=True) is by_name


def test_no_input_but_a_regular_file_is_a_zip(tmp_path):
    """A folder or a FIFO named .zip is none, by name too (the FIFO never opened: no writer waited for)."""
    folder = tmp_path / "folder.zip"
    folder.mkdir()
    fifo = tmp_path / "fifo.zip"
    os.mkfifo(fifo)
    for path in (folder, fifo, tmp_path / "missing.zip"):
        assert not zipped(path) and not zipped(path, by_name=True)
