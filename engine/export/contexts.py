"""The context columns of an error sheet, a block of rows at once: each error's unit (or a
window of it) with the gold and the system span marked in emoji (Context) and in colours
(Context (coloured)), computed over arrays (tests/engine/context_oracle.py builds them one
error at a time): the rows' parts, the cuts where the covering spans change, and offsets into each
document's text, joined once; a page without text (engine.context.Positions) shown by its
stretches' lengths."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain, compress, pairwise, repeat
from operator import itemgetter
from typing import Any

import numpy as np

from ..context import GOLD_MARK, MAX_TOKENS, SYSTEM_MARK, WINDOW_CHARS, WINDOW_TOKENS, Positions, stretch
from ..pieces import FARTHEST_SHOWN, PieceColumn, positions_within
from ..rowkeys import distinct_naturals, distinct_values
from ..spans import Document
from .cells import CUT, MAX_TEXT, fitted, needs_care, safe_text, units
from .kinds import spaced
from .sheetxml import PRESERVE, SPECIAL_CHARACTERS, escaped, special

Parts = tuple[np.ndarray, np.ndarray, np.ndarray]  # (row, start, end) of parts
WHOLE_TOKENS = 400  # a row without positions shows its whole document up to this many tokens
# The marks open after each run, by state: 0 none, 1 gold, 2 system, 3 gold then system
# inside it, 4 system then gold inside it (the longer span outside).
STACKS = ((), (GOLD_MARK,), (SYSTEM_MARK,), (GOLD_MARK, SYSTEM_MARK), (SYSTEM_MARK, GOLD_MARK))
# The UTF-8 bytes no character to escape (SPECIAL_CHARACTERS) holds: all but the controls,
# & < >, and the lead bytes of a surrogate (ED) and of U+FFFE/U+FFFF (EF).
_PLAIN_BYTES = bytes(sorted({9, 10, *range(32, 256)} - {*b"&<>", 0xED, 0xEF}))
_FLAG_MARKS = (set(), {GOLD_MARK}, {SYSTEM_MARK}, {GOLD_MARK, SYSTEM_MARK})


def _transition(before: int, after: int) -> tuple[str, str]:
    """(marks closed, marks opened) going from state `before` to `after`: the open marks
    the next run does not want are closed from the innermost on; the missing ones opened."""
    stack, wanted = list(STACKS[before]), _FLAG_MARKS[min(after, 3)]
    closed = []
    while not wanted.issuperset(stack):
        closed.append(stack.pop())
    return "".join(closed), "".join(STACKS[after][len(stack) :])


_CLOSED = np.array([[_transition(b, a)[0] for a in range(5)] for b in range(5)], dtype=object)
_OPENED = np.array([[_transition(b, a)[1] for a in range(5)] for b in range(5)], dtype=object)
_CLOSE_ALL = np.array(["".join(reversed(stack)) for stack in STACKS], dtype=object)


class DocumentTexts:
    """The documents a block of error rows points into, by number: each one's joiner, cut
    marks, length and kind; its units and tokens are read only where a row's window needs
    them (nothing held grows with a document or with the rows)."""

    def __init__(self, documents: dict[str, Document], names: Iterable[str]) -> None:
        self.used = [documents[name] for name in dict.fromkeys(names) if name in documents]
        used = self.used
        self.number = {doc.name: k for k, doc in enumerate(used)}
        self.joiners = [doc.joiner for doc in used]
        self.cut_before = [("[...]" if doc.joiner else "…") + doc.joiner for doc in used]
        self.cut_after = [doc.joiner + ("[...]" if doc.joiner else "…") for doc in used]
        self.lengths = np.array([len(doc.tokens) for doc in used], np.int64)
        self.joiner_lengths = np.array([len(doc.joiner) for doc in used], np.int64)
        self.characters = np.array([doc.joiner == "" for doc in used], bool)
        self.whole = np.array([doc.has_words and len(doc.tokens) <= WHOLE_TOKENS for doc in used], bool)
        self.blank = np.array([isinstance(doc.tokens, Positions) for doc in used], bool)  # no text
        self.stride = int(self.lengths.max(initial=0)) + 2

    def unit_bounds(self, doc: np.ndarray, at: np.ndarray, chosen: np.ndarray,
                    unit: np.ndarray) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
        """(start, end) of each row's unit: the one `chosen` (its number), else the last of
        its document starting at or before `at` (the first where `at` is negative); a
        document without units is one unit, a row without a document (-1) (0, 0)."""
        units = [d.units or [(0, n)] for d, n in zip(self.used, self.lengths.tolist(), strict=True)]
        bounds = np.zeros((len(doc), 2), np.int64)
        picked = np.flatnonzero((doc >= 0) & chosen)
        numbers = zip(doc[picked].tolist(), unit[picked].tolist(), strict=True)
        pairs = [units[k][n if self.used[k].units else 0] for k, n in numbers]
        bounds[picked] = _pairs(pairs)
        found = np.flatnonzero((doc >= 0) & ~chosen)
        if len(found):
            bounds[found] = self._units_at(doc[found], at[found], units)
        return bounds[:, 0], bounds[:, 1]

    def _units_at(self, doc: np.ndarray, at: np.ndarray, units: list[list[tuple[int, int]]]) -> np.ndarray:
        """(start, end) of the unit holding each position (Document.unit_of): searched at once
        among each document's units from its least position's to its greatest's only."""
        least, most = np.full(len(units), np.iinfo(np.int64).max), np.full(len(units), np.iinfo(np.int64).min)
        np.minimum.at(least, doc, at)
        np.maximum.at(most, doc, at)
        table: list[tuple[int, int]] = []
        owners, starts, counts = distinct_naturals(doc), [], []
        lows, highs = least.tolist(), most.tolist()
        for k in owners.tolist():
            document = self.used[k]
            many = len(document.units) > 1  # else its one unit (a page)
            low, high = (document.unit_of(lows[k]), document.unit_of(highs[k])) if many else (0, 0)
            starts.append(len(table))
            table += units[k][low : high + 1]
            counts.append(high + 1 - low)
        offset = np.zeros(len(units), np.int64)
        offset[owners] = starts
        pairs = _pairs(table)
        keys = np.repeat(owners * self.stride, counts) + pairs[:, 0]
        index = np.searchsorted(keys, doc * self.stride + at, side="right") - 1
        return pairs[np.maximum(index, offset[doc])]


