"""A file box's reader message is red only where the run stops on it: FairEval and CLUEval
read their own formats themselves and the annotation tools' files through the span readers
where span_format_inputs says so, for the pair of inputs and the Format options; the box
judges its look's message so for the pair, and again (nothing read again) when the method,
the other box's file or the Format options change."""

from __future__ import annotations

from pathlib import Path

import pytest

import gui.setup_panel
from gui.file_contents import Contents
from gui.style import ERROR_COLOUR

#: The INCEpTION TSV suite's reference XMI files.
DATA = Path(__file__).parents[1] / "data" / "formats" / "webanno-tsv" / "tsv3-suite"
#: What the reader says of a user named for one annotator's file (its message's start).
ONE_ANNOTATOR = "expected an export of several annotators' work for the option System user 'ben'"


@pytest.fixture
def files(tmp_path) -> dict[str, str]:
    """A brat gold, CLUEval's own one-layer vertical file named .conll, a .vrt and a CoNLL-2000 file."""
    (tmp_path / "doc.txt").write_text("EU rejects German call\n", encoding="utf-8")
    (tmp_path / "doc.ann").write_text("T1\tORG 0 2\tEU\n", encoding="utf-8")
    written = {
        "own": ("own.conll", "EU\tB-ORG\nrejects\tO\n\nPeter\tB-PER\n"),
        "own2": ("own2.conll", "EU\tB-XYZ\nrejects\tO\n\nPeter\tB-PER\n"),
        "vrt": ("system.vrt", "EU\tB-ORG\nrejects\tO\n"),
        "chunks": ("chunks.txt", "EU NNP B-NP\nrejects VBZ B-VP\n\n"),
    }
    for name, text in written.values():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return {"brat": str(tmp_path / "doc.ann")} | {key: str(tmp_path / name) for key, (name, _) in written.items()}


def _set(qtbot, setup, name: str, value: str | None) -> None:
    """An option set as the user sets it (a text box's value is taken once edited)."""
    editor = setup.panel.editors[name]
    editor.set_value(value)
    editor.changed.emit()
    _settled(qtbot, setup)


def _settled(qtbot, setup) -> None:
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)


def _chosen(qtbot, setup, method: str, gold: str, system: str) -> None:
    """The method with a System user left set, and the two files."""
    setup.set_method(method)
    _set(qtbot, setup, "system_user", "ben")
    setup.set_paths(gold, system)
    _settled(qtbot, setup)


def _red(field) -> bool:
    """Whether the box says the reader's message about its file in red."""
    return field.error_text.startswith(f"{field.path}: {ONE_ANNOTATOR}") and ERROR_COLOUR in field.status.styleSheet()


def test_clueval_own_conll_with_a_system_user_left_set_is_not_red(qtbot, window, files):
    """Fault 1: CLUEval reads its own token TAB tag file itself; the run only warns that the
    System user is not used, so the box shows the file's labels and no red message."""
    setup = window.setup
    _chosen(qtbot, setup, "clueval", files["own"], files["own2"])
    system = setup.fields["system"]
    assert not system.error_text and not setup.fields["gold"].error_text
    assert "labels: PER, XYZ" in system.status.text()


@pytest.mark.parametrize(("method", "system"), [("clueval", "own"), ("clueval", "vrt"), ("faireval", "chunks")])
def test_a_brat_gold_makes_the_run_read_the_methods_own_file_with_the_span_readers(
    qtbot, window, files, method, system
):
    """Fault 2: with a brat gold the run reads both inputs through read_spans and stops on the
    System user of the method's own file (CLUEval's CoNLL or .vrt, FairEval's CoNLL-2000): its
    box says so (the file alone is read by the method itself)."""
    setup = window.setup
    _chosen(qtbot, setup, method, files["brat"], files[system])
    assert _red(setup.fields["system"]), setup.fields["system"].error_text
    assert not setup.fields["gold"].error_text


def test_the_other_boxs_file_judges_the_message_again(qtbot, window, files, monkeypatch):
    """CLUEval's own CoNLL system with a System user: red beside a brat gold, not beside
    CLUEval's own file, red again beside the brat gold; its file is not read again."""
    setup = window.setup
    _chosen(qtbot, setup, "clueval", files["brat"], files["own2"])
    system = setup.fields["system"]
    assert _red(system)
    read = []
    monkeypatch.setattr(gui.setup_panel, "read_contents", lambda path, *args: read.append(path) or Contents(path))
    for gold, red in ((files["own"], False), (files["brat"], True)):
        setup.fields["gold"].set_path(gold)
        _settled(qtbot, setup)
        assert _red(system) == red, (gold, system.error_text)
    assert files["own2"] not in read  # judged again from its look


def test_a_method_switch_judges_the_message_again(qtbot, window, files, monkeypatch):
    """A CoNLL-2000 file with a System user: spans reads it with the span readers (red);
    FairEval reads it itself and only warns (not red); back to spans, red again."""
    setup = window.setup
    for method in ("faireval", "spans"):
        _chosen(qtbot, setup, method, files["chunks"], files["chunks"])
    system = setup.fields["system"]
    assert _red(system)
    for method, red in (("faireval", False), ("spans", True), ("faireval", False)):
        setup.set_method(method)
        _settled(qtbot, setup)
        assert _red(system) == red, (method, system.error_text)


def test_a_format_chosen_judges_the_message_again(qtbot, window, files):
    """CLUEval's own CoNLL files with a System user: a Gold format naming CoNLL (not CLUEval's
    own) makes the run read both with the span readers, and it stops on the system's."""
    setup = window.setup
    _chosen(qtbot, setup, "clueval", files["own"], files["own2"])
    system = setup.fields["system"]
    for format, red in (("conll", True), ("vrt", False), (None, False), ("brat", True)):
        _set(qtbot, setup, "gold_format", format)
        assert _red(system) == red, (format, system.error_text)


