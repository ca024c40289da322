"""Error contexts with gold and system spans marked, nested properly."""

from __future__ import annotations

import os

from hypothesis import given
from hypothesis import strategies as st

from engine.context import GOLD_MARK as G
from engine.context import SYSTEM_MARK as S
from engine.context import Positions
from engine.export.contexts import Contexts, DocumentTexts
from engine.spans import Document
from tests.conftest import ROOT

SENTENCE = Document("d", ["the", "Sherlock", "Holmes", "said", "so"], [(0, 5)])


def text(gold, system, doc=SENTENCE):
    """The emoji-marked context the review workbook writes for one error row."""
    rows = Contexts(DocumentTexts({doc.name: doc}, [doc.name]), [doc.name], [gold], [system], None)
    return rows.marked[0]


def test_nested_spans():
    assert text([(1, 3)], [(1, 2)]) == f"the {G}{S}Sherlock{S} Holmes{G} said so"


def test_crossing_spans_are_closed_and_reopened():
    assert text([(0, 2)], [(1, 3)]) == f"{G}the {S}Sherlock{S}{G} {S}Holmes{S} said so"


def test_one_side_only_and_gaps():
    assert text([(1, 3)], []) == f"the {G}Sherlock Holmes{G} said so"
    assert text([], [(4, 5)]) == f"the Sherlock Holmes said {S}so{S}"
    assert text([(0, 1), (2, 3)], []) == f"{G}the{G} Sherlock {G}Holmes{G} said so"


def test_long_sentences_are_cut_around_the_spans():
    doc = Document("d", [f"w{i}" for i in range(200)], [(0, 200)])
    result = text([(100, 101)], [], doc)
    assert result.startswith("[...] w70 ") and result.endswith(" w130 [...]")
    assert f"{G}w100{G}" in result


def test_character_documents_use_no_joiner():
    page = Document("p", "Tyger Tyger, burning bright", [(0, 27)], joiner="")
    assert text([(0, 5)], [(0, 12)], page) == f"{S}{G}Tyger{G} Tyger,{S} burning bright"


def test_a_page_without_text_shows_its_stretches_by_their_lengths():
    """Between the marks each stretch is its length; before the first mark and after the
    last one a cut mark where the page goes on (one where nothing is marked)."""
    page = Document("p", Positions(1200), [(0, 1200)], joiner="", has_words=False, unit_name="page")
    assert text([(649, 776)], [(652, 791)], page) == f"…{G}⟨3⟩{S}⟨124⟩{S}{G}{S}⟨15⟩{S}…"
    assert text([(0, 10)], [(20, 1200)], page) == f"{G}⟨10⟩{G}⟨10⟩{S}⟨1180⟩{S}"
    assert text([(1300, 1400)], [], page) == "…"
    empty = Document("e", Positions(0), [(0, 0)], joiner="", has_words=False, unit_name="page")
    assert text([(0, 3)], [], empty) == ""


def test_a_text_of_middle_dots_is_shown_as_it_is():
    page = Document("p", "·" * 30, [(0, 30)], joiner="")
    assert text([(10, 20)], [], page) == f"{'·' * 10}{G}{'·' * 10}{G}{'·' * 10}"


def strip(text: str) -> str:
    return text.replace(G, "").replace(S, "")


@given(
    st.lists(st.tuples(st.integers(0, 9), st.integers(1, 4)), max_size=3),
    st.lists(st.tuples(st.integers(0, 9), st.integers(1, 4)), max_size=3),
)
def test_marks_are_balanced_and_the_words_untouched(gold, system):
    doc = Document("d", [f"t{i}" for i in range(12)], [(0, 12)])
    gold = [(a, min(a + n, 12)) for a, n in gold]
    system = [(a, min(a + n, 12)) for a, n in system]
    result = text(gold, system, doc)
    assert strip(result) == " ".join(doc.tokens)
    stack = []
    for ch in result:
        if ch in (G, S):
            if stack and stack[-1] == ch:
                stack.pop()
            else:
                assert ch not in stack  # never opened twice: proper nesting
                stack.append(ch)
    assert stack == []


def test_positions_outside_the_document_are_left_out():
    assert text([(-3, 1)], [(4, 9)]) == f"{G}the{G} Sherlock Holmes said {S}so{S}"


def test_spans_of_the_same_extent_nest_the_same_way_in_every_process():
    """Gold outside when both cover the same runs: the order never depends on the string
    hash seed (it did, through a set's order: two runs wrote 🟥🟩b🟩🟥 and 🟩🟥b🟥🟩)."""
    import subprocess
    import sys

    code = ("from tests.engine.test_context import text, Document; "
            "print(text([(1, 2)], [(1, 2)], Document('d', ['a', 'b', 'c'], [(0, 3)])))")  # fmt: skip
    seen = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                       env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout  # fmt: skip
        for seed in range(6)
    }
    assert seen == {"a \U0001f7e9\U0001f7e5b\U0001f7e5\U0001f7e9 c\n"}
