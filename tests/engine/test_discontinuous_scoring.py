"""Spans in pieces (brat's `0 4;9 12`) scored under each --discontinuous mode: the spans
method's counts against sets of keys on random pairs (the outer extent, each piece, or
all pieces together)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

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
