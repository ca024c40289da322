"""`spanstudio review` of a compare workbook: each system's verdicts and reviewed scores, as
that system's own workbook gives them (not both systems pooled into one table); and of a
workbook whose error rows someone deleted: a warning naming them, counted as not reviewed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openpyxl import load_workbook

from engine.errors import InputError
from engine.export.xlsx import REVIEW_SHEET
from engine.review import read_review
from gui.resources import example_inputs
from tests.engine.test_compare_workbook import GOLD, SYSTEM_A, SYSTEM_B, _brat

_, GOLD_CONLL, SYSTEM_CONLL = example_inputs()
#: A verdict for every third error and another for the next: both kinds of accepted verdicts.
VERDICTS = {0: "both acceptable", 1: "system right (gold wrong)", 2: "gold right (system wrong)"}


def _second_system(tmp_path: Path) -> Path:
    """The example's system with Baker Street's boundary mended and London's span dropped."""
    text = Path(SYSTEM_CONLL).read_text(encoding="utf-8")
    text = text.replace("Street NNP O", "Street NNP I-LOC").replace("London NNP B-LOC", "London NNP O", 1)
    path = tmp_path / "system2.conll"
    path.write_text(text, encoding="utf-8")
    return path


def _inputs(tmp_path: Path, method: str) -> tuple[str, str, str]:
    """(gold, system A, system B): the example's CoNLL, or for CLUEval brat folders."""
    if method == "clueval":
        return tuple(_brat(tmp_path / n, ann) for n, ann in (("gold", GOLD), ("a", SYSTEM_A), ("b", SYSTEM_B)))
    return GOLD_CONLL, SYSTEM_CONLL, str(_second_system(tmp_path))


def _hidden(book) -> dict[str, str]:
    return {row[0]: row[1] for row in book[REVIEW_SHEET].iter_rows(values_only=True)}


def _judge(path: Path, delete: tuple[str, ...] = ()) -> None:
    """Give every error a verdict by its ID's number (E3: VERDICTS[0], E4: VERDICTS[1], …),
    and delete the rows of the IDs `delete`, as a spreadsheet program does."""
    book = load_workbook(path)
    for name in json.loads(_hidden(book)["error_sheets"]):
        sheet = book[name]
        for row in reversed(list(sheet.iter_rows(min_row=3))):
            if row[0].value in delete:
                sheet.delete_rows(row[0].row)
            elif row[0].value:
                row[1].value = VERDICTS.get(int(row[0].value[1:]) % 4, "")
    book.save(path)


def _review(cli, path: Path) -> dict:
    result = cli("review", path, "--json", "-")
    assert result.code == 0, result.err
    return json.loads(result.out)


def _untitled(tables: dict) -> dict:
    return {name: {**table, "title": table["title"].split(": ", 1)[-1]} for name, table in tables.items()}


@pytest.mark.parametrize("method", ["spans", "faireval", "nervaluate", "clueval"])
def test_a_compare_workbook_reviews_each_system_as_its_own_workbook_does(cli, tmp_path, method):
    """Both systems' verdicts went into one table (FN LOC 805 = A's 506 + B's 299), and no
    reviewed scores at all."""
    gold, a, b = _inputs(tmp_path, method)
    compared = tmp_path / "cmp.xlsx"
    assert cli("compare", method, gold, a, b, "--xlsx", compared, "--trials", "200").code == 0
    _judge(compared)
    data = _review(cli, compared)
    assert list(data["systems"]) == ["System A", "System B"]
    for name, system in (("System A", a), ("System B", b)):
        own = tmp_path / f"{name[-1]}.xlsx"
        assert cli(method, gold, system, "--xlsx", own).code == 0
        _judge(own)
        alone, part = _review(cli, own), data["systems"][name]
        assert part["tables"]["verdicts"]["title"] == f"{name}: Verdicts"
        assert _untitled(part["tables"]) == alone["tables"] and len(alone["tables"]) > 1
        assert part["errors"] == alone["errors"] and part["missing"] == []
    assert data["errors"] == sum(part["errors"] for part in data["systems"].values())
    text = cli("review", compared).out
    assert "# System A: Verdicts" in text and "# System B: " in text and "No reviewed scores" not in text


def _overall(data: dict) -> list:
    return data["tables"]["reviewed"]["rows"][-1]


