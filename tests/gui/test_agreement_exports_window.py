"""The Agreement window with an export of several annotators' work: adding it lists its
annotators one row each, measuring gives the command line's figures, a row removed is an
annotator left out, and what cannot be read is a dialog (the files are real, read by the
engine's readers)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from engine.cli import main
from gui.agreement_window import AgreementWindow
from tests.engine.test_agreement_exports import (
    DOCCANO,
    LABEL_STUDIO,
    TEXT_1,
    _result,
    jsonl,
    project_entries,
    zipped,
)


@pytest.fixture
def window(qtbot) -> AgreementWindow:
    shown = AgreementWindow()
    qtbot.addWidget(shown)
    shown.show()
    return shown


def added(window: AgreementWindow, qtbot, *paths: str) -> list[str]:
    """The rows' texts once the paths are added (their annotators listed in the background)."""
    window.add_paths(list(paths))
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    return [window.paths.item(i).text() for i in range(window.paths.count())]


def measured(window: AgreementWindow, qtbot) -> dict:
    window.measure()
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    assert window.data is not None
    return window.data


def test_an_inception_export_is_listed_one_row_per_annotator_and_measured(window, qtbot, tmp_path, capsys):
    path = zipped(tmp_path / "project.zip", project_entries())
    assert added(window, qtbot, path) == [f"anna — {path}", f"ben — {path}", f"cara — {path}"]
    assert window.summary.text() == "3 annotators listed: click Measure agreement."
    data = measured(window, qtbot)
    assert main(["agreement", path, "--json", "-"]) == 0
    assert data["overall"] == json.loads(capsys.readouterr().out)["overall"]
    assert window.matrix.rowCount() == 3 and "3 annotators, 2 documents" in window.summary.text()
    window.paths.item(2).setSelected(True)
    window.remove()
    assert measured(window, qtbot)["annotators"] == ["anna", "ben"]


def test_a_doccano_export_beside_an_ordinary_file(window, qtbot, tmp_path):
    export = jsonl(tmp_path / "export.jsonl", DOCCANO)
    plain = jsonl(tmp_path / "dora.jsonl", [{"id": r["id"], "text": r["text"], "label": []} for r in DOCCANO])
    rows = added(window, qtbot, plain, export)
    assert rows == [plain, f"user 1 — {export}", f"user 2 — {export}", f"user 5 — {export}"]
    data = measured(window, qtbot)
    assert data["annotators"] == ["dora", "user 1", "user 2", "user 5"]


def test_a_format_chosen_lists_an_export_as_the_command_reads_it(window, qtbot, tmp_path):
    """With --format conll a doccano export is one annotator's file (the command reads it as
    CoNLL); with its own format, or none, its users are the annotators again."""
    from tests.gui.test_agreement_reading import set_option

    export = jsonl(tmp_path / "export.jsonl", DOCCANO)
    plain = jsonl(tmp_path / "dora.jsonl", [{"id": r["id"], "text": r["text"], "label": []} for r in DOCCANO])
    users = [(export, "user 1"), (export, "user 2"), (export, "user 5")]
    added(window, qtbot, plain, export)
    set_option(window, "format", "doccano")  # lists it as it is listed
    assert not window.busy and window.rows() == [(plain, None), *users]
    set_option(window, "format", "conll")
    assert window.rows() == [(plain, None), (export, None)]
    set_option(window, "format", None)
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    assert window.rows() == [(plain, None), *users]


def test_an_export_that_cannot_be_read_is_a_dialog(window, qtbot, tmp_path, shown):
    path = zipped(tmp_path / "project.zip", {"exportedproject.json": "{}", "source/a.txt": "x"})
    assert added(window, qtbot, path) == []
    assert shown.input_errors and shown.input_errors[0][0] == "The annotators could not be read"
    assert "found no annotation/ folder" in shown.input_errors[0][1]


