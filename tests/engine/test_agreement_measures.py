"""Agreement figures over generated annotators: 2, 3 and 5 annotators, perfect and total
disagreement, a silent annotator, label-only and boundary-only disagreement, a missing
document, undefined cases, unicode (issue 22)."""

from __future__ import annotations

import random

import pytest
from nltk.metrics.agreement import AnnotationTask

from engine.agreement.corpus import build_corpus
from engine.agreement.measures import measure
from engine.errors import InputError
from engine.formats.standoff import text_document
from engine.spans import Annotations, Span

TEXT = "Sherlock Holmes met Dr Watson in London ."  # 8 tokens
HOLMES, WATSON, LONDON = (0, 15), (20, 29), (33, 39)


def side(
    name: str, spans: list[tuple[str, int, int, str]], docs: dict[str, str] | None = None
) -> Annotations:
    docs = docs or {"d1": TEXT}
    return Annotations(
        name,
        "test",
        [text_document(n, t) for n, t in docs.items()],
        [Span(s, e, lab, d) for d, s, e, lab in spans],
    )


def run(sides: dict[str, Annotations], labels=None) -> dict:
    return measure(build_corpus(sides, labels))


def pair(block: dict, *path: str, a: str = "a", b: str = "b"):
    for key in path:
        block = block[key]
    return block["pairwise"][a][b]


def test_perfect_agreement_of_three_annotators_is_one_everywhere():
    spans = [("d1", *HOLMES, "PER"), ("d1", *WATSON, "PER"), ("d1", *LONDON, "LOC")]
    data = run({n: side(n, spans) for n in ("a", "b", "c")})
    overall = data["overall"]
    for variant in ("labelled", "unlabelled", "overlap"):
        assert overall["span_f1"][variant]["mean"] == 1.0
    assert overall["token"]["cohen_kappa"]["mean"] == 1.0
    assert overall["token"]["fleiss_kappa"] == 1.0
    assert overall["token"]["krippendorff_alpha"] == 1.0
    assert overall["alpha_u"]["overall"] == 1.0
    assert overall["alpha_u"]["per_label"] == {"LOC": 1.0, "PER": 1.0}
    assert overall["alpha_u"]["pairwise_mean"] == 1.0
    assert overall["alpha_u"]["disagreement"]["overall"]["observed"] == 0.0
    assert overall["undefined"] == {}
    assert data["annotators"] == ["a", "b", "c"] and data["common_documents"] == ["d1"]


def test_label_only_disagreement():
    data = run({"a": side("a", [("d1", *HOLMES, "PER")]), "b": side("b", [("d1", *HOLMES, "LOC")])})
    overall = data["overall"]
    assert pair(overall, "span_f1", "labelled") == 0.0
    assert pair(overall, "span_f1", "unlabelled") == 1.0
    assert pair(overall, "span_f1", "overlap") == 0.0
    kappa = pair(overall["token"], "cohen_kappa")
    assert kappa == pytest.approx(
        AnnotationTask(_items(data, TEXT, {"a": ["PER"] * 2, "b": ["LOC"] * 2})).kappa()
    )
    assert kappa == pytest.approx(3 / 7)  # 6 tokens agree on O, 2 differ: po 0.75, pe 0.5625


def _items(data: dict, text: str, labelled: dict[str, list[str]]) -> list[tuple[str, str, str]]:
    """NLTK's (coder, item, label) triples: the first tokens labelled as given, the rest O."""
    n = len(text.split())
    return [
        (c, str(t), labels[t] if t < len(labels) else "O") for c, labels in labelled.items() for t in range(n)
    ]


def test_boundary_only_disagreement():
    data = run({"a": side("a", [("d1", *HOLMES, "PER")]), "b": side("b", [("d1", 0, 8, "PER")])})
    overall = data["overall"]
    assert pair(overall, "span_f1", "labelled") == 0.0
    assert pair(overall, "span_f1", "unlabelled") == 0.0
    assert pair(overall, "span_f1", "overlap") == 1.0
    assert overall["alpha_u"]["disagreement"]["per_label"]["PER"]["observed"] == pytest.approx(
        2 * 1 / (2 * 1 * 64)
    )


