"""brat folders as brat lists them (nlplab/brat server/src/document.py lists every `.txt`
of a collection as a document; its `.ann` is made empty when the document is first opened):
a `.txt` without its `.ann` is a document without annotations, scored as one with an empty
`.ann`; a published corpus's own files (README.md, LICENSE …) are left unread, named in a
warning; another format's files beside the documents still stop the run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli import main
from engine.errors import InputError
from engine.formats import brat, detect, folder_input_files, read_spans

TEXTS = {"a": "John met Mary.\n", "b": "Anna met Bob.\n", "c": "Bob met John.\n"}
ANNS = {"a": "T1\tPER 0 4\tJohn\nT2\tPER 9 13\tMary\n", "b": "T1\tPER 0 4\tAnna\n", "c": "T1\tLOC 0 3\tBob\n"}
#: What a corpus ships beside its documents (ErillLab/ECO-CollecTF corpus/: README.md and
#: acknowledgments.txt; brat's own example corpora: README; others LICENSE, CITATION.cff …).
CORPUS_FILES = ("LICENSE", "LICENSE.txt", "README.md", "COPYING", "CITATION.cff", "README.txt", "NOTICE",
                "acknowledgments.txt", "License.md")  # any letter case
#: The report's parts that name files or times rather than scores.
NOT_SCORES = ("created", "input_files", "inputs", "messages")


def collection(folder: Path, without_ann: tuple[str, ...] = (), empty: tuple[str, ...] = ()) -> Path:
    """Documents a, b, c: those `without_ann` a .txt alone, those `empty` an empty .ann."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in TEXTS.items():
        (folder / f"{name}.txt").write_text(text, encoding="utf-8")
        if name not in without_ann:
            (folder / f"{name}.ann").write_text("" if name in empty else ANNS[name], encoding="utf-8")
    return folder


