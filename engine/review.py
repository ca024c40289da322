"""Reading a review workbook back: the verdicts annotators gave each error, and the
scores recomputed with the errors they accepted ("gold wrong", "both acceptable")
counted as agreements."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .errors import InputError
from .export.xlsx import REVIEW_SHEET, VERDICTS
from .report import Table

ACCEPTED = ("gold wrong", "both acceptable")
NOT_REVIEWED = "not reviewed"
KEYS = {
    "ID": "error_id",
    "Type": "type",
    "Subtype": "subtype",
    "Gold label": "gold_label",
    "System label": "system_label",
    "Verdict": "verdict",
    "Comment": "comment",
}


@dataclass
class Review:
    """The verdicts of one workbook."""

    path: str
    method: str
    basis: dict[str, Any] | None
    rows: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def accepted(self) -> list[dict[str, Any]]:
        return [r for r in self.rows if r["verdict"] in ACCEPTED]


def read_review(path: str) -> Review:
    """The verdicts of a review workbook (as written by Span Studio, or re-saved by a
    spreadsheet program)."""
    from openpyxl import load_workbook

    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except FileNotFoundError:
        raise InputError("an existing workbook", "nothing", file=path) from None
    except Exception as err:  # openpyxl raises several types for what is not an .xlsx
        raise InputError(
            "a review workbook (.xlsx) written by Span Studio", f"{type(err).__name__}", file=path
        ) from None
    try:
        meta = _metadata(book, path)
        review = Review(path, meta["method"], meta["basis"])
        for name in meta["error_sheets"]:
            if name not in book.sheetnames:
                raise InputError(f"a sheet named '{name}'", "none", file=path)
            _read_sheet(book[name], review)
    finally:
        book.close()
    return review


def _metadata(book: Any, path: str) -> dict[str, Any]:
    if REVIEW_SHEET not in book.sheetnames:
        raise InputError(
            f"a hidden sheet '{REVIEW_SHEET}' (a workbook written by Span Studio)", "none", file=path
        )
    values: dict[str, str] = {}
    for key, value, *_ in book[REVIEW_SHEET].iter_rows(values_only=True):
        if key == "basis":
            values["basis"] = values.get("basis", "") + (value or "")
        elif key:
            values[key] = value
    try:
        return {
            "method": values["method"],
            "error_sheets": json.loads(values["error_sheets"]),
            "basis": json.loads(values.get("basis") or "null"),
        }
    except (KeyError, ValueError):
        raise InputError(f"the review data of sheet '{REVIEW_SHEET}'", "it damaged", file=path) from None


def _read_sheet(sheet: Any, review: Review) -> None:
    columns: dict[str, int] | None = None
    for number, values in enumerate(sheet.iter_rows(values_only=True), 1):
        if columns is None:
            if values and "ID" in values and "Verdict" in values:
                columns = {KEYS.get(v, v): i for i, v in enumerate(values) if isinstance(v, str) and v}
            continue
        row = {key: values[i] if i < len(values) else None for key, i in columns.items()}
        if not row.get("error_id"):
            continue
        row["verdict"] = _verdict(row.get("verdict"), sheet.title, number, review)
        row["sheet"] = sheet.title
        review.rows.append({k: "" if v is None else v for k, v in row.items()})
    if columns is None:
        raise InputError(
            f"a header row with ID and Verdict in sheet '{sheet.title}'", "none", file=review.path
        )


def _verdict(value: Any, sheet: str, number: int, review: Review) -> str:
    text = str(value or "").strip().lower()
    if not text:
        return NOT_REVIEWED
    if text not in VERDICTS:
        review.warnings.append(
            f"{review.path}: sheet '{sheet}' row {number}: verdict '{value}' is not one of "
            f"{', '.join(VERDICTS)}; counted as unclear"
        )
        return "unclear"
    return text


def verdict_table(review: Review) -> Table:
    """How many errors of each type and label were judged each way."""
    columns = [*VERDICTS, NOT_REVIEWED]
    counts: dict[tuple[str, str], Counter[str]] = {}
    for row in review.rows:
        label = row.get("gold_label") or row.get("system_label") or ""
        counts.setdefault((str(row.get("type", "")), str(label)), Counter())[row["verdict"]] += 1
    rows = [[t, label, *(c[v] for v in columns), sum(c.values())] for (t, label), c in sorted(counts.items())]
    total = Counter(r["verdict"] for r in review.rows)
    rows.append(["all", "", *(total[v] for v in columns), len(review.rows)])
    return Table(["type", "label", *columns, "errors"], rows, "Verdicts")


def reviewed_tables(review: Review) -> dict[str, Table]:
    """The method's scores with the accepted errors counted as agreements."""
    if review.basis is None:
        return {}
    from .methods import get_method

    return get_method(review.method).review_scores(review.basis, review.accepted)


# --- the generic count-based recomputation ---------------------------------------------------


def _ratio(a: float, b: float) -> float:
    return a / b if b else 0.0


def prf_row(name: str, tp: int, fp: int, fn: int) -> list[Any]:
    p, r = _ratio(tp, tp + fp), _ratio(tp, tp + fn)
    return [name, tp, fp, fn, p, r, _ratio(2 * p * r, p + r)]


def count_scores(basis: dict[str, Any], accepted: list[dict[str, Any]]) -> Table:
    """Micro P/R/F1 from TP/FP/FN counts per label after applying each accepted error's
    effects (basis: {"counts": {label: {TP, FP, FN}}, "effects": {type: [[count, side,
    delta]]}}, and "label": one label for every row, when the counts are not per label)."""
    counts = {label: dict(c) for label, c in basis["counts"].items()}
    pooled = basis.get("label")
    for row in accepted:
        for count, side, delta in basis["effects"].get(row["type"], []):
            label = pooled or row.get("gold_label" if side == "gold" else "system_label") or ""
            bucket = counts.setdefault(label, {"TP": 0, "FP": 0, "FN": 0})
            bucket[count] = max(bucket.get(count, 0) + delta, 0)
    rows = [prf_row(label, c["TP"], c["FP"], c["FN"]) for label, c in sorted(counts.items())]
    if len(rows) > 1:
        rows.append(prf_row("overall", *(sum(c[k] for c in counts.values()) for k in ("TP", "FP", "FN"))))
    return Table(
        ["label", "TP", "FP", "FN", "precision", "recall", "f1"],
        rows,
        "Reviewed scores",
        formats={"precision": "0.00%", "recall": "0.00%", "f1": "0.00%"},
    )


def credit_table(basis: dict[str, dict[str, float]], accepted: list[dict[str, Any]]) -> Table:
    """Micro precision and recall from item credit per question (ProPara): an accepted
    item scored below 1 gets full credit."""
    sums = {question: dict(values) for question, values in basis.items()}
    for row in accepted:
        question, side = row.get("question"), row.get("side")
        if question in sums and side in ("answer", "prediction"):
            score = float(row.get("score") or 0)
            sums[question][side + "_credit"] += 1 - score
    rows = []
    for question, s in sums.items():
        p = _ratio(s["prediction_credit"], s["prediction"])
        r = _ratio(s["answer_credit"], s["answer"])
        rows.append([question, s["answer"], s["prediction"], p, r, _ratio(2 * p * r, p + r)])
    return Table(
        ["question", "answer items", "prediction items", "precision", "recall", "f1"],
        rows,
        "Reviewed scores (micro, by item credit)",
        formats={"precision": "0.00%", "recall": "0.00%", "f1": "0.00%"},
    )
