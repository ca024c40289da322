"""Inputs as users give them: a folder is read whole and in one format, a brat .txt whose
line ends changed after annotating is caught, and a file no format recognises gets a
message saying why (not text, empty, cut short)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli import main
from engine.errors import InputError
from engine.formats import brat, detect, read_spans

TEXT = "John met Mary.\nMary met Anna.\n"
ANN = "T1\tPER 0 4\tJohn\nT2\tPER 24 28\tAnna\n#1\tAnnotatorNotes T1\tthe first\n"
DOCCANO = '{"text": "EU rejects German lamb.", "label": [[0, 2, "ORG"], [11, 17, "MISC"]]}\n'


def brat_pair(folder: Path, name: str = "doc", text: str = TEXT, ann: str = ANN) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.txt").write_bytes(text.encode("utf-8"))
    (folder / f"{name}.ann").write_text(ann, encoding="utf-8")
    return folder / f"{name}.ann"


def run(capsys, *args: str) -> tuple[int, str]:
    code = main(["spans", *args])
    return code, capsys.readouterr().err


# --- a folder is read whole, in one format ----------------------------------------------


def test_a_folder_of_two_formats_stops_naming_each_formats_files(tmp_path, capsys):
    for side in ("gold", "system"):
        brat_pair(tmp_path / side)
        (tmp_path / side / "news.jsonl").write_text(DOCCANO, encoding="utf-8")
    code, err = run(capsys, str(tmp_path / "gold"), str(tmp_path / "system"))
    assert code == 2 and err.count("\n") == 1
    assert f"{tmp_path / 'gold'}: expected the files of one format" in err
    assert "brat standoff (.ann + .txt): doc.ann, doc.txt; doccano JSONL: news.jsonl" in err
    assert "move the files of the other formats out of the folder" in err


def test_a_file_brat_does_not_read_stops_a_brat_folder(tmp_path, capsys):
    gold = brat_pair(tmp_path / "gold").parent
    system = brat_pair(tmp_path / "system").parent
    (system / "annotation.conf").write_text("[entities]\nPER\n", encoding="utf-8")  # a collection's: fine
    assert run(capsys, str(gold), str(system))[0] == 0
    assert detect(system) == brat.TITLE  # the app's format line: not the .conf's (the first file)
    (system / "extra.jsonl").write_text(DOCCANO, encoding="utf-8")
    code, err = run(capsys, str(gold), str(system))
    assert code == 2 and "doc.ann, doc.txt; doccano JSONL: extra.jsonl — move the files" in err
    code, err = run(capsys, str(gold), str(system), "--format", "brat")
    assert code == 2 and "found extra.jsonl (doccano JSONL) — move them out of the folder" in err
    (system / "extra.jsonl").write_text("some notes\n", encoding="utf-8")  # recognised as nothing
    code, err = run(capsys, str(gold), str(system))
    assert code == 2 and "found extra.jsonl (not recognised) — move them out of the folder" in err


def test_every_file_of_a_folder_is_read_and_listed(tmp_path, capsys):
    """A file of the folder's format with a suffix of another (doccano lines in a .txt) is
    read too: the report lists as inputs exactly the files read."""
    for side in ("gold", "system"):
        (tmp_path / side).mkdir()
        (tmp_path / side / "a.jsonl").write_text(DOCCANO, encoding="utf-8")
        (tmp_path / side / "b.txt").write_text(DOCCANO.replace("German", "French"), encoding="utf-8")
    found = read_spans(str(tmp_path / "gold"))
    assert [d.name for d in found.documents] == ["a", "b"]
    assert main(["spans", str(tmp_path / "gold"), str(tmp_path / "system"), "--json", str(tmp_path / "r.json")]) == 0
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert [Path(f["path"]).name for f in report["input_files"]] == ["a.jsonl", "b.txt"] * 2
    assert report["classification_report"]["micro avg"]["support"] == 4


def test_a_file_no_format_recognises_is_read_by_the_folders_reader(tmp_path):
    (tmp_path / "a.jsonl").write_text(DOCCANO, encoding="utf-8")
    (tmp_path / "notes.md").write_text("# my notes\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_spans(str(tmp_path))
    assert (caught.value.file, caught.value.line) == (str(tmp_path / "notes.md"), 1)


# --- brat: the text fields against the .txt --------------------------------------------


def test_a_txt_whose_line_ends_became_crlf_stops_naming_the_annotation(tmp_path, capsys):
    gold = brat_pair(tmp_path / "gold")
    system = brat_pair(tmp_path / "system", text=TEXT.replace("\n", "\r\n"))
    code, err = run(capsys, str(gold), str(system))
    assert code == 2 and err.count("\n") == 1
    assert f"{system}:2: expected the text of T2 at its offsets, 'Anna', found ' Ann'" in err
    assert "the .txt has CRLF line ends" in err and "save the .txt with LF line ends" in err
    counted = brat_pair(tmp_path / "crlf", text=TEXT.replace("\n", "\r\n"), ann="T1\tPER 0 4\tJohn\nT2\tPER 25 29\tAnna\n")
    found = brat.read(str(counted))  # offsets that count the CRLF: read, no warning
    assert [found.documents[0].text(s.start, s.end) for s in found.spans] == ["John", "Anna"]
    assert found.warnings == []


def test_a_masked_text_is_read_with_a_warning(tmp_path):
    path = brat_pair(tmp_path, text=TEXT.replace("Anna", "XXXX"))
    found = brat.read(str(path))
    assert [(s.start, s.end) for s in found.spans] == [(0, 4), (24, 28)]
    assert found.warnings == [f"{path}: the text field of 1 of 2 annotations differs from the .txt at their "
                              "offsets, the first at line 2: T2 'Anna', the .txt 'XXXX'; the offsets are used"]


def test_an_ann_without_its_txt_is_named(tmp_path, capsys):
    path = brat_pair(tmp_path)
    (tmp_path / "doc.txt").unlink()
    code, err = run(capsys, str(path), str(path))
    assert code == 2 and err == f"spanstudio: error: {path}: expected its text doc.txt beside it, found no such file\n"


# --- files no format recognises ----------------------------------------------------------


def test_an_empty_ann_is_a_brat_document_without_annotations(tmp_path, capsys):
    gold = brat_pair(tmp_path / "gold")
    empty = brat_pair(tmp_path / "system", ann="")
    code, _ = run(capsys, str(gold), str(empty))
    assert code == 0
    assert read_spans(str(empty.with_suffix(".txt"))).spans == []  # the .txt of a pair names it too
    assert detect(empty) == detect(empty.with_suffix(".txt")) == brat.TITLE  # the app's format line


@pytest.mark.parametrize(
    ("content", "found"),
    [
        ("x O\n".encode("utf-16"), " is not a text file (it looks like UTF-16 text (save it as UTF-8))"),
        (b"", ": expected a file with annotations, found an empty file"),
        (b"\n\n  \n", ": expected a file with annotations, found a file of blank lines"),
    ],
)
def test_why_a_file_is_not_recognised(tmp_path, capsys, content, found):
    path = tmp_path / "gold.conll"
    path.write_bytes(content)
    code, err = run(capsys, str(path), str(path))
    assert code == 2 and err == f"spanstudio: error: {path}{found}\n"


def test_a_file_cut_short_names_its_last_line(tmp_path, capsys):
    path = tmp_path / "cut.conll"
    path.write_text("-DOCSTART- -X- -X- O\n\nJAPAN _ _ B-LOC\nGET _ _ O\n\nA _ _ O\nYEAR _", encoding="utf-8")
    code, err = run(capsys, str(path), str(path))
    assert code == 2
    assert f"{path}:7: expected a whole last line (CoNLL columns (a token and its tag)), found 'YEAR _'" in err
    assert "cut short" in err


@pytest.mark.parametrize(
    ("content", "format"),
    [(DOCCANO, "doccano"), ('[{"data": {"text": "ab"}, "annotations": []}]', "label-studio")],
)
def test_json_with_a_byte_order_mark_is_recognised(tmp_path, content, format):
    path = tmp_path / "export.json"
    path.write_text("\ufeff" + content, encoding="utf-8")
    assert read_spans(str(path)).format == format


def test_offsets_of_digits_int_cannot_read_are_a_message(tmp_path):
    path = brat_pair(tmp_path, ann="T1\tPER \u00b2 4\tJohn\n")  # a superscript two: a digit, not a decimal
    with pytest.raises(InputError) as caught:
        brat.read(str(path))
    assert (caught.value.file, caught.value.line, caught.value.found) == (str(path), 1, "'² 4'")


def test_a_folders_document_that_differs_names_the_file_it_was_read_from(tmp_path, capsys):
    """Two folders paired by file: the message names the file of the folder holding the
    document (a file's several documents: its file too), not the folder."""
    for side in ("gold", "system"):
        (tmp_path / side).mkdir()
        (tmp_path / side / "a.jsonl").write_text(DOCCANO, encoding="utf-8")
        second = DOCCANO if side == "gold" else DOCCANO.replace("lamb", "beef")
        (tmp_path / side / "b.jsonl").write_text(DOCCANO + second, encoding="utf-8")
    code, err = run(capsys, str(tmp_path / "gold"), str(tmp_path / "system"))
    gold, system = tmp_path / "gold" / "b.jsonl", tmp_path / "system" / "b.jsonl"
    assert code == 2 and err.startswith(f"spanstudio: error: {system}: expected the text of gold's document "
                                        f"'b/2' in {gold} (up to line ends and spacing)"), err  # fmt: skip
