"""A literal, slow reading of specs/poetry.md §3–§4.1 (every reference against every
system span), to check the engine's sweep against. Spans are (start, end, label) in
file order."""

from __future__ import annotations

from typing import Any


class EmptyPiece(Exception):
    """§3.4: a split piece with end <= start (P11)."""


def _sorted(spans):
    return sorted(spans, key=lambda s: (s[0], s[1]))  # Python's sort is stable


def _merged(spans):
    out: list[list[Any]] = []
    for start, end, _ in spans:
        if out and start < out[-1][1]:
            out[-1][1] = max(out[-1][1], end)
        else:
            out.append([start, end, ""])
    return [tuple(s) for s in out]


def _factor(a, b, ignore_label):
    if (ignore_label or a[2] == b[2]) and a[0] < b[1] and b[0] < a[1]:
        return (min(a[1], b[1]) - max(a[0], b[0])) / max(a[1] - a[0], b[1] - b[0])
    return 0.0


def mapping(refs, syss, ignore_label=False) -> list[int | None]:
    """§3.3: per sorted reference, the index of its system span in sorted order."""
    R = _sorted(refs)
    S = _merged(_sorted(syss)) if ignore_label else _sorted(syss)
    sys_of: list[int | None] = []
    for r in R:
        best, best_factor = None, 0.0
        for j, s in enumerate(S):
            f = _factor(r, s, ignore_label)
            if f > best_factor:
                best, best_factor = j, f
        sys_of.append(best)
    return sys_of


def evaluate_page(refs, syss, ignore_label=False, weight=1.0) -> tuple[Any, ...]:
    """(precision, recall, n_span_matches, n_span_misses, n_span_spurious,
    n_poem_matches, n_poem_misses, n_poem_spurious) of one page."""
    R = _sorted(refs)
    S = _merged(_sorted(syss)) if ignore_label else _sorted(syss)
    sys_of = mapping(refs, syss, ignore_label)
    refs_of: list[list[int]] = [[i for i, j in enumerate(sys_of) if j == k] for k in range(len(S))]
    pairs = []
    for j, s in enumerate(S):
        group = refs_of[j]
        if len(group) == 1:
            pairs.append((R[group[0]], s))
        elif len(group) > 1:
            for p, i in enumerate(group):
                start = s[0] if p == 0 else R[i][0]
                end = s[1] if p == len(group) - 1 else R[group[p + 1]][0]
                if end <= start:
                    raise EmptyPiece((start, end))
                pairs.append((R[i], (start, end, s[2])))
    relevance: Any = 0
    for r, s in pairs:
        if r[0] == s[0] and r[1] == s[1] and (ignore_label or r[2] == s[2]):
            relevance = relevance + 1
        else:
            relevance = relevance + weight * _factor(r, s, ignore_label)
    n_retrieved = sum(max(1, len(g)) for g in refs_of)
    if S:  # noqa: SIM108 - the spec's wording
        precision = relevance / n_retrieved
    else:
        precision = 1 if not R else 0
    if R:  # noqa: SIM108
        recall = relevance / len(R)
    else:
        recall = 1 if not S else 0
    matched = [i for i, j in enumerate(sys_of) if j is not None]
    missed = [i for i, j in enumerate(sys_of) if j is None]
    spurious = [j for j, g in enumerate(refs_of) if not g]
    ref_labels = {r[2] for r in R}
    return (
        precision,
        recall,
        len(matched),
        len(missed),
        len(spurious),
        len({R[i][2] for i in matched}),
        len({R[i][2] for i in missed}),
        len({S[j][2] for j in spurious if S[j][2] not in ref_labels}),
    )
