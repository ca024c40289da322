"""The first start loads the bundled example: the line above the results says so, as the
status bar does, instead of asking to choose a method and files already chosen."""

from __future__ import annotations

from gui.run_status import CHOOSE, READY
from gui.window_memory import EXAMPLE_LOADED

from .conftest import evaluate


def test_the_first_start_says_above_the_results_that_the_example_is_loaded(qtbot, window):
    assert window.summary.text() == EXAMPLE_LOADED  # was "Choose a method and the gold and system files, …"
    assert window.statusBar().currentMessage() == EXAMPLE_LOADED
    evaluate(qtbot, window)
    assert "9 errors" in window.summary.text()  # the results' line once evaluated


def test_files_of_ones_own_chosen_no_longer_say_the_example_is_loaded(qtbot, window, tmp_path):
    gold, system = tmp_path / "anna.ann", tmp_path / "ki.ann"
    for name in ("anna", "ki"):  # a brat pair each (a file not there is one the line names: test_waiting_line.py)
        (tmp_path / f"{name}.txt").write_text("Anna met Ki.\n", encoding="utf-8")
        (tmp_path / f"{name}.ann").write_text("T1\tPER 0 4\tAnna\n", encoding="utf-8")
    window.setup.fields["gold"].set_path(str(gold))
    assert EXAMPLE_LOADED not in (window.summary.text(), window.statusBar().currentMessage())
    qtbot.waitUntil(lambda: window.summary.text() == READY, timeout=10_000)  # once the look has read it
    window.setup.fields["system"].set_path(str(system))
    qtbot.waitUntil(lambda: window.summary.text() == READY, timeout=10_000)
    assert window.statusBar().currentMessage() == ""
    window.setup.fields["system"].set_path("")
    assert window.summary.text() == CHOOSE


def test_choosing_files_clears_the_example_line_only_while_it_is_shown(qtbot, window, tmp_path):
    written = "Written: gold.xlsx"
    window.statusBar().showMessage(written, 8000)  # another line replaced the example's
    window.setup.fields["gold"].set_path(str(tmp_path / "anna.ann"))
    assert window.statusBar().currentMessage() == written


def test_whether_the_line_says_the_examples_words_is_the_windows_own_state(qtbot, window, tmp_path):
    """The window keeps whether its line says the example's words (it told them by the
    label's text): the same words set there otherwise are said anew once a look has shown."""
    assert window.example_above
    gold, system = tmp_path / "anna.ann", tmp_path / "ki.ann"
    for name in ("anna", "ki"):
        (tmp_path / f"{name}.txt").write_text("Anna met Ki.\n", encoding="utf-8")
        (tmp_path / f"{name}.ann").write_text("T1\tPER 0 4\tAnna\n", encoding="utf-8")
    window.setup.set_paths(str(gold), str(system))
    qtbot.waitUntil(lambda: window.summary.text() == READY, timeout=10_000)
    assert not window.example_above
    window.summary.setText(EXAMPLE_LOADED)  # the words, but not the example's line
    window.setup.looked.emit()
    assert window.summary.text() == READY


def test_a_second_system_chosen_keeps_the_examples_words(qtbot, window):
    """Choosing only the Second system leaves the bundled example loaded: the line above the
    results and the status bar still say so (they said 'Gold and system are chosen' and nothing)."""
    gold, system = window.setup.paths()
    window.setup.second.set_path(system)
    qtbot.waitUntil(lambda: not window.setup.looking_at_chosen(), timeout=10_000)
    assert window.summary.text() == EXAMPLE_LOADED
    assert window.statusBar().currentMessage() == EXAMPLE_LOADED
    window.setup.fields["gold"].set_path(system)  # the gold chosen anew: the example's words go
    assert EXAMPLE_LOADED not in (window.summary.text(), window.statusBar().currentMessage())
