"""The unit counts of `spans` and `nervaluate` (confidence intervals and compare): they
give back every score of the report, and on a resample of the units the scores the
method gives on the resampled corpus itself."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import numpy as np
import pytest

from engine.methods import get_method
from engine.stats import Confidence, matched, resampled_intervals

DATA = Path(__file__).parent.parent / "data" / "formats"
GROUND_TRUTH = DATA / "conll" / "seqeval-ground_truth.txt"  # gold and predicted tag columns
TWO_COLUMNS = {"gold_tag_column": -2, "system_tag_column": -1}
READ_AS_SEQEVAL = {**TWO_COLUMNS, "reading": "conlleval"}  # its tags are IOB1
SEQEVAL_FLAGS = ["--gold-tag-column", "-2", "--system-tag-column", "-1", "--reading", "conlleval"]
METHODS = ("spans", "nervaluate")
SCORES = ("precision", "recall", "f1", "f1-score")
LABELS = ("PER", "LOC", "ORG", "MISC")
WEIGHTS = (10, 6, 3, 1)  # MISC is rare: a small resample lacks it


def evaluate(method: str, gold: Path, system: Path, **options):
    m = get_method(method)
    return m.evaluate(str(gold), str(system), m.Options(**options))


def assert_units_give_the_report(method: str, report) -> None:
    """The summed unit counts give every score of every row of every score table."""
    stats = get_method(method).unit_statistics(report)
    point = stats.point()
    found = {}
    for row in stats.rows:
        table = report.score_tables()[row.table]
        (cells,) = [r for r in table.rows if str(r[0]) == row.row]
        for score, value in point[(row.table, row.row)].items():
            expected = cells[table.columns.index(score)]
            assert value == pytest.approx(expected, rel=1e-12, abs=1e-15), (row.table, row.row, score)
        found.setdefault(row.table, set()).add(row.row)
    scored = {name: {str(r[0]) for r in t.rows} for name, t in report.score_tables().items()
              if any(c in SCORES for c in t.columns)}  # fmt: skip
    assert found == scored
    assert all(len(rows) for rows in scored.values())


# --- real data ------------------------------------------------------------------------------


@pytest.mark.parametrize("method", METHODS)
def test_sentences_of_conll_give_the_scores(method):
    report = evaluate(method, GROUND_TRUTH, GROUND_TRUTH, **READ_AS_SEQEVAL)
    assert_units_give_the_report(method, report)
    stats = get_method(method).unit_statistics(report)
    assert stats.unit == "sentence" and len(stats.ids) == 40  # 39 blank lines between 40 sentences
    name = report.documents[0].name
    assert stats.ids[:2] == [f"{name}:1", f"{name}:2"] and len(set(stats.ids)) == 40


def _worse_jsonl(source: Path, target: Path) -> Path:
    """Every third labelled span dropped, every fourth one character shorter, every fifth relabelled."""
    lines = []
    n = 0
    for line in source.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        spans = []
        for start, end, label in record["label"]:
            n += 1
            if n % 3 == 0:
                continue
            spans.append([start, end - 1 if n % 4 == 0 and end - start > 1 else end,
                          "ORG" if n % 5 == 0 else label])  # fmt: skip
        lines.append(json.dumps({**record, "label": spans}))
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return target


@pytest.mark.parametrize("method", METHODS)
def test_documents_of_doccano_give_the_scores(method, tmp_path):
    gold = DATA / "doccano" / "flair-testa.jsonl"
    report = evaluate(method, gold, _worse_jsonl(gold, tmp_path / "system.jsonl"))
    assert_units_give_the_report(method, report)
    stats = get_method(method).unit_statistics(report)
    documents = len(gold.read_text(encoding="utf-8").splitlines())
    assert stats.unit == "document" and len(stats.ids) == documents == len(set(stats.ids))
    scores = report.score_tables()["scores" if method == "spans" else "overall"].rows
    assert 0 < scores[-1 if method == "spans" else 0][-2 if method == "spans" else -1] < 1  # a run with errors


@pytest.mark.parametrize("method", METHODS)
def test_lines_of_brat_give_the_scores(method, tmp_path):
    gold = DATA / "brat" / "NCBI-disease"
    system = tmp_path / "system"
    shutil.copytree(gold, system)
    for ann in system.glob("*.ann"):
        lines = ann.read_text(encoding="utf-8").splitlines()
        ann.write_text("\n".join(x for i, x in enumerate(lines) if i % 3) + "\n", encoding="utf-8")
    report = evaluate(method, gold, system)
    assert_units_give_the_report(method, report)
    stats = get_method(method).unit_statistics(report)
    lines = sum(sum(1 for x in t.read_text(encoding="utf-8").splitlines() if x) for t in gold.glob("*.txt"))
    assert stats.unit == "sentence" and len(stats.ids) == lines


@pytest.mark.parametrize("method", METHODS)
def test_sentences_of_webanno_tsv_give_the_scores(method, tmp_path):
    gold = DATA / "webanno-tsv" / "coref.tsv"
    lines, found = [], 0
    for line in gold.read_text(encoding="utf-8").split("\n"):
        cells = line.split("\t")
        if len(cells) > 3 and cells[3] in ("PER", "LOC", "ORG"):
            found += 1
            cells[3] = "_" if found % 3 == 0 else "LOC" if found % 3 == 1 else cells[3]
        lines.append("\t".join(cells))
    system = tmp_path / "system.tsv"
    system.write_text("\n".join(lines), encoding="utf-8")
    report = evaluate(method, gold, system)
    assert_units_give_the_report(method, report)
    stats = get_method(method).unit_statistics(report)
    sentences = gold.read_text(encoding="utf-8").count("\n#Text=")
    assert stats.unit == "sentence" and len(stats.ids) == sentences == 200
    assert min(stats.point()[("overall", "strict") if method == "nervaluate" else ("scores", "micro avg")].values()) < 1


# --- generated corpora: resampled counts are the method on the resampled corpus -------------


def _sentence(rng: random.Random) -> list[str]:
    tags, inside = [], None
    for _ in range(rng.randint(1, 20)):
        r = rng.random()
        if r < 0.55:
            tags.append("O")
            inside = None
        elif r < 0.8 or inside is None:
            (inside,) = rng.choices(LABELS, WEIGHTS)
            tags.append("B-" + inside)
        else:
            tags.append("I-" + inside)
    return tags


def _noisy(rng: random.Random, tags: list[str]) -> list[str]:
    """Tags changed at random, with I- that cannot continue as B- (IOB2 again)."""
    out: list[str] = []
    for tag in tags:
        r = rng.random()
        tag = "O" if r < 0.1 else rng.choice("BI") + "-" + rng.choices(LABELS, WEIGHTS)[0] if r < 0.25 else tag
        if tag.startswith("I-") and (not out or out[-1][2:] != tag[2:]):
            tag = "B-" + tag[2:]
        out.append(tag)
    return out


def _corpus(seed: int, sentences: int) -> list[tuple[list[str], list[str]]]:
    rng = random.Random(seed)
    gold = [_sentence(rng) for _ in range(sentences)]
    return [(g, _noisy(rng, g)) for g in gold]


def _write(path: Path, pairs: list[tuple[list[str], list[str]]]) -> Path:
    """A CoNLL file with a word, the gold and the system tag per line."""
    blocks = ["\n".join(f"w{i} {g} {s}" for i, (g, s) in enumerate(zip(*pair, strict=True))) for pair in pairs]
    path.write_text("\n\n".join(blocks) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("seed", range(3))
def test_resampled_counts_are_the_method_on_the_resample(method, seed, tmp_path):
    """Each unit drawn as often as its weight: the scores of the weighted count sums are
    the method's on a file of the drawn sentences (macro averages over the labels that
    resample uses, as seqeval's)."""
    pairs = _corpus(seed, 30)
    whole = _write(tmp_path / "whole.conll", pairs)
    report = evaluate(method, whole, whole, scheme="IOB2", **TWO_COLUMNS)
    stats = get_method(method).unit_statistics(report)
    rng = np.random.default_rng(seed)
    labels = [len(report.score_tables()["scores" if method == "spans" else "per_label_strict"].rows)]
    for draw in range(5):
        weights = rng.multinomial(3, np.ones(len(pairs)) / len(pairs))  # few draws: labels go missing
        drawn = [pair for pair, w in zip(pairs, weights, strict=True) for _ in range(w)]
        resample = _write(tmp_path / f"resample{draw}.conll", drawn)
        report = evaluate(method, resample, resample, scheme="IOB2", **TWO_COLUMNS)
        scores = stats.scores(weights[None, :] @ stats.counts)
        labels.append(len(report.score_tables()["scores" if method == "spans" else "per_label_strict"].rows))
        for name, table in report.score_tables().items():
            for row in table.rows:
                for score in (c for c in table.columns if c in SCORES):
                    value = scores[(name, str(row[0]))][score][0]
                    assert value == pytest.approx(row[table.columns.index(score)], abs=1e-12), (name, row[0])
    assert min(labels[1:]) < labels[0]  # some resample lacks a label


