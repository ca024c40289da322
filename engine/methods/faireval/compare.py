"""The FairEval comparison of one sentence (specs/faireval.md §3).

Traditional counts by identity; fair counts in the original's six steps, with its
candidate orders and tie rules kept exactly. Partners are found with hash maps (TP, LE)
and interval indexes (BE, LBE) instead of the original's scans of every remaining span,
so a sentence with n spans costs O(n log n) plus the candidates found.
"""

from __future__ import annotations

import bisect
from collections import Counter, defaultdict, deque
from collections.abc import Callable, Iterable
from functools import partial
from operator import itemgetter

from ...errors import InputError
from ...formats.faireval_spans import Key, TokenSpan
from ...intervals import IntervalIndex
from .reading import Sentence
from .settings import COUNTS

TRADITIONAL = ("TP", "FP", "FN")
SMALL = 24  # below this many spans a pass scans its list instead of building an index

Decision = tuple[str, str, TokenSpan | None, TokenSpan | None]  # type, subtype, target, system


class Tally:
    """Counts summed over every compared sentence (§3.7)."""

    def __init__(self) -> None:
        self.traditional = dict.fromkeys(TRADITIONAL, 0)
        self.fair = dict.fromkeys(COUNTS, 0)
        self.traditional_by_label: defaultdict[str, dict[str, int]] = defaultdict(
            partial(dict.fromkeys, TRADITIONAL, 0)
        )
        self.fair_by_label: defaultdict[str, dict[str, int]] = defaultdict(partial(dict.fromkeys, COUNTS, 0))
        self.confusion: dict[str, dict[str, int]] = {}
        self.data_stats: Counter[str] = Counter()  # target labels, in order of first appearance
        self.seen: set[str] = set()
        self.identical: Counter[str] = Counter()  # spans of identical sentences, by label

    def add_labels(self, keys: Iterable[Key]) -> None:
        self.seen.update(map(itemgetter(0), keys))

    def confuse(self, target_label: str, system_label: str) -> None:
        row = self.confusion.setdefault(target_label, {})
        row[system_label] = row.get(system_label, 0) + 1

    def finish(self) -> None:
        """Fold in the counts kept in bulk: every label seen gets its rows."""
        for label in self.seen:
            self.traditional_by_label[label]  # noqa: B018 (creates the row)
            self.fair_by_label[label]  # noqa: B018
        for label, n in self.identical.items():
            self.traditional_by_label[label]["TP"] += n
            self.fair_by_label[label]["TP"] += n
        self.identical.clear()

    def labels(self) -> list[str]:
        """Every label seen, in code-point order."""
        return sorted(self.seen)


class Work:
    """A span while it is being matched: its current token set shrinks."""

    __slots__ = ("span", "label", "begin", "end", "tokens", "side")

    def __init__(self, span: TokenSpan, side: int) -> None:
        self.span = span
        self.label = span.label
        self.begin = span.begin
        self.end = span.end
        self.tokens = span.tokens
        self.side = side  # 0 target, 1 system


def subtype(t: Work, s: Work) -> str:
    """BES / BEL / BEO of an overlapping pair, from the target's point of view (§3.5)."""
    if s.begin == t.begin:
        return "BES" if s.end < t.end else "BEL"
    if s.begin < t.begin:
        return "BEO" if s.end < t.end else "BEL"
    return "BES" if s.end <= t.end else "BEO"


def _best(r: Work, candidates: list[Work]) -> Work:
    """The candidate sharing most tokens with r, then leaving fewest out (§3.4)."""
    if len(candidates) == 1:
        return candidates[0]
    rt = r.tokens

    def key(item: tuple[int, Work]) -> tuple[int, int, int, int, int]:
        position, c = item
        shared = len(rt & c.tokens)
        return (-shared, len(rt) - shared, len(c.tokens) - shared, c.end - c.begin, position)

    return min(enumerate(candidates), key=key)[1]


class Pool:
    """Spans a pass searches for partners, in the order the original scans them."""

    def __init__(self, items: list[Work], by_label: bool) -> None:
        self.items = items
        self.alive = [True] * len(items)
        self.by_label = by_label
        self._index: dict[str | None, tuple[IntervalIndex, list[int]]] | None = None
        if len(items) > SMALL:
            groups: dict[str | None, list[int]] = {}
            for position, item in enumerate(items):
                groups.setdefault(self._group(item), []).append(position)
            self._index = {
                key: (IntervalIndex([(items[p].begin, items[p].end + 1) for p in members]), members)
                for key, members in groups.items()
            }

    def _group(self, item: Work) -> str | None:
        return item.label if self.by_label else None

    def overlapping(self, r: Work) -> list[int]:
        """Positions of live spans whose bounds differ from r's and intersect them, in order."""
        items, alive = self.items, self.alive
        if self._index is None:
            found = [p for p, c in enumerate(items) if alive[p] and c.begin <= r.end and r.begin <= c.end]
        else:
            entry = self._index.get(self._group(r))
            if entry is None:
                return []
            index, members = entry
            found = sorted(members[i] for i in index.overlapping(r.begin, r.end + 1))
        return [p for p in found if items[p].begin != r.begin or items[p].end != r.end]

    def remove(self, position: int) -> None:
        self.alive[position] = False
        if self._index is not None:
            index, members = self._index[self._group(self.items[position])]
            index.remove(bisect.bisect_left(members, position))


