"""What the app says about inputs: a folder holding files of several formats on its format
line, and the options panel's control where the engine's message names a flag."""

from __future__ import annotations

from pathlib import Path

from engine.errors import InputError
from engine.formats import read_spans
from gui import dialogs

from .conftest import evaluate

DOCCANO = '{"text": "EU rejects German lamb.", "label": [[0, 2, "ORG"], [11, 17, "MISC"]]}\n'


def _mixed_folder(folder: Path) -> Path:
    folder.mkdir()
    (folder / "doc.txt").write_text("John met Mary.\n", encoding="utf-8")
    (folder / "doc.ann").write_text("T1\tPER 0 4\tJohn\n", encoding="utf-8")
    (folder / "news.jsonl").write_text(DOCCANO, encoding="utf-8")
    return folder


def test_a_folder_of_two_formats_is_named_on_its_format_line(qtbot, window, tmp_path):
    setup = window.setup
    setup.set_method("spans")
    folder = str(_mixed_folder(tmp_path / "gold"))
    with qtbot.waitSignal(setup.contents_read, timeout=20_000, check_params_cb=lambda side: side == "gold"):
        setup.set_paths(folder, folder)
    qtbot.waitUntil(lambda: setup.fields["gold"].look is not None, timeout=20_000)  # the format look may end later
    text = setup.fields["gold"].error_text
    assert text.startswith(f"{folder}: expected the files of one format")
    assert "brat standoff (.ann + .txt): doc.ann, doc.txt; doccano JSONL: news.jsonl" in text
    setup.fields["gold"].refresh()  # a look at the file again keeps it
    assert setup.fields["gold"].error_text == text


def test_a_message_names_the_format_list_not_the_flag(qtbot, window, tmp_path):
    notes = tmp_path / "notes.conll"
    notes.write_text("just some words\nhere\n", encoding="utf-8")
    try:
        read_spans(str(notes))
    except InputError as err:
        text = dialogs.input_error_text(err)
    assert "--format" not in text and "choose one in the Format list of the options)" in text
    assert text.startswith(f"{notes}: expected a file of a span format")
    evaluate(qtbot, window, "spans", str(notes), str(notes))
    assert window.setup.fields["gold"].error_text == text
    option = InputError("a label list or 'all'", "an empty value", option="--labels")
    assert dialogs.input_error_text(option) == str(option)  # the place stays the flag the panel marks


def test_an_input_box_names_the_methods_file_only_where_its_role_does_not(window):
    setup = window.setup
    setup.set_method("spans")
    assert [setup.fields["gold"].title.text(), setup.second.title.text()] == ["<b>Gold</b>", "<b>Second System</b>"]
    setup.set_method("clueval")
    assert setup.second.title.text() == "<b>Second System (candidate)</b>"
