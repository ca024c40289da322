"""CoNLL-2000 lines split at once by numpy (conll2000.LineFields) as str.split() and
str.split(" ") split them, whatever white space they hold (specs/faireval.md §2.5–2.6)."""

from __future__ import annotations

import random
import sys

import numpy as np
import pytest

from engine.formats.columns import OTHER_BLANKS
from engine.formats.conll2000 import LineFields

#: Letters (ASCII and wide, some sharing a first byte with wide white space), spaces, TABs
#: and every other white space str.split() splits at.
ALPHABET = ["a", "B", "-", "|", "$", ".", "ä", "’", "–", "\u3001", "\u2010", "x\u200b"] + [" "] * 6 + ["\t"] * 2
ALPHABET += list(OTHER_BLANKS)


def test_the_other_blanks_are_every_white_space_but_space_tab_and_newline():
    every = "".join(chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace())
    assert every.replace(" ", "").replace("\t", "").replace("\n", "") == OTHER_BLANKS


def _lines(seed: int, count: int = 400) -> list[str]:
    rnd = random.Random(seed)
    lines: list[str] = []
    while len(lines) < count:
        line = "".join(rnd.choices(ALPHABET, k=rnd.randint(1, 14))).strip()
        if line:
            lines.append(line)
    return lines


@pytest.mark.parametrize("seed", range(8))
def test_fields_are_those_of_str_split(seed):
    lines = _lines(seed)
    found = LineFields.of(lines)
    rows = np.arange(len(lines))
    assert found.lines.field_count.tolist() == [len(line.split()) for line in lines]
    assert found.texts(*found.field(rows, 0)) == [line.split()[0] for line in lines]
    assert [found.text(row) for row in rows.tolist()] == lines
    codes, tags = found.distinct(*found.field(rows, -1))
    assert [tags[code] for code in codes.tolist()] == [line.split()[-1] for line in lines]


@pytest.mark.parametrize("seed", range(8))
def test_the_pos_is_field_2_of_a_split_at_single_spaces(seed):
    lines = _lines(seed)
    unread, starts, ends = LineFields.of(lines).second_word(np.arange(len(lines)))
    assert unread.tolist() == [" " not in line for line in lines]
    pos = LineFields.of(lines).texts(starts, ends)
    assert [p for p, no in zip(pos, unread.tolist(), strict=True) if not no] == [
        line.split(" ")[1] for line in lines if " " in line
    ]
