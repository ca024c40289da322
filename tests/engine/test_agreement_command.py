"""`spanstudio agreement` and `spanstudio adjudicate`, with each annotator's file read
through engine.agreement.inputs.read_spans (replaced here by annotations made in the test),
and the round trip: adjudicate a workbook, evaluate the gold against each annotator."""

from __future__ import annotations

import json

import pytest
from openpyxl import load_workbook

import engine.agreement.inputs
import engine.formats
from engine.agreement.corpus import build_corpus
from engine.agreement.measures import measure
from engine.cli import main
from engine.formats.standoff import text_document
from engine.spans import Annotations, Span

TEXTS = {"dok_é": "Sherlock Holmes met Dr Watson in London .", "d2": "Moriarty fled to Paris at =dawn ."}
SPANS = {
    "annotator_anna.tsv": [
        ("dok_é", 0, 15, "PER"),
        ("dok_é", 20, 29, "PER"),
        ("dok_é", 33, 39, "LOC"),
        ("d2", 17, 22, "LOC"),
    ],
    "ben.tsv": [
        ("dok_é", 0, 15, "PER"),
        ("dok_é", 23, 29, "PER"),
        ("dok_é", 33, 39, "ORG"),
        ("d2", 0, 8, "PER"),
    ],
    "cara.tsv": [
        ("dok_é", 0, 15, "PER"),
        ("dok_é", 33, 39, "LOC"),
        ("d2", 17, 22, "LOC"),
        ("d2", 26, 31, "=SUM"),
    ],
}


def annotations(path: str) -> Annotations:
    name = path.rsplit("/", 1)[-1]
    docs = [text_document(n, t) for n, t in TEXTS.items()]
    return Annotations(path, "test", docs, [Span(s, e, lab, d) for d, s, e, lab in SPANS[name]])


def fake_annotators(patch: pytest.MonkeyPatch, read=annotations) -> None:
    """The agreement reads each annotator's file as `read(path)` makes its annotations. Only
    the agreement's own name is replaced: engine.formats.read_spans stays the reader, so no
    module imported meanwhile binds the fake (it did, and later tests read through it)."""
    patch.setattr(engine.agreement.inputs, "read_spans", lambda path, fmt, options: read(path))


@pytest.fixture(autouse=True)
def reader(monkeypatch):
    fake_annotators(monkeypatch)


def inputs(tmp_path) -> list[str]:
    """The annotators' files (empty: the test's read_spans makes their annotations)."""
    for name in SPANS:
        (tmp_path / name).touch()
    return [str(tmp_path / name) for name in SPANS]


