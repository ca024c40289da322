"""Input files read ahead by the `spanstudio` command (engine/prefetch.py): taken as they
are when unchanged, read again when changed, never for outputs or for methods that stream
their inputs; `python -m engine` prints what `python -m engine.cli` prints."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import cores, prefetch
from engine.methods import all_methods, get_method
from tests.conftest import ROOT, conformance


@pytest.fixture
def ahead(monkeypatch):
    """Every file is large enough; the read-ahead files of the test only."""
    monkeypatch.setattr(prefetch, "MIN_BYTES", 0)
    monkeypatch.setattr(prefetch, "_ahead", {})
    return prefetch._ahead


def test_an_unchanged_file_is_taken_once_with_its_digest(tmp_path, ahead):
    path = tmp_path / "gold.txt"
    path.write_bytes(b"abc\n")
    prefetch.read_ahead(["starsem", "-g", str(path)])
    assert prefetch.take(str(path)) == (b"abc\n", "edeaaff3f1774ad2888673770c6d64097e391bc362d7d6fb34982ddf0efd18cb")
    assert prefetch.take(str(path)) is None


def test_a_file_changed_since_is_read_again(tmp_path, ahead):
    path = tmp_path / "gold.txt"
    path.write_bytes(b"abc\n")
    prefetch.read_ahead(["starsem", "-g", str(path)])
    ahead[str(path)].thread.join()
    path.write_bytes(b"abcd\n")
    assert prefetch.take(str(path)) is None
    prefetch.read_ahead(["starsem", "-g", str(path)])
    ahead[str(path)].thread.join()
    os.utime(path, ns=(1, 1))  # the same size, another time
    assert prefetch.take(str(path)) is None


def test_only_regular_input_files_of_whole_input_commands_are_read(tmp_path, ahead, monkeypatch):
    files = {name: tmp_path / name for name in ("a.txt", "b.txt", "out.json", "out.xlsx")}
    for path in files.values():
        path.write_bytes(b"x")
    args = [str(files["a.txt"]), "--json", str(files["out.json"]), "--xlsx", str(files["out.xlsx"]), str(tmp_path),
            "--gold", str(files["b.txt"]), str(tmp_path / "missing.txt")]  # fmt: skip
    prefetch.read_ahead(["faireval", *args])
    assert ahead == {}
    prefetch.read_ahead(["starsem", *args])
    assert sorted(ahead) == [str(files["a.txt"]), str(files["b.txt"])]
    monkeypatch.setattr(prefetch, "MIN_BYTES", 2)
    ahead.clear()
    prefetch.read_ahead(["starsem", *args])
    assert ahead == {}


def _inputs(method: str) -> tuple[Path, Path]:
    if method == "faireval":
        return ROOT / "resources/examples/faireval/gold.conll", ROOT / "resources/examples/faireval/system.conll"
    if method == "clueval":
        folder = conformance("clueval") / "data"
        return folder / "reference-short.bio", folder / "candidate-short.bio"
    if method == "poetry":
        folder = conformance("poetry") / "readme_example"
        return folder / "ref.jsonl", folder / "sys.jsonl"
    if method == "starsem":
        folder = conformance("starsem")
        return folder / "SEM-2012-SharedTask-CD-SCO-test-cardboard-GOLD.txt", folder / "cardboard.mixed.system.txt"
    folder = conformance("propara") / "testfiles-1"
    return folder / "answers.tsv", folder / "predictions.tsv"


def test_the_whole_input_commands_are_the_methods_that_take_their_inputs(ahead, monkeypatch):
    """Read ahead for every method: the methods that take both inputs are those listed."""
    listed = prefetch.WHOLE_INPUT_COMMANDS
    monkeypatch.setattr(prefetch, "WHOLE_INPUT_COMMANDS", frozenset(m.name for m in all_methods()))
    taking = set()
    for method in all_methods():
        gold, system = map(str, _inputs(method.name))
        prefetch.read_ahead([method.name, gold, system])
        assert sorted(ahead) == sorted([gold, system])
        get_method(method.name).evaluate(gold, system, method.Options(), detail=False)
        if not ahead:
            taking.add(method.name)
        ahead.clear()
    assert taking == listed


def test_a_run_takes_what_was_read_ahead_as_the_file_is(tmp_path, ahead):
    gold, system = tmp_path / "gold.txt", tmp_path / "system.txt"
    gold.write_bytes(_inputs("starsem")[0].read_bytes())
    system.write_bytes(_inputs("starsem")[1].read_bytes())
    prefetch.read_ahead(["starsem", "-g", str(gold), "-s", str(system)])
    ahead[str(gold)].thread.join()
    gold.write_bytes(system.read_bytes())  # changed since
    method = get_method("starsem")
    report = method.evaluate(str(gold), str(system), method.Options(), detail=False)
    assert ahead == {}
    assert [f.sha256 for f in report.inputs] == [hashlib.sha256(p.read_bytes()).hexdigest() for p in (gold, system)]
    assert report.data == method.evaluate(str(gold), str(system), method.Options(), detail=False).data


def test_python_m_engine_is_the_command_line(tmp_path):
    """On a file large enough to be read ahead (and read in halves)."""
    training = str(conformance("starsem") / "SEM-2012-SharedTask-CD-SCO-training-09032012.txt")
    assert os.path.getsize(training) > 2 * prefetch.MIN_BYTES
    outputs = []
    for module in ("engine", "engine.cli"):
        done = subprocess.run([sys.executable, "-m", module, "starsem", "-g", training, "-s", training, "--extended"],
                              capture_output=True, text=True, cwd=ROOT)  # fmt: skip
        outputs.append((done.returncode, done.stdout, done.stderr))
    assert outputs[0] == outputs[1] and outputs[0][0] == 0 and "Scope" in outputs[0][1]
    missing = subprocess.run([sys.executable, "-m", "engine", "starsem", "-g", str(tmp_path / "none.txt"), "-s",
                              training], capture_output=True, text=True, cwd=ROOT)  # fmt: skip
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1 and "none.txt" in missing.stderr


def test_files_read_ahead_for_nothing_end_before_a_fork(tmp_path, ahead):
    """An existing output of ProPara's (--diagnostics) is read ahead, never taken; a
    process that may fork waits for its thread and drops it."""
    out = tmp_path / "diagnostics.txt"
    out.write_bytes(b"x" * 100)
    prefetch.read_ahead(["propara", "-d", str(out)])
    reading = ahead[str(out)]
    with cores.forking():
        cores.can_fork()
    assert ahead == {} and not reading.thread.is_alive()


def test_the_digest_of_bytes_read_ahead_is_not_computed_again(tmp_path, ahead, monkeypatch):
    from engine.textio import input_sha256, read_input_bytes

    path = tmp_path / "answers.tsv"
    path.write_bytes(b"abc\n")
    prefetch.read_ahead(["propara", "-a", str(path)])
    ahead[str(path)].thread.join()
    data = read_input_bytes(str(path))
    expected = hashlib.sha256(b"abc\n").hexdigest()
    with monkeypatch.context() as patched:
        patched.setattr(prefetch.hashlib, "sha256", None)  # any new digest would fail
        assert input_sha256(str(path), data) == expected
    assert input_sha256(str(path), b"abcd\n") == hashlib.sha256(b"abcd\n").hexdigest()  # other bytes
