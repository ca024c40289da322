"""An XMI file's text judged by one rule in the app's look and in the reader: what the XML
parser decodes (engine/formats/xmi_text.py). UTF-16 with a byte-order mark and ISO-8859-1
declared are read by both; Latin-1 bytes in a UTF-8 file refused by both in one wording."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.methods import get_method
from gui.inputs import probe

RELATION = Path(__file__).resolve().parent.parent / "data" / "formats" / "uima-xmi" / "inception-relation"
LAYER = "webanno.custom.MyRelationBase"
XMI = (RELATION / "relation_test.xmi").read_text(encoding="utf-8")
DECLARED = '<?xml version="1.0" encoding="UTF-8"?>'


def _xmi(folder: Path, name: str, data: bytes) -> Path:
    shutil.copy(RELATION / "TypeSystem.xml", folder / "TypeSystem.xml")
    path = folder / name
    path.write_bytes(data)
    return path


READABLE = {
    "utf16-marked": XMI.replace(DECLARED, '<?xml version="1.0" encoding="UTF-16"?>').encode("utf-16"),
    "utf16-marked-declared-utf8": b"\xff\xfe" + XMI.encode("utf-16-le"),
    "latin1-declared": XMI.replace(DECLARED, '<?xml version="1.0" encoding="ISO-8859-1"?>')
    .replace("Darmstadt", "Darmstädt")
    .encode("latin-1"),
}


@pytest.mark.parametrize("kind", READABLE)
def test_the_app_accepts_what_the_reader_reads(cli, tmp_path, kind):
    """Was: 'is not a text file (it looks like UTF-16 text …)', 'expected UTF-8 text, found byte 0xE4'."""
    path = _xmi(tmp_path, "doc.xmi", READABLE[kind])
    found = probe(str(path), get_method("spans").inputs[0])
    assert (found.error, found.format) == (None, "UIMA CAS XMI (INCEpTION)")
    result = cli("spans", path, path, "--layer", LAYER)
    assert result.code == 0, result.err
    assert result.out == cli("spans", RELATION / "relation_test.xmi", RELATION / "relation_test.xmi",
                             "--layer", LAYER).out  # fmt: skip


def test_latin1_bytes_are_worded_alike(cli, tmp_path):
    """Was (app): 'doc.xmi:26: expected UTF-8 text, found byte 0xE4'; (CLI) '… found Invalid
    bytes in character encoding at column 94'."""
    path = _xmi(tmp_path, "doc.xmi", XMI.replace("Darmstadt", "Darmstädt").encode("latin-1"))
    found = probe(str(path), get_method("spans").inputs[0])
    assert found.error is not None
    result = cli("spans", path, path, "--layer", LAYER)
    assert result.code == 2
    assert result.err == f"spanstudio: error: {found.error}\n"
    assert str(found.error) == (
        f"{path}:26: expected well-formed UIMA CAS XMI (XML), found bytes that are not text in the file's "
        "encoding (UTF-8, where no byte-order mark or XML declaration names another) at column 94"
    )


def test_an_unknown_declared_encoding_is_worded_alike(cli, tmp_path):
    path = _xmi(tmp_path, "doc.xmi", XMI.replace(DECLARED, '<?xml version="1.0" encoding="x-none"?>').encode())
    found = probe(str(path), get_method("spans").inputs[0])
    result = cli("spans", path, path, "--layer", LAYER)
    assert result.code == 2 and result.err == f"spanstudio: error: {found.error}\n"
    assert "encoding x-none (its XML declaration's), which the parser does not know" in result.err
