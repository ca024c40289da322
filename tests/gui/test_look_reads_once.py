"""A look at a chosen file reads what the method needs, each file once: FairEval's own reading
of a file of its formats (where its run stops) only where the method is FairEval; a folder's
files each read once, its first file's bytes too (read for its choices, then with the folder),
and every file's head once (the folder's reader found once, not again to read it)."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

import engine.formats.sniffing
import engine.methods.faireval.stops
import engine.textio
from engine.formats.standoff import ReadOptions
from engine.methods.clueval import CluEval
from engine.methods.faireval import FairEval
from engine.methods.spans import Spans
from gui.file_contents import read_contents
from gui.inputs import look_at

from .test_file_choices import DOCCANO, TSV

CONLL2000 = "The DT B-NP\ncat NN I-NP\nsat VBD B-VP\n\nA DT B-NP\ndog NN I-NP\n"


def _counted(monkeypatch, module, name: str) -> Counter:
    """How often module.name is called with each path (its first argument), from now on."""
    calls: Counter = Counter()
    real = getattr(module, name)

    def counting(path, *args, **kwargs):
        calls[str(path)] += 1
        return real(path, *args, **kwargs)

    monkeypatch.setattr(module, name, counting)
    return calls


@pytest.fixture
def own_reads(monkeypatch) -> Counter:
    """The files FairEval's own reader reads from now on."""
    return _counted(monkeypatch, engine.methods.faireval.stops, "FileReader")


def test_only_faireval_reads_a_file_with_faireval_s_own_reader():
    assert FairEval.reads_own_stops
    assert not CluEval.reads_own_stops and not Spans.reads_own_stops


def test_a_look_reads_where_faireval_stops_only_where_asked(tmp_path, own_reads):
    path = tmp_path / "chunks.txt"
    path.write_text(CONLL2000, encoding="utf-8")
    assert read_contents(str(path), ReadOptions()).own_stops is None
    assert own_reads[str(path)] == 0  # read as a CoNLL-2000 file by FairEval's reader under every method
    stops = read_contents(str(path), ReadOptions(), None, None, True).own_stops
    assert stops is not None and stops.sentences == 2 and own_reads[str(path)] == 1


def test_the_setup_panel_reads_where_faireval_stops_for_faireval_alone(qtbot, window, tmp_path, own_reads):
    gold, system = tmp_path / "gold.txt", tmp_path / "system.txt"
    for path in (gold, system):
        path.write_text(CONLL2000, encoding="utf-8")
    setup = window.setup
    setup.set_method("spans")
    setup.set_paths(str(gold), str(system))
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)
    assert own_reads[str(gold)] == 0 and setup.contents["gold"].own_stops is None
    for method in ("faireval", "spans", "faireval"):  # the look with FairEval's reading serves both
        setup.set_method(method)
        qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)
    assert own_reads[str(gold)] == 1 and setup.contents["gold"].own_stops is not None


@pytest.mark.parametrize("example", [DOCCANO, TSV])
def test_a_folders_files_are_each_read_once(tmp_path, monkeypatch, example):
    folder = tmp_path / "corpus"
    folder.mkdir()
    for n in (1, 2, 3):
        shutil.copy(example, folder / f"part{n}{Path(example).suffix}")
    looked = look_at(str(folder))
    read = _counted(monkeypatch, engine.textio, "_file_bytes")
    heads = _counted(monkeypatch, engine.formats.sniffing, "head_bytes")
    contents = read_contents(str(folder), ReadOptions(), None, looked)
    assert contents.error is None and contents.labels
    files = [str(folder / f"part{n}{Path(example).suffix}") for n in (1, 2, 3)]
    assert read == Counter(files)  # the first file was read for its choices, then with the folder
    assert heads == Counter(files)  # each head was read twice: the folder's reader found twice
