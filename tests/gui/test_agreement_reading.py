"""The Agreement window reads files as `spanstudio agreement` can: its Reading options are the
command's reader options and --labels (from their declarations), go to the listing and the
measuring, are kept with the window's other settings, and the engine's messages name them."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, Qt

from engine.agreement.command import AGREEMENT_READER_OPTIONS, add_agreement_parser
from engine.export.json import to_json
from engine.formats.reader_options import DEFAULT
from engine.options import option_specs
from gui.agreement_memory import kept_rows
from gui.agreement_reading import AgreementReading, labels, read_options
from gui.agreement_window import AgreementWindow
from tests.engine.test_missing_label_option import FLAGS
from tests.gui.test_agreement_exports_window import added, measured
from tests.gui.test_agreement_window import dialog_texts
from tests.gui.test_next_day import opened

HEADER = "#FORMAT=WebAnno TSV 3.3\n#T_SP=a.Pos|tag\n#T_SP=b.Chunk|kind|value\n\n\n#Text=ab cd ef gh\n"
#: Each annotator's (Pos, Chunk kind, Chunk value) of the four tokens: the layers disagree apart.
TOKENS = {
    "anna": [("N", "NP[1]", "S[2]"), ("V", "NP[1]", "S[2]"), ("N", "VP", "_"), ("N", "_", "S")],
    "ben": [("N", "NP", "S[2]"), ("N", "_", "S[2]"), ("N", "VP", "_"), ("V", "_", "_")],
    "cara": [("V", "NP[1]", "S"), ("V", "NP[1]", "_"), ("N", "_", "_"), ("N", "NP", "S")],
}


def tsv(tokens: list[tuple[str, str, str]]) -> str:
    words = ("ab", "cd", "ef", "gh")
    lines = [f"1-{i + 1}\t{3 * i}-{3 * i + 2}\t{words[i]}\t{pos}\t{kind}\t{value}\t"
             for i, (pos, kind, value) in enumerate(tokens)]  # fmt: skip
    return HEADER + "\n".join(lines) + "\n"


@pytest.fixture
def layered(tmp_path) -> list[str]:
    paths = []
    for name, tokens in TOKENS.items():
        (tmp_path / f"{name}.tsv").write_text(tsv(tokens), encoding="utf-8")
        paths.append(str(tmp_path / f"{name}.tsv"))
    return paths


@pytest.fixture
def flagged(tmp_path) -> list[str]:
    paths = [tmp_path / "anna.tsv", tmp_path / "ben.tsv"]
    paths[0].write_text(FLAGS, encoding="utf-8")
    paths[1].write_text(FLAGS.replace("1-2\t3-5\tcd\t*[1]", "1-2\t3-5\tcd\t_"), encoding="utf-8")
    return [str(p) for p in paths]


def set_option(window: AgreementWindow, name: str, value: object) -> None:
    """Set one Reading option as the user does (its editor changed)."""
    editor = window.reading.panel.editors[name]
    editor.set_value(value)
    editor.changed.emit()


def measured_data(qtbot, window: AgreementWindow, paths: list[str]) -> dict:
    added(window, qtbot, *paths)
    return json.loads(to_json(measured(window, qtbot)))


def cli_data(cli, *args: str) -> dict:
    result = cli("agreement", *args, "--json", "-")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    return {key: value for key, value in data.items() if key not in ("engine_version", "created", "options",
                                                                     "input_files")}  # fmt: skip


def test_the_options_are_the_agreement_commands_reader_options_and_labels():
    names = [spec.name for spec in option_specs(AgreementReading)]
    assert names == ["format"] + [o.name for o in AGREEMENT_READER_OPTIONS] + ["labels"]
    assert "user" not in names  # an export's users are its annotators


def test_the_labels_option_says_what_the_commands_labels_flag_says():
    commands = argparse.ArgumentParser().add_subparsers()
    add_agreement_parser(commands)
    flag = next(a for a in commands.choices["agreement"]._actions if a.dest == "labels")
    labels = option_specs(AgreementReading)[-1]
    assert (labels.name, labels.info.help, labels.info.metavar) == ("labels", flag.help, flag.metavar)
    assert flag.help and flag.metavar


@pytest.mark.parametrize("options", [("b.Chunk",), ("Chunk", "kind"), ("a.Pos",)])
def test_a_layer_chosen_gives_the_commands_figures(qtbot, cli, layered, options):
    window = AgreementWindow()
    qtbot.addWidget(window)
    set_option(window, "layer", options[0])
    flags = ["--layer", options[0]]
    if len(options) > 1:
        set_option(window, "feature", options[1])
        flags += ["--feature", options[1]]
    data = measured_data(qtbot, window, layered)
    assert data == cli_data(cli, *layered, *flags)
    assert data != cli_data(cli, *layered, "--layer", "b.Chunk" if options[0] == "a.Pos" else "a.Pos")


def test_only_the_labels_chosen_are_measured(qtbot, cli, layered):
    window = AgreementWindow()
    qtbot.addWidget(window)
    set_option(window, "layer", "b.Chunk")
    set_option(window, "feature", "kind")
    set_option(window, "labels", ("NP",))
    data = measured_data(qtbot, window, layered)
    assert data == cli_data(cli, *layered, "--layer", "b.Chunk", "--feature", "kind", "--labels", "NP")
    assert data != cli_data(cli, *layered, "--layer", "b.Chunk", "--feature", "kind")


def test_a_missing_label_gives_the_commands_figures(qtbot, cli, flagged):
    window = AgreementWindow()
    qtbot.addWidget(window)
    set_option(window, "missing_label", "Flag")
    assert measured_data(qtbot, window, flagged) == cli_data(cli, *flagged, "--missing-label", "Flag")


def test_the_options_survive_closing_and_reopening(qtbot, settings_file, layered):
    first = opened(qtbot, settings_file)
    set_option(first, "layer", "b.Chunk")
    set_option(first, "missing_label", "Flag")
    set_option(first, "tag_column", 2)
    set_option(first, "labels", ("S", "NP"))
    first.close()
    first.settings.sync()
    again = opened(qtbot, settings_file)
    assert again.reading.reading() == AgreementReading(layer="b.Chunk", missing_label="Flag", tag_column=2,
                                                       labels=("S", "NP"))  # fmt: skip
    assert again.reading.set_now.text() == "Layer b.Chunk; Tag column 3rd; Missing label Flag; Labels S, NP"


def test_a_failure_names_the_windows_own_control(qtbot, monkeypatch, flagged):
    texts = dialog_texts(monkeypatch)
    window = AgreementWindow()
    qtbot.addWidget(window)
    window.add_paths(flagged)
    window.measure()
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    words = "(or a label for those without: the Reading option Missing label), found '*'"
    line = window.summary.text()
    assert line.startswith(f"Agreement could not be measured: {flagged[0]}:6: expected a value") and words in line
    assert "--missing-label" not in line and "LABEL" not in line
    assert len(texts) == 1 and words in texts[0][1]


def test_the_listing_reads_an_export_with_the_options(qtbot, monkeypatch, tmp_path):
    """An export is listed with the Reading options, and measured from that reading only
    while they stay as they were."""
    import engine.agreement.inputs as inputs

    given = []
    monkeypatch.setattr(inputs, "export_annotators", lambda path, fmt=None, options=None, predictions=False:
                        given.append(options) or {"anna": None, "ben": None})  # fmt: skip
    monkeypatch.setattr("gui.agreement_window.may_hold_several", lambda path, format: True)
    window = AgreementWindow()
    qtbot.addWidget(window)
    set_option(window, "layer", "b.Chunk")
    export = tmp_path / "export.json"
    export.write_text("{}", encoding="utf-8")
    window.add_paths([str(export)])
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    assert window.rows() == [(str(export), "anna"), (str(export), "ben")]
    assert [o.layer for o in given] == ["b.Chunk"] and window.exports[str(export)].options.layer == "b.Chunk"


def test_the_window_still_fits_a_small_screen_with_the_options_open(qtbot):
    window = AgreementWindow()
    qtbot.addWidget(window)
    window.reading.button.setChecked(True)
    window.show()
    assert window.reading.area.isVisible()
    assert window.minimumSizeHint().height() <= 660 and window.height() <= 660
    assert window.reading.panel.height() <= window.reading.area.viewport().height()  # none scrolled away


def test_setting_no_option_reads_as_the_command_line_does_without_flags():
    assert read_options(AgreementReading()) == DEFAULT and labels(AgreementReading()) is None


def offered(window: AgreementWindow, name: str) -> list[str]:
    """What a Reading option's drop-down offers."""
    return window.reading.panel.editors[name].suggestions()


