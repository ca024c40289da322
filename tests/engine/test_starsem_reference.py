"""starsem against slow references (hypothesis): the standard rows counted the way v2.2
writes them (joined strings, found flags, §3.2–3.7), the bulk readers against the
line-by-line ones, and --starsem-exact's aligned-block reading against its line model."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import InputError
from engine.methods.starsem import exact, extended_reading, files, model, reading
from engine.methods.starsem.detail import Layout
from engine.methods.starsem.model import Instance, Sentence
from engine.methods.starsem.scoring import Scorer
from engine.textio import decode_utf8
from tests.engine.starsem_data import neg, sentence

WORDS = ["not", "unhappy", "Mr.", "never", "saw", "him", ",", ".", "(", "no", "one"]
TAGS = {",": ",", ".": ".", "(": "-LRB-"}


# --- a literal reference of §3.2–3.7 (one sentence, both sides with negation) -----------------


def _s(pairs) -> tuple[str, str]:
    return " ".join(str(i) for i, _ in pairs), " ".join(t for _, t in pairs)


def reference_rows(gold: list[Instance], system: list[Instance], exact_mode: bool) -> dict[str, list[int]]:
    """v2.2's loops as §3.3–3.5 describe them, on joined strings."""
    rows = {k: [0, 0, 0] for k in ("cue", "scope", "free", "tokens", "full", "negated")}
    found_g, found_p = [0] * len(gold), [0] * len(system)
    for i, g in enumerate(gold):
        for z, p in enumerate(system):
            hit = found_g[i] == 0 and found_p[z] == 0 and any(a == b for a, _ in g.cue for b, _ in p.cue)
            if hit:
                found_g[i] = found_p[z] = 1
                for gi, gt in g.scope:
                    ok = any(pi == gi and pt == gt for pi, pt in p.scope)
                    rows["tokens"][0 if ok else 2] += 1
                rows["tokens"][1] += sum(1 for pi, pt in p.scope if (pi, pt) not in g.scope)
                same = _s(g.cue) == _s(p.cue) and _s(g.scope) == _s(p.scope) and _s(g.event) == _s(p.event)
                rows["full"][0 if same and g.cue else 2] += 1
                if g.cue and _s(g.cue) == _s(p.cue):
                    rows["cue"][0] += 1
                    if not g.scope and p.scope:
                        rows["scope"][1] += 1
                    elif g.scope:
                        rows["scope"][0 if _s(g.scope) == _s(p.scope) else 2] += 1
                else:
                    rows["cue"][2] += 1
                    if g.scope:
                        rows["scope"][2] += 1
                if not g.scope and p.scope:
                    rows["free"][1] += 1
                elif g.scope:
                    rows["free"][0 if _s(g.scope) == _s(p.scope) else 2] += 1
                break
            if z == len(system) - 1:
                rows["cue"][2] += bool(g.cue)
                if g.scope:
                    rows["scope"][2] += 1
                    rows["free"][2] += 1
                    rows["tokens"][2] += len(g.scope)
                rows["full"][2] += 1
    if gold:
        for z, p in enumerate(system):
            if not found_p[z]:
                rows["cue"][1] += bool(p.cue)
                if p.scope:
                    rows["scope"][1] += 1
                    rows["free"][1] += 1
                    rows["tokens"][1] += len(p.scope)
                rows["full"][1] += 1
    rows["negated"] = _reference_negated(gold, system, exact_mode)
    return rows


def _reference_negated(gold: list[Instance], system: list[Instance], exact_mode: bool) -> list[int]:
    """The pseudo-code of §3.5, line for line."""
    tp = fn = fp = 0
    taken_g, taken_p = [False] * len(gold), [False] * len(system)
    for i, g in enumerate(gold):
        for z, p in enumerate(system):
            share = any(a == b for a, _ in g.event for b, _ in p.event)
            if not taken_g[i] and not taken_p[z] and share:
                taken_g[i] = taken_p[z] = True
                if _s(g.event) == _s(p.event):
                    tp += 1
                    break
                if exact_mode:
                    continue
                if any(a == b for _, a in g.event for _, b in p.event):
                    fn += 1
                    break
                taken_g[i] = taken_p[z] = False
            elif z == len(system) - 1 and g.event:
                fn += 1
    if gold:
        fp = sum(1 for z, p in enumerate(system) if p.event and not taken_p[z])
    return [tp, fp, fn]


