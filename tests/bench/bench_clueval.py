"""CLUEval speed (make bench): the benchmark pair of specs/clueval.md §10 — 1,000,006
tokens, two BIO layers — through the command line, with and without a doc-id column, the
growth from 250,000 tokens on, the -w TSV files and the peak memory."""

from __future__ import annotations

import hashlib
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.methods import gc_paused, get_method
from engine.methods.clueval.render import tsv
from tests.bench import compile_engine, peak_mb
from tests.bench.side_by_side import compare, cpu_seconds, floor, original, original_python, ours

ORIGINAL_CPU_SECONDS = 731  # the original, same command, 2-core machine (spec §10)
GOLD_SHA = "8513eb7c43f79955cf344ff5def266c22b58c05baeacf1a5a3a4f4ac1aece804"
SYSTEM_SHA = "660d9388c180a70b04f348bd7bcd5505fe291e8b1edb9b76d4372268dec462dc"
EVALUATION_SHA = "73152e83db47284b1c4d94bd0cefb0917939cb0d476bff05f61eae866f72123d"
ARGS = ["-a", "entity", "risk", "-le", "entity", "risk", "-ct", "3", "-ci", "4", "-cd", "5"]

# --- the spec's deterministic generator (§10), unchanged ----------------------------------------

WORDS = ["der", "die", "das", "und", "in", "zu", "den", "von", "mit", "sich", "des", "auf", "für", "ist", "im", "dem", "nicht", "ein", "eine", "als", "auch", "es", "an", "aus", "er", "hat", "dass", "sie", "nach", "wird", "bei", "einer", "um", "am", "sind", "noch", "wie", "über", "Klage", "Gericht", "Urteil", "Beklagte", "Kläger", "Straße", "Haus", "Vertrag", "Zeuge", "Antrag", ",", ".", "(", ")", '"']  # fmt: skip
ENTITIES = ["person", "address", "date", "court", "code"]
RISKS = ["hoch", "mittel", "niedrig"]


def tag(tags, layer, a, b, label):
    for k in range(a, b + 1):
        tags[k][layer] = ("B-" if k == a else "I-") + label


def generate(n_tokens, gold_path, sys_path, seed=1):  # noqa: C901 (kept as the spec writes it)
    rnd = random.Random(seed)
    gold_out = open(gold_path, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
    sys_out = open(sys_path, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
    pos, doc, domain = 0, None, None
    while pos < n_tokens:
        if doc != f"d{pos // 1000:04d}":
            doc, domain = f"d{pos // 1000:04d}", rnd.choice(["Zivilrecht", "Strafrecht"])
        left, length, right = rnd.randint(2, 4), rnd.randint(1, 5), rnd.randint(2, 4)
        n = left + length + right
        a, b = left, left + length - 1
        words = [rnd.choice(WORDS) for _ in range(n)]
        g = [["O", "O"] for _ in range(n)]
        s = [["O", "O"] for _ in range(n)]
        ent, risk = rnd.choice(ENTITIES), rnd.choice(RISKS)
        tag(g, 0, a, b, ent)
        tag(g, 1, a, b + (1 if rnd.random() < 0.03 else 0), risk)
        s_ent = ent if rnd.random() < 0.9 else rnd.choice(ENTITIES)
        s_risk = risk if rnd.random() < 0.85 else rnd.choice(RISKS)
        r = rnd.random()
        if r < 0.78 or (r < 0.90 and a == b):
            pieces = [(a, b)]
        elif r < 0.81:
            pieces = [(a - 1, b)] if rnd.random() < 0.5 else [(a, b + 1)]
        elif r < 0.83:
            pieces = [(a + 1, b)]
        elif r < 0.87:
            c = rnd.randint(a, b - 1)
            pieces = [(a, c), (c + 1, b)]
        elif r < 0.89:
            c = rnd.randint(a, b - 1)
            pieces = [(a - 1, c), (c + 1, b + 1)]
        elif r < 0.90:
            c = rnd.randint(a, b - 1)
            pieces = [(a, c), (c + 2, b + 1)]
        elif r < 0.93:
            pieces = [(a + 1, b + 1)]
        else:
            pieces = []
        for p, q in pieces:
            tag(s, 0, p, q, s_ent)
            tag(s, 1, p, q, s_risk)
        if rnd.random() < 0.05:
            tag(s, 0, 0, 0, rnd.choice(ENTITIES))
            tag(s, 1, 0, 0, rnd.choice(RISKS))
        for k in range(n):
            meta = f"t{pos + k}\t{doc}\t{domain}"
            gold_out.write(f"{words[k]}\t{g[k][0]}\t{g[k][1]}\t{meta}\n")
            sys_out.write(f"{words[k]}\t{s[k][0]}\t{s[k][1]}\t{meta}\n")
        gold_out.write("\n")
        sys_out.write("\n")
        pos += n
    gold_out.close()
    sys_out.close()


# --- measurements ------------------------------------------------------------------------------


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def pair(tmp_path_factory):
    folder = tmp_path_factory.mktemp("clueval")
    gold, system = folder / "gold.vrt", folder / "system.vrt"
    generate(1_000_000, gold, system)
    assert (sha256(gold), sha256(system)) == (GOLD_SHA, SYSTEM_SHA)
    return gold, system


def cli_run(gold: Path, system: Path, *args: str) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the child, standard output) of one CLI run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "engine", "clueval", gold, system, *args],
                          check=True, capture_output=True, text=True)  # fmt: skip
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu, done.stdout


