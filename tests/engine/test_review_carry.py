"""A review carried into a new workbook: every verdict and comment goes to the error with
the same document, unit, type, labels and positions (not the same ID); those whose rows are
gone are counted. The command line refuses to replace a reviewed workbook unless told to
keep its review (--keep-review). A review that is not an .xlsx says what to do."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook

from engine.errors import InputError
from engine.export import review_scan
from engine.export.carry import Carried, counts_text, held_counts, match_review, review_to_keep
from engine.export.review_scan import Counted
from engine.export.xlsx import REVIEW_SHEET, write_workbook
from engine.methods import get_method
from engine.review import read_review
from gui.resources import example_inputs

EXAMPLE = example_inputs()


def _report(system: str | Path):
    method = get_method("faireval")
    return method.evaluate(EXAMPLE[1], str(system), method.Options(), detail=True)


def _judge(path: Path, verdicts: dict[str, str], comments: dict[str, str]) -> None:
    """Give the errors of these IDs these verdicts and comments, as an annotator would."""
    book = load_workbook(path)
    sheet = book["Errors"]
    for row in sheet.iter_rows(min_row=3):
        if row[0].value in verdicts:
            row[1].value = verdicts[row[0].value]
        if row[0].value in comments:
            row[2].value = comments[row[0].value]
    book.save(path)


def _by_position(path: Path) -> dict[tuple[str, str, str], tuple[str, str]]:
    """(verdict, comment) of each reviewed error by (type, gold position, system position)."""
    rows = read_review(str(path)).rows
    return {(r["type"], r["gold_position"], r["system_position"]): (r["verdict"], r["comment"])
            for r in rows if r["verdict"] != "not reviewed" or r["comment"]}  # fmt: skip


def _counted(path: Path) -> tuple[int, int]:
    """(verdicts, comments) of a review as the full read finds them (the oracle of the quick
    count the app makes before replacing a workbook)."""
    rows = read_review(str(path)).rows
    return sum(r["verdict"] != "not reviewed" for r in rows), sum(bool(str(r.get("comment", "")).strip()) for r in rows)


def _changed_system(tmp_path: Path) -> Path:
    """The example's system with its first error (Baker Street's boundary) mended and
    London's span dropped: the other errors keep their keys but not their IDs."""
    text = Path(EXAMPLE[2]).read_text(encoding="utf-8")
    text = text.replace("Street NNP O", "Street NNP I-LOC").replace("London NNP B-LOC", "London NNP O", 1)
    path = tmp_path / "system2.conll"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_review_carried_into_the_same_run_keeps_every_verdict_and_comment(tmp_path):
    report, old = _report(EXAMPLE[2]), tmp_path / "old.xlsx"
    write_workbook(report, str(old))
    _judge(
        old, {"E1": "both wrong", "E3": "Both Acceptable", "E7": "unclear"}, {"E3": "a name", "E9": "check"}
    )
    review = read_review(str(old))
    assert counts_text(held_counts(old).counts) == "3 verdicts and 2 comments" and _counted(old) == (3, 2)
    carried = match_review(review, report.error_rows)
    assert (carried.reviewed, carried.carried, carried.lost) == (4, 4, [])
    write_workbook(report, str(old), carried=carried)  # over the reviewed workbook itself
    again = {r["error_id"]: (r["verdict"], r["comment"]) for r in read_review(str(old)).rows}
    assert again["E1"] == ("both wrong", "") and again["E3"] == ("both acceptable", "a name")
    assert again["E7"] == ("unclear", "") and again["E9"] == ("not reviewed", "check")
    assert sum(v != ("not reviewed", "") for v in again.values()) == 4