def _relabelled(rng: random.Random, tags: list[str], label: str) -> list[str]:
    """Some spans (a B- tag and the I- tags after it) given a label only this system uses."""
    out, inside = [], False
    for tag in tags:
        if tag.startswith("B-"):
            inside = rng.random() < 0.3
        elif not tag.startswith("I-"):
            inside = False
        out.append(tag[:2] + label if inside else tag)
    return out


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("seed", range(3))
def test_swapped_counts_are_the_method_on_the_swapped_corpus(method, seed, tmp_path):
    """Approximate randomization swaps units between two systems matched on their columns:
    the scores of the swapped count sums are the method's on a file of the swapped
    sentences, over every label, a label only the other system uses included (its spans
    swapped in count in the averages, as in seqeval)."""
    rng = random.Random(seed)
    pairs = _corpus(seed, 12)
    a_pairs = [(gold, _relabelled(rng, system, "ZZZ")) for gold, system in pairs]
    b_pairs = [(gold, _noisy(rng, gold)) for gold, _ in pairs]
    a_stats, b_stats = (get_method(method).unit_statistics(
        evaluate(method, path, path, scheme="IOB2", **TWO_COLUMNS))
        for path in (_write(tmp_path / "a.conll", a_pairs), _write(tmp_path / "b.conll", b_pairs)))  # fmt: skip
    sides = ((a_pairs, b_pairs, *matched(a_stats, b_stats)), (b_pairs, a_pairs, *matched(b_stats, a_stats)))
    for draw, (own_pairs, other_pairs, own, other) in enumerate(sides * 3):
        swapped = np.array([rng.random() < 0.5 for _ in pairs])
        drawn = [b if swap else a for a, b, swap in zip(own_pairs, other_pairs, swapped, strict=True)]
        report = evaluate(method, *[_write(tmp_path / f"swapped{draw}.conll", drawn)] * 2, scheme="IOB2", **TWO_COLUMNS)
        counts = np.where(swapped[:, None], other.counts, own.counts)
        scores = own.scores(counts.sum(axis=0, keepdims=True))
        for name, table in report.score_tables().items():
            for row in table.rows:
                if (name, str(row[0])) not in scores:
                    continue  # a label only the swapped-in system's rows have
                for score in (c for c in table.columns if c in SCORES):
                    value = scores[(name, str(row[0]))][score][0]
                    assert value == pytest.approx(row[table.columns.index(score)], abs=1e-12), (name, row[0], score)


