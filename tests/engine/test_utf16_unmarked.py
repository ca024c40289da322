"""UTF-16 text without a byte-order mark whose letters are all ASCII: every byte a UTF-8
character too, so each reader read it as text with a NUL after every letter (a brat
`.ann` stopped at 'T\\x001\\x00', FairEval read CoNLL-2000 tags 'B\\x00-\\x00P\\x00…' with
a warning and scored them, exit 0). Each says what it is, as for an unrecognised file."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import textio
from engine.errors import InputError
from engine.formats.conll import ColumnFile
from engine.formats.jsondocs import records
from engine.formats.standoff import ReadOptions
from engine.textio import UTF16_UNMARKED

CONLL2000 = "Holmes NNP B-PER\nsat VBD O\nin IN O\nLondon NNP B-LOC\n. . O\n\n"


def _utf16(path: Path, text: str) -> Path:
    path.write_bytes(text.encode("utf-16-le"))
    return path


@pytest.mark.parametrize(("method", "name", "text"), [
    ("spans", "doc.ann", "T1\tPER 0 6\tHolmes\n"),  # read by its name (the .txt beside it)
    ("faireval", "gold.conll", CONLL2000),  # FairEval's own reader: was exit 0, tags with NULs
    ("spans", "gold.conll", CONLL2000),
    ("clueval", "gold.vrt", "Holmes\tB-PER\nsat\tO\n\n"),
])  # fmt: skip
def test_unmarked_utf16_is_named(cli, tmp_path, method, name, text):
    (tmp_path / "doc.txt").write_text("Holmes sat in London.\n", encoding="utf-8")
    path = _utf16(tmp_path / name, text)
    result = cli(method, path, path)
    assert result.code == 2
    assert result.err == f"spanstudio: error: {path} is not a text file (it looks like {UTF16_UNMARKED})\n"


def test_a_short_line_with_a_nul_is_not_taken_for_utf16(cli, tmp_path):
    """A few bytes cannot tell: a NUL in a short file is left to the reader."""
    path = tmp_path / "gold.conll"
    path.write_bytes(b"a\x00 B-X\n")
    assert UTF16_UNMARKED not in cli("spans", path, path).err


def _columns(path: Path) -> None:
    """A file read as CoNLL columns, whose JSON holds no tags (their error comes after the bytes' check)."""
    with pytest.raises(InputError, match="expected a tag O"):
        ColumnFile.read(str(path), ReadOptions())


@pytest.mark.parametrize("read", [
    lambda path: textio.read_text(str(path)),  # read_input_bytes, then decode_utf8
    lambda path: list(records(str(path))),  # JSON Lines: read_input_bytes, then decode_utf8
    lambda path: _columns(path),  # read_input_bytes, then checked_utf8
])  # fmt: skip
def test_the_check_runs_once_per_read(tmp_path, monkeypatch, read):
    """Where the bytes are read they are checked; decoding them does not check them again."""
    path = tmp_path / "doc.jsonl"
    path.write_text('{"text": "Zoë"}\n{"text": "Holmes"}\n', encoding="utf-8")
    checks = []
    original = textio.unmarked_utf16
    monkeypatch.setattr(textio, "unmarked_utf16", lambda head, name: checks.append(name) or original(head, name))
    read(path)
    assert checks == [str(path)]
