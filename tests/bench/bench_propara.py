"""ProPara speed (make bench), specs/propara.md §10: testfiles-0/answers.tsv (13,234 rows)
scaled ×10 and ×50 by shifting process ids, evaluated against itself with the CLI (median
of 3 wall times, CPU time, peak memory of the CLI process and its helper), next to the
original's figures; and the same files against a perturbed copy, where most processes are
summarised and compared."""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.bench import compile_engine, peak_mb
from tests.bench.side_by_side import compare, floor, original, original_python, ours
from tests.conftest import CONFORMANCE

ORIGINAL_SECONDS = {10: 2.30, 50: 15.6}  # the original, Python 3.11, 2-core machine (spec §10)
ORIGINAL_PEAK_MB = 330


def scaled(k: int) -> str:
    """The spec's recipe: k copies, process ids shifted by 100,000 per copy."""
    rows = (CONFORMANCE / "propara" / "testfiles-0" / "answers.tsv").read_text(encoding="utf-8").splitlines()
    out = []
    for r in range(k):
        for row in rows:
            f = row.split("\t")
            f[0] = str(int(f[0]) + r * 100000)
            out.append("\t".join(f))
    return "\n".join(out) + "\n"


def perturbed(text: str, seed: int = 3) -> str:
    """Half of the MOVE rows moved somewhere else (still a valid file, same participants)."""
    rnd = random.Random(seed)
    lines = []
    for line in text.splitlines():
        f = line.split("\t")
        if f[3] == "MOVE" and rnd.random() < 0.5:
            f[5] = "somewhere else"
        lines.append("\t".join(f))
    return "\n".join(lines) + "\n"


class Run:
    """One CLI run: wall time, CPU time (user + system) and standard output. os.wait4
    reports this very process (not every child the test process ever ran)."""

    def __init__(self, predictions: Path, answers: Path, out: Path) -> None:
        start = time.perf_counter()
        child = subprocess.Popen(
            _command(predictions, answers, out),
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )  # fmt: skip
        assert child.stdout is not None
        self.stdout = child.stdout.read()
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        assert child.returncode == 0
        self.wall = time.perf_counter() - start
        self.cpu = usage.ru_utime + usage.ru_stime


def _command(predictions: Path, answers: Path, out: Path) -> list[str | Path]:
    return [sys.executable, "-m", "engine", "propara", "-p", predictions, "-a", answers, "-o", out]


def _medians(runs: list[Run]) -> str:
    return (f"{statistics.median(r.wall for r in runs):.2f} s wall (min {min(r.wall for r in runs):.2f} s), "
            f"{statistics.median(r.cpu for r in runs):.2f} s CPU")  # fmt: skip


def test_scaled_self_evaluation(tmp_path):
    print(
        f"\nProPara, testfiles-0 answers scaled, evaluated against itself (CLI, median of 3; load {_load()}):"
    )
    medians, peak = {}, 0.0
    for k in (10, 50):
        path = tmp_path / f"x{k}.tsv"
        path.write_text(scaled(k), encoding="utf-8")
        out = tmp_path / f"m{k}.json"
        runs = [Run(path, path, out) for _ in range(3)]
        medians[k] = statistics.median(r.wall for r in runs)
        peak = max(peak, peak_mb(_command(path, path, out)))
        assert out.read_text() == '{"precision": 1.0, "recall": 1.0, "f1": 1.0}'
        assert all(f"Evaluated {488 * k} predictions against {488 * k} answers." in r.stdout for r in runs)
        ratio = ORIGINAL_SECONDS[k] / medians[k]
        print(
            f"  ×{k} ({13234 * k:,} rows): {_medians(runs)}; original {ORIGINAL_SECONDS[k]} s → {ratio:.1f}× faster"
        )
    print(f"  ×50 / ×10 = {medians[50] / medians[10]:.2f} (linear: ≤ 5.5); "
          f"peak memory {peak:.0f} MB (original {ORIGINAL_PEAK_MB} MB)")  # fmt: skip
    assert peak < ORIGINAL_PEAK_MB


def test_scaled_against_a_perturbed_copy(tmp_path):
    print(
        f"\nProPara, ×50 answers against a copy with half the MOVE rows changed (median of 3; load {_load()}):"
    )
    answers, predictions = tmp_path / "a.tsv", tmp_path / "p.tsv"
    text = scaled(50)
    answers.write_text(text, encoding="utf-8")
    predictions.write_text(perturbed(text), encoding="utf-8")
    runs = [Run(predictions, answers, tmp_path / "m.json") for _ in range(3)]
    result = (tmp_path / "m.json").read_text()
    peak = peak_mb(_command(predictions, answers, tmp_path / "m.json"))
    print(f"  {_medians(runs)}; peak memory {peak:.0f} MB; scores {result}")
    assert result == '{"precision": 0.927, "recall": 0.954, "f1": 0.941}'  # as before the speed work
    assert all(r.stdout.startswith(PERTURBED_REPORT) for r in runs)


PERTURBED_REPORT = "\n".join([  # the report before the speed work
    "=" * 49,
    "Question     Avg. Precision  Avg. Recall  Avg. F1",
    "-" * 49,
    "Inputs                1.000        1.000    1.000",
    "Outputs               1.000        1.000    1.000",
    "Conversions           0.986        0.986    0.986",
    "Moves                 0.724        0.832    0.774",
    "-" * 49,
    "Overall Precision 0.927" + " " * 26,
    "Overall Recall    0.954" + " " * 26,
    "Overall F1        0.941" + " " * 26,
    "=" * 49,
    "",
    "Evaluated 24400 predictions against 24400 answers.",
    "",
])  # fmt: skip


def _load() -> str:
    return f"{os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else "?"


@pytest.mark.parametrize("k", [10, 50])
def test_side_by_side_with_the_original(tmp_path, k):
    """The answers ×k against a copy with half the MOVE rows changed, whole-process CPU on
    one core against the original evaluator (same metrics file) and the parse floor."""
    answers, predictions = tmp_path / "a.tsv", tmp_path / "p.tsv"
    text = scaled(k)
    answers.write_text(text, encoding="utf-8")
    predictions.write_text(perturbed(text), encoding="utf-8")
    metrics = {"ours": tmp_path / "ours.json", "original": tmp_path / "original.json"}
    compile_engine()
    script = original("propara")
    print(f"\nProPara ×{k} against a perturbed copy, one core:")
    compare(
        "predictions against answers",
        ours("propara", "-p", predictions, "-a", answers, "-o", metrics["ours"]),
        floor("propara", predictions, answers),
        [original_python(), script, "-p", predictions, "-a", answers, "-o", metrics["original"]] if script else None,
    )
    if script:
        assert metrics["ours"].read_text() == metrics["original"].read_text()