def test_verdicts_follow_their_errors_not_their_ids_and_gone_rows_are_counted(tmp_path):
    old = tmp_path / "old.xlsx"
    write_workbook(_report(EXAMPLE[2]), str(old))
    first = read_review(str(old)).rows
    ids = {r["error_id"]: r for r in first}
    _judge(old, {"E1": "both wrong", "E5": "gold right (system wrong)"}, {"E6": "why?"})
    before = _by_position(old)
    new_report = _report(_changed_system(tmp_path))
    carried = match_review(read_review(str(old)), new_report.error_rows)
    gone = [i for i in ("E1", "E5", "E6")
            if not any((r["type"], r["gold_position"], r["system_position"])
                       == (ids[i]["type"], ids[i]["gold_position"], ids[i]["system_position"])
                       for r in new_report.error_rows)]  # fmt: skip
    assert gone and "E1" in gone  # Baker Street's error is mended
    assert carried.lost == gone and carried.carried == 3 - len(gone)
    new = tmp_path / "new.xlsx"
    write_workbook(new_report, str(new), carried=carried)
    after = _by_position(new)
    assert after == {key: value for key, value in before.items() if key not in
                     {(ids[i]["type"], ids[i]["gold_position"], ids[i]["system_position"]) for i in gone}}  # fmt: skip
    rows = {r["error_id"]: r for r in read_review(str(new)).rows}
    assert rows["E1"]["type"] == "FN" and rows["E1"]["verdict"] == "not reviewed"  # E1 is another error now
    assert rows["E5"]["verdict"] == "gold right (system wrong)" and rows["E6"]["comment"] == "why?"
    assert carried.summary("old.xlsx") == (
        "The verdicts and comments of 2 errors kept from old.xlsx; 1 could not be carried because its row "
        "is gone (E1)."
    )


def test_the_unit_column_titled_by_the_units_name_is_read_as_the_unit(tmp_path):
    path = tmp_path / "old.xlsx"
    write_workbook(_report(EXAMPLE[2]), str(path))
    assert "Sentence" in [c.value for c in load_workbook(path)["Errors"][2]]
    assert {r["unit"] for r in read_review(str(path)).rows} >= {1, 2}


def test_the_command_line_refuses_to_replace_a_review_and_keeps_it_when_asked(tmp_path, cli):
    _, gold, system = EXAMPLE
    old = tmp_path / "old.xlsx"
    assert cli("faireval", gold, system, "--xlsx", old).code == 0
    assert cli("faireval", gold, system, "--xlsx", old).code == 0  # nothing reviewed: replaced
    _judge(old, {"E2": "system right (gold wrong)"}, {"E4": "see the guidelines"})
    result = cli("faireval", gold, system, "--xlsx", old)
    assert result.code == 2
    assert result.err == (
        f"spanstudio: error: {old}: expected a workbook without verdicts or comments to replace "
        f"(or --keep-review {old} to carry them into the new one), found 1 verdict and 1 comment in it\n"
    )
    assert cli("faireval", gold, system, "--xlsx", old, "--keep-review", old).code == 0
    kept = {r["error_id"]: (r["verdict"], r["comment"]) for r in read_review(str(old)).rows}
    assert kept["E2"] == ("system right (gold wrong)", "") and kept["E4"] == (
        "not reviewed",
        "see the guidelines",
    )
    new = tmp_path / "new.xlsx"
    result = cli("faireval", gold, _changed_system(tmp_path), "--xlsx", new, "--keep-review", old)
    assert result.code == 0 and _by_position(new)
    result = cli("faireval", gold, system, "--keep-review", old)
    assert result.code == 2 and "expected --xlsx with --keep-review" in result.err


def test_keep_review_of_a_file_that_is_not_a_review_is_the_readers_message(tmp_path):
    bad = tmp_path / "notes.xlsx"
    bad.write_text("x", encoding="utf-8")
    with pytest.raises(InputError, match="not a workbook"):
        review_to_keep(str(tmp_path / "new.xlsx"), str(bad))
    assert held_counts(bad) is None
    assert review_to_keep(str(bad), None) is None  # not a review: replaced as before


def _ods(path: Path) -> Path:
    """An OpenDocument spreadsheet's package as LibreOffice starts it (its mimetype entry)."""
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", "<office:document-content/>")
    return path