def test_an_export_added_again_is_not_listed_twice(window, qtbot, tmp_path):
    path = zipped(tmp_path / "project.zip", project_entries())
    rows = added(window, qtbot, path)
    assert added(window, qtbot, path) == rows  # it listed each annotator twice, then "'anna' twice"
    assert window.summary.text() == f"{path} is listed already: not added again. 3 annotators listed: " \
                                    "click Measure agreement."
    window.paths.item(1).setSelected(True)
    window.remove()
    assert added(window, qtbot, path) == [rows[0], rows[2], rows[1]]  # the one removed comes back
    assert window.summary.text() == "3 annotators listed: click Measure agreement."
    assert measured(window, qtbot)["annotators"] == ["anna", "ben", "cara"]


def test_the_predictions_are_annotators_when_the_box_is_checked(window, qtbot, tmp_path, capsys):
    path = str(tmp_path / "export.json")
    Path(path).write_text(json.dumps(LABEL_STUDIO), encoding="utf-8")
    plain = jsonl(tmp_path / "dora.jsonl", [{"id": r["id"], "text": r["text"], "label": []} for r in DOCCANO])
    assert added(window, qtbot, plain, path) == [plain, f"user 7 — {path}", f"ben@example.org — {path}"]
    window.predictions.setChecked(True)  # the export listed again, its predictions one more row
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    assert window.rows() == [(plain, None), (path, "user 7"), (path, "ben@example.org"), (path, "predictions v1")]
    window.paths.item(0).setSelected(True)
    window.remove()
    data = measured(window, qtbot)
    assert main(["agreement", path, "--predictions", "--json", "-"]) == 0
    command = json.loads(capsys.readouterr().out)
    assert data["overall"] == command["overall"]
    assert data["annotators"] == command["annotators"] == ["user 7", "ben@example.org", "predictions v1"]
    window.predictions.setChecked(False)
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    assert window.rows() == [(path, "user 7"), (path, "ben@example.org")]
    assert measured(window, qtbot)["annotators"] == ["user 7", "ben@example.org"]  # as the report orders them


def test_turning_the_predictions_off_and_on_keeps_the_rows_removed(window, qtbot, tmp_path):
    path = str(tmp_path / "export.json")
    Path(path).write_text(json.dumps(LABEL_STUDIO), encoding="utf-8")
    added(window, qtbot, path)
    window.predictions.setChecked(True)
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    window.paths.item(1).setSelected(True)  # ben
    window.remove()
    for checked, rows in ((False, [(path, "user 7")]), (True, [(path, "user 7"), (path, "predictions v1")])):
        window.predictions.setChecked(checked)
        qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
        assert window.rows() == rows
    added(window, qtbot, path)  # added again: the annotator removed listed again (the others are listed)
    assert window.rows() == [(path, "user 7"), (path, "predictions v1"), (path, "ben@example.org")]


def test_the_matrix_shows_five_e_mail_names_whole_at_1366_by_768(window, qtbot, tmp_path):
    names = ["ben@example.org", "anna.karenina@university.example.edu", "cara@example.org", "dan@example.org",
             "eve@example.org"]  # fmt: skip
    annotations = [{"id": i, "completed_by": {"id": 20 + i, "email": name}, "result": [_result(0, 8, "PER")]}
                   for i, name in enumerate(names)]  # fmt: skip
    path = tmp_path / "export.json"
    task = {"id": 1, "data": {"text": TEXT_1}, "annotations": annotations}
    path.write_text(json.dumps([task]), encoding="utf-8")
    window.resize(1366, 740)
    added(window, qtbot, str(path))
    annotators = measured(window, qtbot)["annotators"]
    qtbot.waitUntil(lambda: window.matrix.horizontalHeader().sectionSize(4) > 0)
    header, rows = window.matrix.horizontalHeader(), window.matrix.verticalHeader()
    assert header.textElideMode() == rows.textElideMode() == Qt.TextElideMode.ElideMiddle
    margin = header.style().pixelMetric(header.style().PixelMetric.PM_HeaderMargin)
    room = header.fontMetrics().horizontalAdvance("ben@example.org") + 2 * margin
    assert all(header.sectionSize(i) >= room for i in range(5))
    assert header.length() <= window.matrix.viewport().width()  # no scrolling to see the fifth
    for i, name in enumerate(annotators):
        column, row = window.matrix.horizontalHeaderItem(i), window.matrix.verticalHeaderItem(i)
        assert column.toolTip() == row.toolTip() == row.text() == name