def choose(window: AgreementWindow, name: str, item: str) -> None:
    """Pick an item of a Reading option's drop-down as the user does."""
    combo = window.reading.panel.editors[name].combo
    combo.setCurrentIndex(combo.findText(item))
    combo.textActivated.emit(item)


def agreement_of(qtbot, main_window) -> AgreementWindow:
    """The main window's Agreement window (its files looked at on the main window's look queue)."""
    main_window.open_agreement()
    qtbot.waitExposed(main_window.agreement)
    return main_window.agreement


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # the offscreen platform
def test_the_files_listed_offer_their_layers_and_features(qtbot, cli, window, layered):
    agreement = agreement_of(qtbot, window)
    assert offered(agreement, "layer") == [] and offered(agreement, "feature") == []
    agreement.add_paths(layered)
    qtbot.waitUntil(lambda: offered(agreement, "layer") == ["a.Pos", "b.Chunk"], timeout=20_000)
    assert offered(agreement, "feature") == []  # two layers, neither the default: no layer's features yet
    choose(agreement, "layer", "b.Chunk")
    assert agreement.reading.reading().layer == "b.Chunk"
    assert offered(agreement, "feature") == ["kind", "value"]
    choose(agreement, "feature", "value")
    agreement.measure()
    qtbot.waitUntil(lambda: not agreement.busy, timeout=20_000)
    assert agreement.data is not None, agreement.summary.text()
    data = json.loads(to_json(agreement.data))
    assert data == cli_data(cli, *layered, "--layer", "b.Chunk", "--feature", "value")
    assert data != cli_data(cli, *layered, "--layer", "b.Chunk", "--feature", "kind")
    choose(agreement, "layer", "a.Pos")
    assert offered(agreement, "feature") == ["tag"]


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # the offscreen platform
def test_a_file_is_looked_at_once_while_unchanged_and_off_the_ui_thread(qtbot, monkeypatch, window, layered):
    import threading
    from pathlib import Path

    import gui.agreement_choices as choices

    looked: list[tuple[str, threading.Thread]] = []
    read = choices.read_contents
    monkeypatch.setattr(choices, "read_contents", lambda path, options, format, look:
                        looked.append((path, threading.current_thread())) or read(path, options, format, look))  # fmt: skip
    agreement = agreement_of(qtbot, window)

    def settled() -> bool:
        return not agreement.reading.choices._later.isActive() and not window.setup.looking

    agreement.add_paths(layered[:2])
    qtbot.waitUntil(lambda: len(looked) == 2 and settled(), timeout=20_000)
    agreement.add_paths(layered)  # two listed already, one more
    set_option(agreement, "layer", "a.Pos")
    agreement.paths.item(0).setSelected(True)
    agreement.remove()
    agreement.add_paths(layered[:1])
    qtbot.waitUntil(lambda: len(looked) == 3 and settled(), timeout=20_000)
    assert sorted(path for path, _ in looked) == sorted(layered)
    assert all(thread is not threading.main_thread() for _, thread in looked)
    changed = Path(layered[0])
    changed.write_text(tsv(TOKENS["ben"]).replace("#T_SP=a.Pos|tag", "#T_SP=a.Lemma|value"), encoding="utf-8")
    set_option(agreement, "layer", "b.Chunk")
    qtbot.waitUntil(lambda: len(looked) == 4 and settled(), timeout=20_000)
    assert looked[-1][0] == layered[0]
    assert offered(agreement, "layer") == ["a.Pos", "b.Chunk", "a.Lemma"]  # in the order listed (anna last)


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # the offscreen platform
def test_an_inception_export_listed_offers_its_layers_and_features(qtbot, window, tmp_path):
    from tests.engine.test_agreement_exports import project_entries, zipped

    agreement = agreement_of(qtbot, window)
    agreement.add_paths([zipped(tmp_path / "project.zip", project_entries())])
    named_entity = "de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity"
    qtbot.waitUntil(lambda: offered(agreement, "layer") == [named_entity], timeout=20_000)
    assert len(agreement.rows()) == 3 and offered(agreement, "feature") == ["value"]  # its default layer's