@pytest.mark.parametrize("name", ["review.ods", "review-saved-as-ods.xlsx"])
def test_a_review_saved_as_ods_says_how_to_import_it(tmp_path, cli, name):
    path = _ods(tmp_path / name)
    result = cli("review", path)
    assert result.code == 2
    assert result.err == (
        f"spanstudio: error: {path}: expected a review workbook (.xlsx) written by Span Studio, found an "
        "OpenDocument spreadsheet (.ods); save it in LibreOffice as Excel 2007-365 (.xlsx) and import again\n"
    )


@pytest.mark.parametrize("content", [b"verdict\tcomment\n", b"PK\x03\x04 not a zip", b""])
def test_a_file_named_ods_is_told_by_its_bytes(tmp_path, cli, content):
    """A text file (or anything else) renamed .ods is not an OpenDocument spreadsheet."""
    path = tmp_path / "review.ods"
    path.write_bytes(content)
    result = cli("review", path)
    assert result.code == 2 and "OpenDocument" not in result.err
    assert result.err.endswith("found something that is not a workbook (the file is damaged or not .xlsx)\n")


def test_a_damaged_review_says_it_is_not_a_workbook(tmp_path, cli):
    path = tmp_path / "review.xlsx"
    write_workbook(_report(EXAMPLE[2]), str(path))
    path.write_bytes(path.read_bytes()[:2000])
    result = cli("review", path)
    assert result.code == 2
    assert result.err.endswith("found something that is not a workbook (the file is damaged or not .xlsx)\n")
    assert "BadZipFile" not in result.err


def test_the_count_before_replacing_agrees_with_the_review_read(tmp_path):
    from openpyxl import Workbook

    from tests.conftest import ROOT

    path = tmp_path / "old.xlsx"
    write_workbook(_report(EXAMPLE[2]), str(path))
    assert held_counts(path) is None  # as written: inline strings
    _judge(path, {"E1": "both wrong", "E4": " unclear "}, {"E2": "   ", "E8": "a note"})
    book = load_workbook(path)
    book["Errors"].cell(book["Errors"].max_row + 1, 2).value = "both wrong"  # a row without an ID
    book.save(path)  # shared strings now, as a spreadsheet program saves it
    assert held_counts(path).counts == _counted(path) == (2, 1)
    libreoffice = ROOT / "tests" / "data" / "review-libreoffice.xlsx"
    assert held_counts(libreoffice).counts == _counted(libreoffice)
    assert any(held_counts(libreoffice).counts)
    other = tmp_path / "other.xlsx"
    Workbook().save(other)
    assert held_counts(other) is None and held_counts(tmp_path / "missing.xlsx") is None


def test_a_workbook_says_in_its_zip_comment_that_it_holds_no_review(tmp_path):
    """Replacing a workbook as Span Studio wrote it reads no sheet (the comment says it holds
    no review); one a program saved again, or one with a review carried into it, is read."""
    import zipfile

    from engine.export.xlsx import UNREVIEWED

    report, path = _report(EXAMPLE[2]), tmp_path / "old.xlsx"
    write_workbook(report, str(path))
    assert zipfile.ZipFile(path).comment == UNREVIEWED
    _judge(path, {"E1": "both wrong"}, {})
    assert zipfile.ZipFile(path).comment == b"" and held_counts(path).counts == (1, 0)
    carried = match_review(read_review(str(path)), report.error_rows)
    write_workbook(report, str(path), carried=carried)
    assert zipfile.ZipFile(path).comment == b"" and held_counts(path).counts == (1, 0)
    nothing = Carried([None] * len(report.error_rows), [None] * len(report.error_rows))  # none carried
    write_workbook(report, str(path), carried=nothing)
    assert zipfile.ZipFile(path).comment == UNREVIEWED and held_counts(path) is None


def test_compare_refuses_to_replace_a_reviewed_workbook(tmp_path, cli):
    _, gold, system = EXAMPLE
    second = _changed_system(tmp_path)
    book = tmp_path / "compare.xlsx"
    assert cli("compare", "spans", gold, system, str(second), "--xlsx", book).code == 0
    assert cli("compare", "spans", gold, system, str(second), "--xlsx", book).code == 0  # nothing reviewed
    sheet = next(name for name in load_workbook(book, read_only=True).sheetnames if "Errors" in name)
    loaded = load_workbook(book)
    loaded[sheet].cell(3, 2).value = "both wrong"
    loaded.save(book)
    result = cli("compare", "spans", gold, system, str(second), "--xlsx", book)
    assert result.code == 2 and "found 1 verdict in it" in result.err
    assert held_counts(book).counts == (1, 0)


