"""A run's outcome says what happened to its inputs: a side none of whose Label Studio
tasks has the chosen annotation stops with one error suggesting the predictions; the same
input as gold and system is a warning (a side's option the method does not use leaves it);
two corpora without a document in common say what each holds."""

import json
import shutil
from pathlib import Path

import pytest

from engine.errors import InputError
from engine.formats import read_spans
from engine.formats.pairing import pair

TEXT = "Anna met Bob in Rome"
EXAMPLES = Path(__file__).parents[2] / "resources" / "examples"
VRT = "a\tB-X\nb\tI-X\nc\tO\nd\tB-X\n"
CONLL_2003 = "Anna NNP B-NP B-PER\nmet VBD B-VP O\nBob NNP B-NP B-PER\n. . O O\n"  # a span format to both


def _task(task_id, key, spans):
    result = [{"from_name": "ner", "to_name": "text", "type": "labels",
               "value": {"start": s, "end": e, "labels": [label]}} for s, e, label in spans]  # fmt: skip
    return {"id": task_id, "data": {"text": TEXT}, key: [{"result": result}]}


def _write(path, tasks):
    path.write_text(json.dumps(tasks), encoding="utf-8")
    return str(path)


@pytest.fixture
def predictions_only(tmp_path):
    """A gold file of annotations, a system file of the same tasks holding predictions only."""
    gold = _write(tmp_path / "gold.json", [_task(1, "annotations", [(0, 4, "PER")]),
                                           _task(2, "annotations", [(9, 12, "PER")])])  # fmt: skip
    system = _write(tmp_path / "tasks.json", [_task(1, "predictions", [(0, 4, "PER")]),
                                              _task(2, "predictions", [(16, 20, "LOC")])])  # fmt: skip
    return gold, system


def test_a_system_of_predictions_only_read_as_annotations_is_one_error(predictions_only, cli):
    gold, system = predictions_only
    result = cli("spans", gold, system)
    assert result.code == 2 and result.out == ""
    assert result.err.count("spanstudio:") == 1, result.err  # the error, no warning beside it
    assert f"{system}: expected a task with the system's chosen annotation (or prediction), found none " in result.err
    assert "all its 2 tasks left out" in result.err
    assert "choose predictions with --system-source" in result.err


def test_the_predictions_chosen_are_compared(predictions_only, cli):
    result = cli("spans", *predictions_only, "--system-source", "predictions")
    assert result.code == 0 and "micro avg\t1\t1\t1\t" in result.out


def test_a_gold_without_the_chosen_annotation_names_the_gold_option(predictions_only):
    system, gold = predictions_only
    with pytest.raises(InputError, match="choose predictions with --gold-source, or another number with "
                       "--gold-index") as error:  # fmt: skip
        pair(read_spans(gold), read_spans(system))
    assert error.value.file == gold


def test_a_folder_with_one_file_left_out_still_compares_the_others(tmp_path):
    for side in ("gold", "system"):
        (tmp_path / side).mkdir()
        _write(tmp_path / side / "a.json", [_task(1, "annotations", [(0, 4, "PER")])])
    _write(tmp_path / "system" / "b.json", [_task(2, "predictions", [(0, 4, "PER")])])
    _write(tmp_path / "gold" / "b.json", [_task(2, "annotations", [(0, 4, "PER")])])
    paired = pair(read_spans(str(tmp_path / "gold")), read_spans(str(tmp_path / "system")))
    assert [d.name for d in paired.documents] == ["a"]


def test_the_same_file_as_gold_and_system_is_a_warning(predictions_only, cli):
    gold, _ = predictions_only
    result = cli("spans", gold, gold)
    assert result.code == 0
    assert f"warning: gold and system are the same file ({gold}): the scores compare it with itself" in result.err


def test_a_copy_as_system_is_a_warning_naming_the_sha256(predictions_only, tmp_path, cli):
    gold, _ = predictions_only
    copy = shutil.copy(gold, tmp_path / "copy.json")
    result = cli("spans", gold, copy)
    assert f"warning: gold ({gold}) and system ({copy}) hold the same bytes (sha256 " in result.err


def test_the_same_file_is_a_warning_in_a_method_of_its_own_format_too(cli):
    gold = EXAMPLES / "faireval" / "gold.conll"
    result = cli("faireval", gold, gold)
    assert result.code == 0 and "warning: gold and system are the same file" in result.err