def _element(draw, n: int) -> tuple[tuple[int, str], ...]:
    chosen = sorted(draw(st.sets(st.integers(0, n - 1), max_size=n)))
    return tuple((i, draw(st.sampled_from(["a", "b", "un", ""]))) for i in chosen)


@st.composite
def instances(draw, n: int) -> list[Instance]:
    out = []
    for group in range(draw(st.integers(0, 3))):
        cue = _element(draw, n)
        out.append(Instance(group, cue, _element(draw, n), _element(draw, n)))
    return out


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_rows_match_the_literal_reference(data):
    n = data.draw(st.integers(1, 5))
    gold, system = data.draw(instances(n)), data.draw(instances(n))
    if not gold or not system:
        return
    for exact_mode in (False, True):
        scorer = Scorer(record=False)
        scorer.add(Sentence(1, 1, model.Side(gold), model.Side(system)))
        c = scorer.counts
        neg_row = c.negated_v22 if exact_mode else c.negated
        got = {"cue": c.cue, "scope": c.scope, "free": c.scope_free, "tokens": c.tokens, "full": c.full,
               "negated": neg_row}  # fmt: skip
        expected = reference_rows(gold, system, exact_mode)
        assert {k: [r.tp, r.fp, r.fn] for k, r in got.items()} == expected


# --- bulk readers against the line-by-line paths -------------------------------------------


@st.composite
def corpora(draw) -> tuple[str, str]:
    """A GOLD file and a SYSTEM file with the same tokens (valid in every mode)."""
    rnd = random.Random(draw(st.integers(0, 10**6)))
    gold, system = [], []
    for number in range(draw(st.integers(1, 6))):
        words = [rnd.choice(WORDS) for _ in range(rnd.randint(1, 6))]
        negs = [_random_neg(rnd, words) for _ in range(rnd.choice([0, 0, 1, 2]))]
        other = (
            negs if rnd.random() < 0.4 else [_random_neg(rnd, words) for _ in range(rnd.choice([0, 1, 2]))]
        )
        gold.append(sentence(words, negs, number, pos=TAGS_FOR(words)))
        system.append(sentence(words, other, number, pos=TAGS_FOR(words)))
    texts = ["\n\n".join(gold), "\n\n".join(system)]
    for k in range(2):
        texts[k] += draw(st.sampled_from(["\n", "\n\n", "", "\n\n\n"]))
    if draw(st.booleans()):
        texts = (
            [_damage(rnd, text) for text in texts]
            if draw(st.booleans())
            else [texts[0], _damage(rnd, texts[1])]
        )
    return texts[0], texts[1]


DAMAGE = ["\t_", "\t", " ", "\t***", "***", "\n", "\r", "é", "\t\t\t_"]


def _damage(rnd: random.Random, text: str) -> str:
    """One small change that real files have: an extra field, a trailing TAB, a space, a
    stray `***`, a doubled empty line, a CR, a non-ASCII letter, a cell emptied."""
    lines = text.split("\n")
    k = rnd.randrange(len(lines))
    change = rnd.choice(DAMAGE)
    if change == "***" and "\t" in lines[k]:
        lines[k] = lines[k].rsplit("\t", 1)[0] + "\t***"
    elif change == "\n":
        lines.insert(k, "")
    elif change == " " and "\t_" in lines[k]:
        lines[k] = lines[k].replace("\t_", "\tby no", 1)
    else:
        lines[k] += change
    return "\n".join(lines)


def TAGS_FOR(words: list[str]) -> dict[int, str]:  # noqa: N802
    return {i: TAGS[w] for i, w in enumerate(words) if w in TAGS}


def _random_neg(rnd: random.Random, words: list[str]) -> dict:
    def pick(k: int) -> dict[int, str]:
        idx = rnd.sample(range(len(words)), min(k, len(words)))
        return {i: rnd.choice([words[i], words[i][2:] or words[i], "Mr."]) for i in idx}

    cue = pick(rnd.randint(1, 2))
    return neg(cue, pick(rnd.randint(0, 4)), pick(rnd.randint(0, 1)))


