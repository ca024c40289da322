"""*SEM 2012 on the seven conformance pairs, in all three modes: --starsem-exact gives
eval.cd-sco.pl v2.2's stdout byte for byte, the default mode the Bosch translated
numbers (rows compared without its separator lines), --extended the Bosch extended
stdout byte for byte; the JSON keys equal the parsed expected.json (specs/starsem.md §9)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import conformance

CASES = [
    "dev.identity",
    "dev.mixed",
    "dev.cues",
    "dev.scopes",
    "dev.events",
    "cardboard.mixed",
    "circle.mixed",
]


def _case(name: str) -> tuple[str, str, dict]:
    folder = conformance("starsem")
    entry = next(e for e in json.loads((folder / "manifest.json").read_text()) if e["name"] == name)
    expected = json.loads((folder / entry["expected"]).read_text(encoding="utf-8"))
    return str(folder / entry["gold"]), str(folder / entry["system"]), expected


def _rows(text: str) -> list[str]:
    """The lines that carry words or numbers (no `---+---` separators, no trailing blanks)."""
    lines = [line for line in text.split("\n") if not (line and set(line) <= set("-+"))]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _run(cli, tmp_path, name: str, *flags: str) -> tuple[str, dict, dict]:
    gold, system, expected = _case(name)
    out = tmp_path / "report.json"
    result = cli("starsem", "-g", gold, "-s", system, *flags, "--json", out)
    assert result.code == 0, result.err
    printed = cli("starsem", "-g", gold, "-s", system, *flags)
    assert printed.code == 0, printed.err
    return printed.out, json.loads(out.read_text(encoding="utf-8")), expected


@pytest.mark.parametrize("name", CASES)
def test_exact_mode_is_eval_cd_sco_v22(cli, tmp_path, name):
    stdout, report, expected = _run(cli, tmp_path, name, "--starsem-exact")
    assert stdout == expected["stdout"]
    for key in ("scores", "b_scores", "sentences"):
        assert report[key] == expected[key], key


@pytest.mark.parametrize("name", CASES)
def test_default_mode_is_the_bosch_translated_script(cli, tmp_path, name):
    stdout, report, expected = _run(cli, tmp_path, name)
    bosch = expected["bosch"]["translated"]
    assert _rows(stdout) == _rows(bosch["stdout"])
    for key in ("scores", "b_scores", "sentences"):
        assert report[key] == bosch[key], key


@pytest.mark.parametrize("name", CASES)
def test_extended_mode_is_the_bosch_extended_script(cli, tmp_path, name):
    stdout, report, expected = _run(cli, tmp_path, name, "--extended")
    bosch = expected["bosch"]["extended"]
    assert stdout == bosch["stdout"]
    assert report["sections"] == bosch["sections"]
    assert report["overall"] == bosch["overall"]


def test_headline_numbers(cli, tmp_path):
    """§9: dev.mixed — Cues 78.45 / 82.08 / 80.22 (exact) against F1 80.23 (default);
    Scopes(no cue match) tp 116 against 129; Negated tp 92 against 94."""
    _, exact, _ = _run(cli, tmp_path, "dev.mixed", "--starsem-exact")
    _, fixed, _ = _run(cli, tmp_path, "dev.mixed")
    cues = exact["scores"]["cues"]
    assert (cues["precision"], cues["recall"], cues["f1"]) == (78.45, 82.08, 80.22)
    assert fixed["scores"]["cues"]["f1"] == 80.23
    assert (exact["scores"]["scopes_no_cue_match"]["tp"], fixed["scores"]["scopes_no_cue_match"]["tp"]) == (
        116,
        129,
    )
    assert (exact["scores"]["negated_no_cue_match"]["tp"], fixed["scores"]["negated_no_cue_match"]["tp"]) == (
        92,
        94,
    )


def test_identity_is_perfect_in_every_mode(cli, tmp_path):
    for flags in ((), ("--starsem-exact",)):
        _, report, _ = _run(cli, tmp_path, "dev.identity", *flags)
        assert all(row["fp"] == 0 and row["fn"] == 0 for row in report["scores"].values())
        assert report["errors"] == []
    _, report, _ = _run(cli, tmp_path, "dev.identity", "--extended")
    assert report["errors"] == []


def test_default_mode_warns_about_the_rows_the_fixes_change(cli):
    gold, system, _ = _case("dev.events")
    result = cli("starsem", "-g", gold, "-s", system)
    assert result.err == (
        "spanstudio: warning: the bug-fixed scoring changes these rows compared with eval.cd-sco.pl v2.2: "
        "Negated(no cue match), Negated B (no cue match); use --starsem-exact for the original numbers\n"
    )


def test_error_table_and_instances(cli, tmp_path):
    """The JSON report lists every instance; the error table every non-TP one, with the
    sentence, its verdicts, texts and token strip; the spans carry their kind."""
    _, report, _ = _run(cli, tmp_path, "dev.mixed")
    instances = report["instances"]
    assert sum(1 for i in instances if i["gold"] is not None) == 173
    assert sum(1 for i in instances if i["gold"] is None) == 39  # the spurious negations (Cues fp)
    errors = report["errors"]
    assert len(errors) == sum(1 for i in instances if i["full"] != "TP") == 173 - 109 + 39
    first = errors[0]
    for column in ("sentence", "chapter", "sentence_id", "gold_negation", "system_negation", "cue", "scope",
                   "event", "gold_cue", "gold_scope", "gold_event", "system_cue", "system_scope",
                   "system_event", "tokens"):  # fmt: skip
        assert column in first
    assert first["unit_id"] == f"{first['chapter']} {first['sentence_id']}"
    partial = next(e for e in errors if e["cue"] == "PARTIAL")
    assert partial["gold_cue"] != partial["system_cue"]
    assert "[" in partial["tokens"] and "⟨" in partial["tokens"]
