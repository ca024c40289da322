"""The setup panel fills the layer and feature drop-downs from the chosen file, and says in
the file boxes of a method that cannot read it which methods do."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from gui.style import ERROR_COLOUR

from .conftest import evaluate

DATA = Path(__file__).parent.parent / "data" / "formats"
TSV = str(DATA / "webanno-tsv" / "example2.tsv")  # two span layers: POS and NamedEntity
DOCCANO = str(DATA / "doccano" / "export-sequence_labeling.jsonl")
POS = "de.tudarmstadt.ukp.dkpro.core.api.lexmorph.type.pos.POS"
NE = "de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity"


def _read(qtbot, setup, gold: str, system: str) -> None:
    with qtbot.waitSignal(setup.contents_read, timeout=20_000, check_params_cb=lambda side: side == "gold"):
        setup.set_paths(gold, system)


def test_a_tsv_with_two_layers_fills_the_layer_and_feature_drop_downs(qtbot, window):
    setup = window.setup
    setup.set_method("spans")
    _read(qtbot, setup, TSV, TSV)
    layer, feature = setup.panel.editors["gold_layer"], setup.panel.editors["gold_feature"]
    assert layer.suggestions() == [POS, NE]
    assert feature.suggestions() == ["value"]  # the default layer's (named entities)
    layer.combo.setCurrentIndex(0)
    layer.combo.textActivated.emit(POS)  # as a click on the item
    assert setup.panel.options().gold_layer == POS
    assert feature.suggestions() == ["PosValue"]
    assert "layers: POS, NamedEntity" in setup.fields["gold"].status.text()


def test_every_method_stays_choosable_and_the_file_boxes_say_which_read_the_files(qtbot, window, shown):
    setup = window.setup
    setup.set_paths(DOCCANO, DOCCANO)
    model = setup.method_box.model()
    assert all(model.item(row).isEnabled() for row in range(model.rowCount()))  # none greyed
    row = setup.method_box.findData("starsem")
    reason = setup.method_box.itemData(row, Qt.ItemDataRole.ToolTipRole)
    assert "looks like doccano JSONL" in reason and "Exact spans or nervaluate read it" in reason
    for name in ("starsem", "propara", "poetry"):
        setup.set_method(name)  # chosen with the files in place
        for field in setup.fields.values():
            assert "looks like doccano JSONL" in field.error_text and "spanstudio" not in field.error_text
            assert "href='spans'" in field.status.text() and ERROR_COLOUR in field.status.styleSheet()
    assert not window.evaluate() and shown.switches  # Evaluate explains it and offers a switch
    setup.fields["gold"].status.linkActivated.emit("spans")
    assert setup.method.name == "spans"
    assert all(field.error_text == "" for field in setup.fields.values())


def _counted_looks(monkeypatch) -> list[tuple[str, bool]]:
    """The head reads the setup panel makes, in its look at a file or through check_input:
    (path, on the UI thread) each."""
    import threading

    import engine.formats.suggest
    import gui.inputs

    looks: list[tuple[str, bool]] = []

    def counted(read):
        def counting(path):
            looks.append((str(path), threading.current_thread() is threading.main_thread()))
            return read(path)

        return counting

    monkeypatch.setattr(gui.inputs, "head_bytes", counted(gui.inputs.head_bytes))
    monkeypatch.setattr(engine.formats.suggest, "input_lines", counted(engine.formats.suggest.input_lines))
    return looks


def test_each_chosen_file_is_looked_at_once_for_every_method(qtbot, window, monkeypatch):
    setup = window.setup
    looks = _counted_looks(monkeypatch)
    setup.set_paths(DOCCANO, DOCCANO)
    assert looks == [(DOCCANO, True), (DOCCANO, True)]  # once per side, for every method's tooltip and box
    row = setup.method_box.findData("starsem")
    assert "looks like doccano JSONL" in setup.method_box.itemData(row, Qt.ItemDataRole.ToolTipRole)
    setup.set_method("starsem")  # what was found serves the method chosen
    assert "looks like doccano JSONL" in setup.fields["gold"].error_text and len(looks) == 2


def test_a_large_file_is_looked_at_once_off_the_ui_thread_with_the_same_words(qtbot, window, monkeypatch):
    import gui.setup_panel

    setup = window.setup
    setup.set_method("starsem")
    setup.set_paths(DOCCANO, DOCCANO)
    said = {role: field.error_text for role, field in setup.fields.items()}
    tip = setup.method_box.itemData(setup.method_box.findData("starsem"), Qt.ItemDataRole.ToolTipRole)
    setup.set_paths("", "")
    looks = _counted_looks(monkeypatch)
    monkeypatch.setattr(gui.setup_panel, "LARGE_INPUT", 10)  # every file is large
    setup.set_paths(DOCCANO, DOCCANO)
    assert setup.fields["gold"].refusal is None  # not known yet: the boxes say nothing of it
    qtbot.waitUntil(lambda: all(field.refusal is not None for field in setup.fields.values()), timeout=20_000)
    assert looks == [(DOCCANO, False)]  # gold and system the same file: looked at once, shown in both
    assert {role: field.error_text for role, field in setup.fields.items()} == said
    assert setup.method_box.itemData(setup.method_box.findData("starsem"), Qt.ItemDataRole.ToolTipRole) == tip


def test_evaluating_with_a_chosen_layer_uses_it(qtbot, window):
    setup = window.setup
    setup.set_method("spans")
    _read(qtbot, setup, TSV, TSV)
    layer = setup.panel.editors["layer"]
    assert layer.suggestions() == [POS, NE]
    layer.edit.setText(POS)
    layer.edit.editingFinished.emit()
    evaluate(qtbot, window)
    labels = {span.label for span in window.report.gold_spans}
    assert {"NNP", "VBD"} <= labels and "PER" not in labels


def test_an_inception_tsv_against_a_doccano_jsonl_of_the_same_text(qtbot, window):
    """The README's pair: the system (doccano) moves a boundary, changes a label, misses an
    ORG and adds a span: 6 of the 9 gold spans found, 6 of the 9 system spans right."""
    mixed = DATA / "mixed"
    evaluate(qtbot, window, "spans", str(mixed / "example2-gold.tsv"), str(mixed / "example2-system.jsonl"))
    micro = window.report.data["classification_report"]["micro avg"]
    assert (micro["precision"], micro["recall"], micro["support"]) == (6 / 9, 6 / 9, 9)
    assert {row["type"] for row in window.report.error_rows} == {"FN", "FP"}


def test_choose_a_folder_opens_in_the_folder_of_the_file_chosen(window, tmp_path, monkeypatch):
    """Not with the file's name in the Directory box (Choose greyed out until it is cleared)."""
    folder = tmp_path / "gold"
    folder.mkdir()
    (folder / "a.conll").write_text("John B-PER\n", encoding="utf-8")
    starts = []
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda parent, title, start: starts.append(start))
    gold = window.setup.fields["gold"]
    gold.set_path(str(folder / "a.conll"))
    gold.browse_folder()
    gold.set_path(str(folder))
    gold.browse_folder()
    gold.set_path("")
    gold.browse_folder()  # none chosen: the last folder browsed
    assert starts == [str(folder), str(folder), gold.start_folder]