def test_total_disagreement_and_a_silent_annotator():
    data = run(
        {
            "a": side("a", [("d1", *HOLMES, "PER"), ("d1", *LONDON, "LOC")]),
            "b": side("b", [("d1", *WATSON, "ORG")]),
            "silent": side("silent", []),
        }
    )
    overall = data["overall"]
    for variant in ("labelled", "unlabelled", "overlap"):
        assert pair(overall, "span_f1", variant) == 0.0
        assert pair(overall, "span_f1", variant, b="silent") == 0.0  # one has none → 0
    assert pair(overall["token"], "cohen_kappa", b="silent") == 0.0
    assert overall["alpha_u"]["overall"] < 0
    assert overall["alpha_u"]["pairwise"]["a"]["b"] < 0


def test_two_silent_annotators_have_no_span_f1_and_no_kappa():
    data = run({"a": side("a", []), "b": side("b", [])})
    overall = data["overall"]
    assert pair(overall, "span_f1", "labelled") is None
    assert overall["undefined"]["/span_f1/labelled/pairwise/a/b"] == "neither annotator marked a span"
    assert pair(overall["token"], "cohen_kappa") is None
    assert overall["token"]["fleiss_kappa"] is None and overall["token"]["krippendorff_alpha"] is None
    assert overall["alpha_u"]["overall"] is None
    assert "no annotator marked a span" in overall["undefined"]["/alpha_u/overall"]


def test_a_document_missing_for_one_annotator_is_left_out_of_its_pairs():
    docs = {"d1": TEXT, "d2": "Moriarty fled to Paris ."}
    both = [("d1", *HOLMES, "PER"), ("d2", 0, 8, "PER")]
    data = run(
        {
            "a": side("a", both, docs),
            "b": side("b", [("d1", *HOLMES, "PER"), ("d2", 17, 22, "LOC")], docs),
            "c": side("c", [("d1", *HOLMES, "PER")], {"d1": TEXT}),
        }
    )
    assert data["documents"] == ["d1", "d2"] and data["common_documents"] == ["d1"]
    assert data["per_document"]["d2"]["annotators"] == ["a", "b"]
    overall = data["overall"]
    assert pair(overall, "span_f1", "labelled", b="c") == 1.0  # d2 is not "all O" for c
    assert pair(overall, "span_f1", "labelled") == pytest.approx(2 * 1 / 4)
    assert overall["token"]["fleiss_kappa"] == 1.0  # over d1, the one document everyone has
    assert data["per_document"]["d2"]["span_f1"]["labelled"]["pairwise"] == {"a": {"b": 0.0}, "b": {"a": 0.0}}


def test_a_document_of_one_annotator_has_no_alpha_for_want_of_a_second():
    """krippendorff refuses one coder's ratings ("at least two coders"): the document's α is
    undefined for the reason its Fleiss' κ and αu give, not for want of categories."""
    docs = {"d1": TEXT, "d2": "Moriarty fled to Paris ."}
    data = run({"a": side("a", [("d2", 0, 8, "PER")], docs), "b": side("b", [("d1", *HOLMES, "PER")])})
    undefined = data["per_document"]["d2"]["undefined"]
    assert data["per_document"]["d2"]["token"]["krippendorff_alpha"] is None
    assert undefined["/token/krippendorff_alpha"] == "fewer than two annotators"
    assert undefined["/token/fleiss_kappa"] == undefined["/alpha_u/overall"] == "fewer than two annotators"


