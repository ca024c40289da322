"""A cell right after the one before it is written without its reference (`r="B7"`): each
method's workbook of its conformance example reads, in openpyxl, as the workbook written
with every reference (values, types, styles, rich text, widths, panes, filters,
validations, sheet order)."""

from __future__ import annotations

import re
import time
import zipfile

import pytest

from engine.export import sheetxml
from tests.conformance.test_workbooks import METHODS, _runs
from tests.workbook_content import first_difference


def _every_reference(col: int, before: int) -> str:
    return sheetxml.letter(col)


@pytest.mark.parametrize("method", METHODS)
def test_a_workbook_reads_as_with_every_reference(method, tmp_path, cli, monkeypatch):
    stamp = time.localtime(1_796_040_000)  # the Summary's time stamp, the same in both
    monkeypatch.setattr(time, "localtime", lambda *seconds: stamp)
    book, referenced = tmp_path / "review.xlsx", tmp_path / "referenced.xlsx"
    assert cli(*_runs(tmp_path)[method], "--xlsx", book).code == 0
    with zipfile.ZipFile(book) as archive:
        sheets = [archive.read(name) for name in archive.namelist() if name.startswith("xl/worksheets/")]
    assert any(re.search(rb"<c[ >](?!r=)", sheet) for sheet in sheets)  # some cells without a reference
    sheetxml._row_format.cache_clear()
    monkeypatch.setattr(sheetxml, "reference", _every_reference)
    try:
        (tmp_path / "out.csv").unlink(missing_ok=True)  # poetry's own output, never overwritten
        assert cli(*_runs(tmp_path)[method], "--xlsx", referenced).code == 0
    finally:
        sheetxml._row_format.cache_clear()
    with zipfile.ZipFile(referenced) as archive:
        assert not any(re.search(rb"<c[ >](?!r=)", archive.read(name)) for name in archive.namelist()
                       if name.startswith("xl/worksheets/"))  # fmt: skip
    assert first_difference(book, referenced) is None
