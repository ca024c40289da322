"""What the readers know reaches the user: warnings a reader gives with the file, tasks
left out in a folder, two files of a folder with one name."""

import json
from pathlib import Path

import pytest

from engine.errors import InputError
from engine.formats import read_spans
from engine.formats.pairing import pair

TEXT = "Anna met Bob in Rome"


def _brat(folder, ann):
    folder.mkdir()
    (folder / "doc.txt").write_text(TEXT, encoding="utf-8")
    (folder / "doc.ann").write_text(ann, encoding="utf-8")
    return str(folder / "doc.ann")


def test_brat_zero_length_spans_dropped_are_a_warning_of_the_pairing(tmp_path):
    gold = read_spans(_brat(tmp_path / "gold", "T1\tPER 0 4\tAnna\nT2\tPER 9 9\t\n"))
    system = read_spans(_brat(tmp_path / "system", "T1\tPER 0 4\tAnna\n"))
    assert len(gold.warnings) == 1 and "1 zero-length annotation dropped" in gold.warnings[0]
    assert pair(gold, system).warnings == gold.warnings


def test_brat_folder_warnings_reach_the_pairing(tmp_path):
    _brat(tmp_path / "gold", "T1\tPER 0 4\tAnna\nT2\tPER 9 9\t\n")
    _brat(tmp_path / "system", "T1\tPER 0 4\tAnna\n")
    paired = pair(read_spans(str(tmp_path / "gold")), read_spans(str(tmp_path / "system")))
    assert [w for w in paired.warnings if "zero-length" in w] != []


def _task(task_id, spans):
    task = {"id": task_id, "data": {"text": TEXT}}
    if spans is not None:
        result = [{"from_name": "ner", "to_name": "text", "type": "labels",
                   "value": {"start": s, "end": e, "labels": [label]}} for s, e, label in spans]  # fmt: skip
        task["annotations"] = [{"result": result}]
    return task


def _folder(folder, files):
    folder.mkdir()
    for name, tasks in files.items():
        (folder / name).write_text(json.dumps(tasks), encoding="utf-8")
    return str(folder)


def test_label_studio_task_left_out_in_a_folder_is_left_out_of_the_other_side(tmp_path):
    gold = _folder(tmp_path / "gold", {"a.json": [_task(1, [(0, 4, "PER")])], "b.json": [_task(2, None)]})
    system = _folder(tmp_path / "system", {"a.json": [_task(1, [(0, 4, "PER")])],
                                           "b.json": [_task(2, [(9, 12, "PER")])]})  # fmt: skip
    paired = pair(read_spans(gold), read_spans(system))
    assert [d.name for d in paired.documents] == ["a"]
    assert len(paired.system) == 1
    assert any("left out of the comparison: 2 (0 annotations)" in w for w in paired.warnings)


def test_label_studio_file_of_several_tasks_keeps_its_names_when_one_is_left_out(tmp_path):
    gold = _folder(tmp_path / "gold", {"a.json": [_task(1, [(0, 4, "PER")]), _task(2, None)]})
    system = _folder(tmp_path / "system", {"a.json": [_task(1, [(0, 4, "PER")]), _task(2, [(9, 12, "PER")])]})
    paired = pair(read_spans(gold), read_spans(system))
    assert ([d.name for d in paired.documents], len(paired.system)) == (["a/1"], 1)


def test_two_files_of_one_name_in_a_folder_are_named(tmp_path):
    folder = _folder(tmp_path / "gold", {"a.json": [_task(1, [(0, 4, "PER")])], "a.jsonl": [_task(2, None)]})
    with pytest.raises(InputError, match=r"one file named 'a'.*a\.json and a\.jsonl") as error:
        read_spans(folder, "label-studio")
    assert error.value.file == folder


def test_a_brat_folder_lists_the_files_of_its_sub_folders_it_reads(tmp_path):
    from engine.report import InputFile

    _brat(tmp_path / "gold", "T1\tPER 0 4\tAnna\n")
    _brat(tmp_path / "gold" / "sub", "T1\tPER 9 12\tBob\n")
    (tmp_path / "gold" / "sub" / "notes.md").write_text("not read", encoding="utf-8")
    gold = read_spans(str(tmp_path / "gold"))
    assert [d.name for d in gold.documents] == ["doc", "sub/doc"]
    listed = [Path(f.path).relative_to(tmp_path / "gold").as_posix() for f in InputFile.of("gold", tmp_path / "gold")]
    assert listed == ["doc.ann", "doc.txt", "sub/doc.ann", "sub/doc.txt"]


