"""--ci on a method's command line and `spanstudio compare`, on the conformance data."""

from __future__ import annotations

import json

import pytest

from engine.methods import get_method
from engine.methods.faireval import Options as FairEvalOptions
from engine.stats import Confidence, resampled_intervals

from ..conftest import CONFORMANCE

FAIREVAL = CONFORMANCE / "faireval" / "data"
NER = (FAIREVAL / "target" / "ner_spans.csv", FAIREVAL / "system" / "ner_spans.csv")
PAPER = (
    "LE = 0.5 FP + 0.5 FN, BES = 0.5 TP + 0.5 FN, BEL = 0.5 TP + 0.5 FP, "
    "BEO = 0.5 TP + 0.25 FP + 0.25 FN, LBE = 0.5 FP + 0.5 FN"
)


def assert_point_is_the_report(method: str, report, places: int | None = None) -> None:
    """The unit statistics give back every score the report has (the method's formulas;
    `places`: the report rounds them)."""
    stats = get_method(method).unit_statistics(report)
    point = stats.point()
    tables = report.score_tables()
    checked = set()
    for row in stats.rows:
        table = tables[row.table]
        if row.position is not None:
            cells = table.rows[row.position]
        else:
            cells = next(r for r in table.rows if str(r[0]) == row.row)
        for score, value in point[(row.table, row.row)].items():
            if places is not None:
                value = float(f"{value:.{places}f}")
            expected = cells[table.columns.index(score)]
            assert value == pytest.approx(expected, rel=1e-12, abs=1e-12), (row.table, row.row, score)
        checked.add((row.table, id(cells)))
    every = {
        (name, id(r)) for name, t in tables.items() if "f1" in t.columns or "F1" in t.columns for r in t.rows
    }
    assert checked == every  # every row of every score table


@pytest.mark.parametrize(
    ("name", "weights", "focus"),
    [("chunk", PAPER, "system"), ("ner", None, "target"), ("ner", PAPER, "system")],
)
def test_faireval_sentence_counts_give_its_scores(name, weights, focus):
    options = FairEvalOptions(weights=weights, focus=focus)
    gold, system = (FAIREVAL / side / f"{name}_spans.csv" for side in ("target", "system"))
    report = get_method("faireval").evaluate(str(gold), str(system), options)
    assert_point_is_the_report("faireval", report)


def test_faireval_intervals_hold_every_score():
    report = get_method("faireval").evaluate(*map(str, NER), FairEvalOptions(weights=PAPER))
    stats = get_method("faireval").unit_statistics(report)
    assert len(stats.ids) == 5100 and stats.unit == "sentence"
    point = stats.point()
    for key, scores in resampled_intervals(stats, Confidence())[0].items():
        for score, (low, high) in scores.items():
            assert low <= point[key][score] <= high, (key, score)


def test_ci_on_the_console_and_in_json(cli, tmp_path):
    result = cli("faireval", *NER, "--ci")
    assert result.code == 0, result.err
    assert (
        "# 95 % confidence intervals: percentile bootstrap, 1000 resamples of sentences, seed 12345"
        in result.out
    )
    assert (
        "traditional\t0.8666 [0.8571, 0.8761]\t0.8351 [0.8245, 0.8451]\t0.8505 [0.8411, 0.8594]" in result.out
    )
    result = cli("faireval", *NER, "--ci", "0.9", "--resamples", "200", "--seed", "3", "--json", "-")
    report = json.loads(result.out)
    assert report["confidence"] == {"level": 0.9, "resamples": 200, "seed": 3, "unit": "sentence",
                                    "method": "percentile bootstrap"}  # fmt: skip
    overall = report["tables"]["overall"]
    assert overall["columns"] == ["method", "precision", "precision_low", "precision_high", "recall",
                                  "recall_low", "recall_high", "f1", "f1_low", "f1_high"]  # fmt: skip
    for table in (overall, report["tables"]["fair"]):
        for row in table["rows"]:
            cells = dict(zip(table["columns"], row, strict=True))
            for score in ("precision", "recall", "f1"):
                assert cells[score + "_low"] <= cells[score] <= cells[score + "_high"]
    assert report["tables"]["confusion"]["columns"][0] == "target \\ system"  # no scores, no intervals


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (
            ["--ci", "1.5"],
            "spanstudio: error: --ci: expected a level between 0 and 1 (exclusive), found 1.5\n",
        ),
        (["--ci", "0"], "spanstudio: error: --ci: expected a level between 0 and 1 (exclusive), found 0.0\n"),
        (
            ["--ci", "--resamples", "99"],
            "spanstudio: error: --resamples: expected at least 100 resamples, found 99\n",
        ),
        (["--ci", "x"], "spanstudio: error: --ci: expected a number, found 'x'\n"),
        (
            ["--ci", "--resamples", "100000000000"],
            "spanstudio: error: --resamples: expected at most 100,000 resamples, found 100000000000\n",
        ),
        (
            ["--ci", "--seed", "-1"],
            "spanstudio: error: --seed: expected a whole number of 0 or more, found -1\n",
        ),
    ],
)
def test_bad_settings_end_with_one_line(cli, flags, message):
    result = cli("faireval", *NER, *flags)
    assert (result.code, result.out, result.err) == (2, "", message)


