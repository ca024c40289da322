"""--ci: a resample in which a row (a label) reads no count has no score there (0/0), and
is left out of that row's percentiles, counted in the report; fewer than 30 units are
warned of. Where no resample is left out the intervals are those of a direct computation."""

from __future__ import annotations

import json

import numpy as np

from engine import stats
from engine.stats import Confidence, ScoreRow, UnitStatistics


def _labelled(counts: np.ndarray) -> UnitStatistics:
    """Units with TP, FP, FN of two labels A and B, one P/R/F1 row each."""
    rows = [ScoreRow("labels", label, (f"{label}.TP", f"{label}.FP", f"{label}.FN"),
                     lambda s: stats.prf(s[:, 0], s[:, 1], s[:, 2])) for label in "AB"]  # fmt: skip
    keys = [f"{label}.{kind}" for label in "AB" for kind in ("TP", "FP", "FN")]
    return UnitStatistics("sentence", [str(i) for i in range(len(counts))], np.asarray(counts, float), rows, keys)


def _direct(counts: np.ndarray, columns: slice, confidence: Confidence) -> tuple[dict, int]:
    """The percentile intervals computed directly: the same draws of units (numpy's
    generator with the seed), the F1 of each resample's sums, resamples without any count
    of the row left out, np.percentile."""
    draws = np.random.default_rng(confidence.seed).integers(
        0, len(counts), size=(confidence.resamples, len(counts)), dtype=np.int32)  # fmt: skip
    sums = counts[draws][:, :, columns].sum(axis=1)
    kept = sums[sums.any(axis=1)]
    scores = stats.prf(kept[:, 0], kept[:, 1], kept[:, 2])
    tail = (1 - confidence.level) / 2 * 100
    found = {name: tuple(float(v) for v in np.percentile(values, [tail, 100 - tail])) for name, values in scores.items()}
    return found, len(sums) - len(kept)


def test_without_undefined_resamples_the_intervals_are_the_direct_computation():
    counts = np.random.default_rng(4).integers(1, 5, size=(40, 6)).astype(float)  # every unit holds A and B
    confidence = Confidence(resamples=500)
    found, left_out = stats.resampled_intervals(_labelled(counts), confidence)
    assert left_out == {}
    assert found[("labels", "A")] == _direct(counts, slice(0, 3), confidence)[0]
    assert found[("labels", "B")] == _direct(counts, slice(3, 6), confidence)[0]


def test_a_label_missing_from_a_resample_is_left_out_of_its_percentiles():
    """B is in one unit of 12, found there: every resample that holds it scores 1.0; the
    resamples without it (0/0) used to count as 0 and pull the interval to [0, 1]."""
    counts = np.zeros((12, 6))
    counts[:, 0] = 1  # A: one TP a unit
    counts[3, 3] = 1  # B: one TP, in unit 3 only
    confidence = Confidence(resamples=400)
    found, left_out = stats.resampled_intervals(_labelled(counts), confidence)
    direct, missing = _direct(counts, slice(3, 6), confidence)
    assert found[("labels", "B")] == direct == {"precision": (1.0, 1.0), "recall": (1.0, 1.0), "f1": (1.0, 1.0)}
    assert left_out == {("labels", "B"): missing} and 100 < missing < 200  # (11/12)^12 of 400: about 141


def test_a_row_without_any_count_has_no_interval():
    counts = np.zeros((5, 6))
    counts[:, 0] = 1
    found, left_out = stats.resampled_intervals(_labelled(counts), Confidence(resamples=100))
    assert ("labels", "B") not in found and left_out == {("labels", "B"): 100}


TSV = ("#FORMAT=WebAnno TSV 3.3\n#T_SP=de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity|value\n\n\n"
       "#Text=Ann met Bob\n1-1\t0-3\tAnn\tPER\t\n1-2\t4-7\tmet\t_\t\n1-3\t8-11\tBob\t{bob}\t\n\n"
       "#Text=in Rome\n2-1\t12-14\tin\t_\t\n2-2\t15-19\tRome\tLOC\t\n")  # fmt: skip


def test_the_command_line_counts_the_left_out_resamples_and_warns_of_few_units(cli, tmp_path):
    gold, system = tmp_path / "gold.tsv", tmp_path / "system.tsv"
    gold.write_text(TSV.format(bob="PER"), encoding="utf-8")
    system.write_text(TSV.format(bob="_"), encoding="utf-8")
    result = cli("faireval", gold, system, "--ci", "--json", tmp_path / "r.json")
    assert result.code == 0
    assert "LOC\t1.0000 [1.0000, 1.0000]\t1.0000 [1.0000, 1.0000]\t1.0000 [1.0000, 1.0000]" in result.out
    assert "# LOC (traditional): 2" in result.out and "resamples hold none of its counts (0/0)" in result.out
    assert "the intervals resample only 2 sentences: with fewer than 30 sentences" in result.err
    record = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["confidence"]
    left = {(r["table"], r["row"]): r["resamples"] for r in record["left_out"]}
    assert 200 < left[("traditional", "LOC")] < 300  # a quarter of 1000: both draws the first sentence
