"""A file box lists each BIO column's labels as the reader the run reads the file with reads
them: CLUEval reads its own .vrt itself, where an I-X after O opens a span (specs/clueval.md
C1); the span methods read it strictly (IOB2 by default) and refuse such a column. One read of
the file holds both readings; a method change chooses again without reading it again."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

import gui.setup_panel
from engine.formats.standoff import ReadOptions
from gui.file_contents import Contents, read_contents
from tests.conftest import conformance

BIO = str(conformance("clueval") / "data" / "fiktives-urteil-p1.bio")  # an I-anon after an O
#: What the runs reading the file with the span readers (strict IOB2) stop on: its last column.
STOPS = ":2034: expected IOB2: O, B-X, or I-X after B-X or I-X of the same X, found 'I-niedrig' after 'O'"


def _settled(qtbot, setup) -> None:
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)


def _lines(qtbot, setup, method: str) -> list[str]:
    """Each box's format line once the method is chosen and its look has shown."""
    setup.set_method(method)
    _settled(qtbot, setup)
    return [setup.fields[side].status.text() for side in ("gold", "system")]


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """The files whose contents a look reads from now on (as test_pair_errors counts them)."""
    read: list[str] = []

    def counted(path: str, *args):
        read.append(path)
        return read_contents(path, *args)

    monkeypatch.setattr(gui.setup_panel, "read_contents", counted)
    return read


def test_clueval_lists_each_columns_labels_as_its_own_reader_reads_them(qtbot, window, reads):
    """Every column was listed empty for CLUEval, read as the span methods read it; spans
    lists the strict reading's again, and CLUEval its own, the file read once."""
    setup = window.setup
    setup.set_method("clueval")
    setup.set_paths(BIO, BIO)
    for line in _lines(qtbot, setup, "clueval"):
        assert "column 1 labels: anon · column 2 labels: address-idx, address-name" in line
        assert line.endswith("column 3 labels: hoch, mittel, niedrig")
    assert reads.count(BIO) == 1  # both boxes served by one look
    clueval = _lines(qtbot, setup, "clueval")
    assert all(line.startswith(Path(BIO).name + STOPS) for line in _lines(qtbot, setup, "spans"))  # review57 F3
    assert _lines(qtbot, setup, "clueval") == clueval
    assert reads.count(BIO) == 1  # chosen again on each method change, the file not read again


def test_clueval_keeps_its_labels_when_all_layers_are_named(qtbot, window, reads):
    """The advice's "Name all 3" sets the option Layers; the lines stay, nothing read again."""
    setup = window.setup
    setup.set_method("clueval")
    setup.set_paths(BIO, BIO)
    clueval = _lines(qtbot, setup, "clueval")
    assert all("column 1 labels: anon" in line for line in clueval)
    qtbot.mouseClick(setup.advice_button, Qt.MouseButton.LeftButton)
    _settled(qtbot, setup)
    assert setup.panel.options().layers == ("span", "layer2", "layer3")
    assert not setup.advice.isVisible()
    assert [setup.fields[side].status.text() for side in ("gold", "system")] == clueval
    assert reads.count(BIO) == 1


def test_clueval_beside_a_brat_gold_lists_the_span_readers_labels(qtbot, window, tmp_path):
    """Beside a brat gold CLUEval's run reads the .vrt with the span readers, which refuse its
    last column: its box says so, as the run does (it listed the strict reading's empty columns)."""
    (tmp_path / "doc.txt").write_text("EU rejects German call\n", encoding="utf-8")
    (tmp_path / "doc.ann").write_text("T1\tORG 0 2\tEU\n", encoding="utf-8")
    setup = window.setup
    setup.set_method("clueval")
    setup.set_paths(str(tmp_path / "doc.ann"), BIO)
    _settled(qtbot, setup)
    assert setup.fields["system"].error_text.startswith(BIO + STOPS)  # in red, as the run stops (review57 F3)


def test_a_file_of_one_bio_column_lists_cluevals_labels_and_says_where_the_span_readers_stop(
    qtbot, window, tmp_path, reads
):
    """One BIO column with an I-X after O: CLUEval's run reads anon, spans stops on line 6
    (strict IOB2). The boxes listed no label under CLUEval, and no message under spans (review57
    F1, F3); each is chosen again on a method change, the file read once."""
    path = tmp_path / "one.vrt"
    path.write_text('<text id="t1">\n<s>\nAMTSGERICHT\tB-anon\nERLANGEN\tI-anon\n--\tO\nAz\tI-anon\n</s>\n</text>\n')
    setup = window.setup
    setup.set_method("clueval")
    setup.set_paths(str(path), str(path))
    boxes = [setup.fields[side] for side in ("gold", "system")]
    for method in ("clueval", "spans", "clueval"):
        lines = _lines(qtbot, setup, method)
        if method == "clueval":
            assert all(line.endswith("with BIO columns · labels: anon") for line in lines)
            assert not any(box.error_text for box in boxes)
        else:
            assert all(box.error_text.startswith(str(path) + ":6: expected IOB2") for box in boxes)
    assert reads.count(str(path)) == 1