def scores(tmp_path: Path, command: str, *inputs: Path) -> dict:
    """The JSON report of a command on these inputs, without the parts naming files."""
    out = tmp_path / f"{command}-{len(list(tmp_path.glob('*.json')))}.json"
    assert main([command, *map(str, inputs), "--json", str(out)]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    return {key: value for key, value in report.items() if key not in NOT_SCORES}


@pytest.mark.parametrize("command", ["spans", "agreement"])
def test_a_txt_without_its_ann_scores_as_an_empty_ann(tmp_path, command):
    gold = collection(tmp_path / "gold")
    lone = collection(tmp_path / "lone" / "system", without_ann=("b",))  # one name: agreement's annotator
    empty = collection(tmp_path / "empty" / "system", empty=("b",))
    assert scores(tmp_path, command, gold, lone) == scores(tmp_path, command, gold, empty)
    assert scores(tmp_path, command, lone, gold) == scores(tmp_path, command, empty, gold)
    full = collection(tmp_path / "full" / "system")
    assert scores(tmp_path, command, gold, lone) != scores(tmp_path, command, gold, full)  # b's spans count


def test_the_documents_without_an_ann_are_named_in_one_warning(tmp_path, capsys):
    folder = collection(tmp_path / "lone", without_ann=("b",))
    assert main(["spans", str(collection(tmp_path / "gold")), str(folder)]) == 0
    err = capsys.readouterr().err
    assert "a .txt and no .ann (b.txt)" in err and err.count("spanstudio: warning:") == 1
    read = read_spans(str(folder))
    assert [doc.name for doc in read.documents] == ["a", "b", "c"]
    assert sorted({span.doc for span in read.spans}) == ["a", "c"]
    assert read.warnings == [f"{folder}: a document has a .txt and no .ann (b.txt): read without annotations, "
                             "as brat shows them (was an .ann not copied?)"]  # fmt: skip
    for name in ("d", "e", "f"):
        (folder / "sub").mkdir(exist_ok=True)
        (folder / "sub" / f"{name}.txt").write_text("Text.\n", encoding="utf-8")
    (warning,) = read_spans(str(folder)).warnings
    assert warning.startswith(f"{folder}: 4 documents have a .txt and no .ann (b.txt, sub/d.txt, sub/e.txt and 1 more)")


def test_an_ann_without_its_txt_and_a_folder_without_ann_still_stop(tmp_path):
    folder = collection(tmp_path / "c", without_ann=tuple(TEXTS))
    assert detect(folder) != brat.TITLE  # .txt files alone: not a brat folder
    with pytest.raises(InputError) as caught:
        read_spans(str(folder), "brat")
    assert (caught.value.expected, caught.value.found) == ("brat documents (.txt with .ann)", "none")
    (folder / "a.txt").unlink()
    (folder / "a.ann").write_text(ANNS["a"], encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_spans(str(folder))
    assert caught.value.file == (folder / "a.txt").as_posix()


def test_a_corpus_s_own_files_are_left_unread_and_named(tmp_path):
    folder = collection(tmp_path / "corpus")
    for name in CORPUS_FILES:
        (folder / name).write_text("Released under CC BY 4.0.\n", encoding="utf-8")
    read = read_spans(str(folder))
    assert detect(folder) == brat.TITLE
    assert [doc.name for doc in read.documents] == ["a", "b", "c"]  # README.txt, LICENSE.txt: no documents
    assert read.warnings == [f"{folder}: CITATION.cff, COPYING, LICENSE and 6 more not read "
                             "(the corpus's own files, not documents)"]  # fmt: skip
    (folder / "README.ann").write_text("T1\tPER 0 8\tReleased\n", encoding="utf-8")  # annotated: a document
    read = read_spans(str(folder))
    assert [doc.name for doc in read.documents] == ["README", "a", "b", "c"]
    assert read.warnings[0].endswith("LICENSE and 5 more not read (the corpus's own files, not documents)")


def test_a_corpus_in_sub_folders_beside_its_own_files_is_brat(tmp_path):
    root = tmp_path / "corpus"
    collection(root / "train")
    for name in ("README.md", "LICENSE", "CITATION.cff"):
        (root / name).write_text("About the corpus.\n", encoding="utf-8")
    assert detect(root) == brat.TITLE
    read = read_spans(str(root))
    assert [doc.name for doc in read.documents] == ["train/a", "train/b", "train/c"]
    assert read.warnings == [f"{root}: CITATION.cff, LICENSE, README.md not read (the corpus's own files, not documents)"]
    assert (root / "train" / "a.ann") in folder_input_files(root)
    (root / "LICENSE").rename(root / "other.md")  # not a corpus's own file: no format's
    assert detect(root) != brat.TITLE


@pytest.mark.parametrize("name", ["extra.tsv", "extra.xmi", "extra.json", "extra.conll", "notes.csv"])
def test_another_formats_file_beside_the_documents_is_still_named(tmp_path, name, capsys):
    folder = collection(tmp_path / "system")
    (folder / "LICENSE").write_text("MIT\n", encoding="utf-8")
    (folder / name).write_text("John\tB-PER\n", encoding="utf-8")
    code = main(["spans", str(collection(tmp_path / "gold")), str(folder), "--format", "brat"])
    assert code == 2 and f"found {name} (" in capsys.readouterr().err


def test_a_txt_without_ann_in_another_format_is_named(tmp_path, capsys):
    """A CoNLL `.txt` beside brat pairs is formats mixed, not a document without annotations."""
    folder = collection(tmp_path / "system")
    (folder / "tagged.txt").write_text("John\tB-PER\nmet\tO\n\nMary\tB-PER\n", encoding="utf-8")
    code = main(["spans", str(collection(tmp_path / "gold")), str(folder)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert f"{folder}: expected brat's files alone" in err and "found tagged.txt (CoNLL columns" in err


def test_a_lone_txt_does_not_make_a_conll_folder_brat(tmp_path):
    folder = tmp_path / "conll"
    folder.mkdir()
    (folder / "a.conll").write_text("John\tB-PER\nmet\tO\n", encoding="utf-8")
    (folder / "b.txt").write_text("Mary\tB-PER\n", encoding="utf-8")
    assert detect(folder) != brat.TITLE
    assert [doc.name for doc in read_spans(str(folder)).documents] == ["a", "b"]
    (folder / "README.md").write_text("# tagged news\n", encoding="utf-8")  # not brat's for a README
    assert detect(folder) != brat.TITLE


def test_a_txt_brat_hides_is_no_document(tmp_path):
    """brat lists no file whose name begins with `.` or `hidden_` (document.py, _is_hidden):
    macOS's `._a.txt` beside a copied file is not a document (it is not text either)."""
    folder = collection(tmp_path / "c")
    (folder / "sub").mkdir()
    (folder / "sub" / "._a.txt").write_bytes(b"\x00\x05\x16\x07\x00\x02\x00\x00")
    (folder / "sub" / "hidden_b.txt").write_text("Not shown.\n", encoding="utf-8")
    read = read_spans(str(folder))
    assert ([doc.name for doc in read.documents], read.warnings) == (["a", "b", "c"], [])


def test_a_lone_txt_named_as_a_corpus_file_begins_is_a_document(tmp_path):
    """A corpus's NOTICE (no suffix) does not hide the document NO.txt: only a .txt loses its
    suffix when the unread files are taken from the lone ones."""
    folder = collection(tmp_path / "c")
    (folder / "NOTICE").write_text("Notice.\n", encoding="utf-8")
    (folder / "NO.txt").write_text("No annotations yet.\n", encoding="utf-8")
    read = read_spans(str(folder))
    assert [doc.name for doc in read.documents] == ["NO", "a", "b", "c"]
    assert "(NO.txt)" in read.warnings[0]


def test_an_ann_brat_hides_is_no_annotation_file(tmp_path):
    """macOS copies `._a.ann` beside `._a.txt`: brat hides both, so neither stops the reading."""
    folder = collection(tmp_path / "c")
    (folder / "sub").mkdir()
    for name in ("._a.ann", "._a.txt"):
        (folder / "sub" / name).write_bytes(b"\x00\x05\x16\x07\x00\x02\x00\x00")
    (folder / "._b.ann").write_bytes(b"\x00\x05\x16\x07")
    assert [doc.name for doc in read_spans(str(folder)).documents] == ["a", "b", "c"]
