"""The app speaks its own terms: what the engine words for the command line (a command, a
flag, a --format name) the app names as its Method list and options panel do, derived from
the options' declarations (gui/dialogs.py app_words)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from engine.methods import all_methods
from gui.style import ERROR_COLOUR

from .conftest import evaluate

DATA = Path(__file__).parent.parent / "data" / "formats"
DOCCANO = str(DATA / "doccano" / "export-sequence_labeling.jsonl")
COMMAND_LINE = re.compile(r"--[a-z]|spanstudio ")


def test_the_method_descriptions_name_no_command_line_flag_or_command(window):
    setup = window.setup
    for method in all_methods():
        setup.set_method(method.name)
        assert not COMMAND_LINE.search(setup.description.text()), method.name
    setup.set_method("propara")
    assert "scores per process" in setup.description.text()  # without --output, --diagnostics, explain
    setup.set_method("spans")
    assert "with Reading set to conlleval" in setup.description.text()


def test_a_file_of_another_method_is_named_by_the_method_list_not_the_command(window):
    setup = window.setup
    setup.set_method("poetry")
    setup.set_paths(DOCCANO, DOCCANO)
    field = setup.fields["gold"]
    assert ERROR_COLOUR in field.status.styleSheet()
    assert "Exact spans or nervaluate" in field.error_text and "did you mean" not in field.error_text
    assert not COMMAND_LINE.search(field.error_text)


def test_an_unrecognised_file_names_the_formats_as_the_format_list_does(qtbot, window, shown, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("just some words here and there\n", encoding="utf-8")
    evaluate(qtbot, window, "spans", str(notes), str(notes))
    assert len(shown.input_errors) == 1  # the dialog shows the field's words (input_error_text)
    message = window.setup.fields["gold"].error_text
    assert "WebAnno TSV 3.x (INCEpTION), UIMA CAS XMI (INCEpTION), brat standoff" in message
    assert "choose one in the Format list of the options" in message
    assert "webanno-tsv" not in message and "--format" not in message
    titles = [window.setup.panel.editors["format"].combo.itemText(i) for i in range(1, 4)]
    assert titles == ["WebAnno TSV 3.x (INCEpTION)", "UIMA CAS XMI (INCEpTION)", "brat standoff (.ann + .txt)"]


def _label_studio(path: Path, annotated: int) -> str:
    """Two tasks, the first `annotated` of them with an annotation."""
    region = {"type": "labels", "value": {"start": 0, "end": 4, "text": "Anna", "labels": ["PER"]}}
    tasks = [{"id": k, "data": {"text": "Anna met Bob"},
              "annotations": [{"result": [region]}] if k <= annotated else []} for k in (1, 2)]  # fmt: skip
    path.write_text(json.dumps(tasks), encoding="utf-8")
    return str(path)


def test_a_label_studio_warning_names_the_index_option(qtbot, window, tmp_path):
    # a task of the system without an annotation is left out with a warning (all of them: an error)
    gold, system = _label_studio(tmp_path / "gold.json", 2), _label_studio(tmp_path / "system.json", 1)
    evaluate(qtbot, window, "spans", gold, system)
    tabs = window.tabs
    (page,) = (tabs.widget(i) for i in range(tabs.count()) if tabs.tabText(i).startswith("Warnings"))
    text = page.toPlainText()
    assert "no annotation number 1 (Index set to 1st; cancelled ones not counted)" in text
    assert "--index" not in text


def test_a_scheme_hint_names_each_control_once():
    """The CoNLL reader's way on ('read them with --scheme BILOU and --reading strict') in the
    app's words sets each control once (it said 'set the tag scheme to X (Scheme set to X)')."""
    from gui.dialogs import app_words

    hint = "its tags fit BILOU, read strictly only: read them with --scheme BILOU and --reading strict"
    assert app_words(hint).endswith("read them with Scheme set to BILOU and Reading set to strict")


def test_a_column_counted_from_0_is_named_as_the_app_counts_it():
    """The CoNLL reader's tag-column hint names the column as the engine counts it; the app
    counts from 1 ('4th'), so it names the 4th column, not 'column 3' a user would set as 3rd."""
    from gui.dialogs import app_words

    hint = "found '_' in column 3 (counted from 0); where the tags are in another column, read them with --tag-column N"
    assert app_words(hint).startswith("found '_' in the 4th column; where the tags are in another column, read")


def test_a_named_column_counted_from_0_keeps_its_name():
    """A CoNLL-U Plus file names its columns: the column read keeps its name in the app's words,
    and the file's other columns are named, not numbered as the command line counts them."""
    from gui.dialogs import app_words

    hint = ("found '_' in column 3 (counted from 0, MISC in the file's global.columns); where the tags are "
            "in another column, read them with --tag-column N (the file names its columns ID, FORM, MISC, NE)")
    assert app_words(hint) == (
        "found '_' in the 4th column (MISC in the file's global.columns); where the tags are in another "
        "column, read them with the option Tag column (the file names its columns ID, FORM, MISC, NE)")


def test_a_short_lines_columns_are_named_as_the_app_counts_them():
    from gui.dialogs import app_words

    said = "expected a token in column 0 (counted from 0) and a tag in column 3 (counted from 0), found 2 columns"
    assert app_words(said) == "expected a token in the 1st column and a tag in the 4th column, found 2 columns"
