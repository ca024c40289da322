"""CLUEval's span building, combined model and match classes: the spec's worked examples
(specs/clueval.md §2.5, §2.6, §3.1, §3.2) and the sweeps against the literal reference."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.formats.vrt import VrtLayout, read_vrt
from engine.methods.clueval.detail import OUR_MARKS, our_marks
from engine.methods.clueval.errortables import EMOJI, Overlaps, Sentences, contexts
from engine.methods.clueval.match import STATUSES, match
from engine.methods.clueval.spans import column_spans, combine, tag_info
from tests.engine import clueval_reference as ref


def write_vrt(path: Path, sentences: list[list[list[str]]], final_empty_line: bool = True) -> Path:
    text = "\n\n".join("\n".join("\t".join(row) for row in s) for s in sentences)
    path.write_text(text + ("\n\n" if final_empty_line else "\n"), encoding="utf-8")
    return path


def rows(text: str) -> list[list[list[str]]]:
    """Sentences from a compact notation: tokens separated by spaces, tags by '/'."""
    return [[[f"w{i}", *tok.split("/")] for i, tok in enumerate(s.split())] for s in text.split("|")]


def spans_of(path: Path, n_layers: int, layers: tuple[str, ...] | None = None, **layout):
    vrt = read_vrt(str(path), VrtLayout(n_layers, **layout))
    warnings: list[str] = []
    table = combine(vrt, layers or tuple(f"l{k}" for k in range(n_layers)), column_spans(vrt, warnings))
    return [
        (s, e, labels) for s, e, labels in zip(table.starts, table.ends, table.labels, strict=True)
    ], warnings


# --- §2.5 and §2.6 ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tags", "expected"),
    [
        ("B-X I-X I-X", [(0, 2, ("X",))]),
        ("B-X B-X", [(0, 0, ("X",)), (1, 1, ("X",))]),
        ("I-X I-X", [(0, 1, ("X",))]),
        ("B-X X", [(0, 1, ("X",))]),
        ("I-X I-Y", [(0, 0, ("X",)), (1, 1, ("Y",))]),
        ("B-X I-Y", [(0, 0, ("X",)), (1, 1, ("Y",))]),
        ("B-X O I-X", [(0, 0, ("X",)), (2, 2, ("X",))]),
        ("B-X I-X|I-X", [(0, 1, ("X",)), (2, 2, ("X",))]),
        ("_ _ O", [(0, 1, ("_",))]),
        ("O I-X I-X", [(1, 2, ("X",))]),
        ("S-PER", [(0, 0, ("S-PER",))]),
    ],
)
def test_bio_column_to_spans(tmp_path, tags, expected):
    assert spans_of(write_vrt(tmp_path / "a.vrt", rows(tags)), 1)[0] == expected


def test_stored_labels_drop_every_prefix_but_boundaries_only_one():
    assert [tag_info(t).stored for t in ("B-PER", "O", "B-PII-EMAIL", "I-MULTI-WORD", "B-ORGI-X")] == [
        "PER", "O", "PIEMAIL", "MULTWORD", "ORGX",
    ]  # fmt: skip
    assert [tag_info(t).boundary for t in ("B-PER", "PER", "S-PER", "B-B-X")] == [
        "PER",
        "PER",
        "S-PER",
        "B-X",
    ]


def test_label_change_on_mangled_labels_follows_the_boundary_label(tmp_path):
    # boundaries compare PII-EMAIL with PIIEMAIL (different), although both store PIEMAIL
    found, _ = spans_of(write_vrt(tmp_path / "a.vrt", rows("B-PII-EMAIL I-PIIEMAIL")), 1)
    assert found == [(0, 0, ("PIEMAIL",)), (1, 1, ("PIIEMAIL",))]


# --- §3.1 the combined model --------------------------------------------------------------------


def test_combined_model_example(tmp_path):
    path = tmp_path / "a.vrt"
    path.write_text(
        "w1\tB-P\tO\tB-h\nw2\tI-P\tB-L\tI-h\nw3\tO\tI-L\tO\nw4\tO\tI-L\tO\nw5\tO\tO\tO\n\n"
        "x1\tO\tB-Y\tO\nx2\tO\tI-Y\tO\n",
        encoding="utf-8",
    )
    found, _ = spans_of(path, 3, ("a", "b", "c"))
    assert found == [(0, 3, ("P", "L", "h")), (5, 6, ("O", "Y", "O"))]


def test_linking_is_transitive_and_touching_spans_stay_apart(tmp_path):
    found, _ = spans_of(write_vrt(tmp_path / "a.vrt", rows("B-a/O B-a/B-b O/I-b B-a/I-b I-a/O B-c/O")), 2)
    # a: [0,0] [1,1] [3,4] [5,5]; b: [1,3] → [0,0] only touches [1,1]; [1,1]-[1,3]-[3,4] chain
    assert found == [(0, 0, ("a", "O")), (1, 4, ("a", "b")), (5, 5, ("c", "O"))]


def test_o_wins_a_tie_when_it_comes_first(tmp_path):
    found, _ = spans_of(write_vrt(tmp_path / "a.vrt", rows("O/B-x B-a/I-x")), 2)
    assert found == [(0, 1, ("O", "x"))]


# --- §3.2 match classes -----------------------------------------------------------------------


def _tables(tmp_path, gold: str, system: str):
    g = write_vrt(tmp_path / "g.vrt", rows(gold))
    s = write_vrt(tmp_path / "s.vrt", rows(system))
    out = []
    for path in (g, s):
        vrt = read_vrt(str(path), VrtLayout(1))
        out.append(combine(vrt, ("span",), column_spans(vrt, [])))
    return out


@pytest.mark.parametrize(
    ("system", "recall", "precision"),
    [
        ("O B-a I-a I-a I-a O", ("exact", (1, 4)), [("exact", (1, 4))]),
        ("B-a I-a I-a I-a I-a O", ("contained", (0, 4)), [("unmatched", (1, 4))]),
        ("O B-a B-b I-b I-b O", ("tiled", (1, 4)), [("contained", (1, 4))] * 2),
        ("B-a I-a I-a B-b I-b I-b", ("covered", (0, 5)), [("unmatched", (1, 4))] * 2),
        ("O B-a I-a O B-b O", ("unmatched", (-100, -100)), [("contained", (1, 4))] * 2),
        ("O O B-a I-a I-a I-a", ("unmatched", (2, 5)), [("unmatched", (1, 4))]),
        ("O O B-a I-a O O", ("unmatched", (2, 3)), [("contained", (1, 4))]),
    ],
)
def test_match_classes_of_the_illustration(tmp_path, system, recall, precision):
    gold, cand = _tables(tmp_path, "O B-g I-g I-g I-g O", system)
    r, p = match(gold, cand), match(cand, gold)
    assert (STATUSES[r.status[0]], r.joined[0]) == recall
    assert [(STATUSES[s], j) for s, j in zip(p.status, p.joined, strict=True)] == precision


def test_chosen_piece_counts_shared_words_not_positions():
    assert ref.chosen("baz bar foo", ["x0 baz bar", "foo bar bar"]) == 1
    from engine.methods.clueval.match import most_shared_words

    assert most_shared_words("baz bar foo", ["x0 baz bar", "foo bar bar"]) == 1
    assert most_shared_words("a b", ["a", "b"]) == 0  # tie: leftmost


def test_candidate_spans_are_not_consumed(tmp_path):
    gold, cand = _tables(tmp_path, "B-a I-a O B-b I-b", "B-x I-x I-x I-x I-x")
    assert [STATUSES[s] for s in match(gold, cand).status] == ["contained", "contained"]  # C22


# --- the sweeps against the literal reference --------------------------------------------------

TAGS = ["O", "O", "O", "O", "B-a", "I-a", "I-a", "B-b", "I-b", "a", "b", "I-B-c", "B-I-d", "_"]


@st.composite
def corpora(draw, n_layers: int):
    sentences = draw(st.lists(st.lists(st.lists(st.sampled_from(TAGS), min_size=n_layers, max_size=n_layers),
                                       min_size=1, max_size=9), min_size=1, max_size=5))  # fmt: skip
    words = st.sampled_from(["a", "b", "c", "a b"])
    return [[[draw(words), *tags] for tags in s] for s in sentences]


@settings(max_examples=250, deadline=None)
@given(st.integers(1, 3).flatmap(lambda n: st.tuples(st.just(n), corpora(n))))
def test_combined_model_equals_the_all_pairs_reference(tmp_path_factory, case):
    n, sentences = case
    path = write_vrt(tmp_path_factory.mktemp("m") / "a.vrt", sentences)
    assert spans_of(path, n)[0] == ref.combined(sentences, n)


@settings(max_examples=250, deadline=None)
@given(corpora(2), corpora(2))
def test_match_rows_equal_the_literal_reference(tmp_path_factory, gold, system):
    folder = tmp_path_factory.mktemp("m")
    tables = []
    for name, sentences in (("g.vrt", gold), ("s.vrt", system)):
        vrt = read_vrt(str(write_vrt(folder / name, sentences)), VrtLayout(2))
        tables.append(combine(vrt, ("a", "b"), column_spans(vrt, [])))
    for x, y in (tables, tables[::-1]):
        result = match(x, y)
        ys = list(zip(y.starts, y.ends, strict=True))
        for i, (xs, xe) in enumerate(zip(x.starts, x.ends, strict=True)):
            status, joined, pieces = ref.classify((xs, xe), ys)
            assert STATUSES[result.status[i]] == status
            assert result.joined[i] == (joined or (-100, -100))
            if pieces:
                pick = pieces[ref.chosen(x.texts[i], [y.texts[j] for j in pieces])]
                assert result.labels_y_column[i] == y.labels[pick]
            else:
                assert result.labels_y_column[i] == ("FN", "FN")
            overlaps = [j for j, (s, e) in enumerate(ys) if s <= xe and xs <= e]
            assert list(result.overlaps(i)) == overlaps


# --- §5.4: the marked context, against marking a token at a time ------------------------------


def marked_token_by_token(
    tokens: list[str], lo: int, hi: int, xs: int, xe: int, overlaps: list[tuple[int, int]]
):
    """The context's marked text as the original builds it: each token's mark, runs of one mark joined."""
    pieces: list[tuple[str, list[str]]] = []
    for q in range(lo, hi):
        in_other, in_own = any(s <= q <= e for s, e in overlaps), xs <= q <= xe
        mark = "both" if in_own and in_other else "own" if in_own else "other" if in_other else ""
        if pieces and pieces[-1][0] == mark and mark:
            pieces[-1][1].append(tokens[q])
        else:
            pieces.append((mark, [tokens[q]]))
    return " ".join(EMOJI[m] + " ".join(run) + EMOJI[m] if m else run[0] for m, run in pieces)


def _disjoint(n: int, draws: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sorted, disjoint inclusive spans within 0..n-1, from (gap, size) draws."""
    spans, at = [], 0
    for gap, size in draws:
        start = at + gap
        if start >= n:
            break
        spans.append((start, min(start + size, n - 1)))
        at = spans[-1][1] + 1
    return spans


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 30).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(0, n - 1), max_size=4),
    st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, 5)), min_size=1, max_size=6),
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), max_size=8), st.integers(0, 6), st.integers(0, 6),
    st.booleans())))  # fmt: skip
