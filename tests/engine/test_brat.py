"""brat standoff reader: brat's and bratly's corpora, generated pairs read back, bad input,
and how discontinuous spans are expanded for a method."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from engine.errors import InputError
from engine.formats import brat
from engine.formats.standoff import PARTS, expand_fragments, fragments_key
from tests.engine.span_samples import random_brat_document, write_brat_ann

DATA = Path(__file__).resolve().parent.parent / "data" / "formats" / "brat"


def text_bound_lines(ann: Path) -> list[tuple[str, list[tuple[int, int]], str]]:
    """(label, pieces, text field) of each T line, read here independently of the reader."""
    found = []
    for line in ann.read_text(encoding="utf-8").splitlines():
        if line.startswith("T"):
            _, middle, shown = line.split("\t")
            label, offsets = middle.split(" ", 1)
            found.append((label, [tuple(map(int, p.split())) for p in offsets.split(";")], shown))
    return found


# --- brat's and bratly's files ---------------------------------------------------------


def test_discontinuous_span_keeps_its_pieces():
    found = brat.read(str(DATA / "bratly" / "toy_example.ann"))
    doc = found.documents[0]
    assert [(s.start, s.end, s.label, s.attrs.get(PARTS)) for s in found.spans] == [
        (35, 41, "PythonPackage", None), (58, 83, "Comparative", [(58, 62), (79, 83)]),
    ]  # fmt: skip
    assert [doc.text(a, b) for a, b in found.spans[1].attrs[PARTS]] == ["more", "than"]
    assert doc.name == "toy_example" and found.format == "brat" and doc.token_bounds is None
    assert brat.read(str(DATA / "bratly" / "toy_example.txt")).spans == found.spans  # either file of the pair


@pytest.mark.parametrize("folder", ["NCBI-disease", "CoNLL-ST_2002", "bratly/test3/medina"])
def test_offsets_are_code_points_of_the_text_on_disk(folder):
    """In these corpora each T line's text field is the text at its offsets: the reader's
    spans cover exactly those texts (accents, CRLF in the bratly files counted as on disk)."""
    found = brat.read(str(DATA / folder))
    anns = sorted((DATA / folder).rglob("*.ann"))
    assert [d.name for d in found.documents] == [a.relative_to(DATA / folder).as_posix()[:-4] for a in anns]
    for doc, ann in zip(found.documents, anns, strict=True):
        expected = sorted((pieces[0][0], pieces[-1][1], label, shown) for label, pieces, shown in text_bound_lines(ann))
        spans = [s for s in found.spans if s.doc == doc.name]
        assert [(s.start, s.end, s.label, doc.text(s.start, s.end)) for s in spans] == expected


def test_the_text_field_is_not_trusted():
    """bratly's system output: its .txt files are masked with X, the .ann keeps the words."""
    found = brat.read(str(DATA / "bratly" / "test3" / "tmp"))
    ann = text_bound_lines(DATA / "bratly" / "test3" / "tmp" / "2001030646.ann")
    assert ann[0] == ("Lieu", [(0, 4)], "Cher")
    first = found.spans[0]
    assert (first.start, first.end, first.label) == (0, 4, "Lieu") and found.documents[0].text(0, 4) == "XXXX"
    assert brat.choices(str(DATA / "bratly" / "test3" / "tmp")) == {"label": ["Divers", "Lieu", "Organisation", "Personne"]}


def test_sniff():
    lines = (DATA / "NCBI-disease" / "PMID-10429004.ann").read_text(encoding="utf-8").splitlines()
    assert brat.sniff(lines) and brat.sniff(["T1\tPER 0 4;6 9\tJohn Doe", "R1\tLinked Arg1:T1 Arg2:T2", "*\tEquiv T1 T2"])
    assert not brat.sniff(["A1\tNegated T1"])  # no text-bound line
    assert not brat.sniff((DATA / "NCBI-disease" / "PMID-10429004.txt").read_text(encoding="utf-8").splitlines())
    assert not brat.sniff(["1-1\t0-3\tMs.\tPER", "#Text=Ms."]) and not brat.sniff([])


# --- discontinuous spans, as methods score them ----------------------------------------


