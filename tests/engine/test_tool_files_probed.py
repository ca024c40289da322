"""Files published by other projects that Span Studio was first run on late: each test
holds the piece of the file that it was wrong on (source and licence beside it)."""

from __future__ import annotations

import pytest

from engine.errors import InputError
from engine.formats import brat, conll, detect
from engine.formats.folders import check_brat_folder
from engine.formats.standoff import ReadOptions

#: flairNLP/flair tests/resources/tasks/trivial/trivial_bioes_with_boundaries/dev.txt
#: (MIT), shortened: flair writes its document boundary as a bare `-DOCSTART-` line.
FLAIR_DOCSTART = "this O\nis O\nNew B-LOC\nYork I-LOC\n\n-DOCSTART-\n\nthis O\nis O\nBerlin B-LOC"


def test_bare_docstart_lines_are_conll(tmp_path):
    """A `-DOCSTART-` line without filler columns is a document boundary, not a line
    of one column that makes the file no format's."""
    path = tmp_path / "dev.txt"
    path.write_text(FLAIR_DOCSTART, encoding="utf-8")
    assert detect(path) == conll.TITLE
    read = conll.read(str(path), ReadOptions())
    assert [doc.name for doc in read.documents] == ["1", "2"]
    spans = [(s.doc, read.documents[int(s.doc) - 1].tokens[s.start : s.end], s.label) for s in read.spans]
    assert spans == [("1", "New York", "LOC"), ("2", "Berlin", "LOC")]


def test_a_brat_collections_readme_is_brats(tmp_path):
    """brat shows a collection's README as its description (nlplab/brat
    server/src/document.py, get_directory_information), and its own corpora ship one
    beside the documents (example-data/corpora/BioNLP-ST_2011/*/README): a brat folder
    holding it is read; any other file still stops the run."""
    (tmp_path / "doc.txt").write_text("John met Mary.\n", encoding="utf-8")
    (tmp_path / "doc.ann").write_text("T1\tPER 0 4\tJohn\nT2\tPER 9 13\tMary\n", encoding="utf-8")
    (tmp_path / "README").write_text("The texts of the BioNLP Shared Task 2011.\n", encoding="utf-8")
    assert detect(tmp_path) == brat.TITLE
    read = brat.read(str(tmp_path))
    assert [(s.doc, s.start, s.end, s.label) for s in read.spans] == [("doc", 0, 4, "PER"), ("doc", 9, 13, "PER")]
    check_brat_folder(tmp_path)
    corpus = tmp_path / "corpus"  # the collection in a sub-folder, the README beside it
    corpus.mkdir()
    for name in ("doc.txt", "doc.ann"):
        (tmp_path / name).rename(corpus / name)
    assert detect(tmp_path) == brat.TITLE
    assert [s.doc for s in brat.read(str(tmp_path)).spans] == ["corpus/doc", "corpus/doc"]
    (tmp_path / "LICENSE").write_text("CC BY 3.0\n", encoding="utf-8")  # a corpus's own: left unread
    check_brat_folder(tmp_path)
    (tmp_path / "notes.csv").write_text("doc,checked\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"found notes.csv \(not recognised\) — move them out"):
        check_brat_folder(tmp_path)


#: flairNLP/flair tests/resources/tasks/conllu/train.conllup (MIT), its first sentence:
#: CoNLL-U Plus, its columns named by the first comment (the tags in the third, MISC last).
FLAIR_CONLLUP = """# global.columns = id form ner misc
# text = Larry Page and Sergey Brin founded Google.
1\tLarry\tB-PER\t_
2\tPage\tI-PER\t_
3\tand\tO\t_
4\tSergey\tB-PER\t_
5\tBrin\tI-PER\t_
6\tfounded\tO\t_
7\tGoogle\tB-ORG\t_
8\t.\tO\tSpaceAfter=No
"""


def test_a_column_without_tags_is_named_with_the_option_that_picks_another(tmp_path):
    """The last column given as tags where it holds none says which column it read and
    how to read the one with the tags; with it the file reads, and so it does where no
    tag column is given (the one column named for named entities is read)."""
    path = tmp_path / "train.conllup"
    path.write_text(FLAIR_CONLLUP, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        conll.read(str(path), ReadOptions(comment_prefix="#", tag_column=3))
    assert caught.value.line == 3
    found = ("found '_' in column 3 (counted from 0, misc in the file's global.columns); where the tags are in "
             "another column, read them with --tag-column 2 (ner, the one other column the file names for named entities)")
    assert found in str(caught.value)
    read = conll.read(str(path), ReadOptions(token_column=1, tag_column=2))  # its `#` lines comments
    text = read.documents[0].tokens
    assert [(text[s.start : s.end], s.label) for s in read.spans] == [
        ("Larry Page", "PER"), ("Sergey Brin", "PER"), ("Google", "ORG")]
    named = conll.read(str(path), ReadOptions())
    assert list(named.spans) == list(read.spans) and named.warnings[0].startswith(f"{path}: the last column (")
    path.write_text("hello\nworld\n", encoding="utf-8")  # one column: no other to pick
    with pytest.raises(InputError) as caught:
        conll.read(str(path), ReadOptions())
    assert str(caught.value).endswith("found 'hello'")


#: jiesutd/LatticeLSTM data/demo.dev.char (Apache-2.0), its second sentence: BMES tags
#: (M- for the middle of a span), as Chinese NER corpora (MSRA, Resume NER) write them.
LATTICE_BMES = "新 B-ORG\n华 M-ORG\n社 E-ORG\n上 B-GPE\n海 E-GPE\n电 O\n（ O\n谢 B-PER\n金 M-PER\n虎 E-PER\n） O\n岛 S-LOC\n"


def test_bmes_tags_are_recognised_and_read_as_iobes_with_m_for_i(tmp_path):
    """seqeval's IOBES spans of the same tags with M- read as I- (checked with seqeval
    1.2.2: ORG 新华社, GPE 上海, PER 谢金虎, LOC 岛); an I- among them is no BMES."""
    path = tmp_path / "demo.dev.char"
    path.write_text(LATTICE_BMES, encoding="utf-8")
    assert detect(path) == conll.TITLE
    read = conll.read(str(path), ReadOptions())
    assert read.spans.notes == [f"{path}: tags read as BMES (detected), strict reading"]
    text = read.documents[0].tokens
    assert [(text[s.start : s.end], s.label) for s in read.spans] == [
        ("新 华 社", "ORG"), ("上 海", "GPE"), ("谢 金 虎", "PER"), ("岛", "LOC")]
    path.write_text(LATTICE_BMES.replace("华 M-ORG", "华 I-ORG"), encoding="utf-8")
    with pytest.raises(InputError, match=r"BMES: O, B-X, S-X or \(after B-X or M-X of the same X\)") as caught:
        conll.read(str(path), ReadOptions())
    assert caught.value.line == 2
    path.write_text(LATTICE_BMES, encoding="utf-8")
    with pytest.raises(InputError, match="the strict reading for BMES"):
        conll.read(str(path), ReadOptions(reading="conlleval"))
