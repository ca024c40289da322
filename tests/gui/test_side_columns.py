"""Each side's own token and tag column in the app (the command line's --gold-tag-column,
--system-token-column …): a grid of Both, Gold and System beside the Token and Tag column,
scored as the command line scores them, saved with the other options; the way on of a
column without tags names the side's own option where only that side needs it."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtWidgets import QLabel

from engine.methods.span_options import SpanInputOptions
from gui.column_words import ColumnSpinBox
from gui.dialogs import app_words
from gui.options_panel import OptionsPanel, tooltip
from gui.side_grid import SideGrid
from gui.window_memory import SETUP_WIDTH

from .conftest import evaluate, open_window

#: Plain CoNLL: a token and its tag.
GOLD = ("John\tB-PER\nSmith\tI-PER\nlives\tO\nin\tO\nParis\tB-LOC\n.\tO\n\n"
        "Mary\tB-PER\nwent\tO\nto\tO\nBerlin\tB-LOC\ntoday\tO\n.\tO\n")  # fmt: skip
#: CoNLL-U Plus whose last column is chunks: its named entities are in the 4th (NE, 3 from 0).
SYSTEM = ("# global.columns = ID FORM UPOS NE CHUNK\n"
          "1\tJohn\tPROPN\tB-PER\tB-NP\n2\tSmith\tPROPN\tO\tI-NP\n3\tlives\tVERB\tO\tB-VP\n"
          "4\tin\tADP\tO\tB-PP\n5\tParis\tPROPN\tB-LOC\tB-NP\n6\t.\tPUNCT\tO\tO\n\n"
          "1\tMary\tPROPN\tB-PER\tB-NP\n2\twent\tVERB\tO\tB-VP\n3\tto\tADP\tO\tB-PP\n"
          "4\tBerlin\tPROPN\tB-ORG\tB-NP\n5\ttoday\tNOUN\tO\tB-NP\n6\t.\tPUNCT\tO\tO\n")  # fmt: skip
#: CoNLL-U Plus whose last column is MISC ('_'): the one column it names for entities is NE (9 from 0).
MISC_LAST = ("# global.columns = ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS NE MISC\n"
             "1\tJohn\tJohn\tPROPN\t_\t_\t0\troot\t_\tB-PER\t_\n"
             "2\tlives\tlive\tVERB\t_\t_\t1\tdep\t_\tO\t_\n")  # fmt: skip
#: MISC_LAST naming two columns for entities (an older OLD:NE, then NE): none is read in its last's stead.
TWO_NAMED = MISC_LAST.replace("DEPREL DEPS NE", "DEPREL OLD:NE NE")


def _files(tmp_path, system: str = SYSTEM) -> tuple[str, str]:
    (tmp_path / "gold.conll").write_text(GOLD, encoding="utf-8")
    (tmp_path / "system.conllup").write_text(system, encoding="utf-8")
    return str(tmp_path / "gold.conll"), str(tmp_path / "system.conllup")


def _set_column(panel: OptionsPanel, name: str, words: str) -> None:
    """Tick an option's box and type its column as a person counts it ("4th")."""
    editor = panel.editors[name]
    if not editor.set_box.isChecked():
        editor.set_box.click()
    editor.spin.lineEdit().setText(words)
    editor.spin.interpretText()


def test_the_systems_own_tag_column_set_in_the_panel_scores_as_the_command_line(qtbot, window, cli, tmp_path):
    gold, system = _files(tmp_path)
    window.setup.set_method("spans")
    window.setup.set_paths(gold, system)
    _set_column(window.setup.panel, "system_tag_column", "4th")
    evaluate(qtbot, window)
    report = window.report
    run = cli("spans", gold, system, "--system-tag-column", "3", "--json", "-")
    expected = json.loads(run.out)
    assert run.code == 0 and "ORG" in run.err  # the NE column read: Berlin is an ORG there
    assert {name: table.rows for name, table in report.tables.items()} == {
        name: table["rows"] for name, table in expected["tables"].items()}  # fmt: skip
    assert [row[0] for row in report.tables["scores"].rows][:3] == ["LOC", "ORG", "PER"]  # not NP, PP, VP
    assert report.options == expected["options"] and report.options["system_tag_column"] == 3
    assert "System tag column = 4th" in window.tabs.widget(0).header.text()


