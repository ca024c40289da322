"""ProPara's plain run (scores only) gives the scores of a detailed run (both take the
same route through scoring.py); errors come in the original's order."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.errors import InputError
from engine.formats.propara_actions import Reader
from engine.methods.propara import Options, ProPara
from engine.methods.propara.compare import Comparer
from engine.methods.propara.detail import BestPairs
from engine.methods.propara.scores import QUESTIONS, score_process
from engine.methods.propara.summary import Summaries
from tests.engine.propara_reference import is_input, is_output
from tests.engine.test_propara_reference import _files


def _evaluate(predictions: str, answers: str | None, *, detail: bool) -> dict | str:
    """What a run prints and writes, and every process's scores (or the error's text, files
    named as in the folder); `answers` None: the predictions file against itself."""
    with tempfile.TemporaryDirectory() as folder:
        p, a = Path(folder, "p.tsv"), Path(folder, "a.tsv")
        p.write_text(predictions, encoding="utf-8")
        a.write_text(predictions if answers is None else answers, encoding="utf-8")
        try:
            report = ProPara().evaluate(str(a), str(p), Options(), detail=detail)
        except InputError as err:
            return str(err).replace(folder + os.sep, "")
        run = report.data["_run"]
        return {
            "text": report.data["_report_text"],
            "output": ProPara().render_output("output", report),
            "diagnostics": ProPara().render_output("diagnostics", report).replace(folder + os.sep, ""),
            "messages": [message.replace(folder + os.sep, "") for message in report.messages],
            "processes": [run.scores.diagnostics(k) for k in range(len(run.scores.pids))],
            "items": report.data.get("items"),
        }


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**9), st.booleans())
def test_a_plain_run_scores_like_a_detailed_one(seed, without_and):
    """`without_and`: no phrase holds ` AND ` (every similarity outside conversions 0 or 1)."""
    predictions, answers = _files(seed)
    if without_and:
        predictions, answers = predictions.replace("AND", "and"), answers.replace("AND", "and")
    plain = _evaluate(predictions, answers, detail=False)
    detailed = _evaluate(predictions, answers, detail=True)
    if isinstance(plain, dict) and isinstance(detailed, dict):
        del detailed["items"], plain["items"]
    assert plain == detailed


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9))
def test_items_compared_on_arrays_match_them_item_by_item(seed):
    """Every process's questions as the run scored them (on arrays where it could, scoring.py)
    equal score_process's, item by item: P and R as the run reports them, each item's best
    score and best partner as the detail takes them (detail.BestPairs)."""
    predictions, answers = (text.replace("AND", "and") for text in _files(seed))
    with tempfile.TemporaryDirectory() as folder:
        p, a = Path(folder, "p.tsv"), Path(folder, "a.tsv")
        p.write_text(predictions, encoding="utf-8")
        a.write_text(answers, encoding="utf-8")
        try:
            report = ProPara().evaluate(str(a), str(p), Options(), detail=False)
        except InputError:
            return
    scores = report.data["_run"].scores
    assert scores.chosen.all()  # no AND: every process's inputs, outputs and moves on arrays
    processes = list(range(len(scores.pids)))
    best, counts, expected = BestPairs(scores, processes), [], []
    for k in processes:
        summaries = scores.summaries(k)
        found = score_process(*summaries, Comparer()).questions
        for q in QUESTIONS:
            assert (scores.precision[q][k], scores.recall[q][k]) == (found[q].precision, found[q].recall)
            counts += [len(getattr(summary, q)) for summary in summaries]
            expected += [*found[q].answer_best, *found[q].prediction_best]
    score, where = best.pairs(np.array(counts, np.int64))
    assert list(zip(score.tolist(), where.tolist(), strict=True)) == expected


GOOD = "1\t1\tx\tNONE\ta\ta\n1\t2\tx\tMOVE\ta\tb\n"


@pytest.mark.parametrize(
    ("predictions", "answers", "error"),
    [
        ("1\t1\tx\tMove\ta\tb\n", "", "p.tsv:1: expected NONE, CREATE, DESTROY or MOVE as the action, found 'Move'"),
        (GOOD, "", "a.tsv: expected tab-separated action rows, found an empty file"),
        (GOOD, b"1\t1\tx\tNONE\t\xe9\t\xe9\n", "a.tsv:1: expected UTF-8 text, found byte 0xE9"),
        (GOOD, "1\t1\tx\tNONE\ta\tb\n", "a.tsv:1: expected equal before and after locations for NONE, "
                                        "found 'a' and 'b'"),
        (GOOD + GOOD.replace("1\t", "2\t", 1) + "x\n", GOOD, "p.tsv:5: expected a process id and a sentence "
                                                            "number separated by a TAB, found 'x'"),
    ],
)  # fmt: skip
def test_errors_come_in_the_original_order(tmp_path, predictions, answers, error):
    for name, content in (("p.tsv", predictions), ("a.tsv", answers)):
        data = content if isinstance(content, bytes) else content.encode()
        (tmp_path / name).write_bytes(data)
    with pytest.raises(InputError) as raised:
        ProPara().evaluate(str(tmp_path / "a.tsv"), str(tmp_path / "p.tsv"), Options(), detail=False)
    assert str(raised.value).replace(str(tmp_path) + os.sep, "") == error


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.sampled_from(["NONE", "CREATE", "DESTROY", "MOVE"]), min_size=1, max_size=7),
                min_size=1, max_size=6))  # fmt: skip
@example([["MOVE", "DESTROY"], ["DESTROY", "DESTROY"], ["CREATE", "DESTROY"], ["DESTROY", "MOVE"],
          ["CREATE", "MOVE"], ["MOVE", "CREATE"], ["NONE", "CREATE", "NONE"], ["DESTROY", "NONE", "CREATE"],
          ["NONE", "NONE"]])  # fmt: skip  # (test_propara_examples' cases)
def test_inputs_and_outputs_found_at_once_follow_their_definitions(participants):
    """The summaries' inputs and outputs (found for all participants at once) are those of
    §3.4's definitions (the reference's is_input / is_output), one participant at a time."""
    rows = []
    for number, actions in enumerate(participants):
        place = "-"
        for sentence, action in enumerate(actions, 1):
            before, after = {"NONE": (place, place), "CREATE": ("-", "x"), "DESTROY": ("x", "-"),
                             "MOVE": ("x", "y")}[action]  # fmt: skip
            rows.append(f"1\t{sentence}\tp{number}\t{action}\t{before}\t{after}\n")
            place = after
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "a.tsv")
        path.write_text("".join(rows), encoding="utf-8")
        actions = Reader(str(path)).read()
    summary = Summaries(actions).of(actions.processes[1])
    names = [f"p{number}" for number in range(len(participants))]
    assert summary.inputs == [name for name, a in zip(names, participants, strict=True) if is_input(a)]
    assert summary.outputs == [name for name, a in zip(names, participants, strict=True) if is_output(a)]


def test_a_files_conversions_are_found_once_for_the_scores_and_the_detail(tmp_path, monkeypatch):
    """The scores ask the conversions of the processes whose creations or destructions
    differ, the detail those of the rest: each file's creations and destructions are located
    once for both (Summaries.step_slots; before, each ask located them anew), and no
    process's conversions are found twice."""
    from functools import cached_property

    from tests.conftest import CONFORMANCE

    rows = (CONFORMANCE / "propara" / "testfiles-0" / "answers.tsv").read_text(encoding="utf-8").splitlines()
    changed = [row.split("\t") for row in rows]
    for k, fields in enumerate(changed):
        if fields[3] in ("CREATE", "MOVE") and k % 3 == 0:
            fields[5] = "somewhere else"
    a, p = tmp_path / "a.tsv", tmp_path / "p.tsv"
    a.write_text("\n".join(rows) + "\n", encoding="utf-8")
    p.write_text("\n".join(map("\t".join, changed)) + "\n", encoding="utf-8")
    located: list[int] = []
    asked: dict[int, list[int]] = {}
    locate, find = Summaries.__dict__["step_slots"].func, Summaries.conversions_of_many
    counted = cached_property(lambda self: located.append(id(self)) or locate(self))
    counted.__set_name__(Summaries, "step_slots")
    monkeypatch.setattr(Summaries, "step_slots", counted)
    monkeypatch.setattr(Summaries, "conversions_of_many", lambda self, processes: asked.setdefault(
        id(self), []).extend(process.index for process in processes) or find(self, processes))  # fmt: skip
    report = ProPara().evaluate(str(a), str(p), Options(), detail=True)
    same = report.data["_run"].scores.same_conversions
    assert 0 < same.sum() < len(same) and report.data.get("items")  # both the scores and the detail ask
    assert sorted(map(located.count, set(located))) == [1, 1]  # each file once
    answers, predictions = sorted(asked.values(), key=len, reverse=True)
    assert sorted(answers) == list(range(len(same))) and len(set(predictions)) == len(predictions) == (~same).sum()
