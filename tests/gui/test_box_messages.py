"""The red messages under the Setup page's file boxes: the box shows which file it is, so a
message names its file by its name (from the box's file or folder on, for a file inside
it) and keeps the whole path for its tooltip, the dialog and the command line."""

from __future__ import annotations

from engine.cli import main
from gui.dialogs import file_named

from .conftest import evaluate


def test_a_box_names_its_file_by_its_name_and_its_tooltip_by_its_path(window, tmp_path):
    folder = tmp_path / "annotations of the second round" / "checked by both annotators"
    folder.mkdir(parents=True)
    latin = folder / "latin1.conll"
    latin.write_bytes(b"Caf\xe9 NN O\n")
    field = window.setup.fields["gold"]
    field.set_path(str(latin))
    whole = f"{latin}:1: expected UTF-8 text, found byte 0xE9"
    assert field.status.text() == "latin1.conll:1: expected UTF-8 text, found byte 0xE9"  # was the whole path first
    assert field.status.toolTip() == field.error_text == whole


def test_a_runs_message_in_place_names_the_file_and_the_dialog_its_path(qtbot, window, shown, tmp_path, capsys):
    bad = tmp_path / "bad.tsv"
    bad.write_text("NP\t1\t2\t1,2\n\nNP\tx\t3\t1\n", encoding="utf-8")
    evaluate(qtbot, window, "faireval", str(bad), str(bad))
    whole = f"{bad}:3: expected begin to be a whole number ≥ 1, found 'x'"
    assert shown.input_errors == [("The evaluation stopped", whole)]
    for field in window.setup.fields.values():
        assert field.status.text() == "bad.tsv:3: expected begin to be a whole number ≥ 1, found 'x'"
        assert field.status.toolTip() == whole
    assert main(["faireval", str(bad), str(bad)]) == 2
    assert whole in capsys.readouterr().err  # the command line's message as it was


def test_a_file_inside_the_boxs_folder_is_named_from_the_folder_on():
    assert file_named("/data/corpus/sub/doc1.ann", "/data/corpus") == "corpus/sub/doc1.ann"
    assert file_named("/data/export.zip/annotation/d.tsv/anna.tsv", "/data/export.zip") == (
        "export.zip/annotation/d.tsv/anna.tsv"
    )
    assert file_named("/data/gold.conll", "/data/gold.conll") == "gold.conll"
    assert file_named("/elsewhere/gold.conll", "/data/system.conll") == "gold.conll"  # another box's file
    assert file_named("gold.conll", "gold.conll") == "gold.conll"
