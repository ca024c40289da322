"""CoNLL-2000 lines split at once by numpy (conll2000.LineFields) as str.split() and
str.split(" ") split them, whatever white space they hold (specs/faireval.md §2.5–2.6)."""

from __future__ import annotations

import random
import sys

import numpy as np
import pytest

from engine.formats.columns import OTHER_BLANKS, decoded
from engine.formats.conll2000 import PUNCTUATION_TAGS, ConllReader, LineFields
from engine.formats.field_bytes import LONG, short_keys

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
    assert decoded(found.data, *found.field(rows, 0)) == [line.split()[0] for line in lines]
    assert [found.text(row) for row in rows.tolist()] == lines
    codes, tags = found.distinct(*found.field(rows, -1))
    assert [tags[code] for code in codes.tolist()] == [line.split()[-1] for line in lines]


@pytest.mark.parametrize("seed", range(8))
def test_first_fields_joined_are_the_forms_in_any_order_of_lines(seed):
    """LineFields.joined: the first fields of lines taken in any order (some twice, the
    last line's, at the end of the bytes, first), a space after each, each start a
    str index; their distinct texts numbered as they come."""
    lines = [*_lines(seed), "ẞ"]
    rows = np.random.default_rng(seed).integers(0, len(lines), 600)
    rows[0], rows[-1] = len(lines) - 1, 0
    text, starts = LineFields.of(lines).joined(rows)
    forms = [lines[row].split()[0] for row in rows.tolist()]
    assert text == "".join(f"{form} " for form in forms)
    assert [text[a : b - 1] for a, b in zip(starts[:-1].tolist(), starts[1:].tolist(), strict=True)] == forms
    reader = ConllReader("x.conll", [], False, LineFields.of(lines))
    assert reader.words(rows) == forms and reader.words(rows[:0]) == []
    codes, texts = LineFields.of(lines).distinct(*LineFields.of(lines).field(rows, 0))
    assert [texts[code] for code in codes.tolist()] == forms and texts == list(dict.fromkeys(forms))


@pytest.mark.parametrize("seed", range(8))
def test_the_pos_is_field_2_of_a_split_at_single_spaces(seed):
    lines = _lines(seed)
    unread, starts, ends = LineFields.of(lines).second_word(np.arange(len(lines)))
    assert unread.tolist() == [" " not in line for line in lines]
    pos = decoded(LineFields.of(lines).data, starts, ends)
    assert [p for p, no in zip(pos, unread.tolist(), strict=True) if not no] == [
        line.split(" ")[1] for line in lines if " " in line
    ]


#: Every punctuation tag, and tags that differ from one by a byte or by their length.
NEAR_TAGS = sorted(PUNCTUATION_TAGS) + ["$", "$..", "KLAMMERN", "KLAMMEr", "PUNC", "PUNCTS", "“”", "‘’", "..", ":-", "X", "PUNKTUATION"]


@pytest.mark.parametrize("seed", range(4))
def test_ignore_punct_finds_the_punctuation_tags_and_no_other(seed):
    rnd = random.Random(seed)
    tags = [rnd.choice(NEAR_TAGS) for _ in range(300)]
    lines = [f"w{k} {tag} B-NP" for k, tag in enumerate(tags)]
    warnings: list[str] = []
    reader = ConllReader("x.conll", warnings, True, LineFields.of(lines))
    rows = np.arange(len(lines))
    chunks = reader.chunks(rows, rows + 1, rows)  # a sentence a line: its span kept unless punctuation
    kept = set(chunks.sentence.tolist())
    assert kept == {k for k, tag in enumerate(tags) if tag not in PUNCTUATION_TAGS}


def test_short_keys_are_equal_for_equal_fields_only():
    fields = ["", "a", "ab", "abcdefg", "abcdefgh", "abcdefgi", "\x00", "\x00\x00", "ä", "KLAMMER"]
    data = np.frombuffer("".join(fields).encode("utf-8"), np.uint8)
    ends = np.cumsum([len(f.encode("utf-8")) for f in fields])
    keys = short_keys(data, ends - [len(f.encode("utf-8")) for f in fields], ends).tolist()
    short = [k for f, k in zip(fields, keys, strict=True) if len(f.encode("utf-8")) <= 7]
    assert len(set(short)) == len(short)
    assert [k == LONG for k in keys] == [len(f.encode("utf-8")) > 7 for f in fields]
