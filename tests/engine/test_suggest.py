"""A file of the wrong kind (issue 19.3): recognised as another method's format and not as
this method's, it is not evaluated, and the message names the method to use; every input
the original tools accepted (the conformance data) is still evaluated."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.formats.suggest import WrongFormat, check_input, check_inputs
from engine.methods import get_method
from tests.conftest import conformance

#: Per method: the conformance inputs (the original tool's own inputs), as globs.
INPUTS = {
    "faireval": ["data/**/*.csv"],
    "clueval": ["data/*.bio"],
    "poetry": ["**/*.jsonl"],
    "propara": ["testfiles-*/*.tsv", "data/*/answers.tsv", "data/*/*predictions*.tsv"],
    "starsem": ["*.txt"],
}


def conformance_inputs(method: str) -> list[Path]:
    folder = conformance(method)
    found = sorted({p for pattern in INPUTS[method] for p in folder.glob(pattern) if p.is_file()})
    assert found, f"no conformance inputs of {method}"
    return found


@pytest.mark.parametrize("method", sorted(INPUTS))
def test_no_conformance_input_is_refused(method):
    evaluator = get_method(method)
    for path in conformance_inputs(method):
        for role in ("gold", "system"):
            check_input(evaluator, role, str(path))  # raises WrongFormat when refused


def test_the_bundled_example_and_the_clueval_worked_example_are_not_refused():
    from gui.resources import example_inputs

    method, gold, system = example_inputs()
    check_inputs(get_method(method), gold, system)
    worked = Path(__file__).parent / "data" / "clueval" / "worked"
    for path in worked.glob("*.vrt"):
        check_input(get_method("clueval"), "gold", str(path))


#: What CLUEval reads: its vertical files and the annotation tools' formats (formats-b).
CLUEVAL_READS = (
    "vertical text (.vrt) with BIO columns, WebAnno TSV 3.x (INCEpTION), UIMA CAS XMI (INCEpTION), "
    "brat standoff (.ann + .txt), Label Studio JSON or doccano JSONL"
)

#: The methods over plain spans read the original formats that hold labelled spans too.
SPAN_METHODS = ("spans", "nervaluate")


def test_a_faireval_span_file_given_to_clueval_names_faireval(tmp_path):
    gold = tmp_path / "gold.tsv"
    shutil.copy(conformance("faireval") / "data" / "target" / "ner_spans.csv", gold)
    with pytest.raises(WrongFormat) as caught:
        check_inputs(get_method("clueval"), str(gold), str(gold))
    err = caught.value
    assert err.readers == ["faireval", *SPAN_METHODS] and err.file == str(gold) and err.method_name == "clueval"
    assert str(err) == (
        f"{gold} looks like a FairEval span file; CLUEval reads {CLUEVAL_READS} — did you mean "
        "'spanstudio faireval', 'spanstudio spans' or 'spanstudio nervaluate'?"
    )
    assert err.app_sentence == (  # the app's words, without the command line
        f"{gold} looks like a FairEval span file; CLUEval reads {CLUEVAL_READS}. FairEval, Exact spans or "
        "nervaluate read it."
    )


@pytest.mark.parametrize(
    ("method", "source", "reader"),
    [
        ("faireval", "clueval/data/fiktives-urteil-p1.bio", "clueval"),
        ("starsem", "poetry/readme_example/ref.jsonl", "poetry"),
        ("poetry", "starsem/dev.mixed.system.txt", "starsem"),
        ("clueval", "propara/testfiles-1/answers.tsv", "propara"),
        ("propara", "starsem/dev.cues.system.txt", "starsem"),
    ],
)
def test_each_methods_format_given_to_another_method_is_refused(method, source, reader):
    path = conformance(source.split("/")[0]).parent / source
    with pytest.raises(WrongFormat) as caught:
        check_input(get_method(method), "system", str(path))
    own, *others = caught.value.readers
    assert own == reader and others == ([] if reader == "propara" else list(SPAN_METHODS))
    assert f"did you mean 'spanstudio {reader}'" in str(caught.value)


def test_a_folder_is_judged_by_its_first_file(tmp_path):
    shutil.copy(conformance("poetry") / "readme_example" / "ref.jsonl", tmp_path / "a.jsonl")
    with pytest.raises(WrongFormat):
        check_input(get_method("faireval"), "gold", str(tmp_path))


def test_unrecognised_missing_and_empty_inputs_are_left_to_the_reader(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    words = tmp_path / "words.txt"
    words.write_text("just some words\nand more\n")
    png = tmp_path / "gold.png"
    png.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    for path in (empty, words, png, tmp_path / "missing.txt", tmp_path):
        for method in INPUTS:
            check_input(get_method(method), "gold", str(path))


def test_the_command_line_stops_with_exit_2_naming_the_method(cli, tmp_path):
    gold = tmp_path / "gold.tsv"
    shutil.copy(conformance("faireval") / "data" / "target" / "ner_spans.csv", gold)
    result = cli("clueval", str(gold), str(gold), "--json", str(tmp_path / "out.json"))
    assert result.code == 2 and result.out == ""
    assert result.err == (
        f"spanstudio: error: {gold} looks like a FairEval span file; CLUEval reads {CLUEVAL_READS} — "
        "did you mean 'spanstudio faireval', 'spanstudio spans' or 'spanstudio nervaluate'?\n"
    )
    assert not (tmp_path / "out.json").exists()


def test_a_format_named_after_its_tool_keeps_its_capitals_after_looks_like():
    from engine.formats.suggest import described

    assert described("Label Studio JSON") == "Label Studio JSON"
    assert described("Vertical text (.vrt) with BIO columns") == "vertical text (.vrt) with BIO columns"
    assert described("FairEval span file") == "a FairEval span file"
