"""The engine's Porter stemmer gives NLTK's stems (PorterStemmer(), mode NLTK_EXTENSIONS):
on every word and location of the conformance data and on generated strings."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from nltk.stem.porter import PorterStemmer

from engine.methods.propara import porter
from tests.conftest import conformance

NLTK = PorterStemmer()
SUFFIXES = ["ational", "tional", "enci", "anci", "izer", "bli", "alli", "entli", "eli", "ousli", "ization",
            "ation", "ator", "alism", "iveness", "fulness", "ousness", "aliti", "iviti", "biliti", "fulli",
            "logi", "icate", "ative", "alize", "iciti", "ical", "ful", "ness", "al", "ance", "ence", "er", "ic",
            "able", "ible", "ant", "ement", "ment", "ent", "sion", "tion", "ou", "ism", "ate", "iti", "ous",
            "ive", "ize", "ies", "ied", "eed", "ed", "ing", "ll", "e", "y", "sses", "ss", "s"]  # fmt: skip


def test_documented_stems():
    assert porter.stem("skies") == "sky"
    assert porter.stem("dying") == "die"
    assert porter.stem("days") == "day"  # Martin Porter's variant gives 'dai'
    assert porter.stem("raining cats and dogs") == "raining cats and dog"
    assert porter.stem("sediments") == "sediment"
    assert porter.stem("ab") == "ab" and porter.stem("is") == "is"


def test_every_location_and_word_of_the_conformance_data():
    words: set[str] = set()
    for path in conformance("propara").rglob("*.tsv"):
        for line in path.read_text(encoding="utf-8").splitlines():
            for field in line.split("\t")[2:]:
                words.update({field, field.lower(), *field.lower().split()})
    assert len(words) > 3000
    different = [w for w in words if porter.stem(w) != NLTK.stem(w)]
    assert different == []


def test_generated_words_with_every_suffix():
    rnd = random.Random(5)
    letters = "aeiouybcdlstnmrgz "
    for suffix in SUFFIXES:
        for _ in range(300):
            word = "".join(rnd.choice(letters) for _ in range(rnd.randint(0, 7))) + suffix
            assert porter.stem(word) == NLTK.stem(word), word


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="aeiouybcdlstwxzAEY -'", max_size=14))
def test_random_strings(text):
    assert porter.stem(text) == NLTK.stem(text)
