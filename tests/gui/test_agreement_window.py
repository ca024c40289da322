"""The Agreement mode: three annotators' files, the coloured matrix, a pair's
disagreements, the documents worst first, the lanes, the workbook (the agreement's read_spans replaced
by annotations made in the test)."""

from __future__ import annotations

import gc
import threading
import time

import pytest
from PySide6.QtCore import QSettings, Qt

import engine.agreement.measures
import engine.agreement.workbook
from engine.agreement.workbook import read_workbook, workbook_bytes
from engine.errors import Cancelled
from engine.formats.standoff import text_document
from engine.progress import Progress
from engine.spans import Annotations, Span
from gui import dialogs, worker
from gui.agreement_views import PART_CHARS, part_bounds
from gui.agreement_window import AgreementWindow
from gui.main_window import MainWindow
from tests.engine.test_agreement_command import annotations, fake_annotators


def opened(qtbot, monkeypatch, folder, names, read) -> AgreementWindow:
    """The Agreement window with these annotators' files, whose annotations `read(path)` makes."""
    fake_annotators(monkeypatch, read)
    shown = AgreementWindow()
    qtbot.addWidget(shown)
    files = [folder / name for name in names]
    for file in files:
        file.touch()  # the files exist; their annotations are made by the test
    shown.add_paths([str(file) for file in files])
    shown.show()
    return shown


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    return opened(qtbot, monkeypatch, tmp_path, ("annotator_anna.tsv", "ben.tsv", "cara.tsv"), annotations)


def measured(window, qtbot):
    window.measure()
    qtbot.waitUntil(lambda: not window.busy and window.data is not None, timeout=20_000)
    return window


def test_the_pairwise_matrix_is_coloured_and_a_click_lists_the_pairs_disagreements(window, qtbot):
    measured(window, qtbot)
    assert "3 annotators, 2 documents" in window.summary.text()
    assert window.matrix.rowCount() == 3
    cell = window.matrix.item(0, 1)
    assert cell.text() == f"{window.data['overall']['span_f1']['labelled']['pairwise']['anna']['ben']:.3f}"
    assert cell.background().color().isValid()
    window.show_pair(0, 1)
    assert window.pair_title.text() == "anna and ben disagree on 5 spans:"
    assert (
        window.pair_model.rowCount() == 5
        and window.pair_model.headerData(3, Qt.Orientation.Horizontal) == "anna"
    )
    assert window.pair_rows.model().index(0, 2).data() == "Dr Watson"
    window.measure_choice.setCurrentIndex(4)  # αu
    assert (
        window.matrix.item(1, 0).text()
        == f"{window.data['overall']['alpha_u']['pairwise']['ben']['anna']:.3f}"
    )


def test_documents_worst_first_and_lanes_per_annotator(window, qtbot):
    measured(window, qtbot)
    assert window.documents.model().index(0, 0).data() == "d2"  # its αu is the lower
    window.tabs.setCurrentIndex(2)
    window.document_choice.setCurrentIndex(0)
    window.select_row(0)
    page = window.lanes.toPlainText()
    assert page.count("Sherlock Holmes") == 3 and "anna" in page and "cara" in page
    assert "Dr Watson" in window.row_choice.model().index(0, 0).data()
    assert window.part_choice.maximum() == 1 and "part" not in page  # a short document is one part


def test_remove_is_enabled_only_with_annotators_selected(window, qtbot):
    """Walked at 1280x720: Remove was enabled with no row chosen (the empty list too) and
    a click on it did nothing visible."""
    remove = next(button for button in window.list_buttons if button.text() == "Remove")
    assert window.paths.count() == 3 and not remove.isEnabled()
    window.paths.item(1).setSelected(True)
    assert remove.isEnabled()
    measured(window, qtbot)  # the work over, Remove as the selection allows
    assert remove.isEnabled()
    remove.click()
    assert window.paths.count() == 2 and not remove.isEnabled()  # the row chosen went; none is chosen now


def test_fewer_than_two_annotators_is_a_dialog(window, qtbot, shown):
    window.paths.clear()
    window.add_paths(["only.tsv"])
    window.measure()
    qtbot.waitUntil(lambda: not window.busy, timeout=10_000)
    assert shown.input_errors and "at least two annotators" in shown.input_errors[0][1]


#: The app's own input-error dialog (the suite's conftest records the error in its place).
SHOW_INPUT_ERROR = dialogs.show_input_error


