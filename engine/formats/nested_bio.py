"""Nested BIO chunk tags (`B-S|I-NP`, outermost level first) turned into spans as arrays, a
run of whole sentences at once, by the rules of the original FairEval's stack of open spans
(specs/faireval.md §2.5–2.6, its quirks included).

A tag's effect on the stack depends only on the tag and on how many spans are open before
it (the stack's depth): each distinct (tag, depth) is simulated once as a list of
operations (push a span at a slot, extend the span at a slot, emit the span at a slot), and
the tokens' operations are laid out as arrays. The depth before each token follows from
the tag before it, save for tags with a level that is neither B- nor I- (their effect
depends on the depth: these tokens are stepped through in order). The span at a slot is
the last one pushed there; its end and tokens come from the extensions; the spans come out
in the order they are emitted. A sentence's end emits every open span, as an `O` does.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress

import numpy as np

from ..rowkeys import distinct_values, ranges, run_starts

#: A tag's levels, outermost first, each (kind, label, the level as written): kind BEGIN
#: (B-), INSIDE (I-) or OTHER (neither: ignored); the label what follows the first `-` up
#: to the next (the original's split("-")[1]). None: O or _, outside every span.
Levels = tuple[tuple[str, str, str], ...] | None
BEGIN, INSIDE, OTHER = "B-", "I-", ""
PUSH, EXTEND, EMIT = 0, 1, 2
OUTSIDE = ("O", "_")


def levels_of(tag: str) -> Levels:
    """The levels of a tag (`B-S|I-NP`); None for O and _."""
    if tag in OUTSIDE:
        return None
    return tuple(_level(level) for level in tag.split("|"))


def _level(level: str) -> tuple[str, str, str]:
    if level.startswith(BEGIN):
        return BEGIN, level.split("-")[1], level
    return (INSIDE, "", level) if level.startswith(INSIDE) else (OTHER, "", level)


@dataclass(frozen=True)
class Step:
    """What one tag does to a stack of open spans of a given depth: its operations in order
    (operation, slot, label), the depth after it, the level (from 0) of an I- with no span
    open at it (-1: none; the operations stop there) and the first level it ignores ("")."""

    operations: tuple[tuple[int, int, str], ...]
    depth: int
    wrong: int
    ignored: str


def _fixed_depth(levels: Levels) -> int:
    """The depth a tag leaves whatever the depth before it, where that is so (−1: it is not):
    O and _ leave none; a tag whose levels are each B- or I- leaves one span open at each
    level (unless it is a fault: an I- where none is open)."""
    if levels is None:
        return 0
    return -1 if any(kind == OTHER for kind, _, _ in levels) else len(levels)


def step(levels: Levels, depth: int) -> Step:
    """The original's steps for one token (specs/faireval.md §2.5), on `depth` open spans."""
    if levels is None:
        return Step(tuple((EMIT, slot, "") for slot in range(depth)), 0, -1, "")
    done: list[tuple[int, int, str]] = []
    ignored = ""
    while depth > len(levels):
        depth -= 1
        done.append((EMIT, depth, ""))
    for i, (kind, label, level) in enumerate(levels):
        if kind == BEGIN:
            kept = 0 if i == 0 else min(depth, i)
            order = range(depth) if i == 0 else range(depth - 1, kept - 1, -1)  # all: outermost first
            done += [(EMIT, slot, "") for slot in order]
            done.append((PUSH, kept, label))
            depth = kept + 1
        elif kind == INSIDE:
            if depth <= i:
                return Step(tuple(done), 0, i, ignored)
            done.append((EXTEND, i, ""))
        elif level and not ignored:
            ignored = level
    return Step(tuple(done), depth, -1, ignored)


@dataclass
class Chunks:
    """Spans in emission order: each one's sentence (from 0), label (a number of `labels`),
    first and last token (from 1 within its sentence), the position of its first token
    among the tokens given, and its tokens where they are not first..last (`gaps`, by the
    span's row)."""

    sentence: np.ndarray
    label: np.ndarray
    labels: list[str]
    begin: np.ndarray
    end: np.ndarray
    first: np.ndarray
    gaps: dict[int, frozenset[int]]


@dataclass
class Faults:
    """Where a run of tokens goes against the rules: the position of the first I- with no
    open span and that level (its number from 1 and as written), and of the first token
    whose tag has a level that is neither B- nor I- and that level (None: no such token)."""

    wrong: tuple[int, int, str] | None
    ignored: tuple[int, str] | None


