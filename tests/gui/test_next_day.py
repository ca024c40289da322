"""The next day: the Agreement window lists the annotators it listed before the restart,
and the adjudication workbook's dialogs (save it, Make Gold) start in the folder last used,
not in the folder the app was started from."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialog, QFileDialog

from gui import adjudication
from gui.agreement_window import AgreementWindow
from gui.settings import AppSettings


def app_settings(settings_file) -> AppSettings:
    return AppSettings(QSettings(str(settings_file), QSettings.Format.IniFormat))


def opened(qtbot, settings_file) -> AgreementWindow:
    window = AgreementWindow(None, app_settings(settings_file))
    qtbot.addWidget(window)
    return window


def test_the_annotators_listed_are_there_after_a_restart(qtbot, settings_file, tmp_path):
    files = [tmp_path / name for name in ("anna.tsv", "ben.tsv", "cara.tsv")]
    first = opened(qtbot, settings_file)
    first.add_paths([str(f) for f in files])
    first.paths.item(1).setSelected(True)
    first.remove()
    first.predictions.setChecked(True)
    first.settings.sync()
    again = opened(qtbot, settings_file)
    assert again.rows() == [(str(files[0]), None), (str(files[2]), None)]
    assert again.removed == {(str(files[1]), None)} and again.predictions.isChecked()
    assert not again.busy  # listed as kept: nothing read until Measure


def test_the_line_says_what_to_do_with_the_annotators_restored(qtbot, settings_file, tmp_path):
    first = opened(qtbot, settings_file)
    first.add_paths([str(tmp_path / name) for name in ("anna.tsv", "ben.tsv")])
    qtbot.waitUntil(lambda: len(first.settings.mapping("agreement").get("rows", [])) == 2)  # kept
    again = opened(qtbot, settings_file)
    assert again.summary.text() == "2 annotators listed: click Measure agreement."  # was "Add two or more …"


def test_an_export_is_kept_one_row_per_annotator(qtbot, settings_file, tmp_path):
    first = opened(qtbot, settings_file)
    for annotator in ("anna", "ben"):
        first.add_row(str(tmp_path / "export.json"), annotator)
    qtbot.waitUntil(lambda: len(first.settings.mapping("agreement").get("rows", [])) == 2)  # kept once
    again = opened(qtbot, settings_file)
    assert again.rows() == [(str(tmp_path / "export.json"), "anna"), (str(tmp_path / "export.json"), "ben")]


def test_without_settings_nothing_is_kept(qtbot):
    window = AgreementWindow()
    qtbot.addWidget(window)
    assert window.settings is None and window.rows() == []


def test_the_workbook_dialogs_start_in_the_folder_last_used(qtbot, settings_file, tmp_path, monkeypatch):
    window = opened(qtbot, settings_file)
    window.corpus = object()  # measured
    asked: list[str] = []

    def save_as(parent, title, start, kinds, **options):
        asked.append(start)
        return str(tmp_path / "books" / "adj.xlsx"), kinds

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_as)
    monkeypatch.setattr(window, "write_workbook", lambda path: True)
    window.export_workbook()
    window.export_workbook()
    assert asked[1] == str(tmp_path / "books" / "adjudication.xlsx")  # where the first was saved
    assert window.settings.folder("exports") == str(tmp_path / "books")


def test_make_gold_starts_where_the_workbook_was_and_remembers_the_folder(qtbot, window, tmp_path, monkeypatch):
    starts: list[str] = []

    def chosen(dialog: adjudication.MakeGoldDialog) -> int:
        starts.append(dialog.folder)
        dialog.workbook.setText(str(tmp_path / "books" / "adj.xlsx"))
        return QDialog.DialogCode.Rejected if len(starts) > 1 else QDialog.DialogCode.Accepted

    monkeypatch.setattr(adjudication.MakeGoldDialog, "exec", chosen)
    monkeypatch.setattr(adjudication, "run", lambda window, dialog: True)
    window.settings.set_folder("exports", "")
    window.gold_action.trigger()
    window.gold_action.trigger()
    assert starts[0] != "" and starts[1] == str(tmp_path / "books")


def test_a_token_column_kept_before_it_could_be_unset_is_left_unset(qtbot, settings_file):
    """The window kept token_column 0 for everyone before a token column could be left unset
    (tokens from a CoNLL-U Plus file's FORM): that 0 was no choice, so it is not restored; a
    1st column kept since is a choice and stays."""
    settings = app_settings(settings_file)
    settings.set_value("agreement", {"rows": [], "reading": {"token_column": 0, "tag_column": 2}})
    settings.sync()
    before = opened(qtbot, settings_file)
    assert (before.reading.reading().token_column, before.reading.reading().tag_column) == (None, 2)
    settings.set_value("agreement", {"rows": [], "reading": {"token_column": 0}, "token_column_unset": True})
    settings.sync()
    assert opened(qtbot, settings_file).reading.reading().token_column == 0
