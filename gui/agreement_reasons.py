"""Why a figure of the Agreement window is undefined: the engine's reason for it (the report
data's "undefined", by JSON pointer, as the command line prints it), for a cell's tooltip
and the line under the matrix and the Documents table. Nothing here computes a figure."""

from __future__ import annotations

from typing import Any

from engine.agreement.measures import pointer

from .counts import count_of
from .style import plain_tip

#: The most pairs or documents a line under a table names (the rest are counted).
NAMED = 3

MEASURES = (  # the matrix's measures: (title, path in the report's data)
    ("Span F1, labelled", ("span_f1", "labelled")),
    ("Span F1, unlabelled", ("span_f1", "unlabelled")),
    ("Span F1, overlap", ("span_f1", "overlap")),
    ("Cohen's kappa (tokens)", ("token", "cohen_kappa")),
    ("Krippendorff's alpha-u", ("alpha_u",)),
)
#: The Documents tab's figures after its two columns of names: each column's title, and
#: where its figure is in a document's data.
DOCUMENT_FIGURES = {
    "F1 (mean)": ("span_f1", "labelled", "mean"),
    "Cohen κ (mean)": ("token", "cohen_kappa", "mean"),
    "Fleiss κ": ("token", "fleiss_kappa"),
    "α": ("token", "krippendorff_alpha"),
    "αu": ("alpha_u", "overall"),
}


def value_at(block: dict[str, Any], parts: tuple[str, ...]) -> Any:
    node: Any = block
    for part in parts:
        node = node[part]
    return node


def reason(block: dict[str, Any], parts: tuple[str, ...]) -> str:
    """The engine's reason the figure at `parts` is undefined ("" where it has none); a mean
    of no pair says its pairs' reasons too."""
    why = block.get("undefined", {}).get(pointer(parts), "")
    if why and parts[-1] in ("mean", "pairwise_mean"):
        prefix = pointer((*parts[:-1], "pairwise"))
        pairs = dict.fromkeys(r for p, r in block["undefined"].items() if p.startswith(prefix + "/"))
        why = f"{why} ({'; '.join(pairs)})" if pairs else why
    return why


def figure_text(value: float | None, why: str = "") -> str:
    """A figure as the window shows it: three decimals, or "undefined" (with its reason where given)."""
    if value is not None:
        return f"{value:.3f}"
    return f"undefined ({why})" if why else "undefined"


def tip(why: str) -> str:
    """A grey cell's tooltip, shown as written (the reason may name annotators: `<s>ann</s>`)."""
    return plain_tip(f"Undefined: {why}.") if why else ""


def pair_reasons(names: list[str], block: dict[str, Any], path: tuple[str, ...]) -> dict[str, list[str]]:
    """The pairs whose figure at `path` + pairwise is undefined ("anna – ben"), by reason."""
    by_reason: dict[str, list[str]] = {}
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            if value_at(block, (*path, "pairwise", a)).get(b) is None:
                why = reason(block, (*path, "pairwise", a, b))
                by_reason.setdefault(why, []).append(f"{a} – {b}")
    return by_reason


def named(items: list[str], other: str) -> str:
    """The first NAMED items, and how many more ('and 2 other pairs')."""
    rest = len(items) - NAMED
    return ", ".join(items[:NAMED]) + (f" and {count_of(rest, other)}" if rest > 0 else "")


def matrix_line(names: list[str], block: dict[str, Any], path: tuple[str, ...]) -> str:
    """The line under the matrix: why its grey cells are undefined ("" where none is)."""
    by_reason = pair_reasons(names, block, path)
    if not by_reason:
        return ""
    said = "; ".join(f"{named(pairs, 'other pair')}: {why or 'no reason given'}"
                     for why, pairs in by_reason.items())  # fmt: skip
    return f"Undefined (grey): {said}."


def document_reasons(doc: dict[str, Any]) -> list[str]:
    """A document's undefined figures on the Documents tab, each by its column and reason."""
    return [f"{title}: {reason(doc, parts) or 'no reason given'}"
            for title, parts in DOCUMENT_FIGURES.items() if value_at(doc, parts) is None]  # fmt: skip


def documents_line(per_document: dict[str, dict[str, Any]]) -> str:
    """The line under the Documents table: which documents have an undefined figure, and why."""
    undefined = {name: why for name, doc in per_document.items() if (why := document_reasons(doc))}
    if not undefined:
        return ""
    said = named([f"{name} ({'; '.join(why)})" for name, why in undefined.items()], "other document")
    return f"Undefined (grey): {said}. Rest the mouse on a grey cell for its reason."


def figure(block: dict[str, Any], parts: tuple[str, ...]) -> str:
    """The figure at `parts` as the line of figures says it: "undefined" with its reason."""
    return figure_text(value_at(block, parts), reason(block, parts))
