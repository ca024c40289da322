"""A UIMA type system is found by its name in any case wherever one is looked for, as in a
zip (65633b5d): beside an XMI file and in a folder, where it is no annotation file (review57
F4). `DOC.XMI` beside `TYPESYSTEM.XML` said "expected a type system: TypeSystem.xml beside
the file … found none", and a folder holding `TYPESYSTEM.XML` said so of it, read as an XMI
file. Two named alike but for case: the one of the exact name, else a message naming both."""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

import pytest

from engine.cli import main
from engine.errors import InputError
from engine.formats import annotation_files, detect, read_spans, uima_xmi

XMI = Path(__file__).parent.parent / "data" / "formats" / "uima-xmi" / "cassis-smileys"
METHODS = ("spans", "nervaluate", "faireval", "clueval")


def document(folder: Path, xmi: str, *typesystems: str) -> Path:
    """The cassis sample (NamedEntity spans) in `folder`, its XMI named `xmi`, with its type system under each name."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(XMI / "cas_with_smileys.xmi", folder / xmi)
    for name in typesystems:
        shutil.copy(XMI / "important_dkpro_types.xml", folder / name)
    return folder / xmi


def figures(capsys, *args: str) -> dict:
    assert main([*args, "--json", "-"]) == 0, capsys.readouterr().err
    data = json.loads(capsys.readouterr().out)
    return {name: data[name] for name in ("tables", "classification_report", "results") if name in data}


@pytest.fixture
def lower(tmp_path) -> Path:
    """The sample as INCEpTION writes it: doc.xmi beside TypeSystem.xml."""
    return document(tmp_path / "lower", "doc.xmi", "TypeSystem.xml")


def test_a_type_system_beside_the_file_in_upper_case(capsys, tmp_path, lower):
    shouting = str(document(tmp_path / "upper", "DOC.XMI", "TYPESYSTEM.XML"))
    assert detect(shouting) == uima_xmi.TITLE
    assert figures(capsys, "spans", shouting, shouting) == figures(capsys, "spans", str(lower), str(lower))


@pytest.mark.parametrize("method", METHODS)
def test_a_folder_s_type_system_in_upper_case(capsys, tmp_path, lower, method):
    folder = document(tmp_path / "upper", "doc.xmi", "TYPESYSTEM.XML").parent
    assert annotation_files(folder) == [folder / "doc.xmi"]
    assert detect(folder) == uima_xmi.TITLE
    expected = figures(capsys, method, str(lower.parent), str(lower.parent))
    assert figures(capsys, method, str(folder), str(lower.parent)) == expected


def test_the_agreement_over_folders(capsys, tmp_path):
    def agreement(typesystem: str) -> dict:
        folders = [str(document(tmp_path / typesystem / name, "doc.xmi", typesystem).parent) for name in "ab"]
        assert main(["agreement", *folders, "--json", "-"]) == 0, capsys.readouterr().err
        return json.loads(capsys.readouterr().out)["overall"]

    assert agreement("TYPESYSTEM.XML") == agreement("TypeSystem.xml")


def test_the_exact_name_is_taken_of_two_alike_but_for_case(tmp_path):
    path = document(tmp_path / "two", "doc.xmi", "TypeSystem.xml", "TYPESYSTEM.XML")
    (path.parent / "TYPESYSTEM.XML").write_text("<not a type system", encoding="utf-8")
    assert annotation_files(path.parent) == [path]
    assert len(read_spans(str(path.parent)).spans) == len(read_spans(str(path)).spans) == 5


def test_two_alike_but_for_case_and_none_of_the_exact_name_are_said(tmp_path):
    path = document(tmp_path / "two", "doc.xmi", "typesystem.xml", "TYPESYSTEM.XML")
    for read in (str(path), str(path.parent)):
        with pytest.raises(InputError) as caught:
            read_spans(read)
        assert caught.value.file == str(path)
        assert str(caught.value).endswith(
            "expected one type system (TypeSystem.xml in any case) beside the file, or one given "
            "(--typesystem), found TYPESYSTEM.XML and typesystem.xml, named alike but for case: keep one")


def test_two_alike_but_for_case_in_a_zip_are_said(tmp_path):
    path = tmp_path / "two.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("doc.xmi", (XMI / "cas_with_smileys.xmi").read_bytes())
        for name in ("typesystem.xml", "TYPESYSTEM.XML"):
            archive.writestr(name, (XMI / "important_dkpro_types.xml").read_bytes())
    with pytest.raises(InputError) as caught:
        read_spans(str(path))
    assert caught.value.file == str(path)
    assert "in the zip, or one given (--typesystem), found typesystem.xml and TYPESYSTEM.XML" in str(caught.value)
