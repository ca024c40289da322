"""A command-line process lives for one run (engine/oneshot.py): its collector stays off and,
once numpy is loaded, glibc's allocator keeps freed memory for the run's next arrays."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine import cli

_STEPS = """
import sys
from engine import oneshot
print(oneshot.keep_freed_memory())  # not a one-run process (the app): never
oneshot.settle()
print(oneshot.keep_freed_memory(), "ctypes" in sys.modules)  # ctypes is not loaded for this alone
import numpy, gc
print(oneshot.keep_freed_memory(), gc.isenabled())
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt")
def test_freed_memory_is_kept_in_a_one_run_process_once_numpy_is_loaded():
    done = subprocess.run([sys.executable, "-c", _STEPS], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.split("\n") == ["False", "False False", "True False", ""]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt")
def test_a_poetry_run_keeps_freed_memory(tmp_path):
    """The run asks for it when it starts (engine.methods.gc_paused)."""
    gold, system = tmp_path / "ref.jsonl", tmp_path / "sys.jsonl"
    gold.write_text('{"page_id": "p", "n_excerpts": 1, "excerpts": [{"start": 0, "end": 5, "poem_id": "a"}]}\n')
    system.write_text('{"page_id": "p", "n_spans": 0, "poem_spans": []}\n')
    code = ("import sys\nfrom engine import cli, oneshot\ncli.settle()\nstatus = cli.main(sys.argv[1:])\n"
            "print(status, oneshot._kept)")  # fmt: skip
    args = ["poetry", str(gold), str(system), str(tmp_path / "o.csv")]
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=60)
    assert done.stdout.splitlines()[-1] == "0 True", done.stderr


def test_the_command_settles_before_it_runs(monkeypatch):
    calls = []
    monkeypatch.setattr(cli, "settle", lambda: calls.append("settle"))
    monkeypatch.setattr(cli, "main", lambda: calls.append("main") or 0)

    def exit_(code):
        raise SystemExit(code)

    monkeypatch.setattr(cli.os, "_exit", exit_)
    with pytest.raises(SystemExit):
        cli.entry()
    assert calls == ["settle", "main"]
