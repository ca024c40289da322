"""The main window: evaluation off the UI thread, the engine's numbers, failures as
messages, cancelling, re-scoring, settings, drops and the recent-files menu (the exports:
test_main_window_exports.py)."""

from __future__ import annotations

import logging
import platform
import sys
from dataclasses import replace
from pathlib import Path

import pandas
from PySide6.QtCore import QPoint, QSettings, Qt, qVersion
from PySide6.QtGui import QKeySequence

from engine import __version__
from engine.methods import get_method
from gui import dialogs
from gui.app import crash_hook
from gui.models import RAW_ROLE
from gui.viewer import MARGIN
from gui.viewer_data import ReportData

from .conftest import evaluate, open_window, wait_idle, wait_no_thread


def cells(view) -> list[list[object]]:
    model = view.model()
    return [
        [model.index(r, c).data(RAW_ROLE) for c in range(model.columnCount())]
        for r in range(model.rowCount())
    ]


def shown_cells(view) -> list[list[str]]:
    model = view.model()
    return [[model.index(r, c).data() for c in range(model.columnCount())] for r in range(model.rowCount())]


# --- the example, scores ------------------------------------------------------------------


def test_first_start_opens_on_the_bundled_example(window, example):
    method, gold, system = example
    assert window.setup.method.name == method
    assert window.setup.paths() == (gold, system)
    assert window.setup.fields["gold"].status.text().startswith("Format: CoNLL-2000 (BIO chunks)")  # · labels …


def test_example_evaluates_and_the_score_tables_show_the_engines_numbers(qtbot, window, example):
    evaluate(qtbot, window)
    method, gold, system = example
    engine_report = get_method(method).evaluate(gold, system, get_method(method).Options())
    scores = window.tabs.widget(0)
    assert window.tabs.tabText(0) == "Scores"
    assert list(scores.views) == list(engine_report.score_tables())
    for name, table in engine_report.score_tables().items():
        assert cells(scores.views[name]) == table.rows  # the exact values, in the engine's order
    overall = shown_cells(scores.views["overall"])
    assert overall[0] == ["traditional", "66.67", "63.64", "65.12"]  # percent, the default scale
    assert overall[1][0] == "fair" and overall[1][2] == "73.68"
    header = scores.header.text()
    assert "FairEval" in header and f"engine {__version__}" in header and "Focus = target" in header
    assert window.errors.model.rowCount() == len(engine_report.error_rows) == 9


def test_a_result_is_shown_in_turns_and_the_window_is_busy_until_its_errors_are(qtbot, window, example):
    evaluate(qtbot, window)
    shown, again = window.data, ReportData.build(window.report)
    window.show_report(again)
    assert window.busy and not window.idle and window.errors.data is shown  # its errors at the next turn
    wait_idle(qtbot, window)
    assert window.errors.data is again and window.viewer.data is again and window.errors.count.text() == "9 of 9"


def test_a_window_closed_between_the_turns_of_showing_shows_and_starts_nothing(qtbot, window, example):
    evaluate(qtbot, window)
    shown = window.data
    window.errors.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)  # setting a report would start a sort
    wait_idle(qtbot, window)
    window.show_report(ReportData.build(window.report))
    window.close()
    qtbot.wait(50)
    assert window.errors.data is shown and not window.errors.busy


def test_score_tables_sort_by_a_column(qtbot, window):
    evaluate(qtbot, window)
    view = window.tabs.widget(0).views["traditional"]
    assert view.model().headerData(6, Qt.Orientation.Horizontal) == "F1"
    view.sortByColumn(6, Qt.SortOrder.AscendingOrder)
    f1 = [row[6] for row in cells(view)]
    assert f1 == sorted(f1) and len(f1) == 5
    view.sortByColumn(0, Qt.SortOrder.DescendingOrder)
    assert [row[0] for row in cells(view)] == ["PER", "overall", "ORG", "MISC", "LOC"]


# --- errors and the viewer -------------------------------------------------------------------