def test_the_looks_at_large_files_run_one_at_a_time_each_file_read_once(qtbot, window, monkeypatch):
    """Two looks at once would make the UI thread wait behind both for the interpreter's lock."""
    import threading
    import time

    import gui.file_contents
    import gui.setup_panel

    lock, running, most, read = threading.Lock(), [0], [0], []
    real = gui.file_contents.read_contents

    def counted(path, options, format=None, looked=None, own_stops=False, spans=True):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.05)  # long enough for a second look to start beside it, were it allowed
        read.append(path)
        with lock:
            running[0] -= 1
        return real(path, options, format, looked, own_stops, spans)

    monkeypatch.setattr(gui.setup_panel, "read_contents", counted)
    monkeypatch.setattr(gui.setup_panel, "LARGE_INPUT", 10)  # every file is large
    setup = window.setup
    setup.set_method("spans")  # looks again at whatever the window started with
    qtbot.waitUntil(lambda: not setup.looking, timeout=20_000)
    read.clear()
    setup.set_paths(TSV, TSV)
    qtbot.waitUntil(lambda: not setup.looking, timeout=20_000)
    assert read == [TSV] and "layers: POS, NamedEntity" in setup.fields["system"].status.text()
    setup.set_paths(DOCCANO, TSV)
    qtbot.waitUntil(lambda: not setup.looking, timeout=20_000)
    assert read == [TSV, DOCCANO] and most[0] == 1
    assert "labels:" in setup.fields["gold"].status.text()


