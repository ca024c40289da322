"""SemEval-2013 task 9.1's four schemas as nervaluate 1.2.1 counts them, by sort and sweep.

nervaluate walks the predicted spans in list order and, for each, the true spans in list
order, taking the first that matches (a greedy assignment). A prediction can only ever
take a true span it overlaps, so the walk splits into overlap components (spans of both
sides chained by shared positions), which are independent: a component of one true and
one predicted span is decided by a formula, in arrays; the others (few, and small) are
walked as nervaluate walks them. Positions are inclusive [start, end], as nervaluate's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

SCHEMAS = ("strict", "exact", "partial", "ent_type")
OUTCOMES = ("correct", "incorrect", "partial", "missed", "spurious")
CORRECT, INCORRECT, PARTIAL, SPURIOUS, MISSED, MATCHED = range(6)
MIN_OVERLAP = 1.0  # nervaluate's min_overlap_percentage


@dataclass
class Side:
    """Spans in list order: document, inclusive start and end, label number."""

    doc: np.ndarray
    start: np.ndarray
    end: np.ndarray
    label: np.ndarray

    def subset(self, keep: np.ndarray) -> Side:
        return Side(self.doc[keep], self.start[keep], self.end[keep], self.label[keep])


@dataclass
class Outcome:
    """One schema's result: counts, and per span what it became (and its partner)."""

    counts: dict[str, int]
    pred_status: np.ndarray  # CORRECT, INCORRECT, PARTIAL or SPURIOUS per predicted span
    pred_partner: np.ndarray  # the true span it took, -1 for none (32-bit)
    true_status: np.ndarray  # MATCHED or MISSED per true span
    extra: dict[str, float] = field(default_factory=dict)


def in_order(keys: tuple[np.ndarray, ...]) -> bool:
    """Whether the rows are already in np.lexsort(keys)'s order (the last key first): a
    reader's spans usually are, and then need no sort."""
    before, tied = np.zeros(max(len(keys[0]) - 1, 0), dtype=bool), None
    for key in reversed(keys):
        less, same = key[1:] < key[:-1], key[1:] == key[:-1]
        before |= less if tied is None else tied & less
        tied = same if tied is None else tied & same
    return not before.any()


def _components(true: Side, pred: Side) -> tuple[np.ndarray, np.ndarray, int]:
    """Overlap component of every true and every predicted span."""
    width = int(max(true.end.max(initial=0), pred.end.max(initial=0))) + 2
    starts = np.concatenate([true.doc * width + true.start, pred.doc * width + pred.start])
    ends = np.concatenate([true.doc * width + true.end, pred.doc * width + pred.end])
    # Each side comes in list order, so this is mostly a merge of two sorted runs (timsort);
    # the order among equal starts does not change the components.
    order = np.argsort(starts, kind="stable")
    reach = np.maximum.accumulate(ends[order])
    new = np.ones(len(order), dtype=bool)
    new[1:] = starts[order][1:] > reach[:-1]
    component = np.empty(len(order), dtype=np.int64)
    component[order] = np.cumsum(new) - 1
    count = int(component.max(initial=-1)) + 1
    return component[: len(true.start)], component[len(true.start) :], count


def _sufficient(ps: np.ndarray, pe: np.ndarray, ts: np.ndarray, te: np.ndarray) -> np.ndarray:
    """nervaluate's overlap test: the overlap is at least 1 % of the true span."""
    overlap = np.minimum(pe, te) - np.maximum(ps, ts) + 1
    disjoint = (ps > te) | (pe < ts)
    return ~disjoint & ((overlap / (te - ts + 1)) * 100.0 >= MIN_OVERLAP)


def _pair_outcome(schema: str, same_bounds: np.ndarray, same_label: np.ndarray,
                  enough: np.ndarray) -> np.ndarray:  # fmt: skip
    """What a lone prediction becomes against the lone true span it overlaps."""
    if schema == "strict":
        return np.where(same_bounds & same_label, CORRECT, np.where(enough, INCORRECT, SPURIOUS))
    if schema == "exact":
        return np.where(same_bounds, CORRECT, np.where(enough, INCORRECT, SPURIOUS))
    if schema == "partial":
        return np.where(enough, np.where(same_bounds, CORRECT, PARTIAL), SPURIOUS)
    return np.where(enough, np.where(same_label, CORRECT, INCORRECT), SPURIOUS)


