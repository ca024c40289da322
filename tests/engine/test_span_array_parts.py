"""The array pieces the CoNLL reader, spans and nervaluate are built from, each against a
plain Python reading of the same rule on random inputs (the oracle tests check the
methods' numbers; these check the pieces, the rarely taken branches included)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine.formats import field_bytes
from engine.formats.columns import distinct_fields, gather, split_lines
from engine.formats.field_bytes import _dict_codes as dict_codes
from engine.methods.nervaluate.matching import (
    SCHEMAS,
    Side,
    components_of,
    evaluate,
    evaluate_per_label,
    in_order,
)
from engine.methods.spans.scoring import match, row_keys


def _fields(line: str, separator: str | None) -> list[str]:
    """The documented rule: a TAB line split on every TAB, other lines on runs of spaces."""
    if separator == "tab" or (separator is None and "\t" in line):
        return line.split("\t")
    blanks = " \t" if separator == "whitespace" else " "
    return [f for f in line.translate({ord(b): " " for b in blanks}).split(" ") if f]


@pytest.mark.parametrize("separator", [None, "tab", "whitespace"])
def test_split_lines_gives_the_fields_of_every_line(separator):
    rng = random.Random(11)
    for _ in range(2000):
        text = "".join(rng.choice(["a", "bc", " ", "  ", "\t", "\n", "é", "\u00a0"]) for _ in range(rng.randint(0, 25)))
        raw = text.encode("utf-8")
        lines = split_lines(raw, separator)
        for number, line in enumerate(text.split("\n")):
            count = int(lines.field_count[number])
            first = int(lines.first_field[number])
            got = [raw[int(s) : int(e)].decode("utf-8")
                   for s, e in zip(lines.field_starts[first : first + count], lines.field_ends[first : first + count],
                                   strict=True)]  # fmt: skip
            assert got == _fields(line, separator), (text, number)
            assert bool(lines.blank[number]) == (line.strip(" \t") == ""), (text, number)


@pytest.mark.parametrize("separator", ["tab", "whitespace"])
def test_an_empty_file_has_no_line_whose_first_field_is_a_word(separator):
    """An empty file read with TAB separators still has one (empty) field: no crash."""
    assert not split_lines(b"", separator).first_field_is(b"-DOCSTART-").any()


class _Colliding(field_bytes._HashedFields):
    """Hashed fields that all have one hash."""

    def __init__(self, *args: np.ndarray) -> None:
        super().__init__(*args)
        self.hashes = np.zeros_like(self.hashes)


@pytest.mark.parametrize("collide", [False, True])
@pytest.mark.parametrize("wide", [field_bytes._WIDE, 3])
@pytest.mark.parametrize("block", [field_bytes._BLOCK_PIECES, 3])
def test_distinct_fields_numbers_fields_in_order_of_first_appearance(monkeypatch, collide, wide, block):
    """Fields of up to 900 bytes, in runs of equal ones and not; also with a piece of each
    read in turn while 3 fields reach that far, with their pieces read three at a time (a
    field longer than that alone), and with every field of eight bytes or more given one
    hash (the check finds the collision and the fields are numbered through a dict)."""
    monkeypatch.setattr(field_bytes, "_WIDE", wide)
    monkeypatch.setattr(field_bytes, "_BLOCK_PIECES", block)
    if collide:
        monkeypatch.setattr(field_bytes, "_HashedFields", _Colliding)
    fallbacks = []
    monkeypatch.setattr(field_bytes, "_dict_codes", lambda *args: fallbacks.append(1) or dict_codes(*args))
    rng = random.Random(12)
    pieces = ["a", "\x00", "é", "bb", "ccccccc", "dddddddd", "\x00" * 7, "B-", "I-", "e" * 300]
    for _ in range(1000):
        words = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 4))) for _ in range(rng.randint(0, 12))]
        words = [word for word in words for _ in range(rng.choice([1, 1, 2]))]
        encoded = [w.encode("utf-8") for w in words]
        lengths = np.array([len(w) for w in encoded], dtype=np.int64)
        starts = np.cumsum(lengths + 1) - (lengths + 1)
        data = np.frombuffer(b"".join(w + b"\t" for w in encoded), dtype=np.uint8)
        codes, names = distinct_fields(data, starts, starts + lengths)
        assert names == list(dict.fromkeys(words))
        assert [names[c] for c in codes.tolist()] == words
    assert bool(fallbacks) == collide


@pytest.mark.parametrize("wide", [field_bytes._WIDE, 2])
def test_fields_of_one_hash_are_told_apart_by_their_bytes(monkeypatch, wide):
    """Fields of one length and one first piece, differing further on, all given one hash:
    the check compares them byte for byte (in turn while wide, else the rest at once)."""
    monkeypatch.setattr(field_bytes, "_WIDE", wide)
    monkeypatch.setattr(field_bytes, "_HashedFields", _Colliding)
    rng = random.Random(18)
    for _ in range(300):
        words = ["B-entity" + "".join(rng.choice("ab") for _ in range(rng.choice([3, 20]))) for _ in range(4)]
        assert _distinct_lines(words) == list(dict.fromkeys(words))


@pytest.mark.parametrize("wide", [field_bytes._WIDE, 2])
@pytest.mark.parametrize("block", [field_bytes._BLOCK_PIECES, 2])
def test_differing_fields_finds_the_fields_whose_bytes_differ(monkeypatch, wide, block):
    """Fields of up to 600 bytes of two arrays, differing anywhere or not at all (also read
    a piece of each in turn while two reach that far, and every piece two at a time)."""
    monkeypatch.setattr(field_bytes, "_WIDE", wide)
    monkeypatch.setattr(field_bytes, "_BLOCK_PIECES", block)
    rng = random.Random(16)
    for _ in range(600):
        mine = ["".join(rng.choice("ab\x00") for _ in range(rng.choice([0, 3, 8, 9, 17, 600]))) for _ in range(6)]
        theirs = [rng.choice([word, word[:-1], word + "a", _changed(rng, word)]) for word in mine]
        fields = [_laid_out(words) for words in (mine, theirs)]
        got = field_bytes.differing_fields(*fields[0], *fields[1]).tolist()
        assert got == [k for k, (a, b) in enumerate(zip(mine, theirs, strict=True)) if a != b]


def test_pieces_are_read_a_block_at_a_time(monkeypatch):
    """Blocks of fields in order, each of at most twice _BLOCK_PIECES pieces unless of one field:
    the memory a long field takes is its own bytes', not the longest's times the fields."""
    monkeypatch.setattr(field_bytes, "_BLOCK_PIECES", 5)
    rng = random.Random(17)
    for _ in range(500):
        lengths = np.array([rng.choice([0, 1, 8, 9, 40, 100]) for _ in range(rng.randint(0, 20))], np.int64)
        blocks = list(field_bytes._piece_blocks(lengths))
        assert [k for part, _ in blocks for k in range(len(lengths))[part]] == list(range(len(lengths)))
        for part, counts in blocks:
            assert counts.tolist() == [max(-(-n // 8), 1) for n in lengths[part].tolist()]
            assert counts.sum() <= 2 * 5 or len(counts) == 1


def _changed(rng: random.Random, word: str) -> str:
    """`word` with one of its characters another (the same word where it has none)."""
    if not word:
        return word
    at = rng.randrange(len(word))
    return word[:at] + ("b" if word[at] != "b" else "a") + word[at + 1 :]


def _laid_out(words: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The words' bytes one after another, each after a byte of padding, and their extents."""
    encoded = [w.encode("utf-8") for w in words]
    lengths = np.array([len(w) for w in encoded], dtype=np.int64)
    starts = np.cumsum(lengths + 1) - lengths
    return np.frombuffer(b"".join(b"|" + w for w in encoded), dtype=np.uint8), starts, starts + lengths


