"""A FairEval data file's lines (specs/faireval.md §2.1), each distinct line decoded once.

Data files repeat their lines a great deal (token numbers are local to a sentence), so
the bytes are split at every newline and each line is numbered by a dictionary of the
distinct lines, in C; only the distinct lines become text, stripped as str.strip() does.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from itertools import count

import numpy as np

from ...errors import InputError
from ...textio import BOM, bom_ignored, decode_utf8, lf_line_ends, refuse_unmarked_utf16, require_file

CHUNK = 1 << 20  # bytes split at a time: each step holds the GIL briefly (the app's worker)
#: What a reader calls with the share of its file done, now and then: a cancellation point.
Tick = Callable[[float], None]


def no_tick(share: float) -> None:
    """A reader's `tick` where no progress is reported."""


def distinct_lines(
    path: str, warnings: list[str], tick: Tick = no_tick
) -> tuple[bytes, list[str], np.ndarray]:
    """A UTF-8 file's bytes as read (for its sha256), its distinct lines, stripped, in
    order of first appearance, and the number of each line of the file among them. Lines
    end at \\n, \\r\\n or a lone \\r, as in text-mode iteration; a byte-order mark before the
    first line with text is dropped with a warning (F32). `tick(share)` after each chunk
    split (a cancellation point)."""
    read = _read(path)
    raw = lf_line_ends(read)  # the BOM stays: it is dropped with a warning
    numbers: defaultdict[bytes, int] = defaultdict(count().__next__)
    parts = [
        np.fromiter(map(numbers.__getitem__, lines), dtype=np.int64, count=len(lines))
        for lines in _line_chunks(raw, tick)
    ]
    ids = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)
    try:
        texts = [line.decode("utf-8").strip() for line in numbers]
    except UnicodeDecodeError:
        decode_utf8(read, path)  # raises the error that names the line
        raise
    _drop_bom(path, texts, ids, warnings)
    return read, texts, ids


def _read(path: str) -> bytes:
    """The bytes of an input file (their UTF-8 is checked as the distinct lines are decoded)."""
    p = require_file(path)
    try:
        raw = p.read_bytes()
    except PermissionError:
        raise InputError("a readable file", "permission denied", file=path) from None
    refuse_unmarked_utf16(raw[:2048], path)  # its letters would read as UTF-8, a NUL after each
    return raw


def _line_chunks(raw: bytes, tick: Tick):  # noqa: ANN202 - an iterator of lists of bytes
    """The lines of `raw`, a list per chunk of about CHUNK bytes cut at a newline; `tick`
    with the share split after each."""
    start = 0
    while start < len(raw):
        cut = raw.find(b"\n", start + CHUNK)
        if cut < 0:
            cut = len(raw)
        lines = raw[start:cut].split(b"\n")
        if cut == len(raw) and not lines[-1]:
            lines.pop()  # the file's last line end
        tick(cut / len(raw))
        yield lines
        start = cut + 1


def _drop_bom(path: str, texts: list[str], ids: np.ndarray, warnings: list[str]) -> None:
    """A byte-order mark before the first line with text is dropped with a warning. The
    lines are numbered in order of first appearance, so the first line with text is the
    first appearance of the first distinct line with text."""
    first = next((number for number, text in enumerate(texts) if text), None)
    if first is None or not texts[first].startswith(BOM):
        return
    warnings.append(bom_ignored(path, texts[first].split("\t")[0]))
    ids[int(np.argmax(ids == first))] = len(texts)
    texts.append(texts[first][1:].strip())
