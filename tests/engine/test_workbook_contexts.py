"""The error sheets' context columns, made a block of rows at once over arrays, are those
the oracle (tests/engine/context_oracle.py) makes one error at a time (its emoji text, its
runs in colour)."""

from __future__ import annotations

from itertools import accumulate, pairwise

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.context import Positions
from engine.export.cells import CUT, MAX_TEXT, fitted, needs_care, safe_text, units
from engine.export.contexts import _PLAIN_BYTES, Contexts, DocumentTexts, _escape_starts, coloured_cells
from engine.export.sheetxml import SPECIAL_CHARACTERS, Column, block_rows, special, text_cell, value_cell
from engine.spans import Document, TokenNumbers
from tests.engine.context_oracle import Context, Run, build_context, marked_text, rich_cell, rich_runs

FONTS = {1: ("<rPr><b/></rPr>", 7), 2: ("<rPr><i/></rPr>", 8), 3: ("<rPr><u/></rPr>", 9)}
PLAIN_RUN = "<rPr><sz/></rPr>"
WRAP, WRAP_QUOTED = 4, 5
WORDS = ["the", "Holmes", "&", "<b>", " ", "", "_x0041_", "a\x0bb", "🟩", "x" * 300, "said."]


def _context(doc: Document | None, gold, system, unit) -> Context | None:
    """A row's context as the workbook made it one row at a time."""
    if doc is None:
        return None
    if not (gold or system):
        if not doc.has_words or len(doc.tokens) > 400:
            return None
        return Context([Run(doc.joiner.join(doc.tokens))], doc.joiner, False, False)
    return build_context(doc, gold or [], system or [], unit)


def _coloured(ref: str, context: Context, text: str) -> str:
    """A row's coloured cell as the workbook made it one row at a time."""
    careful = needs_care(text)
    runs, pending, room = [], [], MAX_TEXT - len(CUT)
    for run in rich_runs(context):
        piece = run.text
        if careful:
            piece = fitted(safe_text(piece), room)
            room -= units(piece)
        if not piece:
            continue
        colour = run.gold + 2 * run.system
        if not colour:
            pending.append(piece)
            continue
        if pending:
            runs.append((0, "".join(pending)))
            pending = []
        runs.append((colour, piece))
    if pending:
        runs.append((0, "".join(pending)))
    if len(runs) > 1:
        pieces = [(FONTS[c][0] if c else PLAIN_RUN * bool(i), piece) for i, (c, piece) in enumerate(runs)]
        return rich_cell(ref, pieces, WRAP, careful or special(text))
    if runs and runs[0][0]:
        return text_cell(ref, runs[0][1], FONTS[runs[0][0]][1], FONTS[runs[0][0]][1])
    return value_cell(ref, runs[0][1], WRAP, WRAP_QUOTED, WRAP) if runs else ""


def _cells(rich: list[str], single: list[str | None], colours: np.ndarray) -> list[str]:
    """Each row's coloured cell (in column O): a row of several runs its rich text, a row of
    one run the cell its column of texts gets (the writer's: in the run's font, or wrapped)."""
    cells = list(rich)
    for k, (text, colour) in enumerate(zip(single, colours.tolist(), strict=True)):
        if text is not None:
            styles = (FONTS[colour][1],) * 4 if colour else (WRAP, WRAP_QUOTED, WRAP, WRAP)
            made = block_rows(k, [Column(14, [text], styles)])[0]
            cells[k] = made[0].decode().removeprefix(f'<row r="{k + 1}">').removesuffix("</row>")
    return cells


