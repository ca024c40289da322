"""A file box's look at its file is keyed by what its result depends on: the file, the format
and reader options its side is read with, and the side its messages name (as a run reads it:
span_options.side_options, one file told by same_inputs.same_path). Boxes whose looks are
alike share one read; where the side named differs, each box's message names its own option;
contents without a message are alike for every side, and serve a box whose side named changed."""

from __future__ import annotations

import threading

import pytest

import gui.setup_panel

from .test_side_schemes import IOB1_COLUMNS, _choose

#: The same sentence in IOB2: read as IOB2, it holds no message.
IOB2_COLUMNS = IOB1_COLUMNS.replace("n NNP I-PER", "n NNP B-PER").replace("s NNP I-LOC", "s NNP B-LOC")
#: The ways on a box gives for IOB1 tags read as IOB2: the option of both sides, of one side.
BOTH, GOLD, SYSTEM = (f"read them with {name} set to IOB1" for name in ("Scheme", "Gold scheme", "System scheme"))  # fmt: skip


@pytest.fixture
def reads(monkeypatch) -> list[tuple[str, str]]:
    """The looks at the files' contents: (path, the side its messages name) each, in order."""
    read, real = [], gui.setup_panel.read_contents

    def counted(path, options, format=None, looked=None, own_stops=False, spans=True):
        read.append((path, options.side))
        return real(path, options, format, looked, own_stops, spans)

    monkeypatch.setattr(gui.setup_panel, "read_contents", counted)
    return read


@pytest.fixture
def files(tmp_path) -> tuple[str, str, str]:
    """A file of IOB1 tags, one of IOB2 tags (both CoNLL columns), and another of IOB2 tags."""
    paths = (tmp_path / "iob1.txt", tmp_path / "iob2.txt", tmp_path / "other.txt")
    for path, text in zip(paths, (IOB1_COLUMNS, IOB2_COLUMNS, IOB2_COLUMNS), strict=True):
        path.write_text(text, encoding="utf-8")
    return str(paths[0]), str(paths[1]), str(paths[2])


def _conll_as_iob2(window):
    """The setup panel, the span method chosen, its inputs read as CoNLL columns in IOB2."""
    setup = window.setup
    setup.set_method("spans")
    setup.panel.editors["format"].set_value("conll")
    setup.panel.editors["format"].changed.emit()
    _choose(setup.panel, "scheme", "IOB2")
    return setup


def _settled(qtbot, setup, *said: str) -> None:
    """Wait until the gold's and the system's boxes end their messages as `said` and no look is left."""
    boxes = (setup.fields["gold"], setup.fields["system"])
    qtbot.waitUntil(lambda: all(box.error_text.endswith(end) for box, end in zip(boxes, said, strict=True)),
                    timeout=10_000)  # fmt: skip
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)


def test_one_file_in_both_boxes_is_read_once_for_both_sides(qtbot, window, files, reads):
    setup = _conll_as_iob2(window)
    iob1 = files[0]
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    reads.clear()
    setup.set_paths(iob1, iob1)
    _settled(qtbot, setup, BOTH, BOTH)
    assert reads[-1] == (iob1, "") and reads.count((iob1, "")) == 1


def test_one_file_with_an_option_of_one_side_names_each_sides_option(qtbot, window, files, reads, cli):
    """The system's own scheme (the same as both sides'): the system's box names its own
    option, the gold's the option of both, as the run's message for the gold does."""
    iob1 = files[0]
    run = cli("spans", iob1, iob1, "--format", "conll", "--scheme", "IOB2", "--system-scheme", "IOB2")
    assert run.code == 2 and run.err.endswith("its tags fit IOB1: read them with --scheme IOB1\n")
    setup = _conll_as_iob2(window)
    _choose(setup.panel, "system_scheme", "IOB2")
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    reads.clear()
    setup.set_paths(iob1, iob1)
    _settled(qtbot, setup, BOTH, SYSTEM)
    assert sorted(set(reads) - {(iob1, "gold")}) == [(iob1, ""), (iob1, "system")]
    reads.clear()
    _choose(setup.panel, "gold_scheme", "IOB2")  # each side its own: alike but for the side named
    _settled(qtbot, setup, GOLD, SYSTEM)
    assert sorted(reads) == [(iob1, "gold")]  # the system's look unchanged: not read again


def test_a_box_names_its_own_option_once_the_other_box_holds_another_file(qtbot, window, files, reads):
    iob1, _iob2, other = files
    setup = _conll_as_iob2(window)
    setup.set_paths(iob1, iob1)
    _settled(qtbot, setup, BOTH, BOTH)
    reads.clear()
    setup.fields["gold"].set_path(other)
    _settled(qtbot, setup, "", SYSTEM)
    assert sorted(reads) == [(iob1, "system"), (other, "gold")]
    reads.clear()
    setup.fields["gold"].set_path(iob1)  # one file again: both boxes of it
    _settled(qtbot, setup, BOTH, BOTH)
    assert reads == []  # the first look's contents, kept while the system's box held the file


def test_contents_without_a_message_serve_a_box_whose_side_named_changed(qtbot, window, files, reads):
    _iob1, iob2, other = files
    setup = _conll_as_iob2(window)
    setup.set_paths(iob2, iob2)
    _settled(qtbot, setup, "", "")
    labels = setup.fields["system"].contents_text
    reads.clear()
    setup.fields["gold"].set_path(other)  # the system's box now names its own side: nothing else changed
    _settled(qtbot, setup, "", "")
    assert reads == [(other, "gold")] and setup.fields["system"].contents_text == labels


