"""The line above the results before the first evaluation says what the looks at the chosen
files found: which box says in red that its file cannot be read as set (gold, system or
both), nothing ready while a look still runs, and Evaluate's invitation once both read fine.
Evaluate stays usable meanwhile (its dialog says the reader's message)."""

from __future__ import annotations

import threading

import pytest

import gui.setup_panel
from gui.run_status import LOOKING, READY, unreadable_text

from .test_look_sides import IOB2_COLUMNS, _conll_as_iob2
from .test_side_schemes import IOB1_COLUMNS, _choose


@pytest.fixture
def files(tmp_path) -> tuple[str, str, str, str]:
    """Two files of IOB1 tags and two of IOB2 tags (CoNLL columns, one sentence each)."""
    texts = {"iob1.txt": IOB1_COLUMNS, "iob2.txt": IOB2_COLUMNS, "other.txt": IOB2_COLUMNS,
             "another-iob1.txt": IOB1_COLUMNS}  # fmt: skip
    for name, text in texts.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tuple(str(tmp_path / name) for name in texts)  # type: ignore[return-value]


def _line_settles(qtbot, window, text: str) -> None:
    """Wait until no look at a chosen file is left, then for the line to say `text`."""
    qtbot.waitUntil(lambda: not window.setup.looking, timeout=10_000)
    qtbot.waitUntil(lambda: window.summary.text() == text, timeout=10_000)


@pytest.mark.parametrize(("side", "title"), [("gold", "Gold"), ("system", "System")])
def test_a_file_its_reader_cannot_read_as_set_is_named_not_ready(qtbot, window, files, side, title):
    iob1, iob2, _other, _another = files
    setup = _conll_as_iob2(window)
    setup.set_paths(*((iob1, iob2) if side == "gold" else (iob2, iob1)))
    qtbot.waitUntil(lambda: setup.fields[side].error_text.endswith(f"read them with {title} scheme set to IOB1"),
                    timeout=10_000)  # fmt: skip
    _line_settles(qtbot, window, unreadable_text((side,)))
    said = f"The {side} file cannot be read as set: see the message in red under {title}."
    assert window.summary.text() == said
    assert setup.evaluate_button.isEnabled()  # a run may still be asked for: its dialog says the same


def test_both_files_unreadable_as_set_are_named_together(qtbot, window, files):
    iob1, _iob2, _other, another = files
    setup = _conll_as_iob2(window)
    setup.set_paths(iob1, another)
    _line_settles(qtbot, window, unreadable_text(("gold", "system")))
    assert window.summary.text() == ("The gold and system files cannot be read as set: see the messages in red "
                                     "under Gold and System.")  # fmt: skip


def test_while_a_look_runs_the_line_does_not_invite_a_run(qtbot, window, files, monkeypatch):
    iob1, iob2, other, _another = files
    setup = _conll_as_iob2(window)
    setup.set_paths(iob2, other)
    _line_settles(qtbot, window, READY)
    gate, read = threading.Event(), gui.setup_panel.read_contents
    monkeypatch.setattr(gui.setup_panel, "read_contents", lambda *args: gate.wait(20) and read(*args))
    setup.fields["system"].set_path(iob1)  # its reader's finding held on the worker
    qtbot.wait(50)
    assert window.summary.text() == LOOKING
    assert setup.evaluate_button.isEnabled()
    gate.set()
    _line_settles(qtbot, window, unreadable_text(("system",)))


def test_the_line_is_ready_again_once_the_files_read_as_set(qtbot, window, files):
    iob1, iob2, _other, _another = files
    setup = _conll_as_iob2(window)
    setup.set_paths(iob1, iob2)
    _line_settles(qtbot, window, unreadable_text(("gold",)))
    _choose(setup.panel, "gold_scheme", "IOB1")  # as the gold's box says
    _line_settles(qtbot, window, READY)
    _choose(setup.panel, "gold_scheme", "IOB2")
    _line_settles(qtbot, window, unreadable_text(("gold",)))
    setup.fields["gold"].set_path(iob2)  # another file, that reads as set
    _line_settles(qtbot, window, READY)


def test_a_failed_run_names_the_box_its_message_is_under(qtbot, window, files, shown):
    iob1, iob2, _other, _another = files
    setup = _conll_as_iob2(window)
    setup.set_paths(iob2, iob1)
    _line_settles(qtbot, window, unreadable_text(("system",)))
    assert window.evaluate()
    qtbot.waitUntil(lambda: window.idle, timeout=20_000)
    assert shown.input_errors and window.report is None
    assert window.summary.text() == unreadable_text(("system",))


def test_a_file_not_there_is_named_as_its_box_says(qtbot, window, tmp_path):
    window.setup.fields["gold"].set_path(str(tmp_path / "anna.ann"))  # the example's system stays chosen
    assert window.setup.fields["gold"].error_text
    assert window.summary.text() == unreadable_text(("gold",))


def test_a_scheme_set_is_checked_by_the_look_at_a_file_recognised(qtbot, window, files):
    """The Format not chosen (the file recognised), a scheme set: the look reads the tags as
    a run does, and the box says what the run's dialog would."""
    iob1, iob2, _other, _another = files
    setup = window.setup
    setup.set_method("spans")
    _choose(setup.panel, "system_scheme", "IOB2")
    setup.set_paths(iob2, iob1)
    _line_settles(qtbot, window, unreadable_text(("system",)))
    assert setup.fields["system"].error_text.endswith("read them with System scheme set to IOB1")
    assert setup.fields["gold"].error_text == ""


def test_the_second_system_emptied_is_no_longer_named(qtbot, window, files):
    """A Second system whose file cannot be read as set is named; emptied (no look follows),
    the line says so at once: Evaluate's invitation again (review39: it kept naming the box)."""
    _iob1, iob2, _other, another = files
    setup = _conll_as_iob2(window)
    setup.set_paths(iob2, iob2)
    setup.second.set_path(another)
    _line_settles(qtbot, window, unreadable_text(("second system",)))
    setup.second.set_path("")
    _line_settles(qtbot, window, READY)