def repeated_example(tmp_path: Path, example, times: int) -> tuple[str, str]:
    """The example's files repeated: many sentences, errors all along the document."""
    _, gold, system = example
    paths = []
    for name, source in (("gold.conll", gold), ("system.conll", system)):
        text = Path(source).read_text(encoding="utf-8").strip("\n") + "\n\n"
        (tmp_path / name).write_text(text * times, encoding="utf-8")
        paths.append(str(tmp_path / name))
    return paths[0], paths[1]


def test_selecting_an_error_row_moves_both_viewer_panes(qtbot, window, example, tmp_path):
    gold, system = repeated_example(tmp_path, example, 40)
    evaluate(qtbot, window, "faireval", gold, system)
    panes = window.viewer.panes
    assert panes["gold"].top == panes["system"].top == (0, 0)
    last = len(window.report.error_rows) - 1
    window.errors.select_error(last)
    row = window.report.error_rows[last]
    assert row["type"] == "FP"  # the spurious MISC of the last sentence: no gold span
    assert panes["gold"].top == panes["system"].top != (0, 0)
    pieces = [(row["system_start"], row["system_end"])]
    assert panes["system"].selection == (pieces, True)
    assert panes["gold"].selection == (pieces, False)  # the gold side frames where it would be
    panes["system"].viewport().grab()
    painted = [line for _, line in panes["system"]._painted]
    assert any(line.first <= row["system_start"] < line.end for line in painted)


def test_clicking_a_highlighted_span_selects_its_error_row(qtbot, window, example, tmp_path):
    gold, system = repeated_example(tmp_path, example, 3)
    evaluate(qtbot, window, "faireval", gold, system)
    pane = window.viewer.panes["gold"]
    error = window.report.error_rows[0]  # 221B Baker Street, a boundary error
    pane.scroll_to(error["gold_start"])
    pane.viewport().grab()
    x, y = point_of(pane, error["gold_start"])
    qtbot.mouseClick(pane.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, y))
    assert window.errors.selected_error() == 0
    tip = pane.tooltip_at(error["gold_start"])
    assert (
        tip
        == "<p style='white-space:pre'><b>LOC</b> “221B Baker Street” — sentence 1, tokens 5–7 (positions [4, 7)) · line 5<br>E1: BE/BES LOC → LOC</p>"
    )


def point_of(pane, pos: int) -> tuple[int, int]:
    for top, line in pane._painted:
        if line.first <= pos < line.end:
            pieces = line.pieces(pos, pos + 1)  # where the position is drawn
            return int(MARGIN + (pieces[0][0] + pieces[-1][1]) / 2), int(top + 8)
    raise AssertionError(f"position {pos} is not painted")


def test_error_filters_by_type_label_and_text(qtbot, window):
    evaluate(qtbot, window)
    errors = window.errors
    assert errors.model.rowCount() == 9
    errors.type_filter.setCurrentText("FN")
    wait_idle(qtbot, window)
    assert errors.model.rowCount() == 2
    errors.type_filter.setCurrentIndex(0)
    errors.label_filter.setCurrentText("PER")
    wait_idle(qtbot, window)
    assert {errors.model.index(r, 0).data() for r in range(errors.model.rowCount())} == {"E2", "E7"}
    errors.label_filter.setCurrentIndex(0)
    errors.search.setText("reichenbach")
    errors.apply_filters()
    wait_idle(qtbot, window)
    assert [errors.model.index(r, 0).data() for r in range(errors.model.rowCount())] == ["E4"]
    assert errors.count.text() == "1 of 9"
    window.viewer.error_clicked.emit(0)  # a click on a span hidden by the filters shows all rows
    wait_idle(qtbot, window)
    assert errors.model.rowCount() == 9 and errors.selected_error() == 0


def test_error_table_headers_are_the_workbooks_titles(qtbot, window):
    from engine.report import COLUMN_TITLES

    evaluate(qtbot, window)
    model = window.errors.model
    shown = [model.headerData(i, Qt.Orientation.Horizontal) for i in range(model.columnCount())]
    assert shown[:3] == ["ID", "Type", "Subtype"]
    assert set(shown) >= {COLUMN_TITLES[k] for k in ("gold_label", "system_label", "gold_text")}


# --- failures --------------------------------------------------------------------------------


