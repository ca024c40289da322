"""A side read from a folder whose documents are not named as its files (FairEval reads a
brat folder as one document named after the gold folder): each pane's title names its own
side's folder, not the gold's name over the system's text."""

from __future__ import annotations

import shutil

from gui.resources import example_inputs

from .conftest import evaluate


def test_each_pane_names_its_own_folder(qtbot, window, tmp_path):
    gold, system = tmp_path / "gold", tmp_path / "system"
    gold.mkdir()
    for name in ("a", "b"):
        (gold / f"{name}.txt").write_text("Anna Schulz lacht in Wien.\n", encoding="utf-8")
        (gold / f"{name}.ann").write_text("T1\tPER 0 11\tAnna Schulz\nT2\tLOC 21 25\tWien\n", encoding="utf-8")
    shutil.copytree(gold, system)
    (system / "b.ann").write_text("T1\tPER 0 4\tAnna\n", encoding="utf-8")
    evaluate(qtbot, window, "faireval", str(gold), str(system))
    assert window.viewer.doc is not None and window.viewer.doc.name == "gold"
    titles = [window.viewer.titles[side].text() for side in ("gold", "system")]
    assert titles == ["<b>Gold — gold</b>", "<b>System — system</b>"]  # was "System — gold"


def test_faireval_folders_of_files_name_the_file_of_the_document_shown(qtbot, window, tmp_path):
    """FairEval's documents are its file pairs, named as the gold file with its extension:
    the report says each one's files (the names alone gave the folder: "Gold — gold")."""
    _, gold_file, system_file = example_inputs()  # the bundled example's files, twice in each folder
    for side, source in (("gold", gold_file), ("system", system_file)):
        (tmp_path / side).mkdir()
        for name in ("a.conll", "b.conll"):
            shutil.copy(source, tmp_path / side / name)
    evaluate(qtbot, window, "faireval", str(tmp_path / "gold"), str(tmp_path / "system"))
    assert window.viewer.doc is not None and window.viewer.doc.name == "a.conll"
    titles = [window.viewer.titles[side].text() for side in ("gold", "system")]
    assert titles == ["<b>Gold — a.conll</b>", "<b>System — a.conll</b>"]
    window.viewer.documents.setCurrentText("b.conll")
    assert window.viewer.titles["system"].text() == "<b>System — b.conll</b>"