def test_compare_identical_systems(cli):
    result = cli("compare", "faireval", NER[0], NER[1], NER[1], "--json", "-", "--trials", "500")
    assert result.code == 0, result.err
    report = json.loads(result.out)
    assert report["systems"] == {"a": str(NER[1]), "b": str(NER[1])}
    assert report["confidence"]["trials"] == 500 and report["confidence"]["unit"] == "sentence"
    assert len(report["comparison"]) == 2 * 3 + 2 * 5 * 3  # traditional and fair (no weights): overall, per label
    for row in report["comparison"]:
        assert set(row) == {"table", "row", "score", "a", "b", "difference", "low", "high", "p_bootstrap",
                            "p_randomization"}  # fmt: skip
        assert row["difference"] == 0 and row["p_bootstrap"] == 1 and row["p_randomization"] == 1


def test_compare_a_worse_system(cli, tmp_path):
    worse = tmp_path / "worse.csv"
    lines = NER[1].read_text(encoding="utf-8").split("\n")
    worse.write_text("\n".join("ORG" + line[3:] if i % 5 == 0 and line.startswith("PER") else line
                               for i, line in enumerate(lines)), encoding="utf-8")  # fmt: skip
    result = cli("compare", "faireval", NER[0], NER[1], worse, "--trials", "1000")
    assert result.code == 0, result.err
    line = next(x for x in result.out.splitlines() if x.startswith("overall\ttraditional\tf1"))
    assert line == "overall\ttraditional\tf1\t0.8505\t0.8008\t-0.0498 [-0.0552, -0.0444]\t0.0010\t0.0010"


