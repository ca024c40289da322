"""FairEval speed (make bench): reading and scoring a generated corpus of 200,000 spans,
growth within one sentence, the conformance examples end to end, and a generated pair of
nested CoNLL-2000 files (FairEval's own column format) beside the original."""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from engine.methods.faireval.batch import Codes, Side
from engine.methods.faireval.compare import Tally
from engine.methods.faireval.lines import FileLines
from engine.methods.faireval.matching import decide
from engine.methods.faireval.reading import FileReader
from tests.bench import compile_engine
from tests.bench.side_by_side import compare, cpu_seconds, floor, original, original_python, ours
from tests.conftest import CONFORMANCE

LABELS = ["NP", "PP", "VP", "AP", "S"]


def _sentence(rnd: random.Random, n_spans: int) -> tuple[list[tuple], list[tuple]]:
    """Nested and overlapping gold spans, and a system copy with typical errors."""
    gold, system = [], []
    length = n_spans * 2
    for _ in range(n_spans):
        b = rnd.randint(1, length)
        e = min(length, b + rnd.choice([0, 0, 1, 2, 3, 5, 8]))
        label = rnd.choice(LABELS)
        gold.append((label, b, e))
        r = rnd.random()
        if r < 0.8:
            system.append((label, b, e))
        elif r < 0.88:
            system.append((label, b, min(length, e + rnd.choice([-1, 1]) if e > b else e + 1)))
        elif r < 0.94:
            system.append((rnd.choice(LABELS), b, e))
        if rnd.random() < 0.03:
            b2 = rnd.randint(1, length)
            system.append((rnd.choice(LABELS), b2, b2 + rnd.randint(0, 3)))
    return gold, system


def _write(path: Path, sentences: list[list[tuple]]) -> None:
    with open(path, "w", encoding="utf-8") as out:
        for spans in sentences:
            for label, b, e in spans:
                out.write(f"{label}\t{b}\t{e}\t{', '.join(map(str, range(b, e + 1)))}\n")
            out.write("\n")


def _corpus(folder: Path, total: int = 200_000) -> tuple[Path, Path, int]:
    """SPANSTUDIO_BENCH_SEED=N builds another corpus of the same mix (default 2022)."""
    rnd = random.Random(int(os.environ.get("SPANSTUDIO_BENCH_SEED", "2022")))
    gold, system, n = [], [], 0
    while n < total:
        g, s = _sentence(rnd, rnd.randint(5, 40))
        gold.append(g)
        system.append(s)
        n += len(g)
    _write(folder / "gold.tsv", gold)
    _write(folder / "system.tsv", system)
    return folder / "gold.tsv", folder / "system.tsv", n


def _read_pair(gold: Path, system: Path) -> tuple[Side, Side, Codes]:
    """Both files as arrays, their sentences paired by position."""
    codes = Codes()
    readers = [FileReader(str(path), [], False, codes) for path in (gold, system)]
    compared = min(reader.sentences for reader in readers)
    target, system_side = (reader.spans(compared).side for reader in readers)
    return target, system_side, codes


def _score(target: Side, system: Side, codes: Codes) -> Tally:
    tally = Tally()
    tally.add(
        target, system, decide(target, system, codes, lambda w: AssertionError("range")), codes, "target"
    )
    tally.finish()
    return tally


def test_corpus_of_200000_spans(tmp_path):
    gold, system, n_gold = _corpus(tmp_path)
    start = time.process_time()
    target, system_side, codes = _read_pair(gold, system)
    read = time.process_time() - start
    n_spans = len(target) + len(system_side)
    start = time.process_time()
    _score(target, system_side, codes)
    scoring = time.process_time() - start
    print(f"\nFairEval corpus: {int(target.sentence.max()) + 1:,} sentences, {n_gold:,} gold + "
          f"{n_spans - n_gold:,} system spans (CPU seconds in this process)")  # fmt: skip
    print(f"  reading: {read:.2f} s = {n_spans / read:,.0f} spans/s")
    print(f"  scoring: {scoring:.2f} s = {n_spans / scoring:,.0f} spans/s")
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "engine", "faireval", gold, system, "--eval-out", tmp_path / "out.csv"],
        check=True,
    )
    print(f"  whole CLI run: {time.perf_counter() - start:.2f} s")