def _distinct_lines(words: list[str]) -> list[str]:
    """distinct_fields of one word a line: the names, checked to give back every word."""
    data = np.frombuffer("".join(w + "\n" for w in words).encode(), dtype=np.uint8)
    lengths = np.array([len(w) for w in words], dtype=np.int64)
    starts = np.cumsum(lengths + 1) - (lengths + 1)
    codes, names = distinct_fields(data, starts, starts + lengths)
    assert [names[c] for c in codes.tolist()] == words
    return names


def test_distinct_fields_of_many_distinct_fields():
    """Many distinct fields, in runs of equal ones and not."""
    rng = random.Random(14)
    words = [f"w{rng.randrange(300)}" for _ in range(2000) for _ in range(rng.randint(1, 3))]
    names = _distinct_lines(words)
    assert names == list(dict.fromkeys(words)) and len(names) > 64


def test_distinct_fields_of_many_distinct_long_fields():
    """Fields of more than 8 bytes, many distinct (entity-linking tags such as B-Q12345678):
    hashed (a crash once, when their second pieces were numbered apart)."""
    rng = random.Random(15)
    words = [f"B-Q{rng.randrange(10**7, 10**8)}" for _ in range(900)]
    assert _distinct_lines(words) == list(dict.fromkeys(words))


def test_gather_joins_the_fields_each_followed_by_its_byte():
    rng = random.Random(13)
    for _ in range(2000):
        text = "".join(rng.choice(["a", "bc", "é", " ", "\n"]) for _ in range(rng.randint(0, 25)))
        raw = text.encode("utf-8")
        lines = split_lines(raw, "whitespace")
        starts, ends = lines.field_starts, lines.field_ends
        after = np.array([rng.choice(b" \n") for _ in range(len(starts))], dtype=np.uint8)
        got = gather(lines.data, starts, ends, after).tobytes()
        expected = b"".join(raw[s:e] + bytes([a]) for s, e, a in zip(starts, ends, after, strict=True))
        assert got == expected, text


