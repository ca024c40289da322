"""The Second system's own reader options in the app, as compare's --system-b-X on the command
line (the same declared options: compare_options.system_b_specs): two annotators of one
INCEpTION project export compared against its curation, a Second system whose tags are in
another column; its box read with them, its user list from its own file, the run's numbers
compare's, the report's options naming them, and the settings keeping them."""

from __future__ import annotations

import json

from engine.cli import main
from engine.export.json import dumps
from gui.results import report_header
from tests.engine.test_agreement_exports import project_entries, zipped
from tests.engine.test_compare_system_b import _files

from .conftest import evaluate, open_window, wait_idle


def _settled(qtbot, setup) -> None:
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)


def _picked(setup, name: str, user: str) -> None:
    """A user picked from an option's drop-down, as a person picks one."""
    editor = setup.panel.editors[name]
    editor.combo.setCurrentIndex(editor.suggestions().index(user))
    editor.combo.textActivated.emit(user)


def _compared(capsys, *args: str) -> dict:
    """compare's JSON report."""
    assert main(["compare", *args, "--json", "-"]) == 0
    return json.loads(capsys.readouterr().out)


def test_two_annotators_of_one_export_are_compared_as_compare_compares_them(qtbot, window, tmp_path, capsys):
    """System = anna, Second system = ben, of one INCEpTION project export, against its
    curation: the Second system user's list offers the export's users, its box reads ben's
    annotations, and the comparison is `compare … --system-user anna --system-b-user ben`'s."""
    project = zipped(tmp_path / "project.zip", project_entries())
    setup = window.setup
    setup.set_method("spans")
    setup.panel.reset()
    setup.set_paths(project, project)
    setup.second.set_path(project)
    _settled(qtbot, setup)
    assert setup.panel.editors["system_b_user"].suggestions() == ["anna", "ben", "cara"]  # the Second file's
    _picked(setup, "system_user", "anna")
    _picked(setup, "system_b_user", "ben")
    _settled(qtbot, setup)
    assert "the annotations of anna" in setup.fields["system"].status.text()
    assert "the annotations of ben" in setup.second.status.text() and not setup.second.error_text
    evaluate(qtbot, window)
    expected = _compared(capsys, "spans", project, project, project, "--system-user", "anna", "--system-b-user", "ben")
    shown = json.loads(dumps(window.report))
    assert shown["comparison"] == expected["comparison"] and shown["confidence"] == expected["confidence"]
    assert any(row[4] < 1.0 for row in expected["tables"]["comparison"]["rows"])  # ben is not anna
    assert shown["options"] == expected["options"] and shown["options"]["system_b_user"] == "ben"
    assert f"ben's annotations in {project}: labels only the system uses (scored): ORG" in window.report.messages
    header = report_header(window.report)  # the options line over the scores
    assert "System user = anna" in header and "Second system user = ben" in header


def test_a_second_system_with_its_tags_in_another_column(qtbot, window, tmp_path, capsys):
    """B's tags in its 2nd column (a POS column after them): its box says so in red, naming
    its own Tag column, until that is set; then the run reads it as compare's --system-b-tag-column 1."""
    gold, a, b = _files(tmp_path)
    setup = window.setup
    setup.set_method("spans")
    setup.panel.reset()
    setup.panel.editors["format"].set_value("conll")
    setup.set_paths(gold, a)
    setup.second.set_path(b)
    _settled(qtbot, setup)
    qtbot.waitUntil(lambda: "Second system tag column" in setup.second.error_text, timeout=20_000)
    assert "the option System tag column" not in setup.second.error_text and not setup.fields["system"].error_text
    column = setup.panel.editors["system_b_tag_column"]
    assert column.spin.text() == "last" and column.value() is None  # not set: as the System's
    column.set_box.setChecked(True)
    column.spin.setValue(1)
    _settled(qtbot, setup)
    qtbot.waitUntil(lambda: not setup.second.error_text, timeout=20_000)
    assert column.spin.text() == "2nd"
    evaluate(qtbot, window)
    expected = _compared(capsys, "spans", gold, a, b, "--format", "conll", "--system-b-tag-column", "1")
    shown = json.loads(dumps(window.report))
    assert shown["comparison"] == expected["comparison"] and shown["options"]["system_b_tag_column"] == 1
    assert "Second system tag column = 2nd" in report_header(window.report)