def _one_sentence(n: int, seed: int = 7) -> tuple[list, list]:
    """The growth recipe of specs/faireval.md §10."""
    rnd = random.Random(seed)
    tgt, sysl = [], []
    for _ in range(n):
        b = rnd.randint(1, 3 * n)
        e = b + rnd.randint(0, 10)
        lab = rnd.choice(["NP", "PP", "VP", "AP"])
        tgt.append((lab, b, e))
        r = rnd.random()
        if r < 0.6:
            sysl.append((lab, b, e))
        elif r < 0.8:
            d = rnd.randint(-3, 3)
            sysl.append((lab, max(1, b + d), max(1, b + d) + (e - b)))
        elif r < 0.9:
            sysl.append((rnd.choice(["NP", "PP", "VP", "AP"]), b, e))
        if rnd.random() < 0.1:
            b2 = rnd.randint(1, 3 * n)
            sysl.append((rnd.choice(["NP", "PP", "VP", "AP"]), b2, b2 + rnd.randint(0, 10)))
    return tgt, sysl


def test_growth_within_one_sentence(tmp_path):
    print("\nFairEval, one sentence of N target spans (comparison only, CPU, median of 3):")
    previous = None
    for n in (400, 800, 1600, 3200, 6400, 12800, 25600):
        t, s = _one_sentence(n)
        _write(tmp_path / "t.tsv", [t])
        _write(tmp_path / "s.tsv", [s])
        target, system, codes = _read_pair(tmp_path / "t.tsv", tmp_path / "s.tsv")
        times = []
        for _ in range(3):
            start = time.process_time()
            tally = _score(target, system, codes)
            times.append(time.process_time() - start)
        took = statistics.median(times)
        growth = f"×{took / previous:.2f}" if previous else ""
        print(f"  N={n:6,}: {took * 1000:8.1f} ms {growth}")
        previous = took
        if n == 3200:  # the original's numbers for this input (spec §10)
            assert tally.traditional == {"TP": 2090, "FP": 1101, "FN": 1110}
            f = tally.fair
            assert (f["TP"], f["FP"], f["LE"], f["BE"], f["LBE"], f["FN"]) == (2088, 244, 238, 518, 198, 232)


def test_conformance_examples_end_to_end(tmp_path):
    config = CONFORMANCE / "faireval" / "config"
    print("\nFairEval conformance examples, CLI wall time (median of 3):")
    for example in ("ner", "chunks", "topofields"):
        times = []
        for _ in range(3):
            start = time.perf_counter()
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "engine",
                    "faireval",
                    "--config",
                    f"{example}.config",
                    "--eval-out",
                    tmp_path / "eval.csv",
                ],
                cwd=config,
                check=True,
                capture_output=True,
            )
            times.append(time.perf_counter() - start)
        print(f"  {example:10}: {statistics.median(times):.2f} s")
        assert (tmp_path / "eval.csv").read_bytes() == (
            config.parent / "eval" / f"eval_{example}.csv"
        ).read_bytes()


def test_reading_lines_in_bulk(tmp_path):
    gold, _, _ = _corpus(tmp_path, 50_000)
    start = time.process_time()
    lines = FileLines(str(gold), [])
    print(f"\nline reader: {len(lines.starts) / (time.process_time() - start):,.0f} lines/s "
          f"({len(lines.filled):,} with text)")  # fmt: skip


#: The weights of the original's own ner.config: boundary errors by kind, LE and LBE.
WEIGHTS = ("LE = 0.5 FP + 0.5 FN, BES = 0.5 TP + 0.5 FN, BEL = 0.5 TP + 0.5 FP, "
           "BEO = 0.5 TP + 0.25 FP + 0.25 FN, LBE = 0.5 FP + 0.5 FN")  # fmt: skip


def test_side_by_side_with_the_original(tmp_path):
    """The generated corpus of nested spans, with the weights, through one config file that
    both read: whole-process CPU on one core against the original and the parse floor."""
    (tmp_path / "target").mkdir()
    (tmp_path / "system").mkdir()
    gold, system, n_gold = _corpus(tmp_path)
    gold.rename(tmp_path / "target" / "spans.tsv")
    system.rename(tmp_path / "system" / "spans.tsv")
    config = tmp_path / "bench.config"
    config.write_text(f"target_in = target\nsystem_in = system\neval_method = all\nweights = {WEIGHTS}\n")
    compile_engine()
    script = original("faireval")
    print(f"\nFairEval, {n_gold:,} gold spans against a system copy (nested, with weights), one core:")
    result = compare(
        "--config with weights",
        ours("faireval", "--config", config.name),
        floor("faireval", "target/spans.tsv", "system/spans.tsv"),
        [original_python(), script, "--config", config.name] if script else None,
        cwd=tmp_path,
    )
    if script:  # the same report (the original prints its warnings there too)
        report = {k: v[v.index("### Evaluation settings") :] for k, v in result.outputs.items()}
        assert report["ours"] == report["original"]
    _exports(tmp_path, config.name, min(result.ours))