def _pairs(pairs: list[tuple[int, int]]) -> np.ndarray:
    """(start, end) pairs as an array of two columns."""
    return np.fromiter(chain.from_iterable(pairs), np.int64, 2 * len(pairs)).reshape(-1, 2)


class Windows:
    """The texts of the rows' windows (first..end of each row's document), those that
    overlap or touch taken as one stretch, all joined once, and where each position shown
    starts in it: a stretch of one character per position (a text) by its position, the
    others by their tokens' lengths."""

    def __init__(self, texts: DocumentTexts, doc: np.ndarray, rows: np.ndarray,
                 first: np.ndarray, end: np.ndarray) -> None:  # fmt: skip
        order = rows[np.lexsort((first[rows], doc[rows]))]
        d, a, b = doc[order], first[order], end[order]
        reach = np.maximum.accumulate(d * texts.stride + b)  # the end reached so far in the document
        new = np.ones(len(d), bool)  # a row starting a stretch (none without rows)
        new[1:] = (d[1:] != d[:-1]) | (d[1:] * texts.stride + a[1:] > reach[:-1])
        heads = np.flatnonzero(new)
        stretch = np.cumsum(new) - 1  # each row's stretch
        stretch_ends = np.maximum.reduceat(b, heads).tolist()
        text_starts, token_bases, pieces, slices, joiner_lengths = [], [], [], [], []
        held, tokens = 0, 0
        for k, start, stop in zip(d[heads].tolist(), a[heads].tolist(), stretch_ends, strict=True):
            document = texts.used[k]
            text, shown = _window_text(document, start, stop)
            token_bases.append(-1 if shown is None else tokens)
            if shown is not None:
                tokens += len(shown)
                slices.append(shown)
                joiner_lengths.append(len(document.joiner))
            text_starts.append(held)
            held += len(text)
            pieces.append(text)
        self.text = "".join(pieces)
        n = len(doc)
        self.first, self.row_start, self.token_base = (np.zeros(n, np.int64) for _ in range(3))
        self.first[order] = a[heads][stretch]  # where the row's stretch starts in its document
        self.row_start[order] = np.array(text_starts, np.int64)[stretch]  # and in `text`
        self.token_base[order] = np.array(token_bases, np.int64)[stretch]  # its first token; -1: none
        counts = np.fromiter(map(len, slices), np.int64, len(slices))
        lengths = np.fromiter(map(len, chain.from_iterable(slices)), np.int64, int(counts.sum()))
        step = lengths + np.repeat(np.array(joiner_lengths, np.int64), counts)
        self.starts = np.concatenate([[0], np.cumsum(step)])

    def offsets(self, row: np.ndarray, pos: np.ndarray) -> np.ndarray:
        """Where position `pos` of each row starts in `text`."""
        base = self.token_base[row]
        local = pos - self.first[row]
        by_token = base >= 0
        at = np.where(by_token, base + local, 0)
        counted = self.starts[at] - self.starts[np.maximum(base, 0)]
        return self.row_start[row] + np.where(by_token, counted, local)