def test_the_boxes_keep_their_words_for_files_a_method_reads_itself(qtbot, window, files):
    """No System user: FairEval's and CLUEval's own files say their format and labels, as before."""
    setup = window.setup
    for method, gold, system in (("faireval", "chunks", "chunks"), ("clueval", "vrt", "own")):
        setup.set_method(method)
        setup.set_paths(files[gold], files[system])
        _settled(qtbot, setup)
        for field in setup.fields.values():
            assert not field.error_text and "Format:" in field.status.text(), (method, field.status.text())


def test_the_gold_is_judged_beside_the_second_system_too(qtbot, window, files):
    """FairEval with a Gold user left set, its own CoNLL-2000 gold and system, a brat second
    system: the second run reads the gold with the span readers and stops on it, so the
    gold's box says so; without the second system it is not red (FairEval reads the pair)."""
    setup = window.setup
    setup.set_method("faireval")
    _set(qtbot, setup, "gold_user", "ben")
    setup.set_paths(files["chunks"], files["chunks"])
    _settled(qtbot, setup)
    gold = setup.fields["gold"]
    assert not gold.error_text
    setup.second.set_path(files["brat"])
    _settled(qtbot, setup)
    said = "expected an export of several annotators' work for the option Gold user 'ben'"
    assert gold.error_text.startswith(f"{gold.path}: {said}") and ERROR_COLOUR in gold.status.styleSheet()


def test_a_box_keeps_its_judgement_while_the_file_beside_it_is_looked_at(qtbot, window, files, monkeypatch):
    """CLUEval's own CoNLL system red beside a brat gold: another brat gold chosen, the
    system's message stays while the new gold is being looked at (not dropped, then shown)."""
    setup = window.setup
    _chosen(qtbot, setup, "clueval", files["brat"], files["own2"])
    system = setup.fields["system"]
    held = []
    monkeypatch.setattr(setup, "_start_look", lambda side, key: held.append(side))  # the gold's look waits
    copy = files["brat"].replace("doc.ann", "copy.ann")
    with open(copy, "w", encoding="utf-8") as out, open(files["brat"], encoding="utf-8") as ann:
        out.write(ann.read())
    with open(copy.replace(".ann", ".txt"), "w", encoding="utf-8") as out:
        out.write("EU rejects German call\n")
    setup.fields["gold"].set_path(copy)
    qtbot.waitUntil(lambda: held == ["gold"], timeout=5_000)
    assert _red(system), system.error_text


def test_poetry_says_its_refusal_not_a_span_readers_message(qtbot, window, tmp_path):
    """Poetry reads only its own files: an XMI without its type system gets poetry's refusal
    (the run's: it offers the methods that read it), not the XMI reader's message."""
    xmi = tmp_path / "doc.xmi"
    xmi.write_bytes((DATA / "testSentenceWithTab" / "reference.xmi").read_bytes())  # no TypeSystem.xml beside it
    setup = window.setup
    setup.set_method("poetry")
    setup.set_paths(str(xmi), str(xmi))
    _settled(qtbot, setup)
    for field in setup.fields.values():
        assert field.refusal is not None and field.error_text == field.refusal.app_sentence, field.error_text


@pytest.mark.parametrize(
    ("method", "system", "format", "said"),
    [
        ("faireval", "own", "faireval-spans", ":1: expected 4 TAB-separated fields, found 2"),
        ("clueval", "chunks", "vrt", ": expected at least one token line (token TAB tag), found none"),
    ],
)
def test_a_system_format_naming_the_methods_own_format_is_read_as_the_run_reads_it(
    qtbot, window, files, method, system, format, said
):
    """FairEval's or CLUEval's own format named for a system file of another format, beside a
    brat gold: the run reads both with the span readers, the system's with the reader of the
    format named, and stops on it (spanstudio faireval doc.ann own.conll --system-format
    faireval-spans: 'own.conll:1: expected 4 TAB-separated fields, found 2'); its box says the
    same, not what the file's recognised format reads."""
    setup = window.setup
    setup.set_method(method)
    _set(qtbot, setup, "system_format", format)
    setup.set_paths(files["brat"], files[system])
    _settled(qtbot, setup)
    field = setup.fields["system"]
    assert field.error_text.startswith(f"{field.path}{said}"), field.error_text
    assert ERROR_COLOUR in field.status.styleSheet()


def test_a_box_beside_a_crashed_first_look_is_judged_again(qtbot, window, files, monkeypatch):
    """The first look at the brat gold crashes (a bug): the system's box does not wait for it
    for ever; judged without it (nothing known of the gold), FairEval's own CoNLL-2000 system
    with a System user is red in Exact spans and not in FairEval (it reads it itself)."""
    setup = window.setup
    for method in ("faireval", "spans"):  # each method's panel with the System user
        setup.set_method(method)
        _set(qtbot, setup, "system_user", "ben")
    look_at = gui.setup_panel.look_at

    def crash_on_gold(path):
        if path == files["brat"]:
            raise RuntimeError("a bug in a reader")
        return look_at(path)

    monkeypatch.setattr(gui.setup_panel, "look_at", crash_on_gold)
    setup.set_paths(files["brat"], files["chunks"])
    _settled(qtbot, setup)
    system = setup.fields["system"]
    assert _red(system), system.error_text
    setup.set_method("faireval")
    _settled(qtbot, setup)
    assert not _red(system), system.error_text