def _export(kind: str, tmp_path: Path) -> str:
    """An export of several annotators' work, of the reader module `kind`."""
    if kind == "doccano":
        return jsonl(tmp_path / "export.jsonl", DOCCANO)
    if kind == "label_studio":
        path = tmp_path / "export.json"
        path.write_text(json.dumps(LABEL_STUDIO), encoding="utf-8")
        return str(path)
    return zipped(tmp_path / "project.zip", project_entries())


@pytest.mark.parametrize("kind", ["doccano", "label_studio", "inception_project"])
def test_an_export_is_read_once_per_measure_unless_it_changed(window, qtbot, tmp_path, monkeypatch, kind):
    """The listing's reading is what is measured: the export is parsed once for the listing
    and the first measure, and again only where it changed on disk since."""
    import os

    from engine.formats import format_module

    module, reads = format_module(kind), []
    read = module.read_annotators
    monkeypatch.setattr(module, "read_annotators", lambda *args: reads.append(args[0]) or read(*args))
    path = _export(kind, tmp_path)
    rows = added(window, qtbot, path)
    first = measured(window, qtbot)
    assert len(rows) == len(first["annotators"]) >= 2 and reads == [path]
    assert measured(window, qtbot) == first and reads == [path]  # measured again: nothing changed
    later = os.stat(path).st_mtime_ns + 2_000_000_000
    os.utime(path, ns=(later, later))  # the same bytes, written again
    assert measured(window, qtbot) == first and reads == [path, path]


def test_a_listing_that_fails_keeps_no_file_as_listed_already(window, qtbot, tmp_path, shown):
    """An export added again whose listing then fails: the next line about the list does not
    say it was "listed already" (the failed listing listed nothing)."""
    path = zipped(tmp_path / "project.zip", project_entries())
    rows = added(window, qtbot, path)
    zipped(tmp_path / "project.zip", {"exportedproject.json": "{}", "source/a.txt": "x"})  # now unreadable
    added(window, qtbot, path)
    assert shown.input_errors
    window.paths.item(0).setSelected(True)
    window.remove()
    assert window.summary.text() == f"{len(rows) - 1} annotators listed: click Measure agreement."


def test_a_doccano_zip_of_several_users_in_one_row_is_refused_as_the_command_refuses_it(window, qtbot, tmp_path,
                                                                                         shown, capsys):  # fmt: skip
    """A row that is doccano's zip of several users beside another row (as a list kept from
    before its users were listed one row each) says what `agreement` says of it, in the
    window's words for what to do, not the span methods' --gold-user message."""
    from tests.engine.test_doccano_zip import SPANS, export, unzipped, user_records
    from tests.engine.test_doccano_zip import jsonl as user_jsonl

    path = export(tmp_path, {f"{user}.jsonl": user_jsonl(user_records(SPANS[user])) for user in SPANS})
    other = unzipped(path, "alice")
    assert main(["agreement", path, other]) == 2
    said = capsys.readouterr().err.removeprefix("spanstudio: error: ").rstrip("\n")
    window.add_row(path, None)
    window.add_row(other, None)
    window.measure()
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    assert shown.input_errors == [("Agreement could not be measured", said.replace(
        "give it alone (each user an annotator)", "remove its row and add it again (each user a row)"))]
    assert "--gold-user" not in shown.input_errors[0][1]