def test_contexts_mark_runs_as_the_original_marks_tokens(tmp_path_factory, case):
    """Several spans' contexts at once (each with the spans of the other file it overlaps, a
    run of one sorted list), with and without a last line that is a token (C39, C40)."""
    n, cuts, spans, draws, left, right, final_empty_line = case
    xs = np.array([start for start, _ in spans])
    xe = np.minimum(xs + np.array([length for _, length in spans]), n - 1)
    other = _disjoint(n, draws)
    lo = np.array([sum(e < a for _, e in other) for a in xs.tolist()])  # the first overlapping x or after it
    hi = np.array([sum(s <= b for s, _ in other) for b in xe.tolist()])
    sentences = [[f"t{q}", "O"] for q in range(n)]
    cut = sorted(set(cuts) - {0})
    parts = [sentences[a:b] for a, b in zip([0, *cut], [*cut, n], strict=True)]
    path = write_vrt(tmp_path_factory.mktemp("c") / "a.vrt", parts, final_empty_line)
    vrt = read_vrt(str(path), VrtLayout(1))
    starts, ends = (np.array([span[k] for span in other], dtype=np.int64) for k in (0, 1))
    found = contexts(xs, xe, Overlaps(lo, hi, starts, ends), Sentences(vrt), left, right, False)
    first, last = Sentences(vrt).shown(xs, xe)
    for k, context in enumerate(found):
        a, b = max(first[k], xs[k] - left), min(last[k], xe[k] + right + 1)
        expected = marked_token_by_token(vrt.tokens, a, b, xs[k], xe[k], other[lo[k] : hi[k]])
        assert context.text == ("[...] " if a > first[k] else "") + expected + (" [...]" if b < last[k] else "")
        assert (context.first, context.last, context.sentence_start, context.sentence_end) == (a, b - 1, first[k],
                                                                                                last[k])  # fmt: skip


