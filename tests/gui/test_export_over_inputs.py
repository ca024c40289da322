"""No export writes over one of the run's inputs (as the command line refuses it): Export
to Excel, JSON or CSV onto the gold, the system or a file of an input folder is one
message naming the file, asked no question, and the input is left as it was."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from .conftest import evaluate, wait_idle

REFUSED = "expected an output path that is none of the run's inputs"


def _inputs(tmp_path: Path, example: tuple[str, str, str]) -> tuple[Path, Path]:
    folder = tmp_path / "ins ü"
    folder.mkdir()
    gold, system = folder / "gold.conll", folder / "system.conll"
    shutil.copy(example[1], gold)
    shutil.copy(example[2], system)
    return gold, system


@pytest.mark.parametrize("action", ["xlsx_action", "json_action"])
@pytest.mark.parametrize("role", [0, 1])
def test_an_export_onto_an_input_is_refused(qtbot, window, tmp_path, monkeypatch, shown, example, action, role):
    paths = _inputs(tmp_path, example)
    evaluate(qtbot, window, "faireval", str(paths[0]), str(paths[1]))
    target = paths[role]
    before = target.read_bytes()
    monkeypatch.setattr(window, "choose_save_path", lambda *args, **kwargs: str(target))
    getattr(window, action).trigger()
    wait_idle(qtbot, window)
    assert target.read_bytes() == before
    assert not shown.questions  # no "Replace it?" about an input
    assert len(shown.input_errors) == 1 and not shown.crashes
    doing, message = shown.input_errors[0]
    assert doing.endswith("could not be written") and str(target) in message and REFUSED in message


def test_csv_files_over_a_file_of_an_input_folder_are_refused(qtbot, window, tmp_path, monkeypatch, shown,
                                                              example):  # fmt: skip
    gold, system = _inputs(tmp_path, example)
    golds, systems = tmp_path / "golds", tmp_path / "systems"
    golds.mkdir(), systems.mkdir()
    shutil.copy(gold, golds / "errors.csv")  # an input file of the name the CSV export writes
    shutil.copy(system, systems / "errors.csv")
    evaluate(qtbot, window, "faireval", str(golds), str(systems))
    before = (golds / "errors.csv").read_bytes()
    monkeypatch.setattr(window, "choose_folder", lambda *args: str(golds))
    window.csv_action.trigger()
    wait_idle(qtbot, window)
    assert (golds / "errors.csv").read_bytes() == before
    assert sorted(p.name for p in golds.iterdir()) == ["errors.csv"]  # no other file written either
    assert len(shown.input_errors) == 1 and REFUSED in shown.input_errors[0][1] and not shown.crashes


def test_the_adjudication_workbook_onto_an_annotators_file_is_refused(qtbot, monkeypatch, tmp_path, shown):
    from PySide6.QtWidgets import QFileDialog

    from .test_agreement_window import annotations, measured, opened

    agreement = measured(opened(qtbot, monkeypatch, tmp_path, ("annotator_anna.tsv", "ben.tsv", "cara.tsv"), annotations),
                         qtbot)  # fmt: skip
    ben = tmp_path / "ben.tsv"
    ben.write_text("ben's annotations\n", encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(ben), ""))
    agreement.export_button.click()
    qtbot.waitUntil(lambda: not agreement.busy, timeout=20_000)
    assert ben.read_text(encoding="utf-8") == "ben's annotations\n"
    assert not shown.questions and not shown.crashes
    assert len(shown.input_errors) == 1 and REFUSED in shown.input_errors[0][1]
    assert str(ben) in shown.input_errors[0][1]
    agreement.write_workbook(str(ben))  # the write itself refuses it too
    qtbot.waitUntil(lambda: not agreement.busy, timeout=20_000)
    assert ben.read_text(encoding="utf-8") == "ben's annotations\n" and len(shown.input_errors) == 2
