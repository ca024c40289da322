"""Make Gold offers the annotators' own format as their files say, whatever format was used
last (on another project); the format last used only where their files cannot tell. Their
files are sniffed on the main window's worker for looks: the dialog is there at once (a
file whose first JSON record is 50 MB took 1.8 s to sniff on the UI thread), and a format
the user chose meanwhile stays chosen."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

from PySide6.QtWidgets import QDialog

import engine.formats
from gui import adjudication, gold_format

DATA = Path(__file__).parent.parent / "data" / "formats"


def _dialog(qtbot, window, paths: list[Path], last: str | None) -> adjudication.MakeGoldDialog:
    """Make Gold's dialog with these annotators' files listed and `last` the format last used."""
    window.settings.set_value("agreement", {"rows": [[str(p), None] for p in paths]})
    window.settings.set_value(adjudication.KEY, {"format": last} if last else {})
    dialog = adjudication.MakeGoldDialog(None, window.settings, looks=window.setup.look_queue)
    qtbot.addWidget(dialog)
    return dialog


def _sniffed(qtbot, dialog: adjudication.MakeGoldDialog) -> None:
    qtbot.waitUntil(lambda: dialog.format_note.text() != adjudication.LOOKING)


def _copy(tmp_path: Path, name: str) -> Path:
    """A CoNLL annotator's file of its own (not sniffed by an earlier test)."""
    path = tmp_path / name
    shutil.copy(DATA / "conll" / "en-orig.conll", path)
    return path


def test_the_files_format_wins_over_the_one_last_used(qtbot, window, tmp_path):
    anna = _copy(tmp_path, "anna.conll")
    dialog = _dialog(qtbot, window, [anna], last="brat")
    _sniffed(qtbot, dialog)
    assert dialog.format_name == "conll" and dialog.format_note.text().startswith("The annotators' own")
    again = _dialog(qtbot, window, [anna], last="brat")  # sniffed before: offered at once
    assert again.format_name == "conll" and not again.format_note.isHidden()


def test_the_format_last_used_where_the_files_cannot_tell(qtbot, window):
    none = _dialog(qtbot, window, [], last="brat")
    assert none.format_name == "brat" and none.format_note.text() == (
        "As last used: no annotators' files are listed in the Agreement window.")
    studio = _dialog(qtbot, window, [DATA / "label-studio" / "annotations"], last="conll")
    _sniffed(qtbot, studio)
    assert studio.format_name == "conll" and studio.format_note.text() == (
        "As last used: the annotators' files are Label Studio JSON, which Make Gold does not write.")


def test_the_files_are_sniffed_on_the_worker_and_a_choice_made_meanwhile_stays(
    qtbot, window, tmp_path, monkeypatch
):
    go, threads = threading.Event(), []
    real = engine.formats.detected_module

    def slow(path: str) -> str | None:  # a large file's sniffing, until the test lets it end
        threads.append(threading.current_thread())
        go.wait(timeout=2)
        return real(path)

    monkeypatch.setattr(engine.formats, "detected_module", slow)
    dialog = _dialog(qtbot, window, [_copy(tmp_path, "ben.conll")], last="brat")
    assert dialog.format_note.text() == adjudication.LOOKING and dialog.format_name == "brat"
    go.set()
    _sniffed(qtbot, dialog)
    assert dialog.format_name == "conll" and threads and threading.main_thread() not in threads
    go.clear()
    chosen = _dialog(qtbot, window, [_copy(tmp_path, "cara.conll")], last=None)
    chosen.format.setCurrentIndex(chosen.format.findData("brat"))
    chosen.format.activated.emit(chosen.format.currentIndex())  # as a user's choice
    go.set()
    _sniffed(qtbot, chosen)
    assert chosen.format_name == "brat" and chosen.format_note.isHidden()
    assert gold_format.known([str(tmp_path / "cara.conll")]) == {str(tmp_path / "cara.conll"): "conll"}


def test_the_format_accepted_while_looking_stays_when_the_dialog_comes_back(
    qtbot, window, tmp_path, monkeypatch
):
    # the format offered while the files are sniffed, accepted: the dialog shown again after a
    # failed write is set to the format just used, not to the one the sniffing ends with
    go = threading.Event()
    real = engine.formats.detected_module
    monkeypatch.setattr(engine.formats, "detected_module", lambda path: go.wait(timeout=2) and real(path))
    dialog = _dialog(qtbot, window, [_copy(tmp_path, "dan.conll")], last="brat")
    assert dialog.format_note.text() == adjudication.LOOKING and dialog.format_name == "brat"
    (tmp_path / "adjudication.xlsx").touch()
    dialog.workbook.setText(str(tmp_path / "adjudication.xlsx"))
    dialog.out.setText(str(tmp_path / "gold"))
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    go.set()
    _sniffed(qtbot, dialog)
    assert dialog.format_name == "brat"
