"""A look at a chosen file that crashes on its worker (a bug, not bad input) ends: the app
shows what happened as it shows a run's crash (the dialog with its details, the status
bar), the box says it in red, and the line above the results says what it says of a file
that cannot be read (it said "looking at the files…" for ever)."""

from __future__ import annotations

import time

import gui.setup_panel
from gui.inputs import LOOK_CRASHED
from gui.run_status import unreadable_text


def _pair(tmp_path) -> tuple[str, str]:
    paths = []
    for name in ("gold", "system"):
        (tmp_path / f"{name}.txt").write_text("Anna met Ki.\n", encoding="utf-8")
        (tmp_path / f"{name}.ann").write_text("T1\tPER 0 4\tAnna\n", encoding="utf-8")
        paths.append(str(tmp_path / f"{name}.ann"))
    return paths[0], paths[1]


def _crash(*_args, **_kwargs):
    raise RuntimeError("a bug in a reader")


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


def test_one_crashed_look_for_two_boxes_shows_one_dialog(qtbot, window, shown, tmp_path, monkeypatch):
    """Gold and system one large file: one look serves both boxes; its crash is shown once
    (each box's asker showed it: two dialogs in a row), and both boxes say it."""
    setup = window.setup
    setup.set_method("spans")
    gold, _ = _pair(tmp_path)
    monkeypatch.setattr(gui.setup_panel, "LARGE_INPUT", 0)  # looked at on the worker
    monkeypatch.setattr(gui.setup_panel, "look_at", _crash)
    setup.set_paths(gold, gold)
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    qtbot.wait(200)
    assert [crash[0] for crash in shown.crashes] == ["RuntimeError: a bug in a reader"]
    for field in setup.fields.values():
        assert field.error_text == LOOK_CRASHED + "RuntimeError: a bug in a reader"


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