RangeError = Callable[[Work], InputError]


class SentenceComparison:
    """The fair passes over one sentence's remaining spans (§3.3 steps 3–6)."""

    def __init__(
        self, tally: Tally, focus: str, record: list[Decision] | None, range_error: RangeError
    ) -> None:
        self.tally = tally
        self.focus = focus
        self.record = record
        self.range_error = range_error

    def run(self, targets: list[Work], systems: list[Work]) -> None:
        targets.sort(key=lambda w: w.end - w.begin)
        systems.sort(key=lambda w: w.end - w.begin)
        used_t: list[Work] = []
        used_s: list[Work] = []
        if targets and systems:
            for same in (True, False):
                targets, systems = self._passes(targets, systems, used_t, used_s, same)
        self._leftovers(targets, systems)

    def _passes(self, T: list[Work], S: list[Work], UT: list[Work], US: list[Work], same: bool):
        T = self._pass_a(T, S, UT, US, same)
        S = [s for s in S if s is not None]
        T = self._pass_b(T, US, UT, same)
        S = self._pass_c(S, UT, US, same)
        return T, S

    def _related(self, r: Work, pool: Pool, same: bool) -> list[int]:
        """Positions in the pool of spans overlapping r with the pass's label relation."""
        items = pool.items
        return [p for p in pool.overlapping(r) if (items[p].label == r.label) == same]

    def _pass_a(self, T: list[Work], S: list[Work], UT: list[Work], US: list[Work], same: bool) -> list[Work]:
        """New target with new system span; S entries are set to None when used."""
        pool = Pool(S, by_label=same)
        left = []
        for t in T:
            found = self._related(t, pool, same)
            if not found:
                left.append(t)
                continue
            candidates = [S[p] for p in found]
            for w in (t, *candidates):
                if w.span.is_range:
                    raise self.range_error(w)
            s = _best(t, candidates)
            position = found[candidates.index(s)]
            pool.remove(position)
            S[position] = None  # type: ignore[call-overload]
            self._decide(t, s, same)
            _share(t, s)
            UT.append(t)
            US.append(s)
        return left

    def _pass_b(self, T: list[Work], US: list[Work], UT: list[Work], same: bool) -> list[Work]:
        """Remaining target with a used system span (which stays usable)."""
        if not T or not US:
            return T
        pool = Pool(US, by_label=same)
        left = []
        for t in T:
            found = self._related(t, pool, same)
            if found and t.span.is_range:
                raise self.range_error(t)
            candidates = [US[p] for p in found if t.tokens & US[p].tokens]
            if not candidates:
                left.append(t)
                continue
            u = _best(t, candidates)
            self._decide(t, u, same)
            _share(t, u)
            UT.append(t)
        return left

    def _pass_c(self, S: list[Work], UT: list[Work], US: list[Work], same: bool) -> list[Work]:
        """Remaining system span with a used target."""
        if not S or not UT:
            return S
        pool = Pool(UT, by_label=same)
        left = []
        for s in S:
            candidates = [UT[p] for p in self._related(s, pool, same) if UT[p].tokens & s.tokens]
            if not candidates:
                left.append(s)
                continue
            if s.span.is_range:
                raise self.range_error(s)
            u = _best(s, candidates)
            self._decide(u, s, same)
            _share(u, s)
            US.append(s)
        return left

    def _decide(self, t: Work, s: Work, same: bool) -> None:
        tally = self.tally
        if same:
            kind = subtype(t, s)
            tally.fair["BE"] += 1
            tally.fair[kind] += 1
            row = tally.fair_by_label[t.label]
            row["BE"] += 1
            row[kind] += 1
            decision: Decision = ("BE", kind, t.span, s.span)
        else:
            tally.fair["LBE"] += 1
            tally.fair_by_label[t.label if self.focus == "target" else s.label]["LBE"] += 1
            decision = ("LBE", "", t.span, s.span)
        tally.confuse(t.label, s.label)
        if self.record is not None:
            self.record.append(decision)

    def _leftovers(self, T: list[Work], S: list[Work]) -> None:
        tally, record = self.tally, self.record
        for t in T:
            tally.fair["FN"] += 1
            tally.fair_by_label[t.label]["FN"] += 1
            tally.confuse(t.label, "_")
            if record is not None:
                record.append(("FN", "", t.span, None))
        for s in S:
            tally.fair["FP"] += 1
            tally.fair_by_label[s.label]["FP"] += 1
            tally.confuse("_", s.label)
            if record is not None:
                record.append(("FP", "", None, s.span))


