"""FairEval's CoNLL-2000 reading as arrays (engine/formats/nested_bio.py, ConllReader.chunks)
against the token-at-a-time stack of the original's rules (tests/engine/conll2000_oracle.py),
on random files of nested tags with every quirk: spans, their order, lines, token gaps,
punctuation taken out, the warnings and the first error."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine.errors import InputError
from engine.formats.conll2000 import ConllReader, LineFields
from tests.engine import conll2000_oracle as oracle

ODD = ["S-NP", "E-VP", "", "b-np", "B-", "B-NP-SBJ", "I-", "O"]  # levels of the quirks
POS = ["NN", "$.", "$,", ",", "PUNCT", "VVFIN", "(", "“"]


def random_tags(rng: random.Random, n: int) -> list[str]:
    """Tags of nested levels, mostly well formed (an I- where a span is likely open)."""
    tags, depth = [], 0
    for _ in range(n):
        if rng.random() < 0.15:
            tags.append(rng.choice(["O", "_"]))
            depth = 0
            continue
        levels, open_ = [], depth
        for i in range(rng.choice([1, 1, 2, 2, 3])):
            if rng.random() < 0.08:
                levels.append(rng.choice(ODD))
            elif i < open_ and rng.random() < 0.7:
                levels.append(rng.choice(["I-NP", "I-VP", "I-S"]))
            else:
                levels.append(rng.choice(["B-NP", "B-VP", "B-S"]))
                open_ = i  # the levels under a new span open with it
        tags.append("|".join(levels))
        depth = len(levels)
    return tags


def random_line(rng: random.Random, tag: str, quirks: bool) -> str:
    if quirks and rng.random() < 0.03:
        line = rng.choice([f"w {tag}", tag, f"w\t{rng.choice(POS)}\t{tag}", f"w  {rng.choice(POS)} {tag}"])
        return line.strip() or "w"  # a line of a sentence has text (read stripped)
    return f"w{rng.randrange(5)} {rng.choice(POS)} {tag}"


def random_file(rng: random.Random, quirks: bool) -> list[list[str]]:
    return [[random_line(rng, tag, quirks) for tag in random_tags(rng, rng.randint(1, 12))]
            for _ in range(rng.randint(1, 8))]  # fmt: skip


def by_the_oracle(sentences: list[list[str]], ignore_punct: bool):
    """Spans (label, begin, end, tokens, line) by sentence, the warnings, and the error."""
    warnings: list[str] = []
    reader = oracle.ConllReader("x.conll", warnings)
    found, number = [], 1
    try:
        for lines in sentences:
            keys, at, _ = reader.sentence(number, lines, ignore_punct)
            found.append([(label, b, e, tuple(sorted(t)), line) for (label, b, e, t), line in zip(keys, at, strict=True)])
            number += len(lines) + 1
    except InputError as err:
        return None, None, str(err)
    return found, warnings, None


def by_arrays(sentences: list[list[str]], ignore_punct: bool, runs: int):
    """The same from ConllReader.chunks, the sentences given in `runs` runs."""
    warnings: list[str] = []
    texts = sorted({line for lines in sentences for line in lines})
    reader = ConllReader("x.conll", warnings, ignore_punct, LineFields.of(texts))
    numbers, number = [], 1
    for lines in sentences:
        numbers.append(list(range(number, number + len(lines))))
        number += len(lines) + 1
    found = []
    cut = sorted(random.Random(len(sentences)).sample(range(1, len(sentences)), min(runs, len(sentences)) - 1))
    try:
        for a, b in zip([0, *cut], [*cut, len(sentences)], strict=True):
            found += _run(reader, texts, sentences[a:b], numbers[a:b])
    except InputError as err:
        return None, None, str(err)
    return found, warnings, None


def _run(reader: ConllReader, texts: list[str], sentences: list[list[str]], numbers: list[list[int]]):
    ids = np.array([texts.index(line) for lines in sentences for line in lines], np.int64)
    starts = np.cumsum([0] + [len(lines) for lines in sentences[:-1]])
    lines_of = np.array([n for ns in numbers for n in ns], np.int64)
    chunks = reader.chunks(ids, lines_of, starts)
    forms = reader.words(ids)
    assert forms == [line.split()[0] for lines in sentences for line in lines]
    found = [[] for _ in sentences]
    for row, k in enumerate(chunks.sentence.tolist()):
        begin, end = int(chunks.begin[row]), int(chunks.end[row])
        tokens = tuple(sorted(chunks.gaps.get(row, range(begin, end + 1))))
        label = chunks.labels[int(chunks.label[row])]
        found[k].append((label, begin, end, tokens, int(lines_of[chunks.first[row]])))
    return found


@pytest.mark.parametrize("seed", range(8))
def test_random_files_read_as_the_original_reads_them(seed):
    rng = random.Random(seed)
    compared = errors = 0
    for n in range(300):
        sentences = random_file(rng, quirks=n % 3 == 0)
        for ignore_punct in (False, True):
            expected = by_the_oracle(sentences, ignore_punct)
            assert by_arrays(sentences, ignore_punct, runs=1 + n % 3) == expected, (sentences, ignore_punct)
            compared += 1
            errors += expected[2] is not None
    assert 0 < errors < compared  # both kinds of file were met


def test_the_oracle_cases_gaps_and_punctuation_are_met():
    """The random files hold what the comparison must see: spans with gaps, spans cut by
    punctuation, warnings of both kinds."""
    rng = random.Random(0)
    seen = {"gap": False, "cut": False, "fields": False, "tag": False}
    for n in range(300):
        sentences = random_file(rng, quirks=n % 3 == 0)
        plain, warnings, _ = by_the_oracle(sentences, False)
        cut, _, _ = by_the_oracle(sentences, True)
        if plain is None:
            continue
        spans = [s for sentence in plain for s in sentence]
        seen["gap"] |= any(len(tokens) != e - b + 1 for _, b, e, tokens, _ in spans)
        seen["cut"] |= cut is not None and cut != plain
        seen["fields"] |= any("no chunk tag" in w for w in warnings)
        seen["tag"] |= any("neither B-, I- nor O" in w for w in warnings)
    assert all(seen.values()), seen
