"""Forking a second process is for the command line's runs only (engine/cores.py)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from engine import cli as cli_module
from engine import cores
from tests.conftest import ROOT, conformance


def test_only_runs_inside_forking_may_fork():
    assert not cores.can_fork()
    with cores.forking():
        assert cores.can_fork() == cores.fork_possible()
        with cores.forking():
            pass
        assert cores.can_fork() == cores.fork_possible()  # nested: still allowed
    assert not cores.can_fork()


def test_command_line_runs_may_fork_and_the_library_does_not(cli, monkeypatch):
    allowed = []
    run = cli_module.run

    def recorded(method, args):
        allowed.append(cores._allowed)
        return run(method, args)

    monkeypatch.setattr(cli_module, "run", recorded)
    data = conformance("faireval") / "data"
    assert cli("faireval", data / "target" / "ner_spans.csv", data / "system" / "ner_spans.csv").code == 0
    assert allowed == [True]
    assert not cores._allowed  # the app and scripts calling the engine stay in one process


def test_no_fork_beside_another_thread():
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        with cores.forking():
            assert not cores.can_fork()
    finally:
        stop.set()
        thread.join()
    if threading.active_count() == 1 and sys.platform.startswith("linux") and len(os.sched_getaffinity(0)) > 1:
        with cores.forking():
            assert cores.can_fork()


needs_fork = pytest.mark.skipif(not cores.fork_possible(), reason="needs fork, a second core and no other thread")


def _answer() -> int:
    return 42


@needs_fork
def test_a_value_is_taken_without_waiting_for_the_child_to_end(monkeypatch, forking):
    """The child's value is used once it has arrived whole; its exit (the system freeing
    its memory) goes on meanwhile and is reaped later."""
    real_exit = os._exit

    def slow_exit(code: int) -> None:
        time.sleep(30)
        real_exit(code)

    monkeypatch.setattr(cores.os, "_exit", slow_exit)  # in the child only: this process never exits here
    beside = cores.Beside(_answer)
    pid = beside.pid
    started = time.monotonic()
    try:
        assert beside.result() == 42
        assert time.monotonic() - started < 10
        assert pid in cores._exited
    finally:
        os.kill(pid, signal.SIGKILL)
    cores.reap_exited(wait=True)
    assert pid not in cores._exited


@needs_fork
def test_a_value_cut_short_is_worked_out_here(monkeypatch, forking):
    """A child that ends before all of its value arrived has failed: the work is done here."""
    parent = os.getpid()

    def cut_short(self, pipe: int) -> None:
        os.write(pipe, (100).to_bytes(cores._SIZE, "little") + b"0123456789")
        os._exit(0)

    monkeypatch.setattr(cores.Beside, "_child", cut_short)
    beside = cores.Beside(os.getpid)
    assert beside.started
    assert beside.result() == parent
    assert not cores._exited  # the failed child was waited for


def test_the_command_ends_quickly_with_all_of_its_output(tmp_path, cli):
    """`spanstudio` ends with os._exit (engine.cli.entry): the whole report still reaches
    a pipe, with the status of main, when a helper process read half of the input."""
    folder = conformance("starsem")
    gold = folder / "SEM-2012-SharedTask-CD-SCO-dev-09032012.txt"
    system = tmp_path / "system.txt"  # the dev file four times over: large enough for two processes
    text = (folder / "dev.mixed.system.txt").read_text(encoding="utf-8").rstrip("\n") + "\n\n"
    system.write_text(text * 4, encoding="utf-8")
    gold_text = gold.read_text(encoding="utf-8").rstrip("\n") + "\n\n"
    (tmp_path / "gold.txt").write_text(gold_text * 4, encoding="utf-8")
    args = ["starsem", "-g", str(tmp_path / "gold.txt"), "-s", str(system), "--json", "-"]
    done = subprocess.run([sys.executable, "-m", "engine.cli", *args], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0
    assert json.loads(done.stdout)["scores"] == json.loads(cli(*args).out)["scores"]
    bad = subprocess.run([sys.executable, "-m", "engine.cli", "starsem", "-g", str(tmp_path / "none.txt"), "-s",
                          str(system)], capture_output=True, text=True, cwd=ROOT)  # fmt: skip
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and bad.stdout == ""
