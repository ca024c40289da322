"""The agreement report as text: pairwise matrices, coefficients, αu with its observed and
expected disagreement, and one line per document. Undefined values read "undefined" with
their reason underneath, never 0 or NaN."""

from __future__ import annotations

from typing import Any

from .measures import pointer

TITLES = {
    ("span_f1", "labelled"): "Span F1, labelled (start, end, label)",
    ("span_f1", "unlabelled"): "Span F1, unlabelled (start, end)",
    ("span_f1", "overlap"): "Span F1, overlapping spans of the same label (one-to-one)",
    ("token", "cohen_kappa"): "Cohen's kappa on token categories",
}


def number(value: float | None) -> str:
    return "undefined" if value is None else f"{value:.4f}"


def _matrix(names: list[str], block: dict[str, Any]) -> list[str]:
    width = max(9, *(len(n) for n in names)) + 2
    lines = ["".ljust(width) + "".join(n.ljust(width) for n in names)]
    for a in names:
        cells = [("—" if a == b else number(block["pairwise"][a].get(b))).ljust(width) for b in names]
        lines.append(a.ljust(width) + "".join(cells))
    return [line.rstrip() for line in lines]


def _reasons(block: dict[str, Any], prefix: str) -> list[str]:
    """The reasons of the undefined pairs under `prefix` + "/pairwise" (each pair once)."""
    lines, seen = [], set()
    start = prefix + "/pairwise/"
    for path, reason in block["undefined"].items():
        if path.startswith(start):
            a, b = (p.replace("~1", "/").replace("~0", "~") for p in path[len(start) :].split("/"))
            if frozenset((a, b)) not in seen:
                seen.add(frozenset((a, b)))
                lines.append(f"  {a} – {b}: undefined ({reason})")
    return lines


def _scalar(label: str, value: float | None, block: dict[str, Any], path: str) -> str:
    if value is None:
        return f"{label}: undefined ({block['undefined'].get(path, '')})"
    return f"{label}: {value:.4f}"


def _alpha_u(names: list[str], block: dict[str, Any]) -> list[str]:
    au = block["alpha_u"]
    dis = au["disagreement"]
    lines = [
        "# Krippendorff's unitizing alpha (αu, as DKPro Statistics / INCEpTION), tokens as the continuum"
    ]
    overall = dis["overall"]
    lines.append(_scalar("overall", au["overall"], block, "/alpha_u/overall") + _dis(overall))
    for label, value in au["per_label"].items():
        lines.append(
            _scalar(f"  {label}", value, block, pointer(("alpha_u", "per_label", label)))
            + _dis(dis["per_label"][label])
        )
    lines.append("pairwise (mean " + number(au["pairwise_mean"]) + "):")
    lines += _matrix(names, {"pairwise": au["pairwise"]})
    lines += _reasons(block, "/alpha_u")
    return lines


def _dis(pair: dict[str, float | None]) -> str:
    if pair["observed"] is None:
        return ""
    return f"   (observed {pair['observed']:.6g}, expected {pair['expected']:.6g})"


def block_text(names: list[str], block: dict[str, Any]) -> list[str]:
    """The figures of the corpus (or of one document)."""
    lines: list[str] = []
    for (group, variant), title in TITLES.items():
        data = block[group][variant]
        lines.append(f"# {title} (mean {number(data['mean'])})")
        lines += _matrix(names, data)
        lines += _reasons(block, f"/{group}/{variant}")
        lines.append("")
    token = block["token"]
    lines.append(_scalar("Fleiss' kappa", token["fleiss_kappa"], block, "/token/fleiss_kappa"))
    lines.append(
        _scalar(
            "Krippendorff's alpha (nominal)", token["krippendorff_alpha"], block, "/token/krippendorff_alpha"
        )
    )
    lines.append("")
    lines += _alpha_u(names, block)
    return lines


def document_lines(data: dict[str, Any]) -> list[str]:
    """One line per document: its annotators and headline figures, worst αu first."""
    rows = []
    for name, doc in data["per_document"].items():
        rows.append(
            (
                name,
                len(doc["annotators"]),
                doc["span_f1"]["labelled"]["mean"],
                doc["token"]["fleiss_kappa"],
                doc["token"]["krippendorff_alpha"],
                doc["alpha_u"]["overall"],
            )
        )
    rows.sort(key=lambda r: (r[5] is None, r[5] if r[5] is not None else 0.0))
    width = max(8, *(len(r[0]) for r in rows)) + 2 if rows else 10
    header = "document".ljust(width) + "annotators  F1 (mean)  Fleiss κ   α          αu"
    lines = ["# Per document (worst αu first)", header]
    for name, n, f1, fleiss, alpha, alpha_u in rows:
        cells = [number(v).ljust(11) for v in (f1, fleiss, alpha, alpha_u)]
        lines.append((name.ljust(width) + str(n).ljust(12) + "".join(cells)).rstrip())
    return lines


def _documents(n: int) -> str:
    """'1 document', '3 documents', '1000 documents': the report's own count, never grouped
    (the app's counts, grouped, are gui.counts.count_of)."""
    return "1 document" if n == 1 else f"{n} documents"


def report_text(data: dict[str, Any]) -> str:
    names = data["annotators"]
    common = data["common_documents"]
    head = (
        f"Agreement of {len(names)} annotators ({', '.join(names)}) on "
        f"{_documents(len(data['documents']))} "
        f"({len(common)} every annotator has)"
    )
    lines = [head, ""] + block_text(names, data["overall"]) + [""] + document_lines(data)
    return "\n".join(lines) + "\n"