def test_the_side_columns_are_a_grid_whose_unset_sides_show_the_column_for_both(qtbot):
    panel = OptionsPanel(SpanInputOptions)
    qtbot.addWidget(panel)
    assert isinstance(panel.grid, SideGrid) and panel.grid.names[:2] == ["token_column", "tag_column"]
    for name in ("gold_tag_column", "system_token_column"):
        assert isinstance(panel.editors[name].spin, ColumnSpinBox) and panel.editors[name].parent() is panel.grid
    assert "not set (as for both sides)" in panel.editors["gold_tag_column"].toolTip()
    gold = panel.editors["gold_tag_column"].spin
    assert gold.text() == "last" and not gold.isEnabled()
    _set_column(panel, "tag_column", "3rd")
    assert gold.text() == "3rd" and not gold.isEnabled()  # follows Both while not set
    assert panel.values()["gold_tag_column"] is None and panel.options().tag_column == 2
    _set_column(panel, "gold_tag_column", "2nd")
    _set_column(panel, "tag_column", "last")
    assert (gold.text(), panel.values()["gold_tag_column"], panel.values()["tag_column"]) == ("2nd", 1, -1)
    assert panel.editors["system_tag_column"].spin.text() == "last"
    _set_column(panel, "tag_column", "6th")
    panel.editors["tag_column"].set_box.click()  # unset again: Both shows what the sides show and read
    assert [panel.editors[n].spin.text() for n in ("tag_column", "system_tag_column")] == ["last", "last"]
    panel.show()
    assert panel.editors["system_token_column"].spin.text() == ""  # not set: FORM, else the 1st
    heads = [label for label in panel.grid.findChildren(QLabel) if label.text() == "Tag column"]
    assert len(heads) == 1 and heads[0].toolTip() == tooltip(panel.editors["tag_column"].spec)
    said = app_words("read them with --gold-token-column 2, or --system-tag-column N")
    assert said == "read them with Gold token column set to 3rd, or the option System tag column"


def test_the_side_columns_are_kept_and_the_setup_panel_keeps_its_width(qtbot, settings_file, tmp_path):
    first = open_window(qtbot, settings_file)
    first.resize(1280, 660)
    first.setup.set_method("spans")
    _set_column(first.setup.panel, "system_tag_column", "4th")
    _set_column(first.setup.panel, "gold_token_column", "1st")
    qtbot.waitUntil(lambda: first.setup.scroll.width() >= first.setup.scroll.widget().minimumSizeHint().width())
    assert first.setup.scroll.widget().minimumSizeHint().width() < SETUP_WIDTH
    first.close()
    again = open_window(qtbot, settings_file)
    again.setup.set_method("spans")
    values = again.setup.panel.values()
    assert (values["system_tag_column"], values["gold_token_column"], values["tag_column"]) == (3, 0, None)
    again.close()


def test_a_column_without_tags_names_the_own_option_of_the_side_that_needs_it(
    qtbot, window, shown, cli, tmp_path
):
    gold, system = _files(tmp_path, TWO_NAMED)
    run = cli("spans", gold, system, "--format", "conll")
    way_on = "read them with --system-tag-column N (the file names its columns ID, FORM,"
    assert run.code == 2 and way_on in run.err  # --tag-column N would read the gold's other column
    alike = cli("spans", system, system, "--format", "conll")
    assert alike.code == 2 and "read them with --tag-column N (the file" in alike.err  # one file: both need it
    same = cli("spans", system, f"{Path(system).parent}/./{Path(system).name}", "--format", "conll")
    assert same.code == 2 and "read them with --tag-column N (the file" in same.err  # spelt two ways, one file
    setup = window.setup
    setup.set_method("spans")
    setup.set_paths(gold, system)
    setup.panel.editors["format"].set_value("conll")  # not recognised as CoNLL: its last column holds no tags
    setup.panel.editors["format"].changed.emit()
    words = "read them with the option System tag column (the file names its columns ID, FORM,"
    qtbot.waitUntil(lambda: words in setup.fields["system"].error_text, timeout=10_000)
    setup.set_paths(system, system)  # one file in both boxes: the option for both
    qtbot.waitUntil(lambda: "read them with the option Tag column (the file" in setup.fields["system"].error_text,
                    timeout=10_000)  # fmt: skip
    evaluate(qtbot, window, "spans", gold, system)
    assert words in shown.input_errors[-1][1]  # the run says it as the look did


def test_a_last_column_without_tags_beside_one_named_for_entities_reads_in_the_app(qtbot, window, shown, tmp_path):
    """The Tag column left "last" on a CoNLL-U Plus file whose last column holds no tags and
    which names one column for named entities: the run reads that one and says so."""
    gold, system = _files(tmp_path, MISC_LAST)
    Path(gold).write_text("John\tB-PER\nlives\tO\n", encoding="utf-8")
    setup = window.setup
    setup.set_method("spans")
    setup.set_paths(gold, system)
    setup.panel.editors["format"].set_value("conll")
    setup.panel.editors["format"].changed.emit()
    evaluate(qtbot, window, "spans", gold, system)
    assert not shown.input_errors and not setup.fields["system"].error_text
    said = "the tags are read from column 9 (counted from 0, NE), the one column the file names for named entities"
    assert any(said in message for message in window.report.messages)
    assert window.report.tables["scores"].rows[0][0] == "PER"
