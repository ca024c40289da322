"""The original FairEval report file, byte for byte (specs/faireval.md §5)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .scores import percent
from .settings import COUNTS, Settings

SECTION_COUNTS = {"traditional": ["TP", "FP", "FN"], "fair": ["TP", "FP", "LE", "BE", "LBE", "FN"]}


@dataclass
class SparseConfusion:
    """The confusion matrix as its cells that are not 0 (target → system → count): with
    thousands of labels the square matrix would hold millions of zeros (10,000 labels:
    3.0 GB and 80 s when it was built as dicts)."""

    labels: list[str]  # every label seen, then "_"
    cells: dict[str, dict[str, int]]

    def lines(self) -> list[str]:
        """The original's printed matrix: a header, then a row per target label, every label
        in code-point order."""
        labels = sorted(self.labels)
        column = {label: i for i, label in enumerate(labels)}
        zeros = ["0"] * len(labels)
        lines = ["\t".join(["Target\\System", *labels])]
        for target in labels:
            row = zeros.copy()
            for system, count in self.cells.get(target, {}).items():
                if system in column:
                    row[column[system]] = str(count)
            lines.append(target + "\t" + "\t".join(row))
        return lines


def _columns(version: str, settings: Settings) -> list[str]:
    if version == "weighted" and settings.weights:
        return list(settings.weights)
    return SECTION_COUNTS["traditional" if version == "traditional" else "fair"]


def _row(name: str, values: dict[str, Any], columns: list[str]) -> str:
    cells = [str(values[c]) if c in COUNTS and c in values else "0" for c in columns]
    cells += [percent(values[m]) for m in ("Prec", "Rec", "F1")]
    return "\t".join([name, *cells])


def render_report(settings: Settings, results: dict[str, Any]) -> str:
    """The report text: settings, one table per method, comparison, matrix, data stats."""
    lines = ["### Evaluation settings:"]
    lines += [f"{key}: {value}" for key, value in settings.settings_block()]
    lines.append("")
    for version in settings.eval_method:
        columns = _columns(version, settings)
        lines += [
            "",
            f"### {version.title()} evaluation:",
            "\t".join(["Label", *columns, "Prec", "Rec", "F1"]),
        ]
        per_label = results["per_label"][version]
        lines += [_row(label, per_label[label], columns) for label in sorted(per_label)]
        lines.append(_row("overall", results["overall"][version], columns))
    lines += ["", "### Comparison:", "Version\tPrec\tRec\tF1"]
    for version in settings.eval_method:
        overall = results["overall"][version]
        lines.append("\t".join([version.title(), *(percent(overall[m]) for m in ("Prec", "Rec", "F1"))]))
    lines += ["", "### Confusion matrix:"]
    lines += results["_confusion"].lines()
    lines += ["", "### Target data stats:", "Label\tFreq\t%"]
    total = sum(freq for _, freq in results["data_stats"])
    lines += [f"{label}\t{freq}\t{percent(freq / total)}" for label, freq in results["data_stats"]]
    return "\n".join(lines) + "\n"