# --- intervals and compare -------------------------------------------------------------------


@pytest.mark.parametrize("method", METHODS)
def test_intervals_hold_every_score(method, tmp_path):
    whole = _write(tmp_path / "whole.conll", _corpus(7, 200))
    stats = get_method(method).unit_statistics(evaluate(method, whole, whole, scheme="IOB2", **TWO_COLUMNS))
    point = stats.point()
    found, _ = resampled_intervals(stats, Confidence(resamples=300))
    assert set(found) == set(point)
    for key, scores in found.items():
        for score, (low, high) in scores.items():
            assert low <= point[key][score] <= high, (key, score)
    assert found[("overall" if method == "nervaluate" else "scores", "strict" if method == "nervaluate"
                  else "macro avg")]["f1" if method == "nervaluate" else "f1-score"][0] < 1  # fmt: skip


def test_spans_ci_on_the_command_line(cli):
    flags = SEQEVAL_FLAGS
    result = cli("spans", GROUND_TRUTH, GROUND_TRUTH, *flags, "--ci", "--resamples", "200", "--json", "-")
    assert result.code == 0, result.err
    report = json.loads(result.out)
    assert report["confidence"] == {"level": 0.95, "resamples": 200, "seed": 12345, "unit": "sentence",
                                    "method": "percentile bootstrap"}  # fmt: skip
    table = report["tables"]["scores"]
    assert table["columns"] == ["label", "TP", "FP", "FN", "precision", "precision_low", "precision_high",
                                "recall", "recall_low", "recall_high", "f1-score", "f1-score_low",
                                "f1-score_high", "support"]  # fmt: skip
    assert [r[0] for r in table["rows"]][-3:] == ["micro avg", "macro avg", "weighted avg"]
    for row in table["rows"]:
        cells = dict(zip(table["columns"], row, strict=True))
        for score in ("precision", "recall", "f1-score"):
            assert cells[score + "_low"] <= cells[score] <= cells[score + "_high"], (row[0], score)
    result = cli("spans", GROUND_TRUTH, GROUND_TRUTH, *flags, "--ci", "0.9", "--resamples", "200")
    assert "# 90 % confidence intervals: percentile bootstrap, 200 resamples of sentences, seed 12345" in result.out


