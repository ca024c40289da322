"""The red messages under the Setup page's file boxes: the box shows which file it is, so a
message names its file by its name (from the box's file or folder on, for a file inside
it) and keeps the whole path for its tooltip, the dialog and the command line; an INCEpTION
export without a curation says so in the gold box before any run, and the run's message
about the gold stays under the gold (gold and system one file: the system box says its own)."""

from __future__ import annotations

from engine.cli import main
from gui.dialogs import file_named
from tests.engine.test_agreement_exports import project_entries, zipped

from .conftest import evaluate

#: What the reader says of an export without a curation (its message's end).
NO_CURATION = "found no curation/ folder"


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


def test_a_long_name_keeps_its_line_in_view_and_its_whole_path_in_the_tooltip(window, tmp_path):
    latin = tmp_path / "named_entities_system_output_latin1_encoded.conll"  # one word: cut at the edge
    latin.write_bytes(b"Caf\xe9 NN O\n")
    field = window.setup.fields["system"]
    field.set_path(str(latin))
    assert field.status.text() == "named_entities_system_o…ncoded.conll:1: expected UTF-8 text, found byte 0xE9"
    assert field.status.toolTip() == f"{latin}:1: expected UTF-8 text, found byte 0xE9"


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
    assert file_named("/elsewhere/gold.conll", "/data/system.conll") is None  # another box's file: named whole
    assert file_named("gold.conll", "gold.conll") == "gold.conll"


def test_an_export_without_a_curation_says_so_in_the_gold_box_before_the_run(qtbot, window, shown, tmp_path):
    entries = {name: data for name, data in project_entries().items() if not name.startswith("curation/")}
    export = zipped(tmp_path / "export.zip", entries)
    setup = window.setup
    setup.set_method("spans")
    setup.set_paths(export, export)
    gold, system = setup.fields["gold"], setup.fields["system"]
    qtbot.waitUntil(lambda: NO_CURATION in gold.error_text, timeout=20_000)  # was nothing until the run
    qtbot.waitUntil(lambda: not setup.looking, timeout=20_000)
    assert gold.status.text().startswith("export.zip: expected an INCEpTION project export")
    own = "choose the user whose annotations are read (System user"
    assert own in system.status.text() and not system.error_text  # the system's own
    assert window.summary.text().startswith("The gold file cannot be read as set")
    window.evaluate()
    qtbot.waitUntil(lambda: window.idle, timeout=20_000)
    assert NO_CURATION in shown.input_errors[0][1]
    assert NO_CURATION in gold.error_text
    assert own in system.status.text() and not system.error_text  # was the gold's message under both


def test_the_system_box_of_an_export_read_for_a_user_says_nothing_of_the_curation(qtbot, window, tmp_path):
    entries = {name: data for name, data in project_entries().items() if not name.startswith("curation/")}
    export = zipped(tmp_path / "export.zip", entries)
    setup = window.setup
    setup.set_method("spans")
    setup.set_paths(export, export)
    user = setup.panel.editors["system_user"]
    qtbot.waitUntil(lambda: "ben" in user.suggestions(), timeout=20_000)
    user.combo.setCurrentIndex(user.combo.findText("ben"))
    user.combo.textActivated.emit("ben")
    system = setup.fields["system"]
    qtbot.waitUntil(lambda: "reads the annotations of ben" in system.status.text(), timeout=20_000)
    qtbot.waitUntil(lambda: not setup.looking, timeout=20_000)
    assert not system.error_text and NO_CURATION in setup.fields["gold"].error_text


def test_a_system_user_named_for_one_annotators_file_is_said_in_its_box_before_the_run(qtbot, window, tmp_path):
    for name in ("gold", "system"):  # a brat pair, chosen after an export's System user was set
        (tmp_path / f"{name}.txt").write_text("Anna met Ki.\n", encoding="utf-8")
        (tmp_path / f"{name}.ann").write_text("T1\tPER 0 4\tAnna\n", encoding="utf-8")
    setup = window.setup
    setup.set_method("spans")
    user = setup.panel.editors["system_user"]
    user.set_value("ben")
    user.changed.emit()
    setup.set_paths(str(tmp_path / "gold.ann"), str(tmp_path / "system.ann"))
    system = setup.fields["system"]
    qtbot.waitUntil(lambda: "for the option System user 'ben'" in system.error_text, timeout=10_000)
    assert not setup.fields["gold"].error_text  # was "press Evaluate", and the run said it
    assert window.summary.text().startswith("The system file cannot be read as set")


def test_a_message_about_another_boxs_file_names_it_by_its_whole_path():
    """The Second system's box may show a message about the gold's file (the second run
    stops on it): named by its name alone it would read as the box's own file."""
    from engine.errors import InputError
    from gui.dialogs import input_error_text

    err = InputError("a document named 'zz'", "none", file="/data/gold/corpus")
    assert input_error_text(err, box="/data/b/corpus") == "/data/gold/corpus: expected a document named 'zz', found none"
    assert input_error_text(err, box="/data/gold/corpus") == "corpus: expected a document named 'zz', found none"



def test_an_option_the_file_cannot_take_keeps_its_labels_in_the_box(qtbot, window, shown, tmp_path):
    """A System user left set on a one-annotator file: the box says the option's message
    before the run, and what the file holds is still read (the labels were dropped)."""
    setup = window.setup
    files = []
    for name, tag in (("gold", "B-ORG"), ("system", "B-XYZ")):
        files.append(tmp_path / f"{name}.conll")
        files[-1].write_text(f"EU\t{tag}\nrejects\tO\n\nPeter\tB-PER\n", encoding="utf-8")
    setup.set_method("spans")
    user = setup.panel.editors["system_user"]
    user.set_value("ben")
    user.changed.emit()
    setup.set_paths(*map(str, files))
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)
    assert "System user 'ben'" in setup.fields["system"].error_text
    assert not setup.fields["gold"].error_text
    assert setup.contents["system"].labels == ["PER", "XYZ"]


