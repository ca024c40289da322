"""Agreement of five annotators on 1,000,000 tokens in 400 documents, every figure αu
included (issue 22: under 5 s of CPU; make bench): the whole `spanstudio agreement`
process on five CoNLL files (IOB2, a -DOCSTART- line per document), with --json, then
with --xlsx; CPU time (user + system) of the child process, the range over three runs.

    python tests/bench/bench_agreement.py FOLDER   writes the five files there (to time by hand)
"""

from __future__ import annotations

import random
import resource
import subprocess
import sys
from pathlib import Path

ANNOTATORS = 5
DOCUMENTS = 400
TOKENS = 1_000_000
SENTENCE = 25  # tokens per sentence
LABELS = ("LOC", "MISC", "ORG", "PER")
WORDS = ("the", "old", "house", "of", "Sherlock", "Holmes", "stood", "in", "Baker", "Street", ".", "Müller")
RUNS = 3


def _gold(rnd: random.Random) -> list[list[tuple[int, int, str]]]:
    """Per document, a span every 7 tokens or so, 1–4 tokens long: (first token, end token, label)."""
    per_doc = TOKENS // DOCUMENTS
    documents = []
    for _ in range(DOCUMENTS):
        spans, t = [], rnd.randint(0, 6)
        while t < per_doc - 5:
            length = rnd.randint(1, 4)
            spans.append((t, t + length, rnd.choice(LABELS)))
            t += length + rnd.randint(1, 10)
        documents.append(spans)
    return documents


def _annotator(gold: list, rnd: random.Random) -> list[list[tuple[int, int, str]]]:
    """The gold spans with 10 % of labels changed, 5 % of boundaries moved, 5 % left out."""
    documents = []
    for spans in gold:
        mine = []
        for first, end, label in spans:
            roll = rnd.random()
            if roll < 0.05:
                continue
            if roll < 0.15:
                label = rnd.choice(LABELS)
            elif roll < 0.20:
                end = max(first + 1, end - 1)
            mine.append((first, end, label))
        documents.append(mine)
    return documents


def _conll(words: list[list[str]], documents: list) -> str:
    """One annotator's CoNLL file: token TAB tag, sentences of SENTENCE tokens, spans
    never crossing a sentence are kept whole (a span crossing one is cut at its end)."""
    lines = []
    for d, spans in enumerate(documents):
        tags = ["O"] * len(words[d])
        for first, end, label in spans:
            tags[first] = "B-" + label
            for t in range(first + 1, end):
                tags[t] = ("B-" if t % SENTENCE == 0 else "I-") + label
        lines += [f"-DOCSTART- doc{d:03d}", ""]
        for s in range(0, len(tags), SENTENCE):
            lines += [
                f"{w}\t{t}" for w, t in zip(words[d][s : s + SENTENCE], tags[s : s + SENTENCE], strict=True)
            ]
            lines.append("")
    return "\n".join(lines)


def write_inputs(folder: Path) -> list[str]:
    """The five annotators' CoNLL files in `folder`."""
    rnd = random.Random(22)
    per_doc = TOKENS // DOCUMENTS
    words = [[rnd.choice(WORDS) for _ in range(per_doc)] for _ in range(DOCUMENTS)]
    gold = _gold(rnd)
    paths = []
    for i in range(ANNOTATORS):
        path = folder / f"annotator{i + 1}.conll"
        path.write_text(_conll(words, _annotator(gold, rnd)), encoding="utf-8")
        paths.append(str(path))
    return paths


def cpu(command: list[str]) -> float:
    """CPU seconds (user + system) of a whole child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def _figure(paths: list[str], output: list[str]) -> str:
    command = [sys.executable, "-m", "engine", "agreement", *paths, "--format", "conll", *output]
    times = sorted(cpu(command) for _ in range(RUNS))
    return f"{times[0]:.2f}–{times[-1]:.2f} s of CPU"


def test_agreement_of_five_annotators_on_a_million_tokens(tmp_path):
    paths = write_inputs(tmp_path)
    with_json = _figure(paths, ["--json", str(tmp_path / "out.json")])
    with_xlsx = _figure(paths, ["--xlsx", str(tmp_path / "out.xlsx")])
    print(
        f"\nagreement: {ANNOTATORS} annotators × {TOKENS:,} tokens of CoNLL ({DOCUMENTS} documents), "
        f"whole process, {RUNS} runs: --json {with_json}; --xlsx {with_xlsx}"
    )
    assert (tmp_path / "out.json").stat().st_size and (tmp_path / "out.xlsx").stat().st_size


if __name__ == "__main__":
    write_inputs(Path(sys.argv[1]))
