"""A System user (or Gold user, or User of both) picked from an export's list of annotators
goes once the files chosen offer no users (one annotator's files after an INCEpTION project,
Label Studio or doccano export): left over, it turned their boxes red ("expected an export of
several annotators' work"). Nothing says so as an error; a user typed by hand stays."""

from __future__ import annotations

import json

import gui.setup_panel
from tests.engine.test_agreement_exports import LABEL_STUDIO

from .conftest import evaluate, open_window
from .test_look_crash import _crash


def _export_chosen(qtbot, setup, tmp_path) -> None:
    """A Label Studio export of two annotators in both boxes (the span methods), looked at."""
    setup.set_method("spans")
    setup.panel.reset()
    path = tmp_path / "export.json"
    path.write_text(json.dumps(LABEL_STUDIO), encoding="utf-8")
    with qtbot.waitSignal(setup.contents_read, timeout=20_000, check_params_cb=lambda side: side == "system"):
        setup.set_paths(str(path), str(path))


def _pick(setup, name: str, user: str) -> None:
    """Choose a user in an option's drop-down (or type it), as the user does."""
    editor = setup.panel.editors[name]
    editor.combo.setEditText(user)
    editor.combo.textActivated.emit(user)


def test_a_user_picked_from_an_exports_list_goes_with_the_export(qtbot, window, example, tmp_path, shown):
    setup = window.setup
    _export_chosen(qtbot, setup, tmp_path)
    for name in ("gold_user", "system_user"):
        _pick(setup, name, "ben@example.org")
    evaluate(qtbot, window)
    assert window.report is not None
    _, gold, system = example  # one annotator's files each
    setup.fields["gold"].set_path(gold)
    setup.fields["system"].set_path(system)
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)
    options = setup.panel.options()
    assert (options.gold_user, options.system_user) == (None, None)
    assert setup.unreadable() == () and shown.input_errors == []  # no box red, nothing said
    assert "The inputs changed since this evaluation." in window.summary.text()
    assert window.settings.options("spans").get("system_user") is None  # remembered without it


def test_a_user_typed_by_hand_stays(qtbot, window, example, tmp_path):
    """A user named in no file's list (typed for an export that lacks them, or for a format
    whose users are not listed) is the user's word: it stays, and the box says what it finds."""
    setup = window.setup
    _export_chosen(qtbot, setup, tmp_path)
    _pick(setup, "system_user", "carl@example.org")
    qtbot.waitUntil(lambda: not setup.looking, timeout=20_000)
    assert setup.panel.options().system_user == "carl@example.org"
    _, gold, system = example
    setup.set_paths(gold, system)
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)
    assert setup.panel.options().system_user == "carl@example.org"
    assert setup.unreadable() == ("system",)


def _settled(qtbot, setup) -> None:
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)


def test_a_user_typed_for_one_annotators_file_stays_though_an_export_listed_it(qtbot, window, example, tmp_path):
    """A name an export listed earlier, typed by hand once one annotator's files are chosen,
    is the user's word there (no list offers it now): it stays, and the box says what it finds."""
    setup = window.setup
    _export_chosen(qtbot, setup, tmp_path)
    _, gold, system = example
    setup.set_paths(gold, system)
    _settled(qtbot, setup)
    _pick(setup, "system_user", "ben@example.org")
    _settled(qtbot, setup)
    assert setup.panel.options().system_user == "ben@example.org"
    assert setup.unreadable() == ("system",)


def test_a_pick_stays_while_its_export_is_chosen(qtbot, window, tmp_path):
    """The export stays chosen: a Format option under which it cannot be read (its list then
    empty) and back does not lose the user picked from its list."""
    setup = window.setup
    _export_chosen(qtbot, setup, tmp_path)
    _pick(setup, "system_user", "ben@example.org")
    _settled(qtbot, setup)
    for format in ("conll", None):
        editor = setup.panel.editors["system_format"]
        editor.set_value(format)
        editor.changed.emit()
        _settled(qtbot, setup)
        assert setup.panel.options().system_user == "ben@example.org", format
    assert setup.unreadable() == ()


def test_a_crashed_look_at_the_export_keeps_the_pick_and_shows_one_dialog(
    qtbot, window, shown, tmp_path, monkeypatch
):
    """The look at the export with the user just picked crashes (a reader's bug): the user
    stays (nothing says the export lists none), and the crash is shown once."""
    setup = window.setup
    _export_chosen(qtbot, setup, tmp_path)
    monkeypatch.setattr(gui.setup_panel, "read_contents", _crash)
    _pick(setup, "system_user", "ben@example.org")
    _settled(qtbot, setup)
    assert setup.panel.options().system_user == "ben@example.org"
    assert len(shown.crashes) == 1


def test_a_pick_goes_in_its_methods_panel_after_a_switch_and_back(qtbot, window, example, tmp_path):
    """A System user picked in Exact spans; nervaluate chosen (its own panel) and one
    annotator's files there; back in Exact spans the pick goes as it would have there."""
    setup = window.setup
    _export_chosen(qtbot, setup, tmp_path)
    _pick(setup, "system_user", "ben@example.org")
    _settled(qtbot, setup)
    setup.set_method("nervaluate")
    _settled(qtbot, setup)
    _, gold, system = example
    setup.set_paths(gold, system)
    _settled(qtbot, setup)
    setup.set_method("spans")
    _settled(qtbot, setup)
    assert setup.panel.options().system_user is None and setup.unreadable() == ()


def test_a_system_user_stays_while_the_second_systems_export_lists_it(qtbot, window, example, tmp_path):
    """A System user picked from the export in the System and Second system boxes: one
    annotator's file as the system leaves the second system's export listing it (its box
    would turn red without it), so it stays; once the second system is one annotator's file
    too, no box lists it, and it goes (no box red)."""
    setup = window.setup
    _export_chosen(qtbot, setup, tmp_path)
    setup.second.set_path(setup.fields["system"].path)
    _pick(setup, "system_user", "ben@example.org")
    _settled(qtbot, setup)
    _, gold, system = example
    setup.fields["system"].set_path(system)
    _settled(qtbot, setup)
    assert setup.panel.options().system_user == "ben@example.org"
    assert "second" not in setup.unreadable()
    setup.second.set_path(system)
    _settled(qtbot, setup)
    assert setup.panel.options().system_user is None
    assert setup.unreadable() == ()


def test_a_pick_is_remembered_across_a_restart(qtbot, window, example, tmp_path, settings_file):
    """A System user picked in Exact spans, nervaluate chosen with one annotator's files, the
    app restarted (a fresh window on the same settings): back in Exact spans the pick goes as
    it would have before the restart (restored as an option alone, it stayed and turned the
    System box red)."""
    setup = window.setup
    _export_chosen(qtbot, setup, tmp_path)
    _pick(setup, "system_user", "ben@example.org")
    _settled(qtbot, setup)
    setup.set_method("nervaluate")
    _, gold, system = example
    setup.set_paths(gold, system)
    _settled(qtbot, setup)
    window.settings.sync()  # kept as the options changed, before any close
    again = open_window(qtbot, settings_file).setup
    _settled(qtbot, again)
    assert again.panels["spans"].options().system_user == "ben@example.org"  # the option restored
    again.set_method("spans")
    _settled(qtbot, again)
    assert again.panel.options().system_user is None and again.unreadable() == ()
