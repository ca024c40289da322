"""ProPara speed (make bench), specs/propara.md §10: testfiles-0/answers.tsv (13,234 rows)
scaled ×10 and ×50 by shifting process ids, evaluated against itself with the CLI (median
of 3 wall times, peak memory), next to the original's figures; and the same files against
a perturbed copy, where every process is summarised and compared."""

from __future__ import annotations

import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

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


def run_cli(predictions: Path, answers: Path, out: Path) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "engine.cli", "propara", "-p", predictions, "-a", answers, "-o", out],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    return time.perf_counter() - start, done.stdout


def test_scaled_self_evaluation(tmp_path):
    print("\nProPara, testfiles-0 answers scaled, evaluated against itself (CLI wall time, median of 3):")
    medians = {}
    for k in (10, 50):
        path = tmp_path / f"x{k}.tsv"
        path.write_text(scaled(k), encoding="utf-8")
        out = tmp_path / f"m{k}.json"
        times, stdout = [], ""
        for _ in range(3):
            took, stdout = run_cli(path, path, out)
            times.append(took)
        medians[k] = statistics.median(times)
        assert out.read_text() == '{"precision": 1.0, "recall": 1.0, "f1": 1.0}'
        assert f"Evaluated {488 * k} predictions against {488 * k} answers." in stdout
        ratio = ORIGINAL_SECONDS[k] / medians[k]
        print(f"  ×{k} ({13234 * k:,} rows): {medians[k]:.2f} s (min {min(times):.2f} s); "
              f"original {ORIGINAL_SECONDS[k]} s → {ratio:.1f}× faster")  # fmt: skip
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"  ×50 / ×10 = {medians[50] / medians[10]:.2f} (linear: ≤ 5.5); "
          f"peak memory {peak_mb:.0f} MB (original {ORIGINAL_PEAK_MB} MB)")  # fmt: skip
    assert peak_mb < ORIGINAL_PEAK_MB


def test_scaled_against_a_perturbed_copy(tmp_path):
    print("\nProPara, ×50 answers against a copy with half the MOVE rows changed (median of 3):")
    answers, predictions = tmp_path / "a.tsv", tmp_path / "p.tsv"
    text = scaled(50)
    answers.write_text(text, encoding="utf-8")
    predictions.write_text(perturbed(text), encoding="utf-8")
    times = [run_cli(predictions, answers, tmp_path / "m.json")[0] for _ in range(3)]
    result = (tmp_path / "m.json").read_text()
    print(f"  {statistics.median(times):.2f} s (min {min(times):.2f} s); scores {result}")
    assert result != '{"precision": 1.0, "recall": 1.0, "f1": 1.0}'
