"""One scale for scores (issue 19.7): which columns are scores, each table's own scale, and
a score on the scale chosen."""

from __future__ import annotations

from engine.methods import get_method
from engine.scale import FRACTION, PERCENT, is_score_column, on_scale, score_text
from tests.conftest import conformance


def test_score_columns_are_precision_recall_and_f1_whatever_their_spelling():
    for name in ("precision", "recall", "f1", "P", "R", "F1", "inputs_recall", "moves_precision", "f1-score"):
        assert is_score_column(name), name
    for name in ("precision_low", "f1-score_high", "P_low", "F1_high", "moves_precision_low"):
        assert is_score_column(name), name  # the ends of a score's interval are on its scale
    for name in ("TP", "label", "relevance", "value", "score", "FP", "page_id", "TP_Precision", "TP_Recall",
                 "support", "TP_Precision_low"):
        assert not is_score_column(name), name


def test_a_score_on_either_scale_from_either_scale():
    assert on_scale(0.8666, FRACTION, PERCENT) == 86.66
    assert on_scale(92.8571, PERCENT, FRACTION) == 0.928571
    assert on_scale(92.8571, PERCENT, PERCENT) == 92.8571 and on_scale(0.5, FRACTION, FRACTION) == 0.5
    assert score_text(86.666, PERCENT) == "86.67" and score_text(0.86666, FRACTION) == "0.8667"


def test_the_tables_of_clueval_and_starsem_say_their_scores_are_percentages():
    root = conformance("clueval").parent
    runs = {
        "clueval": ("clueval/data/fiktives-urteil-p1.bio", "clueval/data/fiktives-urteil-p2.bio", True),
        "starsem": (
            "starsem/SEM-2012-SharedTask-CD-SCO-dev-09032012.txt",
            "starsem/dev.mixed.system.txt",
            True,
        ),
        "faireval": ("faireval/data/target/ner_spans.csv", "faireval/data/system/ner_spans.csv", False),
        "propara": ("propara/testfiles-1/answers.tsv", "propara/testfiles-1/predictions.tsv", False),
    }
    for method, (gold, system, percent) in runs.items():
        evaluator = get_method(method)
        report = evaluator.evaluate(str(root / gold), str(root / system), evaluator.Options())
        for table in report.score_tables().values():
            scores = [
                v for row in table.rows for c, v in zip(table.columns, row, strict=True) if is_score_column(c)
            ]
            if scores:
                assert table.scale == (PERCENT if percent else FRACTION), (method, table.title)
                assert max(scores) > 1 if percent else max(scores) <= 1, (method, table.title)
