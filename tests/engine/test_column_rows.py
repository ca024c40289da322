"""An error table kept as columns (engine.report.ColumnRows): the same rows, JSON and CSV
files as the same rows given as a list of dicts."""

from __future__ import annotations

import io

import pytest

from engine.export.csv import Fields, csv_files
from engine.export.json import BATCH, dumps, write_report
from engine.report import ColumnRows, Report, Table, error_row


def _rows(n: int) -> list[dict]:
    """Rows with every standard column, numbers, None, lists, floats and odd text."""
    return [
        error_row(error_id=f"E{k + 1}", document=f"doc {k % 3}", unit=1, type="FP" if k % 2 else "FN",
                  gold_start=k if k % 2 else None, gold_parts=[[k, k + 2]] if k % 2 else [],
                  gold_text=['=SUM(A1)', 'a "quoted", text', "line\nbreak", "é🟨", ""][k % 5],
                  factor=[0.1, 1e-05, None, float("nan"), 2.5e16][k % 5], extra=k)  # fmt: skip
        for k in range(n)
    ]


def _report(rows) -> Report:
    return Report("m", "t", {}, [], {"overall": Table(["a"], [[1]])}, error_rows=rows, created="now")


def _columns(rows: list[dict]) -> ColumnRows:
    return ColumnRows({key: [row[key] for row in rows] for key in rows[0]})


@pytest.mark.parametrize("n", [1, 7, 2 * BATCH + 3])
def test_columns_give_the_same_rows_json_and_csv(n):
    rows = _rows(n)
    listed, columns = _report([dict(row) for row in rows]), _report(_columns(rows))
    assert list(columns.error_rows) == rows and columns.error_rows[1:3] == rows[1:3] and len(columns.error_rows) == n
    assert columns.error_columns == listed.error_columns
    written = []
    for report in (listed, columns):
        handle = io.BytesIO()
        write_report(report, handle)
        written.append(handle.getvalue())
    assert written[0] == written[1] == dumps(listed).encode("utf-8") == dumps(columns).encode("utf-8")
    assert csv_files(listed) == csv_files(columns)


def test_no_rows_no_columns():
    empty = ColumnRows({"error_id": [], "extra": []})
    assert len(empty) == 0 and empty.keys() == [] and list(empty) == []
    assert csv_files(_report(empty)) == csv_files(_report([]))
    assert _report(empty).error_columns == _report([]).error_columns


def test_columns_must_be_equally_long():
    with pytest.raises(ValueError):
        ColumnRows({"a": [1, 2], "b": [1]})


def test_a_name_that_is_not_utf8_is_escaped_in_columns_as_in_a_list():
    rows = _rows(3)
    rows[1]["document"] = "caf\udce9.txt"  # a file name's byte 0xE9, as os.fsdecode gives it
    listed, columns = _report([dict(row) for row in rows]), _report(_columns(rows))
    assert dumps(columns) == dumps(listed)
    assert "caf\\\\xe9.txt" in dumps(columns)


@pytest.mark.parametrize("n", [1, 2 * BATCH + 3])
def test_plain_numbers_give_the_same_json_by_msgspec(n):
    """Rows whose maker vouches for plain numbers are encoded by msgspec from the columns:
    the same bytes, a text that is no UTF-8 escaped as in a list, odd keys kept."""
    rows = [{**row, "factor": row["factor"] if row["factor"] != 2.5e16 else 0.25, "odd key": k}
            for k, row in enumerate(_rows(n))]  # fmt: skip
    rows[0]["document"] = "caf\udce9.txt"
    columns = ColumnRows({key: [row[key] for row in rows] for key in rows[0]}, plain_numbers=True)
    written = []
    for report in (_report([dict(row) for row in rows]), _report(columns)):
        handle = io.BytesIO()
        write_report(report, handle)
        written.append(handle.getvalue())
    assert written[0] == written[1]
    assert b'"odd key":0' in written[1] and b"caf\\\\xe9.txt" in written[1]


def test_a_row_and_a_column_are_read_without_making_the_rows():
    rows = ColumnRows({"error_id": ["E1", "E2"], "n": [1, None]})
    assert rows.row(1) == {"error_id": "E2", "n": None} and rows.column("n") == [1, None]
    assert rows.column("missing") == [None, None]
    assert rows._make is not None  # the rows as dicts not made



class _Given(ColumnRows):
    """Rows that give the CSV writer fields of their own, the last two columns joined into
    one (as ProPara's error rows and grid do), and are never made as rows."""

    def csv_columns(self, keys):
        *single, before, last = (self.column(key) for key in keys)
        return [*single, Fields(f"{a}!,{b}!" for a, b in zip(before, last, strict=True))]

    def dicts(self, start, stop):
        raise AssertionError("no row made")


def test_rows_giving_their_csv_columns_are_written_from_them_as_errors_and_as_a_table():
    """One declared form (report.Later.csv_columns) for the error table and any other: the
    writer takes the columns the rows give (a joined one too) and makes no row, whichever
    table they are (the error table took ColumnRows' csv_fields, another table called a
    csv_columns() of no keys found by getattr)."""
    columns = ["error_id", "document", "gold_text", "system_text"]
    rows = _Given(dict(zip(columns, (["E1", "E2"], ["d", "d"], ["x", "y"], ["b", "c"]), strict=True)))
    report = Report("m", "t", {}, [], {"rows": Table(columns, rows)}, error_rows=rows, created="now")
    expected = "\ufeff" + "\r\n".join([",".join(columns), "E1,d,x!,b!", "E2,d,y!,c!", ""])
    files = csv_files(report)
    assert files["rows.csv"] == expected
    assert files["errors.csv"].split("\r\n")[1:] == ["E1,d" + "," * 15 + "x,b!,None!", "E2,d" + "," * 15 + "y,c!,None!", ""]
