"""A TAB-separated token and tag file named as CoNLL (.conll, .bio, .iob, .tsv, .txt) is CoNLL
columns, not vertical text, to every method; a real .vrt (XML structure, several BIO columns,
or named .vrt) stays one; every sample and conformance file keeps its format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.formats import detected_module, in_span_formats, recognised_module, sniffing
from engine.formats.sniffing import CONLL_SUFFIXES, read_head
from engine.formats.suggest import check_input
from engine.methods import get_method
from tests.conftest import CONFORMANCE, SHARED

TWO_COLUMNS = "John\tB-PER\nSmith\tI-PER\nlives\tO\n\nHe\tO\n"


def _file(tmp_path: Path, name: str, text: str = TWO_COLUMNS) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("suffix", CONLL_SUFFIXES + (".CoNLL",))
def test_a_token_and_tag_file_named_as_conll_is_conll(tmp_path, suffix):
    assert detected_module(_file(tmp_path, "gold" + suffix)) == "conll"


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("gold.vrt", TWO_COLUMNS),  # named .vrt
        ("gold", TWO_COLUMNS),  # not named as CoNLL: as before
        ("gold.conll", "<doc id=\"1\">\n" + TWO_COLUMNS + "</doc>\n"),  # a .vrt's structure
        ("gold.bio", "<text>\n" + TWO_COLUMNS + "</text>\n"),
        ("gold.bio", "John\tB-PER\tB-X\nSmith\tI-PER\tO\n"),  # several BIO columns: a .vrt's layers
    ],
)
def test_vertical_text_stays_vertical_text(tmp_path, name, text):
    assert detected_module(_file(tmp_path, name, text)) == "vrt"


def test_the_lines_alone_are_judged_as_before(tmp_path):
    """Without the file's name (lines given, not a head read from a file) nothing changes."""
    assert recognised_module(list(read_head(_file(tmp_path, "gold.conll")))) == "vrt"


def test_the_vertical_text_sniffer_judges_the_content_alone(tmp_path):
    """The name is weighed where the head's format is decided (Head.sniffs), not by the sniffer."""
    head = read_head(_file(tmp_path, "gold.conll"))
    assert head.name == "gold.conll" and sniffing.vrt(head) and head.by_content("vrt")
    assert not head.sniffs("vrt") and recognised_module(head) == "conll"


def test_clueval_keeps_it_by_its_content_asked_of_the_head_itself(tmp_path, monkeypatch):
    """CLUEval's own vertical text stays its own by the lines' content, asked of the head read
    (it held only because a copy of the lines, list(lines), dropped the file's name); FairEval,
    whose own formats do not read it, takes it through read_spans as CoNLL."""
    path = str(_file(tmp_path, "gold.conll"))
    monkeypatch.setattr("engine.formats.list", lambda lines: lines, raising=False)  # a copy keeping the name
    assert not in_span_formats(path, ("vrt",))  # CLUEval's
    assert in_span_formats(path, ("faireval-spans", "conll2000"))  # FairEval's


@pytest.mark.parametrize("method", ["faireval", "clueval", "spans", "nervaluate"])
def test_no_method_refuses_it(tmp_path, method):
    """The command line and the app ask check_input: none refuses the file."""
    path = _file(tmp_path, "gold.conll")
    check_input(get_method(method), "gold", str(path))
    check_input(get_method(method), "gold", str(path), read_head(path))


def test_every_sample_and_conformance_file_keeps_its_format():
    """A file's name changes the format of none: each is named as its lines alone name it."""
    paths = sorted(
        p for root in (SHARED / "format-samples", CONFORMANCE) for p in root.rglob("*") if p.is_file()
    )
    assert len(paths) > 1000
    for path in paths:
        head = read_head(path)
        assert recognised_module(head) == recognised_module(list(head)), path


def test_clueval_inputs_are_vertical_text():
    """CLUEval's conformance inputs (.bio without XML lines, several columns) are .vrt."""
    inputs = sorted((CONFORMANCE / "clueval" / "data").glob("*.bio"))
    assert len(inputs) == 6
    assert {detected_module(path) for path in inputs} == {"vrt"}


def _report(cli, method: str, gold: Path, system: Path, out: Path) -> dict:
    """The JSON report of a run, its creation time and the inputs' names left out."""
    assert cli(method, gold, system, "--json", out).code == 0
    report = json.loads(out.read_text(encoding="utf-8").replace(gold.name, "G").replace(system.name, "S"))
    report.pop("created")
    return report


@pytest.mark.parametrize("method", ["clueval", "spans", "nervaluate"])
def test_methods_that_read_it_today_report_as_for_a_vrt(cli, tmp_path, method):
    """CLUEval reads it as the one-layer vertical text it reads (the file's own line numbers
    in its error tables); spans and nervaluate, reading it as CoNLL, report what they did."""
    system_text = TWO_COLUMNS.replace("Smith\tI-PER", "Smith\tO")
    conll = _file(tmp_path, "gold.conll"), _file(tmp_path, "sys.conll", system_text)
    vrt = _file(tmp_path, "gold.vrt"), _file(tmp_path, "sys.vrt", system_text)
    assert _report(cli, method, *conll, tmp_path / "a.json") == _report(cli, method, *vrt, tmp_path / "b.json")
