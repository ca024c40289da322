"""spans and nervaluate on 1,000,000 tokens of CoNLL IOB2 (40,000 sentences, 4 labels),
whole-process CPU time on one core against seqeval 1.2.2 (strict, IOB2) and nervaluate
1.2.1 on the same files, in paired runs (ours, the peer, ours …: each ratio from one pair);
then one sentence of 1,000,000 tokens against the 40,000 sentences (no slower per token).

    make bench   (the peers come with the test extra; without them their part is skipped)
"""

from __future__ import annotations

import os
import random
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bench import compile_engine

LABELS = ("PER", "LOC", "ORG", "MISC")
TOKENS = 1_000_000
SENTENCES = 40_000
RUNS = 3  # paired runs of each comparison

READ_TAGS = """
import sys
def read(path):
    sents, cur = [], []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\\n")
        if not line:
            if cur: sents.append(cur); cur = []
            continue
        cur.append(line.split(" ")[-1])
    if cur: sents.append(cur)
    return sents
gold, system = read(sys.argv[1]), read(sys.argv[2])
"""
PEER = {
    "seqeval": READ_TAGS + """
from seqeval.metrics import classification_report
from seqeval.scheme import IOB2
print(classification_report(gold, system, mode="strict", scheme=IOB2, output_dict=True)["micro avg"])
""",
    "nervaluate": READ_TAGS + """
from nervaluate import Evaluator
print(Evaluator(gold, system, tags=["PER", "LOC", "ORG", "MISC"], loader="list").evaluate()["overall"]["strict"])
""",
}


def _tags(rng: random.Random, n: int) -> list[str]:
    tags, inside = [], None
    for _ in range(n):
        r = rng.random()
        if r < 0.7:
            tags.append("O")
            inside = None
        elif r < 0.85 or inside is None:
            inside = rng.choice(LABELS)
            tags.append("B-" + inside)
        else:
            tags.append("I-" + inside)
    return tags


def _system(rng: random.Random, gold: list[str]) -> list[str]:
    out = []
    for tag in gold:
        if rng.random() < 0.05:
            tag = "O" if tag != "O" else "B-" + rng.choice(LABELS)
        if tag.startswith("I-") and (not out or out[-1] == "O" or out[-1][2:] != tag[2:]):
            tag = "B-" + tag[2:]
        out.append(tag)
    return out


def corpus(folder: Path, sentences: int) -> tuple[str, str]:
    rng = random.Random(7)
    per = TOKENS // sentences
    gold_lines, system_lines = [], []
    for _ in range(sentences):
        gold = _tags(rng, per)
        system = _system(rng, gold)
        gold_lines += [f"w{i % 97} {t}" for i, t in enumerate(gold)] + [""]
        system_lines += [f"w{i % 97} {t}" for i, t in enumerate(system)] + [""]
    paths = []
    for name, lines in (("gold.conll", gold_lines), ("system.conll", system_lines)):
        (folder / name).write_text("\n".join(lines), encoding="utf-8")
        paths.append(str(folder / name))
    return paths[0], paths[1]


def cpu(command: list[str]) -> float:
    """CPU seconds (user + system) of a whole child process, run on one core."""
    core = min(os.sched_getaffinity(0))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   preexec_fn=lambda: os.sched_setaffinity(0, {core}))  # fmt: skip
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def ours(method: str, gold: str, system: str) -> list[str]:
    return [sys.executable, "-m", "engine", method, gold, system, "--scheme", "IOB2"]


def paired(first: list[str], second: list[str]) -> tuple[list[float], list[float]]:
    """CPU times of the two commands run in turn, RUNS times each (first, second, first …)."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(RUNS):
        times[0].append(cpu(first))
        times[1].append(cpu(second))
    return times


def spread(times: list[float]) -> str:
    return f"{min(times):.2f}–{max(times):.2f} s"


def ratios(numerators: list[float], denominators: list[float]) -> str:
    pairs = sorted(n / d for n, d in zip(numerators, denominators, strict=True))
    return f"{pairs[0]:.1f}–{pairs[-1]:.1f}× (median {pairs[len(pairs) // 2]:.1f}×)"


def _peer_available(name: str) -> bool:
    return subprocess.run([sys.executable, "-c", f"import {name}"], capture_output=True).returncode == 0


@pytest.mark.parametrize(("method", "peer"), [("spans", "seqeval"), ("nervaluate", "nervaluate")])
def test_against_peer(tmp_path, method: str, peer: str) -> None:
    if not _peer_available(peer):
        pytest.skip(f"{peer} is not installed (pip install '.[test]')")
    compile_engine()
    gold, system = corpus(tmp_path, SENTENCES)
    mine, theirs = paired(ours(method, gold, system), [sys.executable, "-c", PEER[peer], gold, system])
    print(f"\n{method} against {peer}, 1,000,000 tokens in {SENTENCES:,} sentences, CPU on one core, "
          f"{RUNS} paired runs: ours {spread(mine)}, {peer} {spread(theirs)}, ratio {ratios(theirs, mine)}")


@pytest.mark.parametrize("method", ["spans", "nervaluate"])
def test_one_long_sentence(tmp_path, method: str) -> None:
    compile_engine()
    (tmp_path / "many").mkdir()
    (tmp_path / "one").mkdir()
    many, one = corpus(tmp_path / "many", SENTENCES), corpus(tmp_path / "one", 1)
    a, b = paired(ours(method, *many), ours(method, *one))
    print(f"\n{method}, CPU on one core, {RUNS} paired runs: 40,000 sentences {spread(a)}, one sentence "
          f"of 1,000,000 tokens {spread(b)} (one sentence ÷ 40,000: {ratios(b, a)})")
