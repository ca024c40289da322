"""INCEpTION's export of a document (a zip of its XMI and TypeSystem.xml) with its XMI entry
named in upper case (`DOC.XMI`, as Windows tools write it) is recognised and read as the same
zip with `doc.xmi` is, by every span method and the agreement: it was refused as a zip no span
reader reads (the sniffer looked for `.xmi` in lower case; the zip's reader takes either)."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from engine.cli import main
from engine.formats import detect

XMI = Path(__file__).parent.parent / "data" / "formats" / "uima-xmi" / "cassis-smileys"
METHODS = ("spans", "nervaluate", "faireval", "clueval")


def document_zip(path: Path, entry: str) -> str:
    """The cassis sample (NamedEntity spans) as INCEpTION exports a document, its XMI named `entry`."""
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(entry, (XMI / "cas_with_smileys.xmi").read_bytes())
        archive.writestr("TypeSystem.xml", (XMI / "important_dkpro_types.xml").read_bytes())
    return str(path)


def figures(capsys, *args: str) -> dict:
    assert main([*args, "--json", "-"]) == 0, capsys.readouterr().err
    data = json.loads(capsys.readouterr().out)
    return {name: data[name] for name in ("tables", "classification_report", "results") if name in data}


@pytest.fixture
def zips(tmp_path) -> dict[str, str]:
    """upper/a.zip, upper/b.zip (DOC.XMI) and lower/a.zip, lower/b.zip (doc.xmi), by case and name."""
    found = {}
    for case, entry in (("upper", "DOC.XMI"), ("lower", "doc.xmi")):
        (tmp_path / case).mkdir()
        for name in ("a", "b"):
            found[f"{case} {name}"] = document_zip(tmp_path / case / f"{name}.zip", entry)
    return found


def test_recognised(zips):
    assert detect(zips["upper a"]) == detect(zips["lower a"]) == "UIMA CAS XMI (INCEpTION)"


@pytest.mark.parametrize("method", METHODS)
def test_read_by_every_span_method(capsys, zips, method):
    upper = figures(capsys, method, zips["upper a"], zips["lower b"])
    assert upper == figures(capsys, method, zips["lower a"], zips["lower b"])
    assert upper == figures(capsys, method, zips["upper a"], zips["upper b"])


def test_read_by_the_agreement(capsys, zips):
    def agreement(*paths: str) -> dict:
        assert main(["agreement", *paths, "--json", "-"]) == 0, capsys.readouterr().err
        return json.loads(capsys.readouterr().out)["overall"]

    assert agreement(zips["upper a"], zips["upper b"]) == agreement(zips["lower a"], zips["lower b"])


def test_a_type_system_named_in_upper_case_is_read(capsys, tmp_path, zips):
    """TYPESYSTEM.XML beside DOC.XMI (review54 F2): it said `expected a zip holding
    TypeSystem.xml (or a type system given), found none`."""
    path = tmp_path / "shouting.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("DOC.XMI", (XMI / "cas_with_smileys.xmi").read_bytes())
        archive.writestr("TYPESYSTEM.XML", (XMI / "important_dkpro_types.xml").read_bytes())
    assert detect(str(path)) == "UIMA CAS XMI (INCEpTION)"
    assert figures(capsys, "spans", str(path), zips["lower b"]) == figures(capsys, "spans", zips["lower a"], zips["lower b"])
