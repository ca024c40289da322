"""A look at a chosen file that crashes on its worker (a bug, not bad input) ends: the app
shows what happened as it shows a run's crash (the dialog with its details, the status
bar), the box says it in red, and the line above the results says what it says of a file
that cannot be read (it said "looking at the files…" for ever)."""

from __future__ import annotations

import os
import time
from typing import Any

import pytest

import gui.agreement_choices as choices
import gui.setup_advice
import gui.setup_panel
from gui import adjudication
from gui.inputs import LOOK_CRASHED
from gui.run_status import unreadable_text
from tests.gui.test_agreement_reading import TOKENS, agreement_of, offered, set_option, tsv


def _pair(tmp_path) -> tuple[str, str]:
    paths = []
    for name in ("gold", "system"):
        (tmp_path / f"{name}.txt").write_text("Anna met Ki.\n", encoding="utf-8")
        (tmp_path / f"{name}.ann").write_text("T1\tPER 0 4\tAnna\n", encoding="utf-8")
        paths.append(str(tmp_path / f"{name}.ann"))
    return paths[0], paths[1]


def _crash(*_args, **_kwargs):
    raise RuntimeError("a bug in a reader")


def _crashing(window, tmp_path, monkeypatch, method: str, step: str, large: bool) -> tuple[Any, str]:
    """The setup panel with `method` chosen and a look's `step` (gui.setup_panel's) crashing,
    and a small file to choose (`large`: looked at on the worker all the same)."""
    window.setup.set_method(method)
    if large:
        monkeypatch.setattr(gui.setup_panel, "LARGE_INPUT", 0)
    monkeypatch.setattr(gui.setup_advice if step == "advice_on" else gui.setup_panel, step, _crash)
    return window.setup, _pair(tmp_path)[0]


def test_a_crashed_look_at_the_contents_ends_and_says_what_happened(qtbot, window, shown, tmp_path, monkeypatch):
    setup = window.setup
    setup.set_method("spans")
    monkeypatch.setattr(gui.setup_panel, "read_contents", _crash)
    setup.set_paths(*_pair(tmp_path))
    qtbot.waitUntil(lambda: len(shown.crashes) == 2, timeout=10_000)  # one look each side
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    assert shown.crashes[0][0] == "RuntimeError: a bug in a reader" and "Traceback" in shown.crashes[0][1]
    for field in setup.fields.values():
        assert field.error_text == LOOK_CRASHED + "RuntimeError: a bug in a reader"
    assert window.summary.text() == unreadable_text(("gold", "system"))  # was "looking at the files…"
    assert window.statusBar().currentMessage() == "Something went wrong: RuntimeError: a bug in a reader"


def test_a_crashed_look_at_a_large_file_ends_and_says_what_happened(qtbot, window, shown, tmp_path, monkeypatch):
    setup = window.setup
    setup.set_method("spans")
    gold, system = _pair(tmp_path)
    setup.set_paths("", system)
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    look_at = gui.setup_panel.look_at
    monkeypatch.setattr(gui.setup_panel, "LARGE_INPUT", 0)  # looked at on the worker
    monkeypatch.setattr(gui.setup_panel, "look_at", _crash)
    setup.fields["gold"].set_path(gold)
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    assert shown.crashes and shown.crashes[0][0] == "RuntimeError: a bug in a reader"
    assert setup.fields["gold"].error_text == LOOK_CRASHED + "RuntimeError: a bug in a reader"
    assert window.summary.text() == unreadable_text(("gold",))
    monkeypatch.setattr(gui.setup_panel, "look_at", look_at)
    setup.fields["gold"].set_path(system)  # another file: looked at anew
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=10_000)
    assert setup.fields["gold"].error_text == ""


