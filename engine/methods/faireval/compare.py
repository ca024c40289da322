"""The FairEval comparison (specs/faireval.md §3): decisions for all sentences of a file
pair at once (matching.py), counted into the running totals (§3.7) with array sums."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

import numpy as np

from ...formats.faireval_spans import TokenSpan
from ...rowkeys import first_of_groups
from .batch import Codes, Side
from .matching import Decisions
from .passes import BE_C, FP, KINDS, LBE_C, LE, SUBTYPES, TP
from .settings import COUNTS

TRADITIONAL = ("TP", "FP", "FN")

Decision = tuple[str, str, TokenSpan | None, TokenSpan | None]  # type, subtype, target, system

#: The column of COUNTS each phase adds to (BE passes to BE, LBE passes to LBE).
PHASE_COUNT = np.array([COUNTS.index(kind) for kind in KINDS])
SUBTYPE_COUNT = np.array([0, *(COUNTS.index(name) for name in SUBTYPES[1:])])


def identity(span: TokenSpan) -> tuple[str, int, int, frozenset[int] | None]:
    """What makes two spans identical (§2.8): range spans only match range spans."""
    return (span.label, span.begin, span.end, None if span.is_range else span.tokens)  # type: ignore[return-value]


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

    def finish(self) -> None:
        """Every label seen gets its rows."""
        for label in self.labels():  # sorted: a set's order changes with the hash seed
            self.traditional_by_label[label]  # noqa: B018 (creates the row)
            self.fair_by_label[label]  # noqa: B018

    def labels(self) -> list[str]:
        """Every label seen, in code-point order."""
        return sorted(self.seen)

    def add(self, T: Side, S: Side, decisions: Decisions, codes: Codes, focus: str) -> None:
        """Add the counts of one batch of sentences."""
        names = codes.labels
        n = len(names)
        present = np.bincount(T.label, minlength=n) + np.bincount(S.label, minlength=n)
        self.seen.update(names[i] for i in np.flatnonzero(present).tolist())
        self._data_stats(T.label, names)
        traditional = _by_label(
            np.concatenate((T.label * 3 + np.where(decisions.traditional_tp, 0, 2),
                            S.label[decisions.traditional_fp] * 3 + 1)), n, 3
        )  # fmt: skip
        _fold(traditional, TRADITIONAL, names, self.traditional, self.traditional_by_label)
        _fold(self._fair(T, S, decisions, focus, n), COUNTS, names, self.fair, self.fair_by_label)
        self._confusion(T, S, decisions, names)

    def _data_stats(self, labels: np.ndarray, names: list[str]) -> None:
        if not len(labels):
            return
        first = first_of_groups(labels, len(names))
        present = np.flatnonzero(first < len(labels))
        counts = np.bincount(labels, minlength=len(names))
        for code in present[np.argsort(first[present])].tolist():
            self.data_stats[names[code]] += int(counts[code])

    @staticmethod
    def _fair(T: Side, S: Side, d: Decisions, focus: str, n: int) -> np.ndarray:
        """Fair counts by label: TP, BE and FN on the target's label, FP on the system
        span's, LE and LBE on the focus side's (§3.3)."""
        target_label, system_label = _at(T.label, d.target, -1), _at(S.label, d.system, -1)
        column = PHASE_COUNT[d.phase]
        on_system = (d.phase == FP) | (
            np.isin(column, (COUNTS.index("LE"), COUNTS.index("LBE"))) & (focus != "target")
        )
        label = np.where(on_system, system_label, target_label)
        has_subtype = d.subtype > 0
        cells = np.concatenate(
            (label * 9 + column, label[has_subtype] * 9 + SUBTYPE_COUNT[d.subtype[has_subtype]])
        )
        return _by_label(cells, n, 9)

    def _confusion(self, T: Side, S: Side, d: Decisions, names: list[str]) -> None:
        """conf[target][system] for LE, BE, LBE; '_' for the missing side of FN and FP."""
        n = len(names)
        chosen = d.phase != TP
        target, system = _at(T.label, d.target[chosen], n), _at(S.label, d.system[chosen], n)
        cells, counts = np.unique(target * (n + 1) + system, return_counts=True)
        labels = [*names, "_"]
        for cell, count in zip(cells.tolist(), counts.tolist(), strict=True):
            row = self.confusion.setdefault(labels[cell // (n + 1)], {})
            system_label = labels[cell % (n + 1)]
            row[system_label] = row.get(system_label, 0) + count


def _at(column: np.ndarray, index: np.ndarray, missing: int) -> np.ndarray:
    """column[index], `missing` where the index is -1 (no span on that side)."""
    values = np.full(len(index), missing, dtype=np.int64)
    found = index >= 0
    values[found] = column[index[found]]
    return values


def _by_label(cells: np.ndarray, n: int, width: int) -> np.ndarray:
    return np.bincount(cells, minlength=n * width).reshape(n, width)


def _fold(table: np.ndarray, columns: tuple[str, ...], names: list[str], overall: dict, by_label) -> None:
    """Add a (label × count) table to the overall counts and the per-label rows."""
    for column, total in zip(columns, table.sum(axis=0).tolist(), strict=True):
        overall[column] += total
    for code in np.flatnonzero(table.any(axis=1)).tolist():
        row = by_label[names[code]]
        for column, value in zip(columns, table[code].tolist(), strict=True):
            row[column] += value


def decision_order(T: Side, S: Side, d: Decisions) -> np.ndarray:
    """The order the original decides in: by sentence, phase, then (after step 2) the
    length-sorted order of the span the decision is about (§3.3)."""
    on_system = np.isin(d.phase, (BE_C, LBE_C, FP))  # the decisions about a system span
    index = np.where(on_system, d.system, d.target)

    def of_span(t_column: np.ndarray, s_column: np.ndarray) -> np.ndarray:
        return np.where(on_system, _at(s_column, d.system, 0), _at(t_column, d.target, 0))

    length = np.where(d.phase <= LE, 0, of_span(T.end, S.end) - of_span(T.begin, S.begin))
    sentence = of_span(T.sentence, S.sentence)
    return np.lexsort((index, length, d.phase, sentence))


#: (sentence index, phase, subtype, target, system) of a decision; target and system index
#: the sides (-1: none).
Decided = tuple[int, int, int, int, int]


@dataclass
class Ordered:
    """Decisions in the original's order as columns: sentence index, phase, subtype, and
    the target and system span they are about (indexes into the sides, -1: none)."""

    sentence: np.ndarray
    phase: np.ndarray
    subtype: np.ndarray
    target: np.ndarray
    system: np.ndarray

    def __len__(self) -> int:
        return len(self.sentence)

    @property
    def indexes(self) -> tuple[np.ndarray, np.ndarray]:
        return self.target, self.system

    def columns(self) -> tuple[np.ndarray, ...]:
        return self.sentence, self.phase, self.subtype, self.target, self.system

    def take(self, chosen: np.ndarray | slice) -> Ordered:
        """The decisions selected by a slice, mask or index array."""
        return Ordered(*(column[chosen] for column in self.columns()))

    @staticmethod
    def concat(parts: Sequence[Ordered]) -> Ordered:
        """The decisions of `parts` one after another (one part: its own arrays)."""
        if len(parts) == 1:
            return parts[0]
        columns = zip(*(p.columns() for p in parts), strict=True)
        return Ordered(*(np.concatenate(column) for column in columns))

    def rows(self) -> list[Decided]:
        """One tuple per decision."""
        return list(zip(*(column.tolist() for column in self.columns()), strict=True))


def ordered_decisions(T: Side, S: Side, d: Decisions) -> Ordered:
    """Every decision in the order the original decides in."""
    order = decision_order(T, S, d)
    target, system = d.target[order], d.system[order]
    sentence = np.where(target >= 0, _at(T.sentence, target, 0), _at(S.sentence, system, 0))
    return Ordered(sentence, d.phase[order], d.subtype[order], target, system)


def decision_rows(
    decided: Ordered, spans: tuple[list[TokenSpan], list[TokenSpan]]
) -> list[tuple[int, Decision]]:
    """(sentence index, decision) of ordered decisions, the spans taken from `spans` (the
    TokenSpans of both sides: a span in several decisions is the same object)."""
    targets, systems = spans
    return [
        (k, (KINDS[phase], SUBTYPES[sub], targets[t] if t >= 0 else None, systems[s] if s >= 0 else None))
        for k, phase, sub, t, s in decided.rows()
    ]
