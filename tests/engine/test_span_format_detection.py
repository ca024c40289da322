"""Recognising the annotation tools' files (WebAnno TSV, XMI, brat) without claiming any
other format's: the original tools' conformance files are named as before even with
these sniffers asked first."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.formats import FORMAT_MODULES, detect, format_module
from engine.formats import _first_lines as first_lines
from tests.conftest import CONFORMANCE

READERS = ("webanno_tsv", "uima_xmi", "brat")
DATA = Path(__file__).resolve().parent.parent / "data" / "formats"


@pytest.mark.parametrize(
    ("pattern", "module"),
    [("webanno-tsv/**/*.tsv", "webanno_tsv"), ("**/*.xmi", "uima_xmi"), ("brat/**/*.ann", "brat")],
)
def test_each_tool_file_is_recognised(pattern, module):
    paths = sorted(DATA.glob(pattern))
    assert paths
    for path in paths:
        lines = first_lines(path)
        assert [m for m in READERS if format_module(m).sniff(lines)] == [module], path
        assert detect(path, READERS + FORMAT_MODULES) == format_module(module).TITLE


def test_no_other_file_is_claimed():
    """The .txt of brat pairs and the type systems are no annotation files of their own."""
    others = sorted(DATA.glob("brat/**/*.txt")) + sorted(DATA.glob("**/*.xml"))
    assert others
    for path in others:
        lines = first_lines(path)
        assert not any(format_module(m).sniff(lines) for m in READERS), path


def test_conformance_files_are_named_as_before():
    paths = sorted(p for p in CONFORMANCE.rglob("*") if p.is_file())
    assert len(paths) > 100
    for path in paths:
        lines = first_lines(path)
        assert not any(format_module(m).sniff(lines) for m in READERS), path
        assert detect(path, READERS + FORMAT_MODULES) == detect(path), path