def test_clueval_lists_its_labels_with_a_scheme_set(qtbot, window, reads):
    """A Scheme set for the span readers (which CLUEval ignores reading its own file): the
    boxes listed nothing under CLUEval (the look read the file's spans for the message only,
    and kept the message alone); spans says where it stops."""
    setup = window.setup
    setup.set_method("clueval")
    setup.set_paths(BIO, BIO)
    _settled(qtbot, setup)
    editor = setup.panel.editors["scheme"]
    editor.set_value("IOB2")
    editor.changed.emit()
    _settled(qtbot, setup)
    for line in [setup.fields[side].status.text() for side in ("gold", "system")]:
        assert line.endswith("column 3 labels: hoch, mittel, niedrig")
    assert reads.count(BIO) == 2  # once as the Scheme was not set, once with it: both boxes
    assert all(line.startswith(Path(BIO).name + STOPS) for line in _lines(qtbot, setup, "spans"))


def test_an_empty_label_and_one_with_spaces_are_seen_in_the_lists():
    """CLUEval stores B-I- as the label "" and a tag with spaces as written: the list showed
    nothing where "" was (review58 #2), and spaces no one sees."""
    contents = Contents("x.vrt", opening_columns=[["", " LOC", "PER"], ["x"]], columns=[[], ["x"]])
    assert contents.summary(opening=True) == 'column 1 labels: "", " LOC", PER · column 2 labels: x'


def test_faireval_conll2000_lists_the_labels_its_own_reader_reads(qtbot, window, tmp_path, capsys):
    """FairEval's CoNLL-2000 file, an I-VP after B-NP: FairEval reads it with its own reader
    (a B- opens a span, the I- after it goes on with it whatever its label), its run scores
    it, and its boxes list the labels of the spans it reads (NP alone, as its run's tables);
    the span methods read its tags strictly, and their boxes say where their run stops
    (review62 F2: they listed the labels, and the run stopped)."""
    from engine.cli import main

    path = tmp_path / "chunks.txt"
    path.write_text("EU NNP B-NP\nrejects VBZ I-VP\ncalls VBZ B-NP\n\n", encoding="utf-8")
    setup = window.setup
    setup.set_method("faireval")
    setup.set_paths(str(path), str(path))
    assert all(line.endswith("labels: NP") for line in _lines(qtbot, setup, "faireval"))
    assert main(["faireval", str(path), str(path)]) == 0
    scores = capsys.readouterr().out  # the labels of its spans: the boxes' list
    assert "\nNP\t2\t0\t0\t" in scores and "VP" not in scores
    stops = f"{path}:2: expected IOB2: O, B-X, or I-X after B-X or I-X of the same X, found 'I-VP' after 'B-NP'"
    _lines(qtbot, setup, "spans")
    assert all(setup.fields[side].error_text.startswith(stops) for side in ("gold", "system"))
    assert main(["spans", str(path), str(path)]) == 2


def test_a_conll_file_the_run_refuses_is_said_in_the_system_and_second_boxes(qtbot, window, tmp_path, capsys):
    """A CoNLL file whose tags break the scheme detected (an I-PER after O, read strictly):
    the System and Second system boxes say where the run stops, before any run (review62 F2:
    neither said it); with the Reading set to conlleval it is read, and the boxes list its labels."""
    from engine.cli import main

    gold, system = tmp_path / "gold.conll", tmp_path / "system.conll"
    gold.write_text("John\tB-PER\nran\tO\n\nMary\tB-PER\nsat\tO\n", encoding="utf-8")
    system.write_text("John\tB-PER\nran\tO\n\nMary\tI-PER\nsat\tO\n", encoding="utf-8")
    setup = window.setup
    setup.set_method("spans")
    setup.set_paths(str(gold), str(system))
    setup.second.set_path(str(system))
    _settled(qtbot, setup)
    assert main(["spans", str(gold), str(system)]) == 2
    said = capsys.readouterr().err.removeprefix("spanstudio: error: ").strip()
    assert said.startswith(f"{system}:4: expected IOB2")
    boxes = (setup.fields["system"], setup.second)
    assert [box.error_text for box in boxes] == [said.replace("--reading conlleval", "Reading set to conlleval")] * 2
    assert not setup.fields["gold"].error_text
    reading = setup.panel.editors["reading"]
    reading.set_value("conlleval")
    reading.changed.emit()
    _settled(qtbot, setup)
    assert not any(box.error_text for box in boxes)
    assert all(box.status.text().endswith("labels: PER") for box in boxes)


