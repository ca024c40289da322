"""The column readers' work that holds the interpreter's lock (running sums, the gathered
text's index, the sentences made into pairs) done a block at a time, so that no call over
a large file holds it for long: every block size gives the arrays of one block."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from engine import blocks
from engine.blocks import running_sum
from engine.formats import columns, conll, field_bytes
from engine.formats.columns import gather, split_lines
from engine.formats.standoff import ReadOptions

PIECES = ["a", "bc", " ", "  ", "\t", "\n", "\n", "é", "\u00a0"]


def _random_texts(seed: int, count: int) -> list[bytes]:
    rng = random.Random(seed)
    return ["".join(rng.choice(PIECES) for _ in range(rng.randint(0, 40))).encode() for _ in range(count)]


def _arrays(lines: columns.Lines) -> dict[str, np.ndarray]:
    return {f.name: getattr(lines, f.name) for f in dataclasses.fields(lines)}


def _assert_same(got: np.ndarray, expected: np.ndarray, what: object) -> None:
    assert got.dtype == expected.dtype and np.array_equal(got, expected), what


@pytest.mark.parametrize("separator", [None, "tab", "whitespace"])
def test_split_lines_gives_the_same_arrays_with_sums_in_blocks_of_any_size(monkeypatch, separator):
    for raw in _random_texts(21, 1500):
        whole = _arrays(split_lines(raw, separator))
        for size in (1, 2, 3, 7):
            monkeypatch.setattr(field_bytes, "_BLOCK", size)
            for name, array in _arrays(split_lines(raw, separator)).items():
                _assert_same(array, whole[name], (raw, size, name))
            monkeypatch.undo()


def test_gather_gives_the_same_bytes_in_blocks_of_any_size(monkeypatch):
    rng = random.Random(22)
    for raw in _random_texts(22, 500):
        lines = split_lines(raw, "whitespace")
        starts, ends = lines.field_starts, lines.field_ends
        after = np.array([rng.choice(b" \n") for _ in range(len(starts))], dtype=np.uint8)
        whole = gather(lines.data, starts, ends, after)
        expected = b"".join(raw[s:e] + bytes([a]) for s, e, a in zip(starts, ends, after, strict=True))
        assert whole.tobytes() == expected
        for size in (1, 2, 5):
            monkeypatch.setattr(columns, "_BLOCK_FIELDS", size)
            _assert_same(gather(lines.data, starts, ends, after), whole, (raw, size))
            monkeypatch.undo()


@pytest.mark.parametrize("dtype", [np.int32, np.int64])
def test_running_sum_is_numpys_cumsum(monkeypatch, dtype):
    rng = np.random.default_rng(23)
    for size in (1, 3, 64):
        monkeypatch.setattr(blocks, "ITEMS", size)
        for length in (0, 1, 5, 64, 200):
            values = rng.integers(0, 2, length).astype(bool)
            _assert_same(running_sum(values, dtype), np.cumsum(values, dtype=dtype), (size, length))
            out = np.full(length + 1, -5, dtype)
            running_sum(values, dtype, out=out[:-1])
            _assert_same(out[:-1], np.cumsum(values, dtype=dtype), (size, length))
            assert out[-1] == -5


def test_the_sentences_of_a_conll_file_are_the_same_in_blocks_of_any_size(monkeypatch, tmp_path):
    sentences = ["A B-PER\nb I-PER\nc O\n", "d O\n", "é B-LOC\n", "f O\ng B-ORG\n"]
    path = tmp_path / "many.conll"
    path.write_text(
        "\n".join(sentences * 7) + "\n-DOCSTART- two\n\n" + "\n".join(sentences * 3), encoding="utf-8"
    )
    whole = conll.read(str(path), ReadOptions())
    for size in (1, 2, 5):
        monkeypatch.setattr(conll, "_UNITS_BLOCK", size)
        monkeypatch.setattr(field_bytes, "_BLOCK", size)
        monkeypatch.setattr(field_bytes, "_BLOCK_FIELDS", size)
        monkeypatch.setattr(columns, "_BLOCK_FIELDS", size)
        blocks = conll.read(str(path), ReadOptions())
        assert [(d.name, d.tokens, d.units) for d in blocks.documents] == [
            (d.name, d.tokens, d.units) for d in whole.documents
        ]
        assert len(whole.documents) == 2 and len(whole.documents[0].units) == 28
        for name in ("docs", "starts", "ends", "labels"):
            _assert_same(getattr(blocks.spans, name), getattr(whole.spans, name), (size, name))
        monkeypatch.undo()
