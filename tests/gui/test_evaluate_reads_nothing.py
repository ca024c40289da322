"""Evaluate reads no chosen file on the UI thread: the check that a file is not another
method's (the switch offered) judges the head its box's look read on a worker, so a file of
one huge line (megabytes read before its first line ends) never freezes the window at the
click; a file written again since its look is read anew."""

from __future__ import annotations

import builtins
import io
import os
import shutil
import threading

from tests.conftest import conformance

from .conftest import wait_idle


def _chosen(qtbot, window, tmp_path, example) -> tuple[str, str]:
    gold, huge = tmp_path / "gold.conll", tmp_path / "huge.conll"
    shutil.copy(example[1], gold)
    huge.write_bytes(b"tok O " * 1_000_000)  # one line of 6 MB: its look reads 4 MB of it
    window.setup.set_method("faireval")
    window.setup.set_paths(str(gold), str(huge))
    qtbot.waitUntil(lambda: not window.setup.looking, timeout=20_000)
    return str(gold), str(huge)


def test_evaluate_judges_the_looks_heads_and_reads_no_file(qtbot, window, tmp_path, example, shown, monkeypatch):
    gold, huge = _chosen(qtbot, window, tmp_path, example)
    real, ui_thread_opens = io.open, []

    def counted(file, *args, **kwargs):
        ours = isinstance(file, (str, os.PathLike)) and os.fspath(file).startswith(str(tmp_path))
        if ours and threading.current_thread() is threading.main_thread():
            ui_thread_opens.append(os.fspath(file))
        return real(file, *args, **kwargs)

    monkeypatch.setattr(io, "open", counted)
    monkeypatch.setattr(builtins, "open", counted)
    assert window.evaluate()
    monkeypatch.setattr(io, "open", real)
    monkeypatch.setattr(builtins, "open", real)
    assert ui_thread_opens == []
    wait_idle(qtbot, window)
    ((doing, message),) = shown.input_errors  # the run's reader says what is wrong, as before
    assert message.startswith(f"{huge}:1: expected 4 TAB-separated fields") and not shown.crashes


def test_a_file_written_since_its_look_is_judged_as_it_is_now(qtbot, window, tmp_path, example, shown):
    gold, system = tmp_path / "reference.bio", tmp_path / "candidate.bio"
    shutil.copy(conformance("clueval") / "data" / "reference-short.bio", gold)
    shutil.copy(conformance("clueval") / "data" / "candidate-short.bio", system)
    window.setup.set_method("clueval")
    window.setup.set_paths(str(gold), str(system))
    qtbot.waitUntil(lambda: not window.setup.looking, timeout=20_000)
    shutil.copy(conformance("faireval") / "data" / "target" / "ner_spans.csv", system)  # a FairEval span file
    assert not window.evaluate() and window.report is None  # it read as CLUEval's when looked at
    ((message, offered),) = shown.switches  # judged as it is now: FairEval offered
    assert "faireval" in offered and f"{system} looks like a FairEval span file" in message
