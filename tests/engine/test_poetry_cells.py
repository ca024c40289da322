"""Poetry's error rows read a cell at a time (report.Later.cell: the app's error table reads
the cells it paints, the whole columns never made) are the rows the JSON report writes,
and each column's cells and slices are its made list's items, types included."""

from __future__ import annotations

import json

import pytest

from engine.methods import get_method
from engine.methods.poetry import Options
from engine.report import Later, cell

from .test_poetry_examples import reference_line, system_line

A, B = "poem-a", "poem-b"
#: Pages of every kind of row: exact, partial, missed, spurious, a system span split into
#: pieces, one over two labels (merged with --ignore-label), a page without spans, one the
#: system found nothing on, and a text on some pages only.
PAGES = [
    ("p1", [(0, 10, A)], [(0, 10, A)], "abcdefghijklmnopqrstuvwxyz"),
    ("p2", [(0, 10, A), (20, 30, B)], [(0, 5, A), (40, 50, B)], None),
    ("p3", [(394, 512, A), (516, 557, A), (563, 633, A)], [(389, 678, A)], "x" * 700),
    ("p4", [(0, 10, A)], [(0, 6, A), (5, 10, B)], None),
    ("p5", [], [], None),
    ("p6", [(3, 4, B)], [], "short"),
]


def _run(tmp_path, ignore_label: bool):
    ref, sys_ = tmp_path / "ref.jsonl", tmp_path / "sys.jsonl"
    ref.write_text("".join(reference_line(p, r, **({"text": t} if t else {})) + "\n" for p, r, _, t in PAGES))
    sys_.write_text("".join(system_line(p, s) + "\n" for p, _, s, _ in PAGES))
    method = get_method("poetry")
    return method.evaluate(str(ref), str(sys_), Options(ignore_label=ignore_label), detail=True)


@pytest.mark.parametrize("ignore_label", [False, True])
def test_cells_are_the_json_rows_and_the_made_lists_items(tmp_path, ignore_label):
    rows = _run(tmp_path, ignore_label).error_rows
    keys, n = list(rows.columns), len(rows)
    assert n >= 8 and all(isinstance(rows.columns[key], Later) for key in keys if not key.endswith("_parts"))
    cells = [[cell(rows.columns[key], i) for key in keys] for i in range(n)]
    assert all(rows.columns[key]._make is not None for key in keys if not key.endswith("_parts"))  # none made
    assert [rows.row(i) for i in range(n)] == [dict(zip(keys, row, strict=True)) for row in cells]
    assert [cell(rows.columns[key], -1) for key in keys] == cells[-1]
    with pytest.raises(IndexError):
        cell(rows.columns["error_id"], n)
    written = json.loads(b"[" + b"".join(bytes(part) for part in rows.json_parts(3, json.dumps)) + b"]")
    assert [[value for key, value in row.items()] for row in written] == [
        [list(map(list, value)) if key.endswith("_parts") else value for key, value in zip(keys, row, strict=True)]
        for row in cells
    ]
    made = _run(tmp_path, ignore_label).error_rows  # the same run, its columns made whole
    for column, key in enumerate(keys):
        whole = list(made.columns[key])
        assert [(value, type(value)) for value in whole] == [(row[column], type(row[column])) for row in cells], key
        for start, stop in ((0, n), (1, 4), (n - 2, n + 5), (3, 3)):
            assert list(rows.columns[key][start:stop]) == whole[start:stop], (key, start, stop)
