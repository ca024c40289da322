"""A look at a chosen file does only the work that is shown: at once (a small file, on the
UI thread) the refusals of its own side; on a worker the refusals of both sides (gold and
system the same file: one look serves both boxes); a waiting look at a file its box no
longer holds is dropped."""

from __future__ import annotations

import threading

import pytest

import gui.setup_panel

from .test_file_choices import DATA, DOCCANO, TSV

CONLL = str(DATA / "conll" / "en-orig.conll")  # a file the span methods read (its IOB1 tags detected)


@pytest.fixture
def judged(monkeypatch) -> list[str]:
    """The sides whose refusals were worked out, in order."""
    sides: list[str] = []
    real = gui.setup_panel.refusals

    def counted(methods, side, look):
        sides.append(side)
        return real(methods, side, look)

    monkeypatch.setattr(gui.setup_panel, "refusals", counted)
    return sides


def test_a_small_files_look_works_out_its_own_sides_refusals_only(qtbot, window, judged):
    setup = window.setup
    setup.set_method("starsem")
    setup.fields["gold"].set_path(DOCCANO)
    setup.fields["system"].set_path(TSV)
    assert judged == ["gold", "system"]
    assert "looks like doccano JSONL" in setup.fields["gold"].error_text  # the gold's, as before
    assert set(setup.refusals) == {"gold", "system"}


def test_a_workers_look_serves_both_sides(qtbot, window, judged, monkeypatch):
    monkeypatch.setattr(gui.setup_panel, "LARGE_INPUT", 10)
    setup = window.setup
    setup.set_method("starsem")
    setup.set_paths(DOCCANO, DOCCANO)
    qtbot.waitUntil(lambda: not setup.looking, timeout=20_000)
    assert sorted(judged) == ["gold", "system"]  # one look, both sides judged once
    assert "looks like doccano JSONL" in setup.fields["system"].error_text


@pytest.fixture
def held(window, monkeypatch):
    """Every file large, and a worker's look at TSV held until the gate opens: the setup
    panel (method spans), the gate, and the paths looked at on a worker (format and contents)."""
    monkeypatch.setattr(gui.setup_panel, "LARGE_INPUT", 10)
    gate, looked = threading.Event(), []
    look_at, read_contents = gui.setup_panel.look_at, gui.setup_panel.read_contents

    def wait(path: str) -> None:
        looked.append(path)
        if path == TSV:
            assert gate.wait(20)

    monkeypatch.setattr(gui.setup_panel, "look_at", lambda path: wait(path) or look_at(path))
    monkeypatch.setattr(gui.setup_panel, "read_contents", lambda path, *args: wait(path) or read_contents(path, *args))
    window.setup.set_method("spans")
    return window.setup, gate, looked


def test_a_waiting_look_at_a_file_its_box_no_longer_holds_is_dropped(qtbot, held):
    setup, gate, looked = held
    gold = setup.fields["gold"]
    gold.set_path(TSV)  # its looks run first, held
    gold.set_path(DOCCANO)  # waits, then replaced
    gold.set_path(CONLL)
    gate.set()
    qtbot.waitUntil(lambda: not setup.looking, timeout=20_000)
    assert DOCCANO not in looked and CONLL in looked
    assert "Format: CoNLL" in gold.status.text()


def test_a_waiting_look_still_wanted_by_one_box_runs_for_it(qtbot, held):
    setup, gate, looked = held
    setup.fields["system"].set_path(TSV)  # held
    setup.set_paths(DOCCANO, DOCCANO)  # one look for both boxes, waiting
    setup.fields["gold"].set_path(CONLL)  # the system's box still holds the file
    gate.set()
    qtbot.waitUntil(lambda: not setup.looking, timeout=20_000)
    assert DOCCANO in looked
    assert "Format: doccano" in setup.fields["system"].status.text()
    assert "Format: CoNLL" in setup.fields["gold"].status.text()


@pytest.mark.parametrize("large", [False, True])
def test_a_files_head_is_read_once_for_one_file_chosen(qtbot, window, monkeypatch, large):
    """One file chosen (FairEval, which asks whether the run reads it with the span readers):
    its head is read once, by the first look; the look at its contents takes its format, and
    the boxes' judgement whether it is read with the span readers, from that look."""
    import engine.formats.sniffing
    import gui.inputs

    if large:
        monkeypatch.setattr(gui.setup_panel, "LARGE_INPUT", 10)
    heads, real = [], engine.formats.sniffing.head_bytes

    def counted(path):
        heads.append(str(path))
        return real(path)

    monkeypatch.setattr(engine.formats.sniffing, "head_bytes", counted)
    monkeypatch.setattr(gui.inputs, "head_bytes", counted)
    setup = window.setup
    setup.set_method("faireval")
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)
    heads.clear()
    setup.fields["system"].set_path(CONLL)
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)
    assert heads == [CONLL]
    assert "Format: CoNLL" in setup.fields["system"].status.text()


def test_a_look_at_contents_judges_each_box_once(qtbot, window, monkeypatch):
    """The look at a file's contents shows its message in its boxes, judged (_stopping_error),
    and judges the other boxes again: each box once, those just shown not twice."""
    setup = window.setup
    setup.set_method("faireval")
    judged, real = [], setup._stopping_error
    monkeypatch.setattr(setup, "_stopping_error", lambda side: judged.append(side) or real(side))
    each: list[list[str]] = []
    looked = setup._looked

    def counted(*args, **kwargs):
        start = len(judged)
        looked(*args, **kwargs)
        each.append(judged[start:])

    monkeypatch.setattr(setup, "_looked", counted)
    setup.set_paths(CONLL, TSV)
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)
    assert each and all(len(sides) == len(set(sides)) for sides in each), each


def test_a_second_system_chosen_is_an_inputs_change_as_gold_and_system_are(qtbot, window, monkeypatch):
    """The Second system's box goes the way the gold's and the system's do: the panel says
    its inputs changed (once), and the window tells the status line once through it."""
    setup, told = window.setup, []
    monkeypatch.setattr(window.run_status, "inputs_changed", lambda: told.append(1))
    setup.set_method("spans")
    with qtbot.waitSignal(setup.inputs_changed, timeout=5_000):
        setup.second.set_path(CONLL)
    assert told == [1]


def test_a_look_names_its_file_in_one_place(window, monkeypatch):
    """The file a look at once or on the worker reads is the one its Asked names (Asked.about),
    given where it is asked for: the queue gets that Asked as it is."""
    from gui.look_queue import Asked

    monkeypatch.setattr(gui.setup_panel, "LARGE_INPUT", 10)
    setup, queued = window.setup, []
    monkeypatch.setattr(setup.look_queue, "ask", lambda asked, *_args: queued.append(asked))
    asked = Asked(("test", CONLL), "Looking", lambda _progress: None, lambda: True, about=CONLL)
    setup._look_at(asked, lambda _found: None, None, lambda _summary, _details: None)
    assert queued == [asked]