def test_one_file_read_two_ways_is_no_warning(tmp_path, cli):
    both = _write(tmp_path / "export.json", [{**_task(1, "annotations", [(0, 4, "PER")]),
                                              "predictions": [{"result": []}]}])  # fmt: skip
    result = cli("spans", both, both, "--system-source", "predictions")
    assert result.code == 0 and "same" not in result.err


def test_two_corpora_say_what_each_holds(tmp_path):
    gold = _write(tmp_path / "gold.json", [_task(n, "annotations", []) for n in (1, 2, 3, 4)])
    system = _write(tmp_path / "system.json", [_task(n, "annotations", []) for n in ("x", "y")])
    with pytest.raises(InputError) as error:
        pair(read_spans(gold), read_spans(system))
    assert error.value.file == system
    assert error.value.found == (f"none: it holds 2 documents ('x', 'y'), {gold} 4 documents ('1', '2', '3', …); "
                                 "no names in common (different texts?)")  # fmt: skip


def test_a_rescored_report_keeps_the_same_inputs_warning(tmp_path):
    """CLUEval re-scores another leniency level from its kept tables (the app, on a changed
    option): the level's own messages change, the warning added to the report stays."""
    from engine.methods import get_method
    from engine.same_inputs import warn_of_same_inputs

    gold = tmp_path / "g.vrt"
    gold.write_text(VRT, encoding="utf-8")
    method = get_method("clueval")
    options = method.Options()
    report = method.evaluate(str(gold), str(gold), options)
    warn_of_same_inputs(str(gold), str(gold), report, options)
    warn_of_same_inputs(str(gold), str(gold), report, options)  # once only
    (warning,) = [m for m in report.messages if "same file" in m]
    for level in (1, 2, 0):
        report = method.rescore(report, method.Options(lenient=level))
        assert report is not None and [m for m in report.messages if "same file" in m] == [warning]


@pytest.mark.parametrize(("method", "own_file"), [("clueval", "g.vrt"), ("faireval", "gold.conll")])
def test_an_option_of_one_side_a_method_does_not_use_keeps_the_warning(method, own_file, tmp_path, cli):
    """CLUEval and FairEval read their own files without the reader options: one set for
    the system alone leaves both sides read alike."""
    path = tmp_path / own_file
    if own_file == "g.vrt":
        path.write_text(VRT, encoding="utf-8")
    else:
        shutil.copy(EXAMPLES / "faireval" / own_file, path)
    result = cli(method, path, path, "--system-tag-column", "1")
    assert result.code == 0 and "--system-tag-column: not used" in result.err
    assert f"warning: gold and system are the same file ({path}): the scores compare it with itself" in result.err


@pytest.mark.parametrize(("method", "own_file", "own"), [
    ("clueval", "g.vrt", True), ("faireval", "gold.conll", True),
    ("clueval", "c03.conll", False), ("faireval", "c03.conll", False),  # span formats: read with them
])  # fmt: skip
def test_the_report_says_the_reader_options_went_unused(method, own_file, own, tmp_path, monkeypatch):
    """The method decides, as it reads, whether it reads its own files without the reader
    options; its report keeps that, and the same-inputs warning reads it there: no input
    looked at again."""
    from engine.formats import sniffing
    from engine.methods import get_method
    from engine.same_inputs import READ_ITSELF, same_inputs_warning

    path = tmp_path / own_file
    if own_file == "g.vrt":
        path.write_text(VRT, encoding="utf-8")
    elif own_file == "c03.conll":
        path.write_text(CONLL_2003, encoding="utf-8")
    else:
        shutil.copy(EXAMPLES / "faireval" / own_file, path)
    options = get_method(method).Options(system_tag_column=1 if own else 2)
    report = get_method(method).evaluate(str(path), str(path), options)
    assert report.data.get(READ_ITSELF, False) is own
    monkeypatch.setattr(sniffing, "read_head", lambda *args: pytest.fail("an input's head read again"))
    warning = same_inputs_warning(str(path), str(path), report, options)
    assert warning == ([f"gold and system are the same file ({path}): the scores compare it with itself"]
                       if own else [])  # fmt: skip


@pytest.mark.parametrize("method", ["clueval", "faireval", "spans"])
def test_a_span_format_read_with_another_tag_column_is_no_warning(method, tmp_path, cli):
    path = tmp_path / "c03.conll"
    path.write_text(CONLL_2003, encoding="utf-8")
    assert "same file" in cli(method, path, path).err
    result = cli(method, path, path, "--system-tag-column", "2")  # the system's spans are the chunks
    assert result.code == 0 and "same" not in result.err and "not used" not in result.err
