"""Recognising the annotation tools' files (WebAnno TSV, XMI, brat) without claiming any
other format's: the original tools' conformance files are named as before even with
these sniffers asked first."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from engine.formats import FORMAT_MODULES, detect, format_module
from engine.formats.sniffing import read_head as first_lines
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


def _count_reads(monkeypatch) -> list[Path]:
    """The files whose first lines engine.formats reads, in order (reads counted)."""
    import engine.formats.sniffing as sniffing

    read: list[Path] = []

    def counted(path: Path) -> list[str]:
        read.append(path)
        return first_lines(path)

    monkeypatch.setattr(sniffing, "read_head", counted)
    return read


@pytest.mark.parametrize("method", ["spans", "faireval"])
def test_an_inputs_first_lines_are_read_once_by_each_check(monkeypatch, method):
    from engine.formats import span_format
    from engine.formats.suggest import WrongFormat, check_input
    from engine.methods import get_method

    actions = CONFORMANCE / "propara" / "testfiles-1" / "answers.tsv"  # refused by both, after every sniffer
    read = _count_reads(monkeypatch)
    with contextlib.suppress(WrongFormat):  # FairEval: a file of another method
        check_input(get_method(method), "gold", str(actions))
    assert read == [actions]
    read.clear()
    with pytest.raises(Exception, match="ProPara action file"):
        span_format(str(actions))
    assert read == [actions]


def test_an_original_format_is_read_by_its_reader_alone(tmp_path):
    """Recognising a CD-SCO file as spans imports the CD-SCO span reader, no other original's."""
    import subprocess
    import sys

    gold = CONFORMANCE / "starsem" / "SEM-2012-SharedTask-CD-SCO-test-cardboard-GOLD.txt"
    code = ("import sys; from engine.formats import span_format; print(span_format(sys.argv[1]).NAME); "
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('engine.formats.'))))")  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code, str(gold)], capture_output=True, text=True, check=True)
    name, modules = done.stdout.splitlines()
    assert name == "cdsco"
    readers = {"engine.formats." + m for m in ("faireval_text", "cdsco_spans", "poetry_spans")}
    assert readers & set(modules.split()) == {"engine.formats.cdsco_spans"}
