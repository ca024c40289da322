"""Evaluate → Make Gold from Adjudication Workbook…: what `spanstudio adjudicate` writes,
written from the app by the same engine function on the worker; the engine's message as one
dialog in the app's words, then the dialog again with its fields; the window says what was
written, with Open Folder; the workbook's first line names the menu item. Nothing typed
breaks the dialog; an existing gold (a loaded input named as such) is replaced only when
the user says so; a brat gold goes into a new or empty folder."""

from __future__ import annotations

import shutil
from pathlib import Path

from openpyxl import load_workbook
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialog, QFileDialog, QLabel

from engine.agreement.corpus import build_corpus
from engine.agreement.workbook import workbook_bytes
from engine.cli import main
from gui import adjudication
from gui.resources import example_inputs
from gui.settings import AppSettings
from tests.engine.test_agreement_command import SPANS, _decide, annotations

from .conftest import evaluate, wait_idle


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
        if dialog in made:  # shown again after a message: the user leaves it
            return QDialog.DialogCode.Rejected
        dialog.workbook.setText(str(workbook))
        dialog.format.setCurrentIndex(dialog.format.findData(out_format))
        if out is not None:
            dialog.out.setText(str(out))
        dialog.majority.setChecked(majority)
        made.append(dialog)
        dialog.accept()  # OK
        return dialog.result()

    made: list[adjudication.MakeGoldDialog] = []
    monkeypatch.setattr(adjudication.MakeGoldDialog, "exec", filled)
    window.gold_action.trigger()
    wait_idle(qtbot, window)
    qtbot.wait(50)  # a dialog shown again after a message comes at the next turn
    return made[0]


def test_the_menu_item_writes_what_the_command_writes(qtbot, window, tmp_path, monkeypatch, capsys):
    workbook = _workbook(tmp_path, lambda row: row["anna"] or "none")
    dialog = _make(qtbot, window, monkeypatch, workbook, "doccano")
    gold = tmp_path / "adjudication-gold.jsonl"  # suggested beside the workbook
    assert dialog.out.text() == str(gold)
    assert main(["adjudicate", str(workbook), "--out", str(tmp_path / "cli.jsonl")]) == 0
    assert gold.read_bytes() == (tmp_path / "cli.jsonl").read_bytes()
    assert window.notice.isVisible() and window.notice.folder_button.isVisible()
    note = window.notice.text.text()
    assert "4 spans in 2 documents." in note and "written to" not in note  # the path once, above it
    assert window.notice.paths == [gold]


def test_the_dialog_speaks_the_apps_words_and_keeps_its_fields_for_the_next_start(
    qtbot, window, tmp_path, monkeypatch, settings_file
):
    workbook = _workbook(tmp_path, lambda row: row["anna"] or "none")
    gold = tmp_path / "chosen.conll"
    _make(qtbot, window, monkeypatch, workbook, "conll", gold, majority=True)
    assert gold.is_file()
    again = adjudication.MakeGoldDialog(None, AppSettings(QSettings(str(settings_file), QSettings.Format.IniFormat)))
    qtbot.addWidget(again)
    assert (again.workbook.text(), again.format_name, again.out.text()) == (str(workbook), "conll", str(gold))
    assert again.majority.isChecked() and again.format_note.text() == (  # no annotators' files listed
        "As last used: no annotators' files are listed in the Agreement window.")
    assert "spanstudio" not in adjudication.INTRO and "command" not in adjudication.INTRO


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


def _dialog(qtbot, workbook: Path, out_format: str, out: Path, inputs=None) -> adjudication.MakeGoldDialog:
    dialog = adjudication.MakeGoldDialog(None, inputs=inputs)
    qtbot.addWidget(dialog)
    dialog.workbook.setText(str(workbook))
    dialog.format.setCurrentIndex(dialog.format.findData(out_format))
    dialog.out.setText(str(out))
    return dialog


def test_any_text_typed_is_harmless_until_ok(qtbot, shown):
    dialog = adjudication.MakeGoldDialog(None)
    qtbot.addWidget(dialog)
    for text in ("/", "", "~", ".", "..", "/d", "/data/", "/data/adj.xlsx"):
        dialog.workbook.setText(text)  # "/" was ValueError: PosixPath('/') has an empty name
    assert not shown.crashes and dialog.out.text() == "/data/adj-gold.jsonl"


