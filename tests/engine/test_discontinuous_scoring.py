"""Spans in pieces (brat's `0 4;9 12`) scored under each --discontinuous mode (all in
spans.inputs.scored): the spans method's counts against sets of keys on random pairs (the
outer extent, each piece, or all pieces together), every span method's counts on one pair
pinned, and the error rows showing a span as it was scored."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from engine.errors import InputError
from engine.formats.reader_options import DISCONTINUOUS_MODES
from engine.methods import get_method
from tests.engine.span_samples import random_brat_document, write_brat_ann

Pieces = tuple[tuple[int, int], ...]
BratSpan = tuple[int, int, str, Pieces]


def _write_pair(tmp_path: Path, text: str, gold: list[BratSpan], system: list[BratSpan]) -> tuple[Path, Path]:
    """gold/doc.ann and system/doc.ann over the same text (paired by name)."""
    for side, spans in (("gold", gold), ("system", system)):
        (tmp_path / side).mkdir()
        (tmp_path / side / "doc.txt").write_bytes(text.encode("utf-8"))
        (tmp_path / side / "doc.ann").write_text(write_brat_ann(text, spans), encoding="utf-8")
    return tmp_path / "gold" / "doc.ann", tmp_path / "system" / "doc.ann"


def _changed(rnd: random.Random, span: BratSpan) -> BratSpan:
    """The span, or another label, or (in pieces) the same extent cut elsewhere inside."""
    start, end, label, pieces = span
    if rnd.random() < 0.2:
        return start, end, "ORG", pieces
    if len(pieces) > 1 and pieces[0][1] + 1 < pieces[1][0] and rnd.random() < 0.5:
        return start, end, label, ((pieces[0][0], pieces[0][1] + 1), *pieces[1:])
    return span


def _keys(spans: list[BratSpan], mode: str) -> set[tuple]:
    """What a span is compared by under `mode`, with its label."""
    if mode == "extent":
        return {(label, start, end) for start, end, label, _ in spans}
    if mode == "fragments":
        return {(label, piece) for _, _, label, pieces in spans for piece in pieces}
    return {(label, pieces) for _, _, label, pieces in spans}


@pytest.mark.parametrize("mode", DISCONTINUOUS_MODES)
@pytest.mark.parametrize("seed", range(12))
def test_spans_counts_are_those_of_sets_of_keys(tmp_path, seed, mode):
    """A gold span and a system span in pieces of the same extent and label match under
    all-fragments only where every piece does (both sides' pieces numbered in one)."""
    rnd = random.Random(seed)
    text, gold = random_brat_document(rnd)
    system = [_changed(rnd, span) for span in gold if rnd.random() < 0.9] + random_brat_document(rnd)[1][:2]
    system = [span for span in system if span[1] <= len(text)]
    gold_path, system_path = _write_pair(tmp_path, text, gold, system)
    method = get_method("spans")
    report = method.evaluate(str(gold_path), str(system_path), method.Options(discontinuous=mode))
    counted = {label: (c["TP"], c["FP"], c["FN"]) for label, c in report.data["_review"]["counts"].items()}
    gold_keys, system_keys = _keys(gold, mode), _keys(system, mode)
    tp = Counter(key[0] for key in gold_keys & system_keys)
    fp = Counter(key[0] for key in system_keys - gold_keys)
    fn = Counter(key[0] for key in gold_keys - system_keys)
    assert counted == {label: (tp[label], fp[label], fn[label]) for label in counted}
    assert set(counted) == {key[0] for key in gold_keys | system_keys}


# --- every span method on one pair, under each mode -----------------------------------

TEXT = "John and Mary met more or less than ten long times at Bank of America in New York and later in North and South Dakota.\n"  # fmt: skip


def _at(*words: str) -> tuple[int, int]:
    """The characters from the first word's start to the last's end (each word's first)."""
    return TEXT.index(words[0]), TEXT.index(words[-1]) + len(words[-1])


def _span(label: str, *pieces: tuple[int, int]) -> BratSpan:
    return pieces[0][0], pieces[-1][1], label, pieces


#: In pieces: the same pieces on both sides (ten|times), the same extent cut elsewhere
#: (more|than, more|less than), pieces against one span (North|Dakota, Bank|America).
PAIR_GOLD = [
    _span("PER", _at("John")), _span("PER", _at("Mary")), _span("Comparative", _at("more"), _at("than")),
    _span("TIME", _at("ten"), _at("times")), _span("ORG", _at("Bank", "America")),
    _span("LOC", _at("New", "York")), _span("LOC", _at("North"), _at("Dakota")),
]  # fmt: skip
PAIR_SYSTEM = [
    _span("PER", _at("John")), _span("PER", _at("and", "Mary")), _span("Comparative", _at("more"), _at("less", "than")),
    _span("TIME", _at("ten"), _at("times")), _span("ORG", _at("Bank"), _at("America")),
    _span("LOC", _at("New", "York")), _span("LOC", _at("North", "Dakota")),
]  # fmt: skip


def _counts(method_name: str, gold: Path, system: Path, mode: str) -> list[list]:
    """The method's counts: per label (spans: TP FP FN; FairEval: traditional TP FP FN,
    then fair TP FP FN LE BE LBE), per schema (nervaluate), or overall (CLUEval)."""
    method = get_method(method_name)
    tables = method.evaluate(str(gold), str(system), method.Options(discontinuous=mode)).tables
    if method_name == "spans":
        return [row[:4] for row in tables["scores"].rows if isinstance(row[1], int) and row[0] != "micro avg"]
    if method_name == "nervaluate":
        return [row[:6] for row in tables["overall"].rows]
    if method_name == "faireval":
        fair = {row[0]: [row[c] for c in (1, 2, 3, 4, 5, 9)] for row in tables["fair"].rows}
        return [[*row[:4], *fair[row[0]]] for row in tables["traditional"].rows]
    return [row[4:9] for row in tables["overall"].rows]


#: Each method's counts on PAIR_GOLD, PAIR_SYSTEM under each mode, as computed before
#: --discontinuous extent moved into spans.inputs.scored (spans under all-fragments: since
#: both sides' pieces are numbered in one, Comparative's other cut no longer matches).
PINNED = {
    ("spans", "extent"): [["Comparative", 1, 0, 0], ["LOC", 2, 0, 0], ["ORG", 1, 0, 0], ["PER", 1, 1, 1],
                          ["TIME", 1, 0, 0]],
    ("spans", "fragments"): [["Comparative", 1, 1, 1], ["LOC", 1, 1, 2], ["ORG", 0, 2, 1], ["PER", 1, 1, 1],
                             ["TIME", 2, 0, 0]],
    ("spans", "all-fragments"): [["Comparative", 0, 1, 1], ["LOC", 1, 1, 1], ["ORG", 0, 1, 1], ["PER", 1, 1, 1],
                                 ["TIME", 1, 0, 0]],
    ("nervaluate", "extent"): [["strict", 6, 1, 0, 0, 0], ["exact", 6, 1, 0, 0, 0], ["partial", 6, 0, 1, 0, 0],
                               ["ent_type", 7, 0, 0, 0, 0]],
    ("nervaluate", "fragments"): [["strict", 5, 4, 0, 1, 1], ["exact", 5, 4, 0, 1, 1], ["partial", 5, 0, 4, 1, 1],
                                  ["ent_type", 9, 0, 0, 1, 1]],
    ("nervaluate", "all-fragments"): [["strict", 6, 1, 0, 0, 0], ["exact", 6, 1, 0, 0, 0],
                                      ["partial", 6, 0, 1, 0, 0], ["ent_type", 7, 0, 0, 0, 0]],
    ("faireval", "extent"): [
        ["Comparative", 1, 0, 0, 1, 0, 0, 0, 0, 0], ["LOC", 2, 0, 0, 2, 0, 0, 0, 0, 0],
        ["ORG", 1, 0, 0, 1, 0, 0, 0, 0, 0], ["PER", 1, 1, 1, 1, 0, 0, 0, 1, 0],
        ["TIME", 1, 0, 0, 1, 0, 0, 0, 0, 0], ["overall", 6, 1, 1, 6, 0, 0, 0, 1, 0],
    ],
    ("faireval", "fragments"): [
        ["Comparative", 1, 1, 1, 1, 0, 0, 0, 1, 0], ["LOC", 1, 1, 2, 1, 0, 0, 0, 2, 0],
        ["ORG", 0, 2, 1, 0, 0, 0, 0, 2, 0], ["PER", 1, 1, 1, 1, 0, 0, 0, 1, 0],
        ["TIME", 2, 0, 0, 2, 0, 0, 0, 0, 0], ["overall", 5, 5, 5, 5, 0, 0, 0, 6, 0],
    ],
    ("faireval", "all-fragments"): [
        ["Comparative", 0, 1, 1, 0, 1, 1, 0, 0, 0], ["LOC", 1, 1, 1, 1, 1, 1, 0, 0, 0],
        ["ORG", 0, 1, 1, 0, 1, 1, 0, 0, 0], ["PER", 1, 1, 1, 1, 0, 0, 0, 1, 0],
        ["TIME", 1, 0, 0, 1, 0, 0, 0, 0, 0], ["overall", 3, 4, 4, 3, 3, 3, 0, 1, 0],
    ],
    ("clueval", "extent"): [[6, 7, 1, 0, 7]],
    ("clueval", "fragments"): [[7, 9, 3, 1, 10]],
}  # fmt: skip


@pytest.mark.parametrize("mode", DISCONTINUOUS_MODES)
@pytest.mark.parametrize("method_name", ["spans", "nervaluate", "faireval", "clueval"])
def test_every_span_method_counts_spans_in_pieces_as_before(tmp_path, method_name, mode):
    gold, system = _write_pair(tmp_path, TEXT, PAIR_GOLD, PAIR_SYSTEM)
    if (method_name, mode) == ("clueval", "all-fragments"):
        with pytest.raises(InputError, match="expected --discontinuous extent or fragments"):
            _counts(method_name, gold, system, mode)
        return
    assert _counts(method_name, gold, system, mode) == PINNED[method_name, mode]


@pytest.mark.parametrize("method_name", ["spans", "nervaluate"])
def test_an_error_row_shows_the_span_as_scored(tmp_path, method_name):
    """A missed span in pieces: its extent under extent (as FairEval's and CLUEval's rows
    show it), its pieces under all-fragments."""
    missed = [span for span in PAIR_GOLD if span[2] != "TIME"]
    gold, system = _write_pair(tmp_path, TEXT, PAIR_GOLD, missed)
    method = get_method(method_name)
    shown = {}
    for mode in ("extent", "all-fragments"):
        report = method.evaluate(str(gold), str(system), method.Options(discontinuous=mode))
        shown[mode] = [(r["gold_parts"], r["gold_position"], r["gold_text"]) for r in report.error_rows]
    assert shown == {"extent": [([[36, 50]], "36-50", "ten long times")],
                     "all-fragments": [([[36, 39], [45, 50]], "36-39,45-50", "ten long times")]}  # fmt: skip
