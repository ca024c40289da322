"""The words of FairEval's CoNLL-2000 sentences for the detail (faireval/words.py): read as
the mapping of lists they stand for, a pair's target words over its system's."""

from __future__ import annotations

import numpy as np

from engine.methods.faireval.words import SentenceWords

TARGET = {0: ["The", "cat"], 3: [], 4: ["Ünïcode", "x"], 6: ["New York", " ", "😀"]}  # a span format's words may hold spaces
SYSTEM = {0: ["Le", "chat"], 2: ["un", "deux", "trois"], 5: ["fin"]}


def test_words_read_as_their_lists():
    words = SentenceWords.of(TARGET)
    assert dict(words) == TARGET and len(words) == 4 and list(words) == [0, 3, 4, 6]
    assert words[4] == ["Ünïcode", "x"] and words.get(1, ["none"]) == ["none"] and 3 in words and 1 not in words
    assert words.text == "The cat Ünïcode x New York   😀 " and words.starts.tolist() == [0, 4, 8, 16, 18, 27, 29, 31]
    assert dict(words.worded()) == {k: v for k, v in TARGET.items() if v}
    assert SentenceWords.of(words) is words and dict(SentenceWords.none()) == {}


def test_the_targets_words_over_the_systems():
    merged = SentenceWords.of(TARGET).over(SentenceWords.of(SYSTEM))
    assert dict(merged) == {**SYSTEM, **TARGET} and list(merged) == [0, 2, 3, 4, 5, 6]
    assert _cut(merged) == _stored(merged)  # each word where its start says
    firsts = merged.firsts[merged.sentences == 2][0]
    assert _cut(merged)[firsts : firsts + 3] == ["un", "deux", "trois"]
    alone = SentenceWords.of({0: ["a"]})
    assert alone.over(SentenceWords.of({0: ["b"]})) is alone  # nothing to add: itself
    assert np.array_equal(alone.over(SentenceWords.none()).sentences, [0])


def test_random_pairs_merge_as_dicts_do():
    """Random target and system words (sentences with and without words, shared and not):
    `over` reads as {**system, **target}, its joined text cut at `starts` as its words."""
    rng = np.random.default_rng(3)
    for _ in range(200):
        target, system = ({int(k): [f"{side}{k} {i}" * int(rng.integers(1, 3)) for i in range(int(rng.integers(0, 4)))]
                           for k in rng.choice(12, int(rng.integers(0, 8)), replace=False)}
                          for side in "ts")  # fmt: skip
        merged = SentenceWords.of(target).over(SentenceWords.of(system))
        assert dict(merged) == {**system, **target} and list(merged) == sorted({**system, **target})
        assert _cut(merged) == _stored(merged)
        assert len(merged.text) == merged.starts[-1] and merged.text[-1:] in ("", " ")


def _cut(words: SentenceWords) -> list[str]:
    """The text cut at its starts, the space after each word left out."""
    text, starts = words.text, words.starts.tolist()
    return [text[a : b - 1] for a, b in zip(starts[:-1], starts[1:], strict=True)]


def _stored(words: SentenceWords) -> list[str]:
    """The words of every sentence, in the order the text holds them (their firsts')."""
    order = np.argsort(words.firsts, kind="stable").tolist()
    return [word for k in order for word in words[int(words.sentences[k])]]
