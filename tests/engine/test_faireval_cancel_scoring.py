"""Cancel reaches FairEval after the readers too: between the steps of the comparison and
after each block of error rows the app's detail makes, so a cancel requested there stops
the evaluation within one step or block."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from engine.errors import Cancelled
from engine.methods import get_method
from engine.methods.faireval import errorrows, matching
from engine.progress import Progress


def _cancel_when(gold: Path, system: Path, ready: Callable[[], bool]) -> None:
    """Evaluate with the detail, cancelling at the first report once `ready()` holds."""
    method = get_method("faireval")

    def report(fraction: float, message: str) -> None:
        if ready():
            progress.cancel()

    progress = Progress(report, interval=0)
    with pytest.raises(Cancelled):
        method.evaluate(str(gold), str(system), method.Options(), progress)


def _counting(monkeypatch, owner: object, name: str) -> Callable[[], int]:
    """Count the calls of `owner.name` from now on."""
    calls = [0]
    original = getattr(owner, name)

    def counted(*args, **kwargs):
        calls[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return lambda: calls[0]


def _label_errors_pair(tmp_path: Path, n: int = 200) -> tuple[Path, Path]:
    """CoNLL-2000 files whose 2n spans are all labelling errors (2n error rows)."""
    gold = ["The DT B-NP", "cat NN I-NP", "sat VBD B-VP", ""]
    system = ["The DT B-PP", "cat NN I-PP", "sat VBD B-ADVP", ""]
    paths = tmp_path / "gold.txt", tmp_path / "system.txt"
    for path, lines in zip(paths, (gold, system), strict=True):
        path.write_text("\n".join(lines * n) + "\n", encoding="utf-8")
    return paths


def test_cancel_while_error_rows_are_made_stops_within_a_block(tmp_path, monkeypatch):
    monkeypatch.setattr(errorrows, "BLOCK_ROWS", 8, raising=False)
    made = _counting(monkeypatch, errorrows, "error_columns")
    at_cancel: list[int] = []

    def ready() -> bool:
        if made() and not at_cancel:
            at_cancel.append(made())
        return bool(at_cancel)

    _cancel_when(*_label_errors_pair(tmp_path), ready)
    assert at_cancel == [1]
    assert made() == 2  # the block after the cancel is made, then it stops: not the 50 blocks of 400 rows


def test_cancel_while_sentences_are_compared_stops_within_a_step(tmp_path, monkeypatch):
    matched = _counting(monkeypatch, matching, "_true_positives")
    labelled = _counting(monkeypatch, matching, "_label_errors")
    bounded = _counting(monkeypatch, matching, "_boundaries")
    _cancel_when(*_label_errors_pair(tmp_path), lambda: matched() > 0)
    assert (labelled(), bounded()) == (1, 0)  # the step after the cancel runs, then it stops