def test_a_pair_with_no_document_in_common_has_no_value():
    d1, d2 = {"d1": TEXT}, {"d2": TEXT}
    data = run(
        {
            "a": side("a", [("d1", *HOLMES, "PER")], d1),
            "b": side("b", [("d2", *HOLMES, "PER")], d2),
            "c": side("c", [("d1", *HOLMES, "PER"), ("d2", *HOLMES, "PER")], {**d1, **d2}),
        }
    )
    overall = data["overall"]
    for path in (("span_f1", "labelled"), ("span_f1", "overlap"), ("token", "cohen_kappa")):
        assert pair(overall, *path) is None
    assert overall["alpha_u"]["pairwise"]["a"]["b"] is None
    assert overall["undefined"]["/alpha_u/pairwise/a/b"] == "no document in common"
    assert overall["undefined"]["/span_f1/labelled/pairwise/a/b"] == "no document in common"
    assert overall["span_f1"]["labelled"]["mean"] == 1.0  # the undefined pair is skipped
    assert overall["token"]["fleiss_kappa"] is None  # no document every annotator has


def _five(rnd: random.Random) -> dict[str, Annotations]:
    words = ["Ærø", "naïve", "東京", "🙂", "x\u200by", "Zoë", "the", "of"]
    docs = {f"dok_{i}_ü": " ".join(rnd.choice(words) for _ in range(60)) for i in range(3)}
    bounds = {
        n: [(m.start(), m.end()) for m in __import__("re").finditer(r"\S+", t)] for n, t in docs.items()
    }
    labels = ["Person·名", "Ort", "ORG"]
    gold = []
    for name, tokens in bounds.items():
        t = 0
        while t < len(tokens) - 3:
            n = rnd.randint(1, 3)
            gold.append((name, tokens[t][0], tokens[t + n - 1][1], rnd.choice(labels)))
            t += n + rnd.randint(0, 4)
    sides = {}
    for k in range(5):
        spans = []
        for d, s, e, lab in gold:
            roll = rnd.random()
            if roll < 0.1:
                continue
            spans.append((d, s, e, rnd.choice(labels) if roll < 0.25 else lab))
        sides[f"annotator_{k}"] = side(f"annotator_{k}", spans, docs)
    return sides


def test_five_annotators_with_unicode_text_ids_and_labels():
    sides = _five(random.Random(5))
    data = run(sides)
    overall = data["overall"]
    names = data["annotators"]
    assert len(names) == 5 and names == sorted(names)
    kappas = overall["token"]["cohen_kappa"]
    values = [kappas["pairwise"][a][b] for i, a in enumerate(names) for b in names[i + 1 :]]
    assert kappas["mean"] == pytest.approx(sum(values) / 10)
    assert set(overall["alpha_u"]["per_label"]) == {"ORG", "Ort", "Person·名"}
    # NLTK over the same token categories: Krippendorff's α and each pair's Cohen's κ
    corpus = build_corpus(sides)
    triples = [
        (names[a], f"{d}:{t}", corpus.categories[int(c)])
        for a in range(5)
        for d in range(len(corpus.documents))
        for t, c in enumerate(corpus.doc_codes(a, d))
    ]
    task = AnnotationTask(triples)
    assert overall["token"]["krippendorff_alpha"] == pytest.approx(task.alpha(), rel=1e-9)
    assert kappas["pairwise"][names[0]][names[1]] == pytest.approx(
        task.kappa_pairwise(names[0], names[1]), rel=1e-9
    )
    # pinned (the same run): αu overall, its disagreements, Fleiss' κ, labelled span F1 mean
    assert overall["alpha_u"]["overall"] == pytest.approx(PINNED_FIVE["alpha_u"], abs=1e-15)
    assert overall["token"]["fleiss_kappa"] == pytest.approx(PINNED_FIVE["fleiss"], abs=1e-15)
    assert overall["span_f1"]["labelled"]["mean"] == pytest.approx(PINNED_FIVE["f1"], abs=1e-15)
    assert list(data["per_document"]) == list(sides["annotator_0"].documents[i].name for i in range(3))


