"""BIO columns → spans, and the combined model over several columns (specs/clueval.md
§2.5, §2.6, §3.1).

Spans here are inclusive `[start, end]` corpus positions, as every table of the original
prints them. Extraction is vectorised per column; the combined model sorts the pooled
spans by start and sweeps (a running maximum of the ends), never comparing pairs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from ...errors import FileWarning
from ...formats.vrt import VrtFile
from ...formats.vrt_tags import TagInfo, refused_tag, tag_info
from ...rowkeys import codes_in

ODD_TAGS = {"o", "0", "_", "-"}


def _check_tag(tag: str, info: TagInfo, vrt: VrtFile, column: list[str], k: int) -> None:
    """C9: an empty tag, a prefix without a label, or B-O/I-O is bad input."""
    if info.refused:
        raise refused_tag(tag, k + 1, vrt.path, vrt.line(column.index(tag)))


def _tag_warnings(tags: list[str], vrt: VrtFile, columns: list[list[str]]) -> list[str]:
    """C3/C4: one warning per file for odd tags and for tags with surrounding spaces."""
    warnings = []
    odd = [t for t in tags if t in ODD_TAGS or t.startswith(("S-", "E-", "L-", "U-"))]
    if odd:
        tag = odd[0]
        warnings.append(
            FileWarning(vrt.path, f"tag {tag!r} is read as inside a span labelled by it, as the original "
                                  "does (only 'O' is outside; B- and I- are prefixes)",
                        _first_line(vrt, columns, tag))
        )  # fmt: skip
    spaced = [t for t in tags if t != t.strip()]
    if spaced:
        tag = spaced[0]
        warnings.append(
            FileWarning(vrt.path, f"tag {tag!r} has surrounding spaces; fields are not trimmed, as in the "
                                  "original", _first_line(vrt, columns, tag))
        )  # fmt: skip
    return warnings


def _first_line(vrt: VrtFile, columns: list[list[str]], tag: str) -> int:
    return vrt.line(min(col.index(tag) for col in columns if tag in col))


@dataclass
class ColumnSpans:
    """The spans of one BIO column: sorted, disjoint."""

    starts: np.ndarray
    ends: np.ndarray  # inclusive
    labels: list[str]  # stored labels


def _codes(column: list[str], table: dict[str, int]) -> np.ndarray:
    """The column's strings as numbers; new strings are added to `table`."""
    return codes_in(table, column, np.int32)


def column_spans(vrt: VrtFile, warnings: list[str]) -> list[ColumnSpans]:
    """The spans of every BIO column of a file (§2.5), with the C15 closing at document changes."""
    n = len(vrt)
    breaks = vrt.span_breaks()
    doc_change = np.zeros(n, dtype=bool)
    if vrt.doc_ids is not None and n > 1:
        doc_codes = _codes(vrt.doc_ids, {})
        doc_change[1:] = doc_codes[1:] != doc_codes[:-1]
    table: dict[str, int] = {}
    codes = [_codes(col, table) for col in vrt.tag_columns]
    tags = list(table)
    infos = [tag_info(t) for t in tags]
    for k, col in enumerate(vrt.tag_columns):
        present = np.flatnonzero(np.bincount(codes[k], minlength=len(tags)))  # distinct, ascending
        for code in present:
            _check_tag(tags[code], infos[code], vrt, col, k)
    warnings.extend(_tag_warnings(tags, vrt, vrt.tag_columns))
    boundary_codes: dict[str, int] = {}
    inside_lut = np.array([i.inside for i in infos], dtype=bool)
    begins_lut = np.array([i.begins for i in infos], dtype=bool)
    boundary_lut = np.array([boundary_codes.setdefault(i.boundary, len(boundary_codes)) for i in infos])
    result = []
    closed_by_doc: int | None = None
    for code in codes:
        inside, begins, boundary = inside_lut[code], begins_lut[code], boundary_lut[code]
        joins = np.zeros(n, dtype=bool)
        joins[1:] = inside[1:] & inside[:-1] & ~begins[1:] & (boundary[1:] == boundary[:-1])
        joins &= ~breaks
        cut = joins & doc_change
        if cut.any():
            first = int(np.argmax(cut))
            closed_by_doc = first if closed_by_doc is None else min(closed_by_doc, first)
            joins &= ~doc_change
        starts = np.flatnonzero(inside & ~joins)
        ends = np.flatnonzero(inside & ~np.append(joins[1:], False))
        labels = [infos[c].stored for c in code[starts].tolist()]
        result.append(ColumnSpans(starts, ends, labels))
    if closed_by_doc is not None and vrt.doc_ids is not None:
        before, after = vrt.doc_ids[closed_by_doc - 1], vrt.doc_ids[closed_by_doc]
        warnings.append(
            FileWarning(vrt.path, f"span closed where the document id changes from '{before}' to '{after}' "
                                  "(the original stops here)", vrt.line(closed_by_doc))
        )  # fmt: skip
    return result


# --- the combined model (§3.1) -----------------------------------------------------------


class LabelDicts:
    """{layer: label} objects, one per distinct label combination (they are many, and alike)."""

    def __init__(self, layers: tuple[str, ...]) -> None:
        self.layers = layers
        self.made: dict[tuple[str, ...], dict[str, str]] = {}

    def __call__(self, labels: tuple[str, ...]) -> dict[str, str]:
        found = self.made.get(labels)
        if found is None:
            found = self.made[labels] = dict(zip(self.layers, labels, strict=True))
        return found