def test_the_second_systems_options_follow_the_systems_and_say_so(window):
    """Not set, a Second system option shows what it reads with, the System's; its tooltip
    says so and names compare's flag."""
    setup = window.setup
    setup.set_method("spans")
    setup.panel.reset()
    editors = setup.panel.editors
    editors["system_tag_column"].set_box.setChecked(True)
    editors["system_tag_column"].spin.setValue(2)
    assert editors["system_b_tag_column"].spin.text() == "3rd" and editors["system_b_tag_column"].value() is None
    tip = editors["system_b_user"].toolTip()
    assert tip.startswith("Second system: INCEpTION project export") and "Not set: as for the System." in tip
    assert "Default: not set (as for the System)." in tip and "Command line: spanstudio compare … --system-b-user" in tip
    assert "system_b_user" not in setup.panels["poetry"].editors  # a method without reader options has none


def test_the_second_systems_options_are_kept_across_starts(qtbot, settings_file, tmp_path):
    window = open_window(qtbot, settings_file)
    setup = window.setup
    setup.set_method("spans")
    editors = setup.panel.editors
    editors["system_b_user"].set_value("ben")
    editors["system_b_user"].changed.emit()
    editors["system_b_format"].combo.setCurrentIndex(editors["system_b_format"].choices.index("conll"))
    wait_idle(qtbot, window)
    window.close()
    again = open_window(qtbot, settings_file)
    values = again.setup.panels["spans"].values()
    assert (values["system_b_user"], values["system_b_format"], values["system_user"]) == ("ben", "conll", None)
    again.setup.panels["spans"].reset()
    assert again.setup.panels["spans"].values()["system_b_user"] is None
    again.close()


def test_a_changed_second_system_option_asks_for_a_new_evaluation(qtbot, window, tmp_path):
    """Changed after a run, a Second system option makes the results stale (its file is read
    again with it: no re-score), as another option a method cannot re-score does."""
    gold, a, b = _files(tmp_path)
    setup = window.setup
    setup.set_method("spans")
    setup.panel.reset()
    setup.panel.editors["format"].set_value("conll")
    editors = setup.panel.editors
    editors["system_b_tag_column"].set_box.setChecked(True)
    editors["system_b_tag_column"].spin.setValue(1)
    setup.set_paths(gold, a)
    setup.second.set_path(b)
    _settled(qtbot, setup)
    evaluate(qtbot, window)
    assert "The options changed" not in window.summary.text()
    scheme = editors["system_b_scheme"]
    scheme.combo.setCurrentIndex(scheme.choices.index("IOB2"))  # B's tags are IOB2: it reads them alike
    qtbot.waitUntil(lambda: "The options changed" in window.summary.text(), timeout=5000)
    wait_idle(qtbot, window)
    assert window.run.options_b.system_scheme is None and "The options changed" in window.summary.text()
    scheme.combo.setCurrentIndex(0)  # not set, as the run read it
    qtbot.waitUntil(lambda: "The options changed" not in window.summary.text(), timeout=5000)


def test_the_second_systems_options_show_only_with_a_second_system_file(qtbot, window, tmp_path):
    """A person comparing no two systems is not asked how to read a second one: the Second
    system's rows (and the grid's Second row) show once its box holds a file, and go with it."""
    setup = window.setup
    setup.set_method("spans")
    window.show()
    qtbot.waitExposed(window)
    panel = setup.panel
    rows = [panel.editors[name] for name in panel.seconds]
    assert rows and not any(editor.isVisibleTo(window) for editor in rows)
    assert not any(label.isVisibleTo(window) for label in panel.grid.labels["system_b_"])
    assert panel.editors["system_user"].isVisibleTo(window)
    second = tmp_path / "b.conll"
    second.write_text("Anna B-PER\n", encoding="utf-8")
    setup.second.set_path(str(second))
    assert all(editor.isVisibleTo(window) for editor in rows)
    assert all(label.isVisibleTo(window) for label in panel.grid.labels["system_b_"])
    setup.second.set_path("")
    assert not any(editor.isVisibleTo(window) for editor in rows)
