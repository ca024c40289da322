"""A FairEval data file's lines found by numpy over its bytes (faireval.lines.FileLines), as
text-mode iteration and str.strip() find them: line ends \\n, \\r\\n and a lone \\r; a line
holds text where str.strip() leaves something; equal lines numbered alike."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import blocks
from engine.errors import InputError
from engine.formats.columns import OTHER_BLANKS
from engine.methods.faireval.lines import FileLines

#: Pieces of lines: letters (ASCII and wide), TABs, spaces, every other white space, line ends.
PIECES = ["a", "B-NP", "ä", "’", "\u3001", "\t", " ", "  ", "\r", "\r\n", "\n", "\n\n", *OTHER_BLANKS]
ASCII_PIECES = [p for p in PIECES if p.isascii()]


def _text_mode_lines(path: Path) -> list[str]:
    with open(path, encoding="utf-8", newline=None) as file:
        return [line.rstrip("\n") for line in file]


def _check(path: Path, text: str) -> None:
    path.write_bytes(text.encode("utf-8"))
    expected = _text_mode_lines(path)
    found = FileLines(str(path), [])
    filled = found.filled.tolist()
    assert filled == [i for i, line in enumerate(expected) if line.strip()]
    assert found.stripped(filled) == [expected[i].strip() for i in filled]
    tabs, spaces = found.separators(found.filled)
    assert tabs.tolist() == [expected[i].strip().count("\t") for i in filled]
    assert spaces.tolist() == [expected[i].strip().count(" ") for i in filled]
    if filled:
        codes, first = found.distinct(found.filled)
        numbers: dict[str, int] = {}
        assert codes.tolist() == [numbers.setdefault(expected[i], len(numbers)) for i in filled]
        assert [filled[k] for k in first.tolist()] == [filled[[expected[i] for i in filled].index(t)] for t in numbers]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40))
def test_lines_with_text_are_those_text_mode_reading_finds(tmp_path_factory, pieces):
    _check(tmp_path_factory.mktemp("lines") / "data.txt", "".join(pieces))


@pytest.mark.parametrize("seed", range(6))
def test_an_ascii_file_with_other_white_space(tmp_path, seed):
    """ASCII files have their white space found without the wide blanks' search."""
    rnd = random.Random(seed)
    _check(tmp_path / "data.txt", "".join(rnd.choices(ASCII_PIECES, k=300)))


def test_a_byte_order_mark_before_the_first_line_with_text_is_white_space(tmp_path):
    path = tmp_path / "data.txt"
    path.write_bytes(b"\n  \xef\xbb\xbfB-NP\tx\n\xef\xbb\xbf\n")
    warnings: list[str] = []
    found = FileLines(str(path), warnings)
    assert found.filled.tolist() == [1, 2]  # the later mark is text, as FairEval reads it
    assert found.stripped(found.filled) == ["B-NP\tx", "\ufeff"]
    assert [str(w) for w in warnings] == [f"{path}: byte-order mark ignored (the original read the first label as '\\ufeffB-NP')"]


def test_a_line_of_nothing_but_a_byte_order_mark_holds_no_text(tmp_path):
    path = tmp_path / "data.txt"
    path.write_bytes(b"\xef\xbb\xbf \nO\n")
    found = FileLines(str(path), [])
    assert found.filled.tolist() == [1]


def test_a_byte_that_is_no_utf8_is_named_by_its_line_in_any_block(tmp_path, monkeypatch):
    monkeypatch.setattr(blocks, "BYTES", 16)  # the file's bytes checked 16 or so at a time
    path = tmp_path / "data.txt"
    path.write_bytes("Straße NN B-NP\n".encode() * 9 + b"caf\xe9 NN I-NP\n" + b"Ende NN O\n")
    with pytest.raises(InputError) as caught:
        FileLines(str(path), [])
    assert (caught.value.file, caught.value.line) == (str(path), 10)
