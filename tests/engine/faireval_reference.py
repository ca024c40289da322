"""A literal, slow FairEval comparison written straight from specs/faireval.md §3.2–3.6:
every step scans whole lists, as the spec's pseudo-code does. The engine's sort-and-sweep
version must give the same counts and confusion cells on every input."""

from __future__ import annotations

from collections import Counter


class RangeCrash(Exception):
    """Where the original stops on a range span (§3.6)."""


def _identical(a, b) -> bool:
    return a[0] == b[0] and a[1] == b[1] and a[2] == b[2] and a[4] == b[4] and (a[4] or a[3] == b[3])


def _overlap(t, s) -> bool:
    return (t[1], t[2]) != (s[1], s[2]) and s[1] <= t[2] and t[1] <= s[2]


def _subtype(t, s) -> str:
    if s[1] == t[1]:
        return "BES" if s[2] < t[2] else "BEL"
    if s[1] < t[1]:
        return "BEO" if s[2] < t[2] else "BEL"
    return "BES" if s[2] <= t[2] else "BEO"


def _best(r, candidates):
    key = lambda c: (-len(r[3] & c[3]), len(r[3] - c[3]), len(c[3] - r[3]), c[2] - c[1])  # noqa: E731
    return sorted(candidates, key=key)[0]


def _remove(items, x) -> None:
    for i, y in enumerate(items):
        if y is x:
            del items[i]
            return


def compare(targets, systems, focus="target"):
    """Spans are (label, begin, end, tokens set, is_range); returns trad, fair, per-label, conf."""
    T = [[*t] for t in targets]
    S = [[*s] for s in systems]
    trad, fair = Counter(), Counter()
    trad_l, fair_l, conf = Counter(), Counter(), Counter()
    for t in T:
        kind = "TP" if any(_identical(t, s) for s in S) else "FN"
        trad[kind] += 1
        trad_l[t[0], kind] += 1
    for s in S:
        if not any(_identical(t, s) for t in T):
            trad["FP"] += 1
            trad_l[s[0], "FP"] += 1
    for t in [t for t in T if any(_identical(t, s) for s in S)]:
        same = [s for s in S if _identical(t, s)]
        if same:
            fair["TP"] += 1
            fair_l[t[0], "TP"] += 1
            _remove(S, same[0])
            _remove(T, t)
    for t in [t for t in T if any(s[0] != t[0] and s[1:3] == t[1:3] for s in S)]:
        same = [s for s in S if s[0] != t[0] and s[1:3] == t[1:3]]
        if same:
            s = same[0]
            fair["LE"] += 1
            fair_l[t[0] if focus == "target" else s[0], "LE"] += 1
            conf[t[0], s[0]] += 1
            _remove(S, s)
            _remove(T, t)
    T.sort(key=lambda x: x[2] - x[1])
    S.sort(key=lambda x: x[2] - x[1])
    UT, US = [], []

    def record(t, s, be):
        if be:
            kind = _subtype(t, s)
            fair["BE"] += 1
            fair[kind] += 1
            fair_l[t[0], "BE"] += 1
            fair_l[t[0], kind] += 1
        else:
            fair["LBE"] += 1
            fair_l[t[0] if focus == "target" else s[0], "LBE"] += 1
        conf[t[0], s[0]] += 1

    def share(a, b):
        common = a[3] & b[3]
        a[3], b[3] = a[3] - common, b[3] - common

    for be in (True, False):
        rel = (lambda a, b: a == b) if be else (lambda a, b: a != b)
        i = 0
        while i < len(T):
            t = T[i]
            C = [s for s in S if rel(t[0], s[0]) and _overlap(t, s)]
            if not C:
                i += 1
                continue
            if t[4] or any(c[4] for c in C):
                raise RangeCrash
            s = C[0] if len(C) == 1 else _best(t, C)
            record(t, s, be)
            _remove(T, t)
            _remove(S, s)
            share(t, s)
            UT.append(t)
            US.append(s)
        i = 0
        while i < len(T):
            t = T[i]
            near = [u for u in US if rel(t[0], u[0]) and _overlap(t, u)]
            if near and t[4]:
                raise RangeCrash
            C = [u for u in near if t[3] & u[3]]
            if not C:
                i += 1
                continue
            u = C[0] if len(C) == 1 else _best(t, C)
            record(t, u, be)
            _remove(T, t)
            share(t, u)
            UT.append(t)
        i = 0
        while i < len(S):
            s = S[i]
            C = [u for u in UT if rel(u[0], s[0]) and _overlap(u, s) and u[3] & s[3]]
            if not C:
                i += 1
                continue
            if s[4]:
                raise RangeCrash
            u = C[0] if len(C) == 1 else _best(s, C)
            record(u, s, be)
            _remove(S, s)
            share(u, s)
            US.append(s)
    for t in T:
        fair["FN"] += 1
        fair_l[t[0], "FN"] += 1
        conf[t[0], "_"] += 1
    for s in S:
        fair["FP"] += 1
        fair_l[s[0], "FP"] += 1
        conf["_", s[0]] += 1
    return trad, fair, trad_l, fair_l, conf
