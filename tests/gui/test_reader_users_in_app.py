"""The app's side options and the readers' user choice: the options panel, left as it is,
gives the readers nothing (no option a format has no use for is named in a warning), and a
System user typed for a Label Studio export picks that annotator as `--system-user` does; the
User lists offer the export's annotators without choosing one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli import main
from gui.style import ERROR_COLOUR
from tests.engine.test_agreement_exports import DOCCANO, LABEL_STUDIO, jsonl

from .conftest import evaluate


def test_the_panel_left_as_it_is_passes_no_reader_option(qtbot, window, tmp_path):
    gold, system = tmp_path / "gold.conll", tmp_path / "system.conll"
    gold.write_text("Sherlock\tB-PER\nHolmes\tI-PER\nleft\tO\n", encoding="utf-8")
    system.write_text("Sherlock\tB-PER\nHolmes\tO\nleft\tO\n", encoding="utf-8")
    setup = window.setup
    setup.set_method("spans")
    setup.panel.reset()
    setup.set_paths(str(gold), str(system))
    evaluate(qtbot, window)
    messages = window.report.messages
    assert window.report.data["classification_report"]["micro avg"]["f1-score"] == 0.0
    assert not any("not used" in m or "--user" in m for m in messages), messages


def test_a_system_user_picks_the_label_studio_annotator(qtbot, window, tmp_path, capsys):
    path = tmp_path / "export.json"
    path.write_text(json.dumps(LABEL_STUDIO), encoding="utf-8")
    setup = window.setup
    setup.set_method("spans")
    setup.panel.reset()
    setup.set_paths(str(path), str(path))
    user = setup.panel.editors["system_user"]
    user.combo.setEditText("ben@example.org")
    user.combo.textActivated.emit("ben@example.org")  # as typed and confirmed
    assert setup.panel.options().system_user == "ben@example.org"
    evaluate(qtbot, window)
    assert main(["spans", str(path), str(path), "--system-user", "ben@example.org", "--json", "-"]) == 0
    expected = json.loads(capsys.readouterr().out)["classification_report"]
    assert window.report.data["classification_report"] == expected
    assert expected["micro avg"]["f1-score"] < 1.0  # user 7 (the gold's first annotation) against ben


def _label_studio(folder) -> str:
    path = folder / "export.json"
    path.write_text(json.dumps(LABEL_STUDIO), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(("export", "names"), [
    (_label_studio, ["user 7", "ben@example.org"]),
    (lambda folder: jsonl(folder / "export.jsonl", DOCCANO), ["user 1", "user 2", "user 5"]),
])  # fmt: skip
def test_the_user_lists_offer_an_exports_annotators_and_change_no_score(
    qtbot, window, tmp_path, capsys, export, names
):
    path = export(tmp_path)
    setup = window.setup
    setup.set_method("spans")
    setup.panel.reset()
    with qtbot.waitSignal(setup.contents_read, timeout=20_000, check_params_cb=lambda side: side == "system"):
        setup.set_paths(str(path), str(path))
    for name in ("gold_user", "system_user"):
        user = setup.panel.editors[name]
        assert user.suggestions() == names  # named as --system-user takes them
        assert user.combo.currentText() == "" and getattr(setup.panel.options(), name) is None  # none chosen
    evaluate(qtbot, window)
    assert main(["spans", str(path), str(path), "--json", "-"]) == 0
    assert window.report.data["classification_report"] == json.loads(capsys.readouterr().out)["classification_report"]


@pytest.mark.parametrize("export", [
    _label_studio,
    lambda folder: jsonl(folder / "export.jsonl", DOCCANO),
    lambda folder: str(Path(__file__).parents[1] / "data" / "formats" / "doccano" / "flair-testa.jsonl"),
])  # fmt: skip
def test_a_user_the_export_does_not_hold_is_said_before_the_run(qtbot, window, tmp_path, capsys, export):
    """A System user typed that the Label Studio or doccano file does not hold: the box says
    in red what the run stops on (the reader's own message, as the command line's)."""
    path = export(tmp_path)
    setup = window.setup
    setup.set_method("spans")
    setup.panel.reset()
    user = setup.panel.editors["system_user"]
    user.combo.setEditText("nobody")
    user.combo.textActivated.emit("nobody")
    setup.set_paths(str(path), str(path))
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)
    assert main(["spans", str(path), str(path), "--system-user", "nobody"]) == 2
    said = capsys.readouterr().err.removeprefix("spanstudio: error: ").strip()
    said = said.replace("--system-user", "the option System user")  # the flag as the app names it
    system = setup.fields["system"]
    assert system.error_text == said and ERROR_COLOUR in system.status.styleSheet()


def test_a_doccano_export_zip_is_read_with_its_users(qtbot, window, tmp_path, capsys):
    """doccano's Export Dataset zip (each user's JSONL) in both boxes: the look lists its users
    and, till one is chosen for each side, says in red what the run says (it said "not a text
    file (a ZIP archive)", though the run reads it); then it names its format, and the
    evaluation of two of its users is the command line's."""
    from tests.engine.test_doccano_zip import SPANS, export, jsonl, user_records

    path = export(tmp_path, {f"{user}.jsonl": jsonl(user_records(spans)) for user, spans in SPANS.items()})
    setup = window.setup
    setup.set_method("spans")
    setup.panel.reset()
    with qtbot.waitSignal(setup.contents_read, timeout=20_000, check_params_cb=lambda side: side == "system"):
        setup.set_paths(path, path)
    assert setup.panel.editors["system_user"].suggestions() == ["admin", "alice", "bob"]
    asked = "expected the user whose annotations are read (the option Gold user or the option System user: admin, alice, bob)"
    assert setup.unreadable() == ("gold", "system") and asked in setup.fields["system"].error_text  # as the run says
    for name, user in (("gold_user", "alice"), ("system_user", "bob")):
        editor = setup.panel.editors[name]
        editor.combo.setEditText(user)
        editor.combo.textActivated.emit(user)
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)
    assert setup.unreadable() == () and "doccano" in setup.fields["system"].status.text()
    evaluate(qtbot, window)
    assert main(["spans", path, path, "--gold-user", "alice", "--system-user", "bob", "--json", "-"]) == 0
    expected = json.loads(capsys.readouterr().out)["classification_report"]
    assert window.report.data["classification_report"] == expected and expected["micro avg"]["f1-score"] < 1.0