def test_stepping_an_option_keeps_the_listed_rows_once_and_by_closing(qtbot, settings_file, layered, monkeypatch):
    window = opened(qtbot, settings_file)
    window.add_paths(layered)
    qtbot.waitUntil(lambda: kept_rows(window.settings) == [(path, None) for path in layered])
    writes: list[str] = []
    write = window.settings.set_value
    monkeypatch.setattr(window.settings, "set_value", lambda key, value: (writes.append(key), write(key, value)))
    window.show()
    window.reading.open(True)
    window.reading.panel.editors["token_column"].set_box.setChecked(True)  # not set: FORM, else the 1st
    spin = window.reading.panel.editors["token_column"].spin
    spin.setFocus()
    for _ in range(5):  # the arrow key held: one value after another
        qtbot.keyClick(spin, Qt.Key.Key_Up)
    assert spin.value() == 5 and writes.count("agreement") <= 1
    window.close()  # what waits to be kept is kept as the window closes
    assert writes.count("agreement") == 1
    assert opened(qtbot, settings_file).reading.reading().token_column == 5


def test_an_option_edited_as_the_app_quits_is_kept(qtbot, settings_file, monkeypatch):
    """The app may quit with the window open (its main window closed): what waits is kept then."""
    window = opened(qtbot, settings_file)
    writes: list[str] = []
    write = window.settings.set_value
    monkeypatch.setattr(window.settings, "set_value", lambda key, value: (writes.append(key), write(key, value)))
    set_option(window, "missing_label", "Flag")
    assert writes == [] and window.kept_later is not None and window.kept_later.isActive()
    QCoreApplication.instance().aboutToQuit.emit()
    assert writes == ["agreement"] and not window.kept_later.isActive()
    window.close()  # nothing waits: nothing is written again
    assert writes == ["agreement"]
    assert opened(qtbot, settings_file).reading.reading().missing_label == "Flag"


