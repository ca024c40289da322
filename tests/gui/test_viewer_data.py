"""What the viewer prepares off the UI thread: layout blocks, the index of stretches, the
error columns shown and the detail tables' frames."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.formats.spantable import SpanTable
from engine.report import ColumnRows, Later, Report
from engine.spans import Document
from gui.viewer_data import (
    WORD_BLOCK,
    DocumentData,
    Mark,
    ReportData,
    Side,
    StretchIndex,
    _labels_and_kinds,
    _marks,
    layout_blocks,
    newline_positions,
    row_pieces,
    unit_ranges,
)

stretches = st.lists(st.tuples(st.integers(0, 300), st.integers(0, 400)), max_size=80)


@settings(max_examples=300, deadline=None)
@given(stretches, st.integers(0, 400), st.integers(1, 60))
def test_the_stretch_index_finds_exactly_the_overlapping_stretches(pairs, start, length):
    starts = np.array([a for a, _ in pairs], dtype=np.int64)
    ends = np.array([a + b % 50 if b % 7 else a + b for a, b in pairs], dtype=np.int64)  # a few long ones
    index = StretchIndex(starts, ends)
    end = start + length
    expected = [i for i in range(len(pairs)) if starts[i] < end and max(ends[i], starts[i] + 1) > start]
    assert sorted(index.overlapping(start, end)) == expected


def test_units_are_cut_into_blocks_and_gaps_become_blocks_of_their_own():
    doc = Document("d", [str(i) for i in range(1000)], [(0, 10), (20, 700)])
    assert unit_ranges(doc).tolist() == [[0, 10], [10, 20], [20, 700], [700, 1000]]
    data = DocumentData(doc, Side.empty(), Side.empty())
    assert data.blocks == [(0, 10), (10, 20), (20, 20 + WORD_BLOCK), (20 + WORD_BLOCK, 20 + 2 * WORD_BLOCK),
                           (20 + 2 * WORD_BLOCK, 700), (700, 956), (956, 1000)]  # fmt: skip
    assert data.block_of(0) == 0 and data.block_of(21) == 2 and data.block_of(999) == 6


def test_an_overlapping_unit_starts_where_the_one_before_ended_and_breaks_cut_blocks():
    doc = Document("d", "ab\ncdefgh\nij\nklmnopq", [(8, 15), (5, 12)])
    assert unit_ranges(doc).tolist() == [[0, 5], [5, 12], [12, 15], [15, 20]]
    starts, ends = layout_blocks(unit_ranges(doc), 4, newline_positions(doc))
    assert list(zip(starts.tolist(), ends.tolist(), strict=True)) == [
        (0, 3), (3, 5), (5, 9), (9, 10), (10, 12), (12, 13), (13, 15), (15, 19), (19, 20)]  # fmt: skip


def test_attached_words_replace_numbers_unit_by_unit():
    doc = Document("d", [str(i % 3 + 1) for i in range(6)], [(0, 3), (3, 6)], has_words=False)
    data = DocumentData(doc, Side.empty(), Side.empty())
    assert data.numbered
    attachment = data.attached([["a", "b", "c", "d"], ["e"]])
    assert attachment.words == ["a", "b", "c", "e", "2", "3"]
    assert attachment.tails == {0: ["d"]}
    assert attachment.notes == [
        "1 sentence has fewer tokens than the annotation uses; the positions beyond keep their numbers."
    ]
    data.attach(attachment)
    assert not data.numbered and data.text(3) == "e"
    assert data.shown(0, 3) == "a b c"


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 60), st.integers(0, 9), st.integers(0, 2)), max_size=40),
       st.integers(0, 60), st.integers(1, 20))  # fmt: skip
def test_a_span_table_side_shows_the_same_spans_as_its_span_objects(rows, start, length):
    """A SpanTable's spans are indexed from its columns: each document's side finds the same
    Spans (parts included) as the Span objects themselves give, and exactly those of its
    document that share a position with the range (a span beyond its document's end, or of
    a document the report does not hold, is nobody else's)."""
    table = SpanTable.of_rows([(d, s, s + n, label) for d, s, n, label in rows], ["A", "B", "C"], ["x", "y", "z"],
                              {i: [(s, s + 1), (s + n, s + n)] for i, (_, s, n, _) in enumerate(rows) if n % 3 == 0})  # fmt: skip
    documents = [Document("x", ["w"] * 10), Document("y", ["w"] * 70)]
    end = start + length
    for spans in (table, list(table)):
        report = Report("spans", "", {}, [], {}, documents=documents, gold_spans=spans)
        shown = ReportData.build(report).documents
        for name in ("x", "y"):
            found = shown[name].sides["gold"].spans_in(start, end)
            expected = sorted((s for s in table if s.doc == name and s.start < end and max(s.end, s.start + 1) > start),
                              key=lambda s: (s.start, -s.end))  # fmt: skip
            assert [(s, s.attrs) for s in found] == [(s, s.attrs) for s in expected]
    assert _labels_and_kinds(table, table.places()) == ({span.label for span in table}, set())


def test_source_name_finds_the_file_of_a_folder_document():
    from gui.viewer_data import source_name

    files = ["/c/a.ann", "/c/a.txt", "/c/sub/b.ann", "/c/many.jsonl"]
    assert source_name(files, "a") == "a.ann"
    assert source_name(files, "sub/b") == "b.ann"
    assert source_name(files, "many/7") == "many.jsonl"  # a file holding several documents
    assert source_name(files, "elsewhere") == "c"  # none of its files: the folder holding them
    assert source_name(["/c/a.ann", "d/b.ann"], "elsewhere") == "elsewhere"  # no folder in common


def test_documents_are_laid_out_when_first_asked_for_but_the_first_at_once():
    """The viewer opens one document at a time: build lays out the first (off the UI thread),
    each other one is laid out when asked for, once, as it would have been at once."""
    documents = [Document(name, ["w"] * length, [(0, 3), (5, length)]) for name, length in
                 (("x", 10), ("y", 700), ("z", 40))]  # fmt: skip
    table = SpanTable.of_rows([(d, 1, 4, 0) for d in range(3)], ["A"], ["x", "y", "z"], {})
    shown = ReportData.build(Report("spans", "", {}, [], {}, documents=documents, gold_spans=table)).documents
    assert list(shown) == ["x", "y", "z"] and len(shown) == 3 and "w" not in shown and "z" in shown
    assert list(shown._made) == ["x"] and shown.get("w") is None
    for document in documents:
        data = shown[document.name]
        assert data is shown[document.name] and data.document is document
        assert data.blocks == DocumentData(document, Side.empty(), Side.empty()).blocks
        assert [(s.doc, s.start) for s in data.sides["gold"].spans_in(0, len(document))] == [
            (document.name, 1)
        ]
    assert list(shown._made) == ["x", "y", "z"]


side_values = st.one_of(
    st.tuples(st.just(None), st.none() | st.integers(0, 50), st.none() | st.integers(0, 50)),  # start and end
    st.tuples(
        st.lists(st.tuples(st.integers(0, 50), st.integers(0, 50)), max_size=3),
        st.integers(0, 9),
        st.integers(0, 9),
    ),  # parts (none: start and end count)
    st.tuples(st.just(""), st.just(True), st.just(3)),  # a bool is no position
)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(side_values, max_size=30),
    st.lists(st.sampled_from(["FN", "FP", None]), min_size=30, max_size=30),
)
def test_the_error_marks_are_the_pieces_of_each_row_in_row_order(values, types):
    """A side's marks, kept as columns, are each row's pieces there (as row_pieces reads
    them from the row), row after row, each with its row's type ("" for none)."""
    columns = {"type": types[: len(values)], "gold_parts": [p for p, _, _ in values],
               "gold_start": [s for _, s, _ in values], "gold_end": [e for _, _, e in values]}  # fmt: skip
    errors = ColumnRows(columns)
    marks = _marks(errors, "gold")
    expected = [Mark(start, end, row, types[row] or "") for row in range(len(values))
                for start, end in row_pieces(errors.row(row), "gold")]  # fmt: skip
    assert marks.marks(list(range(len(marks.rows)))) == expected
    assert _marks(errors, "system").marks([]) == [] and len(_marks(errors, "system").rows) == 0


