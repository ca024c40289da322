"""No false warnings, and each message under the input it is about: a two-column CoNLL
file FairEval reads is no warning; a second system holding a document the gold lacks is
the second system's error, not the gold's; an option CLUEval does not use leaves the
same-inputs warning."""

from __future__ import annotations

from gui.style import ERROR_COLOUR, WARNING_COLOUR

from .conftest import evaluate, wait_idle

TWO_COLUMNS = "John B-PER\nlives O\nin O\nParis B-LOC\n. O\n\nMary B-PER\nsleeps O\n. O\n"


def doccano(path, *texts: str):
    lines = [f'{{"id": {n}, "text": "{text}", "label": [[0, 4, "PER"]]}}' for n, text in enumerate(texts, 1)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_a_two_column_conll_file_faireval_reads_is_no_warning(qtbot, window, tmp_path, shown):
    path = tmp_path / "two.conll"
    path.write_text(TWO_COLUMNS, encoding="utf-8")
    window.setup.set_method("faireval")
    window.setup.set_paths(str(path), str(path))
    gold = window.setup.fields["gold"]
    qtbot.waitUntil(lambda: gold.status.text().startswith("Format: CoNLL columns"))
    assert WARNING_COLOUR not in gold.status.styleSheet() and " files are " not in gold.status.text()
    assert window.evaluate()
    wait_idle(qtbot, window)
    assert window.report is not None and not shown.input_errors  # it evaluates, as said


def evaluate_with_an_extra_document(qtbot, window, tmp_path) -> str:
    """Spans over a gold and system of two documents and a second system of three; the
    second system's path."""
    gold = doccano(tmp_path / "gold.jsonl", "John lives.", "Mary sleeps.")
    system = doccano(tmp_path / "system.jsonl", "John lives.", "Mary sleeps.")
    second = doccano(tmp_path / "second.jsonl", "John lives.", "Mary sleeps.", "Anna runs.")
    window.setup.set_method("spans")
    window.setup.set_paths(gold, system)
    window.setup.second.set_path(second)
    evaluate(qtbot, window)
    return second


def test_a_second_systems_extra_document_is_shown_under_the_second_system(qtbot, window, tmp_path, shown):
    evaluate_with_an_extra_document(qtbot, window, tmp_path)
    assert shown.input_errors and "expected a document named '3'" in shown.input_errors[0][1]
    assert ERROR_COLOUR in window.setup.second.status.styleSheet()
    assert "expected a document named '3'" in window.setup.second.status.text()
    assert not window.setup.fields["gold"].error_text  # the gold is fine


def test_an_evaluations_message_under_an_input_goes_when_another_input_changes(qtbot, window, tmp_path):
    """The second system's 'expected a document named 3' is about the gold chosen then: with
    another gold chosen it is no longer said (the next evaluation says what holds)."""
    second = evaluate_with_an_extra_document(qtbot, window, tmp_path)
    assert "expected a document named '3'" in window.setup.second.status.text()
    window.setup.fields["gold"].set_path(second)  # now the gold has document 3
    qtbot.waitUntil(lambda: "Format:" in window.setup.second.status.text())
    assert ERROR_COLOUR not in window.setup.second.status.styleSheet()


def test_a_system_option_clueval_does_not_use_keeps_the_same_inputs_warning(qtbot, window, tmp_path):
    """The System Tag column set, CLUEval still reads its own .vrt file alike for both sides."""
    from engine.methods import get_method

    path = tmp_path / "g.vrt"
    path.write_text("a\tB-X\nb\tI-X\nc\tO\n", encoding="utf-8")
    options = get_method("clueval").Options(system_tag_column=1)
    evaluate(qtbot, window, "clueval", str(path), str(path), options)
    assert window.report is not None
    assert any(m.startswith("gold and system are the same file") for m in window.report.messages)
