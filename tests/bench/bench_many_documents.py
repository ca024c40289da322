"""A corpus of many short documents (make bench): a CoNLL file of 100,000 documents of 10
tokens (1,000,000 tokens, a -DOCSTART- line before each), evaluated by `spans`, `nervaluate`,
FairEval and CLUEval, beside the same tokens as one document. Whole-process CPU on one core,
one run each: a per-document cost shows as the difference (on 4 December, late, before the
corpus's tokens were searched at once: 7.6 s, 7.6 s, 19 s and 70 s)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.bench import compile_engine
from tests.bench.side_by_side import cpu_seconds, ours

LABELS = ["O", "O", "O", "B-PER", "B-LOC"]


def _write(folder: Path, documents: int, per_document: int) -> tuple[Path, Path]:
    """Gold and system files of `documents` documents (one when 1) of 10-token sentences."""
    rng = random.Random(7)
    gold, system = [], []
    for _ in range(documents):
        if documents > 1:
            gold += ["-DOCSTART- O", ""]
            system += ["-DOCSTART- O", ""]
        for _ in range(per_document // 10):
            for k in range(10):
                label = rng.choice(LABELS)
                gold.append(f"w{k} {label}")
                system.append(f"w{k} {label if rng.random() > 0.1 else 'B-ORG'}")
            gold.append("")
            system.append("")
    paths = folder / f"gold{documents}.conll", folder / f"system{documents}.conll"
    for path, lines in zip(paths, (gold, system), strict=True):
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return paths


@pytest.mark.parametrize("method", ["spans", "nervaluate", "faireval", "clueval"])
def test_many_short_documents(tmp_path, method):
    compile_engine()
    scheme = ["--scheme", "IOB2"] if method in ("spans", "nervaluate") else []
    seconds = {}
    for documents, per_document in ((100_000, 10), (1, 1_000_000)):
        gold, system = _write(tmp_path, documents, per_document)
        seconds[documents] = cpu_seconds(ours(method, gold, system, *scheme), tmp_path)[0]
    print(f"\n{method}, 1,000,000 tokens: as 100,000 documents {seconds[100_000]:.2f} s CPU, as one document "
          f"{seconds[1]:.2f} s (whole process, one core, one run each): {seconds[100_000] / seconds[1]:.1f}×")