def dialog_texts(monkeypatch) -> list[tuple[str, str]]:
    """The heading and message of each dialog shown (none waits for a click)."""
    texts: list[tuple[str, str]] = []

    def shown(dialog: dialogs.MessageDialog) -> int:
        texts.append((dialog.heading.text(), dialog.message.text()))
        return 0

    monkeypatch.setattr(dialogs.MessageDialog, "exec", shown)
    monkeypatch.setattr(dialogs, "show_input_error", SHOW_INPUT_ERROR)
    return texts


def test_two_annotators_of_the_same_name_are_a_dialog(window, qtbot, monkeypatch, tmp_path):
    texts = dialog_texts(monkeypatch)
    other = tmp_path / "elsewhere"
    other.mkdir()
    (other / "ben.tsv").touch()
    window.add_paths([str(other / "ben.tsv")])
    window.measure()
    qtbot.waitUntil(lambda: not window.busy, timeout=10_000)
    clash = f"'ben' for both {tmp_path / 'ben.tsv'} and {other / 'ben.tsv'}"
    assert texts == [("<b>Agreement could not be measured.</b>", SAME_NAME + clash)]
    assert window.summary.text() == f"Agreement could not be measured: {SAME_NAME}{clash}"
    assert "--names" not in texts[0][1] and "command line" not in texts[0][1]  # the app has none
    assert window.data is None


#: What the app says where two annotators share a name: its own way out, no command line's.
SAME_NAME = ("expected a different name for each annotator (each file or folder is named after itself, an "
             "export's annotators after their users: rename a file or folder, or remove a row), found ")


def test_files_listed_already_are_not_added_again_and_the_line_says_so(window, qtbot, tmp_path):
    rows = window.rows()
    window.add_paths([str(tmp_path / "ben.tsv"), str(tmp_path / "cara.tsv")])
    assert window.rows() == rows  # they were listed twice, then "found 'ben' twice"
    assert window.summary.text() == (f"{tmp_path / 'ben.tsv'}, {tmp_path / 'cara.tsv'} are listed already: "
                                     "not added again. 3 annotators listed: click Measure agreement.")
    window.paths.item(0).setSelected(True)
    window.remove()
    assert window.summary.text() == "2 annotators listed: click Measure agreement."


def test_the_workbook_is_written_in_the_background_with_progress_and_then_open_buttons(
    window, qtbot, tmp_path
):
    measured(window, qtbot)
    path = tmp_path / "adjudication.xlsx"
    seen: list[float] = []
    window.progress.valueChanged.connect(lambda _: seen.append(window.progress.value()))
    assert window.write_workbook(str(path))
    assert window.busy and window.progress.isVisibleTo(window) and window.cancel_button.isEnabled()
    assert not window.export_button.isEnabled() and not window.measure_button.isEnabled()
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    assert read_workbook(str(path)).rows == window.sheet.rows
    assert window.notice.isVisibleTo(window) and window.notice.paths == [path]
    assert window.notice.open_button.isVisibleTo(window) and window.notice.folder_button.isVisibleTo(window)
    assert not window.progress.isVisibleTo(window) and window.export_button.isEnabled()


def test_a_cancelled_workbook_leaves_no_file(window, qtbot, tmp_path, monkeypatch):
    measured(window, qtbot)
    path = tmp_path / "adjudication.xlsx"
    building, cancelled = threading.Event(), threading.Event()
    real = engine.agreement.workbook.workbook_bytes

    def held(*args, **kwargs):  # the cancel arrives while the workbook is built, however slow the machine
        building.set()
        assert cancelled.wait(20)
        return real(*args, **kwargs)

    monkeypatch.setattr(engine.agreement.workbook, "workbook_bytes", held)
    window.write_workbook(str(path))
    assert building.wait(20)
    window.cancel()
    cancelled.set()
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    assert window.summary.text().endswith(" Cancelled: nothing was written.")
    assert window.summary.text().startswith("3 annotators, ")  # the figures measured stay in view
    assert list(tmp_path.glob("*.xlsx*")) == [] and not window.notice.isVisibleTo(window)


def test_the_workbook_stops_at_its_progress_reports_when_cancelled(window, qtbot):
    measured(window, qtbot)
    progress = Progress()
    progress.cancel()
    with pytest.raises(Cancelled):
        workbook_bytes(window.corpus, window.data, progress)


def test_a_workbook_that_cannot_be_written_is_a_dialog(window, qtbot, tmp_path, shown):
    measured(window, qtbot)
    path = tmp_path / "no such folder" / "adjudication.xlsx"
    window.write_workbook(str(path))
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    assert shown.input_errors and shown.input_errors[0][0] == "The workbook could not be written"
    assert "no such folder" in shown.input_errors[0][1] and not shown.crashes
    assert not path.parent.exists()


