"""Evaluate → Make Gold from Adjudication Workbook…: what `spanstudio adjudicate` writes,
written from the app by the same engine function on the worker; the engine's message as one
dialog; the window says what was written, with Open Folder; the workbook's first line names
the menu item."""

from __future__ import annotations

from pathlib import Path

from openpyxl import load_workbook
from PySide6.QtWidgets import QDialog

from engine.agreement.corpus import build_corpus
from engine.agreement.workbook import workbook_bytes
from engine.cli import main
from gui import adjudication
from tests.engine.test_agreement_command import SPANS, _decide, annotations

from .conftest import wait_idle


def _workbook(tmp_path: Path, decide) -> Path:
    """The adjudication workbook of the three annotators of the command's tests, decided."""
    sides = {
        name: annotations(str(tmp_path / f)) for name, f in zip(("anna", "ben", "cara"), SPANS, strict=True)
    }
    path = tmp_path / "adjudication.xlsx"
    path.write_bytes(workbook_bytes(build_corpus(sides)))
    if decide is not None:
        _decide(str(path), decide)
    return path


def _make(qtbot, window, monkeypatch, workbook: Path, out_format: str, out: Path | None = None,
          majority: bool = False) -> adjudication.MakeGoldDialog:  # fmt: skip
    """Choose the menu item and fill the dialog as a user would."""

    def filled(dialog: adjudication.MakeGoldDialog) -> int:
        dialog.workbook.setText(str(workbook))
        dialog.format.setCurrentIndex(dialog.format.findData(out_format))
        if out is not None:
            dialog.out.setText(str(out))
        dialog.majority.setChecked(majority)
        made.append(dialog)
        return QDialog.DialogCode.Accepted

    made: list[adjudication.MakeGoldDialog] = []
    monkeypatch.setattr(adjudication.MakeGoldDialog, "exec", filled)
    window.gold_action.trigger()
    wait_idle(qtbot, window)
    return made[0]


def test_the_menu_item_writes_what_the_command_writes(qtbot, window, tmp_path, monkeypatch, capsys):
    workbook = _workbook(tmp_path, lambda row: row["anna"] or "none")
    dialog = _make(qtbot, window, monkeypatch, workbook, "doccano")
    gold = tmp_path / "adjudication-gold.jsonl"  # suggested beside the workbook
    assert dialog.out.text() == str(gold)
    assert main(["adjudicate", str(workbook), "--out", str(tmp_path / "cli.jsonl")]) == 0
    assert gold.read_bytes() == (tmp_path / "cli.jsonl").read_bytes()
    assert window.notice.isVisible() and window.notice.folder_button.isVisible()
    assert "4 spans in 2 documents written to" in window.notice.text.text()
    assert window.notice.paths == [gold]


def test_brat_gold_is_a_folder_and_conll_a_file(qtbot, window, tmp_path, monkeypatch):
    workbook = _workbook(tmp_path, lambda row: row["cara"] or "none")
    dialog = _make(qtbot, window, monkeypatch, workbook, "brat")
    folder = tmp_path / "adjudication-gold"
    assert dialog.out.text() == str(folder)
    assert sorted(p.name for p in folder.iterdir()) == ["d2.ann", "d2.txt", "dok_é.ann", "dok_é.txt"]
    assert window.notice.folder_button.isVisible() and "4 files" in window.notice.text.text()
    out = tmp_path / "gold.conll"
    _make(qtbot, window, monkeypatch, workbook, "conll", out)
    assert out.read_text(encoding="utf-8").startswith("-DOCSTART- dok_é")


def test_undecided_rows_are_one_message_unless_settled_by_majority(
    qtbot, window, tmp_path, monkeypatch, shown
):
    workbook = _workbook(tmp_path, None)
    out = tmp_path / "gold.conll"
    _make(qtbot, window, monkeypatch, workbook, "conll", out)
    assert len(shown.input_errors) == 1 and not out.exists()
    doing, message = shown.input_errors[0]
    assert doing == "The gold could not be written" and "6 undecided: R1, R2, R3, R4, R5, R6" in message
    _make(qtbot, window, monkeypatch, workbook, "conll", out, majority=True)
    assert out.exists() and "6 undecided rows settled by majority" in window.notice.text.text()
    assert len(shown.input_errors) == 1 and not shown.crashes


def test_the_dialog_suggests_the_gold_beside_the_workbook_until_a_path_is_chosen(qtbot):
    dialog = adjudication.MakeGoldDialog(None)
    qtbot.addWidget(dialog)
    assert not dialog.make_button.isEnabled()
    dialog.workbook.setText("/data/adj.xlsx")
    assert dialog.out.text() == "/data/adj-gold.jsonl" and dialog.make_button.isEnabled()
    dialog.format.setCurrentIndex(dialog.format.findData("conll"))
    assert dialog.out.text() == "/data/adj-gold.conll"
    dialog.out.setText("/elsewhere/gold.txt")
    dialog.format.setCurrentIndex(dialog.format.findData("brat"))
    assert dialog.out.text() == "/elsewhere/gold.txt"


def test_the_workbooks_first_line_names_the_menu_item(qtbot, window, tmp_path):
    legend = load_workbook(_workbook(tmp_path, None))["Adjudication"]["A1"].value
    item = window.gold_action.text().replace("&", "")
    assert f"Evaluate → {item}" in legend and "spanstudio adjudicate WORKBOOK.xlsx --out GOLD" in legend
    assert window.gold_action in window.menuBar().actions()[1].menu().actions()  # the Evaluate menu