def test_a_malformed_file_gives_the_dialog_and_the_message_in_place(qtbot, window, shown, tmp_path):
    evaluate(qtbot, window)
    before = window.report
    bad = tmp_path / "bad.tsv"
    bad.write_text("NP\t1\t2\t1,2\n\nNP\tx\t3\t1\n", encoding="utf-8")
    evaluate(qtbot, window, "faireval", str(bad), str(bad))
    message = f"{bad}:3: expected begin to be a whole number ≥ 1, found 'x'"
    assert shown.input_errors == [("The evaluation stopped", message)]
    assert window.setup.fields["gold"].error_text == message
    assert window.report is before  # the previous results stay
    assert not shown.crashes


def test_an_unreadable_file_shows_the_engines_message_in_place(window, tmp_path):
    field = window.setup.fields["gold"]
    field.set_path(str(tmp_path / "missing.conll"))
    assert field.error_text == f"{tmp_path / 'missing.conll'}: expected an existing file, found nothing"
    latin = tmp_path / "latin1.conll"
    latin.write_bytes(b"Caf\xe9 NN O\n")
    field.set_path(str(latin))
    assert field.error_text == f"{latin}:1: expected UTF-8 text, found byte 0xE9"
    other = tmp_path / "notes.txt"
    other.write_text("just some words here and there\n", encoding="utf-8")
    field.set_path(str(other))
    assert field.error_text == ""
    assert "not recognised" in field.status.text()


def test_an_option_the_engine_rejects_is_shown_in_the_panel(qtbot, window, shown):
    panel = window.setup.panel
    panel.editors["labels"].set_value(" , ")
    evaluate(qtbot, window)
    assert shown.input_errors == [
        ("The evaluation stopped", "--labels: expected a label list or 'all', found an empty value")
    ]
    assert panel.message.text() == "--labels: expected a label list or 'all', found an empty value"


def test_a_missing_input_is_a_message(qtbot, window, shown):
    window.setup.fields["system"].set_path("")
    assert not window.evaluate()
    assert shown.input_errors == [
        ("The evaluation cannot start", "system: expected a system file, found none chosen")
    ]


def test_an_unexpected_exception_is_a_dialog_logged_and_the_app_keeps_running(
    qtbot, toy_window, shown, caplog, example
):
    window = toy_window
    window.setup.panel.editors["mode"].set_value("crash")
    window.setup.set_paths(example[1], example[2])
    with caplog.at_level(logging.ERROR, logger="spanstudio.gui"):
        evaluate(qtbot, window)
    assert [summary for summary, _ in shown.crashes] == ["RuntimeError: the toy broke"]
    assert "Traceback" in shown.crashes[0][1] and "the toy broke" in caplog.text
    window.setup.panel.editors["mode"].set_value("normal")
    evaluate(qtbot, window)
    assert window.report is not None and window.report.method == "toy"


def test_an_exception_on_the_ui_thread_is_a_dialog_and_logged(window, shown, caplog):
    hook = crash_hook(window)
    try:
        raise ValueError("a slot broke")
    except ValueError:
        with caplog.at_level(logging.ERROR, logger="spanstudio.gui"):
            hook(*sys.exc_info())
    assert shown.crashes[0][0] == "ValueError: a slot broke"
    assert "a slot broke" in caplog.text
    assert window.isVisible()


# --- cancelling ------------------------------------------------------------------------------


def start_slow_run(window, example) -> None:
    """Start the toy method's slow run, which reports progress until it is cancelled."""
    window.setup.panel.editors["mode"].set_value("slow")
    window.setup.set_paths(example[1], example[2])
    assert window.evaluate()


def test_a_long_run_can_be_cancelled(qtbot, toy_window, example):
    window = toy_window
    start_slow_run(window, example)
    with qtbot.waitSignal(window.progress.valueChanged, timeout=10_000):
        pass  # it runs, and reports progress
    assert window.busy and window.cancel_action.isEnabled() and not window.evaluate_action.isEnabled()
    window.cancel_action.trigger()
    wait_idle(qtbot, window)
    assert window.report is None
    assert "Cancelled" in window.statusBar().currentMessage()
    assert window.evaluate_action.isEnabled() and not window.cancel_action.isEnabled()