def _run(tmp: Path, gold: str, system: str, mode: str, detail: bool = False) -> dict:
    """The report's data without the instances, or the message of the input error."""
    from engine.methods.starsem import Options, StarSem

    g, s = tmp / "g.txt", tmp / "s.txt"
    g.write_text(gold)
    s.write_text(system)
    try:
        report = StarSem().evaluate(str(g), str(s), Options(mode), detail=detail)
    except InputError as err:
        return {"error": str(err)}
    if detail:
        assert len(report.error_rows) == sum(1 for i in report.data["instances"] if i["full"] != "TP")
    return {k: v for k, v in report.data.items() if k not in ("instances", "_units")}


@pytest.fixture
def slow_paths(monkeypatch):
    """Switch every bulk shortcut off: plain sentences, regular sentences, aligned blocks."""

    def no_plain(gold, system, strip):  # one flag per sentence pair, as plain_flags gives
        return [False] * (len(gold) if system is None else min(len(gold), len(system)))

    def switch() -> None:
        monkeypatch.setattr(files, "plain_flags", no_plain)
        for module in (reading, exact, extended_reading):
            monkeypatch.setattr(module, "plain_flags", no_plain)
            monkeypatch.setattr(module, "regular_columns", lambda block, strip: None, raising=False)
        monkeypatch.setattr(exact, "aligned_blocks", lambda *args: None)

    return switch


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(corpus=corpora())
def test_bulk_reading_equals_line_by_line_reading(tmp_path_factory, slow_paths, monkeypatch, corpus):
    tmp = tmp_path_factory.mktemp("corpus")
    fast = {mode: _run(tmp, *corpus, mode) for mode in ("default", "starsem-exact", "extended")}
    with monkeypatch.context():
        slow_paths()
        slow = {mode: _run(tmp, *corpus, mode) for mode in ("default", "starsem-exact", "extended")}
    assert fast == slow


@settings(max_examples=60, deadline=None)
@given(corpus=corpora())
def test_detail_view_does_not_change_the_numbers(tmp_path_factory, corpus):
    tmp = tmp_path_factory.mktemp("detail")
    for mode in ("default", "starsem-exact", "extended"):
        assert _run(tmp, *corpus, mode, detail=True) == _run(tmp, *corpus, mode)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_sentence_the_same_on_both_sides_counts_like_any_other(data):
    """The shortcut for identical sides (every instance with a cue) against the full pairing:
    the same counts, and with detail the same verdicts recorded."""
    n = data.draw(st.integers(1, 5))
    side = model.Side([i for i in data.draw(instances(n)) if i.cue], data.draw(st.integers(0, 9)))
    paired = Scorer(record=True)
    paired.add(Sentence(1, 1, side, model.Side(side.instances, side.scope_tokens)))
    for record in (False, True):
        shortcut = Scorer(record)
        shortcut.add(Sentence(1, 1, side, side))
        assert shortcut.counts == paired.counts
    assert shortcut.verdicts == paired.verdicts


def _run_or_none(layout: Layout, start: int, end: int, unit: int | None = None) -> tuple | None:
    try:
        return layout.run(start, end, unit)
    except IndexError:
        return None


@settings(max_examples=100, deadline=None)
@given(st.lists(st.one_of(st.none(), st.integers(0, 3)), min_size=1, max_size=5))
def test_a_run_from_a_known_unit_is_the_run_found_by_position(sizes):
    """Layout.run given the unit an error row's sentence starts (a run within its words
    or past them, into the next units) gives what the search by position gives."""
    layout = Layout("doc")
    for number, size in enumerate(sizes, 1):
        words = None if size is None else model.Words([f"w{number}.{k}" for k in range(size)],
                                                      [str(k) for k in range(size)], "", "")  # fmt: skip
        layout.add(number, words)
    total = layout.units[-1][1]
    for unit, (first, _) in enumerate(layout.units):
        for start in range(first, total):
            for end in range(start + 1, total + 1):
                assert _run_or_none(layout, start, end, unit) == _run_or_none(layout, start, end)


