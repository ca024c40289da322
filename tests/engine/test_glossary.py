"""The glossary (issue 19.8): every error type each method reports has its words, and every
method has its citation."""

from __future__ import annotations

import pytest

from engine.glossary import GLOSSARY, meaning
from engine.methods import all_methods, get_method
from tests.conftest import conformance

#: (method, gold, system) conformance runs whose error tables hold each method's error types.
RUNS = [
    ("faireval", "faireval/data/target/ner_spans.csv", "faireval/data/system/ner_spans.csv"),
    ("clueval", "clueval/data/fiktives-urteil-p1.bio", "clueval/data/fiktives-urteil-p2.bio"),
    ("poetry", "poetry/quirks/ref.jsonl", "poetry/quirks/sys.jsonl"),
    ("starsem", "starsem/SEM-2012-SharedTask-CD-SCO-dev-09032012.txt", "starsem/dev.mixed.system.txt"),
    ("propara", "propara/testfiles-1/answers.tsv", "propara/testfiles-1/predictions.tsv"),
]


def test_every_method_has_a_glossary_with_a_citation():
    assert {m.name for m in all_methods()} <= set(GLOSSARY)
    for terms in GLOSSARY.values():
        assert terms.citation and terms.error_types and terms.measures


@pytest.mark.parametrize(("method", "gold", "system"), RUNS)
def test_every_reported_error_type_and_subtype_has_its_meaning(method, gold, system):
    root = conformance(method).parent
    evaluator = get_method(method)
    report = evaluator.evaluate(str(root / gold), str(root / system), evaluator.Options())
    kinds = {str(row[key]) for row in report.error_rows for key in ("type", "subtype") if row[key]}
    assert kinds, "the run reports errors"
    assert {kind for kind in kinds if not meaning(method, kind)} == set()


def test_an_unknown_type_or_method_has_no_words():
    assert meaning("faireval", "nonsense") == meaning("nonsense", "FN") == ""
    assert "smaller" in meaning("faireval", "BES")