def test_a_crashed_look_at_a_small_file_ends_too(qtbot, window, shown, tmp_path, monkeypatch):
    """A small file is looked at at once, on the UI thread: its crash ends the look as a
    worker's does (the box stayed at 'Looking at the file…', the line at 'looking…')."""
    setup = window.setup
    setup.set_method("spans")
    gold, system = _pair(tmp_path)
    monkeypatch.setattr(gui.setup_panel, "look_at", _crash)
    setup.fields["gold"].set_path(gold)
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    assert [crash[0] for crash in shown.crashes] == ["RuntimeError: a bug in a reader"]
    assert "Traceback" in shown.crashes[0][1]
    assert setup.fields["gold"].error_text == LOOK_CRASHED + "RuntimeError: a bug in a reader"
    assert not setup.looking_at_chosen()


@pytest.mark.parametrize("large", [True, False])
def test_one_crashed_look_for_two_boxes_shows_one_dialog(qtbot, window, shown, tmp_path, monkeypatch, large):
    """Gold and system one file: a large one's look serves both boxes, a small one is looked
    at at once for each; its crash is shown once (each box's look showed it: two dialogs in
    a row), and both boxes say it."""
    setup, gold = _crashing(window, tmp_path, monkeypatch, "spans", "look_at", large)
    setup.set_paths(gold, gold)
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    qtbot.wait(200)
    assert [crash[0] for crash in shown.crashes] == ["RuntimeError: a bug in a reader"]
    for field in setup.fields.values():
        assert field.error_text == LOOK_CRASHED + "RuntimeError: a bug in a reader"


@pytest.mark.parametrize("large", [False, True])
def test_one_file_by_two_paths_shows_one_dialog(qtbot, window, shown, tmp_path, monkeypatch, large):
    """The gold by its path, the system by another spelling of it (`dir/./gold.ann`): one
    file, its crash shown once, at once or on the worker."""
    setup, gold = _crashing(window, tmp_path, monkeypatch, "spans", "look_at", large)
    other = os.path.join(os.path.dirname(gold), ".", os.path.basename(gold))  # as typed: pathlib drops the "."
    setup.set_paths(gold, other)
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    qtbot.wait(200)
    assert [crash[0] for crash in shown.crashes] == ["RuntimeError: a bug in a reader"]


def test_a_crashed_look_no_box_wants_any_more_shows_no_dialog(qtbot, window, shown, tmp_path, monkeypatch):
    """A look on the worker at a file its box no longer holds crashes: nothing is shown
    (the box holds another file, read fine); a look of another window on the same queue
    without a `failed` (the Agreement window's) crashes silently as before."""
    from gui.look_queue import Asked

    setup = window.setup
    setup.set_method("spans")
    gold, system = _pair(tmp_path)
    started, look_at = [], gui.setup_panel.look_at

    def crash_late(*_args, **_kwargs):  # on the worker
        started.append(1)
        time.sleep(0.3)  # meanwhile the box's file changes
        raise RuntimeError("a bug in a reader")

    monkeypatch.setattr(gui.setup_panel, "LARGE_INPUT", 0)  # looked at on the worker
    monkeypatch.setattr(gui.setup_panel, "look_at", crash_late)
    setup.fields["gold"].set_path(gold)
    qtbot.waitUntil(lambda: bool(started), timeout=10_000)
    monkeypatch.setattr(gui.setup_panel, "look_at", look_at)
    setup.fields["gold"].set_path(system)
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    qtbot.wait(200)
    assert shown.crashes == []
    setup.look_queue.ask(Asked(("agreement contents", "x"), "Reading", _crash, lambda: True), lambda _r: None, None)
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    qtbot.wait(200)
    assert shown.crashes == []


@pytest.mark.parametrize("large", [False, True])
def test_a_crashed_look_for_the_methods_advice_is_shown_and_ends(qtbot, window, shown, tmp_path, monkeypatch, large):
    """The look for a method's note on the options (CLUEval's) crashes: shown once, as a
    look at a file is, at once or from the worker (it raised out of the slot, or ended
    silently), and no note is shown."""
    setup, gold = _crashing(window, tmp_path, monkeypatch, "clueval", "advice_on", large)
    setup.fields["gold"].set_path(gold)
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    qtbot.wait(200)
    assert [crash[0] for crash in shown.crashes] == ["RuntimeError: a bug in a reader"]
    assert window.statusBar().currentMessage() == "Something went wrong: RuntimeError: a bug in a reader"
    assert setup.advice.isHidden() and setup.fields["gold"].error_text == ""  # the file itself reads fine


