"""The Porter stemmer exactly as NLTK's `PorterStemmer()` runs it by default (mode
NLTK_EXTENSIONS): Porter's 1980 algorithm with Martin Porter's later changes and NLTK's
own (irregular forms, `ies`/`ied` on four-letter words, `(*c and not c) Y -> I`, `alli`
first, `fulli`, `logi` with the `l` in the stem, words of 1–2 characters kept).

The ProPara evaluator stems whole location phrases with it (specs/propara.md §3.5), so
the input is any text, spaces included; every character other than a e i o u (and y
after a vowel) counts as a consonant. Written from the published algorithm and NLTK's
documented behaviour; tests/engine/test_propara_porter.py checks it against NLTK itself.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

VOWELS = frozenset("aeiou")

IRREGULAR = {
    "sky": "sky", "skies": "sky", "dying": "die", "lying": "lie", "tying": "tie",
    "news": "news", "innings": "inning", "inning": "inning", "outings": "outing",
    "outing": "outing", "cannings": "canning", "canning": "canning", "howe": "howe",
    "proceed": "proceed", "exceed": "exceed", "succeed": "succeed",
}  # fmt: skip

Condition = Callable[[str], bool] | None
Rule = tuple[str, str, Condition]  # (suffix, replacement, condition on the stem)


def consonants(word: str) -> list[bool]:
    """Per character: is it a consonant? A y is one at the start or after a vowel."""
    flags: list[bool] = []
    previous = False
    for index, char in enumerate(word):
        if char in VOWELS:
            flag = False
        elif char == "y":
            flag = index == 0 or not previous
        else:
            flag = True
        flags.append(flag)
        previous = flag
    return flags


def measure(stem: str) -> int:
    """Porter's m: the number of vowel-consonant transitions, [C](VC){m}[V]."""
    flags = consonants(stem)
    return sum(1 for a, b in zip(flags, flags[1:], strict=False) if not a and b)


def has_vowel(stem: str) -> bool:
    return not all(consonants(stem))


def ends_double_consonant(word: str) -> bool:
    return len(word) >= 2 and word[-1] == word[-2] and consonants(word)[-1]


def ends_cvc(word: str) -> bool:
    """*o: consonant-vowel-consonant at the end, the last not w, x or y (NLTK: also a
    two-letter vowel-consonant word)."""
    if len(word) >= 3:
        c = consonants(word)
        if c[-3] and not c[-2] and c[-1] and word[-1] not in "wxy":
            return True
    if len(word) == 2:
        c = consonants(word)
        return not c[0] and c[1]
    return False


def m_above(limit: int) -> Callable[[str], bool]:
    return lambda stem: measure(stem) > limit


def apply_first(word: str, rules: list[Rule]) -> str:
    """The first rule whose suffix matches decides: applied when its condition holds on
    the stem, otherwise the word stays as it is. `*d` matches a double consonant."""
    for suffix, replacement, condition in rules:
        if suffix == "*d":
            if not ends_double_consonant(word):
                continue
            stem = word[:-2]
        elif word.endswith(suffix):
            stem = word[: len(word) - len(suffix)]
        else:
            continue
        return stem + replacement if condition is None or condition(stem) else word
    return word


M0, M1 = m_above(0), m_above(1)