def test_sentences_show_the_last_token_only_to_a_span_holding_it(tmp_path):
    """C39, C40: a file whose last line is a token shows its sentence without that token,
    unless the span holds it; a file ending in a blank line shows it always."""
    sentences = [[["a", "O"], ["b", "O"]], [["c", "O"], ["d", "O"], ["e", "O"]]]
    ending = read_vrt(str(write_vrt(tmp_path / "a.vrt", sentences, False)), VrtLayout(1))
    blank = read_vrt(str(write_vrt(tmp_path / "b.vrt", sentences, True)), VrtLayout(1))
    xs, xe = np.array([0, 2, 3, 4]), np.array([1, 2, 4, 4])
    assert [v.tolist() for v in Sentences(ending).shown(xs, xe)] == [[0, 2, 2, 2], [2, 4, 5, 5]]
    assert [v.tolist() for v in Sentences(blank).shown(xs, xe)] == [[0, 2, 2, 2], [2, 5, 5, 5]]
    assert Sentences(blank).holds(np.array([0, 1, 4]), np.array([1, 2, 4])).tolist() == [True, False, True]


@pytest.mark.parametrize("side", ["recall", "precision"])
def test_our_marks_replace_the_originals_at_once(side):
    text = "a 🟩b c🟩 🟥d🟥 🟧e🟧 🟨f🟨 🟩🟥🟧🟨"
    assert our_marks(text, side) == text.translate(str.maketrans(OUR_MARKS[side]))