@pytest.mark.parametrize("large", [False, True])
def test_the_advices_crash_is_shown_once(qtbot, window, shown, tmp_path, monkeypatch, large):
    """The advice's look at the gold crashes again on each change (a system chosen, options
    reset), at once or on the worker: its dialog is shown once, not once a change."""
    setup, gold = _crashing(window, tmp_path, monkeypatch, "clueval", "advice_on", large)
    setup.fields["gold"].set_path(gold)
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    setup.fields["system"].set_path(_pair(tmp_path)[1])
    for _ in range(2):
        setup.reset_options()
        qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    assert [crash[0] for crash in shown.crashes] == ["RuntimeError: a bug in a reader"]


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # the offscreen platform
def test_a_crashed_look_of_the_agreement_window_is_shown_once_and_ends(qtbot, window, shown, tmp_path, monkeypatch):
    paths = []
    for name in ("anna", "ben"):
        (tmp_path / f"{name}.tsv").write_text(tsv(TOKENS[name]), encoding="utf-8")
        paths.append(str(tmp_path / f"{name}.tsv"))
    reads: list[str] = []

    def crash(path, *_args):
        reads.append(path)
        raise RuntimeError("a bug in a reader")

    monkeypatch.setattr(choices, "read_contents", crash)
    agreement = agreement_of(qtbot, window)
    agreement.add_paths(paths)
    qtbot.waitUntil(lambda: len(reads) == 2 and not window.setup.looking, timeout=20_000)
    qtbot.wait(200)
    assert [crash[0] for crash in shown.crashes] == ["RuntimeError: a bug in a reader"] * 2  # a look each file
    assert sorted(key[0] for key in agreement.reading.choices.contents) == sorted(paths)  # ended: nothing offered
    set_option(agreement, "missing_label", "Flag")  # the files unchanged: not looked at again
    qtbot.waitUntil(lambda: not agreement.reading.choices._later.isActive() and not window.setup.looking,
                    timeout=20_000)  # fmt: skip
    qtbot.wait(200)
    assert len(reads) == 2 and len(shown.crashes) == 2 and offered(agreement, "layer") == []


def test_a_crashed_look_of_make_gold_is_shown_and_ends(qtbot, window, shown, tmp_path, monkeypatch):
    anna = tmp_path / "anna.conll"
    anna.write_text("Anna B-PER\n", encoding="utf-8")
    window.settings.set_value("agreement", {"rows": [[str(anna), None]]})
    window.settings.set_value(adjudication.KEY, {"format": "brat"})
    monkeypatch.setattr(adjudication, "sniffed", _crash)
    dialog = adjudication.MakeGoldDialog(None, window.settings, looks=window.setup.look_queue)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: not window.setup.looking, timeout=10_000)
    qtbot.wait(200)
    assert [crash[0] for crash in shown.crashes] == ["RuntimeError: a bug in a reader"]
    assert dialog.format_name == "brat"
    assert dialog.format_note.text() == "As last used: " + adjudication.LOOK_CRASHED  # no longer "Looking…"


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # the offscreen platform
def test_a_crash_taking_the_agreement_windows_stamps_is_shown(qtbot, window, shown, tmp_path, monkeypatch):
    """Taking the listed files' stamps crashes (a bug): the window shows it once (the stamps'
    asker says so with a flag, having nothing else to do), and nothing is looked at."""
    monkeypatch.setattr(choices, "stamps_job", _crash)
    agreement = agreement_of(qtbot, window)
    agreement.add_paths([str(tmp_path / "anna.tsv"), str(tmp_path / "ben.tsv")])
    qtbot.waitUntil(lambda: bool(shown.crashes) and not window.setup.looking, timeout=20_000)
    qtbot.wait(200)
    assert [crash[0] for crash in shown.crashes] == ["RuntimeError: a bug in a reader"]
    assert agreement.reading.choices.contents == {}