@dataclass
class SpanTable:
    """The merged spans of one file, sorted by position, with the fields of §3.1 step 5."""

    vrt: VrtFile
    layers: tuple[str, ...]
    starts: list[int]
    ends: list[int]  # inclusive
    labels: list[tuple[str, ...]]  # one label per layer
    texts: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        tokens = self.vrt.tokens
        if not self.texts:
            self.texts = [" ".join(tokens[s : e + 1]) for s, e in zip(self.starts, self.ends, strict=True)]

    def __len__(self) -> int:
        return len(self.starts)

    def token_ids_at(self, positions: list[int]) -> list[str]:
        """The token-id column's values at these positions ("" past its end or without it)."""
        ids = self.vrt.token_ids
        if ids is None:
            return [""] * len(positions)
        n = len(ids)
        return [ids[p] if p < n else "" for p in positions]

    # Made once: both match tables (this table's and the other's) and the JSON share these columns.

    @cached_property
    def start_ids(self) -> list[str]:
        """token_id of every span's start."""
        return self.token_ids_at(self.starts)

    @cached_property
    def end_ids(self) -> list[str]:
        """token_id of every span's end."""
        return self.token_ids_at(self.ends)

    @cached_property
    def label_dicts(self) -> list[dict[str, str]]:
        """{layer: label} of every span (one dict per distinct combination: LabelDicts)."""
        return list(map(LabelDicts(self.layers), self.labels))

    @cached_property
    def doc_id_column(self) -> list[str]:
        docs = self.vrt.doc_ids
        return [docs[e] for e in self.ends] if docs is not None else [""] * len(self)

    @cached_property
    def domain_column(self) -> list[str]:
        domains = self.vrt.domains
        if domains is None:
            return [""] * len(self)
        lowered: dict[str, str] = {}
        return [lowered.get(d) or lowered.setdefault(d, d.lower()) for d in (domains[e] for e in self.ends)]

    def document_column(self) -> list[str]:
        """document(i) of every span."""
        if self.vrt.doc_ids is not None:
            return self.doc_id_column
        if not self.vrt.xml_changes:
            return [""] * len(self)
        return [self.vrt.xml_ids(e)[0] for e in self.ends]

    def sentence_column(self) -> list[str]:
        if not self.vrt.xml_changes:
            return [""] * len(self)
        return [self.vrt.xml_ids(s)[1] for s in self.starts]

    def document(self, i: int) -> str:
        """Span Studio's document: the doc-id column value, else the XML document id."""
        return self.vrt.document_of(self.ends[i])

    def sentence(self, i: int) -> str:
        return self.vrt.xml_ids(self.starts[i])[1]

    def span_id(self, i: int) -> str:
        return f"id{i + 1:06d}"


def combine(vrt: VrtFile, layers: tuple[str, ...], columns: list[ColumnSpans]) -> SpanTable:
    """Merge the spans of all columns into overlap components with majority labels."""
    starts = np.concatenate([c.starts for c in columns]) if columns else np.zeros(0, dtype=np.int64)
    ends = np.concatenate([c.ends for c in columns]) if columns else np.zeros(0, dtype=np.int64)
    layer_of = np.concatenate([np.full(len(c.starts), k) for k, c in enumerate(columns)]).astype(np.int64)
    labels = [label for c in columns for label in c.labels]
    if len(starts) == 0:
        return SpanTable(vrt, layers, [], [], [])
    order = np.lexsort((layer_of, starts))
    s, e, lay = starts[order], ends[order], layer_of[order]
    reach = np.maximum.accumulate(e)
    first = np.ones(len(s), dtype=bool)
    first[1:] = s[1:] > reach[:-1]
    heads = np.flatnonzero(first)
    tails = np.append(heads[1:], len(s)) - 1
    merged_s, merged_e = s[heads], reach[tails]
    comp = np.cumsum(first) - 1
    same = (s == merged_s[comp]) & (e == merged_e[comp])
    whole = np.logical_and.reduceat(same, heads) & ((tails - heads + 1) == len(layers))
    sorted_labels = [labels[i] for i in order.tolist()]
    result: list[tuple[str, ...]] = []
    for c, (h, t) in enumerate(zip(heads.tolist(), tails.tolist(), strict=True)):
        if whole[c]:
            result.append(tuple(sorted_labels[h : t + 1]))
        else:
            members = [(int(lay[m]), int(s[m]), int(e[m]), sorted_labels[m]) for m in range(h, t + 1)]
            result.append(majority_labels(members, int(merged_s[c]), int(merged_e[c]), len(layers)))
    return SpanTable(vrt, layers, merged_s.tolist(), merged_e.tolist(), result)


def majority_labels(members: list[tuple[int, int, int, str]], start: int, end: int, n_layers: int) -> tuple:
    """Per layer, the label most tokens of [start, end] carry (O for tokens outside the
    layer's spans); ties go to the label seen first from the left (§3.1 step 4)."""
    by_layer: list[list[tuple[int, int, str]]] = [[] for _ in range(n_layers)]
    for layer, s, e, label in members:
        by_layer[layer].append((s, e, label))
    return tuple(_vote(spans, start, end) for spans in by_layer)


def _vote(spans: list[tuple[int, int, str]], start: int, end: int) -> str:
    counts: dict[str, int] = {}
    first: dict[str, int] = {}
    cursor, gap = start, None
    for s, e, label in sorted(spans):
        counts[label] = counts.get(label, 0) + (e - s + 1)
        first.setdefault(label, s)
        if gap is None and s > cursor:
            gap = cursor
        cursor = e + 1
    if gap is None and cursor <= end:
        gap = cursor
    outside = (end - start + 1) - sum(e - s + 1 for s, e, _ in spans)
    if outside > 0:
        counts["O"] = counts.get("O", 0) + outside
        first["O"] = min(first.get("O", gap), gap)
    return min(counts, key=lambda label: (-counts[label], first[label]))