def test_row_keys_order_rows_as_tuples_even_when_the_columns_are_wide():
    rng = random.Random(13)
    for wide in (False, True):  # wide: the digits would not fit in one integer (ranks instead)
        for _ in range(300):
            values = [0, 1, 2**40, 2**61] if wide else [0, 1, 2, 3]
            rows = np.array([[rng.choice(values) for _ in range(4)] for _ in range(rng.randint(0, 9))],
                            dtype=np.int64).reshape(-1, 4)  # fmt: skip
            keys = row_keys(rows).tolist()
            tuples = [tuple(r) for r in rows.tolist()]
            for i, a in enumerate(tuples):
                for j, b in enumerate(tuples):
                    assert (keys[i] < keys[j]) == (a < b) and (keys[i] == keys[j]) == (a == b)


def test_match_marks_spans_the_other_side_has_and_the_first_of_repeats():
    rng = random.Random(14)
    for _ in range(500):
        gold = np.array([[0, rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 1), 0] for _ in range(rng.randint(0, 6))],
                        dtype=np.int64).reshape(-1, 5)  # fmt: skip
        system = np.array([[0, rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 1), 0] for _ in range(rng.randint(0, 6))],
                          dtype=np.int64).reshape(-1, 5)  # fmt: skip
        m = match(gold, system)
        g, s = [tuple(r) for r in gold.tolist()], [tuple(r) for r in system.tolist()]
        assert m.gold_matched.tolist() == [r in s for r in g]
        assert m.system_matched.tolist() == [r in g for r in s]
        assert m.gold_first.tolist() == [r not in g[:i] for i, r in enumerate(g)]
        assert m.system_first.tolist() == [r not in s[:i] for i, r in enumerate(s)]


def test_in_order_says_whether_lexsort_would_keep_the_rows_where_they_are():
    rng = random.Random(15)
    for _ in range(2000):
        n = rng.randint(0, 8)
        keys = tuple(np.array([rng.randint(0, 2) for _ in range(n)], dtype=np.int64) for _ in range(3))
        assert in_order(keys) == (np.lexsort(keys).tolist() == list(range(n)))


def _side(rng: random.Random, n: int) -> Side:
    starts = [rng.randint(0, 15) for _ in range(n)]
    rows = sorted((rng.randint(0, 1), s, s + rng.randint(0, 3), rng.randint(0, 2)) for s in starts)
    a = np.array(rows, dtype=np.int64).reshape(-1, 4)
    return Side(a[:, 0], a[:, 1], a[:, 2], a[:, 3])


def test_every_label_evaluated_at_once_is_each_label_evaluated_alone():
    rng = random.Random(16)
    for _ in range(400):
        true, pred = _side(rng, rng.randint(0, 9)), _side(rng, rng.randint(0, 9))
        parts = components_of(true, pred)
        together = evaluate_per_label(true, pred, 3, evaluate(true, pred, parts), parts)
        assert set(together) == set(np.union1d(true.label, pred.label).tolist())
        for label, (true_index, pred_index, outcomes) in together.items():
            in_true, in_pred = true.label == label, pred.label == label
            alone = evaluate(true.subset(in_true), pred.subset(in_pred))
            assert true_index.tolist() == np.flatnonzero(in_true).tolist()
            assert pred_index.tolist() == np.flatnonzero(in_pred).tolist()
            for schema in SCHEMAS:
                a, b = alone[schema], outcomes[schema]
                assert a.counts == b.counts
                assert a.pred_status.tolist() == b.pred_status.tolist()
                assert a.pred_partner.tolist() == b.pred_partner.tolist()
                assert a.true_status.tolist() == b.true_status.tolist()


def test_token_numbers_carried_from_the_conll_reader_are_those_found_from_characters(tmp_path):
    """nervaluate takes CoNLL spans' token numbers from the reader where the tokens of both
    sides are those of the text they are scored in; where a side's tokens differ (a TAB
    token holding a space against two tokens), they are found from the characters."""
    from engine.formats import read_spans
    from engine.formats.pairing import pair
    from engine.formats.standoff import ReadOptions
    from engine.methods.nervaluate import _token_positions

    rng = random.Random(15)
    tags = [rng.choice(["O", "B-PER", "I-PER", "B-LOC"]) for _ in range(400)]
    lines = [f"w{i} {t}" + ("\n" if i % 9 == 8 else "") for i, t in enumerate(tags)]
    (tmp_path / "gold.conll").write_text("\n".join(lines) + "\n")
    (tmp_path / "system.conll").write_text("\n".join(lines).replace("B-LOC", "B-PER") + "\n")
    (tmp_path / "joined.conll").write_text("w0 w1\tB-PER\n" + "\n".join(lines[2:]).replace(" ", "\t") + "\n")
    options = ReadOptions(scheme="IOB2", reading="conlleval")
    gold = read_spans(str(tmp_path / "gold.conll"), "conll", options)
    for other, carried in (("system.conll", True), ("joined.conll", False)):
        paired = pair(gold, read_spans(str(tmp_path / other), "conll", options))
        for table, expected in ((paired.gold, True), (paired.system, carried)):
            assert (table.tokens is not None) == expected
            if table.tokens is not None:
                found = _token_positions(paired, table)
                assert all(np.array_equal(a, b) for a, b in zip(table.tokens, found, strict=True))