@st.composite
def documents(draw):
    kind = draw(st.sampled_from(["words", "numbers", "text", "no text"]))
    length = draw(st.integers(0, 120))
    if kind == "no text":  # a page's stand-in: its stretches shown by their lengths
        units = [(0, length // 3), (length // 3, length)] if draw(st.booleans()) else [(0, length)]
        return Document("p", Positions(length), units, joiner="", has_words=False, unit_name="page")
    if kind == "text":
        tokens = "".join(draw(st.lists(st.sampled_from("ab &<_x\x0b 🟩"), min_size=length, max_size=length)))
        return Document("t", tokens, [(0, length // 2), (length // 2, length)] if length else [], joiner="")
    cuts = sorted(draw(st.lists(st.integers(0, length), max_size=4)))
    units = list(zip([0, *cuts], [*cuts, length], strict=True))
    if kind == "numbers":
        return Document("n", TokenNumbers(units), units, has_words=False)
    joiner = draw(st.sampled_from([" ", " ", "", "_", "x&"]))  # the last two: texts searched whole
    words = draw(st.lists(st.sampled_from(WORDS), min_size=length, max_size=length))
    return Document("w", words, units, joiner=joiner)


def _parts(draw, length):
    if draw(st.booleans()):
        return draw(st.sampled_from([None, []]))
    pairs = draw(st.lists(st.tuples(st.integers(-3, length + 3), st.integers(0, 90)), min_size=1, max_size=3))
    return [[a, a + n] for a, n in pairs]


@settings(max_examples=300, deadline=None)
@given(documents(), st.data())
def test_the_columns_made_at_once_are_those_made_row_by_row(doc, data):
    rows = data.draw(st.integers(1, 8))
    names = [data.draw(st.sampled_from([doc.name, doc.name, "elsewhere"])) for _ in range(rows)]
    gold = [_parts(data.draw, len(doc)) for _ in range(rows)]
    system = [_parts(data.draw, len(doc)) for _ in range(rows)]
    units = [data.draw(st.none() | st.integers(0, max(len(doc.units) - 1, 0))) for _ in range(rows)]
    contexts = Contexts(DocumentTexts({doc.name: doc}, names), names, gold, system, units)
    refs = [f"O{k + 1}" for k in range(rows)]
    cells = _cells(*coloured_cells(contexts, refs, FONTS, PLAIN_RUN, WRAP))
    for k in range(rows):
        context = _context(doc if names[k] == doc.name else None, gold[k], system[k], units[k])
        text = marked_text(context) if context is not None else None
        assert contexts.marked[k] == text and contexts.lengths[k] == len(text or "")
        if text is not None:  # what its cells escape or cut (found over the windows' text)
            careful = needs_care(text)
            assert (contexts.careful[k], contexts.escape[k]) == (careful, careful or special(text))
        assert cells[k] == (_coloured(refs[k], context, text) if context is not None else "")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.integers(1, 6), max_size=5), min_size=1, max_size=4), st.data())
def test_a_blocks_units_are_those_of_each_documents_unit_of(sizes, data):
    """Rows of several documents at once (a unit chosen, or the one at a position) get the
    units Document.unit_of gives them one at a time; a document without units is one."""
    docs = {}
    for k, lengths in enumerate(sizes):
        bounds = list(accumulate(lengths, initial=0))
        docs[f"d{k}"] = Document(f"d{k}", ["w"] * bounds[-1], list(pairwise(bounds)))
    names = data.draw(st.lists(st.sampled_from([*docs, "elsewhere"]), min_size=1, max_size=12))
    texts = DocumentTexts(docs, names)
    doc = np.array([texts.number.get(name, -1) for name in names], np.int64)
    at = np.array(
        [data.draw(st.integers(-1, max(len(docs.get(name, [])) - 1, 0))) for name in names], np.int64
    )
    chosen = np.array([data.draw(st.booleans()) for _ in names], bool)
    unit = np.array([data.draw(st.integers(0, max(len(docs[name].units) - 1, 0))) if name in docs else 0
                     for name in names], np.int64)  # fmt: skip
    starts, ends = texts.unit_bounds(doc, at, chosen, unit)
    for k, name in enumerate(names):
        document = docs.get(name)
        if document is None:
            expected = (0, 0)
        elif not document.units:
            expected = (0, len(document))
        else:
            expected = document.units[unit[k] if chosen[k] else document.unit_of(int(at[k]))]
        assert (starts[k], ends[k]) == expected


def test_a_cut_mark_and_its_joiner_can_make_a_text_to_escape():
    """Where the joiner after a cut mark makes a literal _xHHHH_ with the window's first
    word, the emoji text is escaped, though the window's own text holds none."""
    words = ["a"] * 51 + ["x0041_"] + ["b"] * 59  # the window around word 81 starts at word 51
    doc = Document("w", words, [(0, len(words))], joiner="_")
    contexts = Contexts(DocumentTexts({"w": doc}, ["w"]), ["w"], [[[81, 82]]], [None], [None])
    assert contexts.marked[0].startswith("[...]_x0041_")
    assert contexts.escape[0] and not contexts.careful[0]


def test_every_character_to_escape_leaves_a_byte_the_plain_bytes_do_not_hold():
    """The regex is skipped where a text's UTF-8 bytes are all _PLAIN_BYTES: no character
    to escape (lone surrogates and U+FFFE/U+FFFF too) is made of those bytes only."""
    every = "".join(map(chr, range(0x110000)))
    found = [m.group() for m in SPECIAL_CHARACTERS.finditer(every)]
    assert len(found) == 2048 + 32 - 2 + 3 + 2  # surrogates, controls but TAB and LF, & < >, U+FFFE/F
    assert all(c.encode("utf-8", "surrogatepass").translate(None, _PLAIN_BYTES) for c in found)


@given(st.text(st.sampled_from("ab_x&<\x0b\ufffe\ud800é🟩")))
def test_the_escape_starts_are_those_the_regex_and_a_search_find(text):
    expected = sorted([m.start() for m in SPECIAL_CHARACTERS.finditer(text)]
                      + [k for k in range(len(text)) if text.startswith("_x", k)])  # fmt: skip
    assert sorted(_escape_starts(text)) == expected
