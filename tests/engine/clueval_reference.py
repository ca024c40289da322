"""A literal, slow CLUEval written straight from specs/clueval.md §2.5, §2.6, §3.1 and §3.2:
token-by-token span building, the combined model as a graph over *all pairs* of spans with
per-token votes, and matching by scanning every span of the other table. The engine's
sweeps must give the same spans, labels and match rows on every input."""

from __future__ import annotations

import re


def stored(tag: str) -> str:
    return re.sub("B-|I-", "", tag)


def boundary(tag: str) -> str:
    return tag[2:] if tag[:2] in ("B-", "I-") else tag


def column_spans(sentences: list[list[list[str]]], k: int) -> list[tuple[int, int, str]]:
    """Spans (inclusive start, end, stored label) of column k; sentences are lists of token
    rows [token, tag1, …]; sentences are separated by empty lines (positions run on)."""
    spans = []
    position = 0
    for sentence in sentences:
        open_span = None
        for i, row in enumerate(sentence):
            tag = row[k]
            if tag != "O" and open_span is None:
                open_span = [position, boundary(tag), stored(tag)]
            if tag != "O":
                nxt = sentence[i + 1][k] if i + 1 < len(sentence) else None
                if nxt is None or nxt.startswith("B-") or boundary(nxt) != open_span[1] or nxt == "O":
                    spans.append((open_span[0], position, open_span[2]))
                    open_span = None
            position += 1
    return spans


def combined(sentences: list[list[list[str]]], n_layers: int) -> list[tuple[int, int, tuple[str, ...]]]:
    """Merged spans with majority labels: union-find over all pairs of pooled spans."""
    pooled = [s for k in range(1, n_layers + 1) for s in column_spans(sentences, k)]
    parent = list(range(len(pooled)))

    def find(a: int) -> int:
        while parent[a] != a:
            a = parent[a]
        return a

    for a in range(len(pooled)):
        for b in range(len(pooled)):
            if pooled[a][0] <= pooled[b][1] and pooled[b][0] <= pooled[a][1]:
                parent[find(a)] = find(b)
    groups: dict[int, list[int]] = {}
    for a in range(len(pooled)):
        groups.setdefault(find(a), []).append(a)
    rows = [row for sentence in sentences for row in sentence]
    result = []
    for members in groups.values():
        start = min(pooled[m][0] for m in members)
        end = max(pooled[m][1] for m in members)
        labels = []
        for k in range(1, n_layers + 1):
            votes = [stored(rows[q][k]) for q in range(start, end + 1)]
            labels.append(max(votes, key=lambda v: (votes.count(v), -votes.index(v))))
        result.append((start, end, tuple(labels)))
    return sorted(result)


def classify(x: tuple[int, int], ys: list[tuple[int, int]]) -> tuple[str, tuple[int, int] | None, list[int]]:
    """(status, (start_Y, end_Y) or None for FN, indices of the pieces) of §3.2."""
    xs, xe = x
    for j, (s, e) in enumerate(ys):
        if s == xs and e == xe:
            return "exact", (xs, xe), [j]
    for j, (s, e) in enumerate(ys):
        if s <= xs and e >= xe:
            return "contained", (s, e), [j]
    pieces = sorted((j for j, (s, e) in enumerate(ys) if s <= xe and xs <= e), key=lambda j: ys[j][0])
    if not pieces:
        return "unmatched", None, []
    for a, b in zip(pieces, pieces[1:], strict=False):
        if ys[a][1] + 1 != ys[b][0]:
            return "unmatched", None, []
    s, e = ys[pieces[0]][0], ys[pieces[-1]][1]
    if s == xs and e == xe:
        return "tiled", (s, e), pieces
    if s <= xs and e >= xe:
        return "covered", (s, e), pieces
    return "unmatched", (s, e), pieces


def chosen(x_text: str, texts: list[str]) -> int:
    """The piece with the most words found among x's words; ties: the leftmost."""
    words = x_text.split()
    counts = [len([w for w in text.split() if w in words]) for text in texts]
    return counts.index(max(counts))