def _share(a: Work, b: Work) -> None:
    """Take the tokens two matched spans share out of both."""
    shared = a.tokens & b.tokens
    if shared:
        a.tokens = a.tokens - shared
        b.tokens = b.tokens - shared


def _identity(span: TokenSpan) -> tuple[str, int, int, frozenset[int] | None]:
    """What makes two spans identical (§2.8): range spans only match range spans."""
    return (span.label, span.begin, span.end, None if span.is_range else span.tokens)


def compare_sentence(
    target: Sentence,
    system: Sentence,
    tally: Tally,
    focus: str,
    record: list[Decision] | None,
    range_error: RangeError,
) -> None:
    """Add one sentence's traditional and fair counts to `tally` (§3.2–3.6)."""
    tally.add_labels(target.keys)
    tally.add_labels(system.keys)
    if target.keys == system.keys:
        _identical(target, system, tally, record)
        return
    _traditional(target.keys, system.keys, tally)
    rest_t, rest_s = _true_positives(target, system, tally, record)
    rest_t, rest_s = _label_errors(rest_t, rest_s, tally, focus, record)
    if not rest_t and not rest_s:
        return
    comparison = SentenceComparison(tally, focus, record, range_error)
    comparison.run([Work(t, 0) for t in rest_t], [Work(s, 1) for s in rest_s])


def _identical(target: Sentence, system: Sentence, tally: Tally, record: list[Decision] | None) -> None:
    """The common case of two identical span lists: every span is a TP, in both methods."""
    n = len(target.keys)
    tally.traditional["TP"] += n
    tally.fair["TP"] += n
    tally.identical.update(map(itemgetter(0), target.keys))
    if record is not None:
        record += [("TP", "", t, s) for t, s in zip(target.spans(), system.spans(), strict=True)]


def _traditional(target_keys: list[Key], system_keys: list[Key], tally: Tally) -> None:
    """TP/FN per target by membership, FP per system span without an identical target
    (keys are equal exactly when spans are identical, §2.8)."""
    in_system, in_target = set(system_keys), set(target_keys)
    counts, by_label = tally.traditional, tally.traditional_by_label
    for key in target_keys:
        kind = "TP" if key in in_system else "FN"
        counts[kind] += 1
        by_label[key[0]][kind] += 1
    for key in system_keys:
        if key not in in_target:
            counts["FP"] += 1
            by_label[key[0]]["FP"] += 1


def _true_positives(target: Sentence, system: Sentence, tally: Tally, record: list[Decision] | None):
    """Step 1: each target takes the first identical system span still there; returns
    the spans left on both sides."""
    waiting: dict[Key, deque[int]] = {}
    for position, key in enumerate(system.keys):
        waiting.setdefault(key, deque()).append(position)
    taken = [False] * len(system.keys)
    rest_t = []
    for i, key in enumerate(target.keys):
        queue = waiting.get(key)
        if not queue:
            rest_t.append(TokenSpan.of(key, target.lines[i]))
            continue
        position = queue.popleft()
        taken[position] = True
        tally.fair["TP"] += 1
        tally.fair_by_label[key[0]]["TP"] += 1
        if record is not None:
            pair = (
                TokenSpan.of(key, target.lines[i]),
                TokenSpan.of(system.keys[position], system.lines[position]),
            )
            record.append(("TP", "", *pair))
    rest_s = [TokenSpan.of(k, system.lines[p]) for p, k in enumerate(system.keys) if not taken[p]]
    return rest_t, rest_s


def _label_errors(targets, systems, tally: Tally, focus: str, record):
    """Step 2: same bounds, different label; the first such system span in list order."""
    if not targets or not systems:
        return targets, systems
    by_bounds: dict[tuple[int, int], dict[str, deque[int]]] = {}
    for position, s in enumerate(systems):
        by_bounds.setdefault((s.begin, s.end), {}).setdefault(s.label, deque()).append(position)
    taken = [False] * len(systems)
    rest_t = []
    for t in targets:
        position = _first_other_label(by_bounds.get((t.begin, t.end)), t.label)
        if position is None:
            rest_t.append(t)
            continue
        s = systems[position]
        by_bounds[(t.begin, t.end)][s.label].popleft()
        taken[position] = True
        tally.fair["LE"] += 1
        tally.fair_by_label[t.label if focus == "target" else s.label]["LE"] += 1
        tally.confuse(t.label, s.label)
        if record is not None:
            record.append(("LE", "", t, s))
    rest_s = [s for s, used in zip(systems, taken, strict=True) if not used]
    return rest_t, rest_s


def _first_other_label(group: dict[str, deque[int]] | None, label: str) -> int | None:
    """The earliest position among the system spans of the group with another label."""
    if not group:
        return None
    heads = [queue[0] for other, queue in group.items() if other != label and queue]
    return min(heads) if heads else None