def test_the_figures_line_says_when_the_reading_options_changed_since(qtbot, layered):
    window = AgreementWindow()
    qtbot.addWidget(window)
    set_option(window, "layer", "b.Chunk")
    measured_data(qtbot, window, layered)
    assert "changed since" not in window.summary.text()
    set_option(window, "missing_label", "Flag")
    assert window.summary.text().endswith("The Reading options have changed since: click Measure agreement again.")
    set_option(window, "missing_label", None)  # back as measured: the figures are the options' again
    assert "changed since" not in window.summary.text() and window.summary.text().startswith("3 annotators")


def test_a_token_column_not_set_reads_a_conllu_plus_files_form_as_the_command_does(qtbot, cli, tmp_path):
    """The Token column is unset until set (the command's --token-column not given): a CoNLL-U
    Plus file's tokens are its FORM column, and the window measures what the command does; set
    to the 1st column (0), the engine gets 0 (ID), as --token-column 0 gives it."""
    from tests.engine.test_conllu_plus import WITH_RANGES, WORDS_ONLY

    paths = [str(tmp_path / "anna.conllup"), str(tmp_path / "ben.conllup")]
    for path, text in zip(paths, (WITH_RANGES, WORDS_ONLY.replace("B-LOC", "O")), strict=True):
        Path(path).write_text(text, encoding="utf-8")
    window = AgreementWindow()
    qtbot.addWidget(window)
    assert window.reading.reading().token_column is None and read_options(window.reading.reading()).token_column is None
    assert measured_data(qtbot, window, paths) == cli_data(cli, *paths)
    set_option(window, "token_column", 0)
    assert read_options(window.reading.reading()).token_column == 0 and window.reading.set_now.text() == "Token column 1st"
