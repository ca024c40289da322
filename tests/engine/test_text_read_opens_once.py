"""A text reader opens its file once: the first bytes it checks for UTF-16 without a
byte-order mark are read from the file it then reads as text (it was opened twice: the
head, then the text, and what was checked need not be what was read)."""

from __future__ import annotations

import builtins
from pathlib import Path

import pytest

from engine import textio
from engine.formats.vrt import VrtLayout, read_vrt
from engine.textio import UTF16_UNMARKED, NotTextError

READS = {
    "iter_lines": lambda path: list(textio.iter_lines(path)),
    "line_chunks": lambda path: list(textio.line_chunks(path)),
    "read_blocks": lambda path: list(textio.read_blocks(path)),
    "read_vrt": lambda path: read_vrt(str(path), VrtLayout(1)),
}


@pytest.mark.parametrize("reader", sorted(READS))
def test_a_text_read_opens_the_file_once(tmp_path, monkeypatch, reader):
    path = tmp_path / "gold.vrt"
    path.write_text("Holmes\tB-PER\nsat\tO\n\n", encoding="utf-8")
    opened: list[str] = []
    real = builtins.open
    monkeypatch.setattr(builtins, "open", lambda file, *args, **kw: opened.append(str(file)) or real(file, *args, **kw))
    READS[reader](path)
    assert opened == [str(path)]


@pytest.mark.parametrize("reader", sorted(READS))
def test_the_head_read_so_still_refuses_unmarked_utf16(tmp_path, reader):
    path = tmp_path / "gold.vrt"
    path.write_bytes("Holmes\tB-PER\nsat\tO\n\n".encode("utf-16-le"))
    with pytest.raises(NotTextError) as caught:
        READS[reader](path)
    assert str(caught.value) == f"{path} is not a text file (it looks like {UTF16_UNMARKED})"


@pytest.mark.parametrize("reader", sorted(READS))
def test_the_lines_read_after_the_head_are_the_whole_file(tmp_path, reader):
    """The head is read, then the text from the file's start: nothing lost, nothing twice."""
    text = "".join(f"w{n}\t{'B-X' if n % 3 else 'O'}\r\n" for n in range(2000)) + "\n"
    path: Path = tmp_path / "gold.vrt"
    path.write_text(text, encoding="utf-8", newline="")
    found = READS[reader](path)
    if reader == "read_vrt":
        assert found.tokens == [f"w{n}" for n in range(2000)]
    elif reader == "read_blocks":
        assert found == [(1, [line.strip() for line in text.splitlines() if line.strip()])]
    else:
        lines = found if reader == "iter_lines" else [line for chunk in found for line in chunk]
        assert lines == text.splitlines()