PINNED_FIVE = {"alpha_u": 0.5609436055851289, "fleiss": 0.6524055296480079, "f1": 0.640544891950804}


def test_bad_input_is_one_clear_error():
    with pytest.raises(InputError, match="at least two annotators"):
        build_corpus({"a": side("a", [])})
    other = side("b", [], {"d1": TEXT.replace("Watson", "Wotson")})
    with pytest.raises(InputError) as caught:
        build_corpus({"a": side("a", []), "b": other})
    # 'Wotson': character 24 counted from 0, as every offset and the span methods' message count
    # (this message counted from 1, "character 25", before the conventions were made one)
    assert "document 'd1'" in str(caught.value) and "character 24 (counted from 0)" in str(caught.value)


def test_labels_option_keeps_only_those_labels():
    data = run(
        {
            "a": side("a", [("d1", *HOLMES, "PER"), ("d1", *LONDON, "LOC")]),
            "b": side("b", [("d1", *HOLMES, "PER")]),
        },
        labels=["PER"],
    )
    assert data["labels"] == ["PER"] and pair(data["overall"], "span_f1", "labelled") == 1.0


def test_stacked_labels_make_one_category_and_spans_without_tokens_count_only_for_span_f1():
    corpus = build_corpus(
        {
            "a": side("a", [("d1", *HOLMES, "PER"), ("d1", 0, 8, "LOC"), ("d1", 15, 16, "X")]),
            "b": side("b", [("d1", *HOLMES, "PER"), ("d1", 15, 16, "X")]),
        }
    )
    assert corpus.categories[int(corpus.doc_codes(0, 0)[0])] == "LOC|PER"
    assert corpus.categories[int(corpus.doc_codes(0, 0)[1])] == "PER"
    data = measure(corpus)["overall"]
    assert pair(data, "span_f1", "labelled") == pytest.approx(2 * 2 / 5)  # the space span X counts here
    assert set(data["alpha_u"]["per_label"]) == {"LOC", "PER"}  # … but covers no token


class ArraySpans(list):
    """Spans that keep their arrays, as formats-b's SpanTable does (docs, starts, ends,
    labels by number, doc_names, label_names)."""

    def __init__(self, spans: list[Span], doc_names: list[str]) -> None:
        super().__init__(spans)
        import numpy as np

        self.doc_names = doc_names
        self.label_names = sorted({s.label for s in spans})
        self.docs = np.array([doc_names.index(s.doc) for s in spans], dtype=np.int64)
        self.starts = np.array([s.start for s in spans], dtype=np.int64)
        self.ends = np.array([s.end for s in spans], dtype=np.int64)
        self.labels = np.array([self.label_names.index(s.label) for s in spans], dtype=np.int64)


def test_spans_kept_as_arrays_give_the_same_figures():
    sides = _five(random.Random(5))
    as_arrays = {
        name: Annotations(a.source, a.format, a.documents, ArraySpans(a.spans, [d.name for d in a.documents]))
        for name, a in sides.items()
    }
    assert run(as_arrays) == run(sides)


def test_spans_too_far_apart_to_pack_pair_only_when_they_overlap_with_one_label():
    """Positions past 2**62 cannot be packed into one int64 key: a span of one label at 0-5
    and one of another far away are no pair (they once made one stretch, counted a pair)."""
    import numpy as np

    from engine.agreement.corpus import SpanTable
    from engine.agreement.spanf1 import _greedy

    def table(start: int, label: int) -> SpanTable:
        one = np.array([0])
        return SpanTable(one * 0, np.array([start]), np.array([start + 5]), np.array([label]), one * 0,
                         one * 0, one * 0, np.array([0, 1]))  # fmt: skip

    far = 2**62
    assert len(_greedy(table(0, 0), np.array([0]), table(far, 1), np.array([0]))) == 0
    assert len(_greedy(table(far, 0), np.array([0]), table(far + 2, 0), np.array([0]))) == 1
