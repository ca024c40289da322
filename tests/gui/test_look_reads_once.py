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
import gui.file_contents
import gui.setup_panel
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


def _settle(qtbot, setup) -> None:
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)


def _pair_chosen(qtbot, window, folder: Path, method: str = "faireval"):  # noqa: ANN202 - setup panel, gold, system
    """The method chosen, a CoNLL-2000 gold and system chosen, their looks in."""
    gold, system = folder / "gold.txt", folder / "system.txt"
    for path in (gold, system):
        path.write_text(CONLL2000, encoding="utf-8")
    setup = window.setup
    setup.set_method(method)
    setup.set_paths(str(gold), str(system))
    _settle(qtbot, setup)
    return setup, gold, system


def test_the_setup_panel_reads_where_faireval_stops_for_faireval_alone(qtbot, window, tmp_path, own_reads):
    setup, gold, _system = _pair_chosen(qtbot, window, tmp_path, "spans")
    assert own_reads[str(gold)] == 0 and setup.contents["gold"].own_stops is None
    for method in ("faireval", "spans", "faireval"):  # each method's look kept: FairEval's read once
        setup.set_method(method)
        _settle(qtbot, setup)
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


@pytest.fixture
def span_looks(monkeypatch) -> Counter:
    """The files a look reads with the span readers (their choices, labels and messages) from now on."""
    return _counted(monkeypatch, gui.file_contents, "_contents_read")


def test_a_faireval_pair_of_its_own_formats_is_read_by_its_own_reader_alone(
    qtbot, window, tmp_path, own_reads, span_looks, monkeypatch
):
    """Every FairEval run reads two files of its own formats with its own reader: their looks
    read nothing else (the span readers' labels and messages serve no run of it). A file of
    another format beside one makes the run read both with the span readers: its look reads
    them so too, once its first look has said so (on the worker, the looks run in turn)."""
    monkeypatch.setattr(gui.setup_panel, "LARGE_INPUT", 10)  # every file is large: looked at on the worker
    setup, gold, system = _pair_chosen(qtbot, window, tmp_path)
    assert own_reads[str(gold)] == own_reads[str(system)] == 1 and span_looks == Counter()
    assert setup.contents["gold"].labels == ["NP", "VP"] and setup.fields["gold"].status.text().endswith("NP, VP")
    setup.fields["system"].set_path(DOCCANO)  # a span format: both read with the span readers
    _settle(qtbot, setup)
    assert span_looks[str(gold)] == 1 and own_reads[str(gold)] == 2  # what both readers say of it
    assert own_reads[DOCCANO] == 0 and setup.contents["gold"].own_stops is not None


def test_a_look_kept_serves_a_method_chosen_again(qtbot, window, tmp_path, own_reads, span_looks):
    """FairEval's look (its own reader alone) and the span method's (the span readers) are kept
    while the files stay chosen: choosing either method again reads nothing."""
    setup, gold, system = _pair_chosen(qtbot, window, tmp_path)
    for method in ("spans", "faireval", "spans", "faireval"):
        setup.set_method(method)
        _settle(qtbot, setup)
    assert own_reads[str(gold)] == 1 and span_looks[str(gold)] == 1
    setup.fields["gold"].set_path(str(system))  # another file: the gold's no longer chosen
    _settle(qtbot, setup)
    setup.fields["gold"].set_path(str(gold))  # chosen again: read anew
    _settle(qtbot, setup)
    assert own_reads[str(gold)] == 2


def test_a_faireval_file_beside_a_span_format_is_read_by_both_readers_once(
    qtbot, window, tmp_path, own_reads, span_looks, monkeypatch
):
    """A CoNLL-2000 gold beside a doccano system, both chosen at once and large (looked at on the
    worker, one look at a time): the gold's file is read once, for what both readers say of it."""
    monkeypatch.setattr(gui.setup_panel, "LARGE_INPUT", 10)
    gold = tmp_path / "gold.txt"
    gold.write_text(CONLL2000, encoding="utf-8")
    setup = window.setup
    setup.set_method("faireval")
    setup.set_paths(str(gold), DOCCANO)
    _settle(qtbot, setup)
    assert own_reads[str(gold)] == 1 and span_looks[str(gold)] == 1
