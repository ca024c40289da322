"""A file's column in the app reads as a person counts it ("1st", "last", "2nd from last"),
in the Agreement window's Reading options and the main window's Options panel alike (it
showed "Token column 0" and "Tag column -1"); the engine gets its own numbers unchanged
(counted from 0, negative from the end), as from the command line."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QSpinBox

from engine.errors import InputError
from engine.methods.clueval.settings import Options as CluevalOptions
from engine.methods.span_options import SpanInputOptions
from gui.agreement_window import AgreementWindow
from gui.column_words import ColumnSpinBox, column_value, column_words
from gui.dialogs import input_error_text
from gui.options_panel import INT_LIMIT, OptionsPanel
from gui.results import option_specs_of, option_text
from gui.settings import AppSettings


def test_columns_are_words_counted_from_one_and_from_the_end():
    shown = {0: "1st", 1: "2nd", 2: "3rd", 3: "4th", 10: "11th", 20: "21st", -1: "last", -2: "2nd from last"}
    assert {value: column_words(value) for value in shown} == shown
    assert all(column_value(words) == value for value, words in shown.items())
    typed = {"3": 2, "column 4": 3, "last": -1, "2 from the end": -2, "2nd last": -2, " 5th ": 4,
             "First": 0, "last but one": -2, "-1": -1, "-3": -3}  # the command line's -1 too
    assert {text: column_value(text) for text in typed} == typed
    assert column_value("0") is None and column_value("x") is None and column_value("") is None
    assert column_value("-0") is None


def test_the_agreement_windows_columns_read_as_words_and_the_engine_gets_its_numbers(qtbot, tmp_path):
    window = AgreementWindow(settings=AppSettings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)))
    qtbot.addWidget(window)
    editors = window.reading.panel.editors
    token, tag = editors["token_column"].spin, editors["tag_column"].spin
    assert isinstance(tag, ColumnSpinBox) and (token.text(), tag.text()) == ("", "last")  # token: not set
    assert token.lineEdit().placeholderText() == "FORM/1st"  # what is then read, greyed
    assert (window.reading.reading().token_column, window.reading.reading().tag_column) == (None, -1)  # FORM/1st
    assert "Default: last." in editors["tag_column"].toolTip() and "counted from 1" in tag.parent().toolTip()
    tag.lineEdit().setText("3rd")
    tag.interpretText()
    assert window.reading.reading().tag_column == 2 and tag.text() == "3rd"
    window.reading._edited()
    assert window.reading.set_now.text() == "Tag column 3rd"
    tag.lineEdit().setText("2nd from last")
    tag.interpretText()
    assert window.reading.reading().tag_column == -2
    tag.stepBy(1)  # one up from 2nd from last: the last column
    assert tag.text() == "last" and window.reading.reading().tag_column == -1


def test_the_main_windows_options_show_the_columns_alike(qtbot):
    panel = OptionsPanel(SpanInputOptions)
    qtbot.addWidget(panel)
    editor = panel.editors["tag_column"]
    assert isinstance(editor.spin, ColumnSpinBox) and panel.values()["tag_column"] is None  # not set
    assert not editor.spin.isEnabled() and editor.spin.text() == "last"  # what the readers take then
    assert panel.editors["token_column"].spin.text() == ""  # none: a CoNLL-U Plus file's FORM, else the 1st
    editor.set_box.setChecked(True)
    editor.spin.lineEdit().setText("last")
    editor.spin.interpretText()
    assert panel.options().tag_column == -1 and editor.spin.text() == "last"
    assert option_text(option_specs_of("spans")["tag_column"], "tag_column", 1) == "Tag column = 2nd"
    assert option_text(option_specs_of("spans")["tag_column"], "tag_column", "2") == "Tag column = 2"  # as read


def test_clueval_columns_are_words_too(qtbot):
    panel = OptionsPanel(CluevalOptions)
    qtbot.addWidget(panel)
    editor = panel.editors["doc_id_column"]
    assert isinstance(editor.spin, ColumnSpinBox) and panel.values()["doc_id_column"] is None
    editor.set_box.setChecked(True)
    editor.spin.setValue(-3)
    assert editor.spin.text() == "3rd from last" and panel.options().doc_id_column == -3


def test_a_message_names_a_column_as_its_control_shows_it():
    err = InputError("a tag column of the file", "3 columns with --tag-column 4", file="a.conll", line=3)
    assert input_error_text(err).endswith("found 3 columns with Tag column set to 5th")


def test_an_unset_columns_tooltip_names_the_column_the_readers_take():
    """The span methods' Tag column is unset by default: its tooltip says 'Default: last.' as
    its greyed spin box shows 'last' (it said 'Default: not set.')."""
    from engine.options import option_specs
    from gui.options_panel import tooltip

    specs = {spec.name: spec for spec in option_specs(SpanInputOptions)}
    assert specs["tag_column"].default is None and "Default: last." in tooltip(specs["tag_column"])
    assert "Default: not set." in tooltip(specs["token_column"])  # a CoNLL-U Plus file's FORM, else the 1st:
    assert "(default: the FORM column a CoNLL-U Plus file names, else 0)" in tooltip(specs["token_column"])


def test_an_index_counts_from_one_as_a_person_does(qtbot):
    """Which annotation (Label Studio) or user (doccano): '1st', '2nd' in the app, 0 and 1 for
    the engine (it showed 'Index 0' beside a warning about 'annotation number 1')."""
    from gui.column_words import COUNTED_INDEX
    from gui.options_panel import tooltip

    panel = OptionsPanel(SpanInputOptions)
    qtbot.addWidget(panel)
    editor = panel.editors["system_index"]
    assert isinstance(editor.spin, ColumnSpinBox) and editor.spin.text() == "1st"  # not set: the first
    editor.set_box.setChecked(True)
    editor.spin.lineEdit().setText("2nd")
    editor.spin.interpretText()
    assert panel.options().system_index == 1 and editor.spin.text() == "2nd"
    editor.spin.lineEdit().setText("last")  # no 'last' annotation: the value stays
    editor.spin.interpretText()
    assert panel.options().system_index == 1
    assert COUNTED_INDEX in tooltip(option_specs_of("spans")["system_index"])
    assert option_text(option_specs_of("spans")["index"], "index", 0) == "Index = 1st"


@pytest.mark.parametrize("low", [-INT_LIMIT, 0])
def test_a_column_spin_box_is_as_wide_as_a_plain_one(qtbot, low):
    plain, column = QSpinBox(), ColumnSpinBox()
    for box in (plain, column):
        qtbot.addWidget(box)
        box.setRange(low, INT_LIMIT)
    for hint in ("sizeHint", "minimumSizeHint"):  # Qt measured "2147483647th from last": 152 px against 108
        assert abs(getattr(column, hint)().width() - getattr(plain, hint)().width()) <= 2


def test_an_unset_token_column_shows_what_is_read_and_its_value_once_set(qtbot):
    """Unset, the token column shows what the readers then take, "FORM/1st" (greyed, a
    CoNLL-U Plus file's FORM column, else the first), as the tag column shows "last"; ticked, the
    column it then has; reset, what is read again (it kept showing '2nd' greyed)."""
    panel = OptionsPanel(SpanInputOptions)
    qtbot.addWidget(panel)
    panel.show()
    editor = panel.editors["token_column"]
    for name in ("token_column", "gold_token_column", "system_token_column"):
        line = panel.editors[name].spin.lineEdit()
        assert line.text() == "" and line.placeholderText() == "FORM/1st" and line.isVisible()
    assert panel.editors["tag_column"].spin.lineEdit().placeholderText() == ""  # it shows its value, "last"
    editor.set_box.setChecked(True)
    assert editor.spin.text() == "1st" and panel.values()["token_column"] == 0
    editor.spin.stepUp()
    assert editor.spin.text() == "2nd"
    editor.set_value(None)
    assert editor.spin.text() == "" and panel.values()["token_column"] is None
    assert editor.spin.lineEdit().placeholderText() == "FORM/1st"


def test_a_range_is_said_as_the_app_counts():
    """An option's range in its tooltip as the spin box counts ('Range: 0 … .' was left open
    with a dangling '…', and an index's 0 was the command line's count: review50 F5b)."""
    from engine.options import option_specs
    from gui.options_panel import range_words, tooltip

    index = option_specs_of("spans")["system_index"]
    ranges = [line for line in tooltip(index).splitlines() if line.startswith("Range:")]
    assert ranges == ["Range: 1st or later."]
    assert range_words(option_specs_of("clueval")["context_left"]) == "0 or more"
    assert not [spec.name for spec in option_specs(SpanInputOptions) if "…" in (range_words(spec) or "")]
