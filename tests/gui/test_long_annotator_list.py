"""A long list of annotators (500 files) is restored and added in linear time: whether a
row is listed is known without reading the list again at each row, and the list is kept
once per change, not once per row added."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from gui import agreement_memory
from gui.agreement_window import AgreementWindow
from gui.settings import AppSettings


def _counted(monkeypatch) -> tuple[list[int], list[int]]:
    """How often the window reads its rows, and how often it keeps them."""
    reads: list[int] = []
    keeps: list[int] = []
    rows, keep = AgreementWindow.rows, agreement_memory.keep
    monkeypatch.setattr(AgreementWindow, "rows", lambda self: reads.append(1) or rows(self))
    monkeypatch.setattr(agreement_memory, "keep", lambda window, kept: keeps.append(1) or keep(window, kept))
    return reads, keeps


def test_500_rows_are_restored_and_added_without_reading_the_list_at_each(qtbot, settings_file, monkeypatch):
    settings = AppSettings(QSettings(str(settings_file), QSettings.Format.IniFormat))
    restored = [f"/data/anna{i}.tsv" for i in range(500)]
    settings.set_value("agreement", {"rows": [[path, None] for path in restored]})
    reads, keeps = _counted(monkeypatch)
    window = AgreementWindow(None, settings)
    qtbot.addWidget(window)
    assert window.paths.count() == 500 and reads == []
    added = [f"/data/ben{i}.tsv" for i in range(500)]
    window.add_paths(added + restored[:3])
    assert window.path_list() == restored + added and len(reads) <= 2  # the line after the list
    assert "listed already" in window.summary.text()
    qtbot.waitUntil(lambda: keeps == [1])
    again = AgreementWindow(None, settings)
    qtbot.addWidget(again)
    assert again.path_list() == restored + added


def test_the_rows_known_listed_follow_removing_and_clearing(qtbot):
    window = AgreementWindow()
    qtbot.addWidget(window)
    window.add_paths(["anna.tsv", "ben.tsv"])
    window.paths.item(0).setSelected(True)
    window.remove()
    window.add_paths(["anna.tsv"])
    assert window.path_list() == ["ben.tsv", "anna.tsv"]
    window.paths.clear()
    window.add_paths(["ben.tsv"])
    assert window.path_list() == ["ben.tsv"]


def test_the_rows_kept_are_read_in_one_place_for_the_window_and_make_gold(qtbot, settings_file):
    """Make Gold's annotators' files are the rows the Agreement window restores, read by the
    same function (what is not a row left out, an export's file once)."""
    from gui import gold_format

    settings = AppSettings(QSettings(str(settings_file), QSettings.Format.IniFormat))
    rows = [["export.json", "anna"], ["export.json", "ben"], ["ben.tsv", None], ["bad"], [3, None]]
    settings.set_value("agreement", {"rows": rows})
    window = AgreementWindow(None, settings)
    qtbot.addWidget(window)
    assert window.rows() == agreement_memory.kept_rows(settings) == [
        ("export.json", "anna"), ("export.json", "ben"), ("ben.tsv", None)]
    assert gold_format.annotators_files(settings) == ["export.json", "ben.tsv"]
    assert gold_format.annotators_files(None) == [] and agreement_memory.kept_rows(None) == []
