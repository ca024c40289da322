"""Each side's own tag scheme in the app (the command line's --gold-scheme and
--system-scheme): the Scheme of the grid of Both, Gold and System, scored as the command
line scores it, saved with the other options; the scheme a file's tags fit is named by the
side's own option where only that side needs it."""

from __future__ import annotations

import json
from pathlib import Path

from engine.methods.span_options import SpanInputOptions
from gui.dialogs import app_words
from gui.options_panel import ChoiceEditor, OptionsPanel

from .conftest import evaluate, open_window

#: Sentences (their tokens between spaces) and their spans (first token, last token, label):
#: Berlin and West are two LOC spans side by side (IOB1 opens the second with B-).
SENTENCES = (("John Smith lives in Paris .", [(0, 1, "PER"), (4, 4, "LOC")]),
             ("Mary went to Berlin West today .", [(0, 0, "PER"), (3, 3, "LOC"), (4, 4, "LOC")]),
             ("Anna met Bob Lee in Rome .", [(0, 0, "PER"), (2, 3, "PER"), (5, 5, "ORG")]))  # fmt: skip
#: The system's spans: one bound wrong (Smith left out), one label wrong, one span missed.
SYSTEM = (("John Smith lives in Paris .", [(0, 0, "PER"), (4, 4, "LOC")]),
          ("Mary went to Berlin West today .", [(0, 0, "PER"), (3, 3, "LOC"), (4, 4, "LOC")]),
          ("Anna met Bob Lee in Rome .", [(2, 3, "PER"), (5, 5, "LOC")]))  # fmt: skip


def _tags(length: int, spans: list[tuple[int, int, str]], scheme: str) -> list[str]:
    """The tags of a sentence's spans in IOB2, or IOB1 (B- only after a span of its label)."""
    tags = ["O"] * length
    for first, last, label in spans:
        after_same = first > 0 and tags[first - 1].endswith("-" + label)
        opens = "B" if scheme == "IOB2" or after_same else "I"
        tags[first : last + 1] = [f"{opens}-{label}"] + [f"I-{label}"] * (last - first)
    return tags


def _write(path, sentences, scheme: str) -> str:
    tagged = ((text.split(), _tags(len(text.split()), spans, scheme)) for text, spans in sentences)
    blocks = ("".join(f"{token}\t{tag}\n" for token, tag in zip(*pair, strict=True)) for pair in tagged)
    path.write_text("\n".join(blocks), encoding="utf-8")
    return str(path)


def _files(tmp_path) -> tuple[str, str, str]:
    """The gold in IOB2, the system in IOB1 and in IOB2."""
    gold = _write(tmp_path / "gold.conll", SENTENCES, "IOB2")
    return gold, _write(tmp_path / "system.conll", SYSTEM, "IOB1"), _write(tmp_path / "iob2.conll", SYSTEM, "IOB2")


def _choose(panel: OptionsPanel, name: str, title: str) -> None:
    """Choose an item of an option's drop-down, as a user does."""
    combo = panel.editors[name].combo
    combo.setCurrentIndex(combo.findText(title))


def _scores(report: dict) -> list:
    """A JSON report's rows of scores."""
    return report["tables"]["scores"]["rows"]


def test_the_systems_own_scheme_set_in_the_panel_scores_as_the_command_line(qtbot, window, cli, tmp_path):
    gold, system, system_iob2 = _files(tmp_path)
    assert "I-LOC\nWest\tB-LOC" in Path(system).read_text(encoding="utf-8")  # IOB1 indeed
    _choose(window.setup.panels["spans"], "system_scheme", "IOB1")
    evaluate(qtbot, window, "spans", gold, system)
    run, iob2 = (cli("spans", gold, *args, "--json", "-") for args in ((system, "--system-scheme", "IOB1"),
                                                                         (system_iob2,)))  # fmt: skip
    assert run.code == iob2.code == 0
    expected = json.loads(run.out)
    assert window.report.tables["scores"].rows == _scores(expected) == _scores(json.loads(iob2.out))
    assert 0 < expected["tables"]["scores"]["rows"][-3][-2] < 1  # micro avg F1: errors to score
    assert window.report.options == expected["options"] and window.report.options["system_scheme"] == "IOB1"
    assert "System scheme = IOB1" in window.tabs.widget(0).header.text()


def test_a_sides_scheme_not_set_shows_the_one_for_both_greyed(qtbot):
    panel = OptionsPanel(SpanInputOptions)
    qtbot.addWidget(panel)
    assert panel.grid is not None and panel.grid.names == ["token_column", "tag_column", "scheme"]
    gold = panel.editors["gold_scheme"]
    assert isinstance(gold, ChoiceEditor) and gold.parent() is panel.grid
    assert "not set (as for both sides)" in gold.toolTip() and "--gold-scheme" in gold.toolTip()
    assert (gold.combo.currentText(), gold.combo.greyed) == ("(not set)", "(not set)")
    _choose(panel, "scheme", "IOBES")
    assert (gold.combo.currentText(), gold.combo.greyed, gold.value()) == ("(not set: IOBES)", "IOBES", None)
    assert panel.options().scheme == "IOBES" and panel.options().gold_scheme is None
    _choose(panel, "gold_scheme", "BILOU")
    assert (gold.combo.currentText(), gold.combo.greyed, gold.value()) == ("BILOU", None, "BILOU")
    _choose(panel, "scheme", "IO")
    assert panel.editors["system_scheme"].combo.greyed == "IO" and gold.combo.currentText() == "BILOU"
    gold.combo.setCurrentIndex(0)  # not set again: as Both
    assert (gold.combo.greyed, gold.value()) == ("IO", None)
    assert panel.editors["scheme"].combo.greyed is None  # Both's own: never another's