def _walk(schema: str, true: Side, pred: Side, trues: list[int], preds: list[int],
          pred_status: np.ndarray, pred_partner: np.ndarray) -> None:  # fmt: skip
    """nervaluate's loops over one component (lists of indices in list order)."""
    ts, te, tl = true.start, true.end, true.label
    taken: set[int] = set()
    for p in preds:
        ps, pe, pl = int(pred.start[p]), int(pred.end[p]), int(pred.label[p])
        found, other, best = -1, -1, None
        for t in trues:
            if t in taken:
                continue
            s, e = int(ts[t]), int(te[t])
            overlap = min(pe, e) - max(ps, s) + 1
            enough = not (ps > e or pe < s) and (overlap / (e - s + 1)) * 100.0 >= MIN_OVERLAP
            if schema == "ent_type":
                if enough and pl == tl[t]:
                    distance = abs(ps - s) + abs(pe - e)
                    if best is None or distance < best:
                        found, best = t, distance
                elif enough and other < 0:
                    other = t
                continue
            exact = ps == s and pe == e and (schema != "strict" or pl == tl[t])
            if exact and (schema != "partial" or enough):
                found = t
                break
            if enough and other < 0:
                other = t
        if found >= 0:
            pred_status[p], pred_partner[p] = CORRECT, found
            taken.add(found)
        elif other >= 0:
            pred_status[p] = PARTIAL if schema == "partial" else INCORRECT
            pred_partner[p] = other
            taken.add(other)
        else:
            pred_status[p] = SPURIOUS


@dataclass
class Components:
    """The overlap components of an evaluation: each span's, and the lone pairs (one true
    and one predicted span alone in their component), in component order."""

    true: np.ndarray
    pred: np.ndarray
    crowded: np.ndarray  # per component: more than one span on a side, and both sides present
    t_lone: np.ndarray
    p_lone: np.ndarray


def components_of(true: Side, pred: Side) -> Components:
    t_comp, p_comp, n = _components(true, pred)
    n_true = np.bincount(t_comp, minlength=n)
    n_pred = np.bincount(p_comp, minlength=n)
    lone = (n_true == 1) & (n_pred == 1)
    t_lone = np.flatnonzero(lone[t_comp])
    p_lone = np.flatnonzero(lone[p_comp])
    t_lone = t_lone[np.argsort(t_comp[t_lone], kind="stable")]
    p_lone = p_lone[np.argsort(p_comp[p_lone], kind="stable")]
    crowded = (n_true > 0) & (n_pred > 0) & ~lone
    return Components(t_comp, p_comp, crowded, t_lone, p_lone)


def evaluate(true: Side, pred: Side, parts: Components | None = None) -> dict[str, Outcome]:
    """The four schemas' outcomes over these spans (each document its own instance)."""
    parts = parts or components_of(true, pred)
    t_lone, p_lone = parts.t_lone, parts.p_lone
    same_bounds = (true.start[t_lone] == pred.start[p_lone]) & (true.end[t_lone] == pred.end[p_lone])
    same_label = true.label[t_lone] == pred.label[p_lone]
    enough = _sufficient(pred.start[p_lone], pred.end[p_lone], true.start[t_lone], true.end[t_lone])
    groups = _groups(parts.true, parts.pred, parts.crowded)
    outcomes = {}
    for schema in SCHEMAS:
        pred_status = np.full(len(pred.start), SPURIOUS, dtype=np.int8)
        pred_partner = np.full(len(pred.start), -1, dtype=np.int32)
        status = _pair_outcome(schema, same_bounds, same_label, enough)
        pred_status[p_lone] = status
        pred_partner[p_lone] = np.where(status != SPURIOUS, t_lone, -1)
        for trues, preds in groups:
            _walk(schema, true, pred, trues, preds, pred_status, pred_partner)
        outcomes[schema] = _outcome(schema, pred_status, pred_partner, len(true.start))
    return outcomes


#: Per label: the indices of its true and its predicted spans, and its outcomes.
LabelOutcomes = dict[int, tuple[np.ndarray, np.ndarray, dict[str, Outcome]]]


def evaluate_per_label(true: Side, pred: Side, count: int, overall: dict[str, Outcome],
                       parts: Components) -> LabelOutcomes:  # fmt: skip
    """Each label's evaluation (its spans alone), all in one, from the overall one's
    components (`overall` and `parts`): a label's components lie
    within the overall ones, so a lone pair of one label keeps its overall outcome, one of
    two labels leaves a spurious and a missed span, and only the crowded components are
    evaluated again, grouped by label, each (document, label) an instance of its own."""
    digits = np.min_scalar_type(max(count - 1, 0))
    t_order = np.argsort(true.label.astype(digits), kind="stable")
    p_order = np.argsort(pred.label.astype(digits), kind="stable")
    mine = _label_outcomes(true, pred, count, overall, parts)
    t_bounds = np.searchsorted(true.label[t_order], np.arange(count + 1)).tolist()
    p_bounds = np.searchsorted(pred.label[p_order], np.arange(count + 1)).tolist()
    t_rank = np.empty(len(t_order), dtype=np.int32)
    t_rank[t_order] = np.arange(len(t_order), dtype=np.int32)
    result = {}
    for label in range(count):
        if t_bounds[label] == t_bounds[label + 1] and p_bounds[label] == p_bounds[label + 1]:
            continue  # neither side uses it
        trues = slice(t_bounds[label], t_bounds[label + 1])
        p_index = p_order[p_bounds[label] : p_bounds[label + 1]]
        own = {schema: _part(*chosen, t_rank, p_index, trues) for schema, chosen in mine.items()}
        result[label] = (t_order[trues], p_index, own)
    return result