def slow_measure(started: threading.Event):
    """A measurement that runs until it is cancelled (10 s at most), reporting progress."""

    def measure(corpus, progress):
        started.set()
        for step in range(1000):
            progress.update(step / 1000, "measuring", force=True)
            time.sleep(0.01)
        raise AssertionError("never cancelled")

    return measure


def test_closing_while_measuring_cancels_and_closes_at_once(window, qtbot, monkeypatch):
    started = threading.Event()
    monkeypatch.setattr(engine.agreement.measures, "measure", slow_measure(started))
    window.measure()
    assert started.wait(10)
    begin = time.perf_counter()
    window.close()
    assert time.perf_counter() - begin < 0.1 and not window.isVisible()
    qtbot.waitUntil(lambda: not window.busy, timeout=5_000)
    assert window.summary.text() == "Cancelled." and window.data is None


def test_the_progress_bar_moves_until_the_measuring_reports_progress(window):
    window._progressed(0.0, "reading the annotators' files")
    assert window.progress.maximum() == 0  # busy, as the main window's: not stuck at 0 %
    window._progressed(0.5, "")
    assert (window.progress.maximum(), window.progress.value()) == (1000, 500)


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # the offscreen platform
def test_the_main_window_closes_once_the_agreement_windows_work_has_stopped(
    window, qtbot, monkeypatch, tmp_path
):
    started = threading.Event()
    monkeypatch.setattr(engine.agreement.measures, "measure", slow_measure(started))
    main = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.show()
    main.open_agreement()
    main.agreement.add_paths(window.path_list())
    main.agreement.measure()
    assert started.wait(10)
    main.close()  # a thread of its child still runs: cancelled, and the window closes when it ends
    assert main.isVisible() and main.agreement.busy
    qtbot.waitUntil(lambda: not main.isVisible(), timeout=5_000)
    assert not main.agreement.busy


WORDS = 60_000  # a document of 360,000 characters: 72 parts of the lanes


def long_annotations(path: str) -> Annotations:
    """One long document: a line of ten words, a span on every fifth word; annotator "b"
    labels every third of them otherwise."""
    text = "".join(f"word{n % 10}" + ("\n" if n % 10 == 9 else " ") for n in range(WORDS))
    other = path.endswith("b.tsv")
    spans = [
        Span(6 * n, 6 * n + 5, "X" if other and n % 15 == 0 else "Y", "long") for n in range(0, WORDS, 5)
    ]
    return Annotations(path, "test", [text_document("long", text)], spans)


@pytest.fixture
def long_window(qtbot, monkeypatch, tmp_path):
    return measured(opened(qtbot, monkeypatch, tmp_path, ("a.tsv", "b.tsv"), long_annotations), qtbot)


