"""A box shows, before any run, where FairEval's run stops on a file of its own formats (a
FairEval span file, CoNLL-2000), which it reads with its own reader: the very message the run
gives (the box said nothing of it till the run), as far as the run reads the file (the sentences
it compares beside the other file), the file read by that reader once, for FairEval alone."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import engine.formats.faireval_text
import engine.methods.faireval.stops
from engine.errors import InputError
from engine.methods.faireval import FairEval, Options
from gui.dialogs import input_error_text

GOOD_SPANS = "PER\t1\t2\t1,2\nLOC\t3\t3\t3\n\nORG\t1\t1\t1\n"
BAD_SPANS = "PER\t1\t2\t1,2\nLOC\tx\t3\t3\n\nORG\t1\t1\t1\n"  # a begin that is no number
GOOD_CONLL = "The DT B-NP\ncat NN I-NP\nsat VBD B-VP\n\nA DT B-NP\ndog NN I-NP\n"
OPENED = "The DT B-NP\ncat NN I-NP\nsat VBD B-VP\n\nA DT O\ndog NN I-NP\n"  # an I- with no open span
TABBED = "The DT B-NP\ncat NN I-NP\n\nA DT B-NP\ndog\tNN\tI-NP\n"  # no space: refused with ignore_punct


def _file(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _run_says(gold: Path, system: Path, ignore_punct: bool = False) -> str:
    """FairEval's run's message on the pair, as the app words it in a box."""
    options = dataclasses.replace(Options(), ignore_punct=ignore_punct)
    with pytest.raises(InputError) as raised:
        FairEval().evaluate(str(gold), str(system), options)
    return input_error_text(raised.value)


def _shown(qtbot, window, gold: Path, system: Path, method: str = "faireval") -> dict[str, str]:
    """Each box's message (in red; "" for none) once its look is in."""
    setup = window.setup
    setup.set_method(method)
    setup.set_paths(str(gold), str(system))
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)
    return {side: setup.fields[side].error_text for side in ("gold", "system")}


@pytest.fixture
def reads(monkeypatch) -> dict[str, list[str]]:
    """The files FairEval's own reader and the span file's span reader read from now on."""
    read: dict[str, list[str]] = {"own": [], "spans": []}
    own, spans = engine.methods.faireval.stops.FileReader, engine.formats.faireval_text.read

    def own_read(path: str, *args):
        read["own"].append(path)
        return own(path, *args)

    def span_read(path: str, *args):
        read["spans"].append(path)
        return spans(path, *args)

    monkeypatch.setattr(engine.methods.faireval.stops, "FileReader", own_read)
    monkeypatch.setattr(engine.formats.faireval_text, "read", span_read)
    return read


def test_a_bad_span_line_is_shown_as_the_run_says_it(qtbot, window, tmp_path, reads):
    gold, system = _file(tmp_path, "gold.txt", BAD_SPANS), _file(tmp_path, "system.txt", GOOD_SPANS)
    shown = _shown(qtbot, window, gold, system)
    assert shown == {"gold": _run_says(gold, system), "system": ""}
    assert "gold.txt:2: expected begin to be a whole number ≥ 1, found 'x'" in shown["gold"]
    assert _shown(qtbot, window, gold, system, "spans")["gold"] == ""  # not the span readers' message
    assert _shown(qtbot, window, gold, system)["gold"] == shown["gold"]
    assert reads["own"].count(str(gold)) == 1  # read once (not for spans), its look serving both methods
    assert _shown(qtbot, window, system, gold) == {"gold": "", "system": _run_says(system, gold)}


def test_an_inside_tag_with_no_open_span_is_shown_where_the_run_reads_it(qtbot, window, tmp_path):
    """CoNLL-2000's I- after O: shown beside a file of two sentences; beside one of one, the run
    compares the first sentence alone and reads the file (the box is quiet, as the run is)."""
    gold = _file(tmp_path, "gold.txt", OPENED)
    system = _file(tmp_path, "system.txt", GOOD_CONLL)
    shown = _shown(qtbot, window, gold, system)
    assert shown == {"gold": _run_says(gold, system), "system": ""}
    opened = "gold.txt:6: expected B- to open a span before 'I-NP' at level 1, found no open span"
    assert opened in shown["gold"]
    short = _file(tmp_path, "short.txt", GOOD_CONLL.split("\n\n")[0] + "\n")
    FairEval().evaluate(str(gold), str(short), Options())  # the run reads the pair
    assert _shown(qtbot, window, gold, short) == {"gold": "", "system": ""}


def test_ignore_punct_shows_the_message_the_run_then_gives(qtbot, window, tmp_path, reads):
    gold, system = _file(tmp_path, "gold.txt", TABBED), _file(tmp_path, "system.txt", GOOD_CONLL)
    assert _shown(qtbot, window, gold, system) == {"gold": "", "system": ""}
    setup = window.setup
    setup.panel.editors["ignore_punct"].set_value(True)
    qtbot.waitUntil(lambda: setup.fields["gold"].error_text != "", timeout=20_000)
    assert setup.fields["gold"].error_text == _run_says(gold, system, ignore_punct=True)
    assert reads["own"].count(str(gold)) == 1  # the option judged again, the file not read again


def test_good_files_stay_quiet_their_labels_read_once(qtbot, window, tmp_path, reads):
    gold, system = _file(tmp_path, "gold.txt", GOOD_SPANS), _file(tmp_path, "system.txt", GOOD_SPANS)
    assert _shown(qtbot, window, gold, system) == {"gold": "", "system": ""}
    assert window.setup.fields["gold"].status.text() == "Format: FairEval span file · labels: LOC, ORG, PER"
    assert reads["own"].count(str(gold)) == 1 and reads["spans"] == []  # the labels the own reader's
    conll = _file(tmp_path, "conll.txt", GOOD_CONLL)
    assert _shown(qtbot, window, conll, conll) == {"gold": "", "system": ""}