def _reviewed_pair(cli, tmp_path: Path) -> tuple[Path, Path]:
    """A compare workbook and one run's, each with a verdict on its first error row."""
    _, gold, system = EXAMPLE
    compared, one = tmp_path / "compare.xlsx", tmp_path / "one.xlsx"
    assert cli("compare", "spans", gold, system, str(_changed_system(tmp_path)), "--xlsx", compared).code == 0
    assert cli("spans", gold, system, "--xlsx", one).code == 0
    for path in (compared, one):
        loaded = load_workbook(path)
        loaded[next(name for name in loaded.sheetnames if "Errors" in name)].cell(3, 2).value = "both wrong"
        loaded.save(path)
    return compared, one


def _openings(monkeypatch) -> list[Path]:
    """The files opened as zips from now on, in order."""
    opened: list[Path] = []

    class Counting(zipfile.ZipFile):
        def __init__(self, file: Path, *args: object, **kwargs: object) -> None:
            opened.append(file)
            super().__init__(file, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(zipfile, "ZipFile", Counting)
    return opened


def test_the_counts_and_kind_of_a_reviewed_workbook_are_one_reading_of_it(tmp_path, cli, monkeypatch):
    """Before replacing a reviewed workbook its verdicts are counted and a compare workbook
    told apart in one opening, its hidden sheet read once (the app opened it twice: the
    counts, then the systems from the whole hidden data)."""
    compared, one = _reviewed_pair(cli, tmp_path)
    opened = _openings(monkeypatch)
    read: list[str] = []
    rows = review_scan.SheetBook.rows
    monkeypatch.setattr(review_scan.SheetBook, "rows", lambda book, name: read.append(name) or rows(book, name))
    assert held_counts(compared) == Counted((1, 0), True) and held_counts(one) == Counted((1, 0), False)
    assert opened == [compared, one] and read.count(REVIEW_SHEET) == 2


def test_the_verdicts_of_a_compare_workbook_are_not_carried_into_one_run(tmp_path, cli):
    """A compare workbook's verdicts belong to two systems' error rows: --keep-review of it
    into one run's workbook is refused, naming the file (it carried both onto one run)."""
    _, gold, system = EXAMPLE
    second = _changed_system(tmp_path)
    book = tmp_path / "compare.xlsx"
    assert cli("compare", "spans", gold, system, str(second), "--xlsx", book).code == 0
    result = cli("spans", gold, system, "--xlsx", tmp_path / "new.xlsx", "--keep-review", book)
    assert result.code == 2 and "a compare workbook (System A, System B)" in result.err
    assert str(book) in result.err and not (tmp_path / "new.xlsx").exists()


def test_the_count_before_replacing_reads_the_listed_error_sheets_only(tmp_path):
    """It read every sheet (a detail table, a sheet someone added), the review only those
    its hidden data lists."""
    path = tmp_path / "old.xlsx"
    write_workbook(_report(EXAMPLE[2]), str(path))
    _judge(path, {"E1": "both wrong"}, {})
    book = load_workbook(path)
    added = book.create_sheet("Notes")
    added.append(["ID", "Verdict", "Comment"])
    added.append(["E1", "unclear", "a note"])
    book.save(path)
    assert held_counts(path).counts == _counted(path) == (1, 0)


def _copy_row(path: Path, ident: str, verdict: str, comment: str) -> int:
    """Append a copy of error `ident`'s row (as Excel copies it), the copy alone judged: its row."""
    book = load_workbook(path)
    sheet = book["Errors"]
    row = next(r for r in sheet.iter_rows(min_row=3) if r[0].value == ident)
    sheet.append([cell.value for cell in row])
    copy = sheet.max_row
    sheet.cell(copy, 2).value, sheet.cell(copy, 3).value = verdict, comment
    book.save(path)
    return copy


def test_a_verdict_on_a_copied_rows_copy_only_is_counted_and_kept(tmp_path, cli):
    """An ID on two rows was counted by its first: a verdict on the copy alone was not held
    (the workbook replaced unasked) and --keep-review dropped it without a word."""
    _, gold, system = EXAMPLE
    old = tmp_path / "old.xlsx"
    assert cli("faireval", gold, system, "--xlsx", old).code == 0
    copy = _copy_row(old, "E2", "both wrong", "my note")
    assert held_counts(old).counts == _counted(old) == (1, 1)
    assert read_review(str(old)).warnings == [
        f"{old}: sheet 'Errors' holds the same error ID on several rows: E2 (rows 4, {copy}); each error is "
        f"counted once, by its first row with a verdict or comment (E2 by row {copy})"
    ]
    refused = cli("faireval", gold, system, "--xlsx", old)
    assert refused.code == 2 and "found 1 verdict and 1 comment in it" in refused.err
    new = tmp_path / "new.xlsx"
    result = cli("faireval", gold, system, "--xlsx", new, "--keep-review", old)
    assert result.code == 0 and f"E2 (rows 4, {copy})" in result.err
    assert {r["error_id"]: (r["verdict"], r["comment"]) for r in read_review(str(new)).rows}["E2"] == (
        "both wrong",
        "my note",
    )


def test_the_first_judged_row_of_an_id_counts_not_a_later_copy(tmp_path):
    path = tmp_path / "old.xlsx"
    write_workbook(_report(EXAMPLE[2]), str(path))
    _judge(path, {"E2": "unclear"}, {})
    _copy_row(path, "E2", "both wrong", "")
    assert held_counts(path).counts == _counted(path) == (1, 0)
    assert {r["error_id"]: r["verdict"] for r in read_review(str(path)).rows}["E2"] == "unclear"


def test_a_renamed_error_sheet_still_has_its_verdicts_counted(tmp_path, cli):
    """The hidden data's list of error sheets was cut down to those found: "Errors" renamed
    left nothing to count, and the reviewed workbook was replaced unasked."""
    _, gold, system = EXAMPLE
    old = tmp_path / "old.xlsx"
    assert cli("faireval", gold, system, "--xlsx", old).code == 0
    _judge(old, {"E2": "both wrong"}, {"E3": "a note"})
    book = load_workbook(old)
    book["Errors"].title = "Errors (mine)"
    book.save(old)
    assert held_counts(old).counts == (1, 1)
    before = old.read_bytes()
    result = cli("faireval", gold, system, "--xlsx", old)
    assert result.code == 2 and "found 1 verdict and 1 comment in it" in result.err
    assert old.read_bytes() == before


def test_keeping_another_workbooks_review_does_not_replace_this_ones(tmp_path, cli):
    """--xlsx A --keep-review B replaced A's own review unasked (only A = B was allowed)."""
    _, gold, system = EXAMPLE
    a, b = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    for path in (a, b):
        assert cli("faireval", gold, system, "--xlsx", path).code == 0
    assert cli("faireval", gold, system, "--xlsx", a, "--keep-review", b).code == 0  # A holds none
    _judge(a, {"E2": "both wrong"}, {})
    before = a.read_bytes()
    result = cli("faireval", gold, system, "--xlsx", a, "--keep-review", b)
    assert result.code == 2 and a.read_bytes() == before
    assert result.err == (
        f"spanstudio: error: {a}: expected a workbook without verdicts or comments to replace "
        f"(or --keep-review {a} to carry them into the new one), found 1 verdict in it\n"
    )
    same = tmp_path / "same.xlsx"  # A itself, by another name
    same.symlink_to(a)
    assert cli("faireval", gold, system, "--xlsx", a, "--keep-review", same).code == 0
    assert held_counts(a).counts == (1, 0)


def test_refusing_to_replace_a_reviewed_workbook_reads_it_once(tmp_path, cli, monkeypatch):
    """The refusal counted the verdicts, then read the workbook whole to tell whether this
    run could carry them (one run's or compare's), which the count already knew."""
    compared, one = _reviewed_pair(cli, tmp_path)
    opened = _openings(monkeypatch)
    carried = "(or --keep-review {} to carry them into the new one)"
    cannot = "(or another --xlsx name: --keep-review cannot carry them into this run)"
    for target, compare, instead in ((one, False, carried), (compared, False, cannot),
                                     (compared, True, carried), (one, True, cannot)):  # fmt: skip
        opened.clear()
        with pytest.raises(InputError) as refused:
            review_to_keep(str(target), None, compare=compare)
        assert str(refused.value) == (
            f"{target}: expected a workbook without verdicts or comments to replace "
            f"{instead.format(target)}, found 1 verdict in it"
        )
        assert opened == [str(target)]


def test_the_app_keeping_a_review_says_what_the_review_warns_of(tmp_path):
    """The app's Keep Them carried a copied row's verdict without the warning naming it."""
    from gui.exporting import xlsx_job

    class Quiet:
        def update(self, *args, **kwargs) -> None:
            pass

    report, path = _report(EXAMPLE[2]), tmp_path / "old.xlsx"
    write_workbook(report, str(path))
    copy = _copy_row(path, "E2", "both wrong", "")
    _, note = xlsx_job(report, str(path), "fraction", str(path))(Quiet())
    assert note.startswith(f"{path}: sheet 'Errors' holds the same error ID on several rows: E2 (rows 4, {copy})")
    assert note.endswith(" The verdicts and comments of 1 error kept from old.xlsx.")


def test_more_than_five_rows_gone_are_named_by_the_first_five():
    carried = Carried([], [], reviewed=8, lost=[f"E{n}" for n in range(1, 7)])
    assert carried.summary("old.xlsx") == (
        "The verdicts and comments of 2 errors kept from old.xlsx; 6 could not be carried because their rows "
        "are gone (E1, E2, E3, E4, E5, …)."
    )
    carried.lost = carried.lost[:5]
    assert carried.gone("kept") == "; 5 could not be kept because their rows are gone (E1, E2, E3, E4, E5)"


def test_a_reviewed_workbook_is_told_from_an_adjudication_one_without_its_shared_strings(monkeypatch):
    """Before replacing a workbook the app asks whether it holds decisions, then verdicts: a
    reviewed workbook (its strings shared, as LibreOffice saves it) is told by its sheets'
    names, its shared strings read once, for the verdicts (they were read twice)."""
    from engine.agreement.kept import held_decisions
    from tests.conftest import ROOT

    read: list[str] = []
    strings = review_scan._shared_strings
    monkeypatch.setattr(review_scan, "_shared_strings", lambda archive: read.append("read") or strings(archive))
    libreoffice = ROOT / "tests" / "data" / "review-libreoffice.xlsx"
    assert held_decisions(libreoffice) is None and read == []
    assert any(held_counts(libreoffice).counts) and read == ["read"]


@pytest.mark.parametrize("cell", ["[]", '""', "[1]", "not JSON"])
def test_a_systems_cell_without_systems_is_not_a_compare_workbook(tmp_path, cell):
    """Any non-blank `systems` cell made a compare workbook of a reviewed one-run workbook
    (the app then offered no Keep Them); the review reads "[]" as one run's, as the count now does."""
    path = tmp_path / "old.xlsx"
    write_workbook(_report(EXAMPLE[2]), str(path))
    _judge(path, {"E1": "both wrong"}, {})
    book = load_workbook(path)
    hidden = book[REVIEW_SHEET]
    hidden.insert_rows(1)
    hidden["A1"], hidden["B1"] = "systems", cell
    book.save(path)
    assert held_counts(path) == Counted((1, 0), False)
    if cell == "[]":
        from gui.review_export import held

        assert read_review(str(path)).systems == [] and _counted(path) == (1, 0)
        assert held(str(path)) == ("review", "1 verdict")  # the app offers to keep it