def test_cancelling_a_faireval_run(qtbot, window, example, tmp_path):
    gold, system = repeated_example(tmp_path, example, 200)
    assert window.evaluate("faireval", gold, system)
    window.cancel()
    wait_idle(qtbot, window)
    assert window.report is None


def test_a_closed_window_starts_no_work(qtbot, window, monkeypatch):
    import gui.main_window

    evaluate(qtbot, window)
    started = []
    real_start = gui.main_window.start
    monkeypatch.setattr(gui.main_window, "start", lambda *args: started.append(args) or real_start(*args))
    window.setup.panel.editors["focus"].set_value("system")  # a re-score is due in RESCORE_DELAY_MS
    window.close()
    qtbot.wait(gui.main_window.RESCORE_DELAY_MS + 250)
    assert started == [] and not window.busy  # a thread left running would abort Qt at deletion


def test_closing_during_a_run_cancels_it_and_closes(qtbot, toy_window, example):
    window = toy_window
    start_slow_run(window, example)
    with qtbot.waitSignal(window.progress.valueChanged, timeout=10_000):
        pass
    window.close()
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=10_000)
    assert not window.busy and window.report is None


def test_ctrl_c_in_the_terminal_closes_as_the_window_does(qtbot, toy_window, example):
    window = toy_window
    start_slow_run(window, example)
    crash_hook(window)(KeyboardInterrupt, KeyboardInterrupt(), None)
    assert window.isVisible()  # the run is cancelled first
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=10_000)
    assert not window.busy


def test_closing_during_a_step_that_cannot_stop_waits_for_it(qtbot, window, settings_file):
    import threading

    step_may_end = threading.Event()
    assert window.run_task("Saving", lambda progress: step_may_end.wait(20), lambda result: None, "x")
    window.close()
    assert window.isVisible() and window.busy
    assert window.statusBar().currentMessage() == "Closing when the current step has ended…"
    window.close()  # asked again: still waiting
    assert window.isVisible()
    step_may_end.set()
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5000)
    assert not window.busy
    assert QSettings(str(settings_file), QSettings.Format.IniFormat).value(
        "layout/geometry"
    )  # saved on closing


# --- options ---------------------------------------------------------------------------------


def test_changed_options_rescore_at_once_where_the_method_can(qtbot, toy_window, example):
    window, toy = toy_window, get_method("toy")
    window.setup.set_paths(example[1], example[2])
    evaluate(qtbot, window)
    assert cells(window.tabs.widget(0).views["overall"])[0] == ["score", 1.5]
    evaluations = toy.evaluations
    window.setup.panel.editors["weight"].set_value(1.0)
    window.setup.panel.editors["weight"].changed.emit()
    qtbot.waitUntil(lambda: cells(window.tabs.widget(0).views["overall"])[0] == ["score", 3.0], timeout=5000)
    assert toy.evaluations == evaluations  # the files were not read again
    assert "options changed" not in window.summary.text()
    wait_idle(qtbot, window)
    assert window.statusBar().currentMessage() == "Re-scored with the new options."


def test_changed_options_ask_for_a_new_evaluation_where_the_method_cannot_rescore(qtbot, window):
    evaluate(qtbot, window)
    window.setup.panel.editors["focus"].set_value("system")
    window.setup.panel.editors["focus"].changed.emit()
    qtbot.waitUntil(lambda: "The options changed" in window.summary.text(), timeout=5000)
    window.setup.reset_options()
    qtbot.waitUntil(lambda: "The options changed" not in window.summary.text(), timeout=5000)


# --- settings --------------------------------------------------------------------------------


def test_settings_survive_a_restart(qtbot, settings_file, example, tmp_path):
    first = open_window(qtbot, settings_file)
    gold, system = repeated_example(tmp_path, example, 2)
    evaluate(qtbot, first, "faireval", gold, system)
    first.setup.panel.editors["focus"].set_value("system")
    first.setup.panel.editors["ignore_punct"].set_value(True)
    first.settings.set_folder("exports", str(tmp_path))
    first.resize(784, 640)  # the offscreen screen is 800 × 800; the window's minimum 784 × 600 there
    qtbot.waitUntil(lambda: first.size().width() == 784)
    first.splitter.setSizes([100, 200, 300])
    sizes = first.splitter.sizes()
    first.close()

    second = open_window(qtbot, settings_file)
    assert second.setup.method.name == "faireval"
    assert second.setup.paths() == (gold, system)
    options = second.setup.panel.options()
    assert (options.focus, options.ignore_punct) == ("system", True)
    assert (second.size().width(), second.size().height()) == (784, 640)
    assert second.splitter.sizes() == sizes
    assert second.settings.folder("exports") == str(tmp_path)
    second.fill_recent_menu()
    texts = [a.text() for a in second.recent_menu.actions()]
    assert texts[0] == "gold.conll ⟷ system.conll  (FairEval)"
    second.close()


