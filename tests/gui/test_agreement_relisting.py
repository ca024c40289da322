"""The Agreement window lists its inputs again when the Format chosen reads them otherwise:
the rows stay until the new listing has arrived, so a listing that fails, is cancelled or is
cut short by closing the window leaves them (and the list kept) as they were."""

from __future__ import annotations

import json
import threading

import pytest

import gui.agreement_inputs
from engine.cli import main
from gui.agreement_memory import kept_rows
from gui.agreement_window import UNREAD, AgreementWindow
from tests.engine.test_agreement_exports import DOCCANO, LABEL_STUDIO, jsonl
from tests.gui.test_agreement_exports_window import added, measured
from tests.gui.test_agreement_reading import layered, set_option  # noqa: F401 (a fixture)
from tests.gui.test_next_day import opened


def listed(window: AgreementWindow, qtbot) -> list[tuple[str, str | None]]:
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    return window.rows()


def test_a_format_that_cannot_read_the_files_keeps_their_rows(qtbot, settings_file, layered, shown):  # noqa: F811
    """Label Studio may hold several annotators' work in any file: three WebAnno TSV files are
    listed again as its exports, which fails with one dialog; their rows stay, and stay kept."""
    window = opened(qtbot, settings_file)
    rows = [(path, None) for path in layered]
    added(window, qtbot, *layered)
    set_option(window, "format", "label-studio")
    assert listed(window, qtbot) == rows
    assert [doing for doing, _ in shown.input_errors] == [UNREAD]
    set_option(window, "format", None)
    assert listed(window, qtbot) == rows and len(shown.input_errors) == 1
    window.keep_pending()
    assert kept_rows(window.settings) == rows


class Held(threading.Event):
    """Set: the listing goes on. Once `armed`, a listing is held at its first input until set
    (a cancel arrives while it runs); `started` is set when it is held."""

    def __init__(self) -> None:
        super().__init__()
        self.armed, self.started = False, threading.Event()


@pytest.fixture
def held(monkeypatch):
    release, real = Held(), gui.agreement_inputs.stamp

    def stamp(path):
        if release.armed:
            release.started.set()
            assert release.wait(20)
        return real(path)

    monkeypatch.setattr(gui.agreement_inputs, "stamp", stamp)
    yield release
    release.set()


def _two_exports_listed_as_one_annotator_each(window, qtbot, tmp_path) -> list[tuple[str, None]]:
    exports = [jsonl(tmp_path / f"{name}.jsonl", DOCCANO) for name in ("first", "second")]
    assert len(added(window, qtbot, *exports)) == 6  # three users each
    set_option(window, "format", "conll")  # each export one annotator's file
    assert listed(window, qtbot) == [(path, None) for path in exports]
    return window.rows()


def test_a_relisting_cancelled_keeps_the_rows(qtbot, settings_file, tmp_path, held):
    window = opened(qtbot, settings_file)
    rows = _two_exports_listed_as_one_annotator_each(window, qtbot, tmp_path)
    held.armed = True
    set_option(window, "format", None)  # their users again: read in the background
    assert held.started.wait(20)
    assert not any(button.isEnabled() for button in window.list_buttons)  # no row added or removed meanwhile
    window.cancel()
    held.set()
    said = "Cancelled. The Format is back to CoNLL columns (a token and its tag), as the rows were read."
    assert listed(window, qtbot) == rows and window.summary.text() == said
    assert window.reading.reading().format == window.listed_as == "conll"  # as the rows stay listed
    adding = [button for button in window.list_buttons if button.text() != "Remove"]  # Remove: with a row chosen
    qtbot.waitUntil(lambda: all(button.isEnabled() for button in adding))


def test_closing_while_listing_again_keeps_the_rows_listed(qtbot, settings_file, tmp_path, held):
    window = opened(qtbot, settings_file)
    rows = _two_exports_listed_as_one_annotator_each(window, qtbot, tmp_path)
    held.armed = True
    set_option(window, "format", None)
    assert held.started.wait(20)
    window.close()  # as Esc does, and as quitting keeps what waits to be kept
    assert kept_rows(window.settings) == rows
    held.set()
    assert listed(window, qtbot) == rows
    window.keep_pending()
    assert kept_rows(window.settings) == rows


def label_studio_export(tmp_path, before: str = "") -> str:
    path = tmp_path / "export.json"
    path.write_text(before + json.dumps(LABEL_STUDIO), encoding="utf-8")
    return str(path)