def test_the_labels_are_buddies_with_working_mnemonics(qtbot):
    dialog = adjudication.MakeGoldDialog(None)
    qtbot.addWidget(dialog)
    buddies = {label.text(): label.buddy() for label in dialog.findChildren(QLabel) if label.buddy()}
    assert buddies == {"&Workbook:": dialog.workbook, "&Format:": dialog.format, "Write &to:": dialog.out}


def test_an_existing_gold_is_replaced_only_when_the_user_says_so(qtbot, tmp_path, shown):
    workbook = _workbook(tmp_path, lambda row: row["anna"] or "none")
    gold = tmp_path / "gold.jsonl"
    gold.write_text("mine\n", encoding="utf-8")
    dialog = _dialog(qtbot, workbook, "doccano", gold)
    shown.answer = False
    dialog.accept()
    assert shown.questions == ["gold.jsonl already exists. Replace it?"]
    assert dialog.result() != QDialog.DialogCode.Accepted and dialog.out.text() == str(gold)
    shown.answer = True
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted and dialog.replace


def test_paths_that_cannot_be_used_are_said_and_the_dialog_stays(qtbot, tmp_path, shown):
    workbook = _workbook(tmp_path, None)
    dialog = _dialog(qtbot, workbook, "doccano", tmp_path)
    dialog.accept()
    assert shown.messages == [("A doccano gold is one file.", f"{tmp_path} is a folder: choose a file name.")]
    dialog.format.setCurrentIndex(dialog.format.findData("brat"))
    dialog.out.setText(str(workbook))
    dialog.accept()
    assert shown.messages[-1] == ("A brat gold is a folder.", f"{workbook} is a file: choose a new folder or an empty one.")
    dialog.workbook.setText(str(tmp_path / "nothing.xlsx"))
    dialog.accept()
    assert shown.messages[-1][0] == "The workbook was not found."
    assert dialog.result() != QDialog.DialogCode.Accepted and not shown.questions


def test_the_gold_onto_its_own_workbook_is_said_before_any_question(qtbot, tmp_path, shown):
    """The gold written over the adjudication workbook it is made from asked 'Replace it?' and
    then the engine refused it: the dialog says so at once and stays."""
    workbook = _workbook(tmp_path, lambda row: row["anna"] or "none")
    dialog = _dialog(qtbot, workbook, "doccano", workbook)
    dialog.accept()
    assert shown.messages == [("The gold cannot replace its workbook.",
                               f"{workbook} is the adjudication workbook: choose another name.")]  # fmt: skip
    assert not shown.questions and dialog.result() != QDialog.DialogCode.Accepted


def test_brat_goes_into_an_empty_folder_chosen_and_asks_before_one_with_files(
    qtbot, window, tmp_path, monkeypatch, shown
):
    workbook = _workbook(tmp_path, lambda row: row["cara"] or "none")
    folder = tmp_path / "chosen"
    folder.mkdir()
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *args: str(folder))

    def choose(dialog: adjudication.MakeGoldDialog) -> int:
        dialog.workbook.setText(str(workbook))
        dialog.format.setCurrentIndex(dialog.format.findData("brat"))
        dialog.browse_out()
        dialog.accept()
        return dialog.result()

    monkeypatch.setattr(adjudication.MakeGoldDialog, "exec", choose)
    window.gold_action.trigger()
    wait_idle(qtbot, window)
    assert sorted(p.name for p in folder.iterdir()) == ["d2.ann", "d2.txt", "dok_é.ann", "dok_é.txt"]
    assert not shown.questions and not shown.input_errors
    shown.answer = False
    window.gold_action.trigger()
    wait_idle(qtbot, window)
    assert shown.questions == ["The folder chosen is not empty. Write into it?"]


def test_after_a_message_the_dialog_comes_back_with_its_fields(qtbot, window, tmp_path, monkeypatch, shown):
    workbook = _workbook(tmp_path, None)
    out = tmp_path / "gold.conll"
    dialog = _make(qtbot, window, monkeypatch, workbook, "conll", out, majority=False)
    shown_again: list[tuple[str, str, str]] = []
    monkeypatch.setattr(adjudication.MakeGoldDialog, "exec", lambda d: shown_again.append(
        (d.workbook.text(), d.format_name, d.out.text())) or QDialog.DialogCode.Rejected)  # fmt: skip
    adjudication.run(window, dialog)
    qtbot.waitUntil(lambda: bool(shown_again), timeout=20_000)
    assert shown_again == [(str(workbook), "conll", str(out))]
    assert shown.input_errors[-1][1] == (  # the workbook named (once), as every message names its file
        f"{workbook}: expected a Decision in every row of column Decision (or tick “Settle rows left "
        "undecided by majority”), found 6 undecided: R1, R2, R3, R4, R5, R6"
    )


