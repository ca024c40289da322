"""`--extended`'s table: its rows' counts and the report byte for byte (specs/starsem.md §5.2)."""

from __future__ import annotations

from typing import Any

H = "-" * 32 + "+------+--------+------+------+------+---------------+------------+---------"
HEADER = " " * 32 + "| gold | system | tp   | fp   | fn   | precision (%) | recall (%) | F1  (%) "
D = "-" * 108


class Count:
    __slots__ = ("tp", "fp", "fpx", "fn")

    def __init__(self) -> None:
        self.tp = self.fp = self.fpx = self.fn = 0


def _ratio(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def percent(part: int, whole: int) -> float:
    return float("%.2f" % ((part / whole) * 100)) if whole else 0.0


def row_of(key: tuple[str, str], count: Count, fp: int) -> tuple[str, dict[str, Any]]:
    name = (key[0] + " " + key[1]).strip()
    p = _ratio(count.tp, count.tp + fp)
    r = _ratio(count.tp, count.tp + count.fn)
    f = 2 * p * r / (p + r) if p + r else 0.0
    return name, {"label": name + ":", "gold": count.tp + count.fn, "system": count.tp + count.fp,
                  "tp": count.tp, "fp": fp, "fn": count.fn, "precision": "%.2f" % (p * 100),
                  "recall": "%.2f" % (r * 100), "f1": "%.2f" % (f * 100)}  # fmt: skip


def render(sections: dict[str, dict[str, dict[str, Any]]], overall: dict[str, Any]) -> str:
    """The extended report, byte for byte (§5.2)."""
    out = [H, HEADER, H]
    for title, rows in sections.items():
        out += [D, " " + title, D, H]
        for row in rows.values():
            label = row["label"]
            counts = f" {row['gold']:4d} | {row['system']:6d} | {row['tp']:4d} |"
            counts += f" {row['fp']:4d} | {row['fn']:4d} |"
            scores = f" {row['precision']:>13} | {row['recall']:>10} | {row['f1']:>7}"
            out.append(label + " " * (32 - len(label) + 1) + counts + scores)
        out.append(H)
    out.append(D)
    for key, value in overall.items():
        if "%" in key:
            out += [f" {key}: {value:.2f}", D]
        else:
            out.append(f" {key}: {value}")
    return "\n".join(out) + "\n\n"


def plain_sections(sections: dict[str, dict[str, dict[str, Any]]]) -> dict[str, Any]:
    return {title: {name: {k: float(v) if isinstance(v, str) and k != "label" else v for k, v in row.items()}
                    for name, row in rows.items()} for title, rows in sections.items()}  # fmt: skip