def test_the_side_schemes_are_kept(qtbot, settings_file):
    first = open_window(qtbot, settings_file)
    first.setup.set_method("spans")
    _choose(first.setup.panel, "system_scheme", "IOB1")
    _choose(first.setup.panel, "scheme", "IOB2")
    first.close()
    again = open_window(qtbot, settings_file)
    again.setup.set_method("spans")
    values = again.setup.panel.values()
    assert (values["system_scheme"], values["scheme"], values["gold_scheme"]) == ("IOB1", "IOB2", None)
    assert again.setup.panel.editors["gold_scheme"].combo.greyed == "IOB2"
    again.close()


def test_the_scheme_the_tags_fit_names_the_own_option_of_the_side_that_needs_it(
    qtbot, window, shown, cli, tmp_path
):
    gold, system, _ = _files(tmp_path)
    run = cli("spans", gold, system, "--scheme", "IOB2")
    assert run.code == 2 and run.err.endswith("its tags fit IOB1: read them with --system-scheme IOB1\n")
    alike = cli("spans", system, system, "--scheme", "IOB2")
    assert alike.code == 2 and alike.err.endswith("read them with --scheme IOB1\n")  # one file: both need it
    assert app_words("read them with --system-scheme IOB1") == "read them with System scheme set to IOB1"
    setup = window.setup
    setup.set_method("spans")
    _choose(setup.panel, "scheme", "IOB2")
    evaluate(qtbot, window, "spans", system, system)  # one file in both boxes: the option for both
    assert shown.input_errors[-1][1].endswith("its tags fit IOB1: read them with Scheme set to IOB1")
    evaluate(qtbot, window, "spans", gold, system)
    assert shown.input_errors[-1][1].endswith("its tags fit IOB1: read them with System scheme set to IOB1")
    _choose(setup.panel, "system_scheme", "IOB1")  # as the message says
    evaluate(qtbot, window)
    assert len(shown.input_errors) == 2 and window.report is not None
    assert (window.report.options["scheme"], window.report.options["system_scheme"]) == ("IOB2", "IOB1")


#: CoNLL-2000's shape in IOB1 (a span opened by I-): read as CoNLL columns (not recognised as
#: them), a look reads its spans whole, and says where its tags do not fit the scheme chosen.
IOB1_COLUMNS = "John NNP I-PER\nSmith NNP I-PER\nlives VBZ O\nin IN O\nParis NNP I-LOC\n\n"


def test_a_look_names_the_scheme_option_of_its_box_as_a_run_does(qtbot, window, cli, tmp_path, monkeypatch):
    """A box's look at its file reads it for its side as a run does (span_options.side_options):
    the way on names the system's scheme where the gold is another file, the scheme of both
    where both boxes hold one file, however its path is spelt (same_inputs.same_path); one
    look serves both boxes of one file."""
    import gui.setup_panel

    read, real = [], gui.setup_panel.read_contents
    monkeypatch.setattr(gui.setup_panel, "read_contents", lambda path, *args: read.append(path) or real(path, *args))
    gold, system = _files(tmp_path)[0], tmp_path / "system.txt"
    system.write_text(IOB1_COLUMNS, encoding="utf-8")
    run = cli("spans", gold, system, "--format", "conll", "--scheme", "IOB2")
    assert run.code == 2 and run.err.endswith("its tags fit IOB1: read them with --system-scheme IOB1\n")
    setup = window.setup
    setup.set_method("spans")
    setup.panel.editors["format"].set_value("conll")
    setup.panel.editors["format"].changed.emit()
    _choose(setup.panel, "scheme", "IOB2")
    boxes = (setup.fields["gold"], setup.fields["system"])
    own, both = "read them with System scheme set to IOB1", "read them with Scheme set to IOB1"
    setup.set_paths(gold, str(system))
    qtbot.waitUntil(lambda: boxes[1].error_text.endswith(own), timeout=10_000)
    assert boxes[0].error_text == ""
    read.clear()
    setup.set_paths(str(system), str(system))
    qtbot.waitUntil(lambda: all(box.error_text.endswith(both) for box in boxes), timeout=10_000)
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    assert read == [str(system)]
    setup.set_paths(gold, str(system))
    qtbot.waitUntil(lambda: boxes[1].error_text.endswith(own) and not boxes[0].error_text, timeout=10_000)
    setup.set_paths(f"{tmp_path}/./{system.name}", str(system))
    qtbot.waitUntil(lambda: all(box.error_text.endswith(both) for box in boxes), timeout=10_000)