def _window_text(doc: Document, first: int, end: int) -> tuple[str, Sequence[str] | None]:
    """Positions first..end of a document as text (each token followed by the joiner), and
    its tokens; None for a text document whose positions are its characters (its text
    sliced as it is)."""
    tokens = doc.tokens[first:end]
    if isinstance(tokens, str) and doc.joiner == "":
        return tokens, None
    tokens = list(tokens)
    return doc.joiner.join(tokens) + doc.joiner * bool(tokens), tokens


def _flat_parts(parts: Sequence[Any]) -> Parts:
    """(row, start, end) of every part of the rows' parts (None or a list of [start, end]),
    offsets past ±FARTHEST_SHOWN brought to it: none is shown."""
    column = PieceColumn.of(parts)
    return column.rows(), *(positions_within(p, FARTHEST_SHOWN) for p in column.pieces())


class Contexts:
    """The contexts of a block of error rows: `marked` each row's emoji text (None where it
    has none) and `lengths` their lengths (0), `careful` whether its text had to be escaped
    or cut, and (with `runs`) the rich-text runs of them all in order: `run_row`, `run_kind`
    (colour: 0 plain, 1 gold, 2 system, 3 both) and each run's pieces of text, not joined
    (`run_pieces[run_bounds[i] : run_bounds[i + 1]]`: a coloured run one piece, neighbouring
    plain ones one run), empty ones left out (a careful row's pieces hold what a cell holds)."""

    def __init__(self, texts: DocumentTexts, documents: Sequence[str], gold: Sequence[Any],
                 system: Sequence[Any], units: Sequence[Any] | None, runs: bool = True) -> None:  # fmt: skip
        self.texts = texts
        n = len(documents)
        number = texts.number
        self.doc = np.fromiter(map(number.get, documents, repeat(-1, n)), np.int64, n)
        parts = [_flat_parts(gold), _flat_parts(system)]
        given = np.zeros(n, bool)
        for row, _, _ in parts:
            given[row] = True
        self._window(parts, given, units)
        self.marked: list[str | None] = [None] * n
        self.lengths = np.zeros(n, np.int64)  # of the emoji texts
        self.careful = np.zeros(n, bool)
        self.escape = np.zeros(n, bool)  # its runs' texts escaped for XML
        self.blank = np.zeros(n, bool)  # its page has no text (Positions)
        self.run_row, self.run_kind = np.zeros(0, np.int64), np.zeros(0, np.int64)
        self.run_pieces: list[str] = []
        self.run_bounds = np.zeros(1, np.int64)
        if len(self.rows):
            self.blank[self.rows] = texts.blank[self.doc[self.rows]]
            self._segments()
            self._without_text()
            self._marked()
        if len(self.rows) and runs:
            self._runs()

    def _window(self, parts: list[Parts], given: np.ndarray, units: Sequence[Any] | None) -> None:
        """Which rows have a context (`rows`), and the first and end position shown of each
        with whether the unit goes on before or after them."""
        t, doc = self.texts, self.doc
        found = doc >= 0
        d = np.where(found, doc, 0)
        length = t.lengths[d] if len(t.lengths) else np.zeros(len(doc), np.int64)
        low = np.full(len(doc), np.iinfo(np.int64).max)
        high = np.full(len(doc), -1)
        for side, (row, start, end) in enumerate(parts):
            start, end = np.maximum(start, 0), np.minimum(end, length[row])
            kept = start < end
            parts[side] = (row[kept], start[kept], end[kept])
            np.minimum.at(low, row[kept], start[kept])
            np.maximum.at(high, row[kept], end[kept])
        self.parts = parts
        marked = high >= 0
        unit = np.zeros(len(doc), np.int64)
        if units is not None:
            unit = np.array([0 if u is None else u for u in units], np.int64)
            chosen = np.array([u is not None for u in units], bool)
        else:
            chosen = np.zeros(len(doc), bool)
        unit_start, unit_end = t.unit_bounds(doc, np.where(marked, low, -1), chosen, unit)
        unit_start = np.where(marked, np.minimum(unit_start, low), unit_start)
        unit_end = np.where(marked, np.maximum(unit_end, high), unit_end)
        chars = t.characters[d] if len(t.lengths) else np.zeros(len(doc), bool)
        limit = np.where(chars, 2 * WINDOW_CHARS, MAX_TOKENS)
        margin = np.where(chars, WINDOW_CHARS, WINDOW_TOKENS)
        fits = unit_end - unit_start <= limit
        first = np.where(fits | ~marked, unit_start, np.maximum(unit_start, low - margin))
        around = np.where(marked, np.minimum(unit_end, high + margin), unit_start + limit)
        end = np.where(fits, unit_end, around)
        whole = ~given  # no positions: the whole document, unmarked, where it is short and has words
        first, end = np.where(whole, 0, first), np.where(whole, length, end)
        unit_start, unit_end = np.where(whole, 0, unit_start), np.where(whole, length, unit_end)
        has = found & (given | (t.whole[d] if len(t.lengths) else False))
        self.rows = np.flatnonzero(has)
        self.first, self.end = first, end
        self.before, self.after = first > unit_start, end < unit_end

    def _segments(self) -> None:
        """The runs of each row's window: pieces as long as the spans covering them stay the
        same (`seg_row`, `seg_start`, `seg_stop`, `seg_flags`: 1 gold, 2 system, 3 both;
        `seg_first`: a row's first run)."""
        rows, first, end = self.rows, self.first, self.end
        on = np.zeros(len(self.doc), bool)
        on[rows] = True
        zero = np.zeros(2 * len(rows), np.int64)
        entries = [(np.concatenate([rows, rows]), np.concatenate([first[rows], end[rows]]), zero, zero)]
        for side, (row, start, stop) in enumerate(self.parts):
            row, start, stop = row[on[row]], start[on[row]], stop[on[row]]
            ones = np.ones(len(row), np.int64)
            delta = np.concatenate([ones, -ones])
            none = np.zeros(2 * len(row), np.int64)
            a, b = first[row], end[row]
            position = np.concatenate([np.clip(start, a, b), np.clip(stop, a, b)])
            deltas = (delta, none) if side == 0 else (none, delta)
            entries.append((np.concatenate([row, row]), position, *deltas))
        row, position, gold, system = (np.concatenate(column) for column in zip(*entries, strict=True))
        key = row * self.texts.stride + position
        order = np.argsort(key, kind="stable")
        key = key[order]
        last = np.append(key[1:] != key[:-1], True)  # the last entry at each cut: its coverage
        flags = (np.cumsum(gold[order])[last] > 0) + 2 * (np.cumsum(system[order])[last] > 0)
        cut_row, cut = row[order][last], position[order][last]
        new_row = np.insert(cut_row[1:] != cut_row[:-1], 0, True)
        row_end = np.append(new_row[1:], True)
        kept = new_row | row_end | np.insert(flags[1:] != flags[:-1], 0, True)
        cut_row, cut, flags, row_end = cut_row[kept], cut[kept], flags[kept], row_end[kept]
        starts = np.flatnonzero(~row_end)
        self.seg_row, self.seg_start, self.seg_stop = cut_row[starts], cut[starts], cut[starts + 1]
        self.seg_flags = flags[starts]
        self.seg_first = np.diff(self.seg_row, prepend=-1) != 0

    def _without_text(self) -> None:
        """The rows of pages without text (Positions) keep their marked runs and the
        unmarked ones between them (each shown by its length): an unmarked run before the
        first mark or after the last one is left out, a cut mark showing that the page goes
        on there (one only, before, where nothing is marked)."""
        rows = self.rows[self.blank[self.rows]]
        if not len(rows):
            return
        self.before[rows], self.after[rows] = False, False
        plain = self.blank[self.seg_row] & (self.seg_flags == 0)
        lead = plain & self.seg_first
        trail = plain & np.append(self.seg_first[1:], True) & ~self.seg_first
        self.before[self.seg_row[lead]], self.after[self.seg_row[trail]] = True, True
        kept = ~(lead | trail)
        self.seg_row, self.seg_start = self.seg_row[kept], self.seg_start[kept]
        self.seg_stop, self.seg_flags = self.seg_stop[kept], self.seg_flags[kept]
        self.seg_first = np.diff(self.seg_row, prepend=-1) != 0

    def _layout(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Where each row's and each run's pieces go in a flat list: per row a head, per run
        a piece before it and its text, per row a tail (the head, the pieces before, the
        texts, the tails' places)."""
        rank = np.searchsorted(self.rows, self.seg_row)  # each run's row among the rows shown
        through = np.searchsorted(self.seg_row, self.rows, side="right")  # runs up to each row's end
        r = np.arange(len(self.rows))
        j = np.arange(len(self.seg_row))
        return (
            2 * r + 2 * (through - np.bincount(rank, minlength=len(r))),
            2 * rank + 2 * j + 1,
            2 * rank + 2 * j + 2,
            2 * r + 2 * through + 1,
        )

    def _texts(self, windows: Windows) -> list[str]:
        """Each run's text: a slice of the rows' windows' text, or its length (stretch) on a
        page without text."""
        blank = self.blank[self.seg_row]
        shown = np.flatnonzero(~blank)
        row = self.seg_row[shown]
        start = windows.offsets(row, self.seg_start[shown])
        stop = windows.offsets(row, self.seg_stop[shown]) - self.texts.joiner_lengths[self.doc[row]]
        text = windows.text
        sliced = [text[a:b] for a, b in zip(start.tolist(), stop.tolist(), strict=True)]
        if len(shown) == len(blank):
            return sliced
        texts = np.empty(len(blank), dtype=object)
        texts[shown] = sliced
        lengths, which = distinct_values((self.seg_stop - self.seg_start)[blank])
        texts[blank] = np.array(list(map(stretch, lengths.tolist())), dtype=object)[which]  # each made once
        return texts.tolist()

    def _states(self) -> tuple[np.ndarray, np.ndarray]:
        """Each run's marks open (STACKS), and the state before it."""
        flags, row, first = self.seg_flags, self.seg_row, self.seg_first
        before = np.where(first, 0, np.roll(flags, 1))  # runs next to each other differ: never both
        row_stop = np.repeat(*_run_ends(row))
        outer = np.where(_reach((flags & 2) > 0, row_stop) > _reach((flags & 1) > 0, row_stop), 4, 3)
        both = np.where(before == 1, 3, np.where(before == 2, 4, outer))
        state = np.where(flags == 3, both, flags)
        return state, np.where(first, 0, np.roll(state, 1))

    def _marked(self) -> None:
        """The rows' emoji texts, and which of them must be escaped or cut in a cell."""
        rows = self.rows
        self.layout = heads, befores, texts_at, tails = self._layout()
        windows = Windows(self.texts, self.doc, rows[~self.blank[rows]], self.first, self.end)
        self.seg_texts = self._texts(windows)
        state, before = self._states()
        self.plain_pieces = self._pieces()
        pieces = self.plain_pieces.copy()
        pieces[befores] = _CLOSED[before, state] + pieces[befores] + _OPENED[before, state]
        last_state = np.zeros(len(rows), np.int64)
        ends = _run_ends(self.seg_row)[0] - 1
        last_state[np.searchsorted(rows, self.seg_row[ends])] = state[ends]
        pieces[tails] = _CLOSE_ALL[last_state] + pieces[tails]
        marked = _joined(pieces.tolist(), tails + 1)
        lengths = np.fromiter(map(len, marked), np.int64, len(marked))
        self.lengths[rows] = lengths
        if len(rows) == len(self.marked):
            self.marked = marked
        else:
            for row, text in zip(rows.tolist(), marked, strict=True):
                self.marked[row] = text
        for k in self._candidates(windows, marked, lengths).tolist():
            self.careful[rows[k]] = needs_care(marked[k])
            self.escape[rows[k]] = self.careful[rows[k]] or special(marked[k])

    def _candidates(self, windows: Windows, marked: list[str], lengths: np.ndarray) -> np.ndarray:
        """The numbers (among `rows`) of the emoji texts that may need escaping or cutting in
        a cell: the long ones, and those whose window holds a character to escape or the
        start of a literal _xHHHH_, found by one search over the windows' text (each stretch
        once: rows of one sentence share it; the marks and cut marks hold neither). Where a
        joiner holds either, or may make one with its neighbours, the texts are searched."""
        if any(special(joiner) or "_" in joiner or "x" in joiner for joiner in self.texts.joiners):
            return _candidates(marked)
        rows = self.rows
        found = sorted(_escape_starts(windows.text))
        shown = np.flatnonzero(~self.blank[rows])  # a page without text has none
        rows = rows[shown]
        starts, ends = windows.offsets(rows, self.first[rows]), windows.offsets(rows, self.end[rows])
        at_found = np.array(found, np.int64)
        held = lengths > MAX_TEXT // 2
        held[shown] |= np.searchsorted(at_found, ends) > np.searchsorted(at_found, starts)
        return np.flatnonzero(held)

    def _pieces(self) -> np.ndarray:
        """Each row's pieces in the flat layout, plain: the cut mark before, before each run
        the joiner (none before the first) and the run's text, the cut mark after."""
        t, rows = self.texts, self.rows
        heads, befores, texts_at, tails = self.layout
        d_row = self.doc[rows]
        first = self.seg_first
        pieces = np.empty(2 * (len(rows) + len(self.seg_row)), dtype=object)
        pieces[heads] = np.where(self.before[rows], np.array(t.cut_before, dtype=object)[d_row], "")
        pieces[befores] = np.where(first, "", np.array(t.joiners, dtype=object)[self.doc[self.seg_row]])
        pieces[texts_at] = self.seg_texts
        pieces[tails] = np.where(self.after[rows], np.array(t.cut_after, dtype=object)[d_row], "")
        return pieces

    def _runs(self) -> None:
        """The rows' rich-text runs: the cut marks, the joiners and the plain runs plain, the
        rest coloured; what must be escaped or cut made to fit (a row at a time)."""
        rows = self.rows
        heads, _, texts_at, tails = self.layout
        kinds = np.zeros(2 * (len(rows) + len(self.seg_row)), np.int64)
        kinds[texts_at] = self.seg_flags
        texts = self.plain_pieces.tolist()
        for k in np.flatnonzero(self.careful[rows]).tolist():
            texts[heads[k] : tails[k] + 1] = _fitted(texts[heads[k] : tails[k] + 1])
        held = np.fromiter(map(len, texts), np.int64, len(texts)) > 0
        row = np.repeat(np.arange(len(rows)), tails - heads + 1)
        kept = np.flatnonzero(held)
        texts = list(compress(texts, held.tolist()))
        row, kinds = row[kept], kinds[kept]
        new_row = np.insert(row[1:] != row[:-1], 0, True)
        starts = np.flatnonzero(new_row | (kinds != 0) | np.insert(kinds[:-1] != 0, 0, True))
        self.run_row, self.run_kind = rows[row[starts]], kinds[starts]
        self.run_pieces, self.run_bounds = texts, np.append(starts, len(texts))


def _fitted(texts: list[str]) -> list[str]:
    """A row's run texts made to fit a cell: unsafe characters escaped, each cut to the room
    the ones before it left (with room for the cut mark)."""
    room = MAX_TEXT - len(CUT)  # UTF-16 units
    fitting = []
    for text in texts:
        text = fitted(safe_text(text), room)
        room -= units(text)
        fitting.append(text)
    return fitting


def _run_ends(row: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(index after each group of equal neighbours in `row`, the group's size)."""
    ends = np.flatnonzero(np.append(row[1:] != row[:-1], len(row) > 0)) + 1
    return ends, np.diff(ends, prepend=0)


def _reach(covered: np.ndarray, row_stop: np.ndarray) -> np.ndarray:
    """How many runs from each on are covered, within its row (`row_stop`: the index after
    the row's last run)."""
    index = np.arange(len(covered))
    stop = np.where(covered, row_stop, index)
    return np.minimum.accumulate(stop[::-1])[::-1] - index


def _joined(pieces: list[str], ends: np.ndarray) -> list[str]:
    """The pieces joined in groups, each ending before the index in `ends` (increasing):
    each group's text copied once (not all joined, then sliced), a group of one as it is."""
    return [pieces[a] if b - a == 1 else "".join(pieces[a:b]) for a, b in pairwise([0, *ends.tolist()])]


def _escape_starts(text: str) -> list[int]:
    """Where a text holds a character to escape, or the start of a literal _xHHHH_ perhaps
    ("_x"). The regex looks only where the text's UTF-8 bytes hold one of those a character
    to escape is made of (most texts hold none: they are found so by one pass in C)."""
    maybe = text.encode("utf-8", "surrogatepass").translate(None, _PLAIN_BYTES)
    found = [m.start() for m in SPECIAL_CHARACTERS.finditer(text)] if maybe else []
    at = text.find("_x")
    while at >= 0:
        found.append(at)
        at = text.find("_x", at + 1)
    return found


def _candidates(texts: list[str]) -> np.ndarray:
    """The numbers of the texts that may need escaping or cutting in a cell (one search
    over them all, joined by newlines: most need neither)."""
    lengths = np.fromiter(map(len, texts), np.int64, len(texts))
    ends = np.cumsum(lengths + 1)
    found = _escape_starts("\n".join(texts))
    chosen = lengths > MAX_TEXT // 2
    chosen[np.searchsorted(ends, found, side="right")] = True
    return np.flatnonzero(chosen)


def coloured_cells(contexts: Contexts, refs: list[str], fonts: dict[int, tuple[str, int]], plain_run: str,
                   wrap: int) -> tuple[list[str], list[str | None], np.ndarray]:  # fmt: skip
    """The Context (coloured) cells of a block (`refs` their references): a row of several
    runs as rich text, each coloured run in its font (`fonts`: colour → run properties, cell
    style), a plain one after another in `plain_run` ("" for the other rows); and the text
    of each row of one run (None for the others) with its colour (0: plain), for a column."""
    row, kind, pieces = contexts.run_row, contexts.run_kind, contexts.run_pieces
    bounds = contexts.run_bounds.tolist()
    cells, single, colours = [""] * len(refs), [None] * len(refs), np.zeros(len(refs), np.int64)
    ends, sizes = _run_ends(row)
    alone = ends[sizes == 1] - 1  # the runs alone in their rows
    for run, r in zip(alone.tolist(), row[alone].tolist(), strict=True):
        single[r] = "".join(pieces[bounds[run] : bounds[run + 1]])
    colours[row[alone]] = kind[alone]
    in_rich = np.repeat(sizes > 1, sizes)
    if in_rich.any():
        rich = _RichRuns(contexts, in_rich)
        last, count = _run_ends(rich.row)
        rows = rich.row[last - 1].tolist()
        made = rich.cells([refs[r] for r in rows], count, fonts, plain_run, wrap)
        for r, cell in zip(rows, made, strict=True):
            cells[r] = cell
    return cells, single, colours


class _RichRuns:
    """The runs of the rows of more than one run (`in_rich`): `row`, `kind`, and their pieces
    of text (`texts`; `count` a run's), a run of a row to escape as one escaped piece."""

    def __init__(self, contexts: Contexts, in_rich: np.ndarray) -> None:
        bounds = contexts.run_bounds
        counts = np.diff(bounds)
        self.row, self.kind = contexts.run_row[in_rich], contexts.run_kind[in_rich]
        self.count = counts[in_rich]
        self.texts = list(compress(contexts.run_pieces, np.repeat(in_rich, counts).tolist()))
        escape = np.flatnonzero(contexts.escape[self.row])
        if len(escape):
            self._escape(escape)

    def _escape(self, runs: np.ndarray) -> None:
        """The runs numbered `runs` escaped, each joined into one piece first (a literal
        _xHHHH_ may run over its pieces)."""
        starts = (np.cumsum(self.count) - self.count).tolist()
        kept = np.ones(len(self.texts), bool)
        for k in runs.tolist():
            a, b = starts[k], starts[k] + int(self.count[k])
            self.texts[a] = escaped("".join(self.texts[a:b]))
            kept[a + 1 : b] = False
        self.texts = list(compress(self.texts, kept.tolist()))
        self.count[runs] = 1

    def cells(self, refs: list[str], cell_runs: np.ndarray, fonts: dict[int, tuple[str, int]], plain_run: str,
              style: int) -> list[str]:  # fmt: skip
        """The rich-text cells (`refs` their references, `cell_runs` each one's runs): each
        cell's pieces laid out in one list (its head, each run's start, pieces and end, its
        end) and joined once."""
        count, kind = self.count, self.kind
        texts = np.array(self.texts, dtype=object)
        first = np.insert(self.row[1:] != self.row[:-1], 0, True)  # a cell's first run
        before = np.cumsum(count) - count  # pieces before each run
        starting = "".join(map(itemgetter(0), texts[before].tolist()))  # each run's first character
        ending = "".join(map(itemgetter(-1), texts[before + count - 1].tolist()))  # and its last
        kept = spaced(starting, ending)  # the run's text starts or ends with whitespace
        # each run's start: its font (a plain run after another in plain_run) and its text's tag
        starts = [f"<r>{font}{tag}" for font in ("", *(fonts[k][0] for k in (1, 2, 3)), plain_run)
                  for tag in ("<t>", f"<t{PRESERVE}>")]  # fmt: skip
        font = np.where((kind == 0) & ~first, 4, kind)
        cell = np.repeat(np.arange(len(cell_runs)), cell_runs)  # each run's cell
        start_at = 2 * cell + 2 * np.arange(len(count)) + before + 1  # where each run's start goes
        end_at = start_at + count + 1
        last_run = np.cumsum(cell_runs) - 1
        flat = np.empty(int(end_at[-1]) + 2, dtype=object)
        head = f'<c r="%s" s="{style}" t="inlineStr"><is>'
        flat[start_at[last_run + 1 - cell_runs] - 1] = list(map(head.__mod__, refs))
        flat[start_at] = np.array(starts, dtype=object)[2 * font + kept]
        flat[np.repeat(start_at + 1 - before, count) + np.arange(len(texts))] = texts
        flat[end_at] = "</t></r>"
        flat[end_at[last_run] + 1] = "</is></c>"
        return _joined(flat.tolist(), end_at[last_run] + 2)
