"""ProPara's fast paths give what the general paths give: a plain run (scores only: perfect
and quick questions, no best partners kept) the scores of a detailed run; reading on two
cores (another process forked for a file or for half a file) the results and the errors
of reading in one; the fork helper falls back to working here."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import cores
from engine.errors import Cancelled, InputError
from engine.formats.propara_actions import Reader, Strings
from engine.methods.propara import Options, ProPara, reading
from engine.methods.propara.summary import Summaries, is_input, is_output
from engine.progress import Progress
from tests.engine.test_propara_reference import _files

pytestmark = pytest.mark.usefixtures("forking")
needs_fork = pytest.mark.skipif(
    not cores.fork_possible(), reason="fork is used on Linux with two cores, no threads"
)


def _evaluate(predictions: str, answers: str | None, *, detail: bool, parallel: bool) -> dict | str:
    """What a run prints and writes, and every process's scores (or the error's text, files
    named as in the folder); `answers` None: the predictions file against itself."""
    saved = reading.PARALLEL_MIN
    reading.PARALLEL_MIN = 0 if parallel else 1 << 60
    with tempfile.TemporaryDirectory() as folder:
        p, a = Path(folder, "p.tsv"), Path(folder, "a.tsv")
        p.write_text(predictions, encoding="utf-8")
        a.write_text(predictions if answers is None else answers, encoding="utf-8")
        try:
            report = ProPara().evaluate(str(a), str(p), Options(), detail=detail)
        except InputError as err:
            return str(err).replace(folder + os.sep, "")
        finally:
            reading.PARALLEL_MIN = saved
        run = report.data["_run"]
        return {
            "text": report.data["_report_text"],
            "output": ProPara().render_output("output", report),
            "diagnostics": ProPara().render_output("diagnostics", report).replace(folder + os.sep, ""),
            "messages": [message.replace(folder + os.sep, "") for message in report.messages],
            "processes": [pair.score.diagnostics() for pair in run.pairs],
            "items": report.data.get("items"),
        }


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**9), st.booleans())
def test_a_plain_run_scores_like_a_detailed_one(seed, without_and):
    """`without_and`: no phrase holds ` AND ` (every similarity outside conversions 0 or 1)."""
    predictions, answers = _files(seed)
    if without_and:
        predictions, answers = predictions.replace("AND", "and"), answers.replace("AND", "and")
    plain = _evaluate(predictions, answers, detail=False, parallel=False)
    detailed = _evaluate(predictions, answers, detail=True, parallel=False)
    if isinstance(plain, dict) and isinstance(detailed, dict):
        del detailed["items"], plain["items"]
    assert plain == detailed


@needs_fork
@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**9), st.booleans(), st.booleans())
def test_reading_on_two_cores_gives_what_one_gives(seed, against_itself, detail):
    predictions, answers = _files(seed)
    answers_or_none = None if against_itself else answers
    one = _evaluate(predictions, answers_or_none, detail=detail, parallel=False)
    forks = []
    fork = cores.Beside._fork

    def counted(self):
        fork(self)
        forks.append(self.pid)

    cores.Beside._fork = counted
    try:
        two = _evaluate(predictions, answers_or_none, detail=detail, parallel=True)
    finally:
        cores.Beside._fork = fork
    assert two == one
    assert forks and all(forks)  # the other process did its share


GOOD = "1\t1\tx\tNONE\ta\ta\n1\t2\tx\tMOVE\ta\tb\n"


@needs_fork
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
def test_errors_on_two_cores_come_in_the_original_order(tmp_path, predictions, answers, error):
    for name, content in (("p.tsv", predictions), ("a.tsv", answers)):
        data = content if isinstance(content, bytes) else content.encode()
        (tmp_path / name).write_bytes(data)
    saved = reading.PARALLEL_MIN
    reading.PARALLEL_MIN = 0
    try:
        with pytest.raises(InputError) as raised:
            ProPara().evaluate(str(tmp_path / "a.tsv"), str(tmp_path / "p.tsv"), Options(), detail=False)
    finally:
        reading.PARALLEL_MIN = saved
    assert str(raised.value).replace(str(tmp_path) + os.sep, "") == error


@needs_fork
def test_a_cancelled_run_stops_the_other_process(tmp_path, monkeypatch):
    """Cancelled while this process reads its share: the other one is killed, not left behind."""
    rows = "".join(f"{pid}\t{s}\tx\tNONE\ta\ta\n" for pid in range(2000) for s in range(1, 6))
    path = tmp_path / "a.tsv"
    path.write_text(rows, encoding="utf-8")
    children = []
    fork = cores.Beside._fork

    def recorded(self):
        fork(self)
        children.append(self.pid)

    monkeypatch.setattr(cores.Beside, "_fork", recorded)
    monkeypatch.setattr(reading, "PARALLEL_MIN", 0)
    progress = Progress()
    progress.cancel()
    with pytest.raises(Cancelled):
        ProPara().evaluate(str(path), str(path), Options(), progress, detail=False)
    assert children
    for pid in children:
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)  # reaped already


def _pid() -> int:
    return os.getpid()


def test_beside_works_in_another_process_or_here():
    beside = cores.Beside(_pid)
    assert (beside.result() != os.getpid()) == cores.can_fork()
    assert cores.Beside(_pid, start=False).result() == os.getpid()


def test_beside_does_the_work_here_when_the_child_fails():
    parent = os.getpid()

    def fails_elsewhere() -> int:
        if os.getpid() != parent:
            raise RuntimeError("child")
        return 7

    assert cores.Beside(fails_elsewhere).result() == 7


@needs_fork
def test_beside_cancel_kills_the_child():
    beside = cores.Beside(lambda: time.sleep(60))
    pid = beside.pid
    start = time.monotonic()
    beside.cancel()
    assert time.monotonic() - start < 5
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)


def test_codes_from_another_process_are_taken_over():
    """Strings coded in a copy after a mark map onto the same strings here."""
    import copy

    import numpy as np

    ours = Strings(("-",))
    ours.encode(["a", "b"])
    mark = ours.mark()
    theirs = copy.deepcopy(ours)
    their_codes = theirs.encode(["c", "a", "d", "c"])
    our_codes = ours.encode(["d", "e"])
    merged = ours.merge(*theirs.since(mark))(their_codes)
    assert [ours.text(int(code)) for code in merged] == ["c", "a", "d", "c"]
    assert merged[2] == our_codes[0]
    assert np.array_equal(ours.merge(mark, {})(their_codes), their_codes)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.sampled_from(["NONE", "CREATE", "DESTROY", "MOVE"]), min_size=1, max_size=7),
                min_size=1, max_size=6))  # fmt: skip
def test_inputs_and_outputs_found_at_once_follow_their_definitions(participants):
    """The summaries' inputs and outputs (found for all participants at once) are those of
    is_input / is_output, one participant at a time."""
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