def test_clueval_says_where_its_run_stops_on_a_tag_it_refuses(qtbot, window, tmp_path, reads):
    """B-O (C9) stops CLUEval's run: its boxes listed the other labels, without red (review59
    F2); they say the run's message for the columns the Layers option names, the file read once;
    spans reads the file and lists its labels."""
    from engine.errors import InputError
    from engine.methods import get_method

    path = tmp_path / "bo.vrt"
    path.write_text("<s>\na\tB-PER\tO\nb\tO\tB-x\nc\tO\tB-O\nd\tO\tO\n</s>\n", encoding="utf-8")
    clueval = get_method("clueval")
    with pytest.raises(InputError) as run:
        clueval.evaluate(str(path), str(path), dataclasses.replace(clueval.Options(), layers=("a", "b")))
    setup = window.setup
    setup.set_method("clueval")
    setup.set_paths(str(path), str(path))
    boxes = [setup.fields[side] for side in ("gold", "system")]
    assert all(line.endswith("column 1 labels: PER · column 2 labels: x") for line in _lines(qtbot, setup, "clueval"))
    assert not any(box.error_text for box in boxes)  # the run reads column 1 alone: it takes every tag
    editor = setup.panel.editors["layers"]
    editor.set_value(("a", "b"))
    editor.changed.emit()
    _settled(qtbot, setup)
    assert all(box.error_text == str(run.value) for box in boxes)
    _lines(qtbot, setup, "spans")
    assert not any(box.error_text for box in boxes)
    assert reads.count(str(path)) == 1


def test_clueval_lists_the_labels_of_a_file_no_format_recognises_which_its_run_reads(qtbot, window, tmp_path):
    """No <s> lines and a first column of no BIO tags: no format recognises the file, which
    CLUEval's run reads itself (its one own format, whatever the name) and scores; its boxes said
    "not recognised" (review59 F1). They list its labels as CLUEval reads them, or say in red
    where its run stops (an empty file); spans and FairEval still recognise no format."""
    odd, empty = tmp_path / "odd.vrt", tmp_path / "empty.vrt"
    odd.write_text("w0\tLOC\tO\nw1\tPER\tB-x\nw2\t_\tO\nw3\to\tB-x\nw4\tO\tO\n", encoding="utf-8")
    empty.write_text("", encoding="utf-8")
    setup = window.setup
    setup.set_method("clueval")
    setup.set_paths(str(odd), str(odd))
    boxes = [setup.fields[side] for side in ("gold", "system")]
    for line in _lines(qtbot, setup, "clueval"):
        assert line == "Format: not recognised, read as Vertical text (.vrt) with BIO columns · labels: LOC, PER, _, o"
    assert not any(box.error_text for box in boxes)
    for method in ("spans", "faireval"):
        assert all(line.startswith("Format: not recognised — ") for line in _lines(qtbot, setup, method))
    setup.set_method("clueval")
    setup.set_paths(str(empty), str(empty))
    _settled(qtbot, setup)
    said = f"{empty}: expected at least one token line (token TAB tag), found an empty file"
    assert all(box.error_text == said for box in boxes)  # as the run stops
    assert all(line.startswith("Format: not recognised — ") for line in _lines(qtbot, setup, "spans"))


def test_a_file_of_another_methods_own_format_is_not_read_as_vertical_text(monkeypatch):
    """A ProPara action file is recognised (CLUEval's run refuses it before reading): it is
    not read whole as vertical text for CLUEval's lists (a 123 MB one took 2.8 s a look)."""
    from engine.formats import detect, vrt

    path = str(conformance("propara") / "testfiles-0" / "answers.tsv")
    assert detect(path) == "ProPara action file"

    def unread(*_args):
        raise AssertionError("read as vertical text")

    monkeypatch.setattr(vrt, "column_readings", unread)
    assert read_contents(path, ReadOptions()).read_as == ""


def test_a_look_reads_a_conll_files_columns_once(monkeypatch, tmp_path):
    """A look lists a CoNLL file's labels and reads its spans (for where the run stops): its
    columns are read once for both (engine.formats.conll.COLUMN_FILES), anew by the next look."""
    from engine.formats.conll import ColumnFile

    path = tmp_path / "news.conll"
    path.write_text("John\tB-PER\nran\tO\n", encoding="utf-8")
    reads, real = [], ColumnFile._read.__func__

    def counted(cls, *args):
        reads.append(args[0])
        return real(cls, *args)

    monkeypatch.setattr(ColumnFile, "_read", classmethod(counted))
    for _ in range(2):
        assert read_contents(str(path), ReadOptions()).labels == ["PER"]
    assert reads == [str(path)] * 2