def test_a_label_studio_file_names_its_labels_on_the_format_line(qtbot, window):
    """The sample's spans are all predictions: the format line names their labels and where
    they are (the side reads its annotations by default; it named no labels at all)."""
    setup = window.setup
    setup.set_method("spans")
    _read(qtbot, setup, str(DATA / "label-studio" / "tasks.json"), TSV)
    status = setup.fields["gold"].status.text()
    assert "layers: ner · labels (in its predictions: choose predictions under Source to read them): Date" in status


def test_a_label_studio_file_of_predictions_alone_says_which_option_reads_them(qtbot, window):
    """Seen at 1280x720: the box said 'labels (in its predictions): Date' and nothing more; a
    first evaluation then stopped (no task with the gold's annotation). The box names the
    step: the Source list (Gold source, System source) set to predictions."""
    setup = window.setup
    setup.set_method("spans")
    _read(qtbot, setup, str(DATA / "label-studio" / "tasks.json"), TSV)
    assert "choose predictions under Source" in setup.fields["gold"].status.text()
    assert "Source" in {spec.label for spec in setup.panel.specs}  # the control the box names


def test_a_vrt_with_two_bio_columns_names_the_labels_of_each(qtbot, window, tmp_path):
    """CLUEval evaluates the first column (or each, as layers) and the other methods the tag
    column: the format line named only the last column's labels."""
    vrt = tmp_path / "gold.vrt"
    vrt.write_text("Anna\tB-person\tB-hoch\nSchulz\tI-person\tI-hoch\nin\tO\tO\nErlangen\tB-address\tB-mittel\n",
                   encoding="utf-8")  # fmt: skip
    setup = window.setup
    setup.set_method("clueval")
    _read(qtbot, setup, str(vrt), str(vrt))
    status = setup.fields["gold"].status.text()
    assert "column 1 labels: address, person · column 2 labels: hoch, mittel" in status


def test_a_vrt_with_three_bio_columns_is_read_once_for_its_format_line(tmp_path, monkeypatch):
    """Each column's labels came from a reading of the whole file of its own, and the chosen
    column's from one more: k + 1 readings of a file of k columns."""
    from engine.formats import vrt
    from engine.formats.standoff import ReadOptions
    from gui.file_contents import read_contents

    path = tmp_path / "three.vrt"
    path.write_text("<s>\nAnna\tB-person\tB-hoch\tO\nSchulz\tI-person\tI-hoch\tB-x\n</s>\n", encoding="utf-8")
    real, readings = vrt.read_vrt, []
    monkeypatch.setattr(vrt, "read_vrt", lambda *args, **kw: readings.append(args[0]) or real(*args, **kw))
    contents = read_contents(str(path), ReadOptions())
    assert contents.columns == [["person"], ["hoch"], ["x"]]
    assert contents.labels == ["x"]  # the tag column: the last
    assert readings == [str(path)]
    assert read_contents(str(path), ReadOptions(tag_column=1)).labels == ["person"]


def test_a_vrt_counts_its_columns_as_the_engine_reads_them(tmp_path):
    """A clean BIO column beside one mixing bare and prefixed tags: the engine reads two columns
    (the second stopping with CoNLL's message), the app counted one (vrt.bio_columns) and
    offered no column's labels."""
    from engine.formats import vrt
    from engine.formats.standoff import ReadOptions
    from gui.file_contents import read_contents

    path = tmp_path / "mixed.vrt"
    path.write_text("<s>\nAnna\tB-person\tB-PER\nSchulz\tI-person\tLOC\nin\tO\tO\n</s>\n", encoding="utf-8")
    assert len(vrt.column_labels(str(path), ReadOptions())) == 2  # columns of tags read: 2
    assert read_contents(str(path), ReadOptions()).columns == [["person"], []]
    assert read_contents(str(path), ReadOptions(tag_column=1)).labels == ["person"]


def test_a_file_chosen_again_keeps_its_layers_and_labels_on_the_format_line(qtbot, window):
    """Choosing the same file again (Browse, a drop, the gold given again with a new system)
    cleared the box's layers and labels and never read them again: 'Format: WebAnno TSV'."""
    setup = window.setup
    setup.set_method("spans")
    _read(qtbot, setup, TSV, DOCCANO)
    assert "layers: POS, NamedEntity" in setup.fields["gold"].status.text()
    setup.set_paths(TSV, TSV)
    qtbot.waitUntil(lambda: not setup.looking, timeout=20_000)
    assert "layers: POS, NamedEntity" in setup.fields["gold"].status.text()
    assert "layers: POS, NamedEntity" in setup.fields["system"].status.text()