def test_expand_fragments():
    found = brat.read(str(DATA / "bratly" / "toy_example.ann"))
    rows = lambda a: [(s.start, s.end, s.label, s.attrs.get(PARTS)) for s in a.spans]  # noqa: E731
    assert rows(expand_fragments(found, "extent")) == [(35, 41, "PythonPackage", None), (58, 83, "Comparative", None)]
    assert rows(expand_fragments(found, "fragments")) == [
        (35, 41, "PythonPackage", None), (58, 62, "Comparative", None), (79, 83, "Comparative", None),
    ]  # fmt: skip
    assert expand_fragments(found, "all-fragments") is found
    assert fragments_key(found.spans[1]) == ("toy_example", "Comparative", ((58, 62), (79, 83)))
    assert fragments_key(found.spans[0]) == ("toy_example", "PythonPackage", ((35, 41),))
    assert found.spans[1].attrs[PARTS] == [(58, 62), (79, 83)]  # the input is left as it was
    with pytest.raises(ValueError):
        expand_fragments(found, "pieces")


# --- generated pairs -------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(30))
def test_generated_pairs_read_back(tmp_path, seed):
    """Emoji (one code point each), CRLF and LF in the text, discontinuous spans, attribute,
    relation, equivalence and note lines between; one pair, and a folder of pairs."""
    rnd = random.Random(seed)
    (tmp_path / "sub").mkdir()
    expected = {}
    for name in ("a", "sub/b"):
        text, spans = random_brat_document(rnd)
        (tmp_path / f"{name}.txt").write_bytes(text.encode("utf-8"))
        (tmp_path / f"{name}.ann").write_text(write_brat_ann(text, spans), encoding="utf-8")
        expected[name] = (text, sorted((s, e, label, list(p) if len(p) > 1 else None) for s, e, label, p in spans))
    for path, names in ((tmp_path / "a.ann", ["a"]), (tmp_path, ["a", "sub/b"])):
        found = brat.read(str(path))
        assert [d.name for d in found.documents] == names
        for doc in found.documents:
            text, spans = expected[doc.name]
            assert doc.tokens == text
            got = [(s.start, s.end, s.label, s.attrs.get(PARTS)) for s in found.spans if s.doc == doc.name]
            assert sorted(got, key=str) == sorted(spans, key=str)


# --- bad input -------------------------------------------------------------------------


def pair(tmp_path: Path, ann: str, text: str = "John met Mary.\r\n") -> Path:
    (tmp_path / "doc.txt").write_bytes(text.encode("utf-8"))
    (tmp_path / "doc.ann").write_text(ann, encoding="utf-8")
    return tmp_path / "doc.ann"


@pytest.mark.parametrize(
    ("ann", "line", "expected"),
    [
        ("T1\tPER 0 4\tJohn\nT2\tPER 9 17\tMary.\n", 2, "offsets within the text"),
        ("T1\tPER 4 0\tJohn\n", 1, "offsets within the text"),
        ("T1\tPER 0 4;x 5\tJohn\n", 1, "offsets 'start end'"),
        ("T1\tPER\tJohn\n", 1, "a text-bound annotation"),
        ("T1\n", 1, "a text-bound annotation"),
        ("A1\tNegated T1\nX1\tsomething\n", 2, "a brat annotation line"),
    ],
)
def test_bad_ann_names_file_and_line(tmp_path, ann, line, expected):
    path = pair(tmp_path, ann)
    with pytest.raises(InputError) as caught:
        brat.read(str(path))
    assert (caught.value.file, caught.value.line) == (str(path), line)
    assert expected in caught.value.expected


def test_offsets_count_the_text_as_on_disk(tmp_path):
    path = pair(tmp_path, "T1\tPER 9 13\tMary\nT2\tEOL 14 16\t\n")  # 16 characters with the CRLF
    found = brat.read(str(path))
    assert [found.documents[0].text(s.start, s.end) for s in found.spans] == ["Mary", "\r\n"]


def test_zero_length_spans_are_dropped_and_counted(tmp_path):
    path = pair(tmp_path, "T1\tPER 0 0\t\nT2\tPER 0 4\tJohn\nT3\tLOC 5 5\t\n")
    found = brat.read(str(path))
    assert [(s.start, s.end) for s in found.spans] == [(0, 4)]
    assert found.warnings == [f"{path}: 2 zero-length annotations dropped (a span without characters cannot be scored)"]