def test_majority_names_the_rows_it_settled(qtbot, window, tmp_path, monkeypatch):
    workbook = _workbook(tmp_path, None)
    _make(qtbot, window, monkeypatch, workbook, "doccano", tmp_path / "g.jsonl", majority=True)
    assert "settled by majority (a tie keeps no span): R1 → none, R2 → none, R3 → LOC" in window.notice.text.text()


def _example_evaluated(qtbot, window, tmp_path: Path) -> Path:
    """The app's example evaluated from copies (gold.conll, system.conll); a decided workbook."""
    workbook = _workbook(tmp_path, lambda row: row["anna"] or "none")
    _, gold, system = example_inputs()
    for name, source in (("gold.conll", gold), ("system.conll", system)):
        shutil.copy(source, tmp_path / name)
    evaluate(qtbot, window, "faireval", str(tmp_path / "gold.conll"), str(tmp_path / "system.conll"))
    return workbook


def test_writing_over_a_loaded_input_says_so_and_marks_the_results(qtbot, window, tmp_path, monkeypatch):
    workbook = _example_evaluated(qtbot, window, tmp_path)
    assert "changed" not in window.summary.text()
    looked = window.setup.fields["gold"].look  # the example's CoNLL-2000
    asked: list[tuple[str, str]] = []
    monkeypatch.setattr(adjudication.dialogs, "ask", lambda parent, q, note="": asked.append((q, note)) or True)
    _make(qtbot, window, monkeypatch, workbook, "conll", tmp_path / "gold.conll")
    assert asked == [("gold.conll already exists. Replace it?", "It is the gold file loaded in the main window: "
                      "the results shown will be marked as describing an input that changed.")]  # fmt: skip
    assert (tmp_path / "gold.conll").read_text(encoding="utf-8").startswith("-DOCSTART- dok_é")
    assert "The inputs changed since this evaluation." in window.summary.text()
    qtbot.waitUntil(lambda: window.setup.fields["gold"].look is not looked)  # the file box looks again
    assert (looked.format, window.setup.fields["gold"].look.format) == ("CoNLL-2000 (BIO chunks)", "CoNLL columns (a token and its tag)")


def test_writing_over_the_second_system_says_so_and_marks_the_results(qtbot, window, tmp_path, monkeypatch):
    workbook = _workbook(tmp_path, lambda row: row["anna"] or "none")
    _, gold, system = example_inputs()
    for name, source in (("gold.conll", gold), ("system.conll", system), ("second.conll", system)):
        shutil.copy(source, tmp_path / name)
    window.setup.second.set_path(str(tmp_path / "second.conll"))
    evaluate(qtbot, window, "faireval", str(tmp_path / "gold.conll"), str(tmp_path / "system.conll"))
    assert "changed" not in window.summary.text() and "comparison" in window.report.tables
    looked = window.setup.second.look
    asked: list[tuple[str, str]] = []
    monkeypatch.setattr(adjudication.dialogs, "ask", lambda parent, q, note="": asked.append((q, note)) or True)
    _make(qtbot, window, monkeypatch, workbook, "conll", tmp_path / "second.conll")
    assert asked == [("second.conll already exists. Replace it?", "It is the second system file loaded in the main "
                      "window: the results shown will be marked as describing an input that changed.")]  # fmt: skip
    assert "The inputs changed since this evaluation." in window.summary.text()
    qtbot.waitUntil(lambda: window.setup.second.look is not looked)  # the file box looks again
    assert window.setup.second.look.format == "CoNLL columns (a token and its tag)"  # Make Gold's, named .conll


def test_an_adjudication_workbook_imported_as_a_review_points_to_make_gold(qtbot, window, tmp_path, shown):
    workbook = _workbook(tmp_path, None)
    window.import_review(str(workbook))
    wait_idle(qtbot, window)
    (doing, message), = shown.input_errors
    assert doing == "The review could not be read" and message == (
        f"{workbook}: expected a review workbook (File → Export to Excel…), found an adjudication workbook "
        "(Agreement among Annotators…): make the gold from it with Evaluate → Make Gold from Adjudication Workbook…"
    )


