"""The Second system's file comes back after a restart as the gold's and the system's do:
looked at and judged in its box (a file gone since said as the gold's box says it), and a
box the user emptied comes back empty."""

from __future__ import annotations

import shutil
from pathlib import Path

from .conftest import evaluate, open_window, wait_idle


def _chosen(tmp_path: Path, example) -> tuple[str, str, str]:
    """The example's gold and system, and its system again as a second system, in tmp_path."""
    _, gold, system = example
    paths = [shutil.copy(source, tmp_path / name) for source, name in
             ((gold, "gold.conll"), (system, "system.conll"), (system, "second.conll"))]  # fmt: skip
    return str(paths[0]), str(paths[1]), str(paths[2])


def _opened_with(qtbot, settings_file, gold: str, system: str, second: str):
    """A window (on the example's method) with these files chosen, once their boxes have judged them."""
    window = open_window(qtbot, settings_file)
    window.setup.set_paths(gold, system)
    window.setup.second.set_path(second)
    _judged(qtbot, window)
    return window


def _judged(qtbot, window) -> None:
    qtbot.waitUntil(lambda: not window.setup.looking_at_chosen() and not window.setup.looking, timeout=20_000)
    wait_idle(qtbot, window)


def _restarted(qtbot, settings_file, window):
    """The window closed, and the app started again on its settings."""
    window.close()
    again = open_window(qtbot, settings_file)
    _judged(qtbot, again)
    return again


def test_the_second_system_comes_back_after_a_restart_and_its_box_says_what_it_holds(
    qtbot, settings_file, example, tmp_path
):
    gold, system, second = _chosen(tmp_path, example)
    first = _opened_with(qtbot, settings_file, gold, system, second)
    said = first.setup.second.status.text()
    assert "Format: CoNLL" in said and "labels:" in said  # its look and its labels read

    again = _restarted(qtbot, settings_file, first)
    assert again.setup.second.path == second and again.setup.second.isVisible()
    assert again.setup.second.status.text() == said and not again.setup.second.error_text
    evaluate(qtbot, again)
    assert again.run is not None and again.run.second == second  # the run compares the two systems
    assert again.tabs.tabText(0) == "Scores" and "comparison" in again.tabs.widget(0).views
    again.close()


def test_a_second_system_gone_since_is_said_as_a_gold_file_gone(qtbot, settings_file, example, tmp_path):
    gold, system, second = _chosen(tmp_path, example)
    first = _opened_with(qtbot, settings_file, gold, system, second)
    first.close()
    Path(second).unlink()
    Path(gold).unlink()
    again = open_window(qtbot, settings_file)
    _judged(qtbot, again)
    boxes = again.setup.fields["gold"], again.setup.second
    assert [box.path for box in boxes] == [gold, second]
    said = [box.error_text.replace(box.path, "FILE") for box in boxes]
    assert said[0] and said[1] == said[0]  # the gold's box's message, naming its own file
    again.close()


def test_a_second_system_box_emptied_stays_empty_after_a_restart(qtbot, settings_file, example, tmp_path):
    gold, system, second = _chosen(tmp_path, example)
    first = _opened_with(qtbot, settings_file, gold, system, second)
    first.setup.second.set_path("")
    again = _restarted(qtbot, settings_file, first)
    assert again.setup.second.path == "" and again.setup.paths() == (gold, system)
    again.close()


def test_the_bundled_example_is_evaluated_without_a_second_system_kept(qtbot, settings_file, example, tmp_path):
    """Load the Bundled Example and `make run` (--example) choose the example's two files alone:
    a Second system kept from an earlier session made them a comparison, or stopped them on a
    file of another scheme (review55)."""
    gold, system, second = _chosen(tmp_path, example)
    again = _restarted(qtbot, settings_file, _opened_with(qtbot, settings_file, gold, system, second))
    assert again.setup.second.path == second
    again.load_example()
    assert again.setup.second.path == "" and again.setup.paths() == example[1:]
    again.close()
    started = open_window(qtbot, settings_file)
    assert started.setup.second.path == ""  # the example's choice remembered as the others are
    started.close()
