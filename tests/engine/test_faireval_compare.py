"""The engine's FairEval comparison against the literal reference, on random sentences
with nested, overlapping, duplicated and tied spans, gaps and range spans."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InputError
from engine.methods.faireval.batch import Codes, SideBuilder
from engine.methods.faireval.compare import Decision, Tally, decision_rows, ordered_decisions
from engine.methods.faireval.matching import decide
from engine.methods.faireval.passes import RangeError
from engine.methods.faireval.reading import Sentence
from tests.engine import faireval_reference as ref


def compare_sentence(
    target: Sentence,
    system: Sentence,
    tally: Tally,
    focus: str,
    record: list[Decision] | None,
    range_error: RangeError,
) -> None:
    """Add one sentence's traditional and fair counts to `tally` (§3.2–3.6), through the
    engine's comparison of whole files (a file of one sentence)."""
    codes = Codes()
    sides = []
    for sentence in (target, system):
        builder = SideBuilder(codes)
        builder.add(0, sentence.keys, sentence.lines)
        sides.append(builder.side())
    decisions = decide(sides[0], sides[1], codes, range_error)
    tally.add(sides[0], sides[1], decisions, codes, focus)
    if record is not None:
        spans = (codes.spans(sides[0]), codes.spans(sides[1]))
        record += [decision for _, decision in decision_rows(ordered_decisions(sides[0], sides[1], decisions), spans)]


@st.composite
def spans(draw, max_pos=12):
    begin = draw(st.integers(1, max_pos))
    end = draw(st.integers(begin, min(begin + 6, max_pos)))
    label = draw(st.sampled_from("ABC"))
    whole = set(range(begin, end + 1))
    tokens = draw(st.sets(st.sampled_from(sorted(whole)), min_size=1)) if draw(st.booleans()) else whole
    is_range = draw(st.integers(0, 30)) == 0
    return (label, begin, end, set(whole) if is_range else tokens, is_range)


def _sentence(items) -> Sentence:
    keys = [(lab, b, e, None if rng else frozenset(tok)) for lab, b, e, tok, rng in items]
    return Sentence(keys, list(range(1, len(items) + 1)), None)


def _engine(targets, systems, focus):
    tally = Tally()
    compare_sentence(
        _sentence(targets),
        _sentence(systems),
        tally,
        focus,
        [],
        lambda work: InputError("token numbers", "range"),
    )
    tally.finish()
    per_label_t = Counter(
        {(lab, k): v for lab, row in tally.traditional_by_label.items() for k, v in row.items()}
    )
    per_label_f = Counter({(lab, k): v for lab, row in tally.fair_by_label.items() for k, v in row.items()})
    conf = Counter({(t, s): n for t, row in tally.confusion.items() for s, n in row.items()})
    return Counter(tally.traditional), Counter(tally.fair), per_label_t, per_label_f, conf


def _clean(counter: Counter) -> Counter:
    return Counter({k: v for k, v in counter.items() if v})


lists = st.lists(spans(), max_size=14)


@settings(max_examples=400, deadline=None)
@given(lists, lists, st.sampled_from(["target", "system"]))
def test_engine_counts_equal_the_literal_reference(targets, systems, focus):
    try:
        expected = ref.compare(targets, systems, focus)
    except ref.RangeCrash:
        try:
            _engine(targets, systems, focus)
        except InputError:
            return
        raise AssertionError("the engine accepted a range span where the original stops") from None
    got = _engine(targets, systems, focus)
    assert [_clean(c) for c in got] == [_clean(c) for c in expected]


@st.composite
def whole_spans(draw, max_pos=10):
    """Spans of every number begin..end: the clusters of one span on a side among them are
    decided on arrays (stars.py), the others by the passes."""
    begin = draw(st.integers(1, max_pos))
    end = draw(st.integers(begin, min(begin + 5, max_pos)))
    return (draw(st.sampled_from("AB")), begin, end, set(range(begin, end + 1)), False)


@settings(max_examples=600, deadline=None)
@given(
    st.lists(whole_spans(), max_size=8),
    st.lists(whole_spans(), max_size=8),
    st.sampled_from(["target", "system"]),
)
def test_spans_without_gaps_agree_with_the_literal_reference(targets, systems, focus):
    assert [_clean(c) for c in _engine(targets, systems, focus)] == [
        _clean(c) for c in ref.compare(targets, systems, focus)
    ]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(spans(max_pos=60), min_size=30, max_size=80),
    st.lists(spans(max_pos=60), min_size=30, max_size=80),
)
def test_large_sentences_use_the_index_and_still_agree(targets, systems):
    targets = [t for t in targets if not t[4]]
    systems = [s for s in systems if not s[4]]
    assert [_clean(c) for c in _engine(targets, systems, "target")] == [
        _clean(c) for c in ref.compare(targets, systems, "target")
    ]


def test_thousands_of_labels_keep_the_confusion_matrix_sparse(tmp_path):
    """Issue 20: 10,000 labels took 80 s and 3.0 GB (a square matrix of dicts); a plain run
    keeps the cells that are not 0 and prints the same matrix from them."""
    import tracemalloc

    from engine.methods import get_method

    gold, system = tmp_path / "g.tsv", tmp_path / "s.tsv"
    n = 1500
    gold.write_text("".join(f"L{i}\t1\t1\tw\n\n" for i in range(n)), encoding="utf-8")
    system.write_text("".join(f"L{i * 7 % n}\t1\t1\tw\n\n" for i in range(n)), encoding="utf-8")
    method = get_method("faireval")
    tracemalloc.start()
    plain = method.evaluate(str(gold), str(system), method.Options(), detail=False)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 60 << 20, f"{peak / 2**20:.0f} MB"  # the square matrix of dicts: 101 MB
    full = method.evaluate(str(gold), str(system), method.Options())
    assert plain.data["_report_text"] == full.data["_report_text"]
    matrix = full.data["_report_text"].split("### Confusion matrix:\n")[1].split("\n\n")[0].split("\n")
    labels = sorted([*(f"L{i}" for i in range(n)), "_"])
    assert matrix[0] == "\t".join(["Target\\System", *labels])
    confusion = full.data["confusion"]
    assert matrix[1:] == ["\t".join([t, *(str(confusion[t][s]) for s in labels)]) for t in labels]
    assert sum(map(sum, (row.values() for row in confusion.values()))) == n - 6  # 6 labels map to themselves
