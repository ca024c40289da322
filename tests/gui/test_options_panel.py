"""Option panels are generated from each method's Options: one editor per option, by type."""

from __future__ import annotations

from pathlib import Path

from engine.compare_options import system_b_specs
from engine.methods import all_methods
from engine.options import option_specs
from gui.options_panel import (
    BoolEditor,
    ChoiceEditor,
    ChoiceListEditor,
    NumberEditor,
    OptionsPanel,
    PathEditor,
    TextEditor,
)
from gui.setup_panel import described

from .toy_method import ToyOptions


def test_an_option_panel_is_built_for_every_registered_method(window):
    setup = window.setup
    for method in all_methods():
        panel = setup.panels[method.name]
        specs = [spec for spec in option_specs(method.Options) if spec.info.gui]
        seconds = [spec.name for spec in system_b_specs(method.Options) if spec.info.gui] if method.unit else []
        assert [name for name in panel.editors if name not in seconds] == [spec.name for spec in specs]
        assert sorted(panel.seconds) == sorted(seconds)  # the Second system's own: compare's --system-b-X
        for spec in specs:
            assert panel.editors[spec.name].toolTip().startswith(spec.info.help)
        panel.reset()
        assert panel.options() == method.Options()
        setup.set_method(method.name)
        assert setup.stack.currentWidget() is panel
        assert setup.description.text() == described(method)  # the app's words
    assert setup.method_box.count() == len(all_methods())


def test_each_option_type_gets_its_editor(qtbot):
    panel = OptionsPanel(ToyOptions)
    qtbot.addWidget(panel)
    kinds = {name: type(editor) for name, editor in panel.editors.items()}
    assert kinds == {
        "strict": BoolEditor,
        "rounds": NumberEditor,
        "weight": NumberEditor,
        "mode": ChoiceEditor,
        "tables": ChoiceListEditor,
        "labels": TextEditor,
        "limit": NumberEditor,
        "extra": PathEditor,
        "note": TextEditor,
    }  # `hidden` is not for the app
    assert panel.editors["rounds"].spin.minimum() == 1 and panel.editors["rounds"].spin.maximum() == 9
    assert "Choices: normal, slow or crash." in panel.editors["mode"].toolTip()
    assert (
        "Default: 3." in panel.editors["rounds"].toolTip()
        and "Command line: --rounds" in panel.editors["rounds"].toolTip()
    )
    assert panel.options() == ToyOptions()


def test_values_set_in_the_editors_make_the_options_and_reset_restores_the_defaults(qtbot):
    panel = OptionsPanel(ToyOptions)
    qtbot.addWidget(panel)
    changes = []
    panel.changed.connect(lambda: changes.append(1))
    editors = panel.editors
    editors["strict"].box.setChecked(False)
    editors["rounds"].spin.setValue(7)
    editors["weight"].spin.setValue(0.25)
    editors["mode"].combo.setCurrentText("slow")
    editors["tables"].boxes["c"].setChecked(True)
    editors["labels"].set_value(("PER", "LOC"))
    editors["limit"].set_box.setChecked(True)
    editors["limit"].spin.setValue(5)
    editors["extra"].set_value(Path("/tmp/x.txt"))
    editors["note"].set_value("hello")
    options = panel.options()
    assert (options.strict, options.rounds, options.weight, options.mode) == (False, 7, 0.25, "slow")
    assert (options.tables, options.labels, options.limit) == (("a", "c"), ("PER", "LOC"), 5)
    assert (options.extra, options.note, options.hidden) == (Path("/tmp/x.txt"), "hello", 1)
    assert changes  # the user's edits are announced
    assert panel.editors["weight"].spin.text() == "0.25"
    plain = panel.plain()
    panel.reset()
    assert panel.options() == ToyOptions()
    assert not panel.editors["limit"].spin.isEnabled()  # unset
    panel.set_plain(plain)
    assert panel.options() == options
    panel.set_plain({"rounds": "many"})  # a bad saved value falls back to the default
    assert panel.options().rounds == 3


def test_a_method_without_options_says_so(qtbot):
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Nothing:
        pass

    panel = OptionsPanel(Nothing)
    qtbot.addWidget(panel)
    assert panel.options() == Nothing()
    assert not panel.editors


def test_the_reader_options_that_name_a_file_have_a_file_picker(window):
    """Typesystem (an XMI's TypeSystem.xml) and Label file (doccano's labels) are files an
    annotator picks, as the page texts of poetry are: Choose a file… beside the text."""
    for method in ("faireval", "clueval", "spans", "nervaluate"):
        editors = window.setup.panels[method].editors
        for name in ("typesystem", "label_file"):
            assert isinstance(editors[name], PathEditor), (method, name)
            assert editors[name].value() is None  # unset, and a text where set
            editors[name].set_value("/tmp/TypeSystem.xml")
            assert editors[name].value() == "/tmp/TypeSystem.xml"


def test_the_file_pickers_start_in_the_folder_of_the_file_named(window, tmp_path, monkeypatch):
    """Choose a folder… beside a Typesystem of /x/TypeSystem.xml opened with that file's
    name in the Directory box (Choose greyed out), as the file boxes' did; none named: home."""
    from PySide6.QtWidgets import QFileDialog

    typesystem = tmp_path / "TypeSystem.xml"
    typesystem.write_text("<typeSystemDescription/>", encoding="utf-8")
    starts = []
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda parent, title, start: starts.append(start))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda parent, title, start: starts.append(start) or ("", ""))
    editor = window.setup.panels["spans"].editors["typesystem"]
    editor._choose_folder()
    editor._choose_file()
    editor.set_value(str(typesystem))
    editor._choose_folder()
    editor._choose_file()
    assert starts == [str(Path.home()), str(Path.home()), str(tmp_path), str(typesystem)]