def test_a_second_system_zip_of_several_users_says_what_picks_its_user(qtbot, window, shown, tmp_path):
    """review50 F4: a zip of several users in the Second system box: its message, and the
    run's, name the option that picks its user, the Second system's own (compare's
    --system-b-user); not the Gold user."""
    from tests.engine.test_doccano_zip import SPANS, export, jsonl, user_records

    gold, system = tmp_path / "a.conll", tmp_path / "b.conll"
    gold.write_text("Sherlock\tB-PER\nHolmes\tI-PER\n\nMary\tB-PER\nran\tO\n", encoding="utf-8")
    system.write_text("Sherlock\tB-PER\nHolmes\tO\n\nMary\tB-PER\nran\tO\n", encoding="utf-8")
    path = export(tmp_path, {f"{user}.jsonl": jsonl(user_records(spans)) for user, spans in SPANS.items()})
    setup = window.setup
    setup.set_method("spans")
    setup.panel.reset()
    setup.set_paths(str(gold), str(system))
    setup.second.set_path(path)
    qtbot.waitUntil(lambda: bool(setup.second.error_text), timeout=20_000)
    asked = "expected the user whose annotations are read (the option Second system user: admin, alice, bob), found none"
    assert f"{path}: {asked}" in setup.second.error_text and "Gold user" not in setup.second.error_text
    window.evaluate()
    qtbot.waitUntil(lambda: window.idle, timeout=20_000)
    assert f"{path}: {asked}" in shown.input_errors[0][1] and f"{path}: {asked}" in setup.second.error_text


def _users_zip_and_conll(tmp_path) -> tuple[str, Path]:
    """A doccano zip of several users' files, and a CoNLL file of one annotator's spans."""
    from tests.engine.test_doccano_zip import SPANS, export, jsonl, user_records

    conll = tmp_path / "b.conll"
    conll.write_text("Sherlock\tB-PER\nHolmes\tO\n\nMary\tB-PER\nran\tO\n", encoding="utf-8")
    return export(tmp_path, {f"{user}.jsonl": jsonl(user_records(spans)) for user, spans in SPANS.items()}), conll


def test_a_second_system_that_is_the_gold_zip_says_only_the_system_user(qtbot, window, tmp_path):
    """review52 F2: the Second system read from the gold's own doccano zip is read with its
    own options: its box names the Second system user alone, not 'Gold user or System user'."""
    path, system = _users_zip_and_conll(tmp_path)
    setup = window.setup
    setup.set_method("spans")
    setup.panel.reset()
    setup.set_paths(path, str(system))
    setup.second.set_path(path)
    qtbot.waitUntil(lambda: "the option Second system user" in setup.second.error_text, timeout=20_000)
    assert "Gold user" not in setup.second.error_text and "System user" not in setup.second.error_text


def test_a_second_system_without_users_beside_a_system_user_is_no_red_message(qtbot, window, tmp_path):
    """review53 F2: a file without users (CoNLL) as the Second system beside a System user is
    read without it (as the run reads it: compare_options.system_b_read); its box said in red
    that it holds one annotator's spans, and the setup called it unreadable."""
    path, second = _users_zip_and_conll(tmp_path)
    setup = window.setup
    setup.set_method("spans")
    setup.panel.reset()
    for name, user in (("gold_user", "alice"), ("system_user", "bob")):
        editor = setup.panel.editors[name]
        editor.combo.setEditText(user)
        editor.combo.textActivated.emit(user)
    setup.set_paths(path, path)
    setup.second.set_path(str(second))
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)
    qtbot.waitUntil(lambda: "CoNLL" in setup.second.status.text(), timeout=20_000)
    assert setup.second.error_text == "" and setup.unreadable() == ()