def test_a_folder_clueval_reads_with_the_span_readers_is_no_error_in_its_box(qtbot, window, tmp_path, capsys):
    """CLUEval reads a folder of CoNLL-2003 files with the span readers: its boxes list the
    labels, as the run scores it (review63: 'expected a file, found a folder' in red); a
    folder of vertical files, which its run refuses, stays red, with the run's message."""
    conll, vrt = tmp_path / "conll", tmp_path / "vrt"
    for folder in (conll, vrt):
        folder.mkdir()
    (conll / "news.conll").write_text("U.N. NNP I-NP I-ORG\nofficial NN I-NP O\n", encoding="utf-8")
    (vrt / "a.vrt").write_text("<s>\nJohn\tB-PER\nran\tO\n</s>\n", encoding="utf-8")
    setup = window.setup
    setup.set_method("clueval")
    setup.set_paths(str(conll), str(conll))
    gold, system = setup.fields["gold"], setup.fields["system"]
    qtbot.waitUntil(lambda: all("labels: ORG" in box.status.text() for box in (gold, system)), timeout=10_000)
    assert not gold.error_text and not system.error_text
    assert main(["clueval", str(conll), str(conll)]) == 0
    setup.set_paths(str(vrt), str(vrt))
    qtbot.waitUntil(lambda: gold.error_text.startswith(f"{vrt}: expected a file of vertical text"), timeout=10_000)
    assert main(["clueval", str(vrt), str(vrt)]) == 2
    assert capsys.readouterr().err.endswith(f"spanstudio: error: {gold.error_text}\n")


def _settle(qtbot, setup) -> None:
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)


def test_a_folder_is_red_in_its_box_where_one_run_reads_it_with_clueval_own_reader(qtbot, window, tmp_path, capsys):
    """CLUEval with a Second system: the gold folder is read with the span readers beside the
    Second's CoNLL-2003 folder, but with CLUEval's own reader beside the system's folder of
    token TAB tag files, and that run refuses a folder: the gold box says so (review65 F4), as
    that run does (review65 F6)."""
    gold, system, second = tmp_path / "g", tmp_path / "s", tmp_path / "b"
    for folder in (gold, system, second):
        folder.mkdir()
        (folder / "news.conll").write_text("U.N.\tB-ORG\nofficial\tO\n", encoding="utf-8")
    (second / "news.conll").write_text("U.N. NNP I-NP B-ORG\nofficial NN I-NP O\n", encoding="utf-8")
    setup = window.setup
    setup.set_method("clueval")
    setup.second.set_path(str(second))
    setup.set_paths(str(gold), str(system))
    _settle(qtbot, setup)
    assert setup.fields["gold"].error_text.startswith(f"{gold}: expected a file of vertical text")
    assert not setup.second.error_text
    assert main(["clueval", str(gold), str(system)]) == 2
    assert capsys.readouterr().err == f"spanstudio: error: {setup.fields['gold'].error_text}\n"


def test_a_folder_clueval_reads_with_the_span_readers_is_never_red_meanwhile(qtbot, window, tmp_path, monkeypatch):
    """Its first look finds that the run reads it with the span readers: its box is not red
    until what it offers is read (review65 F5: 'found a folder' until then)."""
    from gui.inputs import FileField

    folder = tmp_path / "news"
    folder.mkdir()
    (folder / "a.conll").write_text("U.N. NNP I-NP B-ORG\nofficial NN I-NP O\n", encoding="utf-8")
    said, real = [], FileField.show_error

    def show_error(box: FileField, text: str, *more, **named) -> None:
        said.append(text)
        real(box, text, *more, **named)

    monkeypatch.setattr(FileField, "show_error", show_error)
    setup = window.setup
    setup.set_method("clueval")
    setup.set_paths("", "")  # the example's files out: the folder beside none, then beside itself
    _settle(qtbot, setup)
    said.clear()
    setup.set_paths(str(folder), str(folder))
    _settle(qtbot, setup)
    qtbot.waitUntil(lambda: "labels: ORG" in setup.fields["system"].status.text(), timeout=10_000)
    assert [text for text in said if str(folder) in text] == []


def test_a_runs_message_goes_once_an_option_changes(qtbot, window, tmp_path):
    """The run stops on a folder's second file, which its box's look reads too (it said so before
    the run); its message stays in the box until the option it names is set (review65 F3: it
    stayed after)."""
    gold, system = tmp_path / "gold", tmp_path / "system"
    tokens = "U.N. NNP I-NP B-ORG\nofficial NN I-NP O\n\nHe PRP O O\nsaid VBD O O\n"
    for folder in (gold, system):
        folder.mkdir()
        (folder / "a.conll").write_text(tokens, encoding="utf-8")
    (gold / "b.conll").write_text(tokens, encoding="utf-8")
    (system / "b.conll").write_text(tokens.replace("said VBD O O", "said VBD O I-ORG"), encoding="utf-8")
    window.setup.set_method("spans")
    window.setup.set_paths(str(gold), str(system))
    _settle(qtbot, window.setup)
    box = window.setup.fields["system"]
    assert box.error_text.startswith(f"{system / 'b.conll'}:5: expected IOB2")  # before the run
    evaluate(qtbot, window)
    assert box.error_text.startswith(f"{system / 'b.conll'}:5: expected IOB2")
    reading = window.setup.panel.editors["reading"]
    reading.set_value("conlleval")
    reading.changed.emit()
    _settle(qtbot, window.setup)
    assert not box.error_text
    assert main(["spans", str(gold), str(system), "--reading", "conlleval"]) == 0