def test_a_gold_written_over_a_loaded_input_has_its_labels_read_again(qtbot, window, tmp_path, monkeypatch):
    workbook = _example_evaluated(qtbot, window, tmp_path)
    qtbot.waitUntil(lambda: "gold" in window.setup.contents)
    before = window.setup.contents["gold"]
    monkeypatch.setattr(adjudication.dialogs, "ask", lambda *args, **kwargs: True)
    _make(qtbot, window, monkeypatch, workbook, "conll", tmp_path / "gold.conll")
    qtbot.waitUntil(lambda: window.setup.contents.get("gold", before) is not before)  # read again
    written = {line.split()[-1][2:] for line in (tmp_path / "gold.conll").read_text(encoding="utf-8").splitlines()
               if line.split() and line.split()[-1][:2] in ("B-", "I-")}  # fmt: skip
    assert set(window.setup.contents["gold"].labels) == written != set(before.labels)
    assert "labels: " + ", ".join(sorted(written)) in window.setup.fields["gold"].contents_text


DATA = Path(__file__).parent.parent / "data" / "formats"


def _listed(qtbot, window, *paths: Path) -> adjudication.MakeGoldDialog:
    """Make Gold's dialog once the Agreement window lists these annotators' files, once it
    has looked at them (on the main window's worker for looks)."""
    window.settings.set_value("agreement", {"rows": [[str(p), None] for p in paths]})
    dialog = adjudication.MakeGoldDialog(None, window.settings, looks=window.setup.look_queue)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.format_note.text() != adjudication.LOOKING)
    return dialog


def test_the_format_offered_first_is_the_annotators_own_where_make_gold_writes_it(qtbot, window):
    conll = DATA / "conll"
    dialog = _listed(qtbot, window, conll / "en-orig.conll", conll / "germeval2014_test.conll")
    assert dialog.format_name == "conll" and dialog.format_note.text() == (
        "The annotators' own (CoNLL columns (a token and its tag)), as the Agreement window lists their files.")
    dialog.workbook.setText("/data/adj.xlsx")
    assert dialog.out.text() == "/data/adj-gold.conll"
    dialog.format.setCurrentIndex(dialog.format.findData("doccano"))
    assert dialog.format_note.isHidden()  # it says why the first format was offered
    studio = _listed(qtbot, window, DATA / "label-studio" / "annotations")
    assert studio.format_name == "doccano" and studio.format_note.text() == (
        "The default: the annotators' files are Label Studio JSON, which Make Gold does not write.")
    mixed = _listed(qtbot, window, conll / "en-orig.conll", DATA / "doccano" / "flair-testa.jsonl")
    assert mixed.format_name == "doccano" and "not all of one format" in mixed.format_note.text()
    none = _listed(qtbot, window)
    assert none.format_name == "doccano" and "no annotators' files are listed" in none.format_note.text()


def test_a_brat_folder_of_annotators_offers_brat(qtbot, window, tmp_path):
    folder = tmp_path / "anna"
    folder.mkdir()
    for name in ("toy_example.ann", "toy_example.txt"):
        shutil.copy(DATA / "brat" / "bratly" / name, folder)
    dialog = _listed(qtbot, window, folder)
    assert dialog.format_name == "brat", dialog.format_note.text()


def test_the_dialogs_formats_are_the_ones_the_engine_writes():
    """Make Gold offers what write_gold writes, each named as its format module is (the
    annotators' own format is offered by its module's name)."""
    from engine.agreement.command import GOLD_FORMATS
    from engine.formats import format_module

    assert sorted(name for name, _, _ in adjudication.FORMATS) == sorted(GOLD_FORMATS)
    assert all(format_module(name).__name__ == f"engine.formats.{name}" for name in GOLD_FORMATS)


def test_an_annotators_file_is_sniffed_once_while_it_stays_the_same(qtbot, window, tmp_path, monkeypatch):
    """The dialog, built anew each time, reads an annotator's file again only once it changed
    (sniffing a file whose first JSON record is large reads it whole)."""
    import engine.formats

    conll = tmp_path / "anna.conll"
    shutil.copy(DATA / "conll" / "en-orig.conll", conll)
    sniffed: list[str] = []
    real = engine.formats.detected_module
    monkeypatch.setattr(engine.formats, "detected_module", lambda path: sniffed.append(path) or real(path))
    for _ in range(2):
        dialog = _listed(qtbot, window, conll)
        assert dialog.format_name == "conll"
    assert sniffed == [str(conll)]
    conll.write_text('{"text": "Anna", "label": []}\n', encoding="utf-8")
    dialog = _listed(qtbot, window, conll)
    assert dialog.format_name == "doccano" and sniffed == [str(conll)] * 2