def test_a_reader_switch_that_fails_sets_the_format_back_to_the_rows_reading(qtbot, settings_file, tmp_path,
                                                                              shown, capsys):  # fmt: skip
    """A Label Studio export listed as its annotators, then doccano chosen: both readers read
    several annotators' work, so it is listed again, as doccano reads it, which fails (as the
    command does with --format doccano). The rows stay as read, and so the Format goes back to
    what they were read with (it stayed doccano: measuring then read what the rows were not
    read as, and choosing doccano again did not list them again); their figures are the command's."""
    window = opened(qtbot, settings_file)
    path = label_studio_export(tmp_path)
    rows = [(path, "user 7"), (path, "ben@example.org")]
    added(window, qtbot, path)
    assert window.rows() == rows
    assert main(["agreement", path, "--format", "doccano"]) == 2
    said = capsys.readouterr().err.removeprefix("spanstudio: error: ").rstrip("\n")
    set_option(window, "format", "doccano")
    assert listed(window, qtbot) == rows and shown.input_errors == [(UNREAD, said)]
    assert window.reading.reading().format is None and window.listed_as is None  # as the rows were read
    assert window.reading.panel.editors["format"].value() is None
    back = "The Format is back to not set (each file's format recognised), as the rows were read."
    assert window.summary.text().endswith(f"{said} {back}")
    data = measured(window, qtbot)
    assert main(["agreement", path, "--json", "-"]) == 0
    assert data["overall"] == json.loads(capsys.readouterr().out)["overall"]
    set_option(window, "format", "doccano")  # chosen again: listed again, and fails again
    assert listed(window, qtbot) == rows and shown.input_errors == [(UNREAD, said)] * 2
    window.keep_pending()
    assert opened(qtbot, settings_file).reading.reading().format is None  # kept as shown


def test_an_export_only_the_format_chosen_reads_as_one(qtbot, settings_file, tmp_path, monkeypatch, capsys):
    """A Label Studio export that no sniffer recognises (a TAB before its JSON): with the
    Format label-studio its annotators are listed one row each, the predictions box lists
    them again with the predictions, and measuring reads it no more (the listing read it
    with that format) and gives the command's figures."""
    from engine.formats import detected_module, format_module

    path = label_studio_export(tmp_path, "\t")
    assert detected_module(path) is None  # the premise: only the format chosen makes it an export
    module, reads = format_module("label_studio"), []
    read = module.read_annotators
    monkeypatch.setattr(module, "read_annotators", lambda *args: reads.append(args[0]) or read(*args))
    window = opened(qtbot, settings_file)
    set_option(window, "format", "label-studio")
    added(window, qtbot, path)
    assert window.rows() == [(path, "user 7"), (path, "ben@example.org")]
    window.predictions.setChecked(True)
    assert listed(window, qtbot) == [(path, "user 7"), (path, "ben@example.org"), (path, "predictions v1")]
    data = measured(window, qtbot)
    assert reads == [path, path]  # the listing, the listing with the predictions
    assert main(["agreement", path, "--format", "label-studio", "--predictions", "--json", "-"]) == 0
    assert data["overall"] == json.loads(capsys.readouterr().out)["overall"]


def test_a_predictions_relisting_cancelled_sets_the_box_back(qtbot, settings_file, tmp_path, held):
    """The box ticked lists the export again with its predictions; cancelled, the rows stay
    without them, and so the box is unticked again (measuring reads the box: it would have
    counted predictions the rows do not list)."""
    window = opened(qtbot, settings_file)
    path = label_studio_export(tmp_path)
    rows = [(path, "user 7"), (path, "ben@example.org")]
    added(window, qtbot, path)
    assert window.rows() == rows
    held.armed = True
    window.predictions.setChecked(True)
    assert held.started.wait(20)
    window.cancel()
    held.set()
    assert listed(window, qtbot) == rows and not window.predictions.isChecked()
    said = "Cancelled. “Include the predictions as annotators” is not ticked again, as the rows were read."
    assert window.summary.text() == said
    window.keep_pending()  # as the window closes: kept as the rows were read (final20: kept ticked)
    assert window.settings.mapping("agreement")["predictions"] is False
    held.armed = False
    window.predictions.setChecked(True)  # ticked again: listed with them
    assert listed(window, qtbot) == [*rows, (path, "predictions v1")]
