"""A ProPara error row's detail `label scored 0.667` is made once per question and score,
numbered on arrays (engine/methods/propara/errorrows.py): each row shows what main showed
when it made them from a dict of (question, score) pairs, where -0.0 and 0.0 are one key
and the first row of the two gives the text."""

from __future__ import annotations

import numpy as np

from engine.methods.propara.errorrows import ITEM_LABELS, _scored


def _by_dict(question: list[int], scores: list[float]) -> list[str]:
    """Each row's text as the dict of pairs made it (main before the arrays)."""
    pairs = list(zip(question, scores, strict=True))
    firsts = dict.fromkeys(pairs)  # -0.0 == 0.0: one key, the first row's
    texts = {(q, score): f"{ITEM_LABELS[q + 1]} scored {score:.3f}" for q, score in firsts}
    return [texts[pair] for pair in pairs]


def test_a_score_of_minus_zero_shows_as_the_first_row_of_its_pair():
    """Without the -0.0 made 0.0: the second row shows 'scored -0.000' (its own pair)."""
    question, scores = [0, 0, 1, 1, 0, 2], [0.0, -0.0, -0.0, 0.0, 0.5, -0.0]
    texts, number = _scored(np.array(question), np.array(scores))
    shown = [texts[n] for n in number.tolist()]
    assert shown == _by_dict(question, scores)
    assert shown[:2] == [f"{ITEM_LABELS[1]} scored 0.000"] * 2
    assert len(texts) == 4
