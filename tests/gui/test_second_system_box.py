"""The Second system box as a person expects it: a file the run stops on says the run's
message in red, as the System box does for the same file; the user lists offer no user of
its export the run would refuse (its users are offered by its own option alone); and a
recent evaluation opened brings back the Second system it was run with."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from gui import dialogs
from gui.style import ERROR_COLOUR
from tests.conftest import conformance

from .conftest import evaluate, wait_idle


def _settled(qtbot, setup) -> None:
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)


def chosen(qtbot, window, method: str, gold: str, system: str, second: str = ""):
    """The setup panel with the method, its options as they start and these files, looked at."""
    setup = window.setup
    setup.set_method(method)
    setup.panel.reset()
    setup.set_paths(gold, system)
    setup.second.set_path(second)
    _settled(qtbot, setup)
    return setup


def _conll_and_users_zip(tmp_path: Path) -> tuple[str, str, str]:
    """A CoNLL gold and system, and a doccano zip of three users' files."""
    from tests.engine.test_doccano_zip import SPANS, export, jsonl, user_records

    gold, system = tmp_path / "a.conll", tmp_path / "b.conll"
    gold.write_text("Sherlock\tB-PER\nHolmes\tI-PER\n\nMary\tB-PER\nran\tO\n", encoding="utf-8")
    system.write_text("Sherlock\tB-PER\nHolmes\tO\n\nMary\tB-PER\nran\tO\n", encoding="utf-8")
    users = export(tmp_path, {f"{user}.jsonl": jsonl(user_records(spans)) for user, spans in SPANS.items()})
    return str(gold), str(system), users


def test_the_user_lists_offer_no_user_the_run_would_refuse(qtbot, window, tmp_path):
    """A doccano zip of several users in the Second box alone (review62 F1): the System user
    reads the system's file too, which names no user, so the run refuses every user the zip
    lists there: only the Second system's own user list offers them (compare's
    --system-b-user), as the Second box's message names them."""
    gold, system, users = _conll_and_users_zip(tmp_path)
    setup = chosen(qtbot, window, "spans", gold, system, users)
    assert "admin, alice, bob" in setup.second.error_text  # its message asks for one of them
    editors = setup.panel.editors
    assert editors["system_user"].suggestions() == editors["user"].suggestions() == []
    assert editors["gold_user"].suggestions() == []
    assert editors["system_b_user"].suggestions() == ["admin", "alice", "bob"]


def _example_copies(tmp_path: Path, example) -> tuple[str, str, str, str]:
    """The example's gold and system, and its system twice more (two Second systems), in tmp_path."""
    _, gold, system = example
    copies = {"gold.conll": gold, "system.conll": system, "second.conll": system, "other.conll": system}
    paths = [str(shutil.copy(source, tmp_path / name)) for name, source in copies.items()]
    return paths[0], paths[1], paths[2], paths[3]


def test_a_recent_evaluation_brings_back_its_second_system(qtbot, window, example, tmp_path):
    gold, system, second, other = _example_copies(tmp_path, example)
    setup = window.setup
    setup.second.set_path(second)
    evaluate(qtbot, window, "faireval", gold, system)
    setup.second.set_path("")
    evaluate(qtbot, window, "faireval", example[1], example[2])
    window.fill_recent_menu()
    texts = [action.text() for action in window.recent_menu.actions()]
    assert texts[1] == "gold.conll ⟷ system.conll ⟷ second.conll  (FairEval)"
    setup.second.set_path(other)
    window.recent_menu.actions()[1].trigger()
    assert (*setup.paths(), setup.second.path) == (gold, system, second)
    window.recent_menu.actions()[0].trigger()  # run without one: the box emptied
    assert (*setup.paths(), setup.second.path) == (example[1], example[2], "")


