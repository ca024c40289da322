"""The Agreement window's Format list is the command's --format (declared once,
engine/agreement/command.py): a file no format recognises is sent to it (its words sent the
user to the main window's Format list, which did not change what this window reads), and the
format chosen is the one the window reads with: the listing, the Layer/Feature look and the
measuring give what `spanstudio agreement --format F` gives."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from engine.agreement.command import add_agreement_parser
from engine.errors import InputError
from engine.export.json import to_json
from engine.formats import SPAN_FORMATS, span_format
from engine.options import option_specs
from gui import dialogs
from gui.agreement_reading import CONTROLS, AgreementReading
from gui.agreement_window import AgreementWindow
from tests.gui.test_agreement_exports_window import added, measured
from tests.gui.test_agreement_reading import agreement_of, cli_data, set_option
from tests.gui.test_agreement_window import dialog_texts
from tests.gui.test_next_day import opened

#: The sniffer sees no O in a file's first 50 lines (a column of POS tags or lemmas as much):
#: a list of names first, tagged IO, is CoNLL only where the format is chosen.
NAMES = [f"Name{i}\t{'PER' if i % 2 else 'LOC'}" for i in range(60)]


def io_tagged(path: Path, changed: tuple[int, ...] = ()) -> str:
    """A CoNLL file of IO tags the sniffer cannot tell (`changed`: names tagged the other way)."""
    lines = [line.replace("PER", "X").replace("LOC", "PER").replace("X", "LOC") if i in changed else line
             for i, line in enumerate(NAMES)]  # fmt: skip
    path.write_text("\n".join([*lines, "", "lacht\tO", "in\tO", "Berlin\tLOC"]) + "\n", encoding="utf-8")
    return str(path)


@pytest.fixture
def untold(tmp_path) -> list[str]:
    return [io_tagged(tmp_path / "anna.tags"), io_tagged(tmp_path / "ben.tags", (3, 10, 17)),
            io_tagged(tmp_path / "cara.tags", (4, 10))]  # fmt: skip


def test_a_file_no_format_recognises_is_sent_to_the_windows_own_format_list(tmp_path):
    typo = tmp_path / "typo.conll"
    typo.write_text("Mr.\tB-PER\nBingley\tI-PER\nin\tO\nLondon\tLOC\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        span_format(typo)
    text = dialogs.input_error_text(caught.value, CONTROLS)
    assert "; choose one with the Format list of the Reading options), found none recognised" in text
    assert "--format" not in text and "main window" not in text and "of the options" not in text


def test_the_format_list_is_the_commands_format_option():
    commands = argparse.ArgumentParser().add_subparsers()
    add_agreement_parser(commands)
    flag = next(a for a in commands.choices["agreement"]._actions if a.dest == "format")
    spec = option_specs(AgreementReading)[0]
    assert (spec.name, spec.flag, spec.info.help, spec.info.metavar) == ("format", "--format", flag.help, flag.metavar)
    assert spec.info.choices == tuple(SPAN_FORMATS) and spec.default is None and flag.default is None
    assert spec.choice_title("conll") == "CoNLL columns (a token and its tag)"  # as the main window's list


def test_a_file_only_the_chosen_format_reads_gives_the_commands_figures(qtbot, cli, monkeypatch, untold):
    assert cli("agreement", *untold).code == 2  # no format recognises them
    texts = dialog_texts(monkeypatch)
    window = AgreementWindow()
    qtbot.addWidget(window)
    added(window, qtbot, *untold)
    window.measure()
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    assert window.data is None and "choose one with the Format list of the Reading options" in texts[0][1]
    set_option(window, "format", "conll")
    assert window.reading.set_now.text() == "Format CoNLL columns (a token and its tag)"
    data = json.loads(to_json(measured(window, qtbot)))
    expected = cli_data(cli, *untold, "--format", "conll")
    assert {key: data[key] for key in expected} == expected and 0 < data["overall"]["alpha_u"]["overall"] < 1


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # the offscreen platform
def test_the_format_is_kept_and_the_look_reads_with_it(qtbot, monkeypatch, settings_file, window, untold):
    import gui.agreement_choices as choices

    looked: list[tuple[str, str | None]] = []
    contents = choices.read_contents
    monkeypatch.setattr(choices, "read_contents", lambda path, options, format, look:
                        looked.append((path, format)) or contents(path, options, format, look))  # fmt: skip
    agreement = agreement_of(qtbot, window)
    agreement.add_paths(untold[:2])
    set_option(agreement, "format", "conll")
    qtbot.waitUntil(lambda: sorted(looked) == [(untold[0], "conll"), (untold[1], "conll")], timeout=20_000)
    agreement.close()
    assert opened(qtbot, settings_file).reading.reading().format == "conll"