def test_compare_names_the_first_sentence_that_differs(cli, tmp_path):
    shorter = tmp_path / "shorter.csv"
    text = NER[1].read_text(encoding="utf-8")
    shorter.write_text(text[: text.index("\n\n", len(text) // 2)] + "\n", encoding="utf-8")
    result = cli("compare", "faireval", NER[0], NER[1], shorter)
    assert result.code == 2
    assert result.err.startswith(
        f"spanstudio: error: {shorter}: expected the same sentences as {NER[1]}, found "
    )
    assert "the first that differs is sentence ner_spans.csv:" in result.err
    assert result.err.count("\n") == 1


POETRY = CONFORMANCE / "poetry"


@pytest.mark.parametrize("folder", sorted(p.name for p in POETRY.iterdir() if (p / "options.json").exists()))
def test_poetry_page_numbers_give_its_scores(folder):
    from engine.methods.poetry import Options as PoetryOptions

    settings = json.loads((POETRY / folder / "options.json").read_text())
    options = PoetryOptions(
        ignore_label=settings["ignore_label"], partial_match_weight=settings["partial_match_weight"]
    )
    report = get_method("poetry").evaluate(
        str(POETRY / folder / "ref.jsonl"), str(POETRY / folder / "sys.jsonl"), options
    )
    assert_point_is_the_report("poetry", report)
    assert get_method("poetry").unit_statistics(report).unit == "page"


def test_poetry_ci_and_compare(cli, tmp_path):
    folder = POETRY / "unit_test_scenarios"
    result = cli(
        "poetry", folder / "ref.jsonl", folder / "sys.jsonl", tmp_path / "out.csv", "--ci", "--json", "-"
    )
    assert result.code == 0, result.err
    report = json.loads(result.out)
    assert report["confidence"]["unit"] == "page"
    assert report["tables"]["scores"]["columns"][1:4] == ["precision", "precision_low", "precision_high"]
    perfect = tmp_path / "perfect.jsonl"
    with perfect.open("w", encoding="utf-8") as out:
        for line in (folder / "ref.jsonl").read_text(encoding="utf-8").splitlines():
            page = json.loads(line)
            spans = [
                {"page_start": e["start"], "page_end": e["end"], "ref_id": e["poem_id"]}
                for e in page["excerpts"]
            ]
            out.write(
                json.dumps({"page_id": page["page_id"], "n_spans": len(spans), "poem_spans": spans}) + "\n"
            )
    result = cli("compare", "poetry", folder / "ref.jsonl", folder / "sys.jsonl", perfect,
                 "--partial-match-weight", "0.5", "--json", "-")  # fmt: skip
    assert result.code == 0, result.err
    report = json.loads(result.out)
    assert report["options"]["partial_match_weight"] == 0.5
    macro_f1 = next(r for r in report["comparison"] if r["row"].startswith("macro") and r["score"] == "f1")
    assert macro_f1["b"] == 1 and macro_f1["difference"] > 0 and macro_f1["low"] <= macro_f1["difference"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv", "perfect.jsonl"]  # compare writes no CSV


STARSEM = CONFORMANCE / "starsem"


@pytest.mark.parametrize("system", ["cues", "scopes", "events", "mixed", "identity"])
@pytest.mark.parametrize("mode", ["default", "starsem-exact"])
def test_starsem_sentence_counts_give_its_scores(system, mode):
    from engine.methods.starsem import Options as StarsemOptions

    gold = STARSEM / "SEM-2012-SharedTask-CD-SCO-dev-09032012.txt"
    report = get_method("starsem").evaluate(
        str(gold), str(STARSEM / f"dev.{system}.system.txt"), StarsemOptions(mode)
    )
    assert_point_is_the_report("starsem", report, places=2)
    stats = get_method("starsem").unit_statistics(report)
    assert stats.ids == [str(n) for n in range(1, 788)]


def test_starsem_extended_has_no_intervals(cli):
    gold, system = STARSEM / "SEM-2012-SharedTask-CD-SCO-dev-09032012.txt", STARSEM / "dev.mixed.system.txt"
    result = cli("starsem", "-g", gold, "-s", system, "--extended", "--ci")
    assert result.code == 2
    assert result.err == (
        f"spanstudio: error: {system}: expected a starsem run whose scores are sums over sentences, "
        "found a mode whose scores are not sums over units\n"
    )


PROPARA = CONFORMANCE / "propara"


@pytest.mark.parametrize("name", ["testfiles-1", "testfiles-2", "testfiles-3", "testfiles-7", "dev-dummy"])
def test_propara_process_scores_give_its_scores(name):
    from engine.methods.propara import Options as ProParaOptions

    setup = json.loads((PROPARA / "expected" / name / "case.json").read_text(encoding="utf-8"))
    answers, predictions = (str(PROPARA / setup[key]) for key in ("answers", "predictions"))
    report = get_method("propara").evaluate(answers, predictions, ProParaOptions())
    assert_point_is_the_report("propara", report)
    assert get_method("propara").unit_statistics(report).unit == "process"


def test_propara_ci_on_the_console(cli):
    setup = json.loads((PROPARA / "expected" / "testfiles-1" / "case.json").read_text(encoding="utf-8"))
    answers, predictions = (PROPARA / setup[key] for key in ("answers", "predictions"))
    result = cli("propara", "--answers", answers, "--predictions", predictions, "--ci", "--resamples", "300")
    assert result.code == 0, result.err
    assert "# 95 % confidence intervals: percentile bootstrap, 300 resamples of processs" not in result.out
    assert "resamples of processes, seed 12345" in result.out
    assert result.out.splitlines()[-1].startswith("Overall\t0.7430 [")


CLUEVAL = CONFORMANCE / "clueval"


@pytest.mark.parametrize("name", sorted(p.name for p in (CLUEVAL / "examples").iterdir()))
def test_clueval_sentence_counts_give_its_scores(name):
    from engine.methods.clueval import Options as CluevalOptions
    from engine.options import from_plain

    folder = CLUEVAL / "examples" / name
    meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    settings = json.loads((folder / "options.json").read_text(encoding="utf-8"))
    options = from_plain(CluevalOptions, settings)
    report = get_method("clueval").evaluate(
        str(CLUEVAL / meta["gold"]), str(CLUEVAL / meta["system"]), options
    )
    assert_point_is_the_report("clueval", report)


def test_clueval_labelled_rows_get_their_own_intervals(cli):
    gold, system = CLUEVAL / "data" / "fiktives-urteil-p1.bio", CLUEVAL / "data" / "fiktives-urteil-p2.bio"
    args = ["clueval", gold, system, "-l", "3", "-a", "anon", "entity", "risk", "-le", "entity", "risk"]
    result = cli(*args, "--ci", "--json", "-")
    assert result.code == 0, result.err
    labelled = json.loads(result.out)["tables"]["labelled"]
    assert labelled["columns"][:4] == ["Level", "P", "P_low", "P_high"]
    rows = [dict(zip(labelled["columns"], row, strict=True)) for row in labelled["rows"]]
    assert {(r["Level"], r["Label"]) for r in rows if r["P_low"] < r["P"]} >= {("risk", "Niedrig")}
    result = cli(*args, "--ci")
    assert "Level\tLabel\tP\tR\tF1\nentity\t" in result.out


def test_one_unit_cannot_be_resampled(cli, tmp_path):
    gold, system = tmp_path / "gold.tsv", tmp_path / "system.tsv"
    gold.write_text("PER\t1\t2\t1, 2\n", encoding="utf-8")
    system.write_text("PER\t1\t1\t1\n", encoding="utf-8")
    result = cli("faireval", gold, system, "--ci")
    assert (result.code, result.err) == (
        2,
        f"spanstudio: error: {system}: expected at least 2 sentences to resample, found 1 sentence\n",
    )