def _label_outcomes(true: Side, pred: Side, count: int, overall: dict[str, Outcome],
                    parts: Components) -> dict[str, tuple[np.ndarray, np.ndarray]]:  # fmt: skip
    """Per schema, each predicted span's status and partner (a true span's index) when
    each label is evaluated alone."""
    t_crowd = np.flatnonzero(parts.crowded[parts.true])
    p_crowd = np.flatnonzero(parts.crowded[parts.pred])
    t_crowd = t_crowd[np.argsort(true.label[t_crowd], kind="stable")]
    p_crowd = p_crowd[np.argsort(pred.label[p_crowd], kind="stable")]
    again = evaluate(_by_label(true.subset(t_crowd), count), _by_label(pred.subset(p_crowd), count))
    kept = parts.p_lone[true.label[parts.t_lone] == pred.label[parts.p_lone]]
    result = {}
    for schema, outcome in overall.items():
        status = np.full(len(pred.start), SPURIOUS, dtype=np.int8)
        partner = np.full(len(pred.start), -1, dtype=np.int32)
        status[kept], partner[kept] = outcome.pred_status[kept], outcome.pred_partner[kept]
        status[p_crowd] = again[schema].pred_status
        crowd_partner = again[schema].pred_partner
        partner[p_crowd] = np.where(crowd_partner >= 0, t_crowd[crowd_partner], -1)
        result[schema] = (status, partner)
    return result


def _part(status: np.ndarray, partner: np.ndarray, t_rank: np.ndarray, p_index: np.ndarray,
          trues: slice) -> Outcome:  # fmt: skip
    """The outcome of one label's spans (its true spans at `trues` of the label order, its
    predicted spans `p_index`), partners numbered among its true spans."""
    mine = partner[p_index]
    taken = mine >= 0
    mine[taken] = t_rank[mine[taken]] - trues.start
    return _outcome("", status[p_index], mine, trues.stop - trues.start)


def _by_label(side: Side, count: int) -> Side:
    """The spans with each (document, label) as a document of its own."""
    return Side(side.doc * count + side.label, side.start, side.end, side.label)


def _groups(t_comp: np.ndarray, p_comp: np.ndarray, crowded: np.ndarray) -> list[tuple[list[int], list[int]]]:
    """(true indices, predicted indices) of each crowded component, each in list order."""
    t_idx = np.flatnonzero(crowded[t_comp])
    p_idx = np.flatnonzero(crowded[p_comp])
    t_idx = t_idx[np.argsort(t_comp[t_idx], kind="stable")]
    p_idx = p_idx[np.argsort(p_comp[p_idx], kind="stable")]
    t_split = np.flatnonzero(np.diff(t_comp[t_idx])) + 1
    p_split = np.flatnonzero(np.diff(p_comp[p_idx])) + 1
    trues = [part.tolist() for part in np.split(t_idx, t_split)] if len(t_idx) else []
    preds = [part.tolist() for part in np.split(p_idx, p_split)] if len(p_idx) else []
    return list(zip(trues, preds, strict=True))


def _outcome(schema: str, pred_status: np.ndarray, pred_partner: np.ndarray, n_true: int) -> Outcome:
    true_status = np.full(n_true, MISSED, dtype=np.int8)
    true_status[pred_partner[pred_partner >= 0]] = MATCHED
    found = np.bincount(pred_status, minlength=4)
    counts = {"correct": int(found[CORRECT]), "incorrect": int(found[INCORRECT]),
              "partial": int(found[PARTIAL]), "missed": int((true_status == MISSED).sum()),
              "spurious": int(found[SPURIOUS])}  # fmt: skip
    return Outcome(counts, pred_status, pred_partner, true_status)


def metrics(schema: str, c: dict[str, int]) -> dict[str, float | int]:
    """nervaluate's EvaluationResult.compute_metrics, in its order of operations."""
    actual = c["correct"] + c["incorrect"] + c["partial"] + c["spurious"]
    possible = c["correct"] + c["incorrect"] + c["partial"] + c["missed"]
    if schema in ("partial", "ent_type"):
        precision = (c["correct"] + 0.5 * c["partial"]) / actual if actual > 0 else 0
        recall = (c["correct"] + 0.5 * c["partial"]) / possible if possible > 0 else 0
    else:
        precision = c["correct"] / actual if actual > 0 else 0
        recall = c["correct"] / possible if possible > 0 else 0
    f1 = 2 * (precision * recall) / (precision + recall) if (precision + recall) > 0 else 0
    return {**c, "possible": possible, "actual": actual, "precision": precision, "recall": recall, "f1": f1}
