"""The Agreement window never loses decisions: Adjudication workbook… over a workbook that
holds Decisions or Comments says how many and offers to keep them (carried into the new
workbook row by row), to save under a new name, to replace them, or to cancel; over a review
workbook it names the verdicts that would be lost; over any other file it asks the usual
question. The answer starts the write at once (the count's task is cleared first)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog

from engine.cli import main
from gui import adjudication_export, review_export
from gui.resources import example_inputs
from tests.engine.test_adjudication_keep import _comment, _decisions
from tests.engine.test_agreement_command import _decide

from .test_agreement_window import measured, window  # noqa: F401 (a fixture)
from .test_review_keep import JUDGED, _judge, kept_at_once


def _decided_workbook(window, qtbot, tmp_path) -> Path:  # noqa: F811
    measured(window, qtbot)
    path = tmp_path / "adjudication.xlsx"
    window.write_workbook(str(path))
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    _decide(str(path), lambda row: row["anna"] or "none")
    _comment(str(path), {"R3": "ask Ben"})
    return path


def _export(qtbot, window, monkeypatch, choice: str | None, names: list[str]) -> list[tuple[str, str]]:  # noqa: F811
    """Adjudication workbook… with the file dialog answering `names` in turn, the question `choice`."""
    asked: list[tuple[str, str]] = []
    suggested: list[str] = []

    def save_name(parent, title, start, kinds, options=None):
        suggested.append(start)
        return names[len(suggested) - 1], kinds

    def ask(parent, name, counts, *words):
        asked.append((name, counts))
        return choice

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_name)
    monkeypatch.setattr(adjudication_export, "ask_keep", ask)
    window.export_button.click()
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    qtbot.wait(100)
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    return asked + [("suggested", s) for s in suggested[1:]]


def test_keep_carries_the_decisions_and_comments_into_the_new_workbook(window, qtbot, tmp_path, monkeypatch):  # noqa: F811
    path = _decided_workbook(window, qtbot, tmp_path)
    before = _decisions(str(path))
    asked = _export(qtbot, window, monkeypatch, adjudication_export.KEEP, [str(path)])
    assert asked == [("adjudication.xlsx", "6 decisions and 1 comment")]
    assert _decisions(str(path)) == before
    assert "The decisions and comments of 6 rows kept from adjudication.xlsx." in window.notice.text.text()


def test_replace_erases_them_knowingly_and_cancel_writes_nothing(window, qtbot, tmp_path, monkeypatch):  # noqa: F811
    path = _decided_workbook(window, qtbot, tmp_path)
    before = path.read_bytes()
    _export(qtbot, window, monkeypatch, None, [str(path)])
    assert path.read_bytes() == before
    assert window.summary.text().endswith(" Nothing was written: adjudication.xlsx is as it was.")
    _export(qtbot, window, monkeypatch, adjudication_export.REPLACE, [str(path)])
    assert {v for v in _decisions(str(path)).values()} == {(None, None)}


def test_a_new_name_leaves_the_decided_workbook_as_it_is(window, qtbot, tmp_path, monkeypatch):  # noqa: F811
    path = _decided_workbook(window, qtbot, tmp_path)
    before = path.read_bytes()
    renamed = tmp_path / "adjudication-2.xlsx"
    asked = _export(qtbot, window, monkeypatch, adjudication_export.RENAME, [str(path), str(renamed)])
    qtbot.waitUntil(renamed.exists, timeout=20_000)
    assert asked[1:] == [("suggested", str(renamed))] and path.read_bytes() == before


def test_another_file_gets_the_usual_question(window, qtbot, tmp_path, monkeypatch, shown):  # noqa: F811
    measured(window, qtbot)
    other = tmp_path / "other.xlsx"
    other.write_bytes(b"not a workbook")
    asked = _export(qtbot, window, monkeypatch, None, [str(other)])
    qtbot.waitUntil(lambda: other.read_bytes()[:2] == b"PK", timeout=20_000)
    assert shown.questions == ["other.xlsx already exists. Replace it?"] and asked == []


def test_the_question_names_the_count_and_offers_four_answers(qtbot):
    words = adjudication_export.QUESTIONS["decisions"]
    dialog, chosen = review_export.keep_dialog(None, "adjudication.xlsx", "6 decisions and 1 comment", *words)
    qtbot.addWidget(dialog)
    assert dialog.heading.text() == "<b>adjudication.xlsx holds 6 decisions and 1 comment.</b>"
    assert "matched by document and characters" in dialog.message.text()
    texts = {b.text(): b for b in dialog.buttons.buttons()}
    assert set(texts) == {"&Keep Them", "Save under a &New Name…", "&Replace", "Cancel"}
    assert texts["&Keep Them"].isDefault()
    texts["&Replace"].click()
    assert chosen == [adjudication_export.REPLACE] and dialog.result() == dialog.DialogCode.Accepted


def _review_workbook(tmp_path) -> Path:
    """A review workbook (spanstudio faireval --xlsx) with three verdicts and a comment."""
    _, gold, system = example_inputs()
    path = tmp_path / "review.xlsx"
    assert main(["faireval", gold, system, "--xlsx", str(path)]) == 0
    _judge(path, JUDGED, {"E7": "ask Anna"})
    return path


def test_over_a_review_workbook_the_question_names_its_verdicts(window, qtbot, tmp_path, monkeypatch):  # noqa: F811
    measured(window, qtbot)
    path = _review_workbook(tmp_path)
    before = path.read_bytes()
    asked: list[tuple[str, str, tuple[str, ...]]] = []

    def ask(parent, name, counts, message, answers):
        asked.append((name, counts, answers))
        return None

    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(path), ""))
    monkeypatch.setattr(adjudication_export, "ask_keep", ask)
    window.export_button.click()
    qtbot.waitUntil(lambda: bool(asked), timeout=20_000)
    assert asked == [("review.xlsx", "3 verdicts and 1 comment", (review_export.RENAME, review_export.REPLACE))]
    assert path.read_bytes() == before and window.summary.text().endswith(" Nothing was written: review.xlsx is as it was.")


@pytest.mark.parametrize(("words", "name", "counts", "kind"), [
    (adjudication_export.QUESTIONS["review"], "review.xlsx", "3 verdicts and 1 comment", "a review"),
    (review_export.QUESTIONS["decisions"], "adjudicate.xlsx", "6 decisions and 1 comment", "an adjudication"),
    (review_export.QUESTIONS["compare"], "cmp.xlsx", "4 verdicts", "a compare"),
    (adjudication_export.QUESTIONS["compare"], "cmp.xlsx", "4 verdicts", "a compare"),
])  # fmt: skip
def test_the_other_kind_of_workbooks_question_offers_a_new_name_replace_or_cancel(qtbot, words, name, counts, kind):
    """Over a review workbook (the Adjudication workbook…) or an adjudication workbook
    (Export to Excel), the question names what it holds, which cannot be kept."""
    dialog, chosen = review_export.keep_dialog(None, name, counts, *words)
    qtbot.addWidget(dialog)
    assert dialog.heading.text() == f"<b>{name} holds {counts}.</b>"
    assert f"It is {kind} workbook" in dialog.message.text() and "cannot keep them" in dialog.message.text()
    texts = {b.text(): b for b in dialog.buttons.buttons()}
    assert set(texts) == {"Save under a &New Name…", "&Replace", "Cancel"}
    assert texts["Save under a &New Name…"].isDefault()
    texts["&Replace"].click()
    assert chosen == [review_export.REPLACE] and dialog.result() == dialog.DialogCode.Accepted


def test_the_answer_starts_the_write_at_once(window, qtbot, tmp_path, monkeypatch):  # noqa: F811
    """The question comes once the count's task is cleared, and Keep Them starts the write
    there and then (nothing waits for the window to be idle), as in the main window."""
    path = _decided_workbook(window, qtbot, tmp_path)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(path), ""))
    busy_when_asked, started = kept_at_once(qtbot, window, monkeypatch, adjudication_export, window.export_button.click)
    assert busy_when_asked == [False]
    assert started == [("Counting the decisions in the workbook", True), ("Writing the adjudication workbook", True)]
    qtbot.waitUntil(lambda: "kept" in window.notice.text.text(), timeout=20_000)
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    assert window.export_button.isEnabled()


def test_a_compare_workbooks_verdicts_are_named_not_offered_to_keep(tmp_path):
    """Export to Excel (one run's workbook) over a reviewed compare workbook: its verdicts
    belong to two systems, so the question offers a new name or Replace, not Keep Them."""
    from tests.engine.test_review_parts import _inputs, _judge

    book = tmp_path / "cmp.xlsx"
    assert main(["compare", "spans", *_inputs(tmp_path, "spans"), "--xlsx", str(book), "--trials", "200"]) == 0
    _judge(book)
    kind, counts = review_export.held(str(book))
    assert kind == "compare" and counts.endswith("verdicts") and review_export.QUESTIONS[kind][1] == (
        review_export.RENAME, review_export.REPLACE)
    assert review_export.held(str(_review_workbook(tmp_path)))[0] == "review"  # one run's: Keep Them offered
    assert adjudication_export.QUESTIONS[kind][1] == (review_export.RENAME, review_export.REPLACE)  # nor there
