"""The main window's exports: the JSON report, the CSV files and the review workbook, each
written off the UI thread; a folder that cannot be written is a message."""

from __future__ import annotations

import json

from engine.export.json import dumps

from .conftest import evaluate, wait_idle


def test_export_json_writes_the_engines_report(qtbot, window, tmp_path, monkeypatch):
    evaluate(qtbot, window)
    target = tmp_path / "report.json"
    monkeypatch.setattr(window, "choose_save_path", lambda *args: str(target))
    window.json_action.trigger()
    wait_idle(qtbot, window)
    assert target.read_text(encoding="utf-8") == dumps(window.report)
    assert json.loads(target.read_text(encoding="utf-8"))["method"] == "faireval"


def test_export_csv_writes_every_table(qtbot, window, tmp_path, monkeypatch, shown):
    evaluate(qtbot, window)
    monkeypatch.setattr(window, "choose_folder", lambda *args: str(tmp_path))
    window.csv_action.trigger()
    wait_idle(qtbot, window)
    names = sorted(p.name for p in tmp_path.glob("*.csv"))
    assert names == sorted(["errors.csv", *(f"{n}.csv" for n in window.report.tables)])
    assert (tmp_path / "errors.csv").read_text(encoding="utf-8-sig").count("\n") == 10
    window.csv_action.trigger()  # again: the user is asked before files are replaced
    wait_idle(qtbot, window)
    assert shown.questions == [f"Replace {len(names)} files in {tmp_path}?"]


def test_export_into_a_folder_that_cannot_be_written_is_a_message(
    qtbot, window, tmp_path, monkeypatch, shown
):
    evaluate(qtbot, window)
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    monkeypatch.setattr(window, "choose_save_path", lambda *args: str(blocker / "report.json"))
    window.json_action.trigger()
    wait_idle(qtbot, window)
    assert shown.input_errors == [
        (
            "The JSON report could not be written",
            f"{blocker / 'report.json'}: expected an existing folder, found none",
        )
    ]
    assert not shown.crashes


def test_export_to_excel_writes_the_review_workbook(qtbot, window, tmp_path, monkeypatch):
    import openpyxl

    evaluate(qtbot, window)
    target = tmp_path / "review.xlsx"
    monkeypatch.setattr(window, "choose_save_path", lambda *args: str(target))
    window.xlsx_action.trigger()
    assert window.busy  # written off the UI thread
    wait_idle(qtbot, window)
    book = openpyxl.load_workbook(target)
    assert "Errors" in book.sheetnames and book["Errors"].max_row >= 10
    assert str(target) in window.statusBar().currentMessage()
