"""An INCEpTION project export (a zip, or the same unzipped) chosen as an input of the main
window: recognised by the file check, the gold side reading its curation, the system side's
user picked from a User drop-down filled with the export's users; evaluating gives the
command line's figures (the exports are built by the engine's tests, read by the real readers)."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from engine.cli import main
from engine.methods import get_method
from gui.inputs import Probe, probe
from tests.engine.test_agreement_exports import project_entries, zipped

from .conftest import evaluate

TITLE = "INCEpTION project export"


@pytest.fixture(params=["zip", "folder"])
def export(request, tmp_path) -> str:
    path = zipped(tmp_path / "project.zip", project_entries())
    if request.param == "zip":
        return path
    with zipfile.ZipFile(path) as archive:
        archive.extractall(tmp_path / "unzipped")
    return str(tmp_path / "unzipped")


def _read_both(qtbot, setup, gold: str, system: str) -> None:
    """The paths set, once both sides' contents have arrived."""
    arrived: set[str] = set()
    setup.contents_read.connect(arrived.add)
    setup.set_paths(gold, system)
    qtbot.waitUntil(lambda: arrived >= {"gold", "system"} and not setup.looking, timeout=20_000)


@pytest.mark.parametrize("method", ["spans", "nervaluate", "faireval", "clueval"])
def test_the_export_is_recognised_and_each_side_says_what_it_reads(qtbot, window, export, method):
    setup = window.setup
    setup.set_method(method)
    _read_both(qtbot, setup, export, export)
    gold, system = setup.fields["gold"], setup.fields["system"]
    assert not gold.error_text and not system.error_text
    assert gold.status.text().startswith(f"Format: {TITLE} · reads the curation (CURATION_USER)")
    assert "choose the user whose annotations are read (System user" in system.status.text()
    assert "not recognised" not in gold.status.text() + system.status.text()
    assert setup.panel.editors["system_user"].suggestions() == ["anna", "ben", "cara"]


def test_the_system_user_chosen_from_the_drop_down_is_evaluated(qtbot, window, export, capsys):
    setup = window.setup
    setup.set_method("spans")
    _read_both(qtbot, setup, export, export)
    user = setup.panel.editors["system_user"]
    user.combo.setCurrentIndex(1)
    user.combo.textActivated.emit("ben")  # as a click on the item
    assert setup.panel.options().system_user == "ben"
    qtbot.waitUntil(lambda: "reads the annotations of ben" in setup.fields["system"].status.text(),
                    timeout=20_000)  # fmt: skip
    evaluate(qtbot, window)
    assert main(["spans", export, export, "--system-user", "ben", "--json", "-"]) == 0
    expected = json.loads(capsys.readouterr().out)["classification_report"]
    assert window.report.data["classification_report"] == expected


def test_no_system_user_is_the_engines_message_listing_them(qtbot, window, export, shown):
    setup = window.setup
    setup.set_method("spans")
    _read_both(qtbot, setup, export, export)
    window.evaluate()
    qtbot.waitUntil(lambda: window.idle, timeout=20_000)
    assert shown.input_errors and "(the option System user: anna, ben, cara)" in shown.input_errors[0][1]


@pytest.mark.parametrize("name", ["projectcopy", "project.export"])
def test_a_renamed_export_in_both_boxes_says_in_the_system_box_what_the_run_says(
    qtbot, window, tmp_path, shown, name
):
    """An export read by its first bytes whatever its name: the System box asks for the user
    as the run does (it showed the gold's look at the curation: one look served both boxes)."""
    renamed = tmp_path / name
    renamed.write_bytes(Path(zipped(tmp_path / "project.zip", project_entries())).read_bytes())
    setup = window.setup
    setup.set_method("spans")
    _read_both(qtbot, setup, str(renamed), str(renamed))
    gold, system = setup.fields["gold"], setup.fields["system"]
    assert gold.status.text().startswith(f"Format: {TITLE} · reads the curation (CURATION_USER)")
    assert "choose the user whose annotations are read (System user" in system.status.text()
    assert "curation" not in system.status.text()
    assert setup.panel.editors["system_user"].suggestions() == ["anna", "ben", "cara"]
    window.evaluate()
    qtbot.waitUntil(lambda: window.idle, timeout=20_000)
    assert shown.input_errors and "(the option System user: anna, ben, cara)" in shown.input_errors[0][1]


def test_a_method_without_the_span_readers_says_it_does_not_read_the_export(export):
    poetry = next(spec for spec in get_method("poetry").inputs if spec.role == "gold")
    found = probe(export, poetry)
    assert found.format == TITLE and found.unknown and found.error is None
    spans = next(spec for spec in get_method("spans").inputs if spec.role == "gold")
    assert probe(export, spans) == Probe(format=TITLE)


@pytest.mark.parametrize("method", ["spans", "nervaluate", "faireval", "clueval"])
def test_the_method_descriptions_say_they_read_the_export(method, capsys):
    from gui.setup_panel import described

    shown = " ".join(described(get_method(method)).split())
    assert "INCEpTION project export" in shown and "the gold is its curation" in shown
    assert "chosen with the option System user" in shown and "--" not in shown.partition("INCEpTION")[2]
    with pytest.raises(SystemExit):
        main([method, "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "INCEpTION project export" in help_text and "chosen with --system-user" in help_text


@pytest.mark.parametrize(("method", "own"), [("spans", 0), ("nervaluate", 0), ("faireval", 6), ("clueval", 13)])
def test_the_user_drop_downs_come_next_to_the_format_lists(window, method, own):
    panel = window.setup.panels[method]
    form = panel.layout().itemAt(0).layout()
    row_of = {name: form.getWidgetPosition(editor)[0] for name, editor in panel.editors.items()}
    sides = ("", "gold_", "system_", "system_b_")  # the Second system's own after the System's
    assert [row_of[f"{side}format"] for side in sides] == [own, own + 1, own + 2, own + 3]
    assert [row_of[f"{side}user"] for side in sides] == [own + 4, own + 5, own + 6, own + 7]
    assert row_of["layer"] == own + 8
