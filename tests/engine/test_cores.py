"""Forking a second process is for the command line's runs only (engine/cores.py)."""

from __future__ import annotations

import os
import sys
import threading

from engine import cli as cli_module
from engine import cores
from tests.conftest import conformance


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
