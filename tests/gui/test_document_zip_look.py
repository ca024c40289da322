"""INCEpTION's export of one document (a zip of its XMI and TypeSystem.xml), which the UIMA
XMI reader reads: the app's format line names the format instead of refusing the file as
'not a text file (a ZIP archive)', and the file is read as a zip whatever its name."""

from __future__ import annotations

import pytest

from engine.methods import get_method
from gui.inputs import probe
from tests.engine.xmi_samples import document_zip

LAYER = "webanno.custom.MyRelationBase"


@pytest.mark.parametrize("name", ["doc.zip", "doc.xmi"])
def test_the_format_line_names_a_document_zip(tmp_path, name):
    found = probe(str(document_zip(tmp_path / name)), get_method("spans").inputs[0])
    assert (found.error, found.format) == (None, "UIMA CAS XMI (INCEpTION)")


def test_a_document_zip_named_xmi_is_read_as_the_zip(cli, tmp_path):
    """Was: doc.xmi:1: expected well-formed UIMA CAS XMI (XML), found no XML element."""
    named_zip, named_xmi = document_zip(tmp_path / "doc.zip"), document_zip(tmp_path / "doc.xmi")
    result = cli("spans", named_xmi, named_zip, "--layer", LAYER)
    assert result.code == 0, result.err
    assert result.out == cli("spans", named_zip, named_zip, "--layer", LAYER).out


def test_the_format_line_names_a_document_zip_of_an_upper_case_xmi(tmp_path):
    """`DOC.XMI`, as Windows tools write it: was 'expected a zip the span readers read'."""
    from engine.formats.reader_options import ReadOptions
    from gui.file_contents import read_contents
    from gui.inputs import look_at
    from tests.engine.test_xmi_zip_upper_case import document_zip as upper_case_zip

    path = upper_case_zip(tmp_path / "doc.zip", "DOC.XMI")
    found = probe(path, get_method("spans").inputs[0])
    assert (found.error, found.format) == (None, "UIMA CAS XMI (INCEpTION)")
    contents = read_contents(path, ReadOptions(), None, look_at(path))
    assert contents.error is None and contents.labels == ["OTH"]
