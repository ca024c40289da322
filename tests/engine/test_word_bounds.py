"""The tokens of texts that carry none (engine.formats.standoff.word_bounds): words as
Unicode means them, in every script, and each other grapheme cluster alone."""

from __future__ import annotations

import re
import string
import unicodedata

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.formats.standoff import word_bounds


def tokens(text: str) -> list[str]:
    starts, ends = word_bounds(text)
    return [text[s:e] for s, e in zip(starts.tolist(), ends.tolist(), strict=True)]


NFD_LATIN = unicodedata.normalize("NFD", "Café Münster, naïve Ærø")

SCRIPTS = {
    "Hindi": ("नमस्ते भारत, राहुल गांधी से मिले।", ["नमस्ते", "भारत", ",", "राहुल", "गांधी", "से", "मिले", "।"]),
    "Thai": ("กรุงเทพมหานคร เป็นเมืองหลวง", ["กรุงเทพมหานคร", "เป็นเมืองหลวง"]),
    "Bengali": ("আমি বাংলায় গান গাই।", ["আমি", "বাংলায়", "গান", "গাই", "।"]),
    "Arabic with harakat": ("ٱلْعَرَبِيَّةُ لُغَةٌ جَمِيلَةٌ.", ["ٱلْعَرَبِيَّةُ", "لُغَةٌ", "جَمِيلَةٌ", "."]),
    "Hebrew with niqqud": ("שָׁלוֹם עֲלֵיכֶם!", ["שָׁלוֹם", "עֲלֵיכֶם", "!"]),
    "Persian with ZWNJ": ("می\u200cخواهم کتاب\u200cها را بخوانم", ["می\u200cخواهم", "کتاب\u200cها", "را", "بخوانم"]),
    "Japanese": ("東京タワーへ行きました。「はい」", ["東京タワーへ行きました", "。", "「", "はい", "」"]),
    "emoji sequences": (
        "Zoë 👍🏽 met 👨\u200d👩\u200d👧 at 🇩🇪🇫🇷 #\ufe0f\u20e3!",
        ["Zoë", "👍🏽", "met", "👨\u200d👩\u200d👧", "at", "🇩🇪", "🇫🇷", "#\ufe0f\u20e3", "!"],
    ),
    "NFD Latin": (NFD_LATIN, [unicodedata.normalize("NFD", w) for w in ("Café", "Münster", ",", "naïve", "Ærø")]),
}


@pytest.mark.parametrize("script", SCRIPTS)
def test_a_word_is_one_token_in_every_script(script):
    text, expected = SCRIPTS[script]
    assert tokens(text) == expected


def test_positions_are_code_points_and_white_space_is_in_no_token():
    text = "  a \u0301b\t👍🏽\n"
    starts, ends = word_bounds(text)
    assert list(zip(starts.tolist(), ends.tolist(), strict=True)) == [(2, 3), (4, 5), (5, 6), (7, 9)]
    assert starts.dtype == ends.dtype == "int64"  # an accent after a space is a token of its own
    assert [a.tolist() for a in word_bounds("")] == [[], []] and len(word_bounds(" \n ")[0]) == 0


# One character of each grapheme-break class (UAX #29: Extend, ZWJ, SpacingMark, Prepend,
# Hangul L/V/T/LV/LVT, Regional_Indicator, Extended_Pictographic, Control, CR, LF, the
# conjunct classes), word characters among them (ℹ is a letter and a pictograph, U+0D4E a
# letter and a Prepend, U+FF9E a letter and an Extend), and white space of every kind.
ALPHABET = (
    "a1_é\u0301\u200d\u200c\u0903\u0600\u0d4e\u1100\u1161\u11a8\uac00\uac01🇩🇪😀🏽ℹ\uff9e"
    "क\u094d\u093cไ\u0e38\ufe0f\u20e3#-. \t\n\r\x00\x1c\x85\u3000"
)
WORD, SPACE = r"[\p{L}\p{N}_]", r"[\s\x1c-\x1f]"
DEFINITION = regex.compile(rf"(?:(?={WORD})\X)+|(?!{SPACE})\X")  # clusters that start with a word character


def defined(text: str) -> list[str]:
    """The tokens by the definition, read cluster by cluster (white space at a token's end left out)."""
    return [m.group().rstrip() for m in DEFINITION.finditer(text)]


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=24))
def test_the_tokens_are_the_grapheme_cluster_definition(text):
    assert tokens(text) == defined(text)


LATIN = string.printable + "éßøÆ£«»¿東京。、"


@settings(max_examples=1000, deadline=None)
@given(st.text(alphabet=LATIN, max_size=40))
def test_texts_without_marks_or_emoji_keep_the_former_tokens(text):
    assert tokens(text) == re.findall(r"\w+|[^\w\s]", text)