def test_a_recent_entry_kept_before_the_second_system_was_recorded_empties_the_box(
    qtbot, window, example, tmp_path
):
    gold, system, second, _ = _example_copies(tmp_path, example)
    window.settings.store.setValue(
        "recent", json.dumps([{"method": "faireval", "gold": gold, "system": system}])
    )
    window.setup.second.set_path(second)
    window.fill_recent_menu()
    assert window.recent_menu.actions()[0].text() == "gold.conll ⟷ system.conll  (FairEval)"
    window.recent_menu.actions()[0].trigger()
    assert (*window.setup.paths(), window.setup.second.path) == (gold, system, "")


#: A .vrt whose last BIO column has an I-X after O (its tags fit no strict scheme): the span
#: readers stop on it, FairEval refuses the format, CLUEval reads it with its own reader.
BIO = conformance("clueval") / "data" / "fiktives-urteil-p1.bio"
#: Two sentences of CoNLL columns, strict IOB2.
CONLL = "John\tB-PER\nSmith\tI-PER\nlives\tO\n\nin\tO\nParis\tB-LOC\n.\tO\n"
#: Whether each method's run stops on the .vrt as the Second system beside a CoNLL gold and system.
STOPS_ON_BIO = {"spans": True, "nervaluate": True, "faireval": True, "clueval": False}


def _run_says(qtbot, window, shown, monkeypatch) -> str:
    """What an evaluation of the chosen files stops on, as its dialog says it ("" where it ran)."""
    refused: list[str] = []
    monkeypatch.setattr(dialogs, "offer_switch", lambda parent, err: refused.append(err.app_sentence))
    shown.input_errors.clear()
    if window.evaluate():
        wait_idle(qtbot, window)
    return (refused or [text for _, text in shown.input_errors] or [""])[0]


def test_faireval_says_in_the_second_box_why_it_refuses_a_vrt_as_the_system_box_does(
    qtbot, window, shown, tmp_path, monkeypatch
):
    """review55: FairEval with its own CoNLL-2000 gold and system and a .vrt Second system
    (tags that fit no strict scheme): the run stopped on it (its reader's 'expected begin to
    be a whole number'), the box said nothing. The box says, as the System box says of the
    same file and as compare refuses its system B, that FairEval does not read it, and the
    run stops on that before reading anything."""
    chunks = tmp_path / "chunks.txt"
    chunks.write_text("EU NNP B-NP\nrejects VBZ B-VP\n\nPeter NNP B-NP\nsaid VBD B-VP\n", encoding="utf-8")
    setup = window.setup
    setup.set_method("faireval")
    setup.set_paths(str(chunks), str(chunks))
    setup.second.set_path(str(BIO))
    _settled(qtbot, setup)
    said = setup.second.error_text
    assert said and ERROR_COLOUR in setup.second.status.styleSheet()
    assert said == _run_says(qtbot, window, shown, monkeypatch) and window.run is None
    setup.second.set_path("")
    setup.fields["system"].set_path(str(BIO))
    _settled(qtbot, setup)
    assert setup.fields["system"].error_text == said


@pytest.mark.parametrize("method", sorted(STOPS_ON_BIO))
def test_a_second_system_the_run_stops_on_is_red_with_its_message(
    qtbot, window, shown, tmp_path, monkeypatch, method
):
    """Every method with a Second system: a file the run stops on is red in the Second box
    with the run's message; a file it reads is not."""
    gold = tmp_path / "gold.conll"
    gold.write_text(CONLL, encoding="utf-8")
    copy = shutil.copy(gold, tmp_path / "copy.conll")
    setup = window.setup
    setup.set_method(method)
    setup.panel.reset()
    setup.set_paths(str(gold), str(gold))
    for second, stops in ((str(BIO), STOPS_ON_BIO[method]), (str(copy), False)):
        setup.second.set_path(second)
        _settled(qtbot, setup)
        said = _run_says(qtbot, window, shown, monkeypatch)
        assert bool(said) == stops and setup.second.error_text == said, (second, said)
        assert (ERROR_COLOUR in setup.second.status.styleSheet()) == stops
