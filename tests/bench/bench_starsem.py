"""*SEM 2012 speed (make bench), specs/starsem.md §10: the dev, cardboard and circle GOLD
files concatenated (each followed by one empty line) against dev.mixed, cardboard.mixed
and circle.mixed concatenated the same way, repeated ×10 and ×50; every mode, whole runs
of the command (`python -m engine`, what the `spanstudio` script runs), median of 3. The
original eval.cd-sco.pl v2.2 took 3.05 s (×10) and 14.1 s (×50) on the spec's 2-core
machine; the spec's target is 10× faster than that on ×50 and 5× on ×10,
issue 6 asks for 10× on ×10 as well (0.305 s), in every mode. The engine runs as installed,
with its bytecode compiled (compile_engine)."""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.bench import compile_engine
from tests.bench.side_by_side import compare, floor, original, ours
from tests.conftest import conformance

PARTS = [
    ("SEM-2012-SharedTask-CD-SCO-dev-09032012.txt", "dev.mixed.system.txt"),
    ("SEM-2012-SharedTask-CD-SCO-test-cardboard-GOLD.txt", "cardboard.mixed.system.txt"),
    ("SEM-2012-SharedTask-CD-SCO-test-circle-GOLD.txt", "circle.mixed.system.txt"),
]
ORIGINAL = {10: 3.05, 50: 14.1}  # eval.cd-sco.pl v2.2, wall seconds (spec §10)
#: Times faster than v2.2, by input: the spec's targets (§10) and issue 6's.
TARGETS = {10: {"spec": 5, "issue 6": 10}, 50: {"spec": 10}}
MODES = {"default": (), "starsem-exact": ("--starsem-exact",), "extended": ("--extended",)}


def _concatenated(folder: Path, times: int) -> tuple[Path, Path]:
    source = conformance("starsem")
    gold = "".join((source / g).read_text(encoding="utf-8").rstrip("\n") + "\n\n" for g, _ in PARTS)
    system = "".join((source / s).read_text(encoding="utf-8").rstrip("\n") + "\n\n" for _, s in PARTS)
    paths = folder / f"gold{times}.txt", folder / f"system{times}.txt"
    paths[0].write_text(gold * times, encoding="utf-8")
    paths[1].write_text(system * times, encoding="utf-8")
    return paths


def _timed(args: list[str]) -> tuple[float, float, str]:
    """Wall and CPU seconds of one CLI run, and its standard output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "engine", *args], check=True, capture_output=True, text=True
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


@pytest.fixture(scope="module")
def corpora(tmp_path_factory):
    folder = tmp_path_factory.mktemp("starsem_bench")
    return {times: _concatenated(folder, times) for times in (1, 10, 50)}


def test_whole_corpus_concatenated(corpora):
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        "\n*SEM 2012 (starsem), dev+cardboard+circle against the mixed systems, CLI wall (CPU), median of 3"
        f" (load average {load}):"
    )
    compile_engine()
    results: dict[tuple[str, int], float] = {}
    for mode, flags in MODES.items():
        _timed(["starsem", "-g", str(corpora[10][0]), "-s", str(corpora[10][1]), *flags])  # warm
        outputs = {}
        for times in (1, 10, 50):
            gold, system = corpora[times]
            runs = [_timed(["starsem", "-g", str(gold), "-s", str(system), *flags]) for _ in range(3)]
            wall = statistics.median(r[0] for r in runs)
            cpu = statistics.median(r[1] for r in runs)
            outputs[times] = runs[0][2]
            results[(mode, times)] = wall
            print(f"  {mode:13} ×{times:<2}: {wall:6.2f} s ({cpu:5.2f} s CPU){_ratio(times, wall)}")
        growth = results[(mode, 50)] / results[(mode, 10)]
        print(f"  {mode:13} ×50 / ×10 = {growth:.2f}")
        assert growth <= 5.5 * 1.2, "time must grow linearly with the input"
        assert outputs[1] and outputs[10] and outputs[50]
    _check_counts_scale(corpora)


def _ratio(times: int, wall: float) -> str:
    """How much faster than v2.2 a run was, and which targets that meets."""
    if times not in ORIGINAL:
        return ""
    faster = ORIGINAL[times] / wall
    met = ", ".join(f"{name} {target}×: {'met' if faster >= target else 'NOT met'}"
                    for name, target in TARGETS[times].items())  # fmt: skip
    return f"  {faster:5.1f}× faster than v2.2 ({met})"


def _check_counts_scale(corpora) -> None:
    """×10 holds ten times the sentences and negations of ×1, in every mode."""
    reports = {}
    for times in (1, 10):
        gold, system = corpora[times]
        _, _, out = _timed(["starsem", "-g", str(gold), "-s", str(system), "--json", "-"])
        reports[times] = json.loads(out)
    one, ten = reports[1], reports[10]
    assert ten["sentences"]["sentences"] == 10 * one["sentences"]["sentences"] == 18760
    for key, row in one["scores"].items():
        assert [ten["scores"][key][k] for k in ("gold", "system", "tp", "fp", "fn")] == [
            10 * row[k] for k in ("gold", "system", "tp", "fp", "fn")
        ]


def test_side_by_side_with_the_original(corpora):
    """×10, every mode, whole-process CPU on one core against eval.cd-sco.pl v2.2 (whose
    output must be --starsem-exact's) and the parse floor."""
    gold, system = corpora[10]
    compile_engine()
    script = original("starsem")
    print("\n*SEM 2012 (starsem) ×10, one core:")
    for mode, flags in MODES.items():
        result = compare(
            mode,
            ours("starsem", "-g", gold, "-s", system, *flags),
            floor("starsem", gold, system),
            ["perl", script, "-g", gold, "-s", system] if script else None,
            lower_floor=floor("starsem-blocks", gold, system),
        )
        if script and mode == "starsem-exact":
            assert result.outputs["ours"] == result.outputs["original"]