def test_a_missing_partner_is_named(tmp_path):
    (tmp_path / "alone.ann").write_text("T1\tPER 0 4\tJohn\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        brat.read(str(tmp_path / "alone.ann"))
    assert caught.value.file == str(tmp_path / "alone.txt")
    with pytest.raises(InputError) as caught:
        brat.read(str(tmp_path))
    assert caught.value.file == (tmp_path / "alone.txt").as_posix()
    (tmp_path / "other.txt").write_text("Mary", encoding="utf-8")  # a .txt without its .ann: a document
    with pytest.raises(InputError) as caught:
        brat.read(str(tmp_path))
    assert caught.value.file == (tmp_path / "alone.txt").as_posix()  # the .ann's .txt is still named
    with pytest.raises(InputError) as caught:
        brat.read(str(tmp_path / "other.txt"))  # the file of a pair given: its .ann named
    assert caught.value.file == str(tmp_path / "other.ann")


def test_text_that_is_not_utf8_names_its_line(tmp_path):
    path = pair(tmp_path, "T1\tPER 0 4\tJohn\n")
    (tmp_path / "doc.txt").write_bytes(b"John\nMary \xe9\n")
    with pytest.raises(InputError) as caught:
        brat.read(str(path))
    assert (caught.value.file, caught.value.line) == (str(tmp_path / "doc.txt"), 2)


def test_a_folder_without_documents(tmp_path):
    shutil.copy(DATA / "SOURCES.md", tmp_path / "README.md")
    with pytest.raises(InputError) as caught:
        brat.read(str(tmp_path))
    assert caught.value.file == str(tmp_path)


@pytest.mark.parametrize(
    ("ann", "found"),
    [
        ("T1\tPER 0 4\tJohn\nT1\tPER 9 13\tMary\n", r"T1 again: line 1 'T1\tPER 0 4\tJohn', line 2 'T1\tPER 9 13\tMary'"),
        ("T1\tPER 0 4\tJohn\n\nT1\tPER 0 4\tJohn\n", r"T1 again: line 1 'T1\tPER 0 4\tJohn', line 3 'T1\tPER 0 4\tJohn'"),
        ("T1\tPER 0 4\tJohn\nA1\tNeg T1\nA1\tNeg T1\n", r"A1 again: line 2 'A1\tNeg T1', line 3 'A1\tNeg T1'"),
    ],
)
def test_a_duplicate_id_is_refused_as_brat_does(cli, tmp_path, ann, found):
    """brat refuses any id an earlier line has ('Duplicate id'; `*` lines have none), the
    same line again too; was read silently, a second T1 a second span."""
    path = pair(tmp_path, ann)
    result = cli("spans", path, path)
    line = ann.rstrip("\n").count("\n") + 1
    expected = "an id given once per file (brat refuses a duplicate id)"
    assert (result.code, result.err) == (2, f"spanstudio: error: {path}:{line}: expected {expected}, found {found}\n")


def test_equivalences_have_no_id(tmp_path):
    path = pair(tmp_path, "T1\tPER 0 4\tJohn\nT2\tPER 9 13\tMary\n*\tEquiv T1 T2\n*\tEquiv T2 T1\n")
    assert len(brat.read(str(path)).spans) == 2


@pytest.mark.parametrize(("make", "found"), [
    (lambda txt: txt.mkdir(), "a directory"),
    (lambda txt: txt.symlink_to(txt.name), "a link that leads to no file"),  # a loop of links
    (lambda txt: None, "no such file"),
])  # fmt: skip
def test_a_text_that_is_no_file_is_said_so(cli, tmp_path, make, found):
    """An .ann whose .txt is a folder or a loop of links, in a folder or given alone: its
    message says what is there; a loop was 'a folder that cannot be listed' of the whole folder."""
    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "a.ann").write_text("T1\tPER 0 4\tAnna\n", encoding="utf-8")
    make(folder / "a.txt")
    for given in (folder, folder / "a.ann"):
        result = cli("spans", given, given)
        assert result.code == 2
        assert result.err == (f"spanstudio: error: {folder / 'a.ann'}: expected its text a.txt beside it, "
                              f"found {found}\n")  # fmt: skip
