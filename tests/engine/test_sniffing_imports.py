"""Recognising a file's format imports no format's reader (engine/formats/sniffing.py):
FairEval and CLUEval ask it of every input (issue 23: start-up is part of every run)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.formats import FORMAT_MODULES, SPAN_FORMAT_MODULES, format_module
from engine.formats.sniffing import SNIFFERS

_DETECT_AND_LIST = """
import json, sys
from engine.formats import detected_module
names = [detected_module(path) for path in sys.argv[1:]]
print(json.dumps([names, sorted(m for m in sys.modules if m.startswith("engine.formats."))]))
"""


def _detected(*paths: Path, before: str = "") -> tuple[list[str | None], set[str]]:
    """The modules named for these files in a fresh process, and the engine.formats modules it imported."""
    done = subprocess.run([sys.executable, "-c", before + _DETECT_AND_LIST, *map(str, paths)],
                          capture_output=True, text=True, timeout=120, check=True)  # fmt: skip
    names, modules = json.loads(done.stdout)
    return names, set(modules)


def _inputs(tmp_path: Path) -> list[Path]:
    files = {
        "spans.csv": "PER\t1\t1\t1\nLOC\t4\t5\t4, 5\n\n",
        "chunks.txt": "Anna NE B-NP\nlives VVFIN B-VP\n\n",
        "tokens.conll": "Anna NNP B-NP B-PER\nlives VBZ B-VP O\n\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return [tmp_path / name for name in files]


def test_recognising_conll_and_faireval_files_imports_no_reader(tmp_path):
    names, imported = _detected(*_inputs(tmp_path))
    assert names == ["faireval_spans", "conll2000", "conll"]
    assert imported == {"engine.formats.sniffing"}, sorted(imported)


def test_the_guard_sees_a_reader(tmp_path):
    """The listing would show a reader had recognising imported one: the test above can fail."""
    _, imported = _detected(*_inputs(tmp_path), before="import engine.formats.cdsco\n")
    assert "engine.formats.cdsco" in imported


def test_each_format_recognises_with_its_sniffer():
    """A format module's sniff is the one detection uses without importing it: the same answers."""
    for name in FORMAT_MODULES + SPAN_FORMAT_MODULES:
        assert format_module(name).sniff is SNIFFERS[name], name