class Decoded:
    """The tags of whole sentences laid out as operations on the stack of open spans."""

    def __init__(self, tags: list[Levels], tag: np.ndarray, starts: np.ndarray) -> None:
        """`tags`: the distinct tags' levels; `tag`: each token's (a number of `tags`);
        `starts`: the position of each sentence's first token (in order, the first 0)."""
        n, sentences = len(tag), len(starts)
        sentence = np.cumsum(np.bincount(starts, minlength=n)[:n]) - 1 if n else np.zeros(0, np.int64)
        self.at = np.arange(n) + sentence  # each token's place among the tokens and sentence ends
        self.ends = np.r_[starts[1:], n] + np.arange(sentences)  # a sentence's end: an O after its last token
        self.tags = [*tags, None]
        self.tag = np.full(n + sentences, len(tags), np.int64)
        self.tag[self.at] = tag
        self.token = np.full(n + sentences, -1, np.int64)  # the token at each place (-1: a sentence's end)
        self.token[self.at] = np.arange(n)
        self._memo: dict[tuple[int, int], Step] = {}
        self.depth = self._depths()
        self.steps, self.which = self._steps()

    def _step(self, tag: int, depth: int) -> Step:
        """step() of tag number `tag`, each (tag, depth) simulated once."""
        found = self._memo.get((tag, depth))
        if found is None:
            found = self._memo[(tag, depth)] = step(self.tags[tag], depth)
        return found

    def _depths(self) -> np.ndarray:
        """The depth of the stack before each place. A tag without a level that is neither
        B- nor I- leaves the same depth whatever the depth before it (where it is no fault):
        the depth its levels give; the others' places are taken in order."""
        fixed = np.array([_fixed_depth(levels) for levels in self.tags], np.int64)
        after = fixed[self.tag]
        unknown = np.flatnonzero(after < 0).tolist()
        if unknown:
            tag, depths = self.tag.tolist(), after.tolist()
            for i in unknown:
                depths[i] = self._step(tag[i], depths[i - 1] if i else 0).depth
            after = np.array(depths, np.int64)
        return np.r_[0, after[:-1]]

    def _steps(self) -> tuple[list[Step], np.ndarray]:
        """The distinct steps taken and which one each place takes."""
        width = int(self.depth.max(initial=0)) + 1
        taken, which = distinct_values(self.tag * width + self.depth)
        return [self._step(t // width, t % width) for t in taken.tolist()], which

    def faults(self) -> Faults:
        """The first I- with no span open at its level, and the first ignored level."""
        wrong = np.array([s.wrong for s in self.steps], np.int64)[self.which]
        ignored = np.array([bool(s.ignored) for s in self.steps])[self.which]
        found = Faults(None, None)
        if (wrong >= 0).any():
            place = int(np.argmax(wrong >= 0))
            level = self.tags[int(self.tag[place])][int(wrong[place])][2]  # type: ignore[index]
            found.wrong = (int(self.token[place]), int(wrong[place]) + 1, level)
        if ignored.any():
            place = int(np.argmax(ignored))
            found.ignored = (int(self.token[place]), self.steps[int(self.which[place])].ignored)
        return found

    def chunks(self, punctuation: np.ndarray | None = None) -> Chunks:
        """The spans (none may be wrong: faults() first); `punctuation`: the tokens that are
        punctuation, taken out as the original does (§2.6)."""
        kind, slot, label, place, labels = self._operations()
        pushed, extended = kind == PUSH, kind == EXTEND
        span = _occupants(slot, pushed)  # the span each operation is on
        first = place[pushed]  # each span's first token's place
        sentence = np.searchsorted(self.ends, first)
        begin = first - np.r_[0, self.ends[:-1] + 1][sentence] + 1
        number = place - first[span] + begin[span]  # each operation's token (from 1 in its sentence)
        end = begin.copy()
        np.maximum.at(end, span[extended], number[extended])
        count = np.bincount(span[extended], minlength=len(begin)) + 1
        gaps = _gaps(np.flatnonzero(count != end - begin + 1), span[extended], number[extended], begin)
        emitted = span[kind == EMIT]
        found = _Found(sentence, label[pushed], begin, end, first, gaps)
        if punctuation is not None:
            found = _without_punctuation(found, self._at_places(punctuation))
        return found.ordered(emitted, labels, self.token)

    def _operations(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, list[str]]:
        """Every operation in order: kind, slot, label number, place; and the labels."""
        labels: dict[str, int] = {}
        table = [(o, s, labels.setdefault(name, len(labels)) if o == PUSH else -1)
                 for st in self.steps for o, s, name in st.operations]  # fmt: skip
        columns = np.array(table, np.int64).reshape(-1, 3).T.copy()  # kind, slot, label: each contiguous
        counts = np.array([len(s.operations) for s in self.steps], np.int64)
        per_place = counts[self.which]
        place = np.repeat(np.arange(len(self.which)), per_place)
        index = ranges(run_starts(counts)[self.which], per_place)  # each place's operations, in order
        kind, slot, label = (column.take(index) for column in columns)
        return kind, slot, label, place, list(labels)

    def _at_places(self, per_token: np.ndarray) -> np.ndarray:
        """A per-token flag at every place (False at sentences' ends)."""
        flags = np.zeros(len(self.tag), bool)
        flags[self.at] = per_token
        return flags


def _occupants(slot: np.ndarray, pushed: np.ndarray) -> np.ndarray:
    """For each operation, the span (numbered in order of pushing) at its slot: the last
    pushed there (every slot's first operation is a push)."""
    number = np.cumsum(pushed) - 1
    small = bool(len(slot)) and int(slot.max()) < 2**15  # a radix sort then: several times faster
    order = np.argsort(slot.astype(np.int16) if small else slot, kind="stable")
    spread = len(number) + 1
    key = np.where(pushed, slot * spread + number, -1)[order]
    found = np.empty_like(number)
    found[order] = np.maximum.accumulate(key) - slot[order] * spread
    return found


def _gaps(spans: np.ndarray, span: np.ndarray, number: np.ndarray, begin: np.ndarray
          ) -> dict[int, frozenset[int]]:  # fmt: skip
    """The tokens of the spans `spans` (numbers of spans), which are not all of first..last,
    from the extensions (each one's span and token number) and each span's first token."""
    if not len(spans):
        return {}
    chosen = np.isin(span, spans)
    tokens: dict[int, set[int]] = {k: {b} for k, b in zip(spans.tolist(), begin[spans].tolist(), strict=True)}
    for k, token in zip(span[chosen].tolist(), number[chosen].tolist(), strict=True):
        tokens[k].add(token)
    return {k: frozenset(found) for k, found in tokens.items()}


@dataclass
class _Found:
    """Spans by the order they were pushed in (Chunks' fields)."""

    sentence: np.ndarray
    label: np.ndarray
    begin: np.ndarray
    end: np.ndarray
    first: np.ndarray
    gaps: dict[int, frozenset[int]]
    kept: np.ndarray | None = None

    def ordered(self, emitted: np.ndarray, labels: list[str], token: np.ndarray) -> Chunks:
        """The spans in emission order, those kept only, each first token's position."""
        if self.kept is not None:
            emitted = emitted[self.kept[emitted]]
        row = np.empty(len(self.begin), np.int64)
        row[emitted] = np.arange(len(emitted))
        spans = np.fromiter(self.gaps, np.int64, len(self.gaps))  # those with gaps, as rows after
        kept = np.ones(len(spans), bool) if self.kept is None else self.kept[spans]
        gaps = dict(zip(row[spans[kept]].tolist(), compress(self.gaps.values(), kept.tolist()), strict=True))
        return Chunks(self.sentence[emitted], self.label[emitted], labels, self.begin[emitted],
                      self.end[emitted], token[self.first[emitted]], gaps)  # fmt: skip


def _without_punctuation(found: _Found, punctuation: np.ndarray) -> _Found:
    """The spans with punctuation tokens taken out one at a time in order, as the original
    does (F15 kept): a run of punctuation at a span's start moves its start past it, one
    at its end moves the end back by one; a span left without a token is dropped."""
    places = np.arange(len(punctuation))
    next_word = np.minimum.accumulate(np.where(punctuation, len(punctuation), places)[::-1])[::-1]
    run = next_word[found.first] - found.first
    last = found.first + found.end - found.begin
    kept = found.begin + run <= found.end
    words = np.r_[0, np.cumsum(~punctuation)]
    left = words[last + 1] - words[found.first]
    begin = found.begin + run
    end = found.end - punctuation[last]
    gaps: dict[int, frozenset[int]] = {}
    had_gaps = np.zeros(len(kept), bool)
    had_gaps[list(found.gaps)] = True
    changed = np.flatnonzero(kept & ((left != end - begin + 1) | had_gaps))
    counts, tokens = _words_left(found, punctuation, changed, had_gaps[changed])
    kept[changed] = counts > 0
    ends = np.cumsum(counts)
    gapped = np.flatnonzero((counts > 0) & (counts != (end - begin + 1)[changed]))  # a gap left in
    starts = ends - counts
    made: dict[tuple[int, ...], frozenset[int]] = {}  # one set for equal tokens (its hash made once)
    for k, a, b in zip(changed[gapped].tolist(), starts[gapped].tolist(), ends[gapped].tolist(), strict=True):
        held = tuple(tokens[a:b])
        shared = made.get(held)
        if shared is None:
            shared = made[held] = frozenset(held)
        gaps[k] = shared
    return _Found(found.sentence, found.label, begin, end, found.first, gaps, kept)


def _words_left(found: _Found, punctuation: np.ndarray, spans: np.ndarray, gapped: np.ndarray
                ) -> tuple[np.ndarray, list[int]]:  # fmt: skip
    """Per span of `spans`, how many of its tokens are no punctuation, and those tokens (their
    numbers in the sentence) one span after another: its first to its last token, but those a
    span with gaps (`gapped`) leaves out, all looked up at once."""
    lengths = found.end[spans] - found.begin[spans] + 1
    tokens = ranges(found.begin[spans], lengths)
    held = ~punctuation[tokens + np.repeat(found.first[spans] - found.begin[spans], lengths)]
    bounds = np.r_[0, np.cumsum(lengths)].tolist()
    with_gaps = np.flatnonzero(gapped)
    for j, k in zip(with_gaps.tolist(), spans[with_gaps].tolist(), strict=True):
        a, b = bounds[j], bounds[j + 1]
        held[a:b] &= np.isin(tokens[a:b], list(found.gaps[k]))
    counts = np.bincount(np.repeat(np.arange(len(spans)), lengths)[held], minlength=len(spans))
    return counts, tokens[held].tolist()
