"""The side-by-side viewer: layout, highlighting, tooltips, synchronized scrolling, and a
document of a million tokens that opens and scrolls without freezing the window."""

from __future__ import annotations

import gc
import time

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QTimer

from engine.report import Report, Table, error_row
from engine.spans import Document, Span
from gui.viewer import Layout, SideBySideViewer
from gui.viewer_data import CHAR_BLOCK, WORD_BLOCK, DocumentData, ReportData, Side
from gui.viewer_layout import Line

from .conftest import wait_idle
from .toy_method import ToyOptions, build

MILLION = 1_000_000
WORDS = ("the", "annotation", "of", "a", "long", "text", "with", "many", "spans", ".")


def big_report(unit_length: int | None) -> Report:
    """A million-token document (sentences of `unit_length` tokens, or one unit), a span
    every 10 tokens on each side, and an error for every 50th gold span."""
    tokens = [WORDS[i % len(WORDS)] for i in range(MILLION)]
    units = (
        [(s, min(s + unit_length, MILLION)) for s in range(0, MILLION, unit_length)] if unit_length else []
    )
    doc = Document("big.txt", tokens, units)
    labels = ("PER", "LOC", "ORG")
    gold = [Span(s, s + 3, labels[(s // 10) % 3], "big.txt") for s in range(0, MILLION, 10)]
    system = [Span(s + 1, s + 3, labels[(s // 10) % 3], "big.txt") for s in range(0, MILLION, 10)]
    errors = [
        error_row(document="big.txt", unit=doc.unit_of(g.start) + 1, type="BE", subtype="BES", gold_label=g.label,
                  system_label=s.label, gold_start=g.start, gold_end=g.end, system_start=s.start,
                  system_end=s.end, gold_text=doc.text(g.start, g.end), system_text=doc.text(s.start, s.end))
        for g, s in zip(gold[::50], system[::50], strict=True)
    ]  # fmt: skip
    tables = {"overall": Table(["measure", "value"], [["f1", 0.5]], "Overall")}
    return Report("big", "Big", {}, [], tables, errors, [doc], gold, system)


def paint(pane) -> None:
    """Paint a pane now (as the screen would), whatever the platform's update timing."""
    pane.viewport().grab()


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


@pytest.mark.parametrize("unit_length", [25, None], ids=["sentences", "one-unit"])
def test_a_million_token_document_opens_and_scrolls_without_freezing(qtbot, unit_length):
    report = big_report(unit_length)
    build = timed(lambda: ReportData.build(report))  # done off the UI thread by the app
    data = ReportData.build(report)
    doc = data.documents["big.txt"]
    assert len(doc) == MILLION and len(doc.blocks) == (40_000 if unit_length else MILLION // WORD_BLOCK + 1)
    viewer = SideBySideViewer()
    qtbot.addWidget(viewer)
    viewer.resize(1200, 700)
    viewer.show()
    qtbot.waitExposed(viewer)
    gold, system = viewer.panes["gold"], viewer.panes["system"]
    timings = {"open": timed(lambda: (viewer.set_report(data), paint(gold), paint(system)))}
    timings["to the end"] = timed(lambda: (gold.set_top(len(doc.blocks) - 1, 0, notify=True), paint(gold)))
    assert system.top == gold.top != (0, 0)
    assert gold._painted and gold._painted[-1][1].end == MILLION
    last = len(report.error_rows) - 1
    timings["to an error"] = timed(lambda: (viewer.show_error(last), paint(gold), paint(system)))
    start = report.error_rows[last]["gold_start"]
    assert any(line.first <= start < line.end for _, line in gold._painted)
    middle = len(doc.blocks) // 2
    gold.set_top(middle, 0, notify=True)
    steps = []
    for _ in range(30):
        steps.append(timed(lambda: (gold.scroll_lines(7), paint(gold), paint(system))))
    timings["scroll step (slowest of 30)"] = max(steps)
    assert gold.top == system.top and gold.top[0] > middle
    print(f"\n1M tokens ({'units of 25' if unit_length else 'one unit'}): preparing {build:.2f} s off the UI thread; "
          + ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in timings.items()))  # fmt: skip
    assert timings["open"] < 1.0
    assert max(timings["to the end"], timings["to an error"], timings["scroll step (slowest of 30)"]) < 0.5


def test_the_window_stays_responsive_while_a_big_report_is_prepared(qtbot, window):
    # What earlier tests left to delete (their viewers of a million tokens, deleted later by Qt)
    # is deleted now, not by this test's event loop on the UI thread: in a whole suite's run it
    # stalled the first ticks 0.8-1.2 s (alone the longest pause is 40-75 ms).
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()
    report = big_report(25)
    ticks: list[float] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start(20)
    ticks.append(time.perf_counter())  # a pause before the first tick counts too

    def job(progress):  # again and again, so that the run lasts long enough to watch:
        start = time.perf_counter()  # at least 0.6 s and 10 ticks of the UI thread's timer
        data = ReportData.build(report, progress)
        while time.perf_counter() - start < 0.6 or len(ticks) < 10:
            data = ReportData.build(report, progress)
        return data

    assert window.run_task("Preparing", job, window.show_report, "x")
    wait_idle(qtbot, window, timeout=60_000)
    timer.stop()
    gaps = [b - a for a, b in zip(ticks, ticks[1:], strict=False)]
    print(f"\nUI thread while preparing 1M tokens: longest pause {max(gaps) * 1000:.0f} ms")
    # A pause a user would call a freeze; the machine is shared, and Python's garbage collector
    # may pause both threads for a few hundred ms over millions of objects.
    assert len(ticks) > 5 and max(gaps) < 1.0, f"the UI thread stalled for {max(gaps):.2f} s"
    assert window.viewer.doc is not None and len(window.viewer.doc) == MILLION
    assert window.errors.model.rowCount() == len(report.error_rows)


def test_character_documents_break_at_line_ends_and_wrap_at_blanks(qtbot, tmp_path):
    (tmp_path / "g").write_text("x")
    data = ReportData.build(build(str(tmp_path / "g"), str(tmp_path / "g"), ToyOptions()))
    doc = data.documents["toy.txt"]
    assert doc.chars and doc.blocks == [(0, 13), (13, 28)]
    long_text = " ".join(f"word{i}" for i in range(1000))
    long_doc = DocumentData(Document("long", long_text, joiner=""), Side.empty(), Side.empty())
    end = long_doc.blocks[0][1]  # after the last blank a block holds: no word is cut in two
    assert CHAR_BLOCK // 2 < end <= CHAR_BLOCK and long_text[end - 1] == " "
    assert long_doc.blocks[-1][1] == len(long_text)
    viewer = SideBySideViewer()
    qtbot.addWidget(viewer)
    viewer.resize(500, 400)
    viewer.show()
    qtbot.waitExposed(viewer)
    viewer.set_report(data)
    pane = viewer.panes["gold"]
    assert [shown_on(line) for line in pane.lines(0)] == ["The cat sat."]  # the line end shows nothing
    layout = Layout(long_doc, pane.font(), 300)
    lines = layout.lines(0)
    assert len(lines) > 10
    for line in lines:
        assert layout.metrics.horizontalAdvance(shown_on(line).rstrip()) <= 300 + 1
        assert all(piece.startswith("word") for piece in shown_on(line).split())
    assert "".join(shown_on(line) for line in lines) == long_text[:end]


def shown_on(line: Line) -> str:
    """The texts of a line's positions [first, end), as its block shows them."""
    block = line.source
    return "".join(block.texts[line.first - block.first : line.end - block.first])


def test_spans_and_errors_are_drawn_with_the_palette_and_kinds(qtbot, tmp_path):
    (tmp_path / "g").write_text("x")
    data = ReportData.build(build(str(tmp_path / "g"), str(tmp_path / "g"), ToyOptions()))
    viewer = SideBySideViewer()
    qtbot.addWidget(viewer)
    viewer.set_report(data)
    palette = viewer.palette_
    assert list(palette.labels) == ["ANIMAL", "S"] and list(palette.types) == ["FN"]
    assert palette.kinds == {"clause": "fill", "entity": "outline"}
    legend = viewer.legend.text()
    assert "ANIMAL" in legend and "FN" in legend and "entity" in legend and "selected error" in legend
    pane = viewer.panes["gold"]
    tip = pane.tooltip_at(5)
    assert "<b>S</b> “The cat sat.” — line 1, characters 1–12 (positions [0, 12)) · kind clause" in tip
    assert "<b>ANIMAL</b> “cat” — line 1, characters 5–7 (positions [4, 7)) · kind entity" in tip
    assert "E1: FN ANIMAL" in pane.tooltip_at(16)
    clicked = []
    viewer.error_clicked.connect(clicked.append)
    pane.position_clicked.emit(16)
    viewer.panes["system"].position_clicked.emit(16)  # no error on the system side there
    assert clicked == [0]


def test_scrolling_one_pane_scrolls_the_other(qtbot):
    report = small_report()
    viewer = SideBySideViewer()
    qtbot.addWidget(viewer)
    viewer.resize(600, 300)
    viewer.show()
    qtbot.waitExposed(viewer)
    viewer.set_report(ReportData.build(report))
    gold, system = viewer.panes["gold"], viewer.panes["system"]
    system.scroll_lines(12)
    assert gold.top == system.top != (0, 0)
    gold.verticalScrollBar().setValue(40)
    assert system.top == gold.top == (40, 0)


def small_report() -> Report:
    tokens = [WORDS[i % len(WORDS)] for i in range(2000)]
    doc = Document("small", tokens, [(s, s + 20) for s in range(0, 2000, 20)])
    spans = [Span(s, s + 2, "X", "small") for s in range(0, 2000, 7)]
    return Report("s", "S", {}, [], {}, [], [doc], spans, spans)


def test_a_hidden_error_table_measures_a_sample_of_its_rows(qtbot, monkeypatch):
    """Qt sizes the columns of a table that is not shown from every row (36-41 s for
    116,892 errors); the panel measures at most a sample then."""
    from gui.errors_panel import ErrorsPanel
    from gui.models import SAMPLED_ROWS, RowsModel

    asked: set[int] = set()
    data = RowsModel.data

    def counted(self, index, role=0):
        asked.add(index.row())
        return data(self, index, role)

    monkeypatch.setattr(RowsModel, "data", counted)
    panel = ErrorsPanel()
    qtbot.addWidget(panel)
    report = big_report(25)
    panel.set_report(ReportData.build(report))
    assert panel.model.rowCount() == len(report.error_rows) == 2000
    assert 0 < len(asked) <= 2 * SAMPLED_ROWS
    qtbot.waitUntil(lambda: not panel.busy)  # its rows' order is found on a worker thread


def test_the_error_table_and_the_viewer_read_the_error_columns_without_making_rows(
    qtbot, window, monkeypatch
):
    """FairEval's error rows are columns (report.ColumnRows): the app shows, sorts, filters
    and searches them and jumps to one without making a row a dict (116,892 of them took
    half a second of the worker's time, holding the interpreter's lock)."""
    from PySide6.QtCore import Qt

    from engine.report import ColumnRows

    from .conftest import evaluate, wait_idle

    made: list[tuple[int, int]] = []
    monkeypatch.setattr(ColumnRows, "dicts", lambda self, start, stop: made.append((start, stop)) or [])
    evaluate(qtbot, window)  # the bundled example
    errors, viewer = window.errors, window.viewer
    assert isinstance(window.report.error_rows, ColumnRows) and errors.model.rowCount() == 9
    errors.table.sortByColumn(errors.model.columns.index("type"), Qt.SortOrder.DescendingOrder)
    wait_idle(qtbot, window)
    types = [errors.model.index(r, errors.model.columns.index("type")).data() for r in range(9)]
    assert types == sorted(types, reverse=True) and types[0] == "LE"
    errors.label_filter.setCurrentText("PER")
    wait_idle(qtbot, window)
    assert sorted(errors.model.index(r, 0).data() for r in range(errors.model.rowCount())) == ["E2", "E7"]
    errors.clear_filters()
    errors.search.setText("reichenbach")
    errors.apply_filters()
    wait_idle(qtbot, window)
    assert errors.count.text() == "1 of 9"
    errors.select_error(3)
    assert viewer.panes["gold"].selection[0] == [(viewer.data.error_row(3)["gold_start"],
                                                  viewer.data.error_row(3)["gold_end"])]  # fmt: skip
    assert made == []


def test_pane_titles_name_the_file_of_the_document_shown_for_a_folder(qtbot):
    """A side read from a folder: the titles follow the document chosen (the main window
    names one file of the folder, here the last)."""
    from engine.report import InputFile

    docs = [Document(name, ["a", "b"]) for name in ("PMID-1", "PMID-2")]
    files = [InputFile(side, f"/data/{side}/{name}{ext}", "0" * 64)
             for side in ("gold", "system") for name in ("PMID-1", "PMID-2") for ext in (".ann", ".txt")]  # fmt: skip
    report = Report("toy", "Toy", {}, files, {}, [], docs, [], [])
    viewer = SideBySideViewer()
    qtbot.addWidget(viewer)
    viewer.set_titles("Gold — PMID-2.txt", "System — PMID-2.txt")
    viewer.set_report(ReportData.build(report))
    assert viewer.documents.currentText() == "PMID-1"
    assert [viewer.titles[s].text() for s in ("gold", "system")] == ["<b>Gold — PMID-1.ann</b>", "<b>System — PMID-1.ann</b>"]
    viewer.documents.setCurrentText("PMID-2")
    assert viewer.titles["gold"].text() == "<b>Gold — PMID-2.ann</b>"
    single = Report("toy", "Toy", {}, [InputFile("gold", "/data/one.jsonl", "0" * 64)], {}, [], docs, [], [])
    viewer.set_titles("Gold — one.jsonl", "System — two.jsonl")
    viewer.set_report(ReportData.build(single))
    assert viewer.titles["gold"].text() == "<b>Gold — one.jsonl</b>"  # one file of several documents


def test_an_error_type_has_its_colour_whatever_types_the_run_has(qtbot):
    """FN red in a run of FN and FP as in one of BE, FN, FP (they went in the order of the
    types present: BE took red there); another type's colour is chosen by its name."""
    from gui.viewer_palette import Palette

    brat, example = Palette([], ["FN", "FP"], []), Palette([], ["BE", "FN", "FP", "LBE", "LE"], [])
    assert brat.error_type("FN") == example.error_type("FN") and brat.error_type("FN").name() == "#d62728"
    assert brat.error_type("FP") == example.error_type("FP")
    assert len({colour.name() for colour in example.types.values()}) == 5  # each told apart
    clueval = Palette([], ["contained", "covered", "exact", "tiled", "unmatched"], [])
    assert len({colour.name() for colour in clueval.types.values()}) == 5
    assert Palette([], ["a", "odd"], []).error_type("odd") == Palette([], ["odd"], []).error_type("odd")


def test_every_methods_missed_gold_is_red_and_its_types_told_apart():
    """ProPara's 'missing' (an answer the predictions lack) was grey by its name's checksum
    while FN, missed and unmatched are red; no two error types of one method share a colour."""
    from engine.glossary import GLOSSARY
    from gui.viewer_palette import type_colour

    assert type_colour("missing") == type_colour("missed") == type_colour("FN") == "#d62728"
    for terms in GLOSSARY.values():
        names = [term.name for term in terms.error_types]
        assert len({type_colour(name) for name in names}) == len(names), terms.method


def test_an_empty_document_is_said_to_be_empty_not_the_report(qtbot):
    """A document without text (a poetry page without spans) is chosen: its panes say so,
    not that the report has no documents; a report without documents still says that."""
    empty, full = Document("page-0", [], []), Document("page-1", ["a", "poem"], [(0, 2)])
    spans = [Span(0, 2, "poem-1", "page-1")]
    report = Report("toy", "Toy", {}, [], {}, [], [empty, full], spans, spans)
    viewer = SideBySideViewer()
    qtbot.addWidget(viewer)
    viewer.set_report(ReportData.build(report))
    assert viewer.doc is not None and viewer.doc.name == "page-0" and not viewer.doc.blocks
    assert {pane.empty_text() for pane in viewer.panes.values()} == {"This document has no text to show."}
    viewer.set_report(ReportData.build(Report("toy", "Toy", {}, [], {}, [], [], [], [])))
    assert {pane.empty_text() for pane in viewer.panes.values()} == {"This report has no documents to show."}