def test_nervaluate_ci_on_documents(cli, tmp_path):
    gold = DATA / "doccano" / "flair-testa.jsonl"
    system = _worse_jsonl(gold, tmp_path / "system.jsonl")
    result = cli("nervaluate", gold, system, "--ci", "--seed", "5", "--json", "-")
    assert result.code == 0, result.err
    report = json.loads(result.out)
    assert report["confidence"]["unit"] == "document" and report["confidence"]["seed"] == 5
    for name, table in report["tables"].items():
        assert table["columns"][-9:] == ["precision", "precision_low", "precision_high", "recall", "recall_low",
                                         "recall_high", "f1", "f1_low", "f1_high"], name  # fmt: skip
        for row in table["rows"]:
            cells = dict(zip(table["columns"], row, strict=True))
            assert cells["f1_low"] <= cells["f1"] <= cells["f1_high"], (name, row[0])


@pytest.mark.parametrize("method", METHODS)
def test_compare_identical_systems(cli, method, tmp_path):
    runs = [(GROUND_TRUTH, GROUND_TRUTH, SEQEVAL_FLAGS)]
    gold = DATA / "doccano" / "flair-testa.jsonl"
    runs.append((gold, _worse_jsonl(gold, tmp_path / "system.jsonl"), []))
    for gold, system, flags in runs:
        result = cli("compare", method, gold, system, system, *flags, "--trials", "500", "--json", "-")
        assert result.code == 0, result.err
        report = json.loads(result.out)
        labels = len(report["tables"]["a_scores" if method == "spans" else "a_per_label_strict"]["rows"])
        assert len(report["comparison"]) == 3 * labels if method == "spans" else 3 * 4 * (1 + labels)
        for row in report["comparison"]:
            assert row["difference"] == 0 and row["p_bootstrap"] == 1 and row["p_randomization"] == 1, row


@pytest.mark.parametrize("method", METHODS)
def test_compare_a_worse_system(cli, method, tmp_path):
    pairs = _corpus(11, 200)
    gold, worse = (tmp_path / "gold.conll", tmp_path / "worse.conll")
    for path, side in ((gold, 0), (worse, 1)):
        path.write_text("\n\n".join("\n".join(f"w {t}" for t in p[side]) for p in pairs) + "\n", encoding="utf-8")
    result = cli("compare", method, gold, gold, worse, "--scheme", "IOB2", "--trials", "500", "--json", "-")
    assert result.code == 0, result.err
    assert json.loads(result.out)["confidence"]["unit"] == "sentence"
    row, score = ("micro avg", "f1-score") if method == "spans" else ("partial", "f1")
    found = next(r for r in json.loads(result.out)["comparison"] if r["row"] == row and r["score"] == score)
    assert found["a"] == 1 and found["low"] <= found["difference"] <= found["high"] < 0
    assert (found["p_bootstrap"], found["p_randomization"]) == (1 / 1001, 1 / 501)  # at the floor