# --- the bulk shortcuts against their literal definitions -----------------------------------

CELLS = ["a", "_", "***", "", "not", "Mr."]
ODD_CELLS = [" ", "x y", "\r", "é", "\x0b"]


def _random_block(rnd: random.Random, damage: float = 0.1) -> str:
    """Lines of 7 to 13 cells, mostly alike, some damaged (a cell more or less, a blank
    or a letter other than ASCII in a cell, no `***` in an 8th cell, an empty first
    cell, an empty line, a leading TAB)."""
    width = rnd.choice([8, 8, 10, 13, 9])
    cells_used = CELLS + ODD_CELLS if rnd.random() < damage else CELLS
    lines = []
    for _ in range(rnd.randint(1, 5)):
        cells = ["ch", "1", "2", "word", "lemma", rnd.choice(["NN", ",", "."]), "*"]
        cells += ["***"] * (width == 8) or [rnd.choice(["_"] * 6 + cells_used) for _ in range(width - 7)]
        if rnd.random() < damage:
            cells = cells[:-1] if rnd.random() < 0.5 else [*cells, "_"]
        if rnd.random() < damage:
            cells[rnd.choice([0, len(cells) - 1])] = rnd.choice(["", "_", "a***"])
        lines.append(("\t" if rnd.random() < damage / 2 else "") + "\t".join(cells))
    if rnd.random() < damage / 2:
        lines.insert(rnd.randrange(len(lines)), "")
    return "\n".join(lines)


def _reference_columns(block: str, strip: bool) -> list[list[str]] | None:
    """regular_columns as §2.3 says it, line by line."""
    if not block.isascii() or model.odd_space(block):
        return None
    rows = [line.split("\t") for line in block.split("\n")]
    width = len(rows[0])
    if not model.valid_width(width) or any(len(row) != width for row in rows):
        return None
    columns = [list(column) for column in zip(*rows, strict=True)]
    if columns[7].count("***") != (len(rows) if width == 8 else 0):
        return None
    if any("" in column for column in columns[7:]) or (strip and "" in columns[0]):
        return None
    return columns


def test_regular_columns_match_the_line_by_line_split():
    rnd = random.Random(6)
    regular = 0
    for _ in range(3000):
        block = _random_block(rnd, damage=0.3)
        for strip in (False, True):
            expected = _reference_columns(block, strip)
            if expected is not None:  # the first column's cells but the first keep their line's LF
                expected[0][1:] = ["\n" + cell for cell in expected[0][1:]]
            assert model.regular_columns(block, strip) == expected, block
            regular += expected is not None
    assert regular > 500  # both outcomes are tried


def test_regular_notes_are_the_line_by_line_split_columns():
    """--extended's split (token numbers, words, annotation columns, the first line's
    chapter and sentence number) against §2.3's line-by-line split."""
    rnd = random.Random(7)
    regular = 0
    for _ in range(3000):
        block = _random_block(rnd, damage=0.3)
        columns = _reference_columns(block, False)
        if columns is None:
            assert model.regular_notes(block) is None, block
            continue
        expected = columns[2], columns[3], columns[7:], columns[0][0], columns[1][0]
        assert model.regular_notes(block) == expected, block
        regular += 1
    assert regular > 250  # both outcomes are tried


def test_a_system_column_equal_to_golds_takes_golds_element():
    """--extended: a SYSTEM column equal to GOLD's shares GOLD's element (the very list);
    every instance is what the SYSTEM columns alone give."""
    rnd = random.Random(11)
    kinds = (extended_reading.CUE, extended_reading.SCOPE, extended_reading.EVENT)
    shared = 0
    for _ in range(1500):
        notes = model.regular_notes(_random_block(rnd, damage=0.0))
        if notes is None or len(notes[2]) < 3:
            continue
        ids, gold_columns = notes[0], notes[2]
        system_columns = [column if rnd.random() < 0.5 else rnd.sample(column, len(column))
                          for column in gold_columns]  # fmt: skip
        for positions in (False, True):
            gold = extended_reading._column_instances(ids, gold_columns, positions)
            alone = extended_reading._column_instances(ids, system_columns, positions)
            taken = extended_reading._column_instances(ids, system_columns, positions, (gold_columns, gold))
            for g, a, t in zip(gold, alone, taken, strict=True):
                assert (t.group, t.elements, t.shown) == (a.group, a.elements, a.shown)
                for kind, tokens in t.elements.items():
                    j = 3 * t.group + kinds.index(kind)
                    assert (tokens is g.elements.get(kind)) == (system_columns[j] == gold_columns[j])
                    shared += tokens is g.elements.get(kind)
    assert shared > 100


