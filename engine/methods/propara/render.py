"""The original's texts: the report on standard output, the --output file and the
--diagnostics file (specs/propara.md §5)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from .scores import LABELS, QUESTIONS, Averages

RULE = "=" * 49
LINE = "-" * 49


def report_text(averages: Averages, num_predictions: int, num_answers: int) -> str:
    lines = [RULE, "Question     Avg. Precision  Avg. Recall  Avg. F1", LINE]
    for q in QUESTIONS:
        precision, recall, f1 = averages.precision[q], averages.recall[q], averages.question_f1(q)
        lines.append(f"{LABELS[q]:<22}{precision:4.3f}        {recall:4.3f}    {f1:4.3f}")
    lines += [
        LINE,
        f"Overall Precision {averages.overall_precision:4.3f}" + " " * 26,
        f"Overall Recall    {averages.overall_recall:4.3f}" + " " * 26,
        f"Overall F1        {averages.overall_f1:4.3f}" + " " * 26,
        RULE,
        "",
        f"Evaluated {num_predictions} predictions against {num_answers} answers.",
        "",
    ]
    return "\n".join(lines) + "\n"


def output_text(averages: Averages) -> str:
    """`{"precision": P, "recall": R, "f1": F}` like json.dumps, no final newline."""
    return json.dumps(averages.output())


#: The standard library's C encoder, compact, refusing NaN and infinities (json.dumps's
#: other defaults: ASCII only, keys sorted as given).
_COMPACT = json.JSONEncoder(separators=(",", ":"), allow_nan=False)


def indented_json(value: Any) -> str:
    """`json.dumps(value, indent=4)`, the same text: the C encoder's compact JSON laid out
    by msgspec (with indent, the standard library encodes in pure Python, 4× slower here).
    A value holding NaN or an infinity (which msgspec does not read) goes to json.dumps."""
    import msgspec  # here: a run without -d does not pay its import (typing_extensions)

    try:
        return msgspec.json.format(_COMPACT.encode(value), indent=4)
    except ValueError:  # msgspec's DecodeError too (a lone surrogate's escape)
        return json.dumps(value, indent=4)


def diagnostics_text(
    predictions: str, answers: str, blocks: Iterable[dict[str, Any]], averages: Averages
) -> str:
    """The header, one indented JSON object per answer process, then the overall scores."""
    parts = [
        f"Diagnostics of evaluation of predictions in {predictions} against answers in {answers}\n",
        "\n",
    ]
    for block in blocks:
        parts.append(indented_json(block) + "\n")
    parts.append(indented_json({"overall_scores": averages.output()}) + "\n")
    return "".join(parts)
