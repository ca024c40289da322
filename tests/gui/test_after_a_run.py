"""The main window after a run: an error chosen while a report is still being shown is
shown against that report's documents; the line above the results says that the files
chosen since (a second system's too), or the files as a method chosen since reads them, cannot
be read; a failed run's message goes once other files are chosen (a second system too)."""

from __future__ import annotations

import time

from PySide6.QtCore import QCoreApplication

from gui.run_status import unreadable_text
from gui.viewer_data import ReportData

from .conftest import evaluate, wait_idle
from .test_main_window import repeated_example


def one_turn() -> None:
    """Let the turns' timer come due, then run one pass of the event loop."""
    time.sleep(0.005)
    QCoreApplication.processEvents()


def test_an_error_chosen_before_its_documents_are_shown_is_shown_with_them(qtbot, window, example, tmp_path):
    gold, system = repeated_example(tmp_path, example, 40)
    evaluate(qtbot, window, "faireval", gold, system)
    longer = window.data
    evaluate(qtbot, window, *example)  # the example's 9 errors shown; the longer report next, in parts
    window.show_report(longer)
    one_turn()
    assert window.errors.data is longer and window.viewer.data is not longer  # the table first
    panes = window.viewer.panes
    last = len(longer.report.error_rows) - 1
    window.errors.select_error(last)  # no such row in the documents shown: nothing framed meanwhile
    assert panes["system"].selected_row is None
    wait_idle(qtbot, window)
    row = longer.report.error_rows[last]
    assert window.errors.selected_error() == last
    assert panes["system"].selected_row == last and panes["system"].top != (0, 0)
    assert panes["system"].selection == ([(row["system_start"], row["system_end"])], True)


def test_an_error_clicked_in_the_former_documents_selects_nothing_in_the_new_table(qtbot, window, example):
    evaluate(qtbot, window)
    window.show_report(ReportData.build(window.report))
    one_turn()
    window.viewer.error_clicked.emit(3)  # a mark of the documents still shown
    assert window.errors.selected_error() is None
    wait_idle(qtbot, window)
    window.viewer.error_clicked.emit(3)
    assert window.errors.selected_error() == 3


def _unreadable_pair(tmp_path) -> tuple[str, str]:
    """Two brat files without their texts: their boxes say in red that they cannot be read."""
    paths = []
    for name in ("gold", "system"):
        (tmp_path / f"{name}.ann").write_text("T1\tPER 0 4\tAnna\n", encoding="utf-8")
        paths.append(str(tmp_path / f"{name}.ann"))
    return paths[0], paths[1]


def test_files_that_cannot_be_read_chosen_after_a_run_are_said_to_be(qtbot, window, tmp_path):
    evaluate(qtbot, window)
    setup = window.setup
    gold, system = _unreadable_pair(tmp_path)
    setup.fields["gold"].set_path(gold)
    setup.fields["system"].set_path(system)
    qtbot.waitUntil(lambda: setup.unreadable() == ("gold", "system"), timeout=10_000)
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    said = window.summary.text()
    assert said.startswith(unreadable_text(("gold", "system")))  # as before a first evaluation
    assert said.endswith(" <span style='color:#8a5a00'>The results below are of the last evaluation, "
                         "of other files.</span>")  # fmt: skip
    setup.set_paths(window.run.gold, window.run.system)  # the files evaluated again
    qtbot.waitUntil(lambda: not setup.unreadable() and not setup.looking, timeout=10_000)
    assert window.summary.text().startswith("<b>FairEval") and "changed" not in window.summary.text()


def test_a_failed_runs_message_goes_when_other_files_are_chosen(qtbot, window, example, tmp_path, shown):
    method, gold, system = example
    evaluate(qtbot, window, method, *_unreadable_pair(tmp_path))  # stops: the files cannot be read
    assert window.statusBar().currentMessage().startswith("The evaluation stopped: ")
    window.setup.fields["gold"].set_path(gold)
    assert window.statusBar().currentMessage() == ""
    window.run_status.failed("Something went wrong: a look's crash", of_run=False)  # a look's, at a file
    window.setup.fields["system"].set_path(system)
    assert window.statusBar().currentMessage() == "Something went wrong: a look's crash"  # it stays


#: How the line above the results ends after a run where a box says in red what stops a new one.
SINCE = " <span style='color:#8a5a00'>The results below are of the last evaluation, {}.</span>"


def _looked(qtbot, setup) -> None:
    """Wait until the looks at the chosen files have shown what they found."""
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=10_000)


def test_a_second_system_that_cannot_be_read_chosen_after_a_run_is_said_to_be(qtbot, window, tmp_path):
    evaluate(qtbot, window)
    setup = window.setup
    setup.second.set_path(_unreadable_pair(tmp_path)[1])
    _looked(qtbot, setup)
    assert setup.unreadable() == ("second system",)
    assert window.summary.text() == unreadable_text(("second system",)) + SINCE.format("of other files")
    setup.second.set_path("")  # the run's inputs again: its results, as they were
    _looked(qtbot, setup)
    assert window.summary.text().startswith("<b>FairEval") and "changed" not in window.summary.text()


def test_a_failed_runs_message_goes_when_another_second_system_is_chosen(qtbot, window, example, tmp_path, shown):
    method, gold, system = example
    window.setup.second.set_path(_unreadable_pair(tmp_path)[1])
    evaluate(qtbot, window, method, gold, system)  # stops: the second system cannot be read
    assert window.statusBar().currentMessage().startswith("The evaluation stopped: ")
    window.setup.second.set_path(system)
    assert window.statusBar().currentMessage() == ""


def test_a_method_that_cannot_read_the_files_chosen_after_a_run_is_said_to_be_another(qtbot, window):
    evaluate(qtbot, window)
    setup, evaluated = window.setup, window.run.method.name
    for name in ("propara", "poetry"):  # neither reads the example's files
        setup.set_method(name)
        _looked(qtbot, setup)
        assert setup.unreadable() == ("gold", "system")
        assert window.summary.text() == unreadable_text(("gold", "system")) + SINCE.format("with another method")
    setup.set_method(evaluated)
    _looked(qtbot, setup)
    assert window.summary.text().startswith("<b>FairEval") and "changed" not in window.summary.text()