STEP1A: list[Rule] = [("sses", "ss", None), ("ies", "i", None), ("ss", "ss", None), ("s", "", None)]
STEP2: list[Rule] = [
    ("ational", "ate", M0), ("tional", "tion", M0), ("enci", "ence", M0), ("anci", "ance", M0),
    ("izer", "ize", M0), ("bli", "ble", M0), ("alli", "al", M0), ("entli", "ent", M0),
    ("eli", "e", M0), ("ousli", "ous", M0), ("ization", "ize", M0), ("ation", "ate", M0),
    ("ator", "ate", M0), ("alism", "al", M0), ("iveness", "ive", M0), ("fulness", "ful", M0),
    ("ousness", "ous", M0), ("aliti", "al", M0), ("iviti", "ive", M0), ("biliti", "ble", M0),
    ("fulli", "ful", M0),
    ("logi", "log", lambda stem: measure(stem + "l") > 0),  # the l belongs to the stem
]  # fmt: skip
STEP3: list[Rule] = [
    ("icate", "ic", M0), ("ative", "", M0), ("alize", "al", M0), ("iciti", "ic", M0),
    ("ical", "ic", M0), ("ful", "", M0), ("ness", "", M0),
]  # fmt: skip
STEP4: list[Rule] = [
    ("al", "", M1), ("ance", "", M1), ("ence", "", M1), ("er", "", M1), ("ic", "", M1),
    ("able", "", M1), ("ible", "", M1), ("ant", "", M1), ("ement", "", M1), ("ment", "", M1),
    ("ent", "", M1), ("ion", "", lambda stem: measure(stem) > 1 and stem[-1] in "st"),
    ("ou", "", M1), ("ism", "", M1), ("ate", "", M1), ("iti", "", M1), ("ous", "", M1),
    ("ive", "", M1), ("ize", "", M1),
]  # fmt: skip

# Each step's suffixes at once: a word with none of them stays as it is (one str.endswith)
STEP2_SUFFIXES, STEP3_SUFFIXES, STEP4_SUFFIXES = (
    tuple(suffix for suffix, _, _ in rules) for rules in (STEP2, STEP3, STEP4)
)


def step1a(word: str) -> str:
    if len(word) == 4 and word.endswith("ies"):
        return word[:-3] + "ie"
    return apply_first(word, STEP1A)


def step1b(word: str) -> str:
    if word.endswith("ied"):
        return word[:-3] + ("ie" if len(word) == 4 else "i")
    if word.endswith("eed"):
        stem = word[:-3]
        return stem + "ee" if measure(stem) > 0 else word
    for suffix in ("ed", "ing"):
        if word.endswith(suffix) and has_vowel(word[: -len(suffix)]):
            return _after_ed_ing(word[: -len(suffix)])
    return word


def _after_ed_ing(stem: str) -> str:
    """Tidying after -ed/-ing: at → ate, bl → ble, iz → ize, undouble, or add an e."""
    last = stem[-1]
    return apply_first(
        stem,
        [
            ("at", "ate", None),
            ("bl", "ble", None),
            ("iz", "ize", None),
            ("*d", last, lambda _: last not in "lsz"),
            ("", "e", lambda s: measure(s) == 1 and ends_cvc(s)),
        ],
    )


def step1c(word: str) -> str:
    return apply_first(word, [("y", "i", lambda stem: len(stem) > 1 and consonants(stem)[-1])])


def step2(word: str) -> str:
    if word.endswith("alli") and measure(word[:-4]) > 0:
        return step2(word[:-4] + "al")
    return apply_first(word, STEP2) if word.endswith(STEP2_SUFFIXES) else word


def step3(word: str) -> str:
    return apply_first(word, STEP3) if word.endswith(STEP3_SUFFIXES) else word


def step4(word: str) -> str:
    return apply_first(word, STEP4) if word.endswith(STEP4_SUFFIXES) else word


def step5a(word: str) -> str:
    if word.endswith("e"):
        stem = word[:-1]
        m = measure(stem)
        if m > 1 or (m == 1 and not ends_cvc(stem)):
            return stem
    return word


def step5b(word: str) -> str:
    if word.endswith("ll") and measure(word[:-1]) > 1:
        return word[:-1]
    return word


STEPS = (step1a, step1b, step1c, step2, step3, step4, step5a, step5b)


@lru_cache(maxsize=1 << 16)
def stem(word: str) -> str:
    """NLTK's `PorterStemmer().stem(word)` (memoised: a run stems each distinct text once,
    and the app's next run finds the texts it stemmed before)."""
    lowered = word.lower()
    if lowered in IRREGULAR:
        return IRREGULAR[lowered]
    if len(word) <= 2:
        return lowered
    for step in STEPS:
        lowered = step(lowered)
    return lowered
