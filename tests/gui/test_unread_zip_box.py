"""A zip chosen as an input that no span reader reads (an empty zip, a zip of PNGs or of
notes) or a zip of JSON Lines records that is no doccano export: the Setup page's box says
in red what the run stops on, the message the command line gives (`spanstudio spans
GOLD.zip SYSTEM`), and the line above the results does not say to press Evaluate. Before,
an empty zip was "Format: not recognised" and ready to evaluate, a zip of PNGs "not a text
file", and a zip of records the error of a user's file the run never reaches."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from engine.cli import main
from gui.inputs import judged, look_at
from gui.style import ERROR_COLOUR

from .conftest import evaluate

SYSTEM = str(Path(__file__).parents[1] / "data" / "formats" / "conll" / "en-orig.conll")
RECORDS = {"a.jsonl": json.dumps({"name": "x", "value": 3}) + "\n", "b.jsonl": json.dumps({"foo": 1}) + "\n"}
ZIPS = {
    "empty": {},
    "pngs": {"a.png": b"\x89PNG\r\n\x1a\n" + bytes(100), "b.png": b"\x89PNG\r\n\x1a\n" + bytes(50)},
    "notes": {"notes.txt": "hello\n", "more.txt": "world\n"},
    "records": RECORDS,
}


def zipped(folder: Path, name: str) -> str:
    path = folder / f"{name}.zip"
    with zipfile.ZipFile(path, "w") as archive:
        for entry, data in ZIPS[name].items():
            archive.writestr(entry, data)
    return str(path)


def command_line_error(capsys, *args: str) -> str:
    assert main(list(args)) == 2
    err = capsys.readouterr().err
    assert err.startswith("spanstudio: error: ") and err.count("\n") == 1
    return err.removeprefix("spanstudio: error: ").rstrip("\n")


#: CLUEval beside a CoNLL file reads both with the span readers, and says it too (it was
#: "Format: not recognised", ready to evaluate, or "not a text file").
SAID = [("spans", "empty"), ("spans", "pngs"), ("spans", "notes"), ("clueval", "empty"), ("clueval", "notes")]


@pytest.mark.parametrize(("method", "name"), SAID)
def test_a_zip_no_span_reader_reads_is_said_in_the_box_as_the_run_says_it(qtbot, window, shown, tmp_path,
                                                                           capsys, method, name):  # fmt: skip
    path = zipped(tmp_path, name)
    said = command_line_error(capsys, method, path, SYSTEM)
    setup = window.setup
    setup.set_method(method)
    setup.set_paths(path, SYSTEM)
    gold = setup.fields["gold"]
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)
    assert gold.error_text == said and ERROR_COLOUR in gold.status.styleSheet()
    assert window.summary.text().startswith("The gold file cannot be read as set")  # not "press Evaluate"
    evaluate(qtbot, window)
    assert shown.input_errors[-1][1] == said


def test_faireval_says_it_too_and_a_method_reading_its_own_format_alone_is_unchanged(tmp_path, capsys):
    from engine.methods import get_method

    path = zipped(tmp_path, "empty")
    said = command_line_error(capsys, "faireval", path, SYSTEM)
    assert str(judged(look_at(path), get_method("faireval").inputs[0]).error) == said
    assert judged(look_at(path), get_method("poetry").inputs[0]).error is None  # poetry's reader says its own
    chosen = judged(look_at(path), get_method("spans").inputs[0], chosen="CoNLL columns")
    assert chosen.error is None  # a Format chosen: that reader's message, as the run's (--format)


def test_a_zip_of_records_that_is_no_doccano_export_is_said_as_the_run_says_it(qtbot, window, shown, tmp_path):
    path = zipped(tmp_path, "records")
    setup = window.setup
    setup.set_method("spans")
    setup.set_paths(path, SYSTEM)
    gold = setup.fields["gold"]
    qtbot.waitUntil(lambda: not setup.looking and bool(gold.error_text), timeout=20_000)
    said = gold.error_text
    assert said.startswith(f"{path}: expected the user whose annotations are read")  # was a.jsonl's error
    evaluate(qtbot, window)
    assert shown.input_errors[-1][1] == said
    user = setup.panel.editors["gold_user"]
    user.set_value("a")
    user.changed.emit()
    qtbot.waitUntil(lambda: not setup.looking and gold.error_text != said, timeout=20_000)
    said = gold.error_text
    assert said.startswith(f"{path}/a.jsonl:1: expected a \"text\" (or \"data\") string")  # once a user is chosen
    evaluate(qtbot, window)
    assert shown.input_errors[-1][1] == said


VERTICAL = str(Path(__file__).parents[1] / "engine" / "data" / "clueval" / "worked" / "system.vrt")


def test_clueval_reading_its_own_format_says_the_zip_as_before(qtbot, window, tmp_path, capsys):
    """Beside CLUEval's own vertical text its reader reads the zip: not the span readers' message."""
    path = zipped(tmp_path, "notes")
    said = command_line_error(capsys, "clueval", path, VERTICAL)
    assert said == f"{path} is not a text file (it looks like a ZIP archive)"
    setup = window.setup
    setup.set_method("clueval")
    setup.set_paths(path, VERTICAL)
    gold = setup.fields["gold"]
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)
    assert gold.error_text == said
    empty = zipped(tmp_path, "empty")
    setup.set_paths(empty, VERTICAL)
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)
    assert not gold.error_text and "Format: not recognised" in gold.status.text()  # as before
