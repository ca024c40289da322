"""The app never loses a review: Export to Excel over a workbook holding verdicts says how
many and offers to keep them (carried into the new workbook), to save under a new name, or
to cancel; an imported review's verdicts show in the Errors table's Verdict column, which
sorts and filters like Type; a review saved as .ods says how to import it."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QFileDialog

from engine.agreement.kept import held_decisions
from engine.review import read_review
from gui import review_export
from gui.models import RAW_ROLE, VERDICT
from tests.engine.test_adjudication_keep import _comment
from tests.engine.test_agreement_command import _decide, _workbook, fake_annotators

from .conftest import evaluate, wait_idle

JUDGED = {"E2": "both wrong", "E3": "system right (gold wrong)", "E5": "unclear"}


def _judge(path: Path, verdicts: dict[str, str], comments: dict[str, str] | None = None) -> None:
    book = load_workbook(path)
    for row in book["Errors"].iter_rows(min_row=3):
        row[1].value = verdicts.get(row[0].value, row[1].value)
        row[2].value = (comments or {}).get(row[0].value, row[2].value)
    book.save(path)


def _given(path: Path) -> dict[str, tuple[str, str]]:
    return {r["error_id"]: (r["verdict"], r["comment"]) for r in read_review(str(path)).rows
            if r["verdict"] != "not reviewed" or r["comment"]}  # fmt: skip


def _reviewed_export(qtbot, window, tmp_path, monkeypatch) -> Path:
    """An evaluation exported to a workbook that then gets three verdicts and a comment."""
    evaluate(qtbot, window)
    target = tmp_path / "review.xlsx"
    monkeypatch.setattr(window, "choose_save_path", lambda *args: str(target))
    window.xlsx_action.trigger()
    wait_idle(qtbot, window)
    _judge(target, JUDGED, {"E7": "ask Anna"})
    return target


def _answer(monkeypatch, choice: str | None) -> list[tuple[str, str]]:
    asked: list[tuple[str, str]] = []

    def ask(parent, name, counts, *words):
        asked.append((name, counts))
        return choice

    monkeypatch.setattr(review_export, "ask_keep", ask)
    return asked


def test_keep_carries_every_verdict_and_comment_into_the_new_workbook(qtbot, window, tmp_path, monkeypatch):
    target = _reviewed_export(qtbot, window, tmp_path, monkeypatch)
    before = _given(target)
    asked = _answer(monkeypatch, review_export.KEEP)
    window.xlsx_action.trigger()
    qtbot.waitUntil(lambda: window.notice.isVisible() and "kept" in window.notice.text.text(), timeout=20_000)
    wait_idle(qtbot, window)
    assert asked == [("review.xlsx", "3 verdicts and 1 comment")]
    assert _given(target) == before and len(before) == 4
    assert "The verdicts and comments of 4 errors kept from review.xlsx." in window.notice.text.text()


def kept_at_once(qtbot, window, monkeypatch, module, start) -> tuple[list[bool], list[tuple[str, bool]]]:
    """Keep Them answered to `module`'s question after `start()`: whether the window was busy
    when asked, and the tasks started (their title, whether each started), once two have."""
    busy_when_asked: list[bool] = []

    def ask(parent, name, counts, *words):
        busy_when_asked.append(window.busy)
        return review_export.KEEP

    monkeypatch.setattr(module, "ask_keep", ask)
    started: list[tuple[str, bool]] = []
    run_task = window.run_task
    monkeypatch.setattr(window, "run_task", lambda title, *rest: started.append((title, run_task(title, *rest))))
    start()
    qtbot.waitUntil(lambda: len(started) == 2, timeout=20_000)
    return busy_when_asked, started


def test_the_answer_starts_the_write_at_once(qtbot, window, tmp_path, monkeypatch):
    """The question comes once the count's task is cleared, and Keep Them starts the write
    there and then (nothing waits for the window to be idle)."""
    _reviewed_export(qtbot, window, tmp_path, monkeypatch)
    busy_when_asked, started = kept_at_once(qtbot, window, monkeypatch, review_export, window.xlsx_action.trigger)
    assert busy_when_asked == [False]
    assert started == [("Reading the review in the workbook", True), ("Writing the workbook", True)]
    qtbot.waitUntil(lambda: "kept" in window.notice.text.text(), timeout=20_000)
    wait_idle(qtbot, window)


def test_save_under_a_new_name_leaves_the_reviewed_workbook_as_it_is(qtbot, window, tmp_path, monkeypatch):
    target = _reviewed_export(qtbot, window, tmp_path, monkeypatch)
    before = target.read_bytes()
    _answer(monkeypatch, review_export.RENAME)
    suggested: list[str] = []
    monkeypatch.setattr(window, "choose_save_path", lambda title, s, *rest: suggested.append(s) or
                        (str(target) if len(suggested) == 1 else s))  # fmt: skip
    window.xlsx_action.trigger()
    renamed = tmp_path / "review-2.xlsx"
    qtbot.waitUntil(renamed.exists, timeout=20_000)
    wait_idle(qtbot, window)
    assert suggested[1] == str(renamed) and target.read_bytes() == before
    assert _given(renamed) == {}  # a fresh workbook: nothing carried into it


def test_cancel_writes_nothing(qtbot, window, tmp_path, monkeypatch):
    target = _reviewed_export(qtbot, window, tmp_path, monkeypatch)
    before = target.read_bytes()
    asked = _answer(monkeypatch, None)
    window.xlsx_action.trigger()
    wait_idle(qtbot, window)
    qtbot.wait(200)
    assert asked and target.read_bytes() == before and not window.busy


def test_a_workbook_without_a_review_is_replaced_after_the_usual_question(
    qtbot, window, tmp_path, monkeypatch, shown
):
    evaluate(qtbot, window)
    target = tmp_path / "review.xlsx"
    target.write_bytes(b"not a workbook")
    asked = _answer(monkeypatch, None)
    monkeypatch.setattr(window, "choose_save_path", lambda *args: str(target))
    window.xlsx_action.trigger()
    qtbot.waitUntil(lambda: target.read_bytes()[:2] == b"PK", timeout=20_000)
    wait_idle(qtbot, window)
    assert shown.questions == ["review.xlsx already exists. Replace it?"] and asked == []


def test_the_file_dialog_leaves_the_question_to_the_app(qtbot, window, tmp_path, monkeypatch):
    evaluate(qtbot, window)
    seen = {}

    def save_name(*args, **kwargs):
        seen.update(kwargs)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_name)
    window.xlsx_action.trigger()
    assert seen["options"] & QFileDialog.Option.DontConfirmOverwrite
    window.json_action.trigger()  # the other exports keep the dialog's own question
    assert not seen["options"] & QFileDialog.Option.DontConfirmOverwrite


def test_the_question_names_the_count_and_offers_three_answers(qtbot, window):
    dialog, chosen = review_export.keep_dialog(window, "review.xlsx", "11 verdicts and 2 comments")
    qtbot.addWidget(dialog)
    assert dialog.heading.text() == "<b>review.xlsx holds 11 verdicts and 2 comments.</b>"
    assert "could not be carried because their rows are gone" in dialog.message.text()
    texts = {b.text(): b for b in dialog.buttons.buttons()}
    assert set(texts) == {"&Keep Them", "Save under a &New Name…", "Cancel"}
    assert texts["&Keep Them"].isDefault()
    texts["Save under a &New Name…"].click()
    assert chosen == [review_export.RENAME]
    assert dialog.buttons.standardButton(texts["Cancel"]) == QDialogButtonBox.StandardButton.Cancel


def _verdict_column(window) -> int:
    model = window.errors.model
    return model.columns.index(VERDICT)


def test_imported_verdicts_show_in_the_errors_table_and_sort_and_filter(qtbot, window, tmp_path, monkeypatch):
    target = _reviewed_export(qtbot, window, tmp_path, monkeypatch)
    model, errors = window.errors.model, window.errors
    column = _verdict_column(window)
    assert model.headerData(column, Qt.Orientation.Horizontal) == "Verdict"
    assert {model.index(r, column).data() for r in range(model.rowCount())} == {""}  # none yet
    window.import_review(str(target))
    wait_idle(qtbot, window)
    shown = {model.index(r, 0).data(): model.index(r, column).data() for r in range(model.rowCount())}
    assert {k: v for k, v in shown.items() if v} == JUDGED
    assert (
        "Verdict column shows 3 verdicts" in window.review_dialog.findChildren(type(errors.count))[0].text()
    )
    window.review_dialog.close()
    errors.verdict_filter.setCurrentText("both wrong")
    wait_idle(qtbot, window)
    assert [model.index(r, 0).data() for r in range(model.rowCount())] == ["E2"]
    errors.verdict_filter.setCurrentText("not reviewed")
    wait_idle(qtbot, window)
    assert model.rowCount() == len(window.report.error_rows) - 3
    errors.verdict_filter.setCurrentIndex(0)
    errors.table.sortByColumn(column, Qt.SortOrder.AscendingOrder)
    wait_idle(qtbot, window)
    first = [model.index(r, column).data(RAW_ROLE) for r in range(3)]
    assert first == sorted(JUDGED.values())  # verdicts first, the empty ones last
    evaluate(qtbot, window)  # a new evaluation: the review is not of its rows
    assert {model.index(r, _verdict_column(window)).data() for r in range(model.rowCount())} == {""}


def test_a_review_saved_as_ods_says_how_to_import_it(qtbot, window, tmp_path, shown):
    path = tmp_path / "review.ods"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
    window.import_review(str(path))
    wait_idle(qtbot, window)
    assert shown.input_errors == [(
        "The review could not be read",
        f"{path}: expected a review workbook (.xlsx) written by Span Studio, found an OpenDocument "
        "spreadsheet (.ods); save it in LibreOffice as Excel 2007-365 (.xlsx) and import again",
    )]  # fmt: skip


def test_a_new_evaluation_shows_every_error_whatever_verdict_was_filtered(qtbot, window, tmp_path, monkeypatch):
    """The Verdict filter goes back to all verdicts with a new report (its rows have none
    yet): a filter left on "both wrong" hid every row of the next evaluation."""
    target = _reviewed_export(qtbot, window, tmp_path, monkeypatch)
    window.import_review(str(target))
    wait_idle(qtbot, window)
    window.review_dialog.close()
    window.errors.verdict_filter.setCurrentText("both wrong")
    wait_idle(qtbot, window)
    evaluate(qtbot, window)
    assert window.errors.verdict_filter.currentIndex() == 0
    assert window.errors.model.rowCount() == len(window.report.error_rows) > 0


def _decided_adjudication(tmp_path) -> Path:
    """An adjudication workbook (spanstudio agreement --xlsx) with six decisions and a comment."""
    with pytest.MonkeyPatch.context() as patched:
        fake_annotators(patched)
        path = Path(_workbook(tmp_path))
    _decide(str(path), lambda row: row["anna"] or "none")
    _comment(str(path), {"R3": "ask Ben"})
    return path


def test_over_an_adjudication_workbook_the_question_names_its_decisions(qtbot, window, tmp_path, monkeypatch):
    target = _decided_adjudication(tmp_path)
    before = target.read_bytes()
    evaluate(qtbot, window)
    asked: list[tuple[str, str, tuple[str, ...]]] = []
    answers = [None, review_export.REPLACE]

    def ask(parent, name, counts, message, offered):
        asked.append((name, counts, offered))
        return answers[len(asked) - 1]

    monkeypatch.setattr(review_export, "ask_keep", ask)
    monkeypatch.setattr(window, "choose_save_path", lambda *args: str(target))
    window.xlsx_action.trigger()
    qtbot.waitUntil(lambda: bool(asked), timeout=20_000)
    wait_idle(qtbot, window)
    assert asked == [("adjudicate.xlsx", "6 decisions and 1 comment", (review_export.RENAME, review_export.REPLACE))]
    assert target.read_bytes() == before  # cancelled
    window.xlsx_action.trigger()
    qtbot.waitUntil(lambda: held_decisions(target) is None, timeout=20_000)  # replaced: a review workbook now
    wait_idle(qtbot, window)
    assert len(asked) == 2 and read_review(str(target)).rows

