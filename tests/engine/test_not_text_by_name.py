"""A file read by its name or by the method's own reader (a brat `.ann`, CLUEval's vertical
text, a *SEM file) that is binary data or UTF-16 without a byte-order mark: the same
message as for a file no reader recognises (`is not a text file (it looks like …)`), not
the line of its first byte that is not UTF-8; and the app's format line says the same."""

from __future__ import annotations

from pathlib import Path

import pytest

BINARY = bytes(range(256)) * 4  # a NUL first, 0x80 on line 3
UTF16 = "T1\tPER 0 5\tGroße\n".encode("utf-16-le")  # no byte-order mark; ß is no UTF-8 there


def _brat(tmp_path: Path, data: bytes) -> Path:
    (tmp_path / "doc.txt").write_text("Große Männer\n", encoding="utf-8")
    (tmp_path / "doc.ann").write_bytes(data)
    return tmp_path / "doc.ann"


@pytest.mark.parametrize(("data", "found"), [
    (BINARY, "binary data: a NUL byte on line 1"),  # was: doc.ann:3: expected UTF-8 text, found byte 0x80
    (UTF16, "UTF-16 text without a byte-order mark (save it as UTF-8)"),  # was: found byte 0xDF
], ids=["binary", "utf-16"])  # fmt: skip
def test_a_brat_file_that_is_no_text(cli, tmp_path, data, found):
    path = _brat(tmp_path, data)
    result = cli("spans", path, path)
    assert result.code == 2
    assert result.err == f"spanstudio: error: {path} is not a text file (it looks like {found})\n"


def test_vertical_text_that_is_binary(cli, tmp_path):
    path = tmp_path / "gold.vrt"
    path.write_bytes(BINARY)
    result = cli("clueval", path, path)
    assert result.err == (f"spanstudio: error: {path} is not a text file (it looks like binary data: a NUL "
                          "byte on line 1)\n")  # was: gold.vrt:3: expected UTF-8 text, found byte 0x80


def test_the_app_says_what_the_command_line_says(cli, tmp_path):
    from engine.methods import get_method
    from gui.inputs import probe

    path = _brat(tmp_path, BINARY)
    error = probe(str(path), get_method("spans").inputs[0]).error
    assert error is not None
    assert cli("spans", path, path).err == f"spanstudio: error: {error.message}\n"