def test_a_long_documents_lanes_are_shown_a_part_at_a_time(long_window):
    window = long_window
    parts = window.part_choice.maximum()
    assert parts == -(-WORDS * 6 // PART_CHARS) and window.part_label.text() == f"of {parts}"
    page = window.lanes.toPlainText()
    assert f"(part 1 of {parts}: characters 0–" in page and len(page) < 3 * PART_CHARS
    assert window.row_model.rowCount() == WORDS // 15
    window.select_row(window.row_model.rowCount() - 1)  # the last disagreement: in the last part
    row = window.chosen_row()
    assert window.part_choice.value() == parts and f"part {parts} of {parts}" in window.lanes.toPlainText()
    assert window.lanes_of.bounds[parts - 1] <= row.start < window.lanes_of.bounds[parts]
    assert 'name="chosen"' in window.lanes.toHtml()


def test_a_part_ends_at_the_first_line_end_after_its_size():
    text = "a" * (PART_CHARS + 5) + "\n" + "b" * 10
    assert part_bounds(text) == [0, PART_CHARS + 6, PART_CHARS + 16]
    assert part_bounds("x" * (3 * PART_CHARS)) == [0, PART_CHARS, 2 * PART_CHARS, 3 * PART_CHARS]


def test_a_pairs_disagreements_are_a_model_of_all_rows_made_when_shown(long_window):
    window = long_window
    window.show_pair(0, 1)
    assert window.pair_title.text() == f"a and b disagree on {WORDS // 15:,} spans:"
    assert window.pair_model.rowCount() == WORDS // 15
    last = window.pair_model.rowCount() - 1
    assert (
        window.pair_model.index(last, 2).data() == "word5" and window.pair_model.index(last, 4).data() == "X"
    )


def test_done_gets_the_result_once_the_task_is_cleared(window, qtbot):
    """As in the main window: the work's result reaches `done` with the window no longer busy,
    so that `done` may start more work at once."""
    seen: list[tuple[int, bool, bool]] = []
    done = lambda result: seen.append((result, window.busy, window.cancel_button.isEnabled()))  # noqa: E731
    assert window.run_task("Counting", lambda progress: 7, done, "Counting")
    qtbot.waitUntil(lambda: bool(seen), timeout=20_000)
    assert seen == [(7, False, False)]


def test_a_done_that_raises_still_finishes_the_thread_and_goes_idle(window, qtbot):
    """The thread is finished (collections back on) and `idle` sent even when `done` raises."""
    def done(result):
        raise RuntimeError("done failed")

    with qtbot.captureExceptions() as raised, qtbot.waitSignal(window.idle, timeout=20_000):
        assert window.run_task("Counting", lambda progress: 7, done, "Counting")
    assert [str(error) for _, error, _ in raised] == ["done failed"]
    assert gc.isenabled() and not worker._running and not window.busy


def test_the_figures_measured_stay_in_view_once_the_workbook_is_written(window, qtbot, tmp_path):
    """The green bar says where the workbook is; the line above the tabs keeps Fleiss' κ,
    Krippendorff's α and αu (they were replaced by the workbook's path, which the bar shows)."""
    measured(window, qtbot)
    figures = window.summary.text()
    assert "Fleiss' κ" in figures
    window.write_workbook(str(tmp_path / "adjudication.xlsx"))
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    assert window.notice.isVisibleTo(window) and window.summary.text() == figures


def test_each_measure_says_what_it_measures_where_the_mouse_rests(window, qtbot):
    """κ, α and αu are no everyday words: the measure list, the Documents columns and the
    line of figures say in a sentence what each measures and what 1 and 0 mean."""
    measured(window, qtbot)
    choice = window.measure_choice
    tips = [choice.itemData(i, Qt.ItemDataRole.ToolTipRole) for i in range(choice.count())]
    assert all(tip and ("1 =" in tip or "As " in tip) for tip in tips), tips
    assert "chance" in tips[choice.findText("Cohen's kappa (tokens)")]
    model = window.documents.model()
    headers = [model.headerData(k, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
               for k in range(2, model.columnCount())]  # fmt: skip
    assert all(headers) and "all the annotators" in headers[2]  # Fleiss' κ
    assert "Fleiss' κ" in window.summary.toolTip() and "chance" in window.summary.toolTip()


def test_the_window_groups_its_counts_and_says_one_span(window, qtbot, monkeypatch):
    """ "1,234 documents (1234 every annotator has)" and "disagree on 1 spans" read as the
    rest of the app's counts do."""
    import gui.agreement_window

    measured(window, qtbot)
    names = [f"d{n}" for n in range(1234)]
    window.data = {**window.data, "documents": names, "common_documents": names}
    assert window.figures().startswith("3 annotators, 1,234 documents (every annotator has them all). ")
    real = gui.agreement_window.pair_disagreements
    monkeypatch.setattr(gui.agreement_window, "pair_disagreements", lambda *args: real(*args)[:1])
    window.show_pair(0, 1)
    assert window.pair_title.text() == "anna and ben disagree on 1 span:"


def test_the_figures_line_says_when_the_list_has_changed_since(window, qtbot, tmp_path):
    """After re-listing it read "3 annotators, 2 documents (…). Fleiss' κ …" and nothing else
    for a file added, and "… αu 0.5. 4 annotators listed; Measure agreement." for an export
    listed: two counts of annotators side by side, the figures not the list's."""
    measured(window, qtbot)
    figures = window.figures()
    assert window.summary.text() == figures
    assert "2 documents (every annotator has them all). Fleiss' κ " in figures
    (tmp_path / "dan.tsv").touch()
    window.add_paths([str(tmp_path / "dan.tsv")])
    assert window.summary.text() == (
        f"{figures} The list of annotators has changed since (4 now): click Measure agreement again."
    )
    window.paths.item(3).setSelected(True)
    window.remove()
    assert window.summary.text() == figures  # the list measured again


def test_the_line_says_what_to_do_with_the_annotators_listed(qtbot, tmp_path):
    from gui.agreement_words import START, documents_words

    window = AgreementWindow()
    qtbot.addWidget(window)
    assert window.summary.text() == START
    (tmp_path / "anna.tsv").touch()
    window.add_paths([str(tmp_path / "anna.tsv")])
    assert window.summary.text() == "1 annotator listed: add another, then click Measure agreement."
    assert documents_words(1, 1) == "1 document (every annotator has it)"
    assert documents_words(12, 10) == "12 documents (every annotator has 10 of them)"
    assert documents_words(3, 0) == "3 documents (every annotator has none of them)"


def changed(now: int) -> str:
    return f"The list of annotators has changed since ({now} now): click Measure agreement again."


def test_a_measuring_that_fails_or_is_cancelled_still_says_the_list_has_changed(
    window, qtbot, monkeypatch, tmp_path
):
    """The note was left out of every line said while a task was set, the end of a failed
    or cancelled one too: "3 annotators, … αu 0.5. Cancelled." with 4 annotators listed."""
    figures = measured(window, qtbot).figures()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "ben.tsv").touch()  # a second annotator named ben: measuring fails
    window.add_paths([str(tmp_path / "elsewhere" / "ben.tsv")])
    window.measure()
    qtbot.waitUntil(lambda: not window.busy, timeout=10_000)
    assert window.summary.text().startswith(f"{figures} {changed(4)} Agreement could not be measured: ")
    for row in (3, 2):  # the other ben, then cara
        window.paths.item(row).setSelected(True)
        window.remove()
    started = threading.Event()
    monkeypatch.setattr(engine.agreement.measures, "measure", slow_measure(started))
    window.measure()
    assert started.wait(10)
    window.cancel()
    qtbot.waitUntil(lambda: not window.busy, timeout=5_000)
    assert window.summary.text() == f"{figures} {changed(2)} Cancelled."


@pytest.mark.parametrize("again", [False, True])
def test_a_row_removed_while_measuring_leaves_the_line_saying_what_runs(window, qtbot, monkeypatch, again):
    """Removing a row while measuring put the figures alone, or before any measuring "2
    annotators listed: click Measure agreement.", in place of what the window was doing."""
    if again:
        measured(window, qtbot)
    started = threading.Event()
    monkeypatch.setattr(engine.agreement.measures, "measure", slow_measure(started))
    window.measure()
    assert started.wait(10)
    before = window.summary.text()
    assert before.endswith(("Measuring agreement…", "measuring"))
    window.paths.item(2).setSelected(True)
    window.remove()
    assert window.summary.text() == before
    window.cancel()
    qtbot.waitUntil(lambda: not window.busy, timeout=5_000)
    if again:
        assert window.summary.text().endswith(f"{changed(2)} Cancelled.")


def test_the_figures_are_of_the_rows_listed_when_measure_was_clicked(window, qtbot, monkeypatch):
    """A row removed while measuring: the figures that come are of the three rows measured."""
    started, go = threading.Event(), threading.Event()
    real = engine.agreement.measures.measure

    def gated(corpus, progress):
        started.set()
        assert go.wait(10)
        return real(corpus, progress)

    monkeypatch.setattr(engine.agreement.measures, "measure", gated)
    listed = window.rows()
    window.measure()
    assert started.wait(10)
    window.paths.item(2).setSelected(True)
    window.remove()
    go.set()
    qtbot.waitUntil(lambda: not window.busy and window.data is not None, timeout=20_000)
    assert window.measured == listed and len(window.rows()) == 2
    assert window.summary.text().endswith(changed(2))


def test_several_rows_chosen_with_shift_are_removed_at_once(window, qtbot):
    before = window.rows()
    first, last = (window.paths.visualItemRect(window.paths.item(row)).center() for row in (0, 1))
    qtbot.mouseClick(window.paths.viewport(), Qt.MouseButton.LeftButton, pos=first)
    qtbot.mouseClick(window.paths.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, last)
    window.remove()
    assert window.rows() == before[2:] and window.removed == set(before[:2])


def test_measure_hands_the_focus_to_cancel_and_takes_it_back(window, qtbot, monkeypatch):
    """As the main window's Evaluate: pressed from the keyboard, Measure hands its focus to
    Cancel while the work runs (Space stops it) and takes it back when the work ends."""
    started = threading.Event()
    monkeypatch.setattr(engine.agreement.measures, "measure", slow_measure(started))
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.measure_button.setFocus()
    qtbot.waitUntil(window.measure_button.hasFocus)
    window.measure()
    assert started.wait(10) and window.cancel_button.hasFocus()
    window.cancel()
    qtbot.waitUntil(lambda: not window.busy, timeout=5_000)
    assert window.measure_button.hasFocus()