def test_agreement_prints_the_matrices_and_writes_the_json(tmp_path, capsys):
    out = tmp_path / "agreement.json"
    assert main(["agreement", *inputs(tmp_path), "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "Agreement of 3 annotators (anna, ben, cara) on 2 documents (2 every annotator has)" in printed
    assert "# Span F1, labelled" in printed and "Fleiss' kappa:" in printed
    assert "Krippendorff's unitizing alpha" in printed and "observed" in printed
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["annotators"] == ["anna", "ben", "cara"]
    assert data["method"] == "agreement" and data["engine_version"] and len(data["input_files"]) == 3
    assert data["input_files"][0]["sha256"] and data["options"]["labels"] is None
    assert set(data["overall"]) >= {"span_f1", "token", "alpha_u"}
    assert set(data["overall"]["alpha_u"]) >= {"overall", "per_label", "pairwise", "pairwise_mean"}
    assert set(data["overall"]["span_f1"]["labelled"]) >= {"pairwise", "mean"}
    assert set(data["overall"]["token"]) >= {"cohen_kappa", "fleiss_kappa", "krippendorff_alpha"}
    assert data["per_document"]["dok_é"]["annotators"] == ["anna", "ben", "cara"]


def test_names_and_json_on_standard_output(tmp_path, capsys):
    assert main(["agreement", *inputs(tmp_path), "--names", "z", "y", "x", "--json", "-"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["annotators"] == ["x", "y", "z"]


def test_a_missing_file_is_named(tmp_path, capsys):
    assert main(["agreement", *inputs(tmp_path), str(tmp_path / "nobody.tsv")]) == 2
    assert (
        "nobody.tsv: expected an annotator's file or folder, found no such file or folder"
        in capsys.readouterr().err
    )


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ([], "annotator_anna.tsv: expected a file with annotations, found an empty file"),  # alone: read as one
        (["--names", "a", "b"], None),
    ],
)
def test_bad_command_lines_end_with_one_line(tmp_path, capsys, extra, message):
    paths = inputs(tmp_path)[:1] if not extra else inputs(tmp_path)
    assert main(["agreement", *paths, *extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("spanstudio: error: ")
    if message:
        assert message in err


#: What the command line says where two annotators share a name: what its user can do, not
#: what the app's can (the app says its own: tests/gui/test_agreement_window.py).
SAME_NAME = ("expected a different name for each annotator (each input is named after its file or folder, "
             "an export's annotators after their users: give --names, one per annotator, or rename a file or "
             "folder), found ")  # fmt: skip


def test_two_annotators_of_one_name_name_both_files_and_the_way_out(tmp_path, capsys):
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "ben.tsv").touch()
    paths = [*inputs(tmp_path), str(tmp_path / "other" / "ben.tsv")]
    assert main(["agreement", *paths]) == 2
    clash = f"'ben' for both {paths[1]} and {paths[3]}"
    err = capsys.readouterr().err
    assert err == f"spanstudio: error: {SAME_NAME}{clash}\n" and "app" not in err and "row" not in err
    assert main(["agreement", *paths, "--names", "a", "b", "c", "b"]) == 2
    assert capsys.readouterr().err == (
        "spanstudio: error: --names: expected a different name for each annotator, found b twice\n"
    )
    assert main(["agreement", *paths, "--names", "a", "b", "c", "d", "--json", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["annotators"] == ["a", "b", "c", "d"]


def _workbook(tmp_path) -> str:
    path = tmp_path / "adjudicate.xlsx"
    assert main(["agreement", *inputs(tmp_path), "--xlsx", str(path)]) == 0
    return str(path)


def _decide(path: str, choose) -> None:
    book = load_workbook(path)
    ws = book["Adjudication"]
    header = [c.value for c in ws[2]]
    for row in ws.iter_rows(min_row=3):
        values = {h: c.value for h, c in zip(header, row, strict=False)}
        cell = row[header.index("Decision")]
        cell.value = choose(values)
        if str(cell.value).startswith("="):  # as the drop-down enters it: text, not a formula
            cell.data_type = "s"
    book.save(path)


def test_the_workbook_has_one_row_per_disputed_extent_with_context_and_choices(tmp_path):
    path = _workbook(tmp_path)
    book = load_workbook(path)
    ws = book["Adjudication"]
    header = [c.value for c in ws[2]]
    assert header == [
        "Row",
        "Unit",
        "Document",
        "Characters",
        "Text",
        "Context",
        "anna",
        "ben",
        "cara",
        "Decision",
        "Comment",
    ]
    rows = [[c.value for c in r] for r in ws.iter_rows(min_row=3)]
    texts = [r[4] for r in rows]
    assert texts == ["Dr Watson", "Watson", "London", "Moriarty", "Paris", "=dawn"]
    assert rows[0][1] == rows[1][1]  # Dr Watson and Watson: one unit
    assert (
        rows[2][6:9] == ["LOC", "ORG", "LOC"]
        and rows[1][6:9] == [None, "PER", None]
        and rows[2][5].startswith("Sherlock Holmes met Dr Watson in \U0001f7e9London")
    )
    assert ws.cell(8, 5).data_type == "s"  # "=dawn" is text, not a formula
    checks = {str(v.sqref): v.formula1 for v in ws.data_validations.dataValidation}
    assert checks  # every Decision cell has a drop-down
    options = [[c.value for c in r if c.value is not None] for r in book["_options"].iter_rows()]
    assert ["LOC", "ORG", "none"] in options and ["=SUM", "none"] in options


def test_round_trip_adjudicate_and_evaluate_the_gold_against_each_annotator(tmp_path, capsys):
    path = _workbook(tmp_path)
    _decide(path, lambda row: row["anna"] or "none")  # anna is right everywhere
    gold = tmp_path / "gold.jsonl"
    assert main(["adjudicate", path, "--out", str(gold), "--format", "doccano"]) == 0
    records = [json.loads(line) for line in gold.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in records] == ["dok_é", "d2"]
    spans = [Span(s, e, lab, r["id"]) for r in records for s, e, lab in r["label"]]
    docs = [text_document(r["id"], r["text"]) for r in records]
    sides = {"gold": Annotations("gold", "doccano", docs, spans)}
    sides.update(
        {n: annotations(str(tmp_path / f)) for n, f in zip(("anna", "ben", "cara"), SPANS, strict=True)}
    )
    data = measure(build_corpus(sides))["overall"]["span_f1"]["labelled"]["pairwise"]["gold"]
    assert data["anna"] == 1.0
    assert data["ben"] == pytest.approx(2 * 1 / (4 + 4))
    assert data["cara"] == pytest.approx(2 * 3 / (4 + 4))


def test_undecided_rows_are_an_error_unless_majority(tmp_path, capsys):
    path = _workbook(tmp_path)
    gold = tmp_path / "gold.conll"
    assert main(["adjudicate", path, "--out", str(gold), "--format", "conll"]) == 2
    assert capsys.readouterr().err == (f"spanstudio: error: {path}: expected a Decision in every row of column "
                                       "Decision (or --majority), found 6 undecided: R1, R2, R3, R4, R5, R6\n")
    assert not gold.exists()
    assert main(["adjudicate", path, "--out", str(gold), "--format", "conll", "--majority"]) == 0
    err = capsys.readouterr().err
    assert "spanstudio: warning: 6 undecided rows settled by majority" in err
    lines = gold.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "-DOCSTART- dok_é" and "London\tB-LOC" in lines and "Holmes\tI-PER" in lines
    assert "Moriarty\tO" in lines and "Paris\tB-LOC" in lines  # 2 of 3 chose LOC; one chose PER on Moriarty


def test_a_decision_not_offered_or_a_removed_row_writes_nothing(tmp_path, capsys):
    path = _workbook(tmp_path)
    _decide(path, lambda row: "PERSON" if row["Row"] == "R2" else "none")
    out = tmp_path / "gold"
    assert main(["adjudicate", path, "--out", str(out), "--format", "brat"]) == 2
    assert "expected one of PER, none as the Decision of R2, found 'PERSON'" in capsys.readouterr().err
    assert not out.exists()
    book = load_workbook(path)
    book["Adjudication"].delete_rows(4)
    book.save(path)
    assert main(["adjudicate", path, "--out", str(out), "--format", "brat"]) == 2
    assert "rows removed: R2" in capsys.readouterr().err


def test_brat_gold_is_a_folder_of_txt_and_ann(tmp_path):
    path = _workbook(tmp_path)
    _decide(path, lambda row: row["cara"] or "none")
    out = tmp_path / "gold"
    assert main(["adjudicate", path, "--out", str(out), "--format", "brat"]) == 0
    assert (out / "dok_é.txt").read_text(encoding="utf-8") == TEXTS["dok_é"]
    ann = (out / "d2.ann").read_text(encoding="utf-8").splitlines()
    assert ann == ["T1\tLOC 17 22\tParis", "T2\t=SUM 26 31\t=dawn"]


def test_conll_gold_cannot_hold_overlapping_decisions(tmp_path, capsys):
    path = _workbook(tmp_path)
    _decide(path, lambda row: "PER" if row["Text"] in ("Dr Watson", "Watson") else "none")
    gold = tmp_path / "gold.conll"
    assert main(["adjudicate", path, "--out", str(gold), "--format", "conll"]) == 2
    err = capsys.readouterr().err
    assert "gold.conll: expected spans that do not overlap" in err and "in document 'dok_é' at characters 23–29" in err
    assert not gold.exists()


def test_an_output_that_is_an_input_is_refused_before_anything_is_read(tmp_path, capsys):
    files = inputs(tmp_path)
    before = [open(f, "rb").read() for f in files]  # noqa: SIM115
    (tmp_path / "link.json").symlink_to(files[1])
    for output in (["--json", files[0]], ["--xlsx", files[2]], ["--json", str(tmp_path / "link.json")]):
        assert main(["agreement", *files, *output]) == 2
        assert "expected an output path that is none of the run's inputs" in capsys.readouterr().err
    assert main(["agreement", *files, "--json", str(tmp_path / "a.json"), "--xlsx", str(tmp_path / "a.json")]) == 2
    capsys.readouterr()
    assert [open(f, "rb").read() for f in files] == before  # noqa: SIM115
    path = _workbook(tmp_path)
    assert main(["adjudicate", path, "--out", path, "--format", "doccano", "--majority"]) == 2
    assert "expected an output path that is none of the run's inputs" in capsys.readouterr().err


def test_the_reports_count_of_documents_is_never_grouped():
    """The text report writes its documents' count as it always has (the app groups its own)."""
    from engine.agreement.console import _documents

    assert [_documents(n) for n in (1, 2, 1000)] == ["1 document", "2 documents", "1000 documents"]


@pytest.mark.parametrize(("edit", "found"), [
    (lambda text: text.replace('{"annotators"', '{"annotators" x', 1), "invalid JSON (Expecting ':' delimiter"),
    (lambda text: text.replace('"annotators"', '"annotatorz"', 1), "no 'annotators' in it"),
    (lambda text: "[1, " + text + "]", "values of another kind"),
])  # fmt: skip
def test_an_edited_hidden_sheet_is_one_error_not_an_internal_one(tmp_path, capsys, edit, found):
    """The hidden sheet's data edited (JSON broken, a key renamed, another shape): one error
    naming the workbook and the sheet, not JSONDecodeError, KeyError or TypeError."""
    path = _workbook(tmp_path)
    _decide(path, lambda row: "none")
    book = load_workbook(path)
    sheet = book["_adjudication"]
    cells = [row[1] for row in sheet.iter_rows() if row[1].value]
    text = edit("".join(cell.value for cell in cells))
    cells[0].value, cells[1:] = text, [setattr(cell, "value", None) for cell in cells[1:]]
    book.save(path)
    gold = tmp_path / "gold.conll"
    assert main(["adjudicate", path, "--out", str(gold), "--format", "conll"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"spanstudio: error: {path}: expected the data Span Studio wrote in the hidden sheet "
                          "_adjudication (left as written), found it changed: " + found)  # fmt: skip
    assert err.count("\n") == 1 and not gold.exists()


def test_a_workbook_that_is_a_folder_or_a_loop_is_said_so(tmp_path, capsys):
    """adjudicate, review and --keep-decisions name a folder or a loop of links as such (not
    'a file openpyxl cannot read', 'another file')."""
    folder, loop = tmp_path / "book.xlsx", tmp_path / "loop.xlsx"
    folder.mkdir()
    loop.symlink_to(loop)
    for path, said in ((folder, "expected a workbook (.xlsx), found a directory"),
                       (loop, "expected an existing readable file, found a loop of symbolic links")):  # fmt: skip
        for args in (["adjudicate", str(path), "--out", str(tmp_path / "gold.conll")], ["review", str(path)],
                     ["agreement", *inputs(tmp_path), "--xlsx", str(tmp_path / "new.xlsx"), "--keep-decisions",
                      str(path)]):  # fmt: skip
            assert main(args) == 2
            assert capsys.readouterr().err == f"spanstudio: error: {path}: {said}\n"


def test_the_fake_reader_leaves_engine_formats_reader_alone():
    """A module first imported during these tests binds the real reader: the fixture replaces
    the agreement's name only (it replaced engine.formats.read_spans, and a later test in
    another file read INCEpTION exports through the fake: KeyError 'project.zip')."""
    assert engine.formats.read_spans.__module__ == "engine.formats"
    assert engine.agreement.inputs.read_spans.__module__ == __name__