def test_a_brat_folder_of_sub_folders_alone_lists_their_files(tmp_path, capsys):
    """Read with --format brat (nothing at its top level to recognise), its pairs are the
    report's inputs too, with their digests."""
    from engine.cli import main

    for side in ("gold", "system"):
        (tmp_path / side).mkdir()
        _brat(tmp_path / side / "sub", "T1\tPER 0 4\tAnna\n")
    report = tmp_path / "r.json"
    assert main(["spans", str(tmp_path / "gold"), str(tmp_path / "system"), "--format", "brat",
                 "--json", str(report)]) == 0, capsys.readouterr().err  # fmt: skip
    listed = json.loads(report.read_text(encoding="utf-8"))["input_files"]
    assert [(f["role"], Path(f["path"]).relative_to(tmp_path).as_posix()) for f in listed] == [
        ("gold", "gold/sub/doc.ann"), ("gold", "gold/sub/doc.txt"),
        ("system", "system/sub/doc.ann"), ("system", "system/sub/doc.txt"),
    ]  # fmt: skip
    assert all(len(f["sha256"]) == 64 for f in listed)


def test_a_brat_folders_hidden_files_are_not_read(tmp_path):
    """As in a folder of any format: a hidden pair at its top (macOS's `._doc.ann` beside
    `doc.ann`, not text) is neither read nor listed."""
    from engine.report import InputFile

    _brat(tmp_path / "gold", "T1\tPER 0 4\tAnna\n")
    (tmp_path / "gold" / "._doc.ann").write_bytes(b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X")
    (tmp_path / "gold" / "._doc.txt").write_bytes(b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X")
    assert [d.name for d in read_spans(str(tmp_path / "gold")).documents] == ["doc"]
    assert [Path(f.path).name for f in InputFile.of("gold", tmp_path / "gold")] == ["doc.ann", "doc.txt"]


def test_sub_folders_of_a_folder_of_another_format_are_named_as_not_read(tmp_path):
    gold = _folder(tmp_path / "gold", {"a.json": [_task(1, [(0, 4, "PER")])]})
    _folder(tmp_path / "gold" / "old", {"a.json": [_task(1, [(9, 12, "PER")])]})
    read = read_spans(gold)
    assert [d.name for d in read.documents] == ["a"]
    assert read.warnings == [f"{gold}: sub-folder old not read (a folder of Label Studio JSON files is read "
                             "without its sub-folders)"]  # fmt: skip


def test_agreement_warns_of_zero_length_spans_a_brat_reader_dropped(tmp_path, capsys):
    from engine.cli import main

    _brat(tmp_path / "anna", "T1\tPER 0 4\tAnna\nT2\tPER 9 9\t\n")
    _brat(tmp_path / "ben", "T1\tPER 0 4\tAnna\n")
    assert main(["agreement", str(tmp_path / "anna"), str(tmp_path / "ben")]) == 0
    assert "doc.ann: 1 zero-length annotation dropped" in capsys.readouterr().err


def test_a_list_in_a_message_shows_the_first_few_and_how_many_more():
    from engine.errors import first_listed

    assert first_listed(["a", "b"], 3) == "a, b"
    assert first_listed(["a", "b", "c", "d", "e"], 3) == "a, b, c and 2 more"
    assert first_listed([1, 2, 3], 2, "; ", " … and {} more", show=lambda n: f"T{n}") == "T1; T2 … and 1 more"
    assert first_listed(["a", "b", "c"], 1, more=", …") == "a, …"
    assert first_listed([], 3) == ""


def test_a_value_the_user_gave_is_quoted_as_typed():
    """Was quoted by repr: a Windows path's backslashes doubled ('C:\\\\x'), a quote in a value
    turning the quotes double."""
    from engine.errors import given

    assert given("C:\\Users\\anna\\labels.json") == "'C:\\Users\\anna\\labels.json'"
    assert given("it's") == "'it's'"
    assert given(3) == "3"
