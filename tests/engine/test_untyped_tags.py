"""Untyped tags (a B or I alone: one-type corpora such as BioBERT's NCBI-disease write
`APC2 B`, `coli I`, `is O`) read as seqeval 1.2.2 reads them, as spans of the type '_', in
both readings; the file is sniffed as CoNLL; the same spans as a file tagged B-_ and I-_."""

from __future__ import annotations

import random

import pytest

from engine.formats import sniffing
from engine.methods import get_method


def _tags(rng: random.Random, length: int) -> list[str]:
    """One sentence's untyped IOB2 tags: an I only after a B or I."""
    tags, inside = [], False
    for _ in range(length):
        tag = rng.choice("OBII" if inside else "OOB")
        inside = tag != "O"
        tags.append(tag)
    return tags


def _corpus(seed: int) -> tuple[list[list[str]], list[list[str]]]:
    rng = random.Random(seed)
    lengths = [rng.randint(1, 15) for _ in range(60)]
    return ([_tags(random.Random(seed * 1000 + k), n) for k, n in enumerate(lengths)],
            [_tags(rng, n) for n in lengths])  # fmt: skip


def _write(path, sentences: list[list[str]], typed: bool = False) -> str:
    blocks = ["\n".join(f"w{k}\t{t if t == 'O' or not typed else t + '-_'}" for k, t in enumerate(tags))
              for tags in sentences]  # fmt: skip
    path.write_text("\n\n".join(blocks) + "\n", encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("reading", ["strict", "conlleval"])
def test_untyped_tags_give_seqevals_numbers(tmp_path, seed, reading):
    from seqeval.metrics import classification_report
    from seqeval.scheme import IOB2

    gold, system = _corpus(seed)
    method = get_method("spans")
    report = method.evaluate(_write(tmp_path / "g.conll", gold), _write(tmp_path / "s.conll", system),
                             method.Options(reading=reading)).data  # fmt: skip
    mode = {"mode": "strict", "scheme": IOB2} if reading == "strict" else {}
    expected = classification_report(gold, system, output_dict=True, **mode)
    assert "_" in expected and report["classification_report"] == {
        k: {m: float(v) if m != "support" else int(v) for m, v in row.items()} for k, row in expected.items()
    }
    typed = method.evaluate(_write(tmp_path / "gt.conll", gold, True), _write(tmp_path / "st.conll", system, True),
                            method.Options(reading=reading)).data  # fmt: skip
    assert typed["classification_report"] == report["classification_report"]


def test_an_untyped_file_is_sniffed_as_conll():
    assert sniffing.columns_like(["Identification\tO", "APC2\tB", "polyposis\tI", "coli\tI"])
    assert not sniffing.columns_like(["APC2\tB", "tumour\tI|O", "is\tO"])  # one of them no tag
    assert not sniffing.columns_like(['[{"text": "Call me Ishmael. Call me I'])  # a line cut after an I
    assert not sniffing.columns_like(["APC2\tB", "coli\tI"])  # no O beside them


#: Tags and words the sniffer's tag patterns are asked about.
ASKED = ("O", "B-PER", "I-art-film", "M-x", "L-", "U-LOC", "B- PER", "B", "I", "E", "S", "U", "L", "M", "X",
         "o", "b", "BB", "B_PER", "b-PER", "PER", "person-actor", "O-x", "B-", "", "12", "_", "X-men")


@pytest.mark.parametrize("tag", ASKED)
def test_an_untyped_tag_is_a_column_tag_or_a_scheme_letter_alone_and_never_a_bare_label(tag):
    untyped = bool(sniffing._UNTYPED_TAG.fullmatch(tag))
    assert untyped == (bool(sniffing._COLUMN_TAG.fullmatch(tag)) or tag in tuple("BIESULM"))
    assert not (untyped and sniffing.BARE_LABEL.fullmatch(tag)) or tag == "O"