def test_a_look_running_for_one_box_serves_the_other_where_it_holds_no_message(qtbot, window, files, reads,
                                                                              monkeypatch):  # fmt: skip
    """The system's box looks at a file (held on the worker) named for the system alone; the
    gold's box takes the same file meanwhile, and both now name both sides: the look running
    has no message, and serves both boxes (no second read)."""
    _iob1, iob2, other = files
    setup = _conll_as_iob2(window)
    setup.set_paths(other, "")
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    gate, read = threading.Event(), gui.setup_panel.read_contents
    monkeypatch.setattr(gui.setup_panel, "read_contents", lambda *args: gate.wait(20) and read(*args))
    reads.clear()
    setup.fields["system"].set_path(iob2)
    setup.fields["gold"].set_path(iob2)
    gate.set()
    qtbot.waitUntil(lambda: all(field.contents_text for field in setup.fields.values()), timeout=10_000)
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    assert reads == [(iob2, "system")]
    assert setup.fields["gold"].contents_text == setup.fields["system"].contents_text != ""


def test_a_look_at_a_file_written_again_meanwhile_is_not_shown(qtbot, window, files, monkeypatch):
    """Make Gold writes over the gold's file while a look at it runs (look_again): the box
    shows the file as written, never first as it was (that look's result is not its own)."""
    _iob1, iob2, other = files
    setup = _conll_as_iob2(window)
    setup.set_paths(other, other)
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    gate, read = threading.Event(), gui.setup_panel.read_contents
    monkeypatch.setattr(gui.setup_panel, "read_contents", lambda *args: (read(*args), gate.wait(20))[0])
    shown: list[list[str]] = []
    setup.contents_read.connect(lambda side: side == "gold" and shown.append(setup.contents["gold"].labels))
    setup.fields["gold"].set_path(iob2)  # read, then held
    with open(iob2, "w", encoding="utf-8") as file:
        file.write(IOB2_COLUMNS.replace("-PER", "-ORG"))
    setup.look_again("gold")
    gate.set()
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    assert shown == [["LOC", "ORG"]]


def test_both_boxes_of_a_file_written_again_read_it_as_written(qtbot, window, files, monkeypatch):
    """Make Gold writes over a file both boxes hold, each read for its own side (the System
    scheme set): the other box's look, held meanwhile, is not lost, and both boxes show the
    file as written (review38: the system box stayed empty)."""
    _iob1, iob2, other = files
    setup = _conll_as_iob2(window)
    _choose(setup.panel, "system_scheme", "IOB2")
    setup.set_paths(other, other)
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    gate, read = threading.Event(), gui.setup_panel.read_contents
    monkeypatch.setattr(gui.setup_panel, "read_contents", lambda *args: (read(*args), gate.wait(20))[0])
    setup.set_paths(iob2, iob2)  # two looks (each side's options), held
    with open(iob2, "w", encoding="utf-8") as file:
        file.write(IOB2_COLUMNS.replace("-PER", "-ORG"))
    setup.look_again("gold")
    gate.set()
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    qtbot.waitUntil(lambda: all(setup.contents.get(side) for side in ("gold", "system")), timeout=10_000)
    assert [setup.contents[side].labels for side in ("gold", "system")] == [["LOC", "ORG"]] * 2


@pytest.mark.parametrize("by", ["dots", "link"])
def test_a_box_holding_the_rewritten_file_by_another_path_reads_it_again(qtbot, window, files, tmp_path, by):
    """Make Gold writes over the gold's file, which the system's box holds by another path
    (`sub/../iob2.txt`, a symbolic link): that box reads the file as written too (its path's
    text was compared: its labels stayed the old ones)."""
    _iob1, iob2, _other = files
    (tmp_path / "sub").mkdir()
    other_path = str(tmp_path / "sub" / ".." / "iob2.txt")
    if by == "link":
        other_path = str(tmp_path / "linked.txt")
        (tmp_path / "linked.txt").symlink_to(iob2)
    setup = _conll_as_iob2(window)
    setup.set_paths(iob2, other_path)
    qtbot.waitUntil(lambda: all(setup.contents.get(side) for side in ("gold", "system")), timeout=10_000)
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    assert setup.contents["system"].labels == ["LOC", "PER"]
    with open(iob2, "w", encoding="utf-8") as file:
        file.write(IOB2_COLUMNS.replace("-PER", "-ORG"))
    setup.look_again("gold")
    qtbot.waitUntil(lambda: not setup.looking, timeout=10_000)
    qtbot.waitUntil(lambda: all(setup.contents.get(side) for side in ("gold", "system")), timeout=10_000)
    assert [setup.contents[side].labels for side in ("gold", "system")] == [["LOC", "ORG"]] * 2


def test_a_file_written_over_since_its_first_look_is_looked_at_anew_on_an_option_change(qtbot, window, tmp_path):
    """A system.json of CoNLL lines, then written over by a Label Studio export outside the
    app: once an option changes, its box reads it as the export (its users listed, no red
    CoNLL message), as the command line does; it was read with its first look's head and format."""
    import json

    from tests.engine.test_agreement_exports import LABEL_STUDIO

    setup = window.setup
    setup.set_method("spans")
    setup.panel.reset()
    gold, system = tmp_path / "gold.conll", tmp_path / "system.json"
    for path in (gold, system):
        path.write_text("EU B-ORG\nrejects O\n", encoding="utf-8")
    setup.set_paths(str(gold), str(system))
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)
    system.write_text(json.dumps(LABEL_STUDIO), encoding="utf-8")  # exported again, in place
    editor = setup.panel.editors["system_user"]
    editor.set_value("ben@example.org")
    editor.changed.emit()
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)
    box = setup.fields["system"]
    assert "ben@example.org" in setup.contents["system"].choices.get("user", []), box.error_text
    assert not box.error_text
    assert "Label Studio" in box.status.text(), box.status.text()