def median_run(gold: Path, system: Path, *args: str) -> tuple[float, float, str]:
    """Median wall and CPU time of 3 runs (the machine is shared: wall time is noisy)."""
    runs = [cli_run(gold, system, *args) for _ in range(3)]
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs), runs[0][2]


def test_benchmark_pair_through_the_cli(pair):
    gold, system = pair
    wall, cpu, stdout = median_run(gold, system, *ARGS)
    print(f"\nCLUEval, 1,000,006 tokens, two BIO layers, doc-id column (CLI, median of 3): {wall:.2f} s wall, "
          f"{cpu:.2f} s CPU = {ORIGINAL_CPU_SECONDS / cpu:.0f}× less CPU than the original's {ORIGINAL_CPU_SECONDS} s")  # fmt: skip
    assert stdout.splitlines()[2].split()[:4] == ["0", "Span", "86.1835", "85.0954"]
    no_doc = [a for i, a in enumerate(ARGS) if a != "-ci" and ARGS[i - 1] != "-ci"]
    wall_no_doc, cpu_no_doc, _ = median_run(gold, system, *no_doc)
    print(f"  without the doc-id column (one document): {wall_no_doc:.2f} s wall, {cpu_no_doc:.2f} s CPU")
    peak = peak_mb([sys.executable, "-m", "engine", "clueval", gold, system, *ARGS])
    print(f"  peak memory of a run: {peak:.0f} MB = {peak * 2**20 / 2_000_012:.0f} bytes per token read")
    assert cpu < 10 and cpu_no_doc < 10
    assert ORIGINAL_CPU_SECONDS / cpu >= 50


def test_evaluation_table_and_class_counts_of_the_original(pair):
    gold, system = pair
    method = get_method("clueval")
    options = method.Options(layers=("entity", "risk"), labelled=("entity", "risk"), token_id_column=3,
                             doc_id_column=4, domain_column=5)  # fmt: skip
    start = time.perf_counter()
    report = method.evaluate(str(gold), str(system), options, detail=False)
    evaluated = time.perf_counter() - start
    run = report.data["_run"]
    assert hashlib.sha256(tsv(run.evaluation(3)).encode()).hexdigest() == EVALUATION_SHA
    assert run.class_counts() == {
        "recall": {"exact": 86729, "contained": 2612, "tiled": 3475, "covered": 1805, "unmatched": 16573},
        "precision": {"exact": 86729, "contained": 12657, "tiled": 0, "covered": 0, "unmatched": 15933},
    }
    start = time.process_time()
    with gc_paused():
        for table in (run.evaluation(3), run.match_table(run.precision), run.match_table(run.recall)):
            tsv(table)
    tsv_seconds = time.process_time() - start
    print(
        f"\n  evaluation in-process: {evaluated:.2f} s wall; the three -w TSV tables: {tsv_seconds:.2f} s CPU"
    )
    assert tsv_seconds < 5


def test_growth_is_n_log_n(tmp_path, pair):
    print("\nCLUEval growth (CLI, median of 3, doc-id column; CPU includes ~0.4 s start-up):")
    previous = None
    for n in (250_000, 500_000, 1_000_000):
        gold, system = (tmp_path / f"g{n}.vrt", tmp_path / f"s{n}.vrt") if n < 1_000_000 else pair
        if n < 1_000_000:
            generate(n, gold, system)
        wall, took, _ = median_run(gold, system, *ARGS)
        growth = f" ×{took / previous:.2f}" if previous else ""
        print(f"  {n:>9,} tokens: {took:.2f} s CPU{growth} ({wall:.2f} s wall)")
        previous = took


def test_side_by_side_with_the_original(pair):
    """The benchmark pair, whole-process CPU on one core against the parse floor and, when
    SPANSTUDIO_ORIGINALS holds it, cluevaluate (one round then: it takes minutes)."""
    gold, system = pair
    compile_engine()
    script = original("clueval")
    print("\nCLUEval, the benchmark pair (1,000,006 tokens), one core:")
    layout = ("2", "3", "4", "5")  # BIO columns, token-id, doc-id and domain columns (ARGS)
    compare(
        " ".join(ARGS),
        ours("clueval", gold, system, *ARGS),
        floor("clueval", *layout, gold, system),
        [original_python(), script, gold, system, *ARGS] if script else None,
        runs=1 if script else 3,
    )


def test_exports_of_the_benchmark_pair(pair, tmp_path):
    """Issue 23: --json, --xlsx, the CSV files and -w each against the evaluation (one core)."""
    from tests.bench.exports import method_exports

    gold, system = pair
    compile_engine()
    print("\nExports of CLUEval:")
    args = ["clueval", gold, system, *ARGS]
    method_exports("CLUEval, the benchmark pair (1,000,006 tokens)", args, tmp_path, rounds=1)
    plain, _ = cpu_seconds(ours(*args), tmp_path)
    written, _ = cpu_seconds(ours(*args, "-e", "-w", tmp_path / "tables"), tmp_path)
    with_e, _ = cpu_seconds(ours(*args, "-e"), tmp_path)
    print(f"    -e -w (5 TSV + 5 XLSX): +{written - with_e:.2f} s = {(written - with_e) / plain:.2f}× the "
          f"evaluation (-e alone {with_e:.2f} s)")  # fmt: skip
