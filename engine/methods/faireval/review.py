"""FairEval's reviewed scores: traditional, fair and weighted scores recomputed with the
errors a reviewer accepted ("system right (gold wrong)", "both acceptable") counted as agreements.

An accepted error becomes a TP when the system produced a span (FP, LE, BE, LBE) and is
withdrawn when it did not (FN: the gold span was wrong)."""

from __future__ import annotations

from typing import Any

from ...report import Report, Table
from .scores import scores, weights_for
from .settings import METHODS

PERCENT = {"precision": "0.00%", "recall": "0.00%", "f1": "0.00%"}


def review_basis(report: Report) -> dict[str, Any]:
    data = report.data
    counts = {
        version: {
            label: {k: v for k, v in row.items() if k not in ("Prec", "Rec", "F1")}
            for label, row in data["per_label"][version].items()
        }
        for version in ("traditional", "fair")
    }
    return {
        "counts": counts,
        "weights": data["options"]["weights"],
        "focus": data["options"]["focus"],
        "eval_method": data["options"]["eval_method"],
    }


def _add(counts: dict[str, dict[str, int]], label: str, key: str, delta: int) -> None:
    row = counts.setdefault(label, {})
    row[key] = max(row.get(key, 0) + delta, 0)


def _accept(trad: dict, fair: dict, row: dict[str, Any], focus: str) -> None:
    kind, sub = row["type"], row.get("subtype") or ""
    gold, system = str(row.get("gold_label") or ""), str(row.get("system_label") or "")
    if kind == "FN":
        _add(trad, gold, "FN", -1)
        _add(fair, gold, "FN", -1)
        return
    if kind == "FP":
        for counts in (trad, fair):
            _add(counts, system, "FP", -1)
            _add(counts, system, "TP", 1)
        return
    _add(trad, gold, "FN", -1)
    _add(trad, system, "FP", -1)
    _add(trad, gold, "TP", 1)
    _add(fair, gold, "TP", 1)
    if kind == "BE":
        _add(fair, gold, "BE", -1)
        _add(fair, gold, sub, -1)
    else:  # LE, LBE: counted on the focus label
        _add(fair, gold if focus == "target" else system, kind, -1)


def review_scores(basis: dict[str, Any], accepted: list[dict[str, Any]]) -> dict[str, Table]:
    trad = {label: dict(row) for label, row in basis["counts"]["traditional"].items()}
    fair = {label: dict(row) for label, row in basis["counts"]["fair"].items()}
    for row in accepted:
        _accept(trad, fair, row, basis["focus"])
    weights = dict(basis["weights"]) if basis["weights"] else None
    tables = {}
    for version in [m for m in METHODS if m in basis["eval_method"]]:
        counts = trad if version == "traditional" else fair
        table = weights_for(version, weights)
        keys = ["TP", "FP", "FN"] if version == "traditional" else ["TP", "FP", "FN", "LE", "BE", "LBE"]
        rows = []
        total: dict[str, int] = {}
        for label in sorted(counts):
            row = counts[label]
            for k, v in row.items():
                total[k] = total.get(k, 0) + v
            rows.append(_row(label, row, keys, table))
        rows.append(_row("overall", total, keys, table))
        tables[version] = Table(
            ["label", *keys, "precision", "recall", "f1"], rows, f"Reviewed {version} scores", formats=PERCENT
        )
    return tables


def _row(name: str, counts: dict[str, int], keys: list[str], weights: Any) -> list[Any]:
    s = scores(counts, weights)
    return [name, *(counts.get(k, 0) for k in keys), s["Prec"], s["Rec"], s["F1"]]
