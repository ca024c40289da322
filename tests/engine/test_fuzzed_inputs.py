"""Damaged inputs never crash a method: whatever a file holds, the CLI ends with the
results (exit 0) or one `spanstudio: error: …` line (exit 2), never an internal error."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import conformance

MUTATIONS = ("drop_char", "insert", "swap_lines", "duplicate_line", "blank_line", "truncate", "digit")
NOISE = ["\t", " ", "\n", "x", "-1", "0", "999999999", "_", "B-", "I-X", "|", "{", "}", '"', ",", "é", "\r",
         "\x00", "\ufeff", "***", "NONE", "null"]  # fmt: skip


def mutate(text: str, rnd: random.Random, steps: int) -> str:
    """A copy of `text` with a few random edits of the kinds real files go wrong in."""
    lines = text.split("\n")
    for _ in range(steps):
        kind = rnd.choice(MUTATIONS)
        i = rnd.randrange(len(lines))
        line = lines[i]
        if kind == "drop_char" and line:
            k = rnd.randrange(len(line))
            lines[i] = line[:k] + line[k + 1 :]
        elif kind == "insert":
            k = rnd.randrange(len(line) + 1)
            lines[i] = line[:k] + rnd.choice(NOISE) + line[k:]
        elif kind == "swap_lines":
            j = rnd.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "duplicate_line":
            lines.insert(i, line)
        elif kind == "blank_line":
            lines.insert(i, "")
        elif kind == "truncate":
            lines = lines[: max(1, i)]
        elif kind == "digit":
            lines[i] = "".join(rnd.choice("0123456789") if c.isdigit() and rnd.random() < 0.3 else c for c in line)
    return "\n".join(lines)


def head(path, n: int) -> str:
    return "\n".join(path.read_text(encoding="utf-8").split("\n")[:n]) + "\n"


def cases():
    fe = conformance("faireval") / "data"
    po = conformance("poetry") / "quirks"
    st_ = conformance("starsem")
    pp = conformance("propara") / "testfiles-3"
    cl = conformance("clueval") / "data"
    return {
        "faireval": (["faireval", "{gold}", "{system}"], head(fe / "target" / "ner_spans.csv", 60),
                     head(fe / "system" / "ner_spans.csv", 60), ".tsv"),
        "faireval-conll": (["faireval", "{gold}", "{system}", "--ignore-punct"],
                           "Die ART B-S|B-NP\nKatze NN I-S|I-NP\nschläft VVFIN I-S|B-VP\n. $. O\n\nEr PPER B-NP\nlacht VVFIN B-VP\n",
                           "Die ART B-NP\nKatze NN I-NP\nschläft VVFIN B-VP\n. $. O\n\nEr PPER B-NP\nlacht VVFIN O\n",
                           ".conll"),
        "poetry": (["poetry", "{gold}", "{system}", "{out}"], head(po / "ref.jsonl", 12), head(po / "sys.jsonl", 12),
                   ".jsonl"),
        "starsem": (["starsem", "-g", "{gold}", "-s", "{system}"],
                    head(st_ / "SEM-2012-SharedTask-CD-SCO-dev-09032012.txt", 120),
                    head(st_ / "dev.mixed.system.txt", 120), ".txt"),
        "starsem-exact": (["starsem", "-g", "{gold}", "-s", "{system}", "--starsem-exact"],
                          head(st_ / "SEM-2012-SharedTask-CD-SCO-dev-09032012.txt", 120),
                          head(st_ / "dev.mixed.system.txt", 120), ".txt"),
        "propara": (["propara", "-a", "{gold}", "-p", "{system}"], head(pp / "answers.tsv", 80),
                    head(pp / "predictions.tsv", 80), ".tsv"),
        "clueval": (["clueval", "{gold}", "{system}", "-e"], head(cl / "reference-short.bio", 80),
                    head(cl / "candidate-short.bio", 80), ".bio"),
    }  # fmt: skip


@pytest.mark.parametrize("case", ["faireval", "faireval-conll", "poetry", "starsem", "starsem-exact", "propara",
                                  "clueval"])  # fmt: skip
@settings(max_examples=int(os.environ.get("SPANSTUDIO_FUZZ", "25")), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(1, 6), side=st.sampled_from(["gold", "system", "both"]))
def test_damaged_files_give_results_or_one_error_line(case, seed, steps, side, cli, tmp_path_factory):
    args, gold_text, system_text, suffix = cases()[case]
    rnd = random.Random(seed)
    folder = tmp_path_factory.mktemp("fuzz")
    if side in ("gold", "both"):
        gold_text = mutate(gold_text, rnd, steps)
    if side in ("system", "both"):
        system_text = mutate(system_text, rnd, steps)
    paths = {"gold": folder / f"gold{suffix}", "system": folder / f"system{suffix}", "out": folder / "out.csv"}
    paths["gold"].write_text(gold_text, encoding="utf-8")
    paths["system"].write_text(system_text, encoding="utf-8")
    output = folder / ("r.xlsx" if seed % 4 == 0 else "r.json")  # the workbook too, now and then
    result = cli(*(a.format(**paths) for a in args), f"--{output.suffix[1:]}", output)
    assert result.code in (0, 2), result.err
    assert "internal error" not in result.err and "Traceback" not in result.err
    if result.code == 2:
        assert result.err.count("\n") == 1 and result.err.startswith("spanstudio: error: ")
        assert not output.exists() and not paths["out"].exists()
