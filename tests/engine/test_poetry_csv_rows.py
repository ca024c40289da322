"""The poetry CSV's rows (render.csv_rows and a run's rows written a block at a time) are
what the csv module writes for the same values."""

from __future__ import annotations

import csv
import io
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.methods import get_method
from engine.methods.poetry import Options
from engine.methods.poetry.render import csv_rows


def csv_module(page_ids, scores):
    buffer = io.StringIO()
    csv.writer(buffer).writerows([page_id, *score[:8]] for page_id, score in zip(page_ids, scores, strict=True))
    return buffer.getvalue()


SCORE = st.one_of(st.floats(allow_nan=False), st.sampled_from([0, 1]))  # precision, recall: 1 and 0 in the edge cases
COUNT = st.one_of(st.integers(0, 300), st.integers(0, 10**20))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.one_of(st.text(), st.text(",\"\r\n ab"), st.none(), st.integers(), st.floats(),
                                    st.booleans()),
                          st.tuples(SCORE, SCORE, *[COUNT] * 6, SCORE, *[COUNT] * 3))))  # fmt: skip
def test_csv_rows_as_the_csv_module(rows):
    page_ids, scores = [row[0] for row in rows], [row[1] for row in rows]
    assert csv_rows(page_ids, scores) == csv_module(page_ids, scores)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.text("ab-019", min_size=1), st.tuples(SCORE, SCORE, *[COUNT] * 6, SCORE, *[COUNT] * 3)),
                min_size=1))  # fmt: skip
def test_csv_rows_of_plain_page_ids_as_the_csv_module(rows):
    """Plain ids take the path where the numbers are written by the JSON encoder (floats
    in exponent form, infinities and large counts included)."""
    page_ids, scores = [row[0] for row in rows], [row[1] for row in rows]
    assert csv_rows(page_ids, scores) == csv_module(page_ids, scores)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.text("ab-019", min_size=1), st.tuples(SCORE, SCORE, *[COUNT] * 6, SCORE, *[COUNT] * 3)),
                min_size=1, max_size=12))  # fmt: skip
def test_csv_rows_written_a_block_at_a_time_as_the_csv_module(rows):
    """Blocks of 3 rows: a row written again by str() is found in any block."""
    from engine.methods.poetry import render

    page_ids, scores = [row[0] for row in rows], [row[1] for row in rows]
    block, render.BLOCK = render.BLOCK, 3
    try:
        assert csv_rows(page_ids, scores) == csv_module(page_ids, scores)
    finally:
        render.BLOCK = block


def test_csv_rows_of_many_blocks():
    """The numbers of the CSV rows a run writes (columns.row_numbers, made a block at a
    time) are those of the rows as tuples."""
    from engine.methods.poetry.render import BLOCK

    n = 2 * BLOCK + 5
    page_ids = [f"p{k}" for k in range(n)]
    scores = [(k / 7 if k % 3 else 1, 1e-05 if k == BLOCK + 1 else 0.5, k, 0, 1, 2, 3, 4, 0.5, 1, 2, 3)
              for k in range(n)]  # fmt: skip
    assert csv_rows(page_ids, scores) == csv_module(page_ids, scores)
    assert f"\r\np{BLOCK + 1},{scores[BLOCK + 1][0]},1e-05," in csv_rows(page_ids, scores)  # a later block's


@pytest.mark.parametrize("weight", [1.0, 0.00001])
def test_a_runs_csv_of_several_blocks_is_the_csv_modules(tmp_path, weight):
    """A run's rows (columns.row_numbers), written a block at a time from slices of their
    columns, are the csv module's rows of the same numbers as tuples."""
    from tests.bench.bench_poetry import generate

    ref, sys_ = tmp_path / "ref.jsonl", tmp_path / "sys.jsonl"
    generate(2500, ref, sys_, seed=5)
    method = get_method("poetry")
    report = method.evaluate(str(ref), str(sys_), Options(partial_match_weight=weight), detail=False)
    page_ids, numbers = report.data["_pages"]
    written = method.render_output("csv", report)
    lines = written.split("\r\n")
    assert len(lines) == 2502  # the header, 2,500 rows and the last line end's empty rest
    exponents = any("e-" in line.partition(",")[2] for line in lines[2049:])  # numbers str() wrote, block 2
    assert exponents == (weight < 1)
    assert written.split("\r\n", 1)[1] == csv_module(page_ids, list(numbers))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.one_of(st.floats(), st.sampled_from([0, 1])), COUNT, st.floats(), COUNT), min_size=1,
                max_size=12), st.integers(0, 11))  # fmt: skip
def test_number_bytes_are_the_writers_fields_and_number_texts_the_csvs(rows, start):
    """Every row, msgspec's or written again (exponents, nan, inf, large counts): number_bytes
    gives the Pages table's fields as the writer makes them, number_texts the CSV's str()."""
    from engine.export.csv import number_fields
    from engine.methods.poetry.render import number_bytes, number_texts

    columns = list(zip(*rows, strict=True))
    start = min(start, len(rows) - 1)  # a block holds a row at least
    shown = number_bytes(columns, start, len(rows), lambda row: ",".join(number_fields(list(row))).encode())
    assert shown == [",".join(number_fields(list(row))).encode() for row in rows[start:]]
    assert number_texts(columns, start, len(rows)) == [",".join(map(str, row)) for row in rows[start:]]


@pytest.mark.parametrize("weight", [1.0, 0.5, 0.00001, 3e16])
def test_the_pages_tables_csv_from_the_arrays_is_the_csv_of_its_values(tmp_path, weight):
    """The Pages table's CSV fields made by msgspec a block of rows at a time (pagecsv:
    csv.Pieces, the page ids and the numbers of each row) give the bytes the writer gives
    for the table's Python columns: whole numbers written as integers, floats below 1e-4
    and past 1e16 as repr() writes them."""
    from engine.export.csv import Pieces, columns_text
    from tests.bench.bench_poetry import generate

    ref, sys_ = tmp_path / "ref.jsonl", tmp_path / "sys.jsonl"
    generate(2500, ref, sys_, seed=6)
    options = Options(partial_match_weight=weight)
    table = get_method("poetry").evaluate(str(ref), str(sys_), options, detail=True).tables["pages"]
    made = table.rows.csv_columns(table.columns)
    assert len(made) == 2 and all(isinstance(column, Pieces) for column in made)
    text = columns_text(table.columns, made)
    assert text == columns_text(table.columns, [list(column) for column in table.rows.columns])
    assert ",1,1,0,0,0,0,0,0," in text  # a page without spans: precision and recall the integer 1
    assert (re.search(r"\de-", text) is not None) == (weight < 0.001)  # a float repr() writes
    assert (re.search(r"\de\+", text) is not None) == (weight > 1)


def test_rows_of_no_kind_merge_into_no_text():
    """No rows (or none with text): an empty text, as before the records were put by one copy."""
    import numpy as np

    from engine.methods.poetry.jsontext import merged_text

    assert merged_text([], 0, None) == bytearray()
    assert merged_text([(np.zeros(0, np.int64), [b"x"])], 0, None) == bytearray()
    assert merged_text([(np.array([0]), [b""])], 1, None) == bytearray()  # a row of no text: width 0
