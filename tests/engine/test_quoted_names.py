"""Messages quote file and document names as engine.errors.given does (single quotes, the
name as it is): repr showed a name holding a quote in double quotes and doubled its
backslashes ("it's\\\\x")."""

from __future__ import annotations

import pytest

from engine.agreement.writers import brat
from engine.cli import main
from engine.errors import InputError
from engine.formats.brat import document_pairs
from engine.formats.corpus import _check_stems
from engine.formats.inception_project import NotAnnotated
from engine.formats.pairing import pair
from engine.formats.standoff import text_document
from engine.spans import Annotations, Span

NAME = "it's\\x"  # a quote and a backslash: it's\x


def side(source: str, names: list[str], spans: list[Span] | None = None) -> Annotations:
    return Annotations(source, "test", [text_document(n, "Holmes .") for n in names], spans or [])


def message(call, *args) -> str:
    with pytest.raises(InputError) as error:
        call(*args)
    return str(error.value)


def test_the_documents_a_side_holds_are_listed_as_named():
    said = message(pair, side("gold", ["a", "b"]), side("sys", [NAME, "b"]))
    assert said == ("sys: expected a document named 'a' (as in gold), found none: it holds 2 documents "
                    "('it's\\x', 'b'), gold 2 documents ('a', 'b'); 1 name in common")  # fmt: skip


def test_a_document_missing_from_the_other_side_is_named_as_it_is():
    said = message(pair, side("gold", [NAME, "b"]), side("sys", ["a", "b"]))
    assert said.startswith("sys: expected a document named 'it's\\x' (as in gold), found none")


def test_a_span_past_a_documents_text_names_the_document_as_it_is():
    said = message(pair, side("gold", [NAME]), side("sys", [NAME], [Span(0, 20, "PER", NAME)]))
    assert said == "sys: expected spans within the 8 characters of document 'it's\\x', found a span [0, 20)"


def test_a_gold_document_a_user_has_not_annotated_is_named_as_it_is():
    assert NotAnnotated("p.zip", "anna", [NAME], []).expected == "anna's annotations of 'it's\\x'"


def test_a_gold_document_that_cannot_be_a_brat_file_is_named_as_it_is():
    said = message(brat, [({"name": NAME, "text": "x"}, [])], "out")
    assert said == "out: expected document names that can be file names (brat), found 'it's\\x'"


def test_a_brat_file_of_another_kind_is_named_as_it_is(tmp_path):
    path = str(tmp_path / f"{NAME}.conll")
    said = message(document_pairs, path)
    assert said == f"{path}: expected a brat .ann or .txt file (or a folder of them), found 'it's\\x.conll'"


def test_two_files_of_one_name_are_named_as_it_is(tmp_path):
    files = [tmp_path / f"{NAME}.json", tmp_path / f"{NAME}.jsonl"]
    said = message(_check_stems, tmp_path, files)
    assert said.startswith(f"{tmp_path}: expected one file named 'it's\\x' (a file's documents are named")


def test_clueval_names_the_document_of_overlapping_spans_as_it_is(tmp_path, capsys):
    for side_name, lines in (("gold", "T1\tPER 0 6\tHolmes\nT2\tLOC 0 3\tHol\n"), ("system", "T1\tPER 0 6\tHolmes\n")):
        folder = tmp_path / side_name
        folder.mkdir()
        (folder / f"{NAME}.txt").write_text("Holmes met Watson .\n", encoding="utf-8")
        (folder / f"{NAME}.ann").write_text(lines, encoding="utf-8")
    assert main(["clueval", str(tmp_path / "gold"), str(tmp_path / "system")]) == 2
    assert capsys.readouterr().err == (f"spanstudio: error: {tmp_path / 'gold'}: expected spans that share no "
                                       "token (CLUEval reads each layer as one BIO column), found PER [0, 6) of "
                                       "document 'it's\\x' overlapping another\n")  # fmt: skip


def test_a_document_of_another_text_is_named_as_it_is():
    other = Annotations("sys", "test", [text_document(NAME, "Holmes !")], [])
    said = message(pair, side("gold", [NAME]), other)
    assert said.startswith("sys: expected the text of gold's document 'it's\\x' in gold (up to line ends")


# Values a person wrote (a line of a file, a tag, an option) are quoted the same way.


def test_a_brat_line_of_no_kind_is_quoted_as_it_is(tmp_path, capsys):
    (tmp_path / "a.txt").write_text("Holmes met Watson .\n", encoding="utf-8")
    (tmp_path / "a.ann").write_text(f"X1\t{NAME}\n", encoding="utf-8")
    assert main(["spans", str(tmp_path / "a.ann"), str(tmp_path / "a.ann")]) == 2
    assert "found 'X1\\tit's\\x'" in capsys.readouterr().err


def test_an_unknown_method_is_quoted_as_it_is():
    from engine.methods import get_method

    said = message(get_method, NAME)
    assert said.endswith(", found 'it's\\x'")


def test_a_conll_tag_is_quoted_as_it_is(tmp_path, capsys):
    path = tmp_path / "a.conll"
    path.write_text(f"Holmes\tB-PER\nmet\tO\nWatson\t{NAME}\n.\tO\n", encoding="utf-8")
    assert main(["spans", str(path), str(path), "--format", "conll"]) == 2
    assert capsys.readouterr().err.rstrip().endswith("found 'it's\\x'")