def test_the_recent_menu_reopens_an_evaluation(qtbot, window, example, tmp_path):
    gold, system = repeated_example(tmp_path, example, 1)
    evaluate(qtbot, window, "faireval", gold, system)
    evaluate(qtbot, window, "faireval", example[1], example[2])
    window.fill_recent_menu()
    window.recent_menu.actions()[1].trigger()
    assert window.setup.paths() == (gold, system)


# --- the rest of the window ------------------------------------------------------------------


def test_shortcuts(window):
    assert window.open_gold_action.shortcut() == QKeySequence("Ctrl+O")
    assert window.evaluate_action.shortcut() == QKeySequence("Ctrl+R")
    assert window.xlsx_action.shortcut() == QKeySequence("Ctrl+E")
    assert window.quit_action.shortcut() == QKeySequence("Ctrl+Q")


def test_about_names_the_versions():
    text = dialogs.about_text()
    for version in (__version__, platform.python_version(), qVersion(), pandas.__version__):
        assert version in text


def test_dropped_files_become_the_inputs(window, example):
    _, gold, system = example
    window.drop_paths([system, gold])
    assert window.setup.paths() == (system, gold)
    window.setup.fields["gold"].set_path("")
    window.drop_paths([system])
    assert window.setup.paths() == (system, gold)


def test_a_document_without_words_shows_numbers_until_the_text_is_attached(
    qtbot, window, tmp_path, monkeypatch, example, shown
):
    spans = tmp_path / "gold.tsv"
    spans.write_text("PER\t1\t2\t1,2\nLOC\t5\t7\t5,6,7\n", encoding="utf-8")
    system = tmp_path / "system.tsv"
    system.write_text("PER\t1\t2\t1,2\nLOC\t6\t7\t6,7\n", encoding="utf-8")
    evaluate(qtbot, window, "faireval", str(spans), str(system))
    viewer = window.viewer
    assert viewer.doc.numbered and window.attach_action.isEnabled()
    mask = viewer.panes["gold"].mask  # the pane says how to see the words, not a wall of numbers
    assert mask.startswith("This input carries no words") and "File → Attach Text to Document…" in mask
    viewer.positions_button.setChecked(True)  # the numbers on demand, the hint above them
    assert viewer.panes["gold"].mask == "" and viewer.note.isVisibleTo(window) and viewer.note.text() == mask
    assert viewer.doc.text(0) == "1"
    monkeypatch.setattr(window, "choose_open_path", lambda *args: example[1])
    window.attach_action.trigger()
    wait_idle(qtbot, window)
    assert [viewer.doc.text(i) for i in range(7)] == [
        "Sherlock",
        "Holmes",
        "lived",
        "at",
        "221B",
        "Baker",
        "Street",
    ]
    assert viewer.doc.tails[0] == ["in", "London", "."]  # the sentence goes on beyond the spans
    assert not viewer.note.isVisibleTo(window) and viewer.panes["gold"].mask == ""
    assert not viewer.positions_button.isVisibleTo(window)
    assert shown.messages == [
        (
            "The words of gold.conll are shown.",
            "The text has 8 sentences and the document 1; words are shown for the first 1.",
        )
    ]


def test_settings_file_is_used(settings_file, qtbot):
    window = open_window(qtbot, settings_file)
    window.close()
    assert QSettings(str(settings_file), QSettings.Format.IniFormat).value("method") is not None


def test_options_given_to_evaluate_are_used(qtbot, window):
    options = replace(get_method("faireval").Options(), focus="system")
    evaluate(qtbot, window, options=options)
    assert window.report.options["focus"] == "system"


