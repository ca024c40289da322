"""ProPara on the original's own data (specs/propara.md §9): the same stdout report and
--output bytes, the same numbers and summaries, the same diagnostics, the same rejections
and the same explanations."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import conformance

PAIRS = ["testfiles-0-self", "testfiles-1", "testfiles-2", "testfiles-3", "testfiles-7",
         "train-dummy", "dev-dummy", "test-dummy", "train-self", "dev-self", "test-self"]  # fmt: skip
DIAGNOSTICS = ["testfiles-1", "testfiles-3", "dev-self"]
ERRORS = {
    "testfiles-4": "spanstudio: error: testfiles-4/predictions.tsv: expected tab-separated action rows, "
    "found an empty file\n",
    "testfiles-5": "spanstudio: error: testfiles-5/predictions.tsv: expected rows for process 5 "
    "(testfiles-5/answers.tsv line 41), found none (and 1 more difference)\n",
    "testfiles-6": "spanstudio: error: testfiles-6/predictions.tsv:3: expected NONE, CREATE, DESTROY or MOVE "
    "as the action, found 'VIBRATE'\n",
}
EXPLAIN = ["explain-test-answers", "explain-testfiles-3", "explain-testfiles-5-sorted", "explain-testfiles-7"]
AND_KEYS = ("participants_destroyed", "participants_created", "location")


@pytest.fixture
def root(monkeypatch):
    folder = conformance("propara")
    monkeypatch.chdir(folder)  # the cases' paths are relative to conformance/propara/
    return folder


def case(root, name: str) -> dict:
    return json.loads((root / "expected" / name / "case.json").read_text(encoding="utf-8"))


def expected(root, name: str, file: str) -> bytes:
    return (root / "expected" / name / file).read_bytes()


def sorted_parts(summaries: dict) -> dict:
    """Sort the ` AND ` parts of the conversion strings (the original's came from a set)."""
    for sides in summaries.values():
        for summary in sides.values():
            for conversion in summary["conversions"] or []:
                for key in AND_KEYS:
                    conversion[key] = " AND ".join(sorted(conversion[key].split(" AND ")))
    return summaries


def sorted_diagnostics(text: str) -> str:
    def fix(match: re.Match) -> str:
        return match.group(1) + " AND ".join(sorted(match.group(2).split(" AND "))) + '"'

    return re.sub(
        r'("(?:participants_destroyed|participants_created|location)": ")((?:[^"\\]|\\.)*)"', fix, text
    )


@pytest.mark.parametrize("name", PAIRS)
def test_report_output_and_numbers(name, root, tmp_path, cli):
    c = case(root, name)
    plain = cli("propara", "--predictions", c["predictions"], "--answers", c["answers"])
    assert plain.code == 0, plain.err
    assert plain.out.encode() == expected(root, name, "expected_stdout.txt")
    out, report = tmp_path / "metrics.json", tmp_path / "report.json"
    run = cli("propara", "-p", c["predictions"], "-a", c["answers"], "-o", out, "--json", report)
    assert run.code == 0, run.err
    assert out.read_bytes() == expected(root, name, "expected_output.json")
    assert (
        run.out.encode()
        == expected(root, name, "expected_stdout.txt") + f"Writing results to file: {out}\n".encode()
    )
    got = json.loads(report.read_text(encoding="utf-8"))
    want = json.loads(expected(root, name, "expected.json"))
    for key in ("questions", "overall", "num_predictions", "num_answers", "processes"):
        assert got[key] == want[key], key
    assert sorted_parts(got["summaries"]) == sorted_parts(want["summaries"])
    assert got["uncorrected"] is None  # no conformance pair needs the §4.2 correction


@pytest.mark.parametrize("name", DIAGNOSTICS)
def test_diagnostics(name, root, tmp_path, cli):
    c = case(root, name)
    diagnostics = tmp_path / "diagnostics.txt"
    run = cli("propara", "-p", c["predictions"], "-a", c["answers"], "-d", diagnostics, "-s", c["sentences"])
    assert run.code == 0, run.err
    assert run.out.encode() == f"Writing diagnostics to file {diagnostics}\n".encode() + expected(
        root, name, "expected_stdout.txt"
    )
    got = diagnostics.read_text(encoding="utf-8")
    want = expected(root, name, "expected_diagnostics.txt").decode("utf-8")
    assert sorted_diagnostics(got) == sorted_diagnostics(want)
    if name == "testfiles-3":  # no conversion with several parts: byte for byte
        assert got == want


def test_diagnostics_and_output_together_print_in_the_original_order(root, tmp_path, cli):
    out, diagnostics = tmp_path / "m.json", tmp_path / "d.txt"
    run = cli("propara", "--predictions", "testfiles-3/predictions.tsv", "--answers", "testfiles-3/answers.tsv",
              "--output", out, "--diagnostics", diagnostics)  # fmt: skip
    report = expected(root, "testfiles-3", "expected_stdout.txt").decode()
    assert run.out == f"Writing diagnostics to file {diagnostics}\n{report}Writing results to file: {out}\n"


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_invalid_pairs_are_rejected(name, root, tmp_path, cli):
    c = case(root, name)
    out = tmp_path / "m.json"
    run = cli("propara", "-p", c["predictions"], "-a", c["answers"], "-o", out, "-d", tmp_path / "d.txt")
    assert (run.code, run.out, run.err) == (2, "", ERRORS[name])
    assert not out.exists() and not (tmp_path / "d.txt").exists()
    assert c["exit_code"] == 2


@pytest.mark.parametrize("name", EXPLAIN)
def test_explainer(name, root, cli):
    c = case(root, name)
    run = cli("propara", "explain", c["explainer_stdin"])
    assert (run.code, run.err) == (0, "")
    assert run.out.encode() == expected(root, name, "expected_stdout.txt")
    assert len(run.out.splitlines()) == len(json.loads(expected(root, name, "expected.json"))["lines"])


def test_explainer_repairs_the_dummy_predictions(root, cli):
    """E1: the original crashes on every dummy row; Span Studio prints nothing for them."""
    run = cli("propara", "explain", "data/test/dummy-predictions.tsv")
    assert (run.code, run.out) == (0, expected(root, "explain-test-dummy", "expected_stdout.txt").decode())
    assert run.err == (
        "spanstudio: warning: data/test/dummy-predictions.tsv: 1674 lines are not exactly six fields once "
        "stripped; their first six fields were used\n"
    )


def test_repository_claims(root, cli, tmp_path):
    """The repository's test.sh output JSON for testfiles-1 and -2."""
    for name in ("testfiles-1", "testfiles-2"):
        c = case(root, name)
        out = tmp_path / f"{name}.json"
        assert cli("propara", "-p", c["predictions"], "-a", c["answers"], "-o", out).code == 0
        assert out.read_text() == c["repo_test_sh_output_json"]