def _exports(folder: Path, config: str, plain: float) -> None:
    """What --json and --xlsx add to the run's CPU (each export must cost at most the
    evaluation that produced it)."""
    for flag, name in (("--json", "report.json"), ("--xlsx", "review.xlsx")):
        seconds = min(
            cpu_seconds(ours("faireval", "--config", config, flag, name), folder)[0] for _ in range(2)
        )
        size = (folder / name).stat().st_size / 2**20
        print(f"  with {flag} ({size:.1f} MB): {seconds:.2f} s CPU, the export {seconds - plain:.2f} s "
              f"= {(seconds - plain) / plain:.1f}× the run without it")  # fmt: skip


def _nested_tag(rnd: random.Random, outer_open: bool, inner_open: bool) -> tuple[str, bool, bool]:
    """A token's tag of two or three nested levels (or O), and which levels stay open."""
    if rnd.random() < 0.1:
        return "O", False, False
    if not outer_open or rnd.random() < 0.05:
        outer, inner_open = "B-" + rnd.choice(["S", "CL"]), False
    else:
        outer = "I-S"  # the label after I- is not looked at (F10)
    inner = "I-X" if inner_open and rnd.random() < 0.6 else "B-" + rnd.choice(["NP", "VP", "PP", "ADJP"])
    third = "|B-" + rnd.choice(["NE", "NUM"]) if rnd.random() < 0.1 else ""
    return f"{outer}|{inner}{third}", True, True


def _perturbed(rnd: random.Random, tag: str) -> str:
    """A system's tag: now and then a level begins anew, or with another label (its inner
    levels begin with it)."""
    if tag == "O" or rnd.random() >= 0.1:
        return tag
    levels = tag.split("|")
    i = rnd.randrange(len(levels))
    if levels[i].startswith("B-"):
        levels[i] = "B-" + rnd.choice(["NP", "VP", "PP", "ADJP", "S", "CL"])
    else:
        levels[i:] = ["B-" + level[2:] for level in levels[i:]]
    return "|".join(levels)


def _conll2000_pair(folder: Path, tokens: int, seed: int = 11) -> tuple[Path, Path]:
    """Gold and system CoNLL-2000 files of nested chunks over words of a Zipf vocabulary
    (most lines distinct, unlike a repeated example), sentences of 5 to 40 tokens."""
    rnd = random.Random(seed)
    vocabulary = [f"w{i}" for i in range(30_000)]
    weights = [1 / (i + 1) for i in range(30_000)]
    gold, system, made = [], [], 0
    while made < tokens:
        outer = inner = False
        for word in rnd.choices(vocabulary, weights, k=rnd.randint(5, 40)):
            tag, outer, inner = _nested_tag(rnd, outer, inner)
            pos = rnd.choice(["NN", "NNP", "VBZ", "DT", "IN", "JJ", ",", ".", "$.", "CD"])
            gold.append(f"{word} {pos} {tag}\n")
            system.append(f"{word} {pos} {_perturbed(rnd, tag)}\n")
            made += 1
        gold.append("\n")
        system.append("\n")
    paths = folder / "gold.conll", folder / "system.conll"
    for path, lines in zip(paths, (gold, system), strict=True):
        path.write_text("".join(lines), encoding="utf-8")
    return paths


def test_conll2000_side_by_side_with_the_original(tmp_path):
    """FairEval's own CoNLL-2000 reading (nested levels as arrays) on a pair of 200,000
    tokens, through a config file that both read, with and without ignore_punct:
    whole-process CPU on one core against the original, when there, and the parse floor."""
    for side in ("target", "system"):
        (tmp_path / side).mkdir()
    gold, system = _conll2000_pair(tmp_path, 200_000)
    gold.rename(tmp_path / "target" / "chunks.conll")
    system.rename(tmp_path / "system" / "chunks.conll")
    compile_engine()
    script = original("faireval")
    print("\nFairEval, CoNLL-2000 of nested chunks, 200,000 tokens a file, one core:")
    for ignore_punct in ("false", "true"):
        config = tmp_path / f"punct_{ignore_punct}.config"
        config.write_text(f"target_in = target\nsystem_in = system\nignore_punct = {ignore_punct}\n")
        result = compare(
            f"ignore_punct = {ignore_punct}",
            ours("faireval", "--config", config.name),
            floor("faireval", "target/chunks.conll", "system/chunks.conll"),
            [original_python(), script, "--config", config.name] if script else None,
            cwd=tmp_path,
        )
        if script:  # the same report
            report = {k: v[v.index("### Evaluation settings") :] for k, v in result.outputs.items()}
            assert report["ours"] == report["original"]