def test_the_error_table_shows_the_columns_that_hold_a_value():
    """Columns of only "" and None (in lists or not) are left out, and of pandas' NA too;
    one value anywhere keeps a column, as does 0, False or a value after empty ones; the id
    and type always show."""
    import pandas as pd

    from gui.error_columns import shown_columns

    n = 50
    empties = ["", None] * (n // 2)
    columns = {
        "error_id": [""] * n, "type": [None] * n, "gold_label": [""] * n, "system_label": [None] * n,
        "gold_text": empties, "system_text": (*empties[:-1], "x"), "detail": [*empties[:-1], 0],
        "comment": [float("nan")] * (n - 1) + [False], "mine": [None] * (n - 1) + [""],
        "na": ["", pd.NA] * (n // 2), "na_then_text": ["", pd.NA, *[""] * (n - 3), "y"],
        "whole": [None] * (n - 1) + [0], "flags": [None, *[True] * (n - 1)], "nones": [None] * n,
        "later": Later(n, lambda: [None, *[""] * (n - 2), "z"]), "later_empty": Later(n, lambda: [""] * n),
    }  # fmt: skip
    shown = shown_columns(ColumnRows(columns), list(columns))
    assert shown == ["error_id", "type", "detail", "system_text", "comment", "na_then_text", "whole", "flags",
                     "later"]  # fmt: skip
    asked: list[tuple[int, int]] = []
    first = Later(n, part=lambda a, b: asked.append((a, b)) or ["v"] * (b - a))
    assert shown_columns(ColumnRows({"error_id": [""] * n, "first": first}), ["error_id", "first"]) == [
        "error_id", "first"] and asked == [(0, 1)]  # its first cell alone: not made whole  # fmt: skip


def test_detail_tables_made_off_the_ui_thread_and_shown_as_made(qtbot, window, tmp_path, monkeypatch):
    """A detail table (poetry's pages) becomes a DataFrame on the worker (ReportData.build:
    43,000 pages took the UI thread 0.09-0.13 s), and its tab shows that very frame; the
    error ids, a column made when first read, are never made whole on the UI thread (136,308
    ids: 40 ms): the table makes the id of each row it shows alone."""
    import threading

    from engine.methods.poetry import spanrows
    from engine.report import Table
    from gui.results import DetailView
    from tests.engine.test_poetry_examples import write_pages

    from .conftest import evaluate

    made_on: list[bool] = []
    frame, ids = Table.frame, spanrows.error_ids
    monkeypatch.setattr(Table, "frame", lambda self: made_on.append(self.kind == "detail" and threading.current_thread()
                                                                    is threading.main_thread()) or frame(self))  # fmt: skip
    ids_made: list[tuple[bool, int]] = []  # on the UI thread, how many
    monkeypatch.setattr(spanrows, "error_ids", lambda stop, start=0: ids_made.append((threading.current_thread()
                        is threading.main_thread(), stop - start)) or ids(stop, start))  # fmt: skip
    ref, sys_ = write_pages(tmp_path, [("p1", [(0, 10, "A")], [(0, 10, "A")]), ("p2", [(3, 9, "B")], [])])
    evaluate(qtbot, window, "poetry", str(ref), str(sys_))
    tabs = [window.tabs.widget(k) for k in range(window.tabs.count())]
    details = [tab for tab in tabs if isinstance(tab, DetailView)]
    assert len(details) == 1 and details[0].view.model().frame is window.data.detail_frames["pages"]
    assert made_on and not any(made_on)  # no detail table's frame made on the UI thread
    assert (True, 1) in ids_made and all(count == 1 for ui, count in ids_made if ui)  # a cell's id at a time
    model = window.errors.model
    assert model.columns[0] == "error_id" and [model.data(model.index(row, 0)) for row in range(2)] == ["E1", "E2"]


def test_a_detail_tab_fits_its_columns_when_first_shown(qtbot):
    """A detail tab behind the Scores tab fits its columns to their contents when it is first
    shown (poetry's 43,000 pages: 40-100 ms of the UI thread, spent while the report was
    shown), as the view fitted at once would be."""
    from engine.report import Table
    from gui.results import DetailView, table_view

    table = Table(["page", "text"], [["p1", "a text longer than a column is wide " * 2], ["p2", "x"]], kind="detail")
    tab = DetailView("pages", table)
    qtbot.addWidget(tab)
    default = tab.view.horizontalHeader().defaultSectionSize()
    assert [tab.view.columnWidth(k) for k in range(2)] == [default, default]
    tab.show()
    qtbot.waitExposed(tab)
    fitted = table_view(table.frame(), table.scale)
    qtbot.addWidget(fitted)
    assert [tab.view.columnWidth(k) for k in range(2)] == [fitted.columnWidth(k) for k in range(2)]
    assert tab.view.columnWidth(1) > 2 * default


def test_row_documents_from_coded_names_are_those_of_the_names(tmp_path):
    """The error rows' document numbers where the rows keep their documents Coded (poetry's
    pages) are those of the names row by row, a name not in the report `other`."""
    from engine.methods import get_method
    from gui.viewer_data import _row_documents
    from tests.engine.test_poetry_examples import write_pages

    pages = [("p1", [(0, 10, "A"), (12, 14, "B")], [(0, 10, "A")]), ("p2", [(3, 9, "B"), (10, 11, "B")], []),
             ("p3", [], [(1, 2, "C"), (4, 6, "C")])]  # more rows than pages: the names Coded  # fmt: skip
    method = get_method("poetry")
    report = method.evaluate(*map(str, write_pages(tmp_path, pages)), method.Options(), detail=True)
    errors = report.error_rows
    assert "document" in errors.coded_texts()
    for number in ({"p1": 0, "p2": 1, "p3": 2}, {"p3": 0, "p1": 5}):
        expected = [number.get(name, 9) for name in errors.column("document")]
        assert _row_documents(errors, number, 9).tolist() == expected and len(expected) == 6


def test_poetry_columns_without_a_value_are_known_so_without_being_made(tmp_path):
    """Without page texts, the span text columns are Coded with no text (−1 in every row),
    and the piece bounds of spans none of which is split are blank in every row: the error
    view hides them without making their 136,308 values (poetry's bench) to look at them."""
    from engine.methods import get_method
    from gui.error_columns import shown_columns
    from tests.engine.test_poetry_examples import write_pages

    pages = [("p1", [(0, 10, "A"), (12, 14, "B")], [(0, 10, "A")]), ("p2", [(3, 9, "B")], [(2, 9, "B")])]
    method = get_method("poetry")
    errors = method.evaluate(*map(str, write_pages(tmp_path, pages)), method.Options(), detail=True).error_rows
    coded = errors.coded_texts()
    assert {key: coded[key].texts for key in ("gold_text", "system_text")} == {"gold_text": (), "system_text": ()}
    assert (coded["gold_text"].number == -1).all()
    shown = shown_columns(errors, list(errors.keys()))
    assert not {"gold_text", "system_text", "piece_start", "piece_end"} & set(shown)
    assert {"gold_position", "system_position", "factor"} <= set(shown)
    assert errors.columns["gold_text"]._make is not None  # not made
    assert errors.column("gold_text") == [""] * len(errors) and errors.column("piece_start") == [None] * len(errors)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(["", "x", "split"]), st.integers(0, 3)), max_size=4), st.data())
def test_a_coded_column_holds_a_value_as_its_values_do(texts, data):
    """Where the rows keep a column Coded (its texts, and per row the number of its text, −1
    for ""), whether it holds a value is told by the texts its rows use (a text no row uses
    is none), as its values tell it."""
    from engine.report import Coded
    from gui.error_columns import holds_value

    numbers = data.draw(st.lists(st.integers(-1, len(texts) - 1), min_size=1, max_size=8))
    values = [texts[k] if k >= 0 else "" for k in numbers]
    assert holds_value(values, Coded(texts, np.array(numbers, np.int64))) == holds_value(values)