def test_detail_tables_and_warnings_get_their_own_tabs(qtbot, toy_window, example):
    window = toy_window
    window.setup.set_paths(example[1], example[2])
    evaluate(qtbot, window)
    tabs = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert tabs == ["Scores", "Matches", "Warnings (1)"]
    detail = window.tabs.widget(1)
    assert cells(detail.view) == [[1]]
    assert window.tabs.widget(2).toPlainText() == "a toy warning"
    assert window.summary.text() == "<b>Toy — a method for tests</b>: 1 error, 1 warning."


def test_a_file_dropped_onto_a_field_becomes_that_input(qtbot, window, example):
    from PySide6.QtCore import QMimeData, QPointF, QUrl
    from PySide6.QtGui import QDropEvent

    field = window.setup.fields["system"]
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(example[1])])
    event = QDropEvent(
        QPointF(5, 5),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    field.dropEvent(event)
    assert field.path == example[1] and field.status.text().startswith("Format: CoNLL-2000 (BIO chunks)")


def test_clueval_shows_another_leniency_level_at_once(qtbot, window, monkeypatch):
    from dataclasses import replace

    from tests.conftest import conformance

    data = conformance("clueval") / "data"
    gold, system = str(data / "fiktives-urteil-p1.bio"), str(data / "fiktives-urteil-p2.bio")
    method = get_method("clueval")
    options = replace(method.Options(), layers=("span", "entity"))
    evaluate(qtbot, window, "clueval", gold, system, options)
    reads = []
    read = type(method).evaluate
    monkeypatch.setattr(type(method), "evaluate", lambda *args, **kwargs: reads.append(args))
    window.setup.panel.editors["lenient"].set_value(0)
    window.setup.panel.editors["lenient"].changed.emit()
    qtbot.waitUntil(lambda: window.report.options["lenient"] == 0 and not window.busy, timeout=10_000)  # shown
    monkeypatch.setattr(type(method), "evaluate", read)
    expected = method.evaluate(gold, system, replace(options, lenient=0))
    shown = window.tabs.widget(0).views
    for name, table in expected.score_tables().items():
        assert cells(shown[name]) == table.rows
    assert reads == []  # re-scored from the report, the files were not read again


def test_a_compressed_input_is_left_to_the_method(window, tmp_path):
    import gzip

    packed = tmp_path / "ref.jsonl.gz"
    packed.write_bytes(gzip.compress(b'{"page_id": "p", "spans": []}\n'))
    window.setup.set_method("poetry")
    field = window.setup.fields["gold"]
    field.set_path(str(packed))
    assert field.error_text == ""
    assert field.status.text() == "Format: compressed (read when evaluating)"


def test_a_done_that_raises_still_finishes_the_thread(qtbot, window):
    """The thread is finished (collections back on) even when `done` raises."""
    import gc

    from gui import worker

    def done(result):
        raise RuntimeError("done failed")

    wait_no_thread(qtbot)  # the first start's looks at the example keep collections off while they run
    with qtbot.captureExceptions() as raised:
        assert window.run_task("Counting", lambda progress: 7, done, "Counting")
        qtbot.waitUntil(lambda: bool(raised), timeout=20_000)
    assert [str(error) for _, error, _ in raised] == ["done failed"]
    assert gc.isenabled() and not worker._running and not window.busy


def test_show_all_errors_is_enabled_only_while_a_filter_hides_rows(qtbot, window):
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    show_all = next(a for a in view.actions() if a.text() == "Show All &Errors")
    assert not show_all.isEnabled()  # nothing to show: it did nothing visible
    evaluate(qtbot, window)
    errors = window.errors
    assert not show_all.isEnabled()
    errors.type_filter.setCurrentIndex(1)
    assert show_all.isEnabled()
    show_all.trigger()
    qtbot.waitUntil(lambda: not errors.busy)
    assert errors.type_filter.currentIndex() == 0 and not show_all.isEnabled()
    assert errors.model.rowCount() == len(window.report.error_rows)
    errors.search.setText("Watson")
    assert show_all.isEnabled()
    errors.search.clear()
    assert not show_all.isEnabled()
