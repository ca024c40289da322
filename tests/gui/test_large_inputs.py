"""A large chosen input is read on a worker, never on the UI thread (issue 23: the window
never freezes): chosen, dropped, restored at start-up, on a method change, for the second
system and for the method's note on the options. Its box says it is being looked at until
the look arrives, then the same words as for a file read at once; a newer choice
supersedes an older look."""

from __future__ import annotations

import builtins
import io
import os
import threading
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

import gui.setup_panel
from gui.inputs import LOOKING
from gui.settings import AppSettings
from tests.conftest import CONFORMANCE, conformance

from .conftest import open_window
from .test_file_choices import DOCCANO, TSV

#: Where the files chosen here are.
ROOTS = (str(Path(__file__).parent.parent), str(CONFORMANCE))


@pytest.fixture
def ui_thread_reads(monkeypatch) -> list[str]:
    """The test data opened on the UI thread from now on (every file, read in any way, is
    opened through io.open)."""
    opened: list[str] = []
    real = io.open

    def counted(file, *args, **kwargs):
        ours = isinstance(file, (str, os.PathLike)) and os.fspath(file).startswith(ROOTS)
        if ours and threading.current_thread() is threading.main_thread():
            opened.append(os.fspath(file))
        return real(file, *args, **kwargs)

    monkeypatch.setattr(io, "open", counted)
    monkeypatch.setattr(builtins, "open", counted)
    return opened


@pytest.fixture
def every_file_large(monkeypatch) -> None:
    monkeypatch.setattr(gui.setup_panel, "LARGE_INPUT", 10)


def _said(setup) -> dict[str, str]:
    """What each file box says, and the method's note on the options."""
    boxes = {role: field.status.text() for role, field in setup.fields.items()}
    return {**boxes, "second": setup.second.status.text(), "advice": setup.advice.text()}


def _choose(qtbot, setup, gold: str, system: str) -> None:
    setup.set_paths(gold, system)
    setup.second.set_path(system)
    qtbot.waitUntil(lambda: not setup.looking, timeout=20_000)


def test_choosing_a_large_file_reads_it_on_a_worker_with_the_same_words(
    qtbot, window, ui_thread_reads, monkeypatch
):
    setup = window.setup
    setup.set_method("starsem")
    _choose(qtbot, setup, DOCCANO, TSV)  # small files: read on the UI thread
    read_at_once = _said(setup)
    assert ui_thread_reads and "looks like doccano JSONL" in setup.fields["gold"].error_text
    _choose(qtbot, setup, "", "")
    monkeypatch.setattr(gui.setup_panel, "LARGE_INPUT", 10)  # every file is large
    ui_thread_reads.clear()
    setup.set_paths(DOCCANO, TSV)
    setup.second.set_path(TSV)
    assert setup.fields["gold"].status.text() == LOOKING == setup.second.status.text()
    qtbot.waitUntil(lambda: not setup.looking, timeout=20_000)
    assert _said(setup) == read_at_once
    setup.set_method("spans")
    window.drop_paths([TSV, DOCCANO])
    qtbot.waitUntil(lambda: not setup.looking, timeout=20_000)
    assert "Format: WebAnno TSV" in setup.fields["gold"].status.text()
    assert ui_thread_reads == []


def test_the_last_session_restored_at_start_up_is_read_on_a_worker(
    qtbot, settings_file, ui_thread_reads, every_file_large
):
    settings = AppSettings(QSettings(str(settings_file), QSettings.Format.IniFormat))
    settings.set_method("starsem")
    settings.set_inputs(DOCCANO, DOCCANO)
    settings.sync()
    window = open_window(qtbot, settings_file)
    qtbot.waitUntil(lambda: not window.setup.looking, timeout=20_000)
    assert "looks like doccano JSONL" in window.setup.fields["gold"].error_text
    assert ui_thread_reads == []


def test_the_method_note_on_a_large_gold_file_is_found_on_a_worker(
    qtbot, window, ui_thread_reads, every_file_large
):
    setup = window.setup
    bio = str(conformance("clueval") / "data" / "fiktives-urteil-p1.bio")  # 3 BIO columns
    setup.set_method("clueval")
    setup.set_paths(bio, bio)
    assert not setup.advice.isVisible()
    qtbot.waitUntil(lambda: not setup.looking, timeout=20_000)
    assert setup.advice.isVisible() and "has 3 BIO columns" in setup.advice.text()
    assert ui_thread_reads == []


def test_a_second_system_chosen_keeps_the_method_note_without_reading_the_gold_again(
    qtbot, window, every_file_large, monkeypatch
):
    """The note depends on the method, the gold and the options: choosing only the Second
    system neither hides it nor asks for it again (it was hidden, and the gold read again)."""
    import gui.setup_advice

    asked, real = [], gui.setup_advice.advice_on
    monkeypatch.setattr(gui.setup_advice, "advice_on", lambda *args: asked.append(1) or real(*args))
    setup = window.setup
    bio = str(conformance("clueval") / "data" / "fiktives-urteil-p1.bio")
    setup.set_method("clueval")
    setup.set_paths(bio, bio)
    qtbot.waitUntil(lambda: not setup.looking and setup.advice.isVisible(), timeout=20_000)
    before = len(asked)
    setup.second.set_path(bio)
    assert setup.advice.isVisible()
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)
    assert setup.advice.isVisible() and len(asked) == before


def test_a_newer_choice_supersedes_an_older_look(
    qtbot, window, ui_thread_reads, every_file_large, monkeypatch
):
    look_at = gui.setup_panel.look_at

    def slow(path: str):
        if path == TSV:
            time.sleep(0.5)  # the look at the first choice ends after the second's
        return look_at(path)

    monkeypatch.setattr(gui.setup_panel, "look_at", slow)
    setup = window.setup
    setup.set_method("spans")
    setup.fields["gold"].set_path(TSV)
    setup.fields["gold"].set_path(DOCCANO)
    qtbot.waitUntil(lambda: not setup.looking, timeout=20_000)
    assert "Format: doccano" in setup.fields["gold"].status.text()
    assert ui_thread_reads == []