def test_deleted_rows_are_named_and_count_as_not_reviewed(cli, tmp_path):
    """5 rows deleted in LibreOffice: 1809 errors instead of 1814, without a word."""
    path, unjudged = tmp_path / "w.xlsx", tmp_path / "u.xlsx"
    assert cli("spans", GOLD_CONLL, SYSTEM_CONLL, "--xlsx", path).code == 0
    errors = len(read_review(str(path)).rows)
    assert errors >= 6
    last = f"E{errors}"
    unjudged.write_bytes(path.read_bytes())
    _judge(path, delete=("E3", "E5", last))  # judged, then deleted (E3, E5: accepted verdicts)
    result = cli("review", path, "--json", "-")
    assert result.code == 0
    assert f"3 error rows were deleted from the workbook (E3, E5, {last}); they count as not reviewed" in result.err
    data = json.loads(result.out)
    assert data["errors"] == errors and data["missing"] == ["E3", "E5", last]
    verdicts = data["tables"]["verdicts"]["rows"]
    assert verdicts[-2] == ["(rows deleted)", "", 0, 0, 0, 0, 0, 3, 3] and verdicts[-1][-1] == errors
    _judge(unjudged)  # the same verdicts, the deleted rows left unjudged
    book = load_workbook(unjudged)
    for row in book["Errors"].iter_rows(min_row=3):
        if row[0].value in ("E3", "E5", last):
            row[1].value = None
    book.save(unjudged)
    assert _overall(data) == _overall(_review(cli, unjudged))


def test_rows_deleted_from_an_earlier_workbook_are_found_between_the_others(tmp_path, cli):
    """A workbook that does not say how many rows it was written with: the gaps in its IDs."""
    path = tmp_path / "w.xlsx"
    assert cli("spans", GOLD_CONLL, SYSTEM_CONLL, "--xlsx", path).code == 0
    _judge(path, delete=("E2",))
    book = load_workbook(path)
    sheet = book[REVIEW_SHEET]
    sheet.delete_rows(next(r[0].row for r in sheet.iter_rows() if r[0].value == "error_rows"))
    book.save(path)
    review = read_review(str(path))
    assert review.missing == ["E2"] and "1 error row was deleted from the workbook (E2)" in review.warnings[0]


def test_deleted_rows_of_one_system_of_a_compare_workbook(cli, tmp_path):
    gold, a, b = _inputs(tmp_path, "spans")
    compared = tmp_path / "cmp.xlsx"
    assert cli("compare", "spans", gold, a, b, "--xlsx", compared, "--trials", "200").code == 0
    book = load_workbook(compared)
    sheet = book["System B – Errors"]
    sheet.delete_rows(sheet.max_row)
    book.save(compared)
    review = read_review(str(compared))
    gone = review.systems[1].missing
    assert review.systems[0].missing == [] and len(gone) == 1
    assert review.warnings == [
        f"{compared}: 1 error row of System B was deleted from the workbook ({gone[0]}); it counts as not "
        "reviewed: its error stays in the reviewed scores"
    ]


def test_a_damaged_count_of_rows_is_a_clear_error(cli, tmp_path):
    path = tmp_path / "w.xlsx"
    assert cli("spans", GOLD_CONLL, SYSTEM_CONLL, "--xlsx", path).code == 0
    book = load_workbook(path)
    for row in book[REVIEW_SHEET].iter_rows():
        if row[0].value == "error_rows":
            row[1].value = "[1, 2]"
    book.save(path)
    with pytest.raises(InputError, match="a number of rows per error sheet"):
        read_review(str(path))
    result = cli("review", path)
    assert result.code == 2 and "found it damaged" in result.err


def test_a_copied_error_row_is_counted_once_and_named(cli, tmp_path):
    """A row duplicated in Excel (the same ID twice) was counted twice."""
    from engine.export.carry import held_counts

    path = tmp_path / "w.xlsx"
    assert cli("spans", GOLD_CONLL, SYSTEM_CONLL, "--xlsx", path).code == 0
    _judge(path)
    alone, counts = _review(cli, path), held_counts(path)
    book = load_workbook(path)
    sheet = book["Errors"]
    assert sheet["A4"].value == "E2" and sheet["B4"].value
    sheet.append([cell.value for cell in sheet[4]])
    copy = sheet.max_row
    book.save(path)
    result = cli("review", path, "--json", "-")
    assert result.code == 0
    assert json.loads(result.out)["tables"] == alone["tables"] and held_counts(path) == counts
    assert result.err == (
        f"spanstudio: warning: {path}: sheet 'Errors' holds the same error ID on several rows: E2 (rows 4, "
        f"{copy}); each error is counted once, by its first row\n"
    )


def test_more_than_ten_deleted_rows_are_named_by_the_first_ten(cli, tmp_path):
    path = tmp_path / "w.xlsx"
    assert cli("spans", GOLD_CONLL, SYSTEM_CONLL, "--xlsx", path).code == 0
    _judge(path, delete=tuple(f"E{n}" for n in range(1, 13)))
    assert read_review(str(path)).warnings == [
        f"{path}: 12 error rows were deleted from the workbook (E1, E2, E3, E4, E5, E6, E7, E8, E9, E10, …); "
        "they count as not reviewed: their errors stay in the reviewed scores"
    ]