def _random_file(rnd: random.Random) -> str:
    damage = rnd.choice([0.0, 0.02, 0.2])
    blocks = [_random_block(rnd, damage) for _ in range(rnd.randint(1, 8))]
    return rnd.choice(["", "\n", "\t\n"]) + "\n\n".join(blocks) + rnd.choice(["", "\n", "\n\n", " \n"])


def test_skeletons_find_the_same_sentences_without_negation():
    """plain_flags from the whitespace skeletons against the general bulk check and
    against plain_block, sentence by sentence; the line numbers from the skeletons. The
    skeletons made for a reader that keeps a line's leading TABs (strip=False) also show
    lines that start with one; a reader that strips lines never uses them."""
    rnd = random.Random(12)
    with_skeletons = plain = tab_led = 0
    for _ in range(1500):
        gold = _random_file(rnd)
        system = gold if rnd.random() < 0.5 else _random_file(rnd)
        try:
            fast = files.sentence_blocks(gold, "g", gold.encode())
        except InputError:
            continue
        kept = files.sentence_blocks(gold, "g", gold.encode(), strip=False)
        general = files.sentence_blocks(gold, "g")
        other = files.sentence_blocks(system, "s") if system.strip() else None
        with_skeletons += fast.skeletons is not None
        tab_led += kept.skeletons is not None and fast.skeletons is None
        assert fast.texts == kept.texts == general.texts
        assert (fast.lines, fast.end) == (kept.lines, kept.end) == (general.lines, general.end)
        for strip in (False, True):
            flags = files.plain_flags(fast, other, strip)
            plain += sum(flags) if fast.skeletons else 0
            assert flags == files.plain_flags(general, other, strip) == files.plain_flags(kept, other, strip)
            pairs = zip(fast.texts, other.texts if other else fast.texts, strict=False)
            assert flags == [g == s and model.plain_block(g, strip) for g, s in pairs]
    assert with_skeletons > 500 and plain > 500 and tab_led > 50


@pytest.mark.parametrize(
    "text", ["a\tb\nabc\n\nc\td\ne\tf", "a\tb\n\nabc\nc\td", "x\ty\n\nabc\ndef\n\nc\td\ne\tf"]
)
def test_a_line_without_blanks_next_to_an_empty_line_keeps_the_line_numbers(text):
    """Its LF and the empty line's make three LFs in a row in the skeleton, which could
    be split on either side: the lines are counted from the text."""
    fast = files.sentence_blocks(text, "g", text.encode())
    general = files.sentence_blocks(text, "g")
    assert (fast.lines, fast.end) == (general.lines, general.end)


@given(
    text=st.text(st.sampled_from("\n\n\n\ta_é\r"), max_size=60),
    chunk=st.integers(1, 8),
)
def test_a_file_decoded_a_chunk_at_a_time_splits_as_its_whole_text(text, chunk):
    """Runs of LFs of any length at the chunks' ends; a file with CR or letters beyond
    ASCII is decoded whole (CR LF becomes LF first)."""
    data = text.encode()
    assert files.file_blocks(data, "g", chunk) == files.split_blocks(decode_utf8(data, "g"))
    as_read = files.ascii_blocks(data, chunk)  # --starsem-exact: CR kept, a file not ASCII whole
    assert as_read is None if not data.isascii() else as_read == files.split_blocks(files.file_text(data))
    assert files.file_blocks(data, "g", chunk, keep_cr=True) == files.split_blocks(files.file_text(data))
